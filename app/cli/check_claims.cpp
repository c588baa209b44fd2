#ifdef RLAB_HAVE_CONTENT
// rlab check-claims DIR: runs every demo preset's default runs and checks each claim the preset
// makes against what was measured, one line per claim (content/README.md "Claims").

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

#include "commands.h"
#include "rlab/content/content.h"
#include "rlab/content/figures.h"
#include "rlab/demo/demo.h"
#include "rlab/engine.h"
#include "rlab/text.h"
#include "train.h"

namespace {

constexpr const char* kUsage = R"(usage: rlab check-claims DIR [--preset ID] [--json] [--min-time SECONDS]
Runs each demo preset's default runs (those of a sweep value taking turns step by step) and checks
every claim in DIR/demos/presets.yaml against the measured figures: one line per claim naming
its preset, the measured values and whether it holds. Then every live figure the texts quote from
that preset ({{...}}, in any language): one line each, and FILE:LINE:COLUMN: error: where a fresh
run is further from the written figure than its tolerance.

  --preset ID           check one preset only
  --json                print one JSON object instead of the table
  --min-time SECONDS    measured step time per run, instead of each preset's min_time
  --allow-noise         a time claim whose intervals overlap ("same within noise") does not
                        fail the exit status (it is still printed as such); a contradicted
                        claim still does. For busy machines, such as shared CI runners.

Exit status: 0 every claim and figure holds, 1 a claim does not hold, a figure has drifted (or the
content has errors), 2 bad arguments.
)";

struct Options {
    std::string folder;
    std::string preset;
    bool json = false;
    double minTime = -1;
    bool allowNoise = false;
};

std::string jsonNumber(double value)
{
    if (!std::isfinite(value))
        return "null";
    return rlab::text::general(value, 9);
}

// A comparison with `none`, or null where the run was not compared (-1).
std::string compared(double value)
{
    return value < 0 ? "null" : jsonNumber(value);
}

// One line per run: what the claims rest on, with the time's interval and, for offload, the
// measured copy time beside the PCIe time predicted for the same bytes.
void printRuns(const std::vector<rlab::demo::RunOutcome>& outcomes)
{
    for (const rlab::demo::RunOutcome& out : outcomes) {
        const rlab::RunResult& r = out.result;
        std::printf(
            "  run %-34s %3zu steps  step %8.2f ms [%.2f, %.2f]  activations %9.3f MiB  recompute %5.1f%% of "
            "forward FLOPs",
            rlab::text::forTerminal(out.title()).c_str(), r.stepMs.size(), r.stepMsMedian, r.stepMsCi95Low,
            r.stepMsCi95High, static_cast<double>(r.peakActivationBytes) / (1024.0 * 1024.0),
            r.forwardFlops > 0 ? 100.0 * r.recomputeFlops / r.forwardFlops : 0.0);
        if (out.gradError > 0 || out.lossDifference > 0)
            std::printf("  grad error %.3g, loss diff %.4f", out.gradError, out.lossDifference);
        if (r.offloadBytes > 0)
            std::printf("  copies %.3f ms measured (%.2f MiB); over %s: %.3f ms predicted", r.offloadMs,
                static_cast<double>(r.offloadBytes) / (1024.0 * 1024.0), rlab::demo::kPcieSource,
                out.predictedPcieMs);
        std::printf("\n");
    }
}

// Over a layers sweep with both full and sqrt: where sqrt would start keeping less (extrapolated).
std::optional<rlab::demo::Crossing> crossing(const std::vector<rlab::demo::RunOutcome>& outcomes)
{
    std::vector<std::pair<int, const rlab::RunResult*>> sweep;
    for (const rlab::demo::RunOutcome& out : outcomes)
        if (out.sweepParameter == "layers")
            sweep.emplace_back(out.sweepValue, &out.result);
    return rlab::demo::sqrtOvertakesFull(sweep);
}

std::string runsJson(const std::vector<rlab::demo::RunOutcome>& outcomes)
{
    std::string text = "[";
    for (const rlab::demo::RunOutcome& out : outcomes) {
        const rlab::RunResult& r = out.result;
        text.append(text.size() > 1 ? "," : "")
            .append("{\"label\":")
            .append(rlab::text::jsonString(out.label));
        text += std::string() + ",\"sweep_value\":" + std::to_string(out.sweepValue)
            + ",\"steps_run\":" + std::to_string(r.stepMs.size())
            + ",\"step_ms\":" + jsonNumber(r.stepMsMedian) + ",\"step_ms_ci95\":["
            + jsonNumber(r.stepMsCi95Low) + "," + jsonNumber(r.stepMsCi95High) + "],\"step_ms_rounds_ci95\":["
            + jsonNumber(r.stepMsRoundsCi95Low) + "," + jsonNumber(r.stepMsRoundsCi95High)
            + "],\"step_ms_wander\":{\"sd\":" + jsonNumber(r.stepMsWanderSd)
            + ",\"runs\":" + std::to_string(r.stepMsWanderRuns) + "},\"peak_activation_bytes\":"
            + std::to_string(r.peakActivationBytes) + ",\"recompute_flops\":" + jsonNumber(r.recomputeFlops)
            + ",\"forward_flops\":" + jsonNumber(r.forwardFlops) + ",\"grad_error\":"
            + compared(out.gradError) + ",\"loss_difference\":" + compared(out.lossDifference)
            + ",\"offload_bytes\":" + std::to_string(r.offloadBytes) + ",\"offload_ms\":"
            + jsonNumber(r.offloadMs) + ",\"predicted_pcie_ms\":" + jsonNumber(out.predictedPcieMs) + "}";
    }
    return text + "]";
}

std::string claimsJson(const std::vector<rlab::demo::ClaimCheck>& checks)
{
    std::string text = "[";
    for (const rlab::demo::ClaimCheck& check : checks) {
        std::string figures = "[";
        for (const rlab::demo::Figure& f : check.figures) {
            figures.append(figures.size() > 1 ? "," : "")
                .append("{\"run\":")
                .append(rlab::text::jsonString(f.run));
            figures += std::string() + ",\"sweep_value\":" + std::to_string(f.sweepValue)
                + ",\"value\":" + jsonNumber(f.value) + ",\"low\":" + jsonNumber(f.low)
                + ",\"high\":" + jsonNumber(f.high) + "}";
        }
        text.append(text.size() > 1 ? "," : "")
            .append("{\"preset\":")
            .append(rlab::text::jsonString(check.presetId));
        text += std::string() + ",\"claim\":" + rlab::text::jsonString(check.claimId)
            + ",\"statement\":" + rlab::text::jsonString(check.statement)
            + ",\"verdict\":" + rlab::text::jsonString(rlab::demo::verdictName(check.verdict))
            + ",\"holds\":" + (check.verdict == rlab::demo::Verdict::Holds ? "true" : "false")
            + ",\"measured\":" + rlab::text::jsonString(check.measured) + ",\"figures\":" + figures + "]"
            + (check.fitted != 0 ? ",\"fitted_exponent\":" + jsonNumber(check.fitted) : std::string())
            + ",\"reason\":" + rlab::text::jsonString(check.reason) + "}";
    }
    return text + "]";
}

// One live figure against the fresh run, and against what the app shows without one (the
// predictor's figure, for memory and FLOPs): both must be the written figure within its tolerance.
struct FigureCheck {
    const rlab::content::FigureUse* use = nullptr;
    std::optional<double> measured, predicted;
    bool holds = false;
    std::string line; // one line of text
};

FigureCheck checkFigure(const rlab::content::FigureUse& use,
    const std::vector<rlab::demo::RunOutcome>& outcomes, const std::vector<rlab::demo::RunOutcome>& predicted)
{
    FigureCheck check;
    check.use = &use;
    const rlab::content::FigureRef& ref = use.ref;
    check.measured = rlab::demo::figureValue(ref, outcomes);
    if (!ref.measuredOnly())
        check.predicted = rlab::demo::figureValue(ref, predicted);
    const auto shown = [&](double value) { return rlab::content::figureText(value, ref, "en", "."); };
    const std::string quoted = shown(ref.quoted);
    const std::string tolerance = ref.relativeTolerance ? rlab::text::general(100 * ref.tolerance, 3) + "%"
                                                        : rlab::text::general(ref.tolerance, 3);
    if (!check.measured) {
        check.line = "the run does not measure it";
    } else {
        // Two more digits than written, so a drift inside the rounding still shows.
        const std::string fresh = rlab::content::figureNumber(*check.measured, ref.decimals + 2, ".");
        check.holds = ref.within(*check.measured);
        check.line = "written " + quoted + " ±" + tolerance + ", fresh run " + fresh;
        if (check.predicted) {
            const bool same = std::abs(*check.predicted - *check.measured)
                <= 1e-9 * std::max(1.0, std::abs(*check.measured));
            check.line += same
                ? " (= predicted)"
                : ", predicted " + rlab::content::figureNumber(*check.predicted, ref.decimals + 2, ".");
            check.holds = check.holds && same;
        }
    }
    return check;
}

std::optional<Options> parse(int argc, char** argv, int* status)
{
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto value = [&]() -> std::optional<std::string> {
            if (i + 1 >= argc) {
                *status = complain("check-claims: " + arg + " needs a value.", 2);
                return std::nullopt;
            }
            return std::string(argv[++i]);
        };
        if (arg == "--help" || arg == "-h") {
            std::fputs(kUsage, stdout);
            *status = 0;
            return std::nullopt;
        }
        if (arg == "--json") {
            options.json = true;
        } else if (arg == "--allow-noise") {
            options.allowNoise = true;
        } else if (arg == "--preset") {
            const auto id = value();
            if (!id)
                return std::nullopt;
            // An empty id ran every preset, and a second --preset replaced the first unsaid.
            if (id->empty() || !options.preset.empty()) {
                *status = complain(id->empty() ? "check-claims: --preset needs a preset id, not an empty one."
                                               : "check-claims: --preset is given twice; name one preset.",
                    2);
                return std::nullopt;
            }
            options.preset = *id;
        } else if (arg == "--min-time") {
            const auto text = value();
            if (!text)
                return std::nullopt;
            options.minTime = rlab::text::parseNumber(*text).value_or(-1);
            if (!(options.minTime >= 0 && options.minTime <= 60)) {
                *status = complain("check-claims: --min-time needs 0 to 60 seconds, not '" + *text + "'.", 2);
                return std::nullopt;
            }
        } else if (arg.starts_with("-")) {
            *status
                = complain("check-claims: unknown option '" + arg + "'; see rlab check-claims --help.", 2);
            return std::nullopt;
        } else if (options.folder.empty()) {
            options.folder = arg;
        } else {
            *status = complain(
                "check-claims: one content folder only, but '" + arg + "' follows '" + options.folder + "'.",
                2);
            return std::nullopt;
        }
    }
    if (options.folder.empty()) {
        *status = complain("check-claims: name the content folder, like: rlab check-claims content", 2);
        return std::nullopt;
    }
    std::error_code error;
    if (!std::filesystem::is_directory(options.folder, error)) {
        *status = complain("check-claims: '" + options.folder + "' is not a folder.", 2);
        return std::nullopt;
    }
    return options;
}

} // namespace

int checkClaimsCommand(int argc, char** argv)
{
    int status = 2;
    const std::optional<Options> options = parse(argc, argv, &status);
    if (!options)
        return status;
    const rlab::content::Content content = rlab::content::loadContent(options->folder, "en");
    for (const rlab::content::Diagnostic& diagnostic : content.errors)
        std::fprintf(stderr, "%s\n", rlab::text::forTerminal(diagnostic.toString()).c_str());
    if (!options->preset.empty() && !content.preset(options->preset))
        return complain("check-claims: no preset '" + options->preset + "' in " + options->folder + ".", 2);

    const rlab::content::FigureScan figures = rlab::content::scanFigures(options->folder, content.presets);

    rlab::demo::Settings settings;
    settings.minTimeSeconds = options->minTime;
    int claims = 0, holding = 0, noisy = 0, presetsWithout = 0, figuresChecked = 0, figuresHolding = 0;
    std::string json = "{\"presets\":[";
    for (const auto& [id, preset] : content.presets) {
        if (!options->preset.empty() && id != options->preset)
            continue;
        std::string error;
        const std::vector<rlab::demo::PlannedRun> runs
            = rlab::demo::planRuns(preset, rlab::demo::defaultChoice(preset), settings, &error);
        if (runs.empty())
            return complain("check-claims: preset '" + id + "': " + error, 1);
        const auto start = std::chrono::steady_clock::now();
        std::vector<rlab::demo::RunOutcome> outcomes;
        try {
            outcomes = rlab::demo::runPlanned(runs);
        } catch (const std::exception& failure) {
            return complain("check-claims: preset '" + id + "' could not run: " + failure.what(), 1);
        }
        const double seconds
            = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::vector<rlab::demo::ClaimCheck> checks = rlab::demo::checkClaims(preset, outcomes);
        presetsWithout += checks.empty() ? 1 : 0;
        for (const rlab::demo::ClaimCheck& check : checks) {
            ++claims;
            holding += check.verdict == rlab::demo::Verdict::Holds ? 1 : 0;
            noisy += check.verdict == rlab::demo::Verdict::WithinNoise ? 1 : 0;
        }
        std::string predictError;
        const std::vector<rlab::demo::RunOutcome> predicted
            = rlab::demo::predictOutcomes(preset, rlab::demo::defaultChoice(preset), &predictError);
        std::vector<FigureCheck> figureChecks;
        for (const rlab::content::FigureUse& use : figures.uses)
            if (use.ref.preset == id)
                figureChecks.push_back(checkFigure(use, outcomes, predicted));
        for (const FigureCheck& check : figureChecks) {
            ++figuresChecked;
            figuresHolding += check.holds ? 1 : 0;
        }
        if (options->json) {
            json.append(json.back() == '[' ? "" : ",").append("{\"id\":").append(rlab::text::jsonString(id));
            const std::optional<rlab::demo::Crossing> at = crossing(outcomes);
            json += std::string() + ",\"seconds\":" + jsonNumber(seconds)
                + (at ? ",\"sqrt_below_full_from_layers\":" + jsonNumber(at->layers) : std::string())
                + ",\"runs\":" + runsJson(outcomes) + ",\"claims\":" + claimsJson(checks) + ",\"figures\":[";
            for (const FigureCheck& check : figureChecks)
                json += std::string(&check == figureChecks.data() ? "" : ",")
                    + "{\"at\":" + rlab::text::jsonString(check.use->toString())
                    + ",\"figure\":" + rlab::text::jsonString(check.use->ref.toString())
                    + ",\"written\":" + jsonNumber(check.use->ref.quoted)
                    + ",\"fresh\":" + (check.measured ? jsonNumber(*check.measured) : "null")
                    + ",\"predicted\":" + (check.predicted ? jsonNumber(*check.predicted) : "null")
                    + ",\"holds\":" + (check.holds ? "true" : "false") + "}";
            json += "]}";
            continue;
        }
        // Ids, labels and statements come from content: shown with their control characters escaped.
        const std::string shownId = rlab::text::forTerminal(id);
        std::printf("%s (%zu runs, %.2f s)\n", shownId.c_str(), outcomes.size(), seconds);
        printRuns(outcomes);
        if (const std::optional<rlab::demo::Crossing> at = crossing(outcomes))
            std::printf(
                "  sqrt would keep less than full from about %.0f layers, at %.2f MiB (extrapolated from "
                "the measured peaks)\n",
                at->layers, at->bytes / (1024.0 * 1024.0));
        if (checks.empty())
            std::printf("  %s: no claims\n", shownId.c_str());
        for (const rlab::demo::ClaimCheck& check : checks) {
            std::printf("  %-22s %-24s %-17s %s: %s\n", shownId.c_str(),
                rlab::text::forTerminal(check.claimId).c_str(),
                std::string(rlab::demo::verdictName(check.verdict)).c_str(),
                rlab::text::forTerminal(check.statement).c_str(),
                rlab::text::forTerminal(check.measured).c_str());
            if (!check.reason.empty())
                std::printf("  %-22s %-24s %-17s why: %s\n", "", "", "",
                    rlab::text::forTerminal(check.reason).c_str());
        }
        for (const FigureCheck& check : figureChecks) {
            const std::string figure = rlab::text::forTerminal(check.use->ref.toString());
            std::printf("  %-22s figure %-17s %s {{%s}}: %s\n", shownId.c_str(),
                check.holds ? "holds" : "has drifted", rlab::text::forTerminal(check.use->toString()).c_str(),
                figure.c_str(), rlab::text::forTerminal(check.line).c_str());
            if (!check.holds)
                std::fprintf(stderr, "%s: error: the live figure {{%s}} has drifted: %s\n",
                    rlab::text::forTerminal(check.use->toString()).c_str(), figure.c_str(),
                    rlab::text::forTerminal(check.line).c_str());
        }
        std::fflush(stdout);
    }
    // A preset that states no claim has none that fails (the table and the summary say it states none).
    const bool allHold = holding + (options->allowNoise ? noisy : 0) == claims
        && figuresHolding == figuresChecked && content.errors.empty();
    if (options->json)
        std::printf(
            "%s],\"claims\":%d,\"holding\":%d,\"figures\":%d,\"figures_holding\":%d,\"all_hold\":%s}\n",
            json.c_str(), claims, holding, figuresChecked, figuresHolding, allHold ? "true" : "false");
    else
        std::printf("%d of %d claims hold, %d same within noise%s; %d of %d live figures hold.\n", holding,
            claims, noisy, presetsWithout > 0 ? " (and some presets state no claim)" : "", figuresHolding,
            figuresChecked);
    return allHold ? 0 : 1;
}

#endif // RLAB_HAVE_CONTENT
