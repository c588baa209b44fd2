// The CUDA backend's memory: one tracking allocator that sees everything (cuBLAS's workspace
// included, predicted by predictPeakBytes), out of memory told apart from other failures, the
// switch that turns the caching pool off, blocks an async copy still uses never handed out
// again, the grid-stride kernels past 65,536 blocks and past 2^31 elements, and the timer.
// Each case skips, with the probe's reason, where no usable GPU is present; their CPU sides run.

#include <cstdlib>
#include <string>
#include <vector>

#include "device_tensor.h"
#include "rlab/bf16.h"

using rlab::MemoryCategory;
using rlab::test::DeviceTensor;

namespace {

constexpr auto kTemporaries = static_cast<std::size_t>(MemoryCategory::Temporaries);

rlab::RunConfig demoConfig(rlab::Device device)
{
    rlab::RunConfig config;
    config.device = device;
    return config;
}

// A CUDA backend made with RLAB_NO_CUDA_MEMORY_CACHING set to `value` (the environment is put
// back after: the sanitizer runs set it for the whole binary).
std::unique_ptr<rlab::Backend> backendWithCaching(const char* value)
{
    const char* before = std::getenv("RLAB_NO_CUDA_MEMORY_CACHING");
    const std::string saved = before ? before : "";
    setenv("RLAB_NO_CUDA_MEMORY_CACHING", value, 1);
    std::unique_ptr<rlab::Backend> backend = rlab::makeCudaBackend();
    if (before)
        setenv("RLAB_NO_CUDA_MEMORY_CACHING", saved.c_str(), 1);
    else
        unsetenv("RLAB_NO_CUDA_MEMORY_CACHING");
    return backend;
}

} // namespace

RLAB_TEST(workspaceIsTrackedAndPredicted)
{
    // The predictor adds exactly the backend's workspace on CUDA (runs here).
    const std::uint64_t cpu = rlab::predictPeakBytes(demoConfig(rlab::Device::Cpu));
    const std::uint64_t cuda = rlab::predictPeakBytes(demoConfig(rlab::Device::Cuda));
    RLAB_CHECK_EQ(cuda - cpu, rlab::kCudaWorkspaceBytes);

    RLAB_NEED_GPU(gpu);
    const rlab::MemoryStats stats = gpu->allocator().stats();
    RLAB_CHECK_EQ(stats.liveTotal, rlab::kCudaWorkspaceBytes);
    RLAB_CHECK_EQ(stats.live[kTemporaries], rlab::kCudaWorkspaceBytes);
    RLAB_CHECK_EQ(stats.liveActivations, std::uint64_t(0));
}

RLAB_TEST(outOfMemoryIsOneSentence)
{
    RLAB_NEED_GPU(gpu);
    const std::uint64_t before = gpu->allocator().stats().liveTotal;
    try {
        gpu->allocator().allocate(std::size_t(1) << 50, MemoryCategory::SavedActivations); // 1 PiB
        RLAB_FAIL("a 1 PiB allocation succeeded");
    } catch (const rlab::OutOfMemory& error) {
        const std::string what = error.what();
        RLAB_CHECK_MSG(what.find("GPU ran out of memory") != std::string::npos, what);
        RLAB_CHECK_MSG(what.find("saved_activations") != std::string::npos, what);
        RLAB_CHECK_MSG(what.back() == '.' && what.find('\n') == std::string::npos, what);
    }
    RLAB_CHECK_EQ(gpu->allocator().stats().liveTotal, before);
    DeviceTensor still(*gpu, 1 << 20); // and the backend goes on working
    gpu->fill(still.f(), 1.0f, 1 << 18);
    RLAB_CHECK_EQ(gpu->absSum(still.f(), 1 << 18), double(1 << 18));
}

RLAB_TEST(cachingPoolKeepsAndTheSwitchReleases)
{
    RLAB_SKIP_WITHOUT_GPU();
    const std::unique_ptr<rlab::Backend> cached = backendWithCaching("0");
    void* block = cached->allocator().allocate(1 << 20, MemoryCategory::Parameters);
    cached->allocator().release(block, 1 << 20, MemoryCategory::Parameters);
    const rlab::MemoryStats kept = cached->allocator().stats();
    RLAB_CHECK_EQ(kept.liveTotal, rlab::kCudaWorkspaceBytes);
    RLAB_CHECK_MSG(kept.reservedBytes >= rlab::kCudaWorkspaceBytes + (1u << 20), "the pool keeps the block");

    const std::unique_ptr<rlab::Backend> uncached = backendWithCaching("1");
    block = uncached->allocator().allocate(1 << 20, MemoryCategory::Parameters);
    uncached->allocator().release(block, 1 << 20, MemoryCategory::Parameters);
    RLAB_CHECK_MSG(uncached->allocator().stats().reservedBytes == rlab::kCudaWorkspaceBytes,
        "RLAB_NO_CUDA_MEMORY_CACHING=1: a released block goes back to CUDA at once");
}

// About 1 GiB offloaded on the side stream; its source is released and the next block of that
// size is overwritten at once on the compute stream, while the copy still runs. Then the other
// way: a pinned block prefetched, released and overwritten by the host at once.
RLAB_TEST(offloadWhileTheSourceIsReused)
{
    RLAB_NEED_GPU(gpu);
    const std::size_t n = std::size_t(1) << 28; // floats: 1 GiB
    const std::size_t bytes = n * sizeof(float);
    auto& device = gpu->allocator();
    auto& host = gpu->hostAllocator();
    void* src = device.allocate(bytes, MemoryCategory::SavedActivations);
    gpu->fill(static_cast<float*>(src), 3.25f, n);
    auto* pinned = static_cast<float*>(host.allocate(bytes, MemoryCategory::HostOffloaded));
    gpu->offloadAsync(pinned, src, bytes);
    device.release(src, bytes, MemoryCategory::SavedActivations);
    void* next = device.allocate(bytes, MemoryCategory::SavedActivations);
    gpu->fill(static_cast<float*>(next), -1.0f, n);
    rlab::test::info("source %p, next block %p", src, next);
    gpu->synchronize();
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < n; ++i)
        wrong += pinned[i] != 3.25f;
    RLAB_CHECK_MSG(wrong == 0, std::to_string(wrong) + " offloaded floats were overwritten during the copy");

    gpu->prefetchAsync(next, pinned, bytes);
    host.release(pinned, bytes, MemoryCategory::HostOffloaded);
    auto* reused = static_cast<float*>(host.allocate(bytes, MemoryCategory::HostOffloaded));
    for (std::size_t i = 0; i < n; ++i)
        reused[i] = -2.0f; // the host writes at once, while the prefetch may still read
    gpu->waitTransfers();
    const double sum = gpu->absSum(static_cast<float*>(next), n);
    host.release(reused, bytes, MemoryCategory::HostOffloaded);
    device.release(next, bytes, MemoryCategory::SavedActivations);
    RLAB_CHECK_EQ(sum, 3.25 * static_cast<double>(n));
}

// Past the 65,536 blocks gridFor caps a launch at: the grid-stride loops cover the rest.
RLAB_TEST(pastTheGridLimit)
{
    const std::size_t n = std::size_t(65536) * 256 * 3 + 5;
    rlab::DropoutSite site;
    site.seed = 7;
    site.p = 0.5f;
    // The CPU side: the mask of the last elements, from philox.h.
    std::vector<float> tail(1000);
    for (std::size_t k = 0; k < tail.size(); ++k)
        tail[k] = rlab::dropoutKeeps(site, n - tail.size() + k) ? 2.0f : 0.0f;

    RLAB_NEED_GPU(gpu);
    DeviceTensor x(*gpu, sizeof(float) * n), y(*gpu, sizeof(float) * n);
    gpu->fill(x.f(), 1.0f, n);
    gpu->residualForward(y.f(), x.f(), x.f(), n);
    RLAB_CHECK_EQ(gpu->absSum(y.f(), n), 2.0 * static_cast<double>(n));
    gpu->dropoutForward(x.f(), x.f(), n, site);
    std::vector<float> got(tail.size());
    gpu->copyToHost(got.data(), x.f() + (n - tail.size()), sizeof(float) * tail.size());
    RLAB_CHECK_EQ(got, tail);
}

// One tensor past 2^31 elements (8 GiB): 64-bit indices everywhere, and Philox's counter high word.
RLAB_TEST(pastTwoToThe31Elements)
{
    const std::size_t n = (std::size_t(1) << 31) + 4099;
    rlab::DropoutSite site;
    site.seed = 11;
    site.p = 0.3f;
    std::vector<float> tail(4099);
    const float scale = 1.0f / (1.0f - site.p);
    for (std::size_t k = 0; k < tail.size(); ++k)
        tail[k] = rlab::dropoutKeeps(site, n - tail.size() + k) ? 1.0f * scale : 0.0f;

    RLAB_NEED_GPU(gpu);
    std::uint64_t freeBytes = 0, totalBytes = 0;
    gpu->deviceMemory(&freeBytes, &totalBytes);
    if (freeBytes < 2 * sizeof(float) * n)
        RLAB_SKIP("the GPU has less than 16 GiB free");
    DeviceTensor x(*gpu, sizeof(float) * n);
    gpu->fill(x.f(), 1.0f, n);
    RLAB_CHECK_EQ(gpu->absSum(x.f(), n), static_cast<double>(n));
    gpu->dropoutForward(x.f(), x.f(), n, site);
    std::vector<float> got(tail.size());
    gpu->copyToHost(got.data(), x.f() + (n - tail.size()), sizeof(float) * tail.size());
    RLAB_CHECK_EQ(got, tail);
    DeviceTensor half(*gpu, sizeof(std::uint16_t) * n);
    gpu->toBf16(half.h(), x.f(), n);
    std::vector<std::uint16_t> last(4);
    gpu->copyToHost(last.data(), half.h() + (n - last.size()), sizeof(std::uint16_t) * last.size());
    for (std::size_t k = 0; k < last.size(); ++k) {
        std::uint32_t bits;
        std::memcpy(&bits, &tail[tail.size() - last.size() + k], 4);
        RLAB_CHECK_EQ(last[k], rlab::bf16FromFloatBits(bits));
    }
}

RLAB_TEST(timerAndDeviceMemory)
{
    RLAB_NEED_GPU(gpu);
    std::uint64_t freeBytes = 0, totalBytes = 0;
    gpu->deviceMemory(&freeBytes, &totalBytes);
    RLAB_CHECK(totalBytes > 0 && freeBytes <= totalBytes);
    const std::size_t n = std::size_t(1) << 24;
    DeviceTensor t(*gpu, sizeof(float) * n);
    const std::unique_ptr<rlab::StepTimer> timer = gpu->makeTimer();
    timer->start();
    gpu->fill(t.f(), 1.0f, n);
    const double ms = timer->stopMs();
    rlab::test::info("filling 64 MiB took %.3f ms", ms);
    RLAB_CHECK_MSG(ms > 0 && ms < 10000, std::to_string(ms));
    DeviceTensor copy(*gpu, sizeof(float) * n);
    gpu->copyOnDevice(copy.f(), t.f(), sizeof(float) * n);
    RLAB_CHECK_EQ(gpu->absSum(copy.f(), n), static_cast<double>(n));
}

RLAB_TEST_MAIN(std::string())
