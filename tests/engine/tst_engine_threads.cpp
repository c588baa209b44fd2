// The CPU backend's thread team (engine/src/thread_pool.h): every part of a region runs once, a
// region inside a region or beside another thread's runs on its caller, and a step's gradients
// are the same bits for every thread count.
#include <atomic>
#include <thread>
#include <vector>

#include "engine_cases.h"
#include "rlab/engine.h"
#include "rlab_test.h"
#include "thread_pool.h"

using namespace rlab;

namespace {

// Each part's count of runs, its thread and the team size it was told.
struct Tally {
    std::vector<std::atomic<int>> runs;
    std::vector<std::thread::id> ids;
    std::vector<int> parts;
    explicit Tally(int n)
        : runs(n)
        , ids(n)
        , parts(n)
    {
    }
};

void countPart(void* context, int part, int parts)
{
    auto* tally = static_cast<Tally*>(context);
    tally->runs[part].fetch_add(1);
    tally->ids[part] = std::this_thread::get_id();
    tally->parts[part] = parts;
}

RunConfig demoBlocks(int threads)
{
    RunConfig c;
    c.threads = threads;
    c.keepGradients = true;
    c.shape = ModelShape {2, 128, 4, 64, 8, 256}; // the demo's widths: every op splits over threads
    c.steps = 1; // dropout stays at its default, 0.1: its masks are drawn per thread's share too
    c.warmupSteps = 0;
    return c;
}

} // namespace

RLAB_TEST(everyPartRunsOnceOnItsOwnThread)
{
    for (int parts = 1; parts <= 5; ++parts) {
        for (int repeat = 0; repeat < 50; ++repeat) { // many regions: the workers sleep and wake between
            Tally tally(parts);
            runParts(parts, countPart, &tally);
            for (int p = 0; p < parts; ++p) {
                RLAB_CHECK_EQ(tally.runs[p].load(), 1);
                RLAB_CHECK_EQ(tally.parts[p], parts);
                for (int q = 0; q < p; ++q)
                    RLAB_CHECK(tally.ids[p] != tally.ids[q]);
            }
            RLAB_CHECK(tally.ids[0] == std::this_thread::get_id());
        }
    }
}

RLAB_TEST(aRegionInsideARegionRunsOnItsCaller)
{
    struct Nest {
        std::atomic<int> innerParts {0};
        std::atomic<int> innerRuns {0};
    } nest;
    runParts(
        3,
        [](void* context, int, int) {
            runParts(
                4,
                [](void* inner, int, int parts) {
                    static_cast<Nest*>(inner)->innerParts.store(parts);
                    static_cast<Nest*>(inner)->innerRuns.fetch_add(1);
                },
                context);
        },
        &nest);
    RLAB_CHECK_EQ(nest.innerParts.load(), 1);
    RLAB_CHECK_EQ(nest.innerRuns.load(), 3);
}

// Two threads starting regions at once: one gets the team, the other runs alone; both finish.
RLAB_TEST(regionsFromTwoThreadsBothFinish)
{
    std::atomic<long> total {0};
    const auto many = [&total] {
        for (int i = 0; i < 2000; ++i)
            runParts(
                2, [](void* context, int, int) { static_cast<std::atomic<long>*>(context)->fetch_add(1); },
                &total);
    };
    std::thread other(many);
    many();
    other.join();
    RLAB_CHECK(total.load() >= 4000); // 2 per region with the team, 1 without it
    RLAB_CHECK(total.load() <= 8000);
}

RLAB_TEST(gradientsAreTheSameForEveryThreadCount)
{
    const RunResult one = run(demoBlocks(1));
    for (int threads : {2, 3}) {
        const RunResult r = run(demoBlocks(threads));
        RLAB_CHECK_EQ(r.loss, one.loss);
        const std::string differs = test::gradientBitDifference(r.gradients, one.gradients);
        RLAB_CHECK_MSG(differs.empty(), differs + " with " + std::to_string(threads) + " threads");
    }
}

RLAB_TEST_MAIN("")
