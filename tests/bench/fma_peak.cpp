// Benchmark (not a test): the machine's own single-precision FMA peak, the yardstick that
// bench_peak.py divides the engine's GFLOP/s by. Each thread runs chains of independent vector
// FMAs (more chains than the FMA units' latency times their count, so none waits), on one core,
// then on every core at once. A shared machine only ever slows a window down, so the best of many
// short windows is the peak.
//
//   rlab_fma_peak [--threads N] [--windows W] [--json]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <immintrin.h>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr int kChains = 16; // independent accumulators: 4-cycle latency x 2 FMA ports x 2 to spare
constexpr long kInner = 4096; // FMAs per chain per timed call

#if defined(__GNUC__)
#define RLAB_TARGET(isa) __attribute__((target(isa)))
#else
#define RLAB_TARGET(isa)
#endif

// Runs `rounds` FMAs on each of kChains accumulators of Vector (a GCC vector type, 8 or 16 floats)
// and returns their sum, so the compiler must keep every FMA. Inlined into each width's caller,
// whose target attribute picks the instructions (a * m + b contracts to one FMA there).
template<class Vector> [[gnu::always_inline]] inline float fmaChains(long rounds)
{
    constexpr int kLanes = sizeof(Vector) / sizeof(float);
    Vector acc[kChains];
    for (int c = 0; c < kChains; ++c)
        for (int l = 0; l < kLanes; ++l)
            acc[c][l] = static_cast<float>(c) * 1e-3f;
    Vector m, a;
    for (int l = 0; l < kLanes; ++l) {
        m[l] = 0.9999999f;
        a[l] = 1e-7f;
    }
    for (long r = 0; r < rounds; ++r)
        for (int c = 0; c < kChains; ++c)
            acc[c] = acc[c] * m + a;
    float total = 0;
    for (int c = 0; c < kChains; ++c)
        for (int l = 0; l < kLanes; ++l)
            total += acc[c][l];
    return total;
}

RLAB_TARGET("avx512f") float fma512(long rounds)
{
    return fmaChains<__m512>(rounds);
}

RLAB_TARGET("avx2,fma") float fma256(long rounds)
{
    return fmaChains<__m256>(rounds);
}

struct Width {
    const char* name;
    int lanes;
    float (*loop)(long);
    bool supported;
};

std::atomic<float> g_sink {0}; // keeps the results alive

// GFLOP/s of `threads` threads running the loop at once: the best window's total FLOPs over its
// slowest thread's time.
double measure(const Width& width, int threads, int windows)
{
    const double flopsPerCall = 2.0 * width.lanes * kChains * kInner;
    width.loop(kInner * 64); // warm up: wakes the vector units and raises the clock
    double best = 0;
    for (int w = 0; w < windows; ++w) {
        std::vector<double> seconds(static_cast<std::size_t>(threads));
        std::atomic<int> ready {0};
        const auto body = [&](int t) {
            ready.fetch_add(1);
            while (ready.load() < threads) { }
            const auto start = std::chrono::steady_clock::now();
            float sink = 0;
            for (int call = 0; call < 16; ++call)
                sink += width.loop(kInner);
            seconds[static_cast<std::size_t>(t)]
                = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            g_sink.store(sink, std::memory_order_relaxed);
        };
        std::vector<std::thread> pool;
        for (int t = 1; t < threads; ++t)
            pool.emplace_back(body, t);
        body(0);
        for (std::thread& t : pool)
            t.join();
        const double slowest = *std::max_element(seconds.begin(), seconds.end());
        best = std::max(best, 16.0 * flopsPerCall * threads / slowest * 1e-9);
    }
    return best;
}

} // namespace

int main(int argc, char** argv)
{
    int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    int windows = 200;
    bool json = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--json") {
            json = true;
        } else if ((arg == "--threads" || arg == "--windows") && i + 1 < argc) {
            const int value = std::atoi(argv[++i]);
            if (value < 1) {
                std::fprintf(stderr, "rlab_fma_peak: %s needs a positive whole number\n", arg.c_str());
                return 2;
            }
            (arg == "--threads" ? threads : windows) = value;
        } else {
            std::fprintf(stderr, "usage: rlab_fma_peak [--threads N] [--windows W] [--json]\n");
            return 2;
        }
    }
    __builtin_cpu_init();
    const Width widths[] = {
        {"avx512", 16, fma512, __builtin_cpu_supports("avx512f") != 0},
        {"avx2", 8, fma256, __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")},
    };
    if (json)
        std::printf("{\"threads\": %d, \"widths\": {", threads);
    bool first = true;
    for (const Width& width : widths) {
        if (!width.supported)
            continue;
        const double one = measure(width, 1, windows);
        const double all = measure(width, threads, windows);
        if (json)
            std::printf("%s\"%s\": {\"per_core\": %.2f, \"all_cores\": %.2f}", first ? "" : ", ", width.name,
                one, all);
        else
            std::printf(
                "%-7s FMA peak: %7.1f GFLOP/s on one core, %7.1f on %d\n", width.name, one, all, threads);
        first = false;
    }
    if (json)
        std::printf("}}\n");
    return first ? 1 : 0;
}
