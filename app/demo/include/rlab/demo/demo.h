#pragma once
// A demo preset, run and judged: the preset (and the learner's sizes) become engine runs, the
// runs of each sweep point take turns step by step so a slow spell of the machine hits every
// policy alike, and the preset's claims are checked against what was measured. Plain C++ on the
// engine and the content loader, no Qt: `rlab check-claims` and the app share it.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rlab/config.h"
#include "rlab/content/content.h"
#include "rlab/content/figures.h"
#include "rlab/engine.h"
#include "rlab/memory.h"
#include "rlab/result.h"

namespace rlab::demo {

// What the learner changed: the base sizes and, when the preset allows it, selective's op kinds.
struct Choice {
    ModelShape shape;
    std::vector<OpKind> keep; // used by selective runs when the preset has userKeepChoice
};

// How runs are measured. minTimeSeconds < 0: the preset's own min_time.
struct Settings {
    double minTimeSeconds = -1;
    int maxSteps = 1000; // cap on each run's steps, whatever the time budget
    Device device = Device::Cpu;
    std::uint64_t memoryLimitBytes = 0; // 0: what the machine has available now (availableMemory)
};

// Timing copies of one sweep value's runs are built only while they need at most this much
// together (run_planned.cpp); planRuns counts it in the demo's memory.
constexpr std::uint64_t kTimingCopyBytes = std::uint64_t {512} << 20;

// One engine run the preset asks for.
struct PlannedRun {
    std::string label;
    std::string sweepParameter; // "layers", ...; empty without a sweep
    int sweepValue = 0;
    RunConfig config;
    bool reference = false; // the plain `none` run others' gradients and losses are compared against
    bool hiddenReference = false; // added only for that comparison; not one of the preset's runs
};

// A `none` run others' gradients and losses are compared with: no offload, RNG replay, fp32 storage,
// plain attention.
bool isPlainNone(const RunConfig& config);

// The preset's own sizes and selective keep list, as a starting choice.
Choice defaultChoice(const content::DemoPreset& preset);
// Why the learner's sizes cannot run, as data: the app words it in the learner's language, rlab
// in English (describe).
struct ChoiceProblem {
    enum class Kind {
        SizeBelowOne, // `size` is `value`
        SizeAboveLimit, // `size` is above `limit`, the preset's max_shape
        HeadsDoNotDivideWidth, // `value` heads, width `limit`
        KvHeadsDoNotDivideHeads, // a llama run's `value` key/value heads, `limit` heads
        OddHeadSize, // a llama run's head size `value` (width / heads): rotary pairs need it even
        NothingKept, // selective with the learner's choice, and no op kind ticked
    };
    Kind kind = Kind::SizeBelowOne;
    std::string size; // the shape field: "layers", "width", "heads", "seq", "batch", "vocab"
    int value = 0;
    int limit = 0;
};
// Nothing when the sizes are inside the preset's limits.
std::optional<ChoiceProblem> checkChoice(const content::DemoPreset& preset, const Choice& choice);
std::string describe(const ChoiceProblem& problem); // one English sentence
// The preset as engine runs, sweep value by sweep value (reference first in each). On a problem
// returns nothing and sets *error to one sentence.
std::vector<PlannedRun> planRuns(
    const content::DemoPreset& preset, const Choice& choice, const Settings& settings, std::string* error);

// PCIe 4.0 x16 moves about 25 GB/s in practice (32 GB/s raw per direction, less protocol
// overhead; NVIDIA's bandwidthTest on A100/H100-class hosts reports 24-26 GB/s pinned).
constexpr double kPcieBytesPerSecond = 25e9;
constexpr const char* kPcieSource
    = "PCIe 4.0 x16, about 25 GB/s effective per direction (pinned host memory)";

// One finished run with what the demo derives from it.
struct RunOutcome {
    std::string label;
    std::string sweepParameter;
    int sweepValue = 0;
    bool hiddenReference = false;
    RunResult result; // gradients cleared once compared
    double gradError = -1; // max |g - g_none| / max |g_none| on the first step; -1: not compared
    double lossDifference = -1; // largest |loss - none's loss| over the steps both ran; -1: not compared
    double predictedPcieMs = 0; // offload bytes per step over kPcieBytesPerSecond (predicted, not measured)
    std::string title() const; // "full + offload" or "full + offload, layers = 8"
};

struct Progress {
    double fraction = 0; // of the whole demo, 0..1
    int run = 0; // index into the planned runs of the one now stepping
    int runs = 0;
    std::string label;
    int step = 0; // of that run, 0-based
    // That run's steps in all: its `steps`, or as many as its time budget will take at the pace
    // measured so far (an estimate that settles as the run goes).
    int steps = 0;
    Phase phase = Phase::Setup;
};
// Called from the running thread, at most about ten times a second.
using ProgressCallback = std::function<void(const Progress&)>;

// Runs the planned runs, those of one sweep value together: first each run's own `steps` in
// lockstep (memory, loss, timeline, gradients), then, with time budgets, 6 to 12 timing rounds that
// share the sum of their min_time. In a round the runs step in lockstep, so round r of two runs
// covers the same stretch of time and a paired comparison sees the same machine; the L layouts of
// each run (the run and up to three copies built beside it, in other memory) take the rounds in
// contiguous blocks, each copy after a warm-up turn, so where buffers land is sampled too. A run's step_ms
// and step_ms_ci95 are the median of its round medians and the 95% interval over them (content/README.md,
// "Timing"). Throws rlab::Cancelled or rlab::RunError as rlab::run does. Results in the planned order.
std::vector<RunOutcome> runPlanned(const std::vector<PlannedRun>& runs, const ProgressCallback& progress = {},
    const std::atomic<bool>* cancel = nullptr);

// What a claim's check found.
enum class Verdict {
    Holds,
    Fails,
    WithinNoise, // a time comparison whose 95% intervals overlap: neither faster nor slower
};
std::string_view verdictName(Verdict verdict); // "holds", "fails", "same within noise"

// One measured figure a verdict rests on.
struct Figure {
    std::string run; // label; for a ratio "full / none"
    int sweepValue = 0;
    double value = 0;
    double low = 0, high = 0; // the 95% interval (step_ms); both == value for exact figures
    bool ratio = false; // a step-time ratio of paired rounds, not a time
};

struct ClaimCheck {
    std::string presetId;
    std::string claimId;
    content::ClaimQuantity quantity = content::ClaimQuantity::PeakActivationBytes;
    std::string statement; // the claim in words: "peak_activation_bytes of full below none"
    Verdict verdict = Verdict::Holds;
    std::vector<Figure> figures; // what was compared, at each sweep value it applies to
    double fitted = 0; // grows: the fitted exponent
    std::string measured; // the figures as one line of text
    std::string reason; // the preset's reason, when it does not hold and one is given
};

// Every claim of the preset against these outcomes (those of planRuns/runPlanned for it).
std::vector<ClaimCheck> checkClaims(
    const content::DemoPreset& preset, const std::vector<RunOutcome>& outcomes);

// Step times compared pairwise, round by round: the runs' first n timed steps (n the fewer of the
// two) split into the same rounds (rlab::roundMedians), and the ratio of run A's round median to
// run B's (taken in turns over the same stretch of time, so a slow spell hits both) is one sample;
// the median of those ratios with its distribution-free 95% interval. A sign test in interval
// form over rounds, not steps: a drift slower than a step but faster than the demo cancels in each
// ratio, and what is left between rounds shows in the interval.
MedianInterval pairedStepRatio(const RunResult& a, const RunResult& b);

// y = scale * x^exponent, fitted by least squares on log-log axes (the claims' `grows`).
struct PowerFit {
    double scale = 0, exponent = 0;
    bool valid = false; // at least two distinct positive x with positive y
};
PowerFit fitPowerLaw(const std::vector<std::pair<double, double>>& points);

// Where sqrt would start keeping less activation memory than full, extrapolated from measured
// peaks (layers, bytes) over a layers sweep: full as checkpoint bytes per block plus one block's
// recompute (a line in N), sqrt as proportional to sqrt(N). Nothing when they do not cross.
struct Crossing {
    double layers = 0;
    double bytes = 0; // both policies' peak there
};
// `layersSweep`: the runs of a sweep over layers, each with its layer count; the full and sqrt
// runs without offload are the ones compared.
std::optional<Crossing> sqrtOvertakesFull(const std::vector<std::pair<int, const RunResult*>>& layersSweep);

// One run's figure for `quantity` (what claims and the learner's predictions compare); nullopt
// when the run does not measure it (gradient error without a reference run).
std::optional<Figure> measureQuantity(content::ClaimQuantity quantity, const RunOutcome& outcome);

// A figure as the claim shows it: "1.53 MiB", "12.4 ms [11.9, 13.0]", "0.0312", "47.8 MFLOP".
std::string formatFigure(content::ClaimQuantity quantity, const Figure& figure);

// A live figure (rlab/content/figures.h) read off these outcomes, in its unit ("3.6" for MiB);
// nullopt when the outcomes lack its run or sweep value, or do not measure it.
std::optional<double> figureValue(const content::FigureRef& ref, const std::vector<RunOutcome>& outcomes);

// The preset's runs at `choice` as the engine's predictor gives them, without training: memory by
// category and counted FLOPs (which a run measures exactly the same), nothing measured (no step
// time, gradient error or loss). Empty, with *error set, when a run cannot be predicted.
std::vector<RunOutcome> predictOutcomes(
    const content::DemoPreset& preset, const Choice& choice, std::string* error);

} // namespace rlab::demo
