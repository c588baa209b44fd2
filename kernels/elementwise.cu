// Residual add and fill. CPU twins: CpuBackend::residualForward and CpuBackend::fill.

#include "cuda_check.h"
#include "grid.cuh"
#include "launch.h"

namespace rlab::cuda {
namespace {

__global__ void fillKernel(float* out, float value, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride())
        out[i] = value;
}

__global__ void residualForwardKernel(float* out, const float* a, const float* b, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride())
        out[i] = a[i] + b[i];
}

} // namespace

void fill(cudaStream_t stream, float* out, float value, std::size_t n)
{
    fillKernel<<<gridFor(n), kThreads, 0, stream>>>(out, value, n);
    checkLaunch("fill");
}

void residualForward(cudaStream_t stream, float* out, const float* a, const float* b, std::size_t n)
{
    residualForwardKernel<<<gridFor(n), kThreads, 0, stream>>>(out, a, b, n);
    checkLaunch("residualForward");
}

} // namespace rlab::cuda
