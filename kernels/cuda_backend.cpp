#include "cuda_backend.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <nvtx3/nvToolsExt.h>
#include <string>

#include "cuda_check.h"
#include "launch.h"

namespace rlab::cuda {
namespace {

// Step time from CUDA events on the compute stream; the stop joins the side stream first, so
// offload copies still in flight count toward the step.
class CudaStepTimer final : public StepTimer {
public:
    CudaStepTimer(cudaStream_t compute, cudaStream_t transfer)
        : m_compute(compute)
        , m_transfer(transfer)
    {
        RLAB_CUDA_CHECK(cudaEventCreate(&m_start));
        RLAB_CUDA_CHECK(cudaEventCreate(&m_stop));
        RLAB_CUDA_CHECK(cudaEventCreateWithFlags(&m_join, cudaEventDisableTiming));
    }
    ~CudaStepTimer() override
    {
        cudaEventDestroy(m_start);
        cudaEventDestroy(m_stop);
        cudaEventDestroy(m_join);
    }
    CudaStepTimer(const CudaStepTimer&) = delete;
    CudaStepTimer& operator=(const CudaStepTimer&) = delete;

    void start() override { RLAB_CUDA_CHECK(cudaEventRecord(m_start, m_compute)); }
    double stopMs() override
    {
        RLAB_CUDA_CHECK(cudaEventRecord(m_join, m_transfer));
        RLAB_CUDA_CHECK(cudaStreamWaitEvent(m_compute, m_join, 0));
        RLAB_CUDA_CHECK(cudaEventRecord(m_stop, m_compute));
        RLAB_CUDA_CHECK(cudaEventSynchronize(m_stop));
        float ms = 0;
        RLAB_CUDA_CHECK(cudaEventElapsedTime(&ms, m_start, m_stop));
        return ms;
    }

private:
    cudaStream_t m_compute;
    cudaStream_t m_transfer;
    cudaEvent_t m_start = nullptr;
    cudaEvent_t m_stop = nullptr;
    cudaEvent_t m_join = nullptr;
};

// RLAB_NO_CUDA_MEMORY_CACHING=1 turns the caching pools off (for compute-sanitizer's memcheck).
bool cachingWanted()
{
    const char* value = std::getenv("RLAB_NO_CUDA_MEMORY_CACHING");
    return value == nullptr || std::strcmp(value, "1") != 0;
}

} // namespace

CudaBackend::CudaBackend(int deviceIndex)
    : m_deviceIndex(deviceIndex)
{
    try {
        RLAB_CUDA_CHECK(cudaSetDevice(deviceIndex));
        cudaDeviceProp props {};
        RLAB_CUDA_CHECK(cudaGetDeviceProperties(&props, deviceIndex));
        m_name = props.name;
        RLAB_CUDA_CHECK(cudaStreamCreateWithFlags(&m_compute, cudaStreamNonBlocking));
        RLAB_CUDA_CHECK(cudaStreamCreateWithFlags(&m_transfer, cudaStreamNonBlocking));
        RLAB_CUDA_CHECK(cudaEventCreateWithFlags(&m_computeMark, cudaEventDisableTiming));
        RLAB_CUDA_CHECK(cudaEventCreateWithFlags(&m_transferMark, cudaEventDisableTiming));
        RLAB_CUDA_CHECK(cublasCreate(&m_cublas));
        RLAB_CUDA_CHECK(cublasSetStream(m_cublas, m_compute));
        // Plain FP32 products (no TF32), so results can be compared with the CPU backend.
        RLAB_CUDA_CHECK(cublasSetMathMode(m_cublas, CUBLAS_DEFAULT_MATH));
        const auto pendingUse = [this](const void* ptr) { return takePendingUse(ptr); };
        const bool caching = cachingWanted();
        m_deviceMemory = std::make_unique<CachingPool>(CachingPool::Kind::Device, pendingUse, caching);
        m_hostMemory = std::make_unique<CachingPool>(CachingPool::Kind::PinnedHost, pendingUse, caching);
        // After cublasSetStream, which resets the workspace to cuBLAS's own pool.
        m_workspace = Buffer(*m_deviceMemory, kCudaWorkspaceBytes, MemoryCategory::Temporaries);
        RLAB_CUDA_CHECK(cublasSetWorkspace(m_cublas, m_workspace.data(), kCublasWorkspaceBytes));
    } catch (...) {
        releaseHandles();
        throw;
    }
}

CudaBackend::~CudaBackend()
{
    cudaStreamSynchronize(m_transfer);
    cudaStreamSynchronize(m_compute);
    releaseHandles();
}

void CudaBackend::releaseHandles() noexcept
{
    m_workspace.reset();
    m_deviceMemory.reset();
    m_hostMemory.reset();
    for (auto& [ptr, event] : m_pendingUses)
        cudaEventDestroy(event);
    m_pendingUses.clear();
    for (auto& [start, stop] : m_copyTimings) {
        cudaEventDestroy(start);
        cudaEventDestroy(stop);
    }
    m_copyTimings.clear();
    for (cudaEvent_t event : m_spareTimingEvents)
        cudaEventDestroy(event);
    m_spareTimingEvents.clear();
    if (m_cublas)
        cublasDestroy(m_cublas);
    if (m_computeMark)
        cudaEventDestroy(m_computeMark);
    if (m_transferMark)
        cudaEventDestroy(m_transferMark);
    if (m_compute)
        cudaStreamDestroy(m_compute);
    if (m_transfer)
        cudaStreamDestroy(m_transfer);
    m_cublas = nullptr;
    m_computeMark = m_transferMark = nullptr;
    m_compute = m_transfer = nullptr;
}

std::unique_ptr<StepTimer> CudaBackend::makeTimer()
{
    return std::make_unique<CudaStepTimer>(m_compute, m_transfer);
}

void CudaBackend::synchronize()
{
    RLAB_CUDA_CHECK(cudaStreamSynchronize(m_transfer));
    RLAB_CUDA_CHECK(cudaStreamSynchronize(m_compute));
}

void CudaBackend::deviceMemory(std::uint64_t* freeBytes, std::uint64_t* totalBytes)
{
    std::size_t freeNow = 0;
    std::size_t total = 0;
    RLAB_CUDA_CHECK(cudaMemGetInfo(&freeNow, &total));
    *freeBytes = freeNow;
    *totalBytes = total;
}

void CudaBackend::copyToDevice(void* dst, const void* hostSrc, std::size_t bytes)
{
    if (bytes == 0)
        return;
    RLAB_CUDA_CHECK(cudaMemcpyAsync(dst, hostSrc, bytes, cudaMemcpyHostToDevice, m_compute));
    RLAB_CUDA_CHECK(cudaStreamSynchronize(m_compute)); // the caller may free hostSrc on return
}

void CudaBackend::copyToHost(void* hostDst, const void* src, std::size_t bytes)
{
    if (bytes == 0)
        return;
    RLAB_CUDA_CHECK(cudaMemcpyAsync(hostDst, src, bytes, cudaMemcpyDeviceToHost, m_compute));
    RLAB_CUDA_CHECK(cudaStreamSynchronize(m_compute));
}

void CudaBackend::copyOnDevice(void* dst, const void* src, std::size_t bytes)
{
    if (bytes == 0)
        return;
    RLAB_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, m_compute));
}

// The side stream first waits for the compute work queued so far: the source is written by it,
// and a pooled destination block may still be read by it.
void CudaBackend::timedCopy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind)
{
    RLAB_CUDA_CHECK(cudaEventRecord(m_computeMark, m_compute));
    RLAB_CUDA_CHECK(cudaStreamWaitEvent(m_transfer, m_computeMark, 0));
    cudaEvent_t start = nullptr;
    cudaEvent_t stop = nullptr;
    for (cudaEvent_t* event : {&start, &stop}) {
        if (!m_spareTimingEvents.empty()) {
            *event = m_spareTimingEvents.back();
            m_spareTimingEvents.pop_back();
        } else {
            RLAB_CUDA_CHECK(cudaEventCreate(event));
        }
    }
    m_copyTimings.emplace_back(start, stop);
    RLAB_CUDA_CHECK(cudaEventRecord(start, m_transfer));
    RLAB_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, kind, m_transfer));
    RLAB_CUDA_CHECK(cudaEventRecord(stop, m_transfer));
}

void CudaBackend::offloadAsync(void* hostDst, const void* src, std::size_t bytes)
{
    if (bytes == 0)
        return;
    timedCopy(hostDst, src, bytes, cudaMemcpyDeviceToHost);
    markPendingUse(src);
    markPendingUse(hostDst);
}

void CudaBackend::prefetchAsync(void* dst, const void* hostSrc, std::size_t bytes)
{
    if (bytes == 0)
        return;
    timedCopy(dst, hostSrc, bytes, cudaMemcpyHostToDevice);
    markPendingUse(hostSrc);
    markPendingUse(dst);
    m_prefetchPending = true;
}

// Joins on the device, not the host: compute queued after this waits for the prefetches. Offloads
// need no join (compute never reads the host copy, and a released block, device or pinned, is not
// reused before its copy ends: CachingPool's pending-use events), so they keep overlapping compute.
void CudaBackend::waitTransfers()
{
    if (!m_prefetchPending)
        return;
    RLAB_CUDA_CHECK(cudaEventRecord(m_transferMark, m_transfer));
    RLAB_CUDA_CHECK(cudaStreamWaitEvent(m_compute, m_transferMark, 0));
    m_prefetchPending = false;
}

void CudaBackend::markPendingUse(const void* ptr)
{
    cudaEvent_t done = nullptr;
    RLAB_CUDA_CHECK(cudaEventCreateWithFlags(&done, cudaEventDisableTiming));
    const cudaError_t recorded = cudaEventRecord(done, m_transfer);
    if (recorded != cudaSuccess) {
        cudaEventDestroy(done);
        RLAB_CUDA_CHECK(recorded);
    }
    const std::lock_guard lock(m_pendingMutex);
    auto [it, inserted] = m_pendingUses.try_emplace(ptr, done);
    if (!inserted) { // a later point of the same stream covers the earlier copy too
        cudaEventDestroy(it->second);
        it->second = done;
    }
}

cudaEvent_t CudaBackend::takePendingUse(const void* ptr)
{
    const std::lock_guard lock(m_pendingMutex);
    const auto it = m_pendingUses.find(ptr);
    if (it == m_pendingUses.end())
        return nullptr;
    const cudaEvent_t event = it->second;
    m_pendingUses.erase(it);
    return event;
}

Scratch CudaBackend::kernelScratch() const
{
    return {static_cast<unsigned char*>(m_workspace.data()) + kCublasWorkspaceBytes, kKernelScratchBytes};
}

void CudaBackend::pushRange(Phase phase, int block, const char* op)
{
    std::string label(phaseName(phase));
    if (op)
        label = label + ' ' + op;
    if (block >= 0)
        label += " block " + std::to_string(block);
    nvtxRangePushA(label.c_str());
}

void CudaBackend::popRange()
{
    nvtxRangePop();
}

double CudaBackend::takeTransferMs()
{
    RLAB_CUDA_CHECK(cudaStreamSynchronize(m_transfer));
    double total = 0;
    for (auto& [start, stop] : m_copyTimings) {
        float ms = 0;
        RLAB_CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        total += ms;
        m_spareTimingEvents.push_back(start);
        m_spareTimingEvents.push_back(stop);
    }
    m_copyTimings.clear();
    return total;
}

void CudaBackend::fill(float* out, float value, std::size_t n)
{
    cuda::fill(m_compute, out, value, n);
}

void CudaBackend::encoderForward(
    float* out, const std::int32_t* tokens, const float* wte, const float* wpe, int B, int T, int C)
{
    cuda::encoderForward(m_compute, out, tokens, wte, wpe, B, T, C);
}

void CudaBackend::encoderBackward(
    float* dwte, float* dwpe, const float* dout, const std::int32_t* tokens, int B, int T, int C)
{
    // The sort's scratch fits the kernels' part of the workspace up to about 400,000 tokens.
    const std::size_t needed = encoderBackwardScratchBytes(B, T);
    Buffer larger;
    Scratch scratch = kernelScratch();
    if (needed > scratch.bytes) {
        larger = Buffer(*m_deviceMemory, needed, MemoryCategory::Temporaries);
        scratch = {larger.data(), needed};
    }
    cuda::encoderBackward(m_compute, dwte, dwpe, dout, tokens, B, T, C, scratch);
}

void CudaBackend::layernormForward(float* out, float* mean, float* rstd, const float* inp,
    const float* weight, const float* bias, int N, int C)
{
    cuda::layernormForward(m_compute, out, mean, rstd, inp, weight, bias, N, C);
}

void CudaBackend::layernormBackward(float* dinp, float* dweight, float* dbias, const float* dout,
    const float* inp, const float* weight, const float* mean, const float* rstd, int N, int C)
{
    cuda::layernormBackward(
        m_compute, dinp, dweight, dbias, dout, inp, weight, mean, rstd, N, C, kernelScratch());
}

void CudaBackend::rmsnormForward(float* out, float* rstd, const float* inp, const float* weight, int N, int C)
{
    cuda::rmsnormForward(m_compute, out, rstd, inp, weight, N, C);
}

void CudaBackend::rmsnormBackward(float* dinp, float* dweight, const float* dout, const float* inp,
    const float* weight, const float* rstd, int N, int C)
{
    cuda::rmsnormBackward(m_compute, dinp, dweight, dout, inp, weight, rstd, N, C, kernelScratch());
}

void CudaBackend::ropeForward(float* qkv, int B, int T, int C, int H, int G)
{
    cuda::ropeForward(m_compute, qkv, B, T, C, H, G);
}

void CudaBackend::ropeBackward(float* dqkv, int B, int T, int C, int H, int G)
{
    cuda::ropeBackward(m_compute, dqkv, B, T, C, H, G);
}

void CudaBackend::swigluForward(float* out, const float* gate, const float* up, std::size_t n)
{
    cuda::swigluForward(m_compute, out, gate, up, n);
}

void CudaBackend::swigluBackward(
    float* dgate, float* dup, const float* dout, const float* gate, const float* up, std::size_t n)
{
    cuda::swigluBackward(m_compute, dgate, dup, dout, gate, up, n);
}

void CudaBackend::geluForward(float* out, const float* inp, std::size_t n)
{
    cuda::geluForward(m_compute, out, inp, n);
}

void CudaBackend::geluBackward(float* dinp, const float* inp, const float* dout, std::size_t n)
{
    cuda::geluBackward(m_compute, dinp, inp, dout, n);
}

void CudaBackend::residualForward(float* out, const float* a, const float* b, std::size_t n)
{
    cuda::residualForward(m_compute, out, a, b, n);
}

void CudaBackend::dropoutForward(float* out, const float* inp, std::size_t n, const DropoutSite& site)
{
    cuda::dropoutForward(m_compute, out, inp, n, site);
}

// The same mask and scale as the forward pass, applied to the gradient.
void CudaBackend::dropoutBackward(float* dinp, const float* dout, std::size_t n, const DropoutSite& site)
{
    cuda::dropoutForward(m_compute, dinp, dout, n, site);
}

void CudaBackend::crossEntropyForward(
    float* losses, float* probs, const float* logits, const std::int32_t* targets, int N, int V)
{
    cuda::crossEntropyForward(m_compute, losses, probs, logits, targets, N, V);
}

void CudaBackend::crossEntropyBackward(
    float* dlogits, const float* probs, const std::int32_t* targets, float dloss, int N, int V)
{
    cuda::crossEntropyBackward(m_compute, dlogits, probs, targets, dloss, N, V);
}

float CudaBackend::meanLoss(const float* losses, int N)
{
    std::vector<float> host(static_cast<std::size_t>(N));
    copyToHost(host.data(), losses, host.size() * sizeof(float));
    double sum = 0;
    for (float loss : host)
        sum += loss;
    return N > 0 ? static_cast<float>(sum / N) : 0.0f;
}

void CudaBackend::sgdUpdate(
    float* params, const float* grads, float* momentum, std::size_t n, float lr, float mu, float weightDecay)
{
    cuda::sgdUpdate(m_compute, params, grads, momentum, n, lr, mu, weightDecay);
}

void CudaBackend::adamwUpdate(float* params, const float* grads, float* m, float* v, std::size_t n, float lr,
    float beta1, float beta2, float eps, float weightDecay, int t)
{
    const float correction1 = 1.0f - std::pow(beta1, static_cast<float>(t));
    const float correction2 = 1.0f - std::pow(beta2, static_cast<float>(t));
    cuda::adamwUpdate(
        m_compute, params, grads, m, v, n, lr, beta1, beta2, eps, weightDecay, correction1, correction2);
}

void CudaBackend::toBf16(std::uint16_t* out, const float* inp, std::size_t n)
{
    cuda::toBf16(m_compute, out, inp, n);
}

void CudaBackend::fromBf16(float* out, const std::uint16_t* inp, std::size_t n)
{
    cuda::fromBf16(m_compute, out, inp, n);
}

double CudaBackend::absSum(const float* x, std::size_t n)
{
    if (n == 0)
        return 0;
    const int blocks = absSumBlocks(n);
    auto* partials = static_cast<double*>(kernelScratch().ptr);
    cuda::absSum(m_compute, partials, x, n);
    std::vector<double> host(static_cast<std::size_t>(blocks));
    copyToHost(host.data(), partials, host.size() * sizeof(double));
    double sum = 0;
    for (double part : host)
        sum += part;
    return sum;
}

} // namespace rlab::cuda
