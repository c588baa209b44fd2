#pragma once
// Quizzes, guides and demo presets loaded from the YAML tree in content/ (see content/README.md).
// Plain C++ on yaml-cpp: shared by the desktop app and `rlab check-content`. Knows nothing of
// the engine but its words (rlab/words.h: policy grammar, op kinds, sizes) and the planner's scenario
// type: a question names a demo preset by id, a preset names policies as text the engine's parser
// accepts, and a question's prepared Planner view (`planner:`) is a rlab::planner::Scenario, checked
// with the planner's rules so that what loads can be planned.

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rlab/planner/scenario.h"
#include "rlab/words.h"

namespace rlab::content {

// A translatable field in the language asked for. `fallback` is true when the translation was
// missing and the English source text is shown instead (the UI marks it).
struct Text {
    std::string value;
    bool fallback = false;
};

struct Option {
    std::string id;
    Text text;
    Text whyWrong; // empty for the correct option
};

// A prepared view of the app's Planner (a question's `planner:`, content/README.md): the model, the
// device budget and the cluster the Planner page opens with, for what the engine cannot run on one
// device. Every figure the page then shows is predicted. The planner's scenario type, checked when the
// quiz loads with the planner's own rules (rlab::planner::scenarioProblem).
using PlannerView = rlab::planner::Scenario;

// What a claim measures in a run (content/README.md "Claims"). Names: claimQuantityName().
enum class ClaimKind {
    PeakActivationBytes, // saved activations + recompute workspace, at their peak
    PeakBytes, // every device category together
    CategoryPeak, // the peak of one memory category, named as in rlab run --json bytes_by_category
    RecomputeFlops, // counted per step
    RecomputeShare, // recompute FLOPs / forward FLOPs
    StepMs, // median step time, with its 95% interval
    GradError, // max |g - g_none| / max |g_none| over the first step's gradients
    LossDifference, // |loss - none's loss| at the last step both ran
    OffloadMs, // measured time in copies to and from the host pool, per step
};
// The kind, and for CategoryPeak the category: one quantity per category without a list of them.
struct ClaimQuantity {
    using enum ClaimKind;
    ClaimKind kind = PeakActivationBytes;
    MemoryCategory category = MemoryCategory::Parameters; // CategoryPeak only

    constexpr ClaimQuantity() = default;
    constexpr ClaimQuantity(ClaimKind k) // NOLINT(google-explicit-constructor): a kind is a quantity
        : kind(k)
    {
    }
    static constexpr ClaimQuantity peakOf(MemoryCategory c)
    {
        ClaimQuantity q(CategoryPeak);
        q.category = c;
        return q;
    }
    bool operator==(const ClaimQuantity&) const = default;
};

// The one quantity a question's lesson reads off its demo (`answer:`, content/README.md "The answer
// view"): shown large, one bar a run, with a caption made from the run's figures comparing `run` with
// `than` (empty: `run` alone).
struct DemoAnswer {
    ClaimQuantity quantity = ClaimQuantity::PeakActivationBytes;
    std::string run;
    std::string than;
};

// A question's `number:`: it is answered with a number read off the learner's own run, the answer
// view's figure (`figure.run`'s quantity as a percent of `figure.than`'s), right within `tolerance`
// percentage points of what that run measured. Its attempts record one of two implicit options,
// "within" (the key) and "off", so review, results and saved progress treat it as any question.
struct NumberAnswer {
    DemoAnswer figure;
    double tolerance = 5;
};

struct Question {
    std::string id;
    Text text;
    std::vector<Option> options;
    int answer = 0; // index into options, 0-based (the YAML writes it 1-based, as users count)
    Text explanation;
    std::string demo; // DemoPreset id; empty: the question has no demo
    // The results view this question's lesson is read in (`demo_view`), before the preset's own
    // `view`: two questions on one demo may each open on their own chart. Empty: the preset's.
    std::string demoView;
    std::string guideSection; // GuideSection id in the quiz's guide
    // `planner`: the prepared Planner view the question opens where the engine cannot show it (many
    // GPUs); a question has a demo or a planner view, not both.
    std::optional<PlannerView> planner;
    // `demo_answer`: the quantity this question's lesson shows, where it is not its preset's own
    // (two questions on one demo may each be about another figure). Empty: the preset's.
    std::optional<DemoAnswer> demoAnswer;
    std::optional<NumberAnswer> number; // `number:`: answered with a figure of the run, not an option
    // `hidden_runs`: labels of the demo's runs whose names would give the answer away ("full +
    // offload" beside "Which technique is combined with recomputation?"); the lesson names them
    // "run A", "run B", ... until the learner answers. check-content asks for it (hiddenRunsNeeded).
    std::vector<std::string> hiddenRuns;
    // Questions of other quizzes that teach the same point (`see_also: [quiz-id/question-id]`):
    // the explanation points there instead of repeating it. Checked to exist when the folder loads.
    struct SeeAlso {
        std::string quiz;
        std::string question;
        int line = 0, column = 0; // in the quiz file, for reports
    };
    std::vector<SeeAlso> seeAlso;
};

struct Quiz {
    std::string id;
    std::string level; // "beginner", "intermediate", "advanced"
    std::string guide; // Guide id
    Text title;
    Text description;
    std::vector<Question> questions;
    std::filesystem::path sourceFile;
    // `fair_distractors: true`: the quiz's options are written so that the longest is not a clue,
    // and check-content reports how often the correct one is the longest (longestKeyShares).
    bool fairDistractors = false;
};

struct GuideSection {
    std::string id;
    Text title;
    Text body; // Markdown
};

struct Reference {
    std::string id;
    std::string text; // citation, not translated
    std::string url;
};

struct Guide {
    std::string id;
    Text title;
    std::vector<GuideSection> sections;
    std::vector<Reference> references;
};

// One engine run of a demo, named by text so content stays independent of the engine.
struct DemoRun {
    std::string
        label; // shown in charts; default: the policy and what differs ("full + offload", "none, bf16")
    std::string policy; // "none", "full", "sqrt", "selective", "budget:<bytes>"
    bool offload = false;
    bool rngReplay = true;
    std::string savePrecision {savePrecisionName(kDefaultSavePrecision)}; // "fp32" | "bf16"
    std::string optimizer {optimizerName(kDefaultOptimizer)}; // "sgd" | "adamw"
    std::vector<std::string> keep; // selective op kinds; empty: the engine's default
    // What the run sets instead of its preset's model and attention (arch, kv_heads, ffn, attention).
    std::optional<Arch> arch;
    std::optional<int> kvHeads; // G, llama only
    std::optional<int> ffn; // F, llama only
    std::optional<bool> fusedAttention; // attention: fused (true) or plain (false)

    bool isSelective() const; // the policy is `selective`, in whatever letter case it was written
    int policyLine = 0, policyColumn = 0; // where `policy` is written, for checks the engine makes
};

// The label a run shows when the preset gives none: the policy and what differs from the defaults
// (", llama", ", kv_heads 1", ", fused" for what the run itself sets).
std::string defaultRunLabel(const DemoRun& run);
// The run's model: `base` (the preset's or the learner's sizes, with the preset's arch, kv_heads and
// ffn) with what the run sets instead; a run that changes the arch starts from its defaults.
ModelShape runShape(const DemoRun& run, ModelShape base);

using DemoShape = rlab::ModelShape; // the engine's sizes; unset keys keep its defaults

struct DemoSweep {
    std::string parameter; // "layers", "seq", "width", "batch"
    std::vector<int> values;
};

// How many options a question has: the loader refuses fewer or more, and the app's keys 1..6
// choose them.
inline constexpr int kFewestOptions = 2;
inline constexpr int kMostOptions = 6;

// How a claim relates the quantity: to another run, to a number, over a sweep, to a budget or the predictor.
enum class ClaimRelation {
    Below, // run < factor * than
    Above, // run > factor * than
    Equal, // |run - than| <= tolerance * |than|; for step_ms: the 95% intervals overlap
    AtMost, // run <= value
    AtLeast, // run >= value
    Grows, // fitted exponent over the sweep within exponent +- tolerance
    WithinBudget, // peak activation bytes <= the run's budget:<bytes>
    Predicted, // measured == the predictor's figure, within tolerance (relative)
    // Over the preset's budget:<bytes> runs, in order of budget: the quantity never rises from one
    // budget to the next, and the largest budget's is below the smallest's. Names no run.
    FallsWithBudget,
    // The run (without `run`: every run that is not a budget run) does not lie below the frontier
    // drawn through the budget runs: the budget run with the least recompute FLOPs among those that
    // keep at most its peak activation bytes has no more of the quantity than it (step_ms: the
    // paired ratio's 95% interval does not lie wholly below 1, "not below by more than the noise");
    // with `tolerance`, below 1 - tolerance (times) or (1 - tolerance) x the point (exact figures).
    OnFrontier,
};
// The relations a claim may state without `run`: within_budget (then every budget run),
// falls_with_budget and on_frontier.
bool claimRunOptional(ClaimRelation relation);

// The results views a demo may open on (a preset's `view`, a question's `demo_view`).
bool isDemoResultView(std::string_view name);
std::string demoResultViewsText(); // "table, memory, step-time, timeline, sweep, loss, ledger, frontier"
// "peak_activation_bytes", "saved_activations" (a category's peak: memoryCategoryName), ...
std::string_view claimQuantityName(ClaimQuantity quantity);
std::optional<ClaimQuantity> parseClaimQuantity(std::string_view name);
std::vector<ClaimQuantity> allClaimQuantities(); // in the order content/README.md lists them
std::string_view claimRelationName(ClaimRelation relation); // "below", ...

// A machine-checkable statement about a demo's measured runs, checked by `rlab check-claims`.
struct DemoClaim {
    std::string id;
    ClaimQuantity quantity = ClaimQuantity::PeakActivationBytes;
    std::string run; // a run's label; empty: every run the relation applies to (claimRunOptional)
    ClaimRelation is = ClaimRelation::Below;
    std::string than; // the other run's label (below, above, equal)
    double factor = 1; // below / above: compared with factor * than
    double value = 0; // at_most / at_least
    double exponent = 0; // grows
    double tolerance = 0; // equal, grows, predicted, on_frontier
    std::optional<int> at; // only at this sweep value; default: at every one
    Text reason; // why it may not hold at other sizes; shown when it fails (may be empty)
};

// What the learner predicts before running a demo, shown beside the measurement afterwards
// (content/README.md "Predictions").
struct DemoPrediction {
    enum class Kind {
        ChooseRun, // which run has the least (or most) of the quantity
        Ratio, // `run`'s quantity as a percentage of `than`'s
    };
    Kind kind = Kind::ChooseRun;
    ClaimQuantity quantity = ClaimQuantity::PeakActivationBytes;
    bool most = false; // choose-run: `pick: most`; else the least
    std::string run; // ratio
    std::string than; // ratio
};

struct DemoPreset {
    std::string id;
    Text title;
    Text lookFor; // the one thing the learner should see in the numbers
    DemoShape shape;
    int steps = 6;
    float dropout = 0.1f;
    std::vector<DemoRun> runs;
    std::optional<DemoSweep> sweep;
    bool userKeepChoice = false; // the learner may tick selective's op kinds
    DemoShape maxShape; // the largest sizes the learner may choose; `shape` when the YAML gives none
    double minTimeSeconds = 0.3; // measured step time per run, spread over rounds (see rlab::Training)
    int threads = 0; // `threads`: the CPU threads each run uses; 0: one for tiny models, else all
    std::vector<DemoClaim> claims;
    std::optional<DemoPrediction> predict;
    std::optional<DemoAnswer> answer; // as written; lessonAnswer() gives the one shown
    std::string view; // the results view that tells the claim first (table, memory, step-time, timeline,
                      // sweep); empty: table
    bool fusedAttention = false; // `attention: fused`; a run's own `attention` overrides it
    // The architecture (`arch`, `kv_heads`, `ffn`) lives in `shape` (its arch, kvHeads and ffn).

    // The answer the lesson shows: `answer` as written, else the ratio prediction's runs, else the
    // first claim that compares two runs (or names one), else the first run's peak activation bytes.
    DemoAnswer lessonAnswer() const;
};

// One problem in the content: one sentence, with where it is.
struct Diagnostic {
    std::filesystem::path file;
    int line = 0; // 1-based; 0 when not tied to a place
    int column = 0; // 1-based
    std::string message;
    std::string toString() const; // "content/quizzes/x/quiz.yaml:12:5: error: ..."
};

struct LanguageCoverage {
    std::string language;
    int fields = 0; // translatable fields in the English source
    int translated = 0; // of those, present in this language
    std::vector<std::string> missing; // "quiz/<id>/questions/<qid>/explanation", "preset/<id>/title", ...
};

struct Content {
    std::string language; // "en", "ru", "sn"
    std::vector<Quiz> quizzes;
    std::map<std::string, Guide> guides;
    std::map<std::string, DemoPreset> presets;
    std::vector<Diagnostic> errors; // everything wrong; broken quizzes are left out, others load
    std::vector<LanguageCoverage> coverage; // one per language found in the tree

    const Quiz* quiz(const std::string& id) const;
    const Guide* guide(const std::string& id) const;
    const DemoPreset* preset(const std::string& id) const;
};

// How often the correct option of a quiz is its longest: by characters of the text as loaded (in
// English for check-content), live figures as written, a tie for the longest counted as longest.
// A learner who always picks the longest option should not do better than the options' number
// allows, so check-content warns above kMostLongestKeyShare. Only quizzes with
// `fair_distractors: true` are counted (the seed quizzes keep their pages' options as written).
struct LongestKeyShare {
    std::string quiz;
    int questions = 0;
    int keyLongest = 0;
    double share() const { return questions > 0 ? static_cast<double>(keyLongest) / questions : 0.0; }
};
inline constexpr double kMostLongestKeyShare = 0.4;
std::vector<LongestKeyShare> longestKeyShares(const Content& content);

// The languages the content tree offers ("en" first), from the translation files present.
std::vector<std::string> availableLanguages(const std::filesystem::path& root);

// Loads the whole tree at `root` (holding quizzes/, guides/, demos/) in `language`.
// Never throws for bad content: problems go to Content::errors.
Content loadContent(const std::filesystem::path& root, const std::string& language);

// One term of a translators' glossary (content/glossary.<language>.yaml): the English term, its
// rendering in that language, the note on how to use it (in English), and what it means for a
// learner in English and in that language (both empty where the file gives no definition).
struct GlossaryEntry {
    std::string term;
    std::string use;
    std::string note;
    std::string definitionEn;
    std::string definition;
};
// The terms of `root`/glossary.<language>.yaml, in file order; empty when there is none or it
// cannot be read (check-content reports why).
std::vector<GlossaryEntry> glossaryEntries(const std::filesystem::path& root, const std::string& language);

// Adds a quiz pack, loaded on its own by loadContent (so it is checked as any content is), to
// `into`: its errors, coverage and quizzes. A quiz whose id is already loaded is left out with an
// error; a guide or preset whose id is taken is renamed "<id>@<packName>" for this pack's quizzes,
// so two packs never change each other's demos.
void addPack(Content& into, Content pack, const std::string& packName);

} // namespace rlab::content
