#pragma once
// How long a demo will take, before it starts: the engine's predicted FLOPs of each run's steps at
// the speed this machine measured in the demos run so far this session. An estimate, said so; none
// before the first run has measured the machine.

#include <optional>

#include <QList>
#include <QString>

#include "demo/model/demorunner.h" // DemoRunPlan
#include "rlab/result.h"

namespace rlab::demo {

// Records a finished run's speed: its counted FLOPs a step over its median step time.
void recordMeasuredSpeed(const rlab::RunResult& run);
// The machine's measured speed, FLOPs per millisecond: the median of the runs recorded; nullopt
// before any.
std::optional<double> measuredFlopsPerMs();
// Forgets the measured speed (tests).
void clearMeasuredSpeed();

// Seconds the plans' runs take at `flopsPerMs`: each run's warm-up and timed steps, and at least its
// time budget (min_time) of timed steps.
double estimateDemoSeconds(const QList<DemoRunPlan>& plans, double flopsPerMs);

// What the FLOPs leave out (building the model, the profiled step, the small ops' overhead, the
// paired timing rounds) is learned from the runs themselves: after a run, the time it took over its
// FLOP estimate is recorded for its preset, with how many engine runs it made. An estimate is then
// the FLOP estimate times the preset's latest such ratio; before the preset's own first run, a fit of
// the presets run so far, time ≈ a × FLOP estimate + b × runs (a sweep of 16 small runs pays the
// per-run part 16 times), else their median ratio, else 1 before any run finished (bounded to
// [0.5, 10] times the FLOP estimate). `runs` 0: not said, and no fit.
void recordEstimateTaken(const QString& presetId, double estimatedSeconds, double takenSeconds, int runs = 0);
double correctedEstimate(const QString& presetId, double estimatedSeconds, int runs = 0);
void clearEstimateCorrections(); // tests
// "About 40 s (estimated from the predicted FLOPs at this machine's measured speed)."
QString demoEstimateText(double seconds);

// A learner's run longer than this is asked for first: the estimate is said, and Run again starts it.
constexpr double kAskBeforeSeconds = 30;
// "This run takes about 75 s at these sizes. ...": what the Run button says before such a run.
QString demoConfirmText(double seconds);

// The machine's load, measured: the share of `threads` cores a run had, its threads' CPU time over
// its wall time. Below kBusyShare other programs took the rest, and the run's times are longer and
// noisier than this machine's own.
constexpr double kBusyShare = 0.7;
double cpuShare(double cpuSeconds, double wallSeconds, int threads);
// "This machine is busy: the run had 45% of its processor time, ..." where `share` < kBusyShare; else empty.
QString busyText(double share);

} // namespace rlab::demo
