#pragma once
// A demo preset, run and judged: the preset (and the learner's sizes) become engine runs, the
// runs of each sweep point are interleaved in rounds so a slow spell of the machine hits every
// policy alike, and the preset's claims are checked against what was measured. Plain C++ on the
// engine and the content loader, no Qt: `rlab check-claims` and the app share it.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "rlab/config.h"
#include "rlab/content/content.h"
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
    int rounds = 6; // a run's time budget is spent in this many turns, alternating with the others
    Device device = Device::Cpu;
};

// One engine run the preset asks for.
struct PlannedRun {
    std::string label;
    std::string sweepParameter; // "layers", ...; empty without a sweep
    int sweepValue = 0;
    RunConfig config;
    bool reference = false; // the plain `none` run others' gradients and losses are compared against
    bool hiddenReference = false; // added only for that comparison; not one of the preset's runs
};

// The preset's own sizes and selective keep list, as a starting choice.
Choice defaultChoice(const content::DemoPreset& preset);
// One sentence when the sizes are outside the preset's limits; empty when fine.
std::string checkChoice(const content::DemoPreset& preset, const Choice& choice);
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
    double lossDifference = -1; // |loss - none's loss| at the last step both ran; -1: not compared
    double predictedPcieMs = 0; // offload bytes per step over kPcieBytesPerSecond (predicted, not measured)
    std::string title() const; // "full + offload" or "full + offload, layers = 8"
};

struct Progress {
    double fraction = 0; // of the whole demo, 0..1
    int run = 0; // index into the planned runs of the one now stepping
    int runs = 0;
    std::string label;
    int step = 0; // of that run
    Phase phase = Phase::Setup;
};
// Called from the running thread, at most about ten times a second.
using ProgressCallback = std::function<void(const Progress&)>;

// Runs the planned runs, those of one sweep value interleaved in rounds. Throws rlab::Cancelled
// or rlab::RunError as rlab::run does. Results in the planned order.
std::vector<RunOutcome> runPlanned(const std::vector<PlannedRun>& runs, const Settings& settings,
    const ProgressCallback& progress = {}, const std::atomic<bool>* cancel = nullptr);

// What a claim's check found.
enum class Verdict {
    Holds,
    Fails,
    WithinNoise, // a time comparison whose 95% intervals overlap: neither faster nor slower
};
std::string_view verdictName(Verdict verdict); // "holds", "fails", "same within noise"

// One measured figure a verdict rests on.
struct Figure {
    std::string run; // label
    int sweepValue = 0;
    double value = 0;
    double low = 0, high = 0; // the 95% interval (step_ms); both == value for exact figures
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

// One run's figure for `quantity` (what claims and the learner's predictions compare); nullopt
// when the run does not measure it (gradient error without a reference run).
std::optional<Figure> measureQuantity(content::ClaimQuantity quantity, const RunOutcome& outcome);

// A figure as the claim shows it: "1.53 MiB", "12.4 ms [11.9, 13.0]", "0.0312", "47.8 MFLOP".
std::string formatFigure(content::ClaimQuantity quantity, const Figure& figure);
// The memory category a claim quantity is the peak of; nullopt for the quantities that are not one.
std::optional<MemoryCategory> memoryCategoryOf(content::ClaimQuantity quantity);

} // namespace rlab::demo
