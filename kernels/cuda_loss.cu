// CUDA twins of engine/src/cpu_loss.cpp: token + position embedding, softmax cross-entropy and
// the parameter updates (SGD with momentum, AdamW).

#include <cmath>
#include <cub/device/device_radix_sort.cuh>

#include "cuda_check.h"
#include "grid.cuh"
#include "launch.h"

namespace rlab::cuda {
namespace {

__global__ void encoderForwardKernel(
    float* out, const std::int32_t* tokens, const float* wte, const float* wpe, int T, int C, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride()) {
        const std::size_t row = i / C;
        const std::size_t c = i % C;
        const std::size_t t = row % T;
        const float token = wte[static_cast<std::size_t>(tokens[row]) * C + c];
        out[i] = wpe ? token + wpe[t * C + c] : token; // llama: no position table
    }
}

// Bits that hold a position 0..BT-1: the low part of a sort key, under the token.
int positionBits(int BT)
{
    int bits = 0;
    while ((std::int64_t {1} << bits) < BT)
        ++bits;
    return bits;
}

// Key bits the sort looks at: the position, then a token (below 2^31).
int sortedBits(int BT)
{
    return positionBits(BT) + 31;
}

__global__ void tokenKeysKernel(std::uint64_t* keys, const std::int32_t* tokens, int BT, int bits)
{
    for (std::size_t i = globalIndex(); i < static_cast<std::size_t>(BT); i += globalStride())
        keys[i] = (static_cast<std::uint64_t>(tokens[i]) << bits) | i;
}

// Keys sorted by (token, position): the first key of each token's run adds that token's rows
// in position order, as the CPU twin does, so dwte has the CPU's bits and no atomics are needed.
// Blocks along y split the columns.
__global__ void encoderBackwardWteKernel(
    float* dwte, const float* dout, const std::uint64_t* sorted, int BT, int C, int bits)
{
    const int k = blockIdx.x;
    const std::uint64_t token = sorted[k] >> bits;
    if (k > 0 && sorted[k - 1] >> bits == token)
        return;
    const std::uint64_t positionMask = (std::uint64_t {1} << bits) - 1;
    for (int c = blockIdx.y * blockDim.x + threadIdx.x; c < C; c += gridDim.y * blockDim.x) {
        float* dst = dwte + token * C + c;
        float acc = *dst;
        for (int j = k; j < BT && sorted[j] >> bits == token; ++j)
            acc += dout[(sorted[j] & positionMask) * C + c];
        *dst = acc;
    }
}

__global__ void encoderBackwardWpeKernel(float* dwpe, const float* dout, int B, int T, int C)
{
    const std::size_t n = static_cast<std::size_t>(T) * C;
    for (std::size_t i = globalIndex(); i < n; i += globalStride()) {
        float acc = dwpe[i];
        for (int b = 0; b < B; ++b)
            acc += dout[static_cast<std::size_t>(b) * n + i];
        dwpe[i] = acc;
    }
}

// The sort's scratch: keys, the sorted keys, then CUB's own temporary storage.
struct SortSpace {
    std::size_t keyBytes = 0;
    std::size_t tempBytes = 0;
    std::size_t total() const { return 2 * keyBytes + tempBytes; }
};

SortSpace sortSpace(int BT)
{
    SortSpace space;
    space.keyBytes = (sizeof(std::uint64_t) * static_cast<std::size_t>(BT) + 255) / 256 * 256;
    cub::DoubleBuffer<std::uint64_t> keys(nullptr, nullptr);
    RLAB_CUDA_CHECK(cub::DeviceRadixSort::SortKeys(nullptr, space.tempBytes, keys, BT, 0, sortedBits(BT)));
    return space;
}

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

void encoderForward(cudaStream_t stream, float* out, const std::int32_t* tokens, const float* wte,
    const float* wpe, int B, int T, int C)
{
    const std::size_t n = static_cast<std::size_t>(B) * T * C;
    encoderForwardKernel<<<gridFor(n), kThreads, 0, stream>>>(out, tokens, wte, wpe, T, C, n);
    checkLaunch("encoderForward");
}

std::size_t encoderBackwardScratchBytes(int B, int T)
{
    return sortSpace(B * T).total();
}

void encoderBackward(cudaStream_t stream, float* dwte, float* dwpe, const float* dout,
    const std::int32_t* tokens, int B, int T, int C, Scratch scratch)
{
    const int BT = B * T;
    const int bits = positionBits(BT);
    const SortSpace space = sortSpace(BT);
    auto* bytes = static_cast<unsigned char*>(scratch.ptr);
    cub::DoubleBuffer<std::uint64_t> keys(
        reinterpret_cast<std::uint64_t*>(bytes), reinterpret_cast<std::uint64_t*>(bytes + space.keyBytes));
    tokenKeysKernel<<<gridFor(static_cast<std::size_t>(BT)), kThreads, 0, stream>>>(
        keys.Current(), tokens, BT, bits);
    checkLaunch("encoderBackward (keys)");
    std::size_t tempBytes = space.tempBytes;
    RLAB_CUDA_CHECK(cub::DeviceRadixSort::SortKeys(
        bytes + 2 * space.keyBytes, tempBytes, keys, BT, 0, sortedBits(BT), stream));
    const int columnBlocks = (C + kThreads - 1) / kThreads;
    encoderBackwardWteKernel<<<dim3(BT, columnBlocks), kThreads, 0, stream>>>(
        dwte, dout, keys.Current(), BT, C, bits);
    checkLaunch("encoderBackward (wte)");
    if (!dwpe) // llama: no position table
        return;
    encoderBackwardWpeKernel<<<gridFor(static_cast<std::size_t>(T) * C), kThreads, 0, stream>>>(
        dwpe, dout, B, T, C);
    checkLaunch("encoderBackward (wpe)");
}

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
