// The CPU backend's plumbing: threads, memory, copies, timers. The ops live in cpu_*.cpp.
#include "cpu_backend.h"

#include <chrono>
#include <cstring>
#include <thread>

#include "cpu_gemm.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace rlab {

namespace {

class WallTimer : public StepTimer {
public:
    void start() override { m_start = std::chrono::steady_clock::now(); }
    double stopMs() override
    {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - m_start).count();
    }

private:
    std::chrono::steady_clock::time_point m_start;
};

} // namespace

CpuBackend::CpuBackend(int threads)
{
    m_threads = threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
#ifdef __GLIBC__
    // Eigen takes GEMM packing buffers from malloc on every product: keep freed blocks in the
    // heap instead of returning them to the kernel, which costs page faults on every reuse.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

std::string CpuBackend::name() const
{
    // Where a copy has AVX-512, the engine's own GEMM does Eigen's products (cpu_gemm.h).
    const std::string gemm = RLAB_OWN_GEMM ? "AVX-512" : RLAB_GEMM_NAME;
    // A portable build says which copy runs ("avx512", "avx2", "baseline").
    const std::string isa = RLAB_CPU_DISPATCH ? ", " RLAB_CPU_ISA_NAME : "";
    return "cpu (" + (gemm == "Eigen" ? gemm : "Eigen, " + gemm + " GEMM") + isa + ", "
        + std::to_string(m_threads) + (m_threads == 1 ? " thread)" : " threads)");
}

std::unique_ptr<StepTimer> CpuBackend::makeTimer()
{
    return std::make_unique<WallTimer>();
}

void CpuBackend::deviceMemory(std::uint64_t* freeBytes, std::uint64_t* totalBytes)
{
    *freeBytes = 0;
    *totalBytes = 0;
}

void CpuBackend::copyToDevice(void* dst, const void* hostSrc, std::size_t bytes)
{
    std::memcpy(dst, hostSrc, bytes);
}

void CpuBackend::copyToHost(void* hostDst, const void* src, std::size_t bytes)
{
    std::memcpy(hostDst, src, bytes);
}

void CpuBackend::copyOnDevice(void* dst, const void* src, std::size_t bytes)
{
    std::memcpy(dst, src, bytes);
}

void CpuBackend::offloadAsync(void* hostDst, const void* src, std::size_t bytes)
{
    std::memcpy(hostDst, src, bytes);
}

void CpuBackend::prefetchAsync(void* dst, const void* hostSrc, std::size_t bytes)
{
    std::memcpy(dst, hostSrc, bytes);
}

void CpuBackend::fill(float* out, float value, std::size_t n)
{
    std::fill(out, out + n, value);
}

inline namespace RLAB_CPU_ISA {

std::unique_ptr<Backend> makeIsaCpuBackend(int threads)
{
    return std::make_unique<CpuBackend>(threads);
}

} // namespace RLAB_CPU_ISA

} // namespace rlab
