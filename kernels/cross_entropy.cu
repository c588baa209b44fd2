// Softmax cross-entropy over the vocabulary, forward and backward.
// CPU twins: CpuBackend::crossEntropyForward/Backward.

#include <cmath>

#include "cuda_check.h"
#include "grid.cuh"
#include "launch.h"

namespace rlab::cuda {
namespace {

// One block per row. The target logit is read before probs is written, so probs may alias logits.
__global__ void crossEntropyForwardKernel(
    float* losses, float* probs, const float* logits, const std::int32_t* targets, int V)
{
    const std::size_t base = static_cast<std::size_t>(blockIdx.x) * V;
    const float targetLogit = logits[base + targets[blockIdx.x]];
    float maxLogit = -INFINITY;
    for (int c = threadIdx.x; c < V; c += blockDim.x)
        maxLogit = fmaxf(maxLogit, logits[base + c]);
    maxLogit = blockMax(maxLogit);
    float sum = 0;
    for (int c = threadIdx.x; c < V; c += blockDim.x)
        sum += expf(logits[base + c] - maxLogit);
    sum = blockSum(sum);
    const float inv = 1.0f / sum;
    for (int c = threadIdx.x; c < V; c += blockDim.x)
        probs[base + c] = expf(logits[base + c] - maxLogit) * inv;
    if (threadIdx.x == 0)
        losses[blockIdx.x] = logf(sum) - (targetLogit - maxLogit);
}

__global__ void crossEntropyBackwardKernel(
    float* dlogits, const float* probs, const std::int32_t* targets, float dloss, int V, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride()) {
        const bool isTarget = static_cast<std::size_t>(targets[i / V]) == i % V;
        dlogits[i] = (probs[i] - (isTarget ? 1.0f : 0.0f)) * dloss;
    }
}

} // namespace

void crossEntropyForward(cudaStream_t stream, float* losses, float* probs, const float* logits,
    const std::int32_t* targets, int N, int V)
{
    crossEntropyForwardKernel<<<N, kThreads, 0, stream>>>(losses, probs, logits, targets, V);
    checkLaunch("crossEntropyForward");
}

void crossEntropyBackward(cudaStream_t stream, float* dlogits, const float* probs,
    const std::int32_t* targets, float dloss, int N, int V)
{
    const std::size_t n = static_cast<std::size_t>(N) * V;
    crossEntropyBackwardKernel<<<gridFor(n), kThreads, 0, stream>>>(dlogits, probs, targets, dloss, V, n);
    checkLaunch("crossEntropyBackward");
}

} // namespace rlab::cuda
