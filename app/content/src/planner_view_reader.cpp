#include "planner_view_reader.h"

#include <array>
#include <string_view>

#include "fields.h"
#include "file_report.h"
#include "rlab/planner/planner.h"

namespace rlab::content {

namespace {

// The keys a view is written with: the scenario's whole numbers (rlab::planner::scenarioCounts, but
// `nodes`, which the page derives) and these.
constexpr std::array<std::string_view, 10> kOtherKeys {"model", "arch", "budget", "weights", "activations",
    "optimizer", "fused_attention", "qkv_bias", "sp", "policy"};

// 'key', built so GCC 12's -Wrestrict false positive on "'" + std::string(...) stays quiet.
std::string quoted(std::string_view key)
{
    std::string text(1, '\'');
    text += key;
    text += '\'';
    return text;
}

std::vector<std::string_view> optionalKeys()
{
    std::vector<std::string_view> keys(kOtherKeys.begin() + 1, kOtherKeys.end());
    for (const rlab::planner::ScenarioCount& count : rlab::planner::scenarioCounts())
        if (count.key != "nodes")
            keys.push_back(count.key);
    return keys;
}

void readCounts(const Fields& fields, FileReport& report, PlannerView& view, bool preset)
{
    for (const rlab::planner::ScenarioCount& count : rlab::planner::scenarioCounts()) {
        const auto value = count.key == "nodes" ? std::nullopt : fields.integer(count.key);
        if (!value)
            continue;
        if (count.customOnly && preset)
            report.error(*fields.node(count.key),
                quoted(count.key) + " sets a custom model's size; "
                    + std::string(rlab::planner::findModelPreset(view.model)->title)
                    + " has its own, so write model: custom to give it");
        else if (count.key == "zero" && (*value < count.least || *value > count.most))
            report.error(*fields.node("zero"),
                "'zero' is ZeRO's stage, 0 to 3 (3 is FSDP's full sharding), not " + std::to_string(*value));
        else if (*value < count.least || *value > count.most)
            report.error(*fields.node(count.key),
                quoted(count.key) + " must be a whole number from " + std::to_string(count.least) + " to "
                    + std::to_string(count.most) + ", not " + std::to_string(*value));
        else
            count.setValue(view, static_cast<int>(*value));
    }
}

// The precisions, the optimizer, the flags and the budget.
void readChoices(const Fields& fields, FileReport& report, PlannerView& view)
{
    for (const std::string_view key : {"weights", "activations"})
        if (auto precision = fields.text(key)) {
            if (*precision != "fp32" && *precision != "bf16")
                report.error(*fields.node(key),
                    key == "weights"
                        ? "'weights' is fp32 or bf16 (with fp32 master weights), not '" + *precision + "'"
                        : "'activations' is fp32 or bf16, not '" + *precision + "'");
            (key == "weights" ? view.bf16Weights : view.bf16Activations) = *precision == "bf16";
        }
    if (auto optimizer = fields.text("optimizer")) {
        if (const auto parsed = rlab::parseOptimizer(*optimizer))
            view.optimizer = *parsed;
        else
            report.error(*fields.node("optimizer"),
                "unknown optimizer '" + *optimizer + "' (known: " + rlab::optimizerChoices() + ")");
    }
    if (auto sp = fields.boolean("sp"))
        view.parallel.sequenceParallel = *sp;
    if (auto fused = fields.boolean("fused_attention"))
        view.fusedAttention = *fused;
    if (auto bias = fields.boolean("qkv_bias"))
        view.qkvBias = *bias;
    if (auto budget = fields.text("budget")) {
        const std::optional<std::uint64_t> bytes = rlab::parseByteSize(*budget);
        if (!bytes || *bytes == 0)
            report.error(*fields.node("budget"),
                "'budget' is the device's memory as a byte size such as 80GB or 24GiB, not '" + *budget
                    + "'");
        else
            view.budgetBytes = *bytes;
    }
}

} // namespace

std::optional<PlannerView> readPlannerView(
    const YamlNode& node, FileReport& report, const std::string& questionId)
{
    const int before = report.count();
    const std::vector<std::string_view> optional = optionalKeys();
    const Fields fields(node, report, "the planner view of question '" + questionId + "'",
        std::span(kOtherKeys.begin(), 1), std::span(optional));
    if (!fields.isMapping())
        return std::nullopt;
    PlannerView view;
    view.gpusPerNode = 0;
    const rlab::planner::ModelPreset* preset = nullptr;
    if (auto model = fields.text("model")) {
        preset = rlab::planner::findModelPreset(*model);
        if (!preset && *model != rlab::planner::kCustomModel)
            report.error(*fields.node("model"),
                "unknown planner model '" + *model + "' (known: " + rlab::planner::modelChoices() + ")");
        view.model = *model;
    }
    bool llama = false;
    if (auto arch = fields.text("arch")) {
        if (preset)
            report.error(*fields.node("arch"),
                "'arch' sets a custom model's block; " + std::string(preset->title)
                    + " has its own, so write model: custom to give it");
        else if (const auto parsed = rlab::parseArch(*arch))
            view.arch = *parsed;
        else
            report.error(
                *fields.node("arch"), "unknown arch '" + *arch + "' (known: " + rlab::archChoices() + ")");
        llama = view.arch == rlab::Arch::Llama;
    }
    readCounts(fields, report, view, preset != nullptr);
    readChoices(fields, report, view);
    if (!preset && !llama && (fields.node("kv_heads") || fields.node("ffn")))
        report.error(*fields.node(fields.node("kv_heads") ? "kv_heads" : "ffn"),
            "'kv_heads' and 'ffn' are the llama block's sizes; write arch: llama to use them");
    if (!preset && !llama && fields.node("qkv_bias"))
        report.error(*fields.node("qkv_bias"),
            "'qkv_bias' is the llama block's (Qwen2's biases on wq, wk and wv); write arch: llama to use it");
    if (auto policy = fields.text("policy"))
        view.policy = *policy;
    if (report.count() > before)
        return std::nullopt;

    // The whole view as the planner sees it: the model's own limits, then the cluster's.
    rlab::planner::completeScenario(view);
    if (const auto problem = rlab::planner::scenarioProblem(view)) {
        const YamlNode* at = problem->key.empty() ? nullptr : fields.node(problem->key);
        report.error(at ? *at : node,
            problem->key.empty()
                ? "the planner view of question '" + questionId + "' cannot be planned: " + problem->sentence
                : problem->sentence);
        return std::nullopt;
    }
    return view;
}

} // namespace rlab::content
