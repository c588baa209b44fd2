#pragma once
// Live figures: a number in a text that comes from a demo is written as a reference to one run's
// quantity, with the figure as the author checked it and how far it may drift
// (content/README.md, "Live figures"):
//
//   about {{memory-vs-time full peak_activation_bytes = 3.6 MiB ±5%}} in the demo
//
// The app shows the learner's own last run of the preset there, or the preset's default run
// (predicted, for memory and FLOPs), in the text's number format; `rlab check-claims` fails when a
// fresh run at the default sizes is further from the written figure than its tolerance, and
// `rlab check-content` reports a reference to a preset, run or quantity that does not exist.
// Plain C++: the loader, rlab and the app share this one grammar.

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rlab/content/content.h"

namespace rlab::content {

// What the written figure is counted in. The quantity's own unit is scaled to it: bytes to
// B/KiB/MiB/GiB, FLOPs to FLOP/MFLOP/GFLOP, a share or a ratio to % or x (a multiple, shown as the
// bare number: the text says "times" in its own words).
enum class FigureUnit { None, Bytes, KiB, MiB, GiB, Flop, MFlop, GFlop, Ms, Percent, Times };

// How the run's quantity is compared with another run's: as it is, a/b, 1 - a/b or a/b - 1.
enum class FigureCompare { None, Of, Under, Over };

// One term of the quantity: a claim quantity (content/README.md "Claims") or forward_flops.
struct FigureTerm {
    ClaimQuantity quantity;
    bool forwardFlops = false; // counted forward FLOPs of one step (not a claim quantity)
};

struct FigureRef {
    std::string preset;
    std::string run; // a run's label
    std::vector<FigureTerm> terms; // summed: parameters+gradients+optimizer_state
    FigureCompare compare = FigureCompare::None;
    std::string other; // the run compared with (of, under, over)
    std::optional<int> at; // the sweep value, for a preset with a sweep
    double quoted = 0; // the figure as written, in `unit`
    int decimals = 0; // as written: "3.60" keeps two
    FigureUnit unit = FigureUnit::None;
    double tolerance = 0;
    bool relativeTolerance = true; // ±5%: of the quoted figure; ±0.2: in `unit`

    // Byte offsets, inside the text, of the parts a problem is reported at.
    std::size_t presetAt = 0, runAt = 0, quantityAt = 0, otherAt = 0, atAt = 0, unitAt = 0;

    // Whether a fresh run is needed: step_ms, offload_ms, grad_error, loss_difference are measured;
    // memory and FLOPs the engine's predictor gives exactly without training.
    bool measuredOnly() const;
    // The run's raw quantity (bytes, FLOPs, a fraction, ms) in `unit`.
    double shown(double raw) const;
    // |value - quoted| within the tolerance.
    bool within(double value) const;
    std::string toString() const; // the reference as canonical text, without the braces
};

// One {{...}} in a text: its place and either the reference or what is wrong with it.
struct FigureSpan {
    std::size_t begin = 0, end = 0; // of the whole {{...}}, in bytes
    std::optional<FigureRef> ref;
    std::string problem; // one sentence when `ref` is empty
    std::size_t problemAt = 0; // byte offset of the part at fault
};

// Every {{...}} in `text`, in order. A "{{" without "}}" is a span with a problem.
std::vector<FigureSpan> findFigures(std::string_view text);

// Whether `ref` names a preset, runs, sweep value and unit that exist and fit; nullopt when it does,
// else the problem and the byte offset (inside the text) of the part at fault.
struct FigureProblem {
    std::size_t at = 0;
    std::string message;
};
std::optional<FigureProblem> checkFigure(
    const FigureRef& ref, const std::map<std::string, DemoPreset>& presets);

// A located reference of a content tree, in any language's file: what `rlab check-claims` checks.
struct FigureUse {
    std::filesystem::path file; // as the loader's messages show it: "content/quizzes/x/quiz.yaml"
    int line = 0, column = 0;
    FigureRef ref;
    std::string toString() const; // "content/quizzes/x/quiz.yaml:12:5"
};
// Every reference in the YAML files of the tree at `root` (demos/, guides/*/, quizzes/*/; comment
// lines skipped), read from the files' text so that each has its line and column. The valid ones,
// checked against `presets`, go to `uses`; the others are diagnostics as `rlab check-content` shows them.
struct FigureScan {
    std::vector<FigureUse> uses;
    std::vector<Diagnostic> problems;
};
FigureScan scanFigures(const std::filesystem::path& root, const std::map<std::string, DemoPreset>& presets);

// "3.6", "3,6": `value` with `decimals` digits after `decimalPoint`.
std::string figureNumber(double value, int decimals, std::string_view decimalPoint);
// The unit as `language` writes it after the number ("MiB", "МиБ"); empty for None and Times.
std::string_view figureUnitText(FigureUnit unit, std::string_view language);
// The decimal point of `language` where the app has no locale (exports): "," for ru, else ".".
std::string_view figureDecimalPoint(std::string_view language);
// The figure as the text shows it: "3.6 MiB" (a no-break space between), "58%", "3.7".
std::string figureText(
    double shown, const FigureRef& ref, std::string_view language, std::string_view decimalPoint);

// `text` with every valid reference replaced by `show(ref)` (a reference it declines, nullopt,
// shows its written figure); a broken one stays as written.
std::string renderFigures(std::string_view text,
    const std::function<std::optional<std::string>(const FigureRef&)>& show, std::string_view language,
    std::string_view decimalPoint);
// `text` with each figure shown as written (exports, where no run exists).
std::string renderQuotedFigures(std::string_view text, std::string_view language);

// `text` with each {{...}} blanked, one space per character (newlines kept, so lines and columns
// stay): checks on prose (the glossaries) do not read preset ids and quantity names as words.
std::string withoutFigures(std::string_view text);

// `text` with the presets of its references renamed (a pack's preset whose id was taken).
std::string renameFigurePresets(std::string_view text, const std::map<std::string, std::string>& names);

} // namespace rlab::content
