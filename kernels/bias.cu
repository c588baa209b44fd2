// The bias halves of a linear layer (the products are cuBLAS). CPU twin: CpuBackend::matmulForward/Backward.

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

__global__ void biasBackwardKernel(float* dbias, const float* dout, int N, int OC)
{
    const int c = blockIdx.x * 32 + threadIdx.x;
    const bool inside = c < OC;
    const float sum
        = columnSum(N, [&](int r) { return inside ? dout[static_cast<std::size_t>(r) * OC + c] : 0.0f; });
    if (inside && threadIdx.y == 0)
        dbias[c] += sum;
}

} // namespace

void biasForward(cudaStream_t stream, float* out, const float* bias, int N, int OC)
{
    const std::size_t n = static_cast<std::size_t>(N) * OC;
    biasForwardKernel<<<gridFor(n), kThreads, 0, stream>>>(out, bias, OC, n);
    checkLaunch("biasForward");
}

void biasBackward(cudaStream_t stream, float* dbias, const float* dout, int N, int OC)
{
    biasBackwardKernel<<<(OC + 31) / 32, dim3(32, 32), 0, stream>>>(dbias, dout, N, OC);
    checkLaunch("biasBackward");
}

} // namespace rlab::cuda
