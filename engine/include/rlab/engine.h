#pragma once
// The engine's public face: validate a configuration, predict its memory, run it.
// No Qt, no YAML: the app and `rlab` call only this.

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "rlab/config.h"
#include "rlab/devices.h"
#include "rlab/errors.h"
#include "rlab/memory.h"
#include "rlab/result.h"

namespace rlab {

struct Progress {
    int step = 0; // 0-based
    int steps = 0;
    Phase phase = Phase::Setup;
    int block = -1;
    double fraction = 0; // of the whole run, 0..1
    float lastLoss = 0; // loss of the last finished step (NaN before the first)
};
using ProgressCallback = std::function<void(const Progress&)>;

// Checks sizes, policy and limits without allocating; nullopt when fine, else one sentence.
std::optional<std::string> validate(const RunConfig& config);

// The memory a run on `device` may take now: on the CPU the least of the machine's memory, what
// the kernel counts as available (MemAvailable), the cgroup's memory.max less its use (its
// parents' too) and RLIMIT_AS less the address space in use; on a GPU its total. `limit` names
// the bound that decides, for a sentence ("the cgroup's memory.max less what it uses").
struct MemoryAvailable {
    std::uint64_t bytes = 0; // 0: unknown
    std::string limit;
};
MemoryAvailable availableMemory(Device device);

// Analytic peak of SavedActivations + RecomputeWorkspace for this configuration, from the op graph.
std::uint64_t predictPeakActivationBytes(const RunConfig& config);
// Analytic total peak (parameters, gradients, optimizer state, activations, temporaries and,
// on CUDA, the backend's workspace).
std::uint64_t predictPeakBytes(const RunConfig& config);

// The predictor's figures for one configuration, from the plan alone: nothing is allocated, so
// it answers for real model sizes.
struct Prediction {
    MemoryStats memory; // peaks by category as the allocators would report them after a step
    double forwardFlops = 0; // one step, as the trainer counts them
    double backwardFlops = 0;
    double recomputeFlops = 0;
    // The plan's shape, for code that does the same elsewhere: blocks per segment (the longest; 1
    // when each block is its own), and how many single blocks keep only their input or, as
    // selective does, the matmul outputs (the rest keep everything).
    int segmentBlocks = 1;
    int inputOnlyBlocks = 0;
    int matmulOutputBlocks = 0;
};
// Checks the configuration as validate() does but against no memory limit; nullopt with *error
// set to one sentence when a size is impossible, a count does not fit 64 bits or no plan meets
// a budget policy's budget.
std::optional<Prediction> predict(const RunConfig& config, std::string* error);

// Runs training. Calls `progress` from the calling thread between ops (per step and per phase).
// Checks `cancel` between ops; throws Cancelled, RunError or OutOfMemory. Whatever happens,
// all memory is released before return: the device allocator is back at zero live bytes.
RunResult run(const RunConfig& config, const ProgressCallback& progress = {},
    const std::atomic<bool>* cancel = nullptr);

// One run advanced a step at a time, so a demo can interleave its runs (in rounds, and a slow
// spell of the machine then hits every run alike). Each run has its own backend and allocator,
// so its memory figures stay its own. run() is a Training stepped until finished().
class Training {
public:
    // Validates, plans and sets up (parameters on the device); throws as run() does.
    explicit Training(
        const RunConfig& config, ProgressCallback progress = {}, const std::atomic<bool>* cancel = nullptr);
    ~Training();
    Training(const Training&) = delete;
    Training& operator=(const Training&) = delete;

    // All of config.steps done and, with minTimeSeconds, the time budget spent (or maxSteps reached).
    bool finished() const;
    void step(); // one more training step
    double measuredMs() const; // step time so far, warm-up excluded
    RunResult finish(); // the result; gives every byte back. Call once.
    // A copy for timing only: the same configuration, plan and initial weights in its own backend
    // and memory, without drawing the weights again; it records no timeline, keeps no gradients
    // and has no time budget. A demo's timing rounds step several, so where buffers land is sampled.
    std::unique_ptr<Training> timingCopy(const std::atomic<bool>* cancel = nullptr) const;

private:
    struct State;
    Training();
    std::unique_ptr<State> m_state;
};

// How far one run's first-step gradients are from another's: the largest elementwise |a - b|,
// in double. NaN when the two do not hold the same tensors of the same sizes.
double maxAbsDifference(std::span<const float> a, std::span<const float> b);
double maxAbsDifference(
    const std::map<std::string, std::vector<float>>& a, const std::map<std::string, std::vector<float>>& b);

// The median of step times and its distribution-free 95% interval: order statistics j and
// n+1-j with P(Binomial(n, 1/2) < j) <= 2.5%; [min, max] when n < kMinTimedSteps.
struct MedianInterval {
    double median = 0, low = 0, high = 0;
};
MedianInterval medianInterval95(std::vector<double> samples);
// The timed steps' round medians, in order: the steps split into min(n, kTimingRounds) contiguous
// rounds of nearly equal length. The machine's speed drifts over seconds (other processes and
// tenants, clock), so neighbouring steps are not independent samples and a per-step interval would
// describe only the noise within a few hundred milliseconds; rounds spread over the whole measured
// time show that drift in the interval (step_ms_ci95 is medianInterval95 of these).
std::vector<double> roundMedians(const std::vector<double>& timed);

// Blocks per segment that keep the least activations: round(sqrt(N * checkpoint / block bytes)),
// the length segment:best runs.
int bestSegmentBlocks(const RunConfig& config);

// Devices the engine can use, and why CUDA is not usable when it is not.
std::vector<DeviceInfo> listDevices();
bool cudaUsable(); // a CUDA device is present and works (false when built without CUDA)

// Live bytes of the allocators of every device right now (tests: zero after any run).
std::uint64_t liveEngineBytes();

} // namespace rlab
