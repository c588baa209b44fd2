#pragma once
// One finished engine run of a demo, with the label and sweep point it was run for.

#include <cstdint>
#include <optional>

#include <QList>
#include <QString>
#include <QStringList>

#include "rlab/result.h"

namespace rlab::demo {

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

// One label per result saying what sets it apart from the others: the run's label where labels
// differ, "T = 128" where sizes differ, both where both do ("full, N = 8"). Charts name their bars
// and groups with these, so no two read the same.
QStringList differingLabels(const QList<DemoResult>& results);

// The step-time overhead of `a` over `b` in percent, read from paired steps as the claims read it
// (rlab::demo::pairedStepRatio: a's k-th timed step over b's); nullopt when the difference is the
// same within noise: the paired 95% interval holds 1 or, without paired steps, the two runs' own
// intervals overlap. Such a difference is never shown as a ranking or a signed percentage.
std::optional<double> stepOverheadPercent(const rlab::RunResult& a, const rlab::RunResult& b);

} // namespace rlab::demo
