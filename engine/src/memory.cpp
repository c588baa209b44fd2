// TrackingAllocator's bookkeeping: live and peak bytes by category, shared by every backend.
#include "rlab/memory.h"

#include <algorithm>
#include <atomic>

#include "cuda_plugin_bytes.h"
#include "rlab/engine.h"

namespace rlab {

namespace {

// Live bytes of every allocator in the process, so tests can check that a run freed all.
std::atomic<std::uint64_t> g_liveEngineBytes {0};

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
