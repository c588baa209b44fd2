// One region at a time: the caller publishes the job under the mutex and bumps the generation;
// each worker runs its part and counts itself done. Waiting is a spin on the atomics of up to 20
// microseconds (a region follows the last within microseconds during a step), then a
// condition-variable wait.
#include "thread_pool.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace rlab {

namespace {

// A waiting thread spins on pause instructions, first a fixed count, then until kSpinningWait has
// passed, and only then sleeps: a region follows the last within microseconds during a step, and a
// sleeping thread costs a wake-up per region, which on an idle 2-vCPU guest (a halted vCPU takes tens
// of microseconds to wake) made two threads slower than one (measured, none at N=4 d=64 T=64 B=4:
// 9.4 ms against 4.5 on one thread; now 3.0; at the demo shape N=12 d=128: 66 ms, now 47.5, one
// thread 85-90). Longer spins cost a busy machine its slices: with one other busy process on the
// two cores, 200 us made those steps 34 and 200 ms, 20 us 8.8 and 108, a bare 256 pauses 5.8 and 97;
// yielding instead of pausing was worse still (sched_yield hands the core away for a whole slice).
constexpr int kSpins = 256;
constexpr auto kSpinningWait = std::chrono::microseconds(20);

void relax()
{
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#else
    std::this_thread::yield();
#endif
}

template<class Ready> bool spinUntil(Ready&& ready)
{
    for (int i = 0; i < kSpins; ++i) {
        if (ready())
            return true;
        relax();
    }
    const auto until = std::chrono::steady_clock::now() + kSpinningWait;
    do {
        for (int i = 0; i < 64; ++i) {
            if (ready())
                return true;
            relax();
        }
    } while (std::chrono::steady_clock::now() < until);
    return ready();
}

thread_local bool t_inRegion = false;

class ThreadPool {
public:
    ThreadPool() = default;
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    ~ThreadPool()
    {
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_stop = true;
            m_generation.fetch_add(1, std::memory_order_release);
        }
        m_wake.notify_all();
        for (std::thread& worker : m_workers)
            worker.join();
    }

    // False when another thread's region holds the team: the caller then runs alone.
    bool run(int parts, RegionPart part, void* context)
    {
        std::unique_lock<std::mutex> region(m_regionMutex, std::try_to_lock);
        if (!region.owns_lock())
            return false;
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            while (static_cast<int>(m_workers.size()) < parts - 1) {
                const int index = static_cast<int>(m_workers.size()) + 1;
                m_workers.emplace_back([this, index] { work(index); });
            }
            m_part = part;
            m_context = context;
            m_parts = parts;
            m_pending.store(static_cast<int>(m_workers.size()), std::memory_order_relaxed);
            m_generation.fetch_add(1, std::memory_order_release);
        }
        m_wake.notify_all();
        runPart(part, context, 0, parts);
        if (!spinUntil([this] { return m_pending.load(std::memory_order_acquire) == 0; })) {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_done.wait(lock, [this] { return m_pending.load(std::memory_order_acquire) == 0; });
        }
        return true;
    }

private:
    static void runPart(RegionPart part, void* context, int index, int parts)
    {
        t_inRegion = true;
        part(context, index, parts);
        t_inRegion = false;
    }

    void work(int index)
    {
        std::uint64_t seen = 0;
        for (;;) {
            const auto changed = [&] { return m_generation.load(std::memory_order_acquire) != seen; };
            if (!spinUntil(changed)) {
                std::unique_lock<std::mutex> lock(m_mutex);
                m_wake.wait(lock, changed);
            }
            RegionPart part = nullptr;
            void* context = nullptr;
            int parts = 0;
            {
                const std::lock_guard<std::mutex> lock(m_mutex);
                if (m_stop)
                    return;
                seen = m_generation.load(std::memory_order_relaxed);
                part = m_part;
                context = m_context;
                parts = m_parts;
            }
            // A team grown for a wider region sits out a narrower one, but still reports back.
            if (index < parts)
                runPart(part, context, index, parts);
            if (m_pending.fetch_sub(1, std::memory_order_acq_rel) == 1) {
                const std::lock_guard<std::mutex> lock(m_mutex);
                m_done.notify_one();
            }
        }
    }

    std::mutex m_regionMutex; // held by the thread whose region runs
    std::mutex m_mutex; // guards the job, the team and the sleeping waits
    std::condition_variable m_wake;
    std::condition_variable m_done;
    std::vector<std::thread> m_workers;
    std::atomic<std::uint64_t> m_generation {0};
    std::atomic<int> m_pending {0};
    RegionPart m_part = nullptr;
    void* m_context = nullptr;
    int m_parts = 0;
    bool m_stop = false;
};

} // namespace

void runParts(int parts, RegionPart part, void* context)
{
    static ThreadPool pool;
    if (parts <= 1 || t_inRegion || !pool.run(parts, part, context))
        part(context, 0, 1);
}

} // namespace rlab
