#pragma once
// The CUDA backend's memory: a TrackingAllocator over cudaMalloc (device) or cudaMallocHost
// (pinned host, for offload), keeping released blocks for reuse as PyTorch's caching
// allocator does, because cudaMalloc/cudaFree synchronise the device.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>

#include <cuda_runtime.h>

#include "rlab/memory.h"

namespace rlab::cuda {

class CachingPool final : public TrackingAllocator {
public:
    enum class Kind { Device, PinnedHost };
    // For a block being released: an event that must complete before the block is reused
    // (an asynchronous copy still reading it), or null. The pool owns the returned event.
    using PendingUse = std::function<cudaEvent_t(const void*)>;

    CachingPool(Kind kind, PendingUse pendingUse);
    ~CachingPool() override;
    CachingPool(const CachingPool&) = delete;
    CachingPool& operator=(const CachingPool&) = delete;

    // Gives every cached block back to the device (after an out-of-memory, or at the end).
    void emptyCache();

protected:
    void* rawAllocate(std::size_t bytes, MemoryCategory category) override;
    void rawRelease(void* ptr, std::size_t bytes, MemoryCategory category) override;
    std::uint64_t reserved() const override;

private:
    struct Block {
        void* ptr = nullptr;
        cudaEvent_t pending = nullptr;
    };
    void* takeCached(std::size_t size);
    cudaError_t rawMalloc(void** ptr, std::size_t size) const;
    void rawFree(void* ptr) const;
    [[noreturn]] void throwOutOfMemory(std::size_t bytes, MemoryCategory category) const;

    Kind m_kind;
    PendingUse m_pendingUse;
    mutable std::mutex m_mutex;
    std::multimap<std::size_t, Block> m_free; // by rounded size
    std::uint64_t m_reserved = 0; // bytes held from the device, in use or cached
};

} // namespace rlab::cuda
