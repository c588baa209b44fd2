#pragma once
// The CUDA backend's memory: a TrackingAllocator over cudaMalloc (device) or cudaMallocHost
// (pinned host, for offload), keeping released blocks for reuse as PyTorch's caching
// allocator does, because cudaMalloc/cudaFree synchronise the device. Only a failed
// allocation is reported as OutOfMemory; any other CUDA error (a fault left by an earlier
// kernel) is reported as the CUDA error it is.

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

    // caching == false (RLAB_NO_CUDA_MEMORY_CACHING=1): every release goes back to CUDA at once,
    // so compute-sanitizer sees a use after release instead of a reused block.
    CachingPool(Kind kind, PendingUse pendingUse, bool caching);
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
    const char* mallocName() const;
    [[noreturn]] void throwOutOfMemory(std::size_t bytes, MemoryCategory category) const;

    Kind m_kind;
    PendingUse m_pendingUse;
    bool m_caching = true;
    mutable std::mutex m_mutex;
    std::multimap<std::size_t, Block> m_free; // by rounded size
    std::uint64_t m_reserved = 0; // bytes held from the device, in use or cached
};

} // namespace rlab::cuda
