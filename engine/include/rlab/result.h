#pragma once
// What a run measured. Every figure here is measured by the engine, except the fields
// named predicted*/modeled*, which come from the analytic predictor.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "rlab/config.h"
#include "rlab/memory.h"

namespace rlab {

struct RunResult {
    RunConfig config;
    std::string policyName; // RecomputePolicy::name()
    std::string deviceName; // e.g. "cpu (Eigen, 2 threads)" or "NVIDIA H200"
    Device device = Device::Cpu;

    std::vector<float> loss; // per step
    std::vector<double> stepMs; // every step, warm-up included (stepMsAll)
    // The median of the round medians (roundMedians of the timed steps, warm-up excluded).
    double stepMsMedian = 0;
    double stepMsMin = 0, stepMsMax = 0; // spread of single steps, warm-up excluded
    // Distribution-free 95% interval of that median from the round medians (order statistics);
    // [min, max] with fewer than kMinTimedSteps rounds, where it covers less.
    // For a CPU run with a time budget, that interval widened by the machine's speed wander
    // between runs (rlab/wander.h), so that a rerun falls inside it.
    double stepMsCi95Low = 0, stepMsCi95High = 0;
    std::vector<double> stepMsRounds; // the round medians, in order
    // The interval over the rounds alone, and the wander that widened it (sd of the log of recent
    // runs' yardstick medians, and how many runs; 0 runs: not widened).
    double stepMsRoundsCi95Low = 0, stepMsRoundsCi95High = 0;
    double stepMsWanderSd = 0;
    int stepMsWanderRuns = 0;
    int segmentBlocks = 0; // blocks per recomputed segment of the plan (1: full, 0: none recomputed)

    std::uint64_t peakBytes = 0; // all device categories together
    std::uint64_t peakActivationBytes = 0; // SavedActivations + RecomputeWorkspace
    std::uint64_t predictedPeakActivationBytes = 0; // from the predictor, before running
    std::map<std::string, std::uint64_t> bytesByCategory; // per-category peak, by memoryCategoryName
    std::uint64_t reservedBytes = 0; // caching pool's reservation (== peak on CPU)
    std::uint64_t deviceFreeBytes = 0, deviceTotalBytes = 0; // cudaMemGetInfo; 0 on CPU

    double forwardFlops = 0; // one step's forward
    double backwardFlops = 0; // one step's backward
    double recomputeFlops = 0; // one step's recompute (0 for none)

    std::uint64_t offloadBytes = 0; // bytes copied to and from the host pool per step
    double offloadMs = 0; // time spent in those copies per step

    double gradChecksum = 0; // sum of |g| over all first-step gradients, in double
    double gradMaxAbsDiffVsNone = -1; // filled by callers that compare against a `none` run

    std::vector<TimelineEvent> timeline; // one measured step (the last), when recorded
    MemoryRecording memory; // that step's device allocations and releases (rlab/memory_export.h)

    // First-step gradients by parameter name, when RunConfig::keepGradients is set.
    std::map<std::string, std::vector<float>> gradients;

    std::string toJson() const; // the `rlab run --json` object (docs/cli.md contract)
};

} // namespace rlab
