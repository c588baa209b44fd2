// CUDA twin of engine/src/cpu_matmul.cpp, kernel half: the bias of a linear layer (the
// products are cuBLAS calls, in cuda_matmul.cpp), and the in-order sum of column chunks that
// the bias and LayerNorm parameter gradients share.

#include "cuda_check.h"
#include "grid.cuh"
#include "launch.h"

namespace rlab::cuda {
namespace {

__global__ void biasForwardKernel(float* out, const float* bias, int OC, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride())
        out[i] += bias[i % OC];
}

__global__ void biasPartialKernel(float* partial, const float* dout, int N, int OC, int rowsPerChunk)
{
    const int c = blockIdx.x * kColumnBlock + threadIdx.x;
    const int r0 = blockIdx.y * rowsPerChunk;
    const int r1 = min(N, r0 + rowsPerChunk);
    const bool inside = c < OC;
    const float sum = columnSum(
        r0, r1, [&](int r) { return inside ? dout[static_cast<std::size_t>(r) * OC + c] : 0.0f; });
    if (inside && threadIdx.y == 0)
        partial[static_cast<std::size_t>(blockIdx.y) * OC + c] = sum;
}

__global__ void addColumnChunksKernel(float* dst, const float* partial, int chunks, int columns)
{
    for (std::size_t c = globalIndex(); c < static_cast<std::size_t>(columns); c += globalStride()) {
        float sum = 0;
        for (int k = 0; k < chunks; ++k)
            sum += partial[static_cast<std::size_t>(k) * columns + c];
        dst[c] += sum;
    }
}

} // namespace

void biasForward(cudaStream_t stream, float* out, const float* bias, int N, int OC)
{
    const std::size_t n = static_cast<std::size_t>(N) * OC;
    biasForwardKernel<<<gridFor(n), kThreads, 0, stream>>>(out, bias, OC, n);
    checkLaunch("biasForward");
}

void biasBackward(cudaStream_t stream, float* dbias, const float* dout, int N, int OC, Scratch scratch)
{
    const ColumnChunks split = columnChunks(N, OC, scratch.bytes, 1);
    float* partial = static_cast<float*>(scratch.ptr);
    const dim3 grid((OC + kColumnBlock - 1) / kColumnBlock, split.chunks);
    biasPartialKernel<<<grid, dim3(kColumnBlock, kColumnBlockRows), 0, stream>>>(
        partial, dout, N, OC, split.rowsPerChunk);
    checkLaunch("biasBackward");
    addColumnChunks(stream, dbias, partial, split.chunks, OC);
}

void addColumnChunks(cudaStream_t stream, float* dst, const float* partial, int chunks, int columns)
{
    addColumnChunksKernel<<<gridFor(static_cast<std::size_t>(columns)), kThreads, 0, stream>>>(
        dst, partial, chunks, columns);
    checkLaunch("addColumnChunks");
}

} // namespace rlab::cuda
