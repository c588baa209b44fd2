#pragma once
// What to run: the model's shape, the recomputation policy and the training settings.

#include <cstdint>
#include <string>

#include "rlab/words.h"

namespace rlab {

// With a time budget, at least this many measured steps: the fewest whose order statistics
// bound the median with 95% confidence (1 - 2 / 2^6 = 0.969).
constexpr int kMinTimedSteps = 6;
// Step times are judged by rounds: a run's timed steps, in order, form this many rounds of nearly
// equal length (one step each when there are fewer), and each round's median is one sample of the
// step time (see rlab::roundMedians). Twelve is the fewest whose 95% interval of the median drops
// the two most extreme rounds at each end ([x3, x10], 96.1%), so one slow spell sets no bound alone.
constexpr int kTimingRounds = 12;

struct RunConfig {
    ModelShape shape;
    RecomputePolicy policy;
    int steps = 10;
    int warmupSteps = 1; // excluded from step_ms
    // > 0: after `steps`, keep training until this much measured time (warm-up excluded) is spent
    // and at least kMinTimedSteps steps are measured, so step_ms_ci95 is a 95% interval; never
    // beyond maxSteps.
    double minTimeSeconds = 0;
    int maxSteps = 1000;
    std::uint64_t seed = 1234;
    float dropout = 0.1f;
    float learningRate = 1e-3f;
    Optimizer optimizer = kDefaultOptimizer;
    SavePrecision savePrecision = kDefaultSavePrecision;
    // Predicted only (the planner; run() refuses them): bf16 weights and gradients with fp32 master
    // weights in the optimizer state.
    SavePrecision weightPrecision = SavePrecision::Fp32;
    // --attention fused (docs/fused-attention.md): attention that keeps no T x T probabilities (only
    // each row's logsumexp) and recomputes them in backward, as FlashAttention does; CPU only.
    bool fusedAttention = false;
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
