#pragma once
// What the Planner plans, as one value: the model (a preset, or a custom block's sizes), the
// sequence and micro-batch, the precisions and optimizer, the device budget and the cluster. Every
// place that holds or spells one uses this type and its tables: a question's `planner:` view (the
// content loader reads it key by key with scenarioCounts' limits), its "key:value,..." word in the
// LMS formats (scenarioWord / scenarioOfWord), `rlab plan`'s cluster flags, and the Planner page's
// form. The rules that say whether it can be planned are scenarioProblem's, which are the
// planner's own (requestProblem, parallelismProblem) plus the cluster's nodes.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rlab/planner/parallel.h"

namespace rlab::planner {

struct Scenario {
    std::string model; // a planner preset's --model name ("llama-3-70b") or "custom"
    // A custom model's block and sizes (a preset's are its own): 0 keeps the planner's default.
    Arch arch = Arch::Gpt2;
    int layers = 0, width = 0, heads = 0, vocab = 0, kvHeads = 0, ffn = 0;
    bool qkvBias = false; // a custom llama's biases on wq, wk and wv (Qwen2's block)
    int seq = 0; // 0: the preset's context (custom: kCustomSeq), filled in by completeScenario
    int batch = 1; // the micro-batch
    std::uint64_t budgetBytes = 80'000'000'000; // the device's memory, 80 GB unless given
    bool bf16Weights = false; // mixed precision with fp32 master weights (predicted only)
    bool bf16Activations = false; // the saved activations kept in bf16
    Optimizer optimizer = Optimizer::AdamW;
    bool fusedAttention = false;
    Parallelism parallel;
    int gpusPerNode = 0; // 0: the largest node of 8 GPUs or fewer that the ranks fill and tp fits in
    std::string policy; // the cluster row shown (a rankPolicies label); empty: the cheapest that fits

    bool isCustom() const;
    int ranks() const { return static_cast<int>(parallel.ranks()); }
    int nodes() const { return gpusPerNode > 0 ? ranks() / gpusPerNode : 0; }
};

constexpr int kCustomSeq = 1024; // a custom model's sequence when none is given

// The scenario's whole-number fields: the key content and the LMS word spell them by, their limits
// (the engine's for the model's sizes), and whether only a custom model may set them.
struct ScenarioCount {
    std::string_view key;
    int least, most;
    int Scenario::*member; // nullptr for the parallel sizes (see value/setValue)
    int Parallelism::*parallelMember;
    bool customOnly;
    int value(const Scenario& scenario) const;
    void setValue(Scenario& scenario, int value) const;
};
std::span<const ScenarioCount> scenarioCounts();
const ScenarioCount* scenarioCount(std::string_view key); // nullptr when unknown

// The single-device request the scenario asks for: a preset's sizes filled in, the custom model's
// given sizes over the planner's defaults.
Request scenarioRequest(const Scenario& scenario);

// Fills in what the scenario leaves to the planner: the sequence (the preset's context, or
// kCustomSeq) and the node size (see gpusPerNode).
void completeScenario(Scenario& scenario);

// Why the scenario cannot be planned: one sentence and the key it is about (empty: the whole), or
// nullopt when it can: the request's problem, the parallel split's, the nodes', an unknown policy.
struct ScenarioProblem {
    std::string key;
    std::string sentence;
};
std::optional<ScenarioProblem> scenarioProblem(const Scenario& scenario);
// The cluster rows' labels a scenario's `policy` may name, comma-separated.
std::string scenarioPolicyChoices();

// The scenario as "key:value" pairs joined by commas, every field the content reads written out
// (its defaults filled in), so that reading it back gives the same scenario; and back. What is not
// a number where one belongs is left at its default: the content loader then reports the
// imported file like any other.
std::vector<std::pair<std::string, std::string>> scenarioPairs(const Scenario& scenario);
std::string scenarioWord(const Scenario& scenario);
Scenario scenarioOfWord(std::string_view word);

} // namespace rlab::planner
