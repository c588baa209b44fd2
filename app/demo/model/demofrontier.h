#pragma once
// The memory-time frontier of a demo with budget:<bytes> runs, without widgets: each run a point
// (measured peak activation bytes against measured step time with its interval, and against
// counted recompute FLOPs), and the frontier through the budget runs as the claims draw it
// (rlab::demo's on_frontier): at each memory, the budget run with the least recompute FLOPs among
// those that keep no more.

#include <cstdint>

#include <QList>
#include <QString>

#include "demo/model/demoresult.h"

namespace rlab::demo {

struct FrontierPoint {
    QString label;
    bool budget = false; // a budget:<bytes> run (a point the frontier is drawn through)
    std::uint64_t budgetBytes = 0;
    std::uint64_t peakBytes = 0; // measured
    double stepMs = 0, stepLow = 0, stepHigh = 0; // measured, with the 95% interval
    double recomputeFlops = 0; // counted
};

// The runs at the first sweep value (the preset's own sizes), budget runs by budget, then the others.
QList<FrontierPoint> frontierPoints(const QList<DemoResult>& results);
// Whether the results hold a frontier to draw: two or more budget runs.
bool hasFrontier(const QList<DemoResult>& results);
// The frontier's corners, by peak bytes: each budget point that no budget point keeping no more
// beats on recompute FLOPs (ties: the one that keeps less). Indexes into `points`.
QList<int> frontierCorners(const QList<FrontierPoint>& points);

} // namespace rlab::demo
