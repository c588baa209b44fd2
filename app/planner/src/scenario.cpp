#include "rlab/planner/scenario.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>
#include <vector>

namespace rlab::planner {

namespace {

constexpr int kMostRanks = 4096; // data-parallel ranks and nodes
constexpr int kMostTensorRanks = 64; // tensor-parallel ranks live within a node's NVLink domain
constexpr int kMostStages = 256;
constexpr int kMostVirtualStages = 64;
constexpr int kMostMicrobatches = 1024;
constexpr int kMostGpusPerNode = 64;

int shapeMost(std::string_view key)
{
    return shapeField(key)->most;
}

const std::array<ScenarioCount, 16>& counts()
{
    static const std::array<ScenarioCount, 16> table {{
        {"layers", 1, shapeMost("layers"), &Scenario::layers, nullptr, true},
        {"width", 1, shapeMost("width"), &Scenario::width, nullptr, true},
        {"heads", 1, shapeMost("heads"), &Scenario::heads, nullptr, true},
        {"vocab", 1, shapeMost("vocab"), &Scenario::vocab, nullptr, true},
        {"kv_heads", 1, shapeMost("heads"), &Scenario::kvHeads, nullptr, true},
        {"ffn", 1, kMostFfn, &Scenario::ffn, nullptr, true},
        {"seq", 1, shapeMost("seq"), &Scenario::seq, nullptr, false},
        {"batch", 1, shapeMost("batch"), &Scenario::batch, nullptr, false},
        {"dp", 1, kMostRanks, nullptr, &Parallelism::dp, false},
        {"tp", 1, kMostTensorRanks, nullptr, &Parallelism::tp, false},
        {"pp", 1, kMostStages, nullptr, &Parallelism::pp, false},
        {"virtual_stages", 1, kMostVirtualStages, nullptr, &Parallelism::virtualStages, false},
        {"microbatches", 1, kMostMicrobatches, nullptr, &Parallelism::microbatches, false},
        {"zero", 0, 3, nullptr, &Parallelism::zero, false},
        {"gpus_per_node", 1, kMostGpusPerNode, &Scenario::gpusPerNode, nullptr, false},
        {"nodes", 1, kMostRanks, nullptr, nullptr, false}, // the page's field: ranks / GPUs per node
    }};
    return table;
}

std::optional<long long> wholeNumber(std::string_view text)
{
    long long value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

} // namespace

bool Scenario::isCustom() const
{
    return findModelPreset(model) == nullptr;
}

int ScenarioCount::value(const Scenario& scenario) const
{
    if (member)
        return scenario.*member;
    if (parallelMember)
        return scenario.parallel.*parallelMember;
    return scenario.nodes();
}

void ScenarioCount::setValue(Scenario& scenario, int value) const
{
    if (member)
        scenario.*member = value;
    else if (parallelMember)
        scenario.parallel.*parallelMember = value;
}

std::span<const ScenarioCount> scenarioCounts()
{
    return counts();
}

const ScenarioCount* scenarioCount(std::string_view key)
{
    for (const ScenarioCount& count : counts())
        if (count.key == key)
            return &count;
    return nullptr;
}

Request scenarioRequest(const Scenario& scenario)
{
    Request request;
    request.model = scenario.model;
    ModelShape& shape = request.config.shape;
    const ModelPreset* preset = findModelPreset(scenario.model);
    if (!preset) {
        shape = ModelShape {};
        shape.arch = scenario.arch;
        for (const ScenarioCount& count : counts())
            if (count.customOnly && count.value(scenario) > 0)
                if (const ShapeField* field = shapeField(count.key))
                    shape.*field->member = count.value(scenario);
        if (scenario.arch == Arch::Llama) {
            shape.kvHeads = scenario.kvHeads > 0 ? scenario.kvHeads : shape.kvHeads;
            shape.ffn = scenario.ffn > 0 ? scenario.ffn : shape.ffn;
            shape.qkvBias = scenario.qkvBias;
        }
    }
    shape.seq = scenario.seq;
    shape.batch = scenario.batch;
    RunConfig& config = request.config;
    config.weightPrecision = scenario.bf16Weights ? SavePrecision::Bf16 : SavePrecision::Fp32;
    config.savePrecision = scenario.bf16Activations ? SavePrecision::Bf16 : SavePrecision::Fp32;
    config.optimizer = scenario.optimizer;
    config.fusedAttention = scenario.fusedAttention;
    request.budgetBytes = scenario.budgetBytes;
    return preset ? withModel(request, *preset) : request;
}

void completeScenario(Scenario& scenario)
{
    if (scenario.seq == 0) {
        const ModelPreset* preset = findModelPreset(scenario.model);
        scenario.seq = preset ? preset->context : kCustomSeq;
    }
    if (scenario.gpusPerNode == 0) {
        const int ranks = scenario.ranks();
        for (int gpus = std::min(8, ranks); gpus >= 1 && scenario.gpusPerNode == 0; --gpus)
            if (ranks % gpus == 0 && gpus >= scenario.parallel.tp)
                scenario.gpusPerNode = gpus;
        if (scenario.gpusPerNode == 0)
            scenario.gpusPerNode = scenario.parallel.tp;
    }
}

std::string scenarioPolicyChoices()
{
    std::string known;
    for (const RankPolicy& policy : rankPolicies({MegatronMethod::Uniform, MegatronMethod::Block}, 1))
        known += (known.empty() ? "" : ", ") + policy.label;
    return known;
}

std::optional<ScenarioProblem> scenarioProblem(const Scenario& scenario)
{
    const Request request = scenarioRequest(scenario);
    if (std::optional<std::string> problem = requestProblem(request))
        return ScenarioProblem {{}, std::move(*problem)};
    if (std::optional<std::string> problem = parallelismProblem(request.config.shape, scenario.parallel))
        return ScenarioProblem {{}, std::move(*problem)};
    const int ranks = scenario.ranks();
    const int tp = scenario.parallel.tp;
    if (scenario.gpusPerNode <= 0 || ranks % scenario.gpusPerNode != 0 || tp > scenario.gpusPerNode)
        return ScenarioProblem {"gpus_per_node",
            "dp x tp x pp is " + std::to_string(ranks) + " GPUs, which nodes of "
                + std::to_string(scenario.gpusPerNode) + " GPUs must fill exactly, each holding the "
                + std::to_string(tp) + " tensor-parallel ranks"};
    if (!scenario.policy.empty()) {
        bool found = false;
        for (const RankPolicy& policy : rankPolicies({MegatronMethod::Uniform, MegatronMethod::Block}, 1))
            found = found || policy.label == scenario.policy;
        if (!found)
            return ScenarioProblem {"policy",
                "unknown planner policy '" + scenario.policy
                    + "' (the Planner's cluster rows: " + scenarioPolicyChoices() + ")"};
    }
    return std::nullopt;
}

std::vector<std::pair<std::string, std::string>> scenarioPairs(const Scenario& scenario)
{
    std::vector<std::pair<std::string, std::string>> pairs {{"model", scenario.model}};
    const bool custom = scenario.isCustom();
    if (custom)
        pairs.emplace_back("arch", archName(scenario.arch));
    for (const ScenarioCount& count : counts()) {
        if (count.key == "nodes" || (count.customOnly && (!custom || count.value(scenario) <= 0)))
            continue;
        pairs.emplace_back(count.key, std::to_string(count.value(scenario)));
    }
    pairs.emplace_back("budget", std::to_string(scenario.budgetBytes));
    pairs.emplace_back("weights", scenario.bf16Weights ? "bf16" : "fp32");
    pairs.emplace_back("sp", scenario.parallel.sequenceParallel ? "true" : "false");
    if (custom && scenario.qkvBias)
        pairs.emplace_back("qkv_bias", "true");
    if (scenario.bf16Activations)
        pairs.emplace_back("activations", "bf16");
    if (scenario.optimizer != Optimizer::AdamW)
        pairs.emplace_back("optimizer", optimizerName(scenario.optimizer));
    if (scenario.fusedAttention)
        pairs.emplace_back("fused_attention", "true");
    if (!scenario.policy.empty())
        pairs.emplace_back("policy", scenario.policy);
    return pairs;
}

std::string scenarioWord(const Scenario& scenario)
{
    std::string word;
    for (const auto& [key, value] : scenarioPairs(scenario))
        word += (word.empty() ? "" : ",") + key + ":" + value;
    return word;
}

Scenario scenarioOfWord(std::string_view word)
{
    Scenario scenario;
    while (!word.empty()) {
        const std::size_t comma = std::min(word.find(','), word.size());
        const std::string_view pair = word.substr(0, comma);
        word.remove_prefix(std::min(comma + 1, word.size()));
        const std::size_t colon = pair.find(':');
        if (colon == std::string_view::npos)
            continue;
        const std::string_view key = pair.substr(0, colon), value = pair.substr(colon + 1);
        if (key == "model")
            scenario.model = std::string(value);
        else if (key == "arch")
            scenario.arch = parseArch(value).value_or(Arch::Gpt2);
        else if (key == "policy")
            scenario.policy = std::string(value);
        else if (key == "weights" || key == "activations")
            (key == "weights" ? scenario.bf16Weights : scenario.bf16Activations) = value == "bf16";
        else if (key == "sp")
            scenario.parallel.sequenceParallel = value == "true";
        else if (key == "qkv_bias" || key == "fused_attention")
            (key == "qkv_bias" ? scenario.qkvBias : scenario.fusedAttention) = value == "true";
        else if (key == "optimizer")
            scenario.optimizer = parseOptimizer(value).value_or(Optimizer::AdamW);
        else if (key == "budget")
            scenario.budgetBytes = static_cast<std::uint64_t>(wholeNumber(value).value_or(0));
        else if (const ScenarioCount* count = scenarioCount(key)) {
            const long long whole = wholeNumber(value).value_or(0);
            count->setValue(scenario, whole >= INT_MIN && whole <= INT_MAX ? static_cast<int>(whole) : 0);
        }
    }
    return scenario;
}

} // namespace rlab::planner
