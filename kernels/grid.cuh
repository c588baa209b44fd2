#pragma once
// Launch shapes and reductions shared by the kernels. Reductions run in a fixed order, so a
// kernel gives the same bits every time (recompute must match `none` exactly).

#include <cstddef>

#include <cuda_runtime.h>

namespace rlab::cuda {

constexpr int kThreads = 256;

// Blocks for a grid-stride loop over n items (capped: the loop covers the rest).
inline unsigned gridFor(std::size_t n, int threads = kThreads)
{
    const std::size_t blocks = (n + threads - 1) / threads;
    return static_cast<unsigned>(blocks < 65536 ? (blocks > 0 ? blocks : 1) : 65536);
}

__device__ __forceinline__ std::size_t globalIndex()
{
    return static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}

__device__ __forceinline__ std::size_t globalStride()
{
    return static_cast<std::size_t>(gridDim.x) * blockDim.x;
}

template<typename Real> __device__ __forceinline__ Real warpSum(Real v)
{
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__device__ __forceinline__ float warpMax(float v)
{
    for (int offset = 16; offset > 0; offset >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
    return v;
}

// Sum over the whole block (blockDim.x a multiple of 32, at most 1024); every thread gets the result.
template<typename Real> __device__ Real blockSum(Real v)
{
    __shared__ Real partial[32];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    v = warpSum(v);
    if (lane == 0)
        partial[warp] = v;
    __syncthreads();
    Real total = 0;
    for (int w = 0; w < static_cast<int>(blockDim.x / 32); ++w)
        total += partial[w];
    __syncthreads(); // partial may be reused by the next call
    return total;
}

__device__ __forceinline__ float blockMax(float v)
{
    __shared__ float partial[32];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    v = warpMax(v);
    if (lane == 0)
        partial[warp] = v;
    __syncthreads();
    float best = partial[0];
    for (int w = 1; w < static_cast<int>(blockDim.x / 32); ++w)
        best = fmaxf(best, partial[w]);
    __syncthreads();
    return best;
}

// Column sums in two stages, so a reduction over many rows uses many blocks yet runs in one
// fixed order: blocks of kColumnBlock columns x one chunk of rows write partial sums, then
// addColumnChunks (launch.h) adds the chunks in order. The chunk count follows from the shape
// and the scratch size alone, so the same shape gives the same bits every run.
constexpr int kColumnBlock = 32;
constexpr int kColumnBlockRows = 8;
constexpr int kRowsPerChunk = 64;
constexpr int kMostChunks = 1024;

struct ColumnChunks {
    int chunks = 1;
    int rowsPerChunk = 1;
};

// `arrays` partial arrays of chunks x columns floats must fit in scratchBytes (one chunk always
// does: widths are at most 65,536, so 512 KiB for two arrays, and the scratch is 8 MiB).
inline ColumnChunks columnChunks(int rows, int columns, std::size_t scratchBytes, int arrays)
{
    const std::size_t perChunk = sizeof(float) * static_cast<std::size_t>(columns) * arrays;
    std::size_t most = perChunk > 0 ? scratchBytes / perChunk : 1;
    most = most < kMostChunks ? most : kMostChunks;
    std::size_t chunks = (static_cast<std::size_t>(rows) + kRowsPerChunk - 1) / kRowsPerChunk;
    chunks = chunks < most ? chunks : most;
    chunks = chunks > 0 ? chunks : 1;
    const int rowsPerChunk = static_cast<int>((static_cast<std::size_t>(rows) + chunks - 1) / chunks);
    return {(rows + rowsPerChunk - 1) / rowsPerChunk, rowsPerChunk};
}

// This block's partial sum over rows [r0, r1) of its thread's column: thread (x, y) walks rows
// r0+y, r0+y+blockDim.y, ...; the blockDim.y partials are then added in order. valueAt(row)
// gives the thread's column value in that row.
template<typename ValueAt> __device__ float columnSum(int r0, int r1, ValueAt valueAt)
{
    __shared__ float partial[kColumnBlockRows][kColumnBlock + 1];
    float s = 0;
    for (int r = r0 + static_cast<int>(threadIdx.y); r < r1; r += blockDim.y)
        s += valueAt(r);
    partial[threadIdx.y][threadIdx.x] = s;
    __syncthreads();
    float total = 0;
    for (int i = 0; i < static_cast<int>(blockDim.y); ++i)
        total += partial[i][threadIdx.x];
    __syncthreads();
    return total;
}

} // namespace rlab::cuda
