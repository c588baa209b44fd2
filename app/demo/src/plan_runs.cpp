// A preset and the learner's sizes as engine runs: one home for the translation the app and
// `rlab check-claims` both use.
#include <algorithm>
#include <cstdint>

#include "rlab/demo/demo.h"
#include "rlab/engine.h"
#include "rlab/text.h"

namespace rlab::demo {

namespace {

// The preset's sizes with its model (arch, kv_heads, ffn): the runs change the model, not the sizes.
ModelShape toShape(const content::DemoShape& shape)
{
    ModelShape result;
    result.layers = shape.layers;
    result.width = shape.width;
    result.heads = shape.heads;
    result.seq = shape.seq;
    result.batch = shape.batch;
    result.vocab = shape.vocab;
    result.arch = shape.arch;
    result.kvHeads = shape.kvHeads;
    result.ffn = shape.ffn;
    return result;
}

// Gradients and losses are compared with `none` when a run is expected to differ from it, or a
// claim is about the difference.
bool comparesWithNone(const content::DemoPreset& preset)
{
    const bool differs = std::any_of(preset.runs.begin(), preset.runs.end(),
        [](const content::DemoRun& run) { return !run.rngReplay || run.savePrecision == "bf16"; });
    const bool claimed
        = std::any_of(preset.claims.begin(), preset.claims.end(), [](const content::DemoClaim& c) {
              return c.quantity == content::ClaimQuantity::GradError
                  || c.quantity == content::ClaimQuantity::LossDifference;
          });
    return differs || claimed;
}

// Tiny models run on one thread: their ops are too small to split, and on a busy machine two
// threads that meet at every op can each wait a whole time slice there. Measured on a loaded
// 2-core machine, 32 blocks at d=32, T=32, B=4: 16-77 ms a step on one thread, 0.2-7.5 s on two.
constexpr std::int64_t kOneThreadTokenFloats = 8192; // batch x seq x width: one activation tensor

int threadsFor(const ModelShape& shape)
{
    const std::int64_t floats = std::int64_t {shape.batch} * shape.seq * shape.width;
    return floats <= kOneThreadTokenFloats ? 1 : 0;
}

bool setSweepValue(ModelShape& shape, const std::string& parameter, int value)
{
    if (parameter == "layers")
        shape.layers = value;
    else if (parameter == "seq")
        shape.seq = value;
    else if (parameter == "width")
        shape.width = value;
    else if (parameter == "batch")
        shape.batch = value;
    else
        return false;
    return true;
}

std::optional<PlannedRun> planRun(const content::DemoPreset& preset, const content::DemoRun& run,
    const Choice& choice, const Settings& settings, std::string* error)
{
    PlannedRun item;
    item.label = run.label.empty() ? content::defaultRunLabel(run) : run.label;
    std::string parseError;
    const std::optional<RecomputePolicy> policy = RecomputePolicy::parse(run.policy, &parseError);
    if (!policy) {
        *error = "Run \"" + item.label + "\": " + parseError;
        return std::nullopt;
    }
    RunConfig& config = item.config;
    config.shape = content::runShape(run, choice.shape);
    config.fusedAttention = run.fusedAttention.value_or(preset.fusedAttention);
    config.policy = *policy;
    config.policy.offload = policy->offload || run.offload;
    if (config.policy.kind == PolicyKind::Selective) {
        if (preset.userKeepChoice)
            config.policy.keep = choice.keep;
        else
            for (const std::string& name : run.keep) {
                const std::optional<OpKind> kind = parseOpKind(name);
                if (!kind) {
                    *error = "Run \"" + item.label + "\": unknown op kind \"" + name + "\".";
                    return std::nullopt;
                }
                config.policy.keep.push_back(*kind);
            }
    }
    config.steps = preset.steps;
    config.warmupSteps = preset.steps > 1 ? 1 : 0;
    config.minTimeSeconds = settings.minTimeSeconds < 0 ? preset.minTimeSeconds : settings.minTimeSeconds;
    config.maxSteps = settings.maxSteps;
    config.dropout = preset.dropout;
    config.rngReplay = run.rngReplay;
    config.savePrecision = run.savePrecision == "bf16" ? SavePrecision::Bf16 : SavePrecision::Fp32;
    config.optimizer = run.optimizer == "sgd" ? Optimizer::Sgd : Optimizer::AdamW;
    config.device = settings.device;
    config.memoryLimitBytes = settings.memoryLimitBytes;
    config.recordTimeline = true;
    return item;
}

} // namespace

bool isPlainNone(const RunConfig& config)
{
    return config.policy.kind == PolicyKind::None && !config.policy.offload && config.rngReplay
        && config.savePrecision == SavePrecision::Fp32 && !config.fusedAttention;
}

Choice defaultChoice(const content::DemoPreset& preset)
{
    Choice choice;
    choice.shape = toShape(preset.shape);
    choice.keep = defaultSelectiveKeep();
    for (const content::DemoRun& run : preset.runs) {
        if (run.policy != "selective" || run.keep.empty())
            continue;
        choice.keep.clear();
        for (const std::string& name : run.keep)
            if (const std::optional<OpKind> kind = parseOpKind(name))
                choice.keep.push_back(*kind);
        break;
    }
    return choice;
}

std::optional<ChoiceProblem> checkChoice(const content::DemoPreset& preset, const Choice& choice)
{
    const ModelShape& s = choice.shape;
    const content::DemoShape& max = preset.maxShape;
    const struct {
        const char* name;
        int value, most;
    } sizes[] {{"layers", s.layers, max.layers}, {"width", s.width, max.width}, {"heads", s.heads, max.heads},
        {"seq", s.seq, max.seq}, {"batch", s.batch, max.batch}, {"vocab", s.vocab, max.vocab}};
    using Kind = ChoiceProblem::Kind;
    for (const auto& size : sizes) {
        if (size.value < 1)
            return ChoiceProblem {Kind::SizeBelowOne, size.name, size.value, 1};
        if (size.value > size.most)
            return ChoiceProblem {Kind::SizeAboveLimit, size.name, size.value, size.most};
    }
    if (!headsDivideWidth(s))
        return ChoiceProblem {Kind::HeadsDoNotDivideWidth, "heads", s.heads, s.width};
    // Llama's own rules on the learner's sizes, for each run's model (its kv_heads may be its own).
    for (const content::DemoRun& run : preset.runs) {
        const ModelShape model = content::runShape(run, s);
        if (model.arch != Arch::Llama)
            continue;
        if (!kvHeadsDivideHeads(model))
            return ChoiceProblem {Kind::KvHeadsDoNotDivideHeads, "heads", kvHeadsOf(model), model.heads};
        if (!headSizeIsEven(model))
            return ChoiceProblem {Kind::OddHeadSize, "heads", model.width / model.heads, 0};
    }
    if (preset.userKeepChoice && choice.keep.empty())
        return ChoiceProblem {Kind::NothingKept, {}, 0, 0};
    return std::nullopt;
}

std::string describe(const ChoiceProblem& problem)
{
    switch (problem.kind) {
    case ChoiceProblem::Kind::SizeBelowOne:
        return "Every size must be at least 1; " + problem.size + " is " + std::to_string(problem.value)
            + ".";
    case ChoiceProblem::Kind::SizeAboveLimit:
        return problem.size + " may be at most " + std::to_string(problem.limit) + " for this demo.";
    case ChoiceProblem::Kind::HeadsDoNotDivideWidth:
        return "The number of heads (" + std::to_string(problem.value) + ") must divide the width ("
            + std::to_string(problem.limit) + ").";
    case ChoiceProblem::Kind::KvHeadsDoNotDivideHeads:
        return "A llama run's " + std::to_string(problem.value)
            + " key/value heads must divide the number of heads (" + std::to_string(problem.limit) + ").";
    case ChoiceProblem::Kind::OddHeadSize:
        return "Rotary positions pair a head's dimensions, so the head size (width / heads = "
            + std::to_string(problem.value) + ") must be even.";
    case ChoiceProblem::Kind::NothingKept:
        return "Tick at least one kind of activation for selective recomputation to keep.";
    }
    return {};
}

std::vector<PlannedRun> planRuns(
    const content::DemoPreset& preset, const Choice& choice, const Settings& settings, std::string* error)
{
    std::string problem;
    auto fail = [&](std::string sentence) {
        if (error)
            *error = std::move(sentence);
        return std::vector<PlannedRun>();
    };
    if (preset.runs.empty())
        return fail("This demo has no runs.");
    if (const std::optional<ChoiceProblem> wrong = checkChoice(preset, choice))
        return fail(describe(*wrong));

    std::vector<PlannedRun> base;
    for (const content::DemoRun& run : preset.runs) {
        std::optional<PlannedRun> item = planRun(preset, run, choice, settings, &problem);
        if (!item)
            return fail(problem);
        base.push_back(std::move(*item));
    }
    // Gradients and losses are compared with a plain `none` run of the same sizes, run first.
    if (comparesWithNone(preset)) {
        const auto none = std::find_if(
            base.begin(), base.end(), [](const PlannedRun& item) { return isPlainNone(item.config); });
        PlannedRun reference;
        if (none != base.end()) {
            reference = *none;
            base.erase(none);
        } else {
            reference = base.front();
            reference.label = "none (reference)";
            reference.config.policy = RecomputePolicy {};
            reference.config.rngReplay = true;
            reference.config.savePrecision = SavePrecision::Fp32;
            reference.config.fusedAttention = false;
            reference.hiddenReference = true;
        }
        reference.reference = true;
        base.insert(base.begin(), reference);
        for (PlannedRun& item : base)
            item.config.keepGradients = true;
    }

    std::vector<PlannedRun> plans;
    const std::vector<int> values = preset.sweep ? preset.sweep->values : std::vector<int> {0};
    if (values.empty())
        return fail("The sweep over " + preset.sweep->parameter + " has no values.");
    for (const int value : values)
        for (PlannedRun item : base) {
            if (preset.sweep) {
                if (!setSweepValue(item.config.shape, preset.sweep->parameter, value))
                    return fail("A sweep over \"" + preset.sweep->parameter + "\" is not supported.");
                item.sweepParameter = preset.sweep->parameter;
                item.sweepValue = value;
            }
            item.config.threads = preset.threads > 0 ? preset.threads : threadsFor(item.config.shape);
            plans.push_back(std::move(item));
        }
    for (const PlannedRun& item : plans)
        if (const std::optional<std::string> wrong = validate(item.config)) {
            const std::string where = item.sweepParameter.empty()
                ? item.label
                : item.label + ", " + item.sweepParameter + " = " + std::to_string(item.sweepValue);
            return fail("Run \"" + where + "\": " + *wrong);
        }
    // One sweep value's runs are alive together (run_planned.cpp), with timing copies of up to
    // kTimingCopyBytes: their peaks add up, checked before any is built (four runs that fit one
    // by one climbed to 7.4 GB together before failing).
    const MemoryAvailable available = settings.memoryLimitBytes > 0
        ? MemoryAvailable {settings.memoryLimitBytes, "the given limit"}
        : availableMemory(settings.device);
    for (std::size_t first = 0; first < plans.size() && available.bytes > 0;) {
        std::size_t last = first;
        std::uint64_t together = 0;
        for (; last < plans.size() && plans[last].sweepValue == plans[first].sweepValue; ++last)
            together
                = std::min<std::uint64_t>(UINT64_MAX / 4, together + predictPeakBytes(plans[last].config));
        together += std::min(kTimingCopyBytes, 3 * together);
        if (together > available.bytes)
            return fail("This demo's " + std::to_string(last - first) + " runs"
                + (plans[first].sweepParameter.empty() ? std::string()
                                                       : " at " + plans[first].sweepParameter + " = "
                            + std::to_string(plans[first].sweepValue))
                + " run together and are predicted to need " + text::bytesShown(together) + ", more than "
                + available.limit + ", " + text::bytesShown(available.bytes) + "; choose smaller sizes.");
        first = last;
    }
    if (error)
        error->clear();
    return plans;
}

} // namespace rlab::demo
