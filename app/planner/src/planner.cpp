// The planner: the engine's predictor asked once per policy, size and budget.
#include "rlab/planner/planner.h"

#include <array>
#include <tuple>

namespace rlab::planner {

namespace {

// Llama 3's shapes from Meta's config.json files (8,192 positions); Mistral 7B v0.1's, whose
// sliding window of 4,096 positions is the engine's full causal attention up to 4,096, so that is its
// longest sequence here; Qwen2.5 7B's, the llama block with biases on wq, wk and wv (--qkv-bias), at
// its native 32,768 positions (YaRN stretches them to 131,072, past the engine's 65,536).
constexpr std::array<ModelPreset, 8> kPresets {{
    {"gpt2-124m", "GPT-2 124M", 12, 768, 12},
    {"gpt2-355m", "GPT-2 355M", 24, 1024, 16},
    {"gpt2-774m", "GPT-2 774M", 36, 1280, 20},
    {"gpt2-1.5b", "GPT-2 1.5B", 48, 1600, 25},
    {"llama-3-8b", "Llama 3 8B", 32, 4096, 32, Arch::Llama, 8, 14336, 128256, 8192},
    {"llama-3-70b", "Llama 3 70B", 80, 8192, 64, Arch::Llama, 8, 28672, 128256, 8192},
    {"mistral-7b", "Mistral 7B", 32, 4096, 32, Arch::Llama, 8, 14336, 32000, 4096},
    {"qwen2.5-7b", "Qwen2.5 7B", 28, 3584, 28, Arch::Llama, 4, 18944, 152064, 32768, true},
}};
constexpr std::array<std::uint64_t, 5> kBudgets {
    16'000'000'000, 24'000'000'000, 40'000'000'000, 80'000'000'000, 141'000'000'000};
constexpr std::array<std::string_view, 6> kPolicies {
    "none", "selective", "full", "sqrt", "segment:best", "budget"};

// The largest size in 1..most whose step fits, by bisection: memory only grows with either size.
int largestFitting(const Request& request, const RecomputePolicy& policy, int ModelShape::*size, int most)
{
    const auto fits = [&](int value) {
        Request trial = request;
        trial.config.shape.*size = value;
        return predictRow(trial, policy, {}).fits;
    };
    if (!fits(1))
        return 0;
    int low = 1, high = most; // fits(low); the answer is in [low, high]
    while (low < high) {
        const int middle = low + (high - low + 1) / 2;
        if (fits(middle))
            low = middle;
        else
            high = middle - 1;
    }
    return low;
}

} // namespace

std::span<const ModelPreset> modelPresets()
{
    return kPresets;
}

const ModelPreset* findModelPreset(std::string_view name)
{
    for (const ModelPreset& preset : kPresets)
        if (preset.name == name)
            return &preset;
    return nullptr;
}

std::string modelChoices()
{
    std::string out;
    for (const ModelPreset& preset : kPresets)
        out += std::string(preset.name) + ", ";
    out.resize(out.size() - 2);
    return out + " or " + std::string(kCustomModel);
}

std::span<const std::uint64_t> budgetPresets()
{
    return kBudgets;
}

Request withModel(Request request, const ModelPreset& preset)
{
    request.model = preset.name;
    ModelShape& shape = request.config.shape;
    shape.layers = preset.layers;
    shape.width = preset.width;
    shape.heads = preset.heads;
    shape.vocab = preset.vocab;
    shape.arch = preset.arch;
    shape.kvHeads = preset.kvHeads;
    shape.ffn = preset.ffn;
    shape.qkvBias = preset.qkvBias;
    return request;
}

bool predictedOnly(const RunConfig& config)
{
    return config.weightPrecision != SavePrecision::Fp32;
}

int longestSeq(const Request& request)
{
    const ModelPreset* preset = findModelPreset(request.model);
    return preset ? preset->context : shapeField("seq")->most;
}

std::optional<std::string> requestProblem(const Request& request)
{
    if (request.model != kCustomModel && !findModelPreset(request.model))
        return "Unknown model '" + request.model + "'; use " + modelChoices() + ".";
    if (const ModelPreset* preset = findModelPreset(request.model);
        preset && request.config.shape.seq > preset->context)
        return std::string(preset->title) + " is planned for " + std::to_string(preset->context)
            + " positions, so the sequence must be at most " + std::to_string(preset->context)
            + " (use the custom model for longer sequences).";
    if (request.budgetBytes == 0)
        return std::string("The plan needs a device budget above zero bytes, such as 24GB or 80GB.");
    std::string error;
    if (!predict(request.config, &error)) // the shape itself: sizes, divisibility, 64-bit counts
        return error;
    return std::nullopt;
}

std::string PolicyRow::name() const
{
    return label + (policy.offload ? "+offload" : "");
}

const PolicyRow* Report::cheapestRow() const
{
    return cheapest >= 0 ? &rows[static_cast<std::size_t>(cheapest)] : nullptr;
}

// The budget planner limits activation bytes, so it is handed the device budget less what the rest
// of the step needs, narrowed until the whole step fits or no plan is left.
PolicyRow predictRow(const Request& request, const RecomputePolicy& policy, std::string label)
{
    PolicyRow row;
    row.policy = policy;
    row.label = std::move(label);
    RunConfig config = request.config;
    config.policy = policy;
    config.policy.budgetBytes = request.budgetBytes;
    const bool planner = policy.kind == PolicyKind::Budget;
    for (int attempt = 0; attempt < (planner ? 8 : 1); ++attempt) {
        std::string error;
        const std::optional<Prediction> prediction = predict(config, &error);
        if (!prediction) {
            row.note = error;
            return row;
        }
        row.planned = true;
        row.prediction = *prediction;
        const std::uint64_t total = prediction->memory.peakTotal;
        row.fits = total <= request.budgetBytes;
        const std::uint64_t activations = prediction->memory.peakActivations;
        if (row.fits || activations == 0 || total - request.budgetBytes >= activations)
            return row;
        config.policy.budgetBytes = activations - (total - request.budgetBytes);
    }
    return row;
}

std::span<const std::string_view> plannedPolicies()
{
    return kPolicies;
}

RecomputePolicy plannedPolicy(std::string_view label)
{
    return *RecomputePolicy::parse(label == "budget" ? std::string_view("budget:1") : label, nullptr);
}

std::optional<Report> plan(const Request& request, std::string* error)
{
    if (std::optional<std::string> problem = requestProblem(request)) {
        if (error)
            *error = *problem;
        return std::nullopt;
    }
    Report report;
    report.request = request;
    report.parameters = peakOf(*predict(request.config, nullptr), MemoryCategory::Parameters)
        / (request.config.weightPrecision == SavePrecision::Bf16 ? 2 : sizeof(float));
    const int mostBatch = shapeField("batch")->most;
    for (const bool offload : {false, true}) {
        for (const std::string_view name : kPolicies) {
            RecomputePolicy policy = plannedPolicy(name);
            policy.offload = offload;
            PolicyRow row = predictRow(request, policy, std::string(name));
            row.largestBatch = largestFitting(request, policy, &ModelShape::batch, mostBatch);
            row.largestSeq = largestFitting(request, policy, &ModelShape::seq, longestSeq(request));
            report.rows.push_back(std::move(row));
        }
    }
    // The fitting row that recomputes least, preferring the device alone (offload's host traffic
    // costs time the predictor does not model); then the smaller peak.
    const auto key = [](const PolicyRow& row) {
        return std::tuple(row.policy.offload, row.prediction.recomputeFlops, row.prediction.memory.peakTotal);
    };
    for (std::size_t i = 0; i < report.rows.size(); ++i) {
        const PolicyRow& row = report.rows[i];
        if (row.fits && (report.cheapest < 0 || key(row) < key(*report.cheapestRow())))
            report.cheapest = static_cast<int>(i);
    }
    return report;
}

double recomputeShare(const Prediction& prediction)
{
    const double step = prediction.forwardFlops + prediction.backwardFlops + prediction.recomputeFlops;
    return step > 0 ? prediction.recomputeFlops / step : 0.0;
}

std::uint64_t peakOf(const Prediction& prediction, MemoryCategory category)
{
    return prediction.memory.peak[static_cast<std::size_t>(category)];
}

std::vector<std::optional<std::uint64_t>> peakCurve(
    const Request& request, const RecomputePolicy& policy, int ModelShape::*size, std::span<const int> values)
{
    std::vector<std::optional<std::uint64_t>> peaks;
    for (const int value : values) {
        Request trial = request;
        trial.config.shape.*size = value;
        const PolicyRow row = predictRow(trial, policy, {});
        peaks.push_back(row.planned ? std::optional(row.prediction.memory.peakTotal) : std::nullopt);
    }
    return peaks;
}

} // namespace rlab::planner
