#pragma once
// One finished engine run of a demo, with the label and sweep point it was run for.

#include <QString>

#include "rlab/result.h"

struct DemoResult {
    QString label; // the run's label from the preset, e.g. "full + offload"
    QString sweepParameter; // "layers", "seq", ... ; empty without a sweep
    int sweepValue = 0; // the swept parameter's value for this run
    rlab::RunResult run;

    // "full + offload" or "full + offload, layers = 8" for sweeps.
    QString title() const;
};
