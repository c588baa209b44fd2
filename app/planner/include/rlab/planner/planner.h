#pragma once
// The planner: for a GPT-2 or llama model of any size and a device budget, each recomputation
// policy's predicted step (peak by category, recompute share, fits or not, the largest micro-batch
// and sequence that fit), the cheapest that fits, and the peak against a size for charts. Every
// figure comes from the engine's predictor (rlab::predict): nothing is allocated or trained, so it
// answers in milliseconds at any size. `rlab plan` and the app's Planner page share it.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rlab/engine.h"

namespace rlab::planner {

// Published models' sizes as the engine builds them: GPT-2's (an untied head, a position table of
// --seq rows) and llama-family ones (--arch llama: RMSNorm, rotary, grouped-query attention with
// kvHeads key/value heads, SwiGLU of hidden size ffn, no biases but Qwen2's on wq, wk and wv where
// qkvBias, an untied head).
struct ModelPreset {
    std::string_view name; // "gpt2-124m": the --model word
    std::string_view title; // "GPT-2 124M"
    int layers, width, heads;
    Arch arch = Arch::Gpt2;
    int kvHeads = 0, ffn = 0; // llama's G and F (0 for GPT-2)
    int vocab = 50257;
    int context = 1024; // the longest sequence planned for it, and the default --seq
    bool qkvBias = false; // biases on wq, wk and wv (Qwen2's block)
};
std::span<const ModelPreset> modelPresets();
const ModelPreset* findModelPreset(std::string_view name); // nullptr for "custom" or unknown
constexpr std::string_view kCustomModel = "custom";
constexpr int kGpt2Vocab = 50257;
constexpr int kGpt2Context = 1024; // GPT-2's positions
std::string modelChoices(); // "gpt2-124m, gpt2-355m, ..., qwen2.5-7b or custom"
// Device budgets users pick from: 16, 24, 40, 80 and 141 GB (SI units, as GPUs are sold).
std::span<const std::uint64_t> budgetPresets();

struct Request {
    std::string model = std::string(kCustomModel); // a preset's name or "custom"
    RunConfig config; // shape (a preset's is set by withModel), optimizer, precisions, dropout
    std::uint64_t budgetBytes = 0;
};
// The request with the preset's architecture, layers, width, heads (and key/value heads and SwiGLU
// size) and vocabulary (seq and batch kept).
Request withModel(Request request, const ModelPreset& preset);
// One sentence when the request cannot be planned (unknown model, a preset past its context, no
// budget, an impossible shape or a count past 64 bits); nullopt when it can.
std::optional<std::string> requestProblem(const Request& request);
// bf16 weights are modelled but the engine cannot train them, so nothing it measures backs those
// figures: predicted only. (Fused attention the engine trains: docs/fused-attention.md.)
bool predictedOnly(const RunConfig& config);
// The longest sequence the request's model takes: a preset's context, else the engine's limit.
int longestSeq(const Request& request);

// The engine's policies a plan compares, in the order its rows list them: none, selective, full, sqrt,
// segment:best and budget (the budget planner, its bytes the device's). The one list of them, for the
// single-device plan and the per-rank one alike.
std::span<const std::string_view> plannedPolicies();
// The policy a label of that list names; "budget" is the budget planner at 1 byte, the caller
// setting its bytes.
RecomputePolicy plannedPolicy(std::string_view label);

struct PolicyRow {
    RecomputePolicy policy; // budget's bytes: the device budget as handed to the planner
    std::string label; // "none", "selective", "full", "sqrt", "segment:best", "budget"
    bool planned = false; // false: no plan (note says why)
    bool fits = false; // the device peak (host-offloaded bytes apart) within the budget
    Prediction prediction;
    std::string note;
    int largestBatch = 0; // at the request's seq; 0: not even 1 fits
    int largestSeq = 0; // at the request's batch
    std::string name() const; // "sqrt+offload"
};

struct Report {
    Request request;
    std::uint64_t parameters = 0;
    std::vector<PolicyRow> rows; // none, selective, full, sqrt, segment:best, budget; then +offload
    int cheapest = -1; // index into rows of the cheapest that fits; -1: none fits
    const PolicyRow* cheapestRow() const;
};
// The whole plan; nullopt with *error set to requestProblem's sentence.
std::optional<Report> plan(const Request& request, std::string* error);
// One row's prediction for the request (the budget planner narrowed to the whole step's budget).
PolicyRow predictRow(const Request& request, const RecomputePolicy& policy, std::string label);

// Recompute FLOPs as a share of the step's FLOPs.
double recomputeShare(const Prediction& prediction);
std::uint64_t peakOf(const Prediction& prediction, MemoryCategory category);

// The predicted device peak at each value of one size (batch or seq), the rest as requested;
// nullopt where that size is impossible or no plan meets the budget.
std::vector<std::optional<std::uint64_t>> peakCurve(const Request& request, const RecomputePolicy& policy,
    int ModelShape::*size, std::span<const int> values);

} // namespace rlab::planner
