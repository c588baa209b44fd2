// Parameter updates: SGD with momentum and AdamW. CPU twins: CpuBackend::sgdUpdate/adamwUpdate.

#include "cuda_check.h"
#include "grid.cuh"
#include "launch.h"

namespace rlab::cuda {
namespace {

__global__ void sgdUpdateKernel(
    float* params, const float* grads, float* momentum, std::size_t n, float lr, float mu, float weightDecay)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride()) {
        const float m = mu * momentum[i] + grads[i] + weightDecay * params[i];
        momentum[i] = m;
        params[i] -= lr * m;
    }
}

__global__ void adamwUpdateKernel(float* params, const float* grads, float* m, float* v, std::size_t n,
    float lr, float beta1, float beta2, float eps, float weightDecay, float correction1, float correction2)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride()) {
        const float g = grads[i];
        const float mi = beta1 * m[i] + (1.0f - beta1) * g;
        const float vi = beta2 * v[i] + (1.0f - beta2) * g * g;
        m[i] = mi;
        v[i] = vi;
        const float decayed = params[i] * (1.0f - lr * weightDecay); // decoupled decay first, as the CPU twin
        params[i] = decayed - lr * (mi / correction1) / (sqrtf(vi / correction2) + eps);
    }
}

} // namespace

void sgdUpdate(cudaStream_t stream, float* params, const float* grads, float* momentum, std::size_t n,
    float lr, float mu, float weightDecay)
{
    sgdUpdateKernel<<<gridFor(n), kThreads, 0, stream>>>(params, grads, momentum, n, lr, mu, weightDecay);
    checkLaunch("sgdUpdate");
}

void adamwUpdate(cudaStream_t stream, float* params, const float* grads, float* m, float* v, std::size_t n,
    float lr, float beta1, float beta2, float eps, float weightDecay, float correction1, float correction2)
{
    adamwUpdateKernel<<<gridFor(n), kThreads, 0, stream>>>(
        params, grads, m, v, n, lr, beta1, beta2, eps, weightDecay, correction1, correction2);
    checkLaunch("adamwUpdate");
}

} // namespace rlab::cuda
