#include "demofrontier.h"

#include <algorithm>

#include "rlab/config.h"

namespace rlab::demo {

QList<FrontierPoint> frontierPoints(const QList<DemoResult>& results)
{
    QList<FrontierPoint> budgets, named;
    for (const DemoResult& result : results) {
        if (result.sweepValue != results.front().sweepValue)
            continue;
        const rlab::RunResult& run = result.run;
        FrontierPoint point;
        point.label = result.label;
        point.budget = run.config.policy.kind == rlab::PolicyKind::Budget;
        point.budgetBytes = point.budget ? run.config.policy.budgetBytes : 0;
        point.peakBytes = run.peakActivationBytes;
        point.stepMs = run.stepMsMedian;
        point.stepLow = run.stepMsCi95Low;
        point.stepHigh = run.stepMsCi95High;
        point.recomputeFlops = run.recomputeFlops;
        (point.budget ? budgets : named).push_back(point);
    }
    std::stable_sort(budgets.begin(), budgets.end(),
        [](const FrontierPoint& a, const FrontierPoint& b) { return a.budgetBytes < b.budgetBytes; });
    return budgets + named;
}

bool hasFrontier(const QList<DemoResult>& results)
{
    const QList<FrontierPoint> points = frontierPoints(results);
    return std::count_if(points.begin(), points.end(), [](const FrontierPoint& p) { return p.budget; }) >= 2;
}

QList<int> frontierCorners(const QList<FrontierPoint>& points)
{
    QList<int> order;
    for (int i = 0; i < points.size(); ++i)
        if (points[i].budget)
            order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return points[a].peakBytes != points[b].peakBytes
            ? points[a].peakBytes < points[b].peakBytes
            : points[a].recomputeFlops < points[b].recomputeFlops;
    });
    QList<int> corners;
    for (const int i : order)
        if (corners.isEmpty() || points[i].recomputeFlops < points[corners.back()].recomputeFlops)
            corners.push_back(i);
    return corners;
}

} // namespace rlab::demo
