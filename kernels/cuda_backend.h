#pragma once
// The engine's Backend on an NVIDIA GPU: kernels from launch.h, products through cuBLAS,
// memory from CachingPool, a compute stream and a side stream for offload copies. Everything
// it holds on the device goes through the tracking allocator, cuBLAS's workspace included.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include "caching_pool.h"
#include "launch.h"
#include "rlab/backend.h"
#include "rlab/buffer.h"

namespace rlab::cuda {

class CudaBackend final : public Backend {
public:
    explicit CudaBackend(int deviceIndex);
    ~CudaBackend() override;
    CudaBackend(const CudaBackend&) = delete;
    CudaBackend& operator=(const CudaBackend&) = delete;

    Device device() const override { return Device::Cuda; }
    std::string name() const override { return m_name; }
    TrackingAllocator& allocator() override { return *m_deviceMemory; }
    TrackingAllocator& hostAllocator() override { return *m_hostMemory; }
    std::unique_ptr<StepTimer> makeTimer() override;
    void synchronize() override;
    void deviceMemory(std::uint64_t* freeBytes, std::uint64_t* totalBytes) override;

    void copyToDevice(void* dst, const void* hostSrc, std::size_t bytes) override;
    void copyToHost(void* hostDst, const void* src, std::size_t bytes) override;
    void copyOnDevice(void* dst, const void* src, std::size_t bytes) override;
    // The source may be released at once (its block is reused only after the copy), not overwritten.
    void offloadAsync(void* hostDst, const void* src, std::size_t bytes) override;
    void prefetchAsync(void* dst, const void* hostSrc, std::size_t bytes) override;
    void waitTransfers() override;
    void fill(float* out, float value, std::size_t n) override;
    void pushRange(Phase phase, int block, const char* op) override;
    void popRange() override;

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
    void residualForward(float* out, const float* a, const float* b, std::size_t n) override;
    void dropoutForward(float* out, const float* inp, std::size_t n, const DropoutSite& site) override;
    void dropoutBackward(float* dinp, const float* dout, std::size_t n, const DropoutSite& site) override;
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

    // Milliseconds the side stream spent copying since the last call (waits for the copies).
    double takeTransferMs() override;

private:
    void releaseHandles() noexcept;
    void timedCopy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind);
    // The block at ptr (a whole pooled block, as the trainer copies) is in use by the copy just
    // queued on the side stream: its pool must not hand it out again before this point of the
    // side stream (an event per block, device or pinned).
    void markPendingUse(const void* ptr);
    cudaEvent_t takePendingUse(const void* ptr);
    // The kernels' part of the workspace (kKernelScratchBytes).
    Scratch kernelScratch() const;

    int m_deviceIndex = 0;
    std::string m_name;
    cudaStream_t m_compute = nullptr;
    cudaStream_t m_transfer = nullptr; // offload and prefetch copies, overlapping compute
    cudaEvent_t m_computeMark = nullptr;
    cudaEvent_t m_transferMark = nullptr;
    cublasHandle_t m_cublas = nullptr;
    bool m_prefetchPending = false; // a prefetch since the last waitTransfers()

    std::mutex m_pendingMutex;
    std::unordered_map<const void*, cudaEvent_t> m_pendingUses; // blocks async copies still touch
    std::vector<std::pair<cudaEvent_t, cudaEvent_t>> m_copyTimings;
    std::vector<cudaEvent_t> m_spareTimingEvents;

    // Released first in the destructor: cached blocks may still wait on copy events.
    std::unique_ptr<CachingPool> m_deviceMemory;
    std::unique_ptr<CachingPool> m_hostMemory;
    Buffer m_workspace; // kCudaWorkspaceBytes: cuBLAS's workspace, then the kernels' scratch
};

} // namespace rlab::cuda
