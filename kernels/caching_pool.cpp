#include "caching_pool.h"

#include <string>

#include "cuda_check.h"
#include "rlab/errors.h"
#include "rlab/text.h"

namespace rlab::cuda {
namespace {

constexpr std::size_t kGranule = 512;

std::size_t roundedSize(std::size_t bytes)
{
    const std::size_t size = (bytes + kGranule - 1) / kGranule * kGranule;
    return size > 0 ? size : kGranule;
}

// Waits for a block's pending copy and frees the event; the block may then be reused or freed.
void finishPending(cudaEvent_t pending) noexcept
{
    if (!pending)
        return;
    cudaEventSynchronize(pending);
    cudaEventDestroy(pending);
}

} // namespace

CachingPool::CachingPool(Kind kind, PendingUse pendingUse, bool caching)
    : m_kind(kind)
    , m_pendingUse(std::move(pendingUse))
    , m_caching(caching)
{
}

CachingPool::~CachingPool()
{
    emptyCache();
}

void CachingPool::emptyCache()
{
    std::multimap<std::size_t, Block> cached;
    {
        const std::lock_guard lock(m_mutex);
        cached.swap(m_free);
    }
    // Outside m_mutex: the recording takes the allocator's own lock, which stats() holds while it
    // asks reserved() for this one's. Each segment is recorded as given back before it is freed, so
    // a segment cudaMalloc hands out again at the same address is not undone.
    for (auto& [size, block] : cached) {
        segmentGivenBack(block.ptr);
        finishPending(block.pending);
        rawFree(block.ptr);
        const std::lock_guard lock(m_mutex);
        m_reserved -= size;
    }
}

void* CachingPool::rawAllocate(std::size_t bytes, MemoryCategory category)
{
    const std::size_t size = roundedSize(bytes);
    if (void* cached = takeCached(size))
        return cached;
    void* ptr = nullptr;
    cudaError_t status = rawMalloc(&ptr, size);
    if (status == cudaErrorMemoryAllocation) {
        cudaGetLastError(); // out of memory is not sticky: clear it, give the cache back and retry
        // A fault of an earlier kernel surfaces here, and is reported as what it is.
        RLAB_CUDA_CHECK(cudaDeviceSynchronize());
        emptyCache();
        status = rawMalloc(&ptr, size);
        if (status == cudaErrorMemoryAllocation) {
            cudaGetLastError();
            throwOutOfMemory(bytes, category);
        }
    }
    check(status, mallocName());
    {
        const std::lock_guard lock(m_mutex);
        m_reserved += size;
    }
    segmentTaken(ptr, size);
    return ptr;
}

void CachingPool::rawRelease(void* ptr, std::size_t bytes, MemoryCategory)
{
    if (!ptr)
        return;
    const std::size_t size = roundedSize(bytes);
    Block block {ptr, m_pendingUse ? m_pendingUse(ptr) : nullptr};
    if (!m_caching)
        segmentGivenBack(ptr); // before the lock and the free, as in emptyCache
    const std::lock_guard lock(m_mutex);
    if (!m_caching) {
        finishPending(block.pending);
        rawFree(ptr);
        m_reserved -= size;
        return;
    }
    m_free.emplace(size, block);
}

std::uint64_t CachingPool::reserved() const
{
    const std::lock_guard lock(m_mutex);
    return m_reserved;
}

// A block of exactly this size whose pending copy (if any) has finished; never waits. A query
// that fails for another reason than "not ready" is a device fault, reported at once.
void* CachingPool::takeCached(std::size_t size)
{
    const std::lock_guard lock(m_mutex);
    auto [first, last] = m_free.equal_range(size);
    for (auto it = first; it != last; ++it) {
        Block block = it->second;
        if (block.pending) {
            const cudaError_t status = cudaEventQuery(block.pending);
            if (status == cudaErrorNotReady) {
                cudaGetLastError(); // only a status, not an error
                continue;
            }
            RLAB_CUDA_CHECK(status);
            cudaEventDestroy(block.pending);
        }
        m_free.erase(it);
        return block.ptr;
    }
    return nullptr;
}

cudaError_t CachingPool::rawMalloc(void** ptr, std::size_t size) const
{
    return m_kind == Kind::Device ? cudaMalloc(ptr, size) : cudaMallocHost(ptr, size);
}

void CachingPool::rawFree(void* ptr) const
{
    if (m_kind == Kind::Device)
        cudaFree(ptr);
    else
        cudaFreeHost(ptr);
}

const char* CachingPool::mallocName() const
{
    return m_kind == Kind::Device ? "cudaMalloc" : "cudaMallocHost";
}

void CachingPool::throwOutOfMemory(std::size_t bytes, MemoryCategory category) const
{
    const std::string what = text::mebibytes(bytes, 1) + " for " + std::string(memoryCategoryName(category));
    if (m_kind == Kind::PinnedHost)
        throw OutOfMemory("The host ran out of pinned memory while allocating " + what + ".");
    std::size_t freeBytes = 0;
    std::size_t totalBytes = 0;
    cudaMemGetInfo(&freeBytes, &totalBytes);
    throw OutOfMemory("The GPU ran out of memory while allocating " + what + " ("
        + text::mebibytes(freeBytes, 1) + " free of " + text::mebibytes(totalBytes, 1) + ").");
}

} // namespace rlab::cuda
