// The CPU backend's allocator: aligned blocks, cached by size between steps.
#include "cpu_allocator.h"

#include <cstdlib>
#include <string>

#include "rlab/engine.h"

namespace rlab {

namespace {

constexpr std::size_t kAlignment = 64;

std::size_t roundedSize(std::size_t bytes)
{
    return (std::max<std::size_t>(bytes, 1) + kAlignment - 1) / kAlignment * kAlignment;
}

} // namespace

CpuAllocator::~CpuAllocator()
{
    for (const auto& entry : m_cache) {
        segmentGivenBack(entry.second);
        std::free(entry.second);
    }
}

void* CpuAllocator::rawAllocate(std::size_t bytes, MemoryCategory)
{
    const std::size_t size = roundedSize(bytes);
    {
        std::lock_guard lock(m_cacheMutex);
        const auto found = m_cache.find(size);
        if (found != m_cache.end()) {
            void* ptr = found->second;
            m_cache.erase(found);
            m_cachedBytes -= size;
            return ptr;
        }
    }
    void* ptr = std::aligned_alloc(kAlignment, size);
    if (!ptr)
        throw OutOfMemory("The CPU could not allocate " + std::to_string(bytes) + " bytes.");
    segmentTaken(ptr, size); // the pool grows by one segment of exactly this block's size
    return ptr;
}

void CpuAllocator::rawRelease(void* ptr, std::size_t bytes, MemoryCategory)
{
    const std::size_t size = roundedSize(bytes);
    std::lock_guard lock(m_cacheMutex);
    m_cache.emplace(size, ptr);
    m_cachedBytes += size;
}

std::uint64_t CpuAllocator::reserved() const
{
    return TrackingAllocator::reserved() + m_cachedBytes;
}

} // namespace rlab
