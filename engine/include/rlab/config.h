#pragma once
// What to run: the model's shape, the recomputation policy and the training settings.

#include <cstdint>
#include <string>

#include "rlab/words.h"

namespace rlab {

struct RunConfig {
    ModelShape shape;
    RecomputePolicy policy;
    int steps = 10;
    int warmupSteps = 1; // excluded from step_ms
    std::uint64_t seed = 1234;
    float dropout = 0.1f;
    float learningRate = 1e-3f;
    Optimizer optimizer = Optimizer::AdamW;
    SavePrecision savePrecision = SavePrecision::Fp32;
    Device device = Device::Cpu;
    bool rngReplay = true; // false: recompute draws fresh dropout masks (wrong on purpose)
    int threads = 0; // 0: all cores
    std::uint64_t memoryLimitBytes = 0; // 0: the machine's physical memory; refuse larger predictions
    bool recordTimeline = true; // per-op timeline for one measured step
    std::string initFrom; // folder in --dump layout; empty: seeded init
    std::string dumpDir; // folder to write tokens, targets, params, first-step grads
    bool keepGradients = false; // copy first-step gradients into RunResult (tests)
};

} // namespace rlab
