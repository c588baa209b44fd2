// TrackingAllocator's bookkeeping: live and peak bytes by category, shared by every backend.
#include "rlab/memory.h"

#include <algorithm>
#include <atomic>
#include <utility>

#include "cuda_plugin_bytes.h"
#include "rlab/engine.h"

namespace rlab {

namespace {

// Live bytes of every allocator in the process, so tests can check that a run freed all.
std::atomic<std::uint64_t> g_liveEngineBytes {0};

double microsecondsSince(std::chrono::steady_clock::time_point origin)
{
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - origin).count();
}

} // namespace

void* TrackingAllocator::allocate(std::size_t bytes, MemoryCategory category)
{
    void* ptr = rawAllocate(bytes, category);
    const auto index = static_cast<std::size_t>(category);
    std::lock_guard lock(m_mutex);
    m_stats.live[index] += bytes;
    m_stats.peak[index] = std::max(m_stats.peak[index], m_stats.live[index]);
    if (isDeviceCategory(category)) {
        m_stats.liveTotal += bytes;
        m_stats.peakTotal = std::max(m_stats.peakTotal, m_stats.liveTotal);
    }
    if (isActivationCategory(category)) {
        m_stats.liveActivations += bytes;
        m_stats.peakActivations = std::max(m_stats.peakActivations, m_stats.liveActivations);
    }
    g_liveEngineBytes += bytes;
    const MemoryBlock block {reinterpret_cast<std::uintptr_t>(ptr), bytes, category, m_tag};
    m_blocks.emplace(ptr, block);
    if (m_recording)
        m_recorded.events.push_back({microsecondsSince(m_origin), true, block, m_recordedOp});
    return ptr;
}

void TrackingAllocator::release(void* ptr, std::size_t bytes, MemoryCategory category)
{
    if (!ptr)
        return;
    rawRelease(ptr, bytes, category);
    const auto index = static_cast<std::size_t>(category);
    std::lock_guard lock(m_mutex);
    m_stats.live[index] -= bytes;
    if (isDeviceCategory(category))
        m_stats.liveTotal -= bytes;
    if (isActivationCategory(category))
        m_stats.liveActivations -= bytes;
    g_liveEngineBytes -= bytes;
    int tag = -1;
    if (const auto found = m_blocks.find(ptr); found != m_blocks.end()) {
        tag = found->second.tag;
        m_blocks.erase(found);
    }
    if (m_recording)
        m_recorded.events.push_back({microsecondsSince(m_origin), false,
            {reinterpret_cast<std::uintptr_t>(ptr), bytes, category, tag}, m_recordedOp});
}

MemoryStats TrackingAllocator::stats() const
{
    std::lock_guard lock(m_mutex);
    MemoryStats out = m_stats;
    out.reservedBytes = reserved();
    return out;
}

void TrackingAllocator::resetPeaks()
{
    std::lock_guard lock(m_mutex);
    m_stats.peak = m_stats.live;
    m_stats.peakTotal = m_stats.liveTotal;
    m_stats.peakActivations = m_stats.liveActivations;
}

void TrackingAllocator::startRecording(std::chrono::steady_clock::time_point origin)
{
    std::lock_guard lock(m_mutex);
    m_recorded = {};
    for (const auto& [ptr, block] : m_blocks)
        m_recorded.liveAtStart.push_back(block);
    // By address, so a recording does not depend on the hash map's order.
    std::sort(m_recorded.liveAtStart.begin(), m_recorded.liveAtStart.end(),
        [](const MemoryBlock& a, const MemoryBlock& b) { return a.address < b.address; });
    for (const auto& [address, bytes] : m_segments)
        m_recorded.segmentsAtStart.push_back({address, bytes});
    m_origin = origin;
    m_recordedOp = -1;
    m_recording = true;
}

void TrackingAllocator::segmentTaken(const void* ptr, std::size_t bytes)
{
    const auto address = reinterpret_cast<std::uintptr_t>(ptr);
    std::lock_guard lock(m_mutex);
    m_segments[address] = bytes;
    if (m_recording)
        m_recorded.segmentEvents.push_back(
            {microsecondsSince(m_origin), true, {address, bytes}, m_recorded.events.size()});
}

void TrackingAllocator::segmentGivenBack(const void* ptr)
{
    const auto address = reinterpret_cast<std::uintptr_t>(ptr);
    std::lock_guard lock(m_mutex);
    const auto found = m_segments.find(address);
    if (found == m_segments.end())
        return;
    if (m_recording)
        m_recorded.segmentEvents.push_back(
            {microsecondsSince(m_origin), false, {address, found->second}, m_recorded.events.size()});
    m_segments.erase(found);
}

void TrackingAllocator::setRecordedOp(int op)
{
    std::lock_guard lock(m_mutex);
    m_recordedOp = op;
}

void TrackingAllocator::setTag(int tag)
{
    std::lock_guard lock(m_mutex);
    m_tag = tag;
}

MemoryRecording TrackingAllocator::takeRecording()
{
    std::lock_guard lock(m_mutex);
    m_recording = false;
    return std::exchange(m_recorded, {});
}

std::uint64_t TrackingAllocator::reserved() const
{
    return m_stats.liveTotal;
}

std::uint64_t liveEngineBytes()
{
#ifdef RLAB_INSIDE_CUDA_PLUGIN // this copy counts the plugin's own allocations (engine/src/cuda_plugin.cpp)
    return g_liveEngineBytes.load();
#else
    return g_liveEngineBytes.load() + detail::cudaPluginLiveBytes();
#endif
}

} // namespace rlab
