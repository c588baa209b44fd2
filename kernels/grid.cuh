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

// Column sums with 32x32 blocks: thread (x, y) walks rows y, y+32, ...; row 0 of the block adds
// the 32 partials in order. valueAt(row) gives this thread's column value in that row.
template<typename ValueAt> __device__ float columnSum(int rows, ValueAt valueAt)
{
    __shared__ float partial[32][33];
    float s = 0;
    for (int r = threadIdx.y; r < rows; r += blockDim.y)
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
