#pragma once
// The engine's public face: validate a configuration, predict its memory, run it.
// No Qt, no YAML: the app and `rlab` call only this.

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "rlab/config.h"
#include "rlab/memory.h"
#include "rlab/result.h"

namespace rlab {

// A failure the user should read: one sentence.
class RunError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};
class OutOfMemory : public RunError {
public:
    using RunError::RunError;
};
class Cancelled : public RunError {
public:
    Cancelled()
        : RunError("The run was cancelled.")
    {
    }
};

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

// Analytic peak of SavedActivations + RecomputeWorkspace for this configuration, from the op graph.
std::uint64_t predictPeakActivationBytes(const RunConfig& config);
// Analytic total peak (parameters, gradients, optimizer state, activations, temporaries).
std::uint64_t predictPeakBytes(const RunConfig& config);

// Runs training. Calls `progress` from the calling thread between ops (per step and per phase).
// Checks `cancel` between ops; throws Cancelled, RunError or OutOfMemory. Whatever happens,
// all memory is released before return: the device allocator is back at zero live bytes.
RunResult run(const RunConfig& config, const ProgressCallback& progress = {},
    const std::atomic<bool>* cancel = nullptr);

// How far one run's first-step gradients are from another's: the largest elementwise |a - b|,
// in double. NaN when the two do not hold the same tensors of the same sizes.
double maxAbsDifference(std::span<const float> a, std::span<const float> b);
double maxAbsDifference(
    const std::map<std::string, std::vector<float>>& a, const std::map<std::string, std::vector<float>>& b);

// Devices the engine can use, and why CUDA is not usable when it is not.
struct DeviceInfo {
    Device device = Device::Cpu;
    bool usable = false;
    std::string name; // "cpu (Eigen, 2 threads)", "NVIDIA H200 (sm_90, 139 GiB)"
    std::string reason; // why not usable, one sentence
    std::uint64_t totalBytes = 0;
};
std::vector<DeviceInfo> listDevices();
bool cudaUsable(); // a CUDA device is present and works (false when built without CUDA)

// Live bytes of the allocators of every device right now (tests: zero after any run).
std::uint64_t liveEngineBytes();

} // namespace rlab
