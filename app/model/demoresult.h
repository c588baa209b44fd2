#pragma once
// One finished engine run of a demo, with the label and sweep point it was run for.

#include <cstdint>

#include <QString>

#include "rlab/result.h"

struct DemoResult {
    QString label; // the run's label from the preset, e.g. "full + offload"
    QString sweepParameter; // "layers", "seq", ... ; empty without a sweep
    int sweepValue = 0; // the swept parameter's value for this run
    rlab::RunResult run;
    double gradError = -1; // max |g - g_none| / max |g_none| on the first step; -1: not compared
    double lossDifference = -1; // largest |loss - none's loss| over the steps both ran; -1: not compared
    double predictedPcieMs = 0; // the offloaded bytes over PCIe (predicted, not measured)

    // "full + offload" or "full + offload, layers = 8" for sweeps.
    QString title() const;
    // The run's measured peak of one memory category (0 when the engine did not use it).
    std::uint64_t peakBytes(rlab::MemoryCategory category) const;
};
