#pragma once
// The op-level interface every device implements: the CPU backend (engine/src, Eigen) and the
// CUDA backend (kernels/). The model and the recomputation policies are written once, on top
// of this. All tensors are row-major float32 in the backend's own memory unless stated;
// "+=" marks outputs that accumulate (gradients), the rest are overwritten.
// Shapes: B batch, T sequence, C width, H heads, V vocab, N = B*T rows, OC output columns.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "rlab/config.h"
#include "rlab/devices.h"
#include "rlab/errors.h"
#include "rlab/memory.h"
#include "rlab/philox.h"

namespace rlab {

// Measures device time between start() and stopMs(): wall clock on the CPU, CUDA events on the GPU.
class StepTimer {
public:
    virtual ~StepTimer() = default;
    virtual void start() = 0;
    virtual double stopMs() = 0;
};

class Backend {
public:
    virtual ~Backend() = default;

    virtual Device device() const = 0;
    virtual std::string name() const = 0; // "cpu (Eigen, 2 threads)", "NVIDIA H200"
    virtual TrackingAllocator& allocator() = 0; // device memory, all categories but HostOffloaded
    virtual TrackingAllocator& hostAllocator() = 0; // the offload pool (pinned memory on CUDA)
    virtual std::unique_ptr<StepTimer> makeTimer() = 0;
    virtual void synchronize() = 0;
    // Device memory as the device itself sees it (cudaMemGetInfo); zeros on the CPU.
    virtual void deviceMemory(std::uint64_t* freeBytes, std::uint64_t* totalBytes) = 0;

    // Copies. The *Async ones may overlap compute (a side stream on CUDA); waitTransfers() joins.
    virtual void copyToDevice(void* dst, const void* hostSrc, std::size_t bytes) = 0;
    virtual void copyToHost(void* hostDst, const void* src, std::size_t bytes) = 0;
    virtual void copyOnDevice(void* dst, const void* src, std::size_t bytes) = 0;
    virtual void offloadAsync(void* hostDst, const void* src, std::size_t bytes) = 0;
    virtual void prefetchAsync(void* dst, const void* hostSrc, std::size_t bytes) = 0;
    virtual void waitTransfers() = 0;
    // Milliseconds the async copies took since the last call, timed on the device; 0 where copies
    // are synchronous (the CPU), whose time the caller measures on the host clock instead.
    virtual double takeTransferMs() { return 0; }
    virtual void fill(float* out, float value, std::size_t n) = 0;

    // Profiler ranges around each phase (op null) and each op of a step: NVTX on CUDA, seen in
    // Nsight Systems; nothing on the CPU. Popped in the reverse order of pushing.
    virtual void pushRange(Phase /*phase*/, int /*block*/, const char* /*op*/) { }
    virtual void popRange() { }

    // out(B,T,C) = wte[tokens] + wpe[0..T); wpe null (llama: no position table): wte[tokens]
    virtual void encoderForward(
        float* out, const std::int32_t* tokens, const float* wte, const float* wpe, int B, int T, int C)
        = 0;
    // dwte += scatter(dout), dwpe += sum over batch (dwpe null: none, as in encoderForward)
    virtual void encoderBackward(
        float* dwte, float* dwpe, const float* dout, const std::int32_t* tokens, int B, int T, int C)
        = 0;

    // out(N,C) = (inp - mean) * rstd * weight + bias, eps 1e-5; mean, rstd (N) saved for backward
    virtual void layernormForward(float* out, float* mean, float* rstd, const float* inp, const float* weight,
        const float* bias, int N, int C)
        = 0;
    // dinp += ..., dweight += ..., dbias += ...
    virtual void layernormBackward(float* dinp, float* dweight, float* dbias, const float* dout,
        const float* inp, const float* weight, const float* mean, const float* rstd, int N, int C)
        = 0;

    // out(N,OC) = inp(N,C) @ weight(OC,C)^T + bias(OC); bias may be null
    virtual void matmulForward(
        float* out, const float* inp, const float* weight, const float* bias, int N, int C, int OC)
        = 0;
    // dinp(N,C) = dout @ weight (overwritten); dweight(OC,C) += dout^T @ inp; dbias(OC) += column sums (may
    // be null)
    virtual void matmulBackward(float* dinp, float* dweight, float* dbias, const float* dout,
        const float* inp, const float* weight, int N, int C, int OC)
        = 0;

    // att(B,H,T,T) = causal softmax(q k^T / sqrt(C/H)), q and k read from qkv(B,T,3C); masked entries 0
    virtual void attentionSoftmaxForward(float* att, const float* qkv, int B, int T, int C, int H) = 0;
    // dqkv's q and k parts (overwritten) from datt and the saved att; dqkv's v part untouched.
    // datt is consumed: a backend may overwrite it with the score gradients, so none needs
    // scratch of its own (CUDA does; the CPU uses per-thread rows).
    virtual void attentionSoftmaxBackward(
        float* dqkv, float* datt, const float* att, const float* qkv, int B, int T, int C, int H)
        = 0;
    // out(B,T,C) = heads merged of att(B,H,T,T) @ v, v read from qkv
    virtual void attentionValuesForward(
        float* out, const float* att, const float* qkv, int B, int T, int C, int H)
        = 0;
    // datt(B,H,T,T) = dout_h @ v^T on and below the diagonal (overwritten; entries above it are
    // unspecified, as nothing reads them); dqkv's v part = att^T @ dout_h (overwritten)
    virtual void attentionValuesBackward(float* datt, float* dqkv, const float* dout, const float* att,
        const float* qkv, int B, int T, int C, int H)
        = 0;

    // out = gelu_tanh(inp)
    virtual void geluForward(float* out, const float* inp, std::size_t n) = 0;
    // dinp = gelu'(inp) * dout (overwritten; may alias dout)
    virtual void geluBackward(float* dinp, const float* inp, const float* dout, std::size_t n) = 0;
    // matmulBackward whose dinp goes on through GELU's backward: dinp = gelu'(geluInput) * (dout @ weight),
    // geluInput(N,C) being the GELU's input (fc1's output). The CPU applies GELU's backward to each
    // thread's rows while the product has just left them in cache; the default runs the two ops.
    virtual void matmulGeluBackward(float* dinp, float* dweight, float* dbias, const float* dout,
        const float* inp, const float* weight, const float* geluInput, int N, int C, int OC)
    {
        matmulBackward(dinp, dweight, dbias, dout, inp, weight, N, C, OC);
        geluBackward(dinp, geluInput, dinp, static_cast<std::size_t>(N) * static_cast<std::size_t>(C));
    }

    // out = a + b (out may alias a)
    virtual void residualForward(float* out, const float* a, const float* b, std::size_t n) = 0;

    // out = inp * keep / (1 - p), keep from Philox (philox.h); out may alias inp. p == 0 copies.
    virtual void dropoutForward(float* out, const float* inp, std::size_t n, const DropoutSite& site) = 0;
    // out = residual + dropout(x): a block's residual connection after its projection. x is
    // scratch (it may be overwritten); out may alias residual. The CPU does it in one pass; the
    // default runs the two ops above.
    virtual void dropoutResidualForward(
        float* out, const float* residual, float* x, std::size_t n, const DropoutSite& site)
    {
        dropoutForward(x, x, n, site);
        residualForward(out, residual, x, n);
    }
    // dinp = dout * keep / (1 - p) (overwritten); dinp may alias dout
    virtual void dropoutBackward(float* dinp, const float* dout, std::size_t n, const DropoutSite& site) = 0;

    // probs(N,V) = softmax(logits); losses(N) = -log probs[target]
    virtual void crossEntropyForward(
        float* losses, float* probs, const float* logits, const std::int32_t* targets, int N, int V)
        = 0;
    // dlogits(N,V) = (probs - onehot(target)) * dloss (overwritten; may alias probs)
    virtual void crossEntropyBackward(
        float* dlogits, const float* probs, const std::int32_t* targets, float dloss, int N, int V)
        = 0;
    // mean of losses, on the host
    virtual float meanLoss(const float* losses, int N) = 0;

    // SGD with momentum: m = mu*m + g + wd*p; p -= lr*m
    virtual void sgdUpdate(float* params, const float* grads, float* momentum, std::size_t n, float lr,
        float mu, float weightDecay)
        = 0;
    // AdamW (decoupled weight decay), t counts from 1
    virtual void adamwUpdate(float* params, const float* grads, float* m, float* v, std::size_t n, float lr,
        float beta1, float beta2, float eps, float weightDecay, int t)
        = 0;

    // Saved-activation storage precision: bf16 round-to-nearest-even and back.
    virtual void toBf16(std::uint16_t* out, const float* inp, std::size_t n) = 0;
    virtual void fromBf16(float* out, const std::uint16_t* inp, std::size_t n) = 0;

    // sum |x| in double (gradient checksum)
    virtual double absSum(const float* x, std::size_t n) = 0;

    // ---- llama's ops (docs/llama.md). The CPU and CUDA backends have them all; a backend without
    // them keeps these defaults, which throw RunError. G key/value heads, dh = C/H; qkv(B,T,C+2*G*dh) holds
    // per row q (H heads), then k and v (G heads each), and query head h reads key/value head h / (H/G).

    // out(N,C) = inp * rsqrt(mean(inp^2) + 1e-5) * weight; rstd (N) saved for backward
    virtual void rmsnormForward(
        float* /*out*/, float* /*rstd*/, const float* /*inp*/, const float* /*weight*/, int /*N*/, int /*C*/)
    {
        missingOp("RMSNorm");
    }
    // dinp += ..., dweight += ...
    virtual void rmsnormBackward(float* /*dinp*/, float* /*dweight*/, const float* /*dout*/,
        const float* /*inp*/, const float* /*weight*/, const float* /*rstd*/, int /*N*/, int /*C*/)
    {
        missingOp("RMSNorm");
    }
    // Rotary positions on qkv's q and k parts, in place: in each head, dims i and i + dh/2 rotate by
    // the angle t * 10000^(-i / (dh/2)) (half-split pairs, as the contract's rope(), docs/llama.md).
    virtual void ropeForward(float* /*qkv*/, int /*B*/, int /*T*/, int /*C*/, int /*H*/, int /*G*/)
    {
        missingOp("rotary");
    }
    // The gradient through it: the inverse rotation on dqkv's q and k parts, in place.
    virtual void ropeBackward(float* /*dqkv*/, int /*B*/, int /*T*/, int /*C*/, int /*H*/, int /*G*/)
    {
        missingOp("rotary");
    }
    // out = silu(gate) * up
    virtual void swigluForward(float* /*out*/, const float* /*gate*/, const float* /*up*/, std::size_t /*n*/)
    {
        missingOp("SwiGLU");
    }
    // dgate = dout * up * silu'(gate), dup = dout * silu(gate) (overwritten; dup may alias dout)
    virtual void swigluBackward(float* /*dgate*/, float* /*dup*/, const float* /*dout*/,
        const float* /*gate*/, const float* /*up*/, std::size_t /*n*/)
    {
        missingOp("SwiGLU");
    }
    // The four attention ops above on grouped-query qkv; dk and dv sum over their group's query
    // heads (overwritten). With G == H they compute what the ops above compute on a (B,T,3C) qkv.
    virtual void gqaSoftmaxForward(
        float* /*att*/, const float* /*qkv*/, int /*B*/, int /*T*/, int /*C*/, int /*H*/, int /*G*/)
    {
        missingOp("grouped-query attention");
    }
    virtual void gqaSoftmaxBackward(float* /*dqkv*/, float* /*datt*/, const float* /*att*/,
        const float* /*qkv*/, int /*B*/, int /*T*/, int /*C*/, int /*H*/, int /*G*/)
    {
        missingOp("grouped-query attention");
    }
    virtual void gqaValuesForward(float* /*out*/, const float* /*att*/, const float* /*qkv*/, int /*B*/,
        int /*T*/, int /*C*/, int /*H*/, int /*G*/)
    {
        missingOp("grouped-query attention");
    }
    virtual void gqaValuesBackward(float* /*datt*/, float* /*dqkv*/, const float* /*dout*/,
        const float* /*att*/, const float* /*qkv*/, int /*B*/, int /*T*/, int /*C*/, int /*H*/, int /*G*/)
    {
        missingOp("grouped-query attention");
    }
    // Fused causal attention (--attention fused, docs/fused-attention.md), on qkv with G key/value
    // heads (G == H: GPT-2's (B,T,3C)): out(B,T,C) = heads merged of dropout(softmax(q k^T /
    // sqrt(C/H))) v, and lse(B,H,T) each row's logsumexp, with no (B,H,T,T) tensor; the dropout
    // mask is site's, element (b,h,t,s) at b*H*T*T + h*T*T + t*T + s as dropoutForward's on the
    // probabilities (p = 0: none).
    virtual void flashAttentionForward(float* /*out*/, float* /*lse*/, const float* /*qkv*/, int /*B*/,
        int /*T*/, int /*C*/, int /*H*/, int /*G*/, const DropoutSite& /*site*/)
    {
        missingFused();
    }
    // dqkv, all of it (overwritten), from dout and the saved out and lse: each tile's probabilities
    // and dropout mask rebuilt inside the kernel.
    virtual void flashAttentionBackward(float* /*dqkv*/, const float* /*dout*/, const float* /*out*/,
        const float* /*lse*/, const float* /*qkv*/, int /*B*/, int /*T*/, int /*C*/, int /*H*/, int /*G*/,
        const DropoutSite& /*site*/)
    {
        missingFused();
    }

private:
    [[noreturn]] void missingFused() const
    {
        throw RunError("The " + name()
            + " backend has no fused attention kernel; run --attention fused with "
              "--device cpu.");
    }
    [[noreturn]] void missingOp(const char* op) const
    {
        throw RunError("The " + name() + " backend has no " + op
            + " kernel, so it cannot run --arch llama; run it with --device cpu.");
    }
};

// Device memory the CUDA backend holds for its whole life, from its tracking allocator as
// temporaries: cuBLAS's workspace (32 MiB, NVIDIA's recommendation for Hopper; enough for
// older GPUs) and the kernels' scratch (sort keys, partial column sums). The predictor adds it.
constexpr std::uint64_t kCublasWorkspaceBytes = std::uint64_t {32} << 20;
constexpr std::uint64_t kKernelScratchBytes = std::uint64_t {8} << 20;
constexpr std::uint64_t kCudaWorkspaceBytes = kCublasWorkspaceBytes + kKernelScratchBytes;

// The widest head the CUDA fused attention kernels take (32 lanes of a warp, 8 floats each), and
// the sentence that refuses a wider one (empty for a head that fits): run() says it before any
// allocation, the CUDA backend's fused ops to a direct caller.
constexpr int kCudaFusedMostHeadSize = 256;
inline std::string cudaFusedHeadProblem(int width, int heads)
{
    const int head = width / heads;
    if (head <= kCudaFusedMostHeadSize)
        return {};
    return "The CUDA fused attention kernel takes heads of at most " + std::to_string(kCudaFusedMostHeadSize)
        + " floats (these have " + std::to_string(head) + "); use more heads or --attention plain.";
}

// The CPU backend (always available). threads == 0: all cores.
std::unique_ptr<Backend> makeCpuBackend(int threads);
// The CUDA backend; throws RunError with the reason when no usable device (or built without CUDA).
std::unique_ptr<Backend> makeCudaBackend();
// What CUDA device is there, or why none is usable (no device, driver older than the runtime,
// built without CUDA). Cheap; never throws. Implemented in kernels/ (engine/src has the no-CUDA twin).
DeviceInfo probeCuda();

} // namespace rlab
