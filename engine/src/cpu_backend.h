#pragma once
// The CPU backend: every Backend op on Eigen and the engine's own threads (thread_pool.h). Each op
// has the same name as its CUDA kernel in kernels/, so the two can be read side by side.

#include "cpu_allocator.h"
#include "cpu_isa.h"
#include "rlab/backend.h"

namespace rlab {
inline namespace RLAB_CPU_ISA {

class CpuBackend : public Backend {
public:
    explicit CpuBackend(int threads);

    Device device() const override { return Device::Cpu; }
    std::string name() const override;
    TrackingAllocator& allocator() override { return m_allocator; }
    TrackingAllocator& hostAllocator() override { return m_hostAllocator; }
    std::unique_ptr<StepTimer> makeTimer() override;
    void synchronize() override { }
    void deviceMemory(std::uint64_t* freeBytes, std::uint64_t* totalBytes) override;
    int threads() const { return m_threads; }

    void copyToDevice(void* dst, const void* hostSrc, std::size_t bytes) override;
    void copyToHost(void* hostDst, const void* src, std::size_t bytes) override;
    void copyOnDevice(void* dst, const void* src, std::size_t bytes) override;
    void offloadAsync(void* hostDst, const void* src, std::size_t bytes) override;
    void prefetchAsync(void* dst, const void* hostSrc, std::size_t bytes) override;
    void waitTransfers() override { }
    void fill(float* out, float value, std::size_t n) override;

    void encoderForward(float* out, const std::int32_t* tokens, const float* wte, const float* wpe, int B,
        int T, int C) override;
    void encoderBackward(float* dwte, float* dwpe, const float* dout, const std::int32_t* tokens, int B,
        int T, int C) override;
    void layernormForward(float* out, float* mean, float* rstd, const float* inp, const float* weight,
        const float* bias, int N, int C) override;
    void layernormBackward(float* dinp, float* dweight, float* dbias, const float* dout, const float* inp,
        const float* weight, const float* mean, const float* rstd, int N, int C) override;
    void matmulForward(
        float* out, const float* inp, const float* weight, const float* bias, int N, int C, int OC) override;
    void matmulBackward(float* dinp, float* dweight, float* dbias, const float* dout, const float* inp,
        const float* weight, int N, int C, int OC) override;
    void attentionSoftmaxForward(float* att, const float* qkv, int B, int T, int C, int H) override;
    void attentionSoftmaxBackward(
        float* dqkv, float* datt, const float* att, const float* qkv, int B, int T, int C, int H) override;
    void attentionValuesForward(
        float* out, const float* att, const float* qkv, int B, int T, int C, int H) override;
    void attentionValuesBackward(float* datt, float* dqkv, const float* dout, const float* att,
        const float* qkv, int B, int T, int C, int H) override;
    void geluForward(float* out, const float* inp, std::size_t n) override;
    void geluBackward(float* dinp, const float* inp, const float* dout, std::size_t n) override;
    void matmulGeluBackward(float* dinp, float* dweight, float* dbias, const float* dout, const float* inp,
        const float* weight, const float* geluInput, int N, int C, int OC) override;
    void residualForward(float* out, const float* a, const float* b, std::size_t n) override;
    void dropoutForward(float* out, const float* inp, std::size_t n, const DropoutSite& site) override;
    void dropoutBackward(float* dinp, const float* dout, std::size_t n, const DropoutSite& site) override;
    void dropoutResidualForward(
        float* out, const float* residual, float* x, std::size_t n, const DropoutSite& site) override;
    void crossEntropyForward(
        float* losses, float* probs, const float* logits, const std::int32_t* targets, int N, int V) override;
    void crossEntropyBackward(
        float* dlogits, const float* probs, const std::int32_t* targets, float dloss, int N, int V) override;
    float meanLoss(const float* losses, int N) override;
    void sgdUpdate(float* params, const float* grads, float* momentum, std::size_t n, float lr, float mu,
        float weightDecay) override;
    void adamwUpdate(float* params, const float* grads, float* m, float* v, std::size_t n, float lr,
        float beta1, float beta2, float eps, float weightDecay, int t) override;
    void toBf16(std::uint16_t* out, const float* inp, std::size_t n) override;
    void fromBf16(float* out, const std::uint16_t* inp, std::size_t n) override;
    double absSum(const float* x, std::size_t n) override;

    void rmsnormForward(
        float* out, float* rstd, const float* inp, const float* weight, int N, int C) override;
    void rmsnormBackward(float* dinp, float* dweight, const float* dout, const float* inp,
        const float* weight, const float* rstd, int N, int C) override;
    void ropeForward(float* qkv, int B, int T, int C, int H, int G) override;
    void ropeBackward(float* dqkv, int B, int T, int C, int H, int G) override;
    void swigluForward(float* out, const float* gate, const float* up, std::size_t n) override;
    void swigluBackward(float* dgate, float* dup, const float* dout, const float* gate, const float* up,
        std::size_t n) override;
    void gqaSoftmaxForward(float* att, const float* qkv, int B, int T, int C, int H, int G) override;
    void gqaSoftmaxBackward(float* dqkv, float* datt, const float* att, const float* qkv, int B, int T, int C,
        int H, int G) override;
    void gqaValuesForward(
        float* out, const float* att, const float* qkv, int B, int T, int C, int H, int G) override;
    void gqaValuesBackward(float* datt, float* dqkv, const float* dout, const float* att, const float* qkv,
        int B, int T, int C, int H, int G) override;
    void flashAttentionForward(float* out, float* lse, const float* qkv, int B, int T, int C, int H, int G,
        const DropoutSite& site) override;
    void flashAttentionBackward(float* dqkv, const float* dout, const float* out, const float* lse,
        const float* qkv, int B, int T, int C, int H, int G, const DropoutSite& site) override;

private:
    int m_threads = 1;
    CpuAllocator m_allocator;
    CpuAllocator m_hostAllocator;
};

// This copy's backend; makeCpuBackend (cpu_dispatch.cpp) picks the copy.
[[gnu::visibility("default")]] std::unique_ptr<Backend> makeIsaCpuBackend(int threads);

namespace cpu {

// GELU's backward on one range, single-threaded: the one kernel geluBackward and matmulGeluBackward
// share, so the fused op gives the same bits as the two ops.
void geluBackwardRange(float* dinp, const float* inp, const float* dout, std::size_t n);

} // namespace cpu

} // namespace RLAB_CPU_ISA
} // namespace rlab
