#include "planner_view_reader.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "fields.h"
#include "file_report.h"
#include "rlab/planner/parallel.h"
#include "rlab/planner/planner.h"

namespace rlab::content {

namespace {

constexpr std::array<std::string_view, 21> kKeys {"model", "arch", "layers", "width", "heads", "vocab",
    "kv_heads", "ffn", "seq", "batch", "budget", "weights", "dp", "tp", "sp", "pp", "virtual_stages",
    "microbatches", "zero", "gpus_per_node", "policy"};
constexpr std::array<std::string_view, 7> kCustomOnly {
    "arch", "layers", "width", "heads", "vocab", "kv_heads", "ffn"};
constexpr int kCustomSeq = 1024; // a custom model's sequence when none is given (the Planner's)

// The Planner page's limits on the cluster's fields (app/gui/planner/clusterpanel.cpp).
struct Limit {
    std::string_view key;
    int most;
    int PlannerView::*member;
};
constexpr std::array<Limit, 7> kClusterLimits {{
    {"dp", 4096, &PlannerView::dp}, {"tp", 64, &PlannerView::tp}, {"pp", 256, &PlannerView::pp},
    {"virtual_stages", 64, &PlannerView::virtualStages}, {"microbatches", 1024, &PlannerView::microbatches},
    {"gpus_per_node", 64, &PlannerView::gpusPerNode},
    {"batch", 0, &PlannerView::batch}, // the engine's limit (shapeField)
}};

std::string modelNames()
{
    return rlab::planner::modelChoices();
}

// The planner's request for the view, as the Planner page builds it from the same values.
rlab::planner::Request requestOf(const PlannerView& view)
{
    rlab::planner::Request request;
    request.model = view.model;
    rlab::ModelShape& shape = request.config.shape;
    const rlab::planner::ModelPreset* preset = rlab::planner::findModelPreset(view.model);
    if (!preset) {
        shape = rlab::ModelShape {};
        shape.arch = view.arch == "llama" ? rlab::Arch::Llama : rlab::Arch::Gpt2;
        for (const auto& [value, member] : {std::pair {view.layers, &rlab::ModelShape::layers},
                 std::pair {view.width, &rlab::ModelShape::width},
                 std::pair {view.heads, &rlab::ModelShape::heads},
                 std::pair {view.vocab, &rlab::ModelShape::vocab},
                 std::pair {view.kvHeads, &rlab::ModelShape::kvHeads},
                 std::pair {view.ffn, &rlab::ModelShape::ffn}})
            if (value > 0)
                shape.*member = value;
    }
    shape.seq = view.seq;
    shape.batch = view.batch;
    request.config.weightPrecision = view.bf16Weights ? rlab::SavePrecision::Bf16 : rlab::SavePrecision::Fp32;
    request.config.optimizer = rlab::Optimizer::AdamW;
    request.budgetBytes = view.budgetBytes;
    return preset ? rlab::planner::withModel(request, *preset) : request;
}

} // namespace

std::optional<PlannerView> readPlannerView(
    const YamlNode& node, FileReport& report, const std::string& questionId)
{
    const int before = report.count();
    const Fields fields(node, report, "the planner view of question '" + questionId + "'",
        std::span(kKeys.begin(), 1), std::span(kKeys.begin() + 1, kKeys.end()));
    if (!fields.isMapping())
        return std::nullopt;
    PlannerView view;
    view.line = node.line;
    view.column = node.column;
    const rlab::planner::ModelPreset* preset = nullptr;
    if (auto model = fields.text("model")) {
        preset = rlab::planner::findModelPreset(*model);
        if (!preset && *model != rlab::planner::kCustomModel)
            report.error(*fields.node("model"),
                "unknown planner model '" + *model + "' (known: " + modelNames() + ")");
        view.model = *model;
    }
    if (preset)
        for (std::string_view key : kCustomOnly)
            if (const YamlNode* given = fields.node(key))
                report.error(*given,
                    std::string("'") + std::string(key) + std::string("' sets a custom model's size; ")
                        + std::string(preset->title) + " has its own, so write model: custom to give it");
    if (auto arch = fields.text("arch")) {
        if (!rlab::parseArch(*arch))
            report.error(
                *fields.node("arch"), "unknown arch '" + *arch + "' (known: " + rlab::archChoices() + ")");
        else
            view.arch = std::string(rlab::archName(*rlab::parseArch(*arch)));
    }
    for (const auto& [key, member] : {std::pair {"layers", &PlannerView::layers},
             std::pair {"width", &PlannerView::width}, std::pair {"heads", &PlannerView::heads},
             std::pair {"vocab", &PlannerView::vocab}, std::pair {"kv_heads", &PlannerView::kvHeads},
             std::pair {"ffn", &PlannerView::ffn}, std::pair {"seq", &PlannerView::seq}}) {
        const auto value = fields.integer(key);
        if (!value)
            continue;
        const rlab::ShapeField* field = rlab::shapeField(key);
        const long long least = field ? field->least : 1;
        const long long most = field ? field->most : rlab::kMostFfn;
        if (*value < least || *value > most)
            report.error(*fields.node(key),
                std::string("'") + std::string(key) + std::string("' must be a whole number from ")
                    + std::to_string(least) + std::string(" to ") + std::to_string(most)
                    + std::string(", not ") + std::to_string(*value));
        else
            view.*member = static_cast<int>(*value);
    }
    if ((view.kvHeads || view.ffn) && view.arch != "llama" && !preset)
        report.error(*fields.node(view.kvHeads ? "kv_heads" : "ffn"),
            "'kv_heads' and 'ffn' are the llama block's sizes; write arch: llama to use them");
    view.gpusPerNode = 0;
    for (const Limit& limit : kClusterLimits) {
        const auto value = fields.integer(limit.key);
        if (!value)
            continue;
        const long long most = limit.most ? limit.most : rlab::shapeField(limit.key)->most;
        if (*value < 1 || *value > most)
            report.error(*fields.node(limit.key),
                std::string("'") + std::string(limit.key) + std::string("' must be a whole number from 1 to ")
                    + std::to_string(most) + std::string(", not ") + std::to_string(*value));
        else
            view.*limit.member = static_cast<int>(*value);
    }
    if (auto zero = fields.integer("zero")) {
        if (*zero < 0 || *zero > 3)
            report.error(*fields.node("zero"),
                std::string("'zero' is ZeRO's stage, 0 to 3 (3 is FSDP's full sharding), not ")
                    + std::to_string(*zero));
        else
            view.zero = static_cast<int>(*zero);
    }
    if (auto sp = fields.boolean("sp"))
        view.sequenceParallel = *sp;
    if (auto weights = fields.text("weights")) {
        if (*weights != "fp32" && *weights != "bf16")
            report.error(*fields.node("weights"),
                "'weights' is fp32 or bf16 (with fp32 master weights), not '" + *weights + "'");
        view.bf16Weights = *weights == "bf16";
    }
    if (auto budget = fields.text("budget")) {
        const std::optional<std::uint64_t> bytes = rlab::parseByteSize(*budget);
        if (!bytes || *bytes == 0)
            report.error(*fields.node("budget"),
                "'budget' is the device's memory as a byte size such as 80GB or 24GiB, not '" + *budget
                    + "'");
        else
            view.budgetBytes = *bytes;
    }
    if (report.count() > before)
        return std::nullopt;

    // The whole view as the planner sees it: the model's own limits, then the cluster's.
    if (view.seq == 0)
        view.seq = preset ? preset->context : kCustomSeq;
    const rlab::planner::Request request = requestOf(view);
    if (const auto problem = rlab::planner::requestProblem(request)) {
        report.error(
            node, "the planner view of question '" + questionId + "' cannot be planned: " + *problem);
        return std::nullopt;
    }
    rlab::planner::Parallelism parallel;
    parallel.dp = view.dp;
    parallel.tp = view.tp;
    parallel.sequenceParallel = view.sequenceParallel;
    parallel.pp = view.pp;
    parallel.virtualStages = view.virtualStages;
    parallel.microbatches = view.microbatches;
    parallel.zero = view.zero;
    if (const auto problem = rlab::planner::parallelismProblem(request.config.shape, parallel)) {
        report.error(
            node, "the planner view of question '" + questionId + "' cannot be planned: " + *problem);
        return std::nullopt;
    }
    const int ranks = view.ranks();
    if (view.gpusPerNode == 0) { // the largest node of 8 GPUs or fewer that the ranks fill and tp fits in
        for (int gpus = std::min(8, ranks); gpus >= 1 && view.gpusPerNode == 0; --gpus)
            if (ranks % gpus == 0 && gpus >= view.tp)
                view.gpusPerNode = gpus;
        if (view.gpusPerNode == 0)
            view.gpusPerNode = view.tp;
    }
    if (ranks % view.gpusPerNode != 0 || view.tp > view.gpusPerNode) {
        report.error(*(fields.node("gpus_per_node") ? fields.node("gpus_per_node") : &node),
            std::string("dp x tp x pp is ") + std::to_string(ranks) + std::string(" GPUs, which nodes of ")
                + std::to_string(view.gpusPerNode) + std::string(" GPUs must fill exactly, each holding the ")
                + std::to_string(view.tp) + " tensor-parallel ranks");
        return std::nullopt;
    }
    if (auto policy = fields.text("policy")) {
        const std::vector<rlab::planner::RankPolicy> policies = rlab::planner::rankPolicies(
            {rlab::planner::MegatronMethod::Uniform, rlab::planner::MegatronMethod::Block}, 1);
        std::string known;
        bool found = false;
        for (const rlab::planner::RankPolicy& p : policies) {
            found = found || p.label == *policy;
            known += (known.empty() ? "" : ", ") + p.label;
        }
        if (!found) {
            report.error(*fields.node("policy"),
                "unknown planner policy '" + *policy + "' (the Planner's cluster rows: " + known + ")");
            return std::nullopt;
        }
        view.policy = *policy;
    }
    return view;
}

} // namespace rlab::content
