// Token + position embedding, forward and backward. CPU twins: CpuBackend::encoderForward/Backward.

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
        out[i] = wte[static_cast<std::size_t>(tokens[row]) * C + c] + wpe[t * C + c];
    }
}

// One block per position; only a token's first position adds, walking every later position
// in order, so each dwte row is summed in sequence order with no atomics (deterministic).
__global__ void encoderBackwardWteKernel(
    float* dwte, const float* dout, const std::int32_t* tokens, int BT, int C)
{
    __shared__ int seenBefore;
    const int i = blockIdx.x;
    const int token = tokens[i];
    if (threadIdx.x == 0)
        seenBefore = 0;
    __syncthreads();
    for (int j = threadIdx.x; j < i; j += blockDim.x) {
        if (tokens[j] == token)
            seenBefore = 1;
    }
    __syncthreads();
    if (seenBefore)
        return;
    for (int c = threadIdx.x; c < C; c += blockDim.x) {
        float* dst = dwte + static_cast<std::size_t>(token) * C + c;
        float acc = *dst;
        for (int j = i; j < BT; ++j) {
            if (tokens[j] == token)
                acc += dout[static_cast<std::size_t>(j) * C + c];
        }
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

} // namespace

void encoderForward(cudaStream_t stream, float* out, const std::int32_t* tokens, const float* wte,
    const float* wpe, int B, int T, int C)
{
    const std::size_t n = static_cast<std::size_t>(B) * T * C;
    encoderForwardKernel<<<gridFor(n), kThreads, 0, stream>>>(out, tokens, wte, wpe, T, C, n);
    checkLaunch("encoderForward");
}

void encoderBackward(cudaStream_t stream, float* dwte, float* dwpe, const float* dout,
    const std::int32_t* tokens, int B, int T, int C)
{
    encoderBackwardWteKernel<<<B * T, kThreads, 0, stream>>>(dwte, dout, tokens, B * T, C);
    checkLaunch("encoderBackward (wte)");
    encoderBackwardWpeKernel<<<gridFor(static_cast<std::size_t>(T) * C), kThreads, 0, stream>>>(
        dwpe, dout, B, T, C);
    checkLaunch("encoderBackward (wpe)");
}

} // namespace rlab::cuda
