#include "preset_reader.h"

#include <algorithm>
#include <array>
#include <charconv>

#include "claims_reader.h"
#include "fields.h"
#include "file_report.h"

namespace rlab::content {

namespace {

struct ShapeField {
    std::string_view key;
    int DemoShape::*member;
    int max; // keeps a demo within what a laptop trains in seconds to minutes
};

constexpr std::array<ShapeField, 6> shapeFields {{
    {"layers", &DemoShape::layers, 128},
    {"width", &DemoShape::width, 2048},
    {"heads", &DemoShape::heads, 64},
    {"seq", &DemoShape::seq, 2048},
    {"batch", &DemoShape::batch, 256},
    {"vocab", &DemoShape::vocab, 65536},
}};

constexpr std::array<std::string_view, 9> opKinds {
    "block_input", "layernorm", "qkv", "softmax", "attn_dropout", "attn_values", "residual", "fc1", "gelu"};
constexpr std::array<std::string_view, 4> sweepParameters {"layers", "seq", "width", "batch"};
// The results views a preset may open first (DemoPreset::view).
constexpr std::array<std::string_view, 5> resultViews {"table", "memory", "step-time", "timeline", "sweep"};
constexpr int maxSteps = 200;
constexpr double maxMinTimeSeconds = 10; // a demo's runs share a few seconds

template<std::size_t N> std::string listed(const std::array<std::string_view, N>& names)
{
    std::string text;
    for (std::string_view name : names)
        text.append(text.empty() ? "" : ", ").append(name);
    return text;
}

template<std::size_t N> bool contains(const std::array<std::string_view, N>& names, std::string_view name)
{
    return std::find(names.begin(), names.end(), name) != names.end();
}

const ShapeField* shapeField(std::string_view key)
{
    for (const ShapeField& field : shapeFields)
        if (field.key == key)
            return &field;
    return nullptr;
}

void readShape(const YamlNode& node, FileReport& report, const std::string& what, DemoShape& shape)
{
    const Fields fields(node, report, what, {}, {"layers", "width", "heads", "seq", "batch", "vocab"});
    for (const ShapeField& field : shapeFields) {
        const auto value = fields.integer(field.key);
        if (value && (*value < 1 || *value > field.max))
            report.error(*fields.node(field.key),
                std::string(field.key) + " must be 1 to " + std::to_string(field.max) + ", not "
                    + std::to_string(*value));
        else if (value)
            shape.*field.member = static_cast<int>(*value);
    }
    if (fields.isMapping() && shape.width % shape.heads != 0)
        report.error(node,
            what + ": width " + std::to_string(shape.width) + " is not a multiple of heads "
                + std::to_string(shape.heads));
}

// The largest sizes the learner may choose cannot be below the preset's own.
void checkMaxShape(
    const YamlNode& node, FileReport& report, const DemoShape& shape, const DemoShape& maxShape)
{
    for (const ShapeField& field : shapeFields)
        if (maxShape.*field.member < shape.*field.member)
            report.error(node,
                "max_shape " + std::string(field.key) + " " + std::to_string(maxShape.*field.member)
                    + " is below the preset's shape " + std::to_string(shape.*field.member));
}

void readKeep(const YamlNode& list, FileReport& report, DemoRun& run)
{
    if (run.policy != "selective")
        report.error(list, "keep applies only to the selective policy, not '" + run.policy + "'");
    for (const YamlNodePtr& item : list.items) {
        const auto kind = readId(*item, report, "keep");
        if (kind && !contains(opKinds, *kind))
            report.error(*item, "unknown op kind '" + *kind + "' (known: " + listed(opKinds) + ")");
        else if (kind)
            run.keep.push_back(*kind);
    }
}

DemoRun readRun(const YamlNode& node, FileReport& report, const std::string& presetId)
{
    const Fields fields(node, report, "a run of preset '" + presetId + "'", {"policy"},
        {"label", "offload", "rng_replay", "save_precision", "optimizer", "keep"});
    DemoRun run;
    if (auto policy = fields.text("policy")) {
        if (const std::string problem = policyProblem(*policy); !problem.empty())
            report.error(*fields.node("policy"), problem);
        run.policy = *policy;
    }
    run.offload = fields.boolean("offload").value_or(false);
    run.rngReplay = fields.boolean("rng_replay").value_or(true);
    if (auto precision = fields.text("save_precision")) {
        if (*precision != "fp32" && *precision != "bf16")
            report.error(*fields.node("save_precision"),
                "save_precision must be fp32 or bf16, not '" + *precision + "'");
        run.savePrecision = *precision;
    }
    if (auto optimizer = fields.text("optimizer")) {
        if (*optimizer != "sgd" && *optimizer != "adamw")
            report.error(
                *fields.node("optimizer"), "optimizer must be sgd or adamw, not '" + *optimizer + "'");
        run.optimizer = *optimizer;
    }
    if (const YamlNode* keep = fields.list("keep"))
        readKeep(*keep, report, run);
    run.label = fields.text("label").value_or(defaultRunLabel(run));
    return run;
}

void readRuns(const YamlNode& list, FileReport& report, DemoPreset& preset)
{
    if (list.items.empty())
        report.error(list, "preset '" + preset.id + "' has no runs; it needs at least one");
    for (const YamlNodePtr& item : list.items) {
        DemoRun run = readRun(*item, report, preset.id);
        for (const DemoRun& earlier : preset.runs)
            if (!run.label.empty() && earlier.label == run.label)
                report.error(*item,
                    "two runs of preset '" + preset.id + "' are labelled '" + run.label
                        + "'; give one a label of its own");
        preset.runs.push_back(std::move(run));
    }
}

void readSweep(const YamlNode& node, FileReport& report, DemoPreset& preset)
{
    const Fields fields(node, report, "the sweep of preset '" + preset.id + "'", {"parameter", "values"}, {});
    DemoSweep sweep;
    if (auto parameter = fields.text("parameter")) {
        if (!contains(sweepParameters, *parameter))
            report.error(*fields.node("parameter"),
                "sweep parameter must be one of " + listed(sweepParameters) + ", not '" + *parameter + "'");
        sweep.parameter = *parameter;
    }
    const ShapeField* field = shapeField(sweep.parameter);
    if (const YamlNode* values = fields.list("values")) {
        if (values->items.empty())
            report.error(*values, "the sweep of preset '" + preset.id + "' has no values");
        for (const YamlNodePtr& item : values->items) {
            const auto value = readInteger(*item, report, "values");
            if (!value || !field)
                continue;
            if (*value < 1 || *value > field->max)
                report.error(*item,
                    "sweep value " + std::to_string(*value) + " is out of range: " + sweep.parameter
                        + " must be 1 to " + std::to_string(field->max));
            else if (sweep.parameter == "width" && *value % preset.shape.heads != 0)
                report.error(*item,
                    "sweep width " + std::to_string(*value) + " is not a multiple of heads "
                        + std::to_string(preset.shape.heads));
            else
                sweep.values.push_back(static_cast<int>(*value));
        }
    }
    preset.sweep = std::move(sweep);
}

DemoPreset readPreset(const YamlNode& node, FileReport& report)
{
    const Fields fields(node, report, describe(node, "preset"), {"id", "title", "look_for", "shape", "runs"},
        {"max_shape", "steps", "min_time", "dropout", "user_keep_choice", "sweep", "claims", "view"});
    DemoPreset preset;
    preset.id = fields.id("id").value_or("");
    preset.title.value = fields.text("title").value_or("");
    preset.lookFor.value = fields.text("look_for").value_or("");
    if (const YamlNode* shape = fields.node("shape"))
        readShape(*shape, report, "the shape of preset '" + preset.id + "'", preset.shape);
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
    if (const auto dropout = fields.number("dropout")) {
        if (*dropout < 0.0 || *dropout >= 1.0)
            report.error(*fields.node("dropout"),
                "dropout must be at least 0 and below 1, not " + node.find("dropout")->value->scalar);
        else
            preset.dropout = static_cast<float>(*dropout);
    }
    if (const YamlNode* runs = fields.list("runs"))
        readRuns(*runs, report, preset);
    if (const YamlNode* sweep = fields.node("sweep"))
        readSweep(*sweep, report, preset);
    if (const YamlNode* claims = fields.list("claims"))
        readClaims(*claims, report, preset);
    if (const auto view = fields.id("view")) {
        if (!contains(resultViews, *view))
            report.error(
                *fields.node("view"), "unknown view '" + *view + "' (known: " + listed(resultViews) + ")");
        else if (*view == "sweep" && !preset.sweep)
            report.error(*fields.node("view"), "view 'sweep' needs a sweep");
        else
            preset.view = *view;
    }
    preset.userKeepChoice = fields.boolean("user_keep_choice").value_or(false);
    const bool hasSelective = std::any_of(
        preset.runs.begin(), preset.runs.end(), [](const DemoRun& run) { return run.policy == "selective"; });
    if (preset.userKeepChoice && !hasSelective)
        report.error(
            *fields.node("user_keep_choice"), "user_keep_choice needs a run with the selective policy");
    return preset;
}

// "16M", "4MiB", "1048576": bytes, with K/M/G meaning powers of 1024 as KiB/MiB/GiB do.
bool isByteCount(std::string_view text)
{
    std::size_t digits = 0;
    while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9')
        ++digits;
    if (digits == 0)
        return false;
    unsigned long long value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + digits, value);
    if (error != std::errc() || value == 0)
        return false;
    const std::string_view suffix = text.substr(digits);
    return suffix.empty() || suffix == "K" || suffix == "M" || suffix == "G" || suffix == "KiB"
        || suffix == "MiB" || suffix == "GiB";
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

std::string defaultRunLabel(const DemoRun& run)
{
    std::string label = run.policy;
    if (run.offload)
        label += " + offload";
    if (!run.rngReplay)
        label += ", no RNG replay";
    if (run.savePrecision != "fp32")
        label += ", " + run.savePrecision;
    if (run.optimizer != "adamw")
        label += ", " + run.optimizer;
    return label;
}

std::string policyProblem(std::string_view policy)
{
    if (policy == "none" || policy == "full" || policy == "sqrt" || policy == "selective")
        return {};
    if (policy.starts_with("segment:")) {
        const std::string_view count = policy.substr(8);
        const bool digits = !count.empty() && count.size() <= 4
            && std::all_of(count.begin(), count.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (count == "best" || (digits && count.find_first_not_of('0') != std::string_view::npos))
            return {};
        return "policy '" + std::string(policy)
            + "' needs a whole number of blocks from 1 after 'segment:', or best (segment:4, segment:best)";
    }
    if (policy.starts_with("budget:")) {
        if (isByteCount(policy.substr(7)))
            return {};
        return "policy '" + std::string(policy)
            + "' needs a positive byte count after 'budget:', like budget:16MiB (suffixes K, M, G, KiB, MiB, "
              "GiB)";
    }
    if (policy.find("offload") != std::string_view::npos)
        return "policy '" + std::string(policy)
            + "' is not a policy; write the base policy and offload: true";
    return "unknown policy '" + std::string(policy)
        + "' (use none, full, sqrt, selective, segment:<k>, segment:best or budget:<bytes>)";
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
