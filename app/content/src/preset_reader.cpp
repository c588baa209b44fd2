#include "preset_reader.h"

#include <algorithm>
#include <array>
#include <unordered_map>
#include <vector>

#include "claims_reader.h"
#include "fields.h"
#include "file_report.h"
#include "rlab/text.h"
#include "rlab/words.h"

namespace rlab::content {

namespace {

// The largest size a demo may use, per shape field: a demo trains on a laptop in seconds to
// minutes. The fields, their names and the engine's own limits are rlab::shapeFields().
struct DemoLimit {
    std::string_view key;
    int most;
};
constexpr std::array<DemoLimit, 6> demoLimits {{
    {"layers", 128},
    {"width", 2048},
    {"heads", 64},
    {"seq", 2048},
    {"batch", 256},
    {"vocab", 65536},
}};

// The results views a preset may open first (DemoPreset::view).
constexpr std::array<std::string_view, 8> resultViews {
    "table", "memory", "step-time", "timeline", "sweep", "loss", "ledger", "frontier"};

std::string listedViews()
{
    std::string text;
    for (std::string_view name : resultViews)
        text.append(text.empty() ? "" : ", ").append(name);
    return text;
}
} // namespace

bool isDemoResultView(std::string_view name)
{
    return std::find(resultViews.begin(), resultViews.end(), name) != resultViews.end();
}

std::string demoResultViewsText()
{
    return listedViews();
}

namespace {
constexpr int maxSteps = 200;
// A demo runs all of a preset's runs for every sweep value, each for seconds: these keep one demo
// to minutes and its loading linear (the real presets have at most 4 values, and 4 runs except
// memory-time-frontier's 14: ten budgets beside four named policies, each timed briefly).
constexpr std::size_t maxRuns = 16;
constexpr std::size_t maxSweepValues = 12;
constexpr double maxMinTimeSeconds = 10; // a demo's runs share a few seconds
constexpr int maxThreads = 64; // a demo needs a few; more would only spawn idle threads
// A demo's total work, every run at every sweep value (the real presets: at most 4.2 s of measuring
// and 180 steps): each bound alone let 16 runs x 12 values x 200 steps x 10 s run 45 minutes.
constexpr double maxDemoMeasuringSeconds = 30;
constexpr long long maxDemoSteps = 600;

int demoMost(const ShapeField& field)
{
    for (const DemoLimit& limit : demoLimits)
        if (limit.key == field.key)
            return std::min(limit.most, field.most);
    return field.most;
}

std::vector<std::string_view> shapeKeys()
{
    std::vector<std::string_view> keys;
    for (const ShapeField& field : shapeFields())
        keys.push_back(field.key);
    return keys;
}

void readShape(const YamlNode& node, FileReport& report, const std::string& what, DemoShape& shape)
{
    const Fields fields(node, report, what, {}, shapeKeys());
    for (const ShapeField& field : shapeFields()) {
        const auto value = fields.integer(field.key);
        if (value && (*value < field.least || *value > demoMost(field)))
            report.error(*fields.node(field.key),
                std::string(field.key) + " must be " + std::to_string(field.least) + " to "
                    + std::to_string(demoMost(field)) + ", not " + std::to_string(*value));
        else if (value)
            shape.*field.member = static_cast<int>(*value);
    }
    if (fields.isMapping() && !headsDivideWidth(shape))
        report.error(node,
            what + ": width " + std::to_string(shape.width) + " is not a multiple of heads "
                + std::to_string(shape.heads));
}

// The largest sizes the learner may choose cannot be below the preset's own.
void checkMaxShape(
    const YamlNode& node, FileReport& report, const DemoShape& shape, const DemoShape& maxShape)
{
    for (const ShapeField& field : shapeFields())
        if (maxShape.*field.member < shape.*field.member)
            report.error(node,
                "max_shape " + std::string(field.key) + " " + std::to_string(maxShape.*field.member)
                    + " is below the preset's shape " + std::to_string(shape.*field.member));
}

void readKeep(const YamlNode& list, FileReport& report, DemoRun& run)
{
    if (!run.isSelective())
        report.error(list, "keep applies only to the selective policy, not '" + run.policy + "'");
    for (const YamlNodePtr& item : list.items) {
        // Op kinds are the engine's words (attn_dropout), not ids: parseOpKind is the check.
        const auto name = readText(*item, report, "keep");
        const auto kind = name ? parseOpKind(*name) : std::nullopt;
        if (name && !kind)
            report.error(*item, "unknown op kind '" + *name + "' (known: " + opKindChoices() + ")");
        else if (kind)
            run.keep.emplace_back(opKindName(*kind));
    }
}

// A setting named by one of the engine's words (save_precision, optimizer): kept as its canonical
// name, or refused with the choices.
template<typename Word>
void readName(const Fields& fields, FileReport& report, std::string_view key,
    std::optional<Word> (*parse)(std::string_view), std::string_view (*name)(Word), std::string (*choices)(),
    std::string& out)
{
    const std::optional<std::string> text = fields.text(key);
    if (!text)
        return;
    if (const std::optional<Word> word = parse(*text))
        out = name(*word);
    else
        report.error(*fields.node(key), std::string(key) + " must be " + choices() + ", not '" + *text + "'");
}

// The model and attention a preset or a run sets (`arch`, `kv_heads`, `ffn`, `attention`), read
// with the engine's words; the values are checked against the whole shape by checkModel.
struct ModelChoice {
    std::optional<Arch> arch;
    std::optional<int> kvHeads;
    std::optional<int> ffn;
    std::optional<bool> fusedAttention;
};

constexpr std::string_view kAttentionChoices = "plain or fused";

ModelChoice readModelChoice(const Fields& fields, FileReport& report)
{
    ModelChoice choice;
    if (const std::optional<std::string> text = fields.text("arch")) {
        choice.arch = parseArch(*text);
        if (!choice.arch)
            report.error(*fields.node("arch"), "arch must be " + archChoices() + ", not '" + *text + "'");
    }
    if (const std::optional<std::string> text = fields.text("attention")) {
        if (*text == "plain" || *text == "fused")
            choice.fusedAttention = *text == "fused";
        else
            report.error(*fields.node("attention"),
                "attention must be " + std::string(kAttentionChoices) + ", not '" + *text + "'");
    }
    if (const std::optional<long long> value = fields.integer("kv_heads")) {
        if (*value < 1 || *value > 64)
            report.error(*fields.node("kv_heads"),
                "kv_heads must be 1 to the number of heads, not " + std::to_string(*value));
        else
            choice.kvHeads = static_cast<int>(*value);
    }
    if (const std::optional<long long> value = fields.integer("ffn")) {
        if (*value < 1 || *value > kMostFfn)
            report.error(*fields.node("ffn"),
                "ffn must be 1 to " + std::to_string(kMostFfn) + ", not " + std::to_string(*value));
        else
            choice.ffn = static_cast<int>(*value);
    }
    return choice;
}

// What the preset or run set, against the model it makes (`shape`): kv_heads and ffn are llama's,
// the key/value heads divide the heads, and rotary positions need an even head size.
void checkModel(const Fields& fields, FileReport& report, const ModelChoice& choice, const ModelShape& shape)
{
    const bool llama = shape.arch == Arch::Llama;
    if (choice.kvHeads && !llama)
        report.error(*fields.node("kv_heads"),
            "kv_heads is llama's (grouped-query attention): it needs arch: llama, which " + fields.what()
                + " does not have");
    else if (choice.kvHeads && shape.heads % *choice.kvHeads != 0)
        report.error(*fields.node("kv_heads"),
            "kv_heads " + std::to_string(*choice.kvHeads) + " must divide the number of heads, "
                + std::to_string(shape.heads));
    if (choice.ffn && !llama)
        report.error(*fields.node("ffn"),
            "ffn is llama's (the SwiGLU hidden size): it needs arch: llama, which " + fields.what()
                + " does not have");
    if (choice.arch && llama && headsDivideWidth(shape) && !headSizeIsEven(shape))
        report.error(*fields.node("arch"),
            "arch llama pairs each head's dimensions for rotary positions, so width / heads must be even, "
            "not "
                + std::to_string(shape.width / shape.heads));
}

void applyModelChoice(const ModelChoice& choice, ModelShape& shape)
{
    if (choice.arch && *choice.arch != shape.arch) {
        shape.arch = *choice.arch;
        shape.kvHeads = 0;
        shape.ffn = 0;
    }
    if (choice.kvHeads)
        shape.kvHeads = *choice.kvHeads;
    if (choice.ffn)
        shape.ffn = *choice.ffn;
}

DemoRun readRun(const YamlNode& node, FileReport& report, const DemoPreset& preset)
{
    const std::string& presetId = preset.id;
    const Fields fields(node, report, "a run of preset '" + presetId + "'", {"policy"},
        {"label", "offload", "rng_replay", "save_precision", "optimizer", "keep", "arch", "kv_heads", "ffn",
            "attention"});
    DemoRun run;
    if (auto policy = fields.text("policy")) {
        if (const std::string problem = policyProblem(*policy); !problem.empty())
            report.error(*fields.node("policy"), problem);
        run.policy = *policy;
        run.policyLine = fields.node("policy")->line;
        run.policyColumn = fields.node("policy")->column;
    }
    run.offload = fields.boolean("offload").value_or(false);
    run.rngReplay = fields.boolean("rng_replay").value_or(true);
    readName(fields, report, "save_precision", parseSavePrecision, savePrecisionName, savePrecisionChoices,
        run.savePrecision);
    readName(fields, report, "optimizer", parseOptimizer, optimizerName, optimizerChoices, run.optimizer);
    if (const YamlNode* keep = fields.list("keep"))
        readKeep(*keep, report, run);
    const ModelChoice model = readModelChoice(fields, report);
    run.arch = model.arch;
    run.kvHeads = model.kvHeads;
    run.ffn = model.ffn;
    run.fusedAttention = model.fusedAttention;
    checkModel(fields, report, model, runShape(run, preset.shape));
    run.label = fields.text("label").value_or(defaultRunLabel(run));
    return run;
}

// False when the list is too long to read: the claims that name its runs are not checked then.
bool readRuns(const YamlNode& list, FileReport& report, DemoPreset& preset)
{
    if (list.items.empty())
        report.error(list, "preset '" + preset.id + "' has no runs; it needs at least one");
    if (list.items.size() > maxRuns) {
        report.error(list,
            "preset '" + preset.id + "' has " + std::to_string(list.items.size())
                + " runs; a preset has at most " + std::to_string(maxRuns));
        return false;
    }
    // One error per repeated label, at its second run, however often it repeats.
    struct Seen {
        int count = 0;
        const YamlNode* second = nullptr;
    };
    std::unordered_map<std::string, Seen> labels;
    std::vector<std::string> repeated;
    for (const YamlNodePtr& item : list.items) {
        DemoRun run = readRun(*item, report, preset);
        if (!run.label.empty()) {
            Seen& seen = labels[run.label];
            if (++seen.count == 2) {
                seen.second = item.get();
                repeated.push_back(run.label);
            }
        }
        preset.runs.push_back(std::move(run));
    }
    for (const std::string& label : repeated) {
        const Seen& seen = labels.at(label);
        report.error(*seen.second,
            std::to_string(seen.count) + " runs of preset '" + preset.id + "' are labelled '" + label
                + "'; give each a label of its own");
    }
    return true;
}

void readSweep(const YamlNode& node, FileReport& report, DemoPreset& preset)
{
    const Fields fields(node, report, "the sweep of preset '" + preset.id + "'", {"parameter", "values"}, {});
    DemoSweep sweep;
    if (auto parameter = fields.text("parameter")) {
        if (!sweepParameter(*parameter))
            report.error(*fields.node("parameter"),
                "sweep parameter must be one of " + sweepParameterList() + ", not '" + *parameter + "'");
        sweep.parameter = *parameter;
    }
    const ShapeField* field = sweepParameter(sweep.parameter);
    if (const YamlNode* values = fields.list("values")) {
        if (values->items.empty())
            report.error(*values, "the sweep of preset '" + preset.id + "' has no values");
        if (values->items.size() > maxSweepValues) {
            report.error(*values,
                "the sweep of preset '" + preset.id + "' has " + std::to_string(values->items.size())
                    + " values; a sweep has at most " + std::to_string(maxSweepValues));
            preset.sweep = std::move(sweep);
            return;
        }
        for (const YamlNodePtr& item : values->items) {
            const auto value = readInteger(*item, report, "values");
            if (!value || !field)
                continue;
            DemoShape swept = preset.shape;
            swept.*field->member = static_cast<int>(*value);
            if (*value < field->least || *value > demoMost(*field))
                report.error(*item,
                    "sweep value " + std::to_string(*value) + " is out of range: " + sweep.parameter
                        + " must be " + std::to_string(field->least) + " to "
                        + std::to_string(demoMost(*field)));
            else if (!headsDivideWidth(swept))
                report.error(*item,
                    "sweep width " + std::to_string(*value) + " is not a multiple of heads "
                        + std::to_string(preset.shape.heads));
            else if (std::any_of(preset.runs.begin(), preset.runs.end(),
                         [&](const DemoRun& run) { return runShape(run, swept).arch == Arch::Llama; })
                && (swept.width / swept.heads) % 2 != 0)
                report.error(*item,
                    "sweep width " + std::to_string(*value) + " gives the llama runs an odd head size, "
                        + std::to_string(swept.width / swept.heads)
                        + "; rotary positions pair each head's dimensions");
            else
                sweep.values.push_back(static_cast<int>(*value));
        }
    }
    preset.sweep = std::move(sweep);
}

// The whole demo's steps and measuring time, at the field that sets them (else at the runs).
void checkDemoWork(const Fields& fields, FileReport& report, const DemoPreset& preset)
{
    const long long runs = static_cast<long long>(preset.runs.size());
    const long long values = preset.sweep ? std::max<long long>(1, preset.sweep->values.size()) : 1;
    const auto at = [&](const char* field) -> const YamlNode& {
        const YamlNode* node = fields.node(field);
        return node ? *node : *fields.node("runs");
    };
    const std::string times = "preset '" + preset.id + "' %s " + std::to_string(runs) + " runs x "
        + std::to_string(values) + " sweep values x ";
    const auto sentence = [&](const char* verb) {
        std::string said = times;
        said.replace(said.find("%s"), 2, verb);
        return said;
    };
    if (const long long steps = runs * values * preset.steps; steps > maxDemoSteps)
        report.error(at("steps"),
            sentence("trains") + std::to_string(preset.steps) + " steps = " + std::to_string(steps)
                + " steps; a demo trains at most " + std::to_string(maxDemoSteps)
                + " (fewer steps, runs or sweep values)");
    if (const double seconds = static_cast<double>(runs * values) * preset.minTimeSeconds;
        seconds > maxDemoMeasuringSeconds)
        report.error(at("min_time"),
            sentence("measures") + text::shortest(preset.minTimeSeconds)
                + " s (min_time) = " + text::shortest(seconds) + " s; a demo measures for at most "
                + text::shortest(maxDemoMeasuringSeconds)
                + " s (a smaller min_time, fewer runs or sweep values)");
}

DemoPreset readPreset(const YamlNode& node, FileReport& report)
{
    const Fields fields(node, report, describe(node, "preset"), {"id", "title", "look_for", "shape", "runs"},
        {"max_shape", "steps", "min_time", "threads", "dropout", "user_keep_choice", "sweep", "claims",
            "view", "predict", "answer", "arch", "kv_heads", "ffn", "attention"});
    DemoPreset preset;
    preset.id = fields.id("id").value_or("");
    preset.title.value = fields.text("title").value_or("");
    preset.lookFor.value = fields.text("look_for").value_or("");
    if (const YamlNode* shape = fields.node("shape"))
        readShape(*shape, report, "the shape of preset '" + preset.id + "'", preset.shape);
    const ModelChoice model = readModelChoice(fields, report);
    applyModelChoice(model, preset.shape);
    preset.fusedAttention = model.fusedAttention.value_or(false);
    checkModel(fields, report, model, preset.shape);
    preset.maxShape = preset.shape;
    if (const YamlNode* maxShape = fields.node("max_shape")) {
        readShape(*maxShape, report, "the max_shape of preset '" + preset.id + "'", preset.maxShape);
        checkMaxShape(*maxShape, report, preset.shape, preset.maxShape);
    }
    if (const auto steps = fields.integer("steps")) {
        if (*steps < 1 || *steps > maxSteps)
            report.error(*fields.node("steps"),
                "steps must be 1 to " + std::to_string(maxSteps) + ", not " + std::to_string(*steps));
        else
            preset.steps = static_cast<int>(*steps);
    }
    if (const auto minTime = fields.number("min_time")) {
        if (*minTime < 0 || *minTime > maxMinTimeSeconds)
            report.error(*fields.node("min_time"),
                "min_time must be 0 to " + std::to_string(int(maxMinTimeSeconds)) + " seconds, not "
                    + node.find("min_time")->value->scalar);
        else
            preset.minTimeSeconds = *minTime;
    }
    if (const auto threads = fields.integer("threads")) {
        if (*threads < 1 || *threads > maxThreads)
            report.error(*fields.node("threads"),
                "threads must be 1 to " + std::to_string(maxThreads) + ", not " + std::to_string(*threads));
        else
            preset.threads = static_cast<int>(*threads);
    }
    if (const auto dropout = fields.number("dropout")) {
        if (*dropout < 0.0 || *dropout >= 1.0)
            report.error(*fields.node("dropout"),
                "dropout must be at least 0 and below 1, not " + node.find("dropout")->value->scalar);
        else
            preset.dropout = static_cast<float>(*dropout);
    }
    bool runsRead = true;
    if (const YamlNode* runs = fields.list("runs"))
        runsRead = readRuns(*runs, report, preset);
    if (const YamlNode* sweep = fields.node("sweep"))
        readSweep(*sweep, report, preset);
    if (const YamlNode* claims = fields.list("claims"); claims && runsRead)
        readClaims(*claims, report, preset);
    if (const YamlNode* predict = fields.node("predict"); predict && runsRead)
        readPrediction(*predict, report, preset);
    if (const YamlNode* answer = fields.node("answer"); answer && runsRead)
        preset.answer = readAnswer(*answer, report, preset, "the answer of preset '" + preset.id + "'");
    if (const auto view = fields.id("view")) {
        if (std::find(resultViews.begin(), resultViews.end(), *view) == resultViews.end())
            report.error(*fields.node("view"), "unknown view '" + *view + "' (known: " + listedViews() + ")");
        else if (*view == "sweep" && !preset.sweep)
            report.error(*fields.node("view"), "view 'sweep' needs a sweep");
        else if (*view == "frontier"
            && std::count_if(preset.runs.begin(), preset.runs.end(),
                   [](const DemoRun& run) { return run.policy.starts_with("budget:"); })
                < 2)
            report.error(*fields.node("view"), "view 'frontier' needs two or more budget:<bytes> runs");
        else
            preset.view = *view;
    }
    checkDemoWork(fields, report, preset);
    preset.userKeepChoice = fields.boolean("user_keep_choice").value_or(false);
    const bool hasSelective = std::any_of(
        preset.runs.begin(), preset.runs.end(), [](const DemoRun& run) { return run.isSelective(); });
    if (preset.userKeepChoice && !hasSelective)
        report.error(
            *fields.node("user_keep_choice"), "user_keep_choice needs a run with the selective policy");
    return preset;
}

// `reasons: {claim-id: text}`: only claims that have an English reason can be translated.
void readReasons(const YamlNode& reasons, FileReport& report, const DemoPreset& preset, Translations& found)
{
    for (const YamlEntry& reason : reasons.entries) {
        const auto claim = std::find_if(preset.claims.begin(), preset.claims.end(),
            [&](const DemoClaim& c) { return c.id == reason.key; });
        if (claim == preset.claims.end() || claim->reason.value.empty()) {
            report.error(reason,
                "claim '" + reason.key + "' of preset '" + preset.id
                    + "' has no reason in the English source");
            continue;
        }
        if (auto text = readText(*reason.value, report, reason.key))
            found[presetTextPath(preset.id, "claims/" + reason.key + "/reason")] = *text;
    }
}

} // namespace

bool DemoRun::isSelective() const
{
    const std::optional<RecomputePolicy> parsed = RecomputePolicy::parse(policy, nullptr);
    return parsed && parsed->kind == PolicyKind::Selective;
}

std::string defaultRunLabel(const DemoRun& run)
{
    std::string label = run.policy;
    if (run.offload)
        label += " + offload";
    if (!run.rngReplay)
        label += ", no RNG replay";
    if (run.savePrecision != savePrecisionName(kDefaultSavePrecision))
        label += ", " + run.savePrecision;
    if (run.optimizer != optimizerName(kDefaultOptimizer))
        label += ", " + run.optimizer;
    if (run.arch)
        label += ", " + std::string(archName(*run.arch));
    if (run.kvHeads)
        label += ", kv_heads " + std::to_string(*run.kvHeads);
    if (run.ffn)
        label += ", ffn " + std::to_string(*run.ffn);
    if (run.fusedAttention)
        label += *run.fusedAttention ? ", fused" : ", plain attention";
    return label;
}

ModelShape runShape(const DemoRun& run, ModelShape base)
{
    applyModelChoice({run.arch, run.kvHeads, run.ffn, run.fusedAttention}, base);
    return base;
}

std::string policyProblem(std::string_view policy)
{
    std::string problem;
    const std::optional<RecomputePolicy> parsed = RecomputePolicy::parse(policy, &problem);
    if (parsed && !parsed->offload)
        return {};
    if (policy.find("offload") != std::string_view::npos)
        return "policy '" + std::string(policy)
            + "' is not a policy; write the base policy and offload: true";
    if (policy.starts_with("budget:"))
        return "policy '" + std::string(policy) + "' needs a positive byte count after 'budget:', like "
            + "budget:16MiB (" + kByteSizeExamples + "; K, M and G are powers of 1024)";
    return "unknown policy '" + std::string(policy) + "' (use " + kPolicyChoices + ")";
}

PresetCatalog readPresets(const YamlNode& root, FileReport& report)
{
    PresetCatalog catalog;
    const int before = report.count();
    const Fields fields(root, report, "the presets file", {"schema", "presets"}, {});
    checkSchemaVersion(fields, report);
    const YamlNode* list = fields.list("presets");
    if (!list || report.count() > before) {
        catalog.unavailable = true;
        return catalog;
    }
    UniqueIds seen("preset");
    for (const YamlNodePtr& item : list->items) {
        const int errorsBefore = report.count();
        DemoPreset preset = readPreset(*item, report);
        if (!preset.id.empty())
            seen.add(preset.id, *item->find("id")->value, report);
        if (report.count() > errorsBefore) {
            if (!preset.id.empty() && !catalog.presets.count(preset.id))
                catalog.broken.insert(preset.id);
            continue;
        }
        catalog.presets.emplace(preset.id, std::move(preset));
    }
    return catalog;
}

bool readPresetTranslation(const YamlNode& root, FileReport& report, const PresetCatalog& source,
    const std::string& language, Translations& table)
{
    const int before = report.count();
    const Fields fields(root, report, "the translation", {"schema", "language"}, {"presets"});
    checkTranslationHeader(fields, report, language, {}, {});
    Translations found;
    if (const YamlNode* presets = fields.mapping("presets")) {
        for (const YamlEntry& entry : presets->entries) {
            if (source.broken.count(entry.key))
                continue;
            if (!source.presets.count(entry.key)) {
                report.error(entry, "preset '" + entry.key + "' does not exist in the English source");
                continue;
            }
            const Fields text(
                *entry.value, report, "preset '" + entry.key + "'", {}, {"title", "look_for", "reasons"});
            readTranslatedText(text, "title", presetTextPath(entry.key, "title"), found);
            readTranslatedText(text, "look_for", presetTextPath(entry.key, "look_for"), found);
            if (const YamlNode* reasons = text.mapping("reasons"))
                readReasons(*reasons, report, source.presets.at(entry.key), found);
        }
    }
    if (report.count() > before)
        return false;
    table.merge(found);
    return true;
}

} // namespace rlab::content
