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

    // "full + offload" or "full + offload, layers = 8" for sweeps.
    QString title() const;
    // The run's measured peak of one memory category (0 when the engine did not use it).
    std::uint64_t peakBytes(rlab::MemoryCategory category) const;
};
