#pragma once
// Host memory for the CPU backend (device pool and offload pool alike), 64-byte aligned.

#include <atomic>
#include <cstddef>
#include <map>

#include "rlab/memory.h"

namespace rlab {

// Keeps released blocks by size and hands them out again: a training step allocates the same
// sizes every step, and fresh pages from the kernel would cost page faults each time.
class CpuAllocator : public TrackingAllocator {
public:
    CpuAllocator() = default;
    CpuAllocator(const CpuAllocator&) = delete;
    CpuAllocator& operator=(const CpuAllocator&) = delete;
    ~CpuAllocator() override;

protected:
    void* rawAllocate(std::size_t bytes, MemoryCategory category) override;
    void rawRelease(void* ptr, std::size_t bytes, MemoryCategory category) override;
    std::uint64_t reserved() const override;

private:
    std::mutex m_cacheMutex;
    std::multimap<std::size_t, void*> m_cache;
    std::atomic<std::uint64_t> m_cachedBytes {0};
};

} // namespace rlab
