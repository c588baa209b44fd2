#pragma once
// Host-side launchers of the CUDA kernels, one per op, named like the CPU backend's twins
// (engine/src/cpu_<file>.cpp <-> kernels/cuda_<file>.cu). All are asynchronous on `stream`;
// shapes as in rlab/backend.h.

#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include "rlab/philox.h"

namespace rlab::cuda {

// Device scratch a launcher may use until its work on the stream is done: the backend's kernel
// scratch (rlab::kKernelScratchBytes), or a larger temporary where a launcher says it needs one.
struct Scratch {
    void* ptr = nullptr;
    std::size_t bytes = 0;
};

void fill(cudaStream_t stream, float* out, float value, std::size_t n);

void encoderForward(cudaStream_t stream, float* out, const std::int32_t* tokens, const float* wte,
    const float* wpe, int B, int T, int C);
// Sorts (token, position) keys so each token's rows are added in position order (as the CPU).
std::size_t encoderBackwardScratchBytes(int B, int T);
void encoderBackward(cudaStream_t stream, float* dwte, float* dwpe, const float* dout,
    const std::int32_t* tokens, int B, int T, int C, Scratch scratch);

void layernormForward(cudaStream_t stream, float* out, float* mean, float* rstd, const float* inp,
    const float* weight, const float* bias, int N, int C);
void layernormBackward(cudaStream_t stream, float* dinp, float* dweight, float* dbias, const float* dout,
    const float* inp, const float* weight, const float* mean, const float* rstd, int N, int C,
    Scratch scratch);

// The bias halves of matmulForward/matmulBackward (the products themselves are cuBLAS calls).
void biasForward(cudaStream_t stream, float* out, const float* bias, int N, int OC);
void biasBackward(cudaStream_t stream, float* dbias, const float* dout, int N, int OC, Scratch scratch);
// dst[c] += sum over k in order of partial[k * columns + c] (grid.cuh's column chunks).
void addColumnChunks(cudaStream_t stream, float* dst, const float* partial, int chunks, int columns);

// In place on pre-scaled scores: rows of length T, row i of each (b, h) matrix sees keys 0..i.
void attentionSoftmaxForward(cudaStream_t stream, float* att, int BH, int T);
// dscores = att * (datt - sum(att * datt)) * scale, zero above the diagonal; dscores may be datt.
void attentionSoftmaxBackward(
    cudaStream_t stream, float* dscores, const float* datt, const float* att, int BH, int T, float scale);

void geluForward(cudaStream_t stream, float* out, const float* inp, std::size_t n);
void geluBackward(cudaStream_t stream, float* dinp, const float* inp, const float* dout, std::size_t n);
void residualForward(cudaStream_t stream, float* out, const float* a, const float* b, std::size_t n);
// dropoutBackward is the same mask applied to dout.
void dropoutForward(
    cudaStream_t stream, float* out, const float* inp, std::size_t n, const DropoutSite& site);

void crossEntropyForward(cudaStream_t stream, float* losses, float* probs, const float* logits,
    const std::int32_t* targets, int N, int V);
void crossEntropyBackward(cudaStream_t stream, float* dlogits, const float* probs,
    const std::int32_t* targets, float dloss, int N, int V);

// llama's ops (cuda_llama.cu): RMSNorm, rotary positions, SwiGLU, shapes as in rlab/backend.h.
void rmsnormForward(
    cudaStream_t stream, float* out, float* rstd, const float* inp, const float* weight, int N, int C);
void rmsnormBackward(cudaStream_t stream, float* dinp, float* dweight, const float* dout, const float* inp,
    const float* weight, const float* rstd, int N, int C, Scratch scratch);
void ropeForward(cudaStream_t stream, float* qkv, int B, int T, int C, int H, int G);
void ropeBackward(cudaStream_t stream, float* dqkv, int B, int T, int C, int H, int G);
void swigluForward(cudaStream_t stream, float* out, const float* gate, const float* up, std::size_t n);
void swigluBackward(cudaStream_t stream, float* dgate, float* dup, const float* dout, const float* gate,
    const float* up, std::size_t n);

// Fused causal attention (cuda_flash.cu), on qkv with G key/value heads; heads of at most
// rlab::kCudaFusedMostHeadSize floats. The backward overwrites all of dqkv and needs no scratch.
void flashAttentionForward(cudaStream_t stream, float* out, float* lse, const float* qkv, int B, int T, int C,
    int H, int G, const DropoutSite& site);
void flashAttentionBackward(cudaStream_t stream, float* dqkv, const float* dout, const float* out,
    const float* lse, const float* qkv, int B, int T, int C, int H, int G, const DropoutSite& site);

void sgdUpdate(cudaStream_t stream, float* params, const float* grads, float* momentum, std::size_t n,
    float lr, float mu, float weightDecay);
// correction1 = 1 - beta1^t, correction2 = 1 - beta2^t, computed once on the host.
void adamwUpdate(cudaStream_t stream, float* params, const float* grads, float* m, float* v, std::size_t n,
    float lr, float beta1, float beta2, float eps, float weightDecay, float correction1, float correction2);

void toBf16(cudaStream_t stream, std::uint16_t* out, const float* inp, std::size_t n);
void fromBf16(cudaStream_t stream, float* out, const std::uint16_t* inp, std::size_t n);

// Writes absSumBlocks(n) partial sums of |x|, each in double; the host adds them in order.
int absSumBlocks(std::size_t n);
void absSum(cudaStream_t stream, double* partials, const float* x, std::size_t n);

} // namespace rlab::cuda
