#include "caching_pool.h"

#include <string>

#include "rlab/engine.h"
#include "rlab/text.h"

namespace rlab::cuda {
namespace {

constexpr std::size_t kGranule = 512;

std::size_t roundedSize(std::size_t bytes)
{
    const std::size_t size = (bytes + kGranule - 1) / kGranule * kGranule;
    return size > 0 ? size : kGranule;
}

} // namespace

CachingPool::CachingPool(Kind kind, PendingUse pendingUse)
    : m_kind(kind)
    , m_pendingUse(std::move(pendingUse))
{
}

CachingPool::~CachingPool()
{
    emptyCache();
}

void CachingPool::emptyCache()
{
    const std::lock_guard lock(m_mutex);
    for (auto& [size, block] : m_free) {
        if (block.pending) {
            cudaEventSynchronize(block.pending);
            cudaEventDestroy(block.pending);
        }
        rawFree(block.ptr);
        m_reserved -= size;
    }
    m_free.clear();
}

void* CachingPool::rawAllocate(std::size_t bytes, MemoryCategory category)
{
    const std::size_t size = roundedSize(bytes);
    if (void* cached = takeCached(size))
        return cached;
    void* ptr = nullptr;
    if (rawMalloc(&ptr, size) != cudaSuccess) {
        cudaGetLastError(); // out of memory is not sticky: clear it and retry with the cache emptied
        cudaDeviceSynchronize();
        emptyCache();
        if (rawMalloc(&ptr, size) != cudaSuccess) {
            cudaGetLastError();
            throwOutOfMemory(bytes, category);
        }
    }
    const std::lock_guard lock(m_mutex);
    m_reserved += size;
    return ptr;
}

void CachingPool::rawRelease(void* ptr, std::size_t bytes, MemoryCategory)
{
    if (!ptr)
        return;
    Block block {ptr, m_pendingUse ? m_pendingUse(ptr) : nullptr};
    const std::lock_guard lock(m_mutex);
    m_free.emplace(roundedSize(bytes), block);
}

std::uint64_t CachingPool::reserved() const
{
    const std::lock_guard lock(m_mutex);
    return m_reserved;
}

// A block of exactly this size whose pending copy (if any) has finished; never waits.
void* CachingPool::takeCached(std::size_t size)
{
    const std::lock_guard lock(m_mutex);
    auto [first, last] = m_free.equal_range(size);
    for (auto it = first; it != last; ++it) {
        Block block = it->second;
        if (block.pending) {
            if (cudaEventQuery(block.pending) != cudaSuccess) {
                cudaGetLastError(); // cudaErrorNotReady is only a status
                continue;
            }
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
