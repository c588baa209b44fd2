#include "demoestimate.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include <QCoreApplication>
#include <QLocale>

#include "rlab/engine.h"

namespace rlab::demo {

namespace {
constexpr std::size_t kSpeedsKept = 16; // the latest runs; the machine's load changes
std::vector<double>& speeds()
{
    static std::vector<double> recorded;
    return recorded;
}

struct Taken {
    double ratio = 1; // taken over the FLOP estimate, bounded
    double flopSeconds = 0, seconds = 0; // the FLOP estimate and the time taken
    int runs = 0; // how many engine runs the demo made (0: not said)
};

std::map<QString, Taken>& takenByPreset()
{
    static std::map<QString, Taken> taken;
    return taken;
}

// What each run costs beside its FLOPs (building the model, the profiled step), learned from the
// presets run so far: taken ≈ a × FLOP estimate + b × runs, least squares. nullopt with fewer than
// two presets that said their runs, or a fit that is not positive.
std::optional<std::pair<double, double>> fitOverhead()
{
    double xx = 0, xr = 0, rr = 0, xt = 0, rt = 0;
    int n = 0;
    for (const auto& [preset, t] : takenByPreset()) {
        if (t.runs <= 0 || t.flopSeconds <= 0)
            continue;
        xx += t.flopSeconds * t.flopSeconds;
        xr += t.flopSeconds * t.runs;
        rr += double(t.runs) * t.runs;
        xt += t.flopSeconds * t.seconds;
        rt += double(t.runs) * t.seconds;
        ++n;
    }
    const double det = xx * rr - xr * xr;
    if (n < 2 || det <= 1e-12 * xx * rr)
        return std::nullopt;
    const double a = (xt * rr - rt * xr) / det;
    const double b = (xx * rt - xr * xt) / det;
    if (a <= 0 || b < 0)
        return std::nullopt;
    return std::pair {a, b};
}
} // namespace

void recordEstimateTaken(const QString& presetId, double estimatedSeconds, double takenSeconds, int runs)
{
    if (estimatedSeconds <= 0 || takenSeconds <= 0)
        return;
    takenByPreset()[presetId] = Taken {
        std::clamp(takenSeconds / estimatedSeconds, 0.5, 10.0), estimatedSeconds, takenSeconds, runs};
}

double correctedEstimate(const QString& presetId, double estimatedSeconds, int runs)
{
    const std::map<QString, Taken>& taken = takenByPreset();
    if (const auto own = taken.find(presetId); own != taken.end())
        return estimatedSeconds * own->second.ratio;
    if (taken.empty())
        return estimatedSeconds;
    if (const auto fit = runs > 0 ? fitOverhead() : std::nullopt)
        return std::clamp(fit->first * estimatedSeconds + fit->second * runs, 0.5 * estimatedSeconds,
            10.0 * estimatedSeconds);
    std::vector<double> sorted;
    sorted.reserve(taken.size());
    for (const auto& [preset, t] : taken)
        sorted.push_back(t.ratio);
    std::sort(sorted.begin(), sorted.end());
    return estimatedSeconds * sorted[sorted.size() / 2];
}

void clearEstimateCorrections()
{
    takenByPreset().clear();
}

void recordMeasuredSpeed(const rlab::RunResult& run)
{
    const double flops = run.forwardFlops + run.backwardFlops + run.recomputeFlops;
    if (flops <= 0 || run.stepMsMedian <= 0)
        return;
    std::vector<double>& kept = speeds();
    kept.push_back(flops / run.stepMsMedian);
    if (kept.size() > kSpeedsKept)
        kept.erase(kept.begin());
}

std::optional<double> measuredFlopsPerMs()
{
    std::vector<double> sorted = speeds();
    if (sorted.empty())
        return std::nullopt;
    std::sort(sorted.begin(), sorted.end());
    return sorted[sorted.size() / 2];
}

void clearMeasuredSpeed()
{
    speeds().clear();
}

double estimateDemoSeconds(const QList<DemoRunPlan>& plans, double flopsPerMs)
{
    if (flopsPerMs <= 0)
        return 0;
    double ms = 0;
    for (const DemoRunPlan& plan : plans) {
        std::string error;
        const std::optional<rlab::Prediction> predicted = rlab::predict(plan.config, &error);
        if (!predicted)
            continue;
        const double stepMs
            = (predicted->forwardFlops + predicted->backwardFlops + predicted->recomputeFlops) / flopsPerMs;
        const double timed = std::max(plan.config.steps * stepMs, plan.config.minTimeSeconds * 1000.0);
        ms += plan.config.warmupSteps * stepMs + timed;
    }
    return ms / 1000.0;
}

QString demoEstimateText(double seconds)
{
    // Whole seconds from ten on, one decimal below: the estimate is not finer than that.
    const QString figure = seconds >= 10 ? QLocale().toString(std::round(seconds), 'f', 0)
                                         : QLocale().toString(std::max(seconds, 0.1), 'f', 1);
    return QCoreApplication::translate("DemoEstimate",
        "About %1 s (an estimate: the predicted FLOPs at the speed this machine measured in earlier runs).")
        .arg(figure);
}

QString demoConfirmText(double seconds)
{
    return QCoreApplication::translate("DemoEstimate",
        "This run takes about %1 s at these sizes. Press Run again to start it, or choose smaller sizes.")
        .arg(QLocale().toString(std::round(seconds), 'f', 0));
}

double cpuShare(double cpuSeconds, double wallSeconds, int threads)
{
    if (wallSeconds <= 0 || threads <= 0 || cpuSeconds < 0)
        return 1;
    return cpuSeconds / (wallSeconds * threads);
}

QString busyText(double share)
{
    if (!(share < kBusyShare))
        return {};
    return QCoreApplication::translate("DemoEstimate",
        "This machine is busy: the run had %1% of its processor time, so its times are longer and noisier.")
        .arg(QLocale().toString(std::round(100 * std::max(share, 0.0)), 'f', 0));
}

} // namespace rlab::demo
