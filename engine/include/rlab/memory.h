#pragma once
// Tracking allocator: every byte the engine uses goes through one of these per device.

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "rlab/words.h" // MemoryCategory, its names and kMemoryCategories

namespace rlab {

enum class Phase { Setup, Forward, Recompute, Backward, Optimizer };
std::string_view phaseName(Phase phase); // "forward", "recompute", ...

// One op of a step: when it ran and what memory looked like after it.
struct TimelineEvent {
    double startMs = 0; // from the start of the recorded step
    double endMs = 0;
    Phase phase = Phase::Forward;
    int block = -1; // -1 outside the blocks (embedding, head, loss)
    std::string op;
    std::uint64_t liveBytes = 0; // all categories except HostOffloaded, after the op
    std::uint64_t activationBytes = 0; // SavedActivations + RecomputeWorkspace, after the op
    std::uint64_t hostBytes = 0; // HostOffloaded, after the op
    std::array<std::uint64_t, kMemoryCategoryCount> bytesByCategory {}; // live per category, after the op
};

// One block of memory as the allocator handed it out.
struct MemoryBlock {
    std::uint64_t address = 0;
    std::uint64_t bytes = 0;
    MemoryCategory category = MemoryCategory::Temporaries;
    int tag = -1; // the ledger row it belongs to (rlab/ledger.h); -1: none
};

// One allocation or release during a recorded step, in the order they happened.
struct AllocationEvent {
    double timeUs = 0; // from the start of the recorded step
    bool allocated = true; // false: released
    MemoryBlock block;
    int op = -1; // index into the step's timeline of the op it happened in; -1 between ops
};

// Memory a pool holds from the system (aligned_alloc, cudaMalloc), handed out as blocks: what
// PyTorch's snapshot calls a segment.
struct MemorySegment {
    std::uint64_t address = 0;
    std::uint64_t bytes = 0;
};

// A pool taking a segment from the system or giving one back during a recorded step.
struct SegmentEvent {
    double timeUs = 0;
    bool taken = true; // false: given back
    MemorySegment segment;
    std::size_t beforeEvent = 0; // index in MemoryRecording::events of the block event it precedes
};

// Every allocation and release of one step on one allocator: what the memory exports replay.
struct MemoryRecording {
    std::vector<MemoryBlock> liveAtStart; // blocks already held when the step began (parameters, ...)
    std::vector<AllocationEvent> events;
    std::vector<MemorySegment> segmentsAtStart; // by address
    std::vector<SegmentEvent> segmentEvents;
};

struct MemoryStats {
    std::array<std::uint64_t, kMemoryCategoryCount> live {};
    std::array<std::uint64_t, kMemoryCategoryCount> peak {}; // per-category peak
    std::uint64_t liveTotal = 0; // device categories (HostOffloaded excluded)
    std::uint64_t peakTotal = 0; // peak of liveTotal
    std::uint64_t liveActivations = 0; // SavedActivations + RecomputeWorkspace
    std::uint64_t peakActivations = 0; // peak of liveActivations
    std::uint64_t reservedBytes = 0; // held from the device by a caching pool (== live without one)
};

// Counts bytes by category. Backends supply the raw allocation (malloc, cudaMalloc, pinned host).
class TrackingAllocator {
public:
    virtual ~TrackingAllocator() = default;
    void* allocate(std::size_t bytes, MemoryCategory category);
    void release(void* ptr, std::size_t bytes, MemoryCategory category);
    MemoryStats stats() const;
    void resetPeaks(); // peaks restart from the current live bytes

    // Records every allocation and release from now until takeRecording(), timed from `origin`.
    void startRecording(std::chrono::steady_clock::time_point origin);
    void setRecordedOp(int op); // the op the next events belong to; -1 between ops
    // The ledger row (rlab/ledger.h) the next allocations belong to, carried by their blocks and
    // so by their release events; -1: none. The trainer sets it where it places a tensor.
    void setTag(int tag);
    MemoryRecording takeRecording(); // and stops recording

protected:
    virtual void* rawAllocate(std::size_t bytes, MemoryCategory category) = 0; // throws OutOfMemory
    virtual void rawRelease(void* ptr, std::size_t bytes, MemoryCategory category) = 0;
    virtual std::uint64_t reserved() const; // default: live bytes
    // A pool says when it takes memory from the system and gives it back (not when it hands a
    // cached block out again), so a recording holds the pool's real segments. Not under the
    // pool's own lock: stats() calls reserved() under this allocator's.
    void segmentTaken(const void* ptr, std::size_t bytes);
    void segmentGivenBack(const void* ptr);

private:
    mutable std::mutex m_mutex;
    MemoryStats m_stats;
    std::unordered_map<const void*, MemoryBlock> m_blocks; // live blocks, for a recording's start
    std::map<std::uint64_t, std::uint64_t> m_segments; // address -> bytes, held from the system
    bool m_recording = false;
    int m_recordedOp = -1;
    int m_tag = -1;
    std::chrono::steady_clock::time_point m_origin;
    MemoryRecording m_recorded;
};

} // namespace rlab
