// GELU, tanh approximation, forward and backward. CPU twins: CpuBackend::geluForward/Backward.

#include "cuda_check.h"
#include "grid.cuh"
#include "launch.h"

namespace rlab::cuda {
namespace {

constexpr float kSqrt2OverPi = 0.7978845608028654f;
constexpr float kCubic = 0.044715f;

__global__ void geluForwardKernel(float* out, const float* inp, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride()) {
        const float x = inp[i];
        out[i] = 0.5f * x * (1.0f + tanhf(kSqrt2OverPi * (x + kCubic * x * x * x)));
    }
}

__global__ void geluBackwardKernel(float* dinp, const float* inp, const float* dout, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride()) {
        const float x = inp[i];
        const float th = tanhf(kSqrt2OverPi * (x + kCubic * x * x * x));
        const float dth = (1.0f - th * th) * kSqrt2OverPi * (1.0f + 3.0f * kCubic * x * x);
        dinp[i] = (0.5f * (1.0f + th) + 0.5f * x * dth) * dout[i];
    }
}

} // namespace

void geluForward(cudaStream_t stream, float* out, const float* inp, std::size_t n)
{
    geluForwardKernel<<<gridFor(n), kThreads, 0, stream>>>(out, inp, n);
    checkLaunch("geluForward");
}

void geluBackward(cudaStream_t stream, float* dinp, const float* inp, const float* dout, std::size_t n)
{
    geluBackwardKernel<<<gridFor(n), kThreads, 0, stream>>>(dinp, inp, dout, n);
    checkLaunch("geluBackward");
}

} // namespace rlab::cuda
