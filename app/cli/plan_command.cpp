// rlab plan: which recomputation policy fits a real-size model in a device budget, and what it
// costs, from the engine's predictor alone (nothing is allocated or trained).
#include <array>
#include <cinttypes>
#include <cstdio>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "commands.h"
#include "run_options.h"
#include "train.h"

namespace {

constexpr const char* kPlanUsage = R"(usage: rlab plan --model NAME --budget SIZE [options]
Predicts, for a GPT-2-style model of any size, the peak memory of one training step under each
recomputation policy, whether it fits a device budget, what it recomputes, and the largest
micro-batch and sequence that fit. Every figure is predicted by the engine's memory predictor
(the one its tests check against the measured peak); nothing is allocated or trained.

  --model NAME          gpt2-124m | gpt2-355m | gpt2-774m | gpt2-1.5b | custom
  --layers N --width d --heads H --vocab V
                        a custom model's shape (default as rlab run: 12, 128, 4, 256)
  --seq T               sequence length (presets: default and at most 1024; custom: default 64)
  --batch B             micro-batch (default 1)
  --budget SIZE         device memory, e.g. 24GB, 80GB, 40GiB (K/M/G powers of 1000, KiB/MiB/GiB of 1024)
  --optimizer sgd|adamw (default adamw)
  --activation-precision fp32|bf16
                        storage of saved activations; compute stays fp32 (default fp32)
  --param-precision fp32
                        only fp32: the engine keeps fp32 parameters, gradients and optimizer
                        state, so bf16 weights with fp32 master copies are not modelled
  --dropout p           drop probability (default 0.1; 0 drops the dropout masks' tensors)
  --json                print one JSON object instead of the table

Policies: none, selective, full, sqrt and budget (the engine's planner given the device budget),
each with and without offload (kept checkpoints in host memory). The presets are the engine's
GPT-2 family: an untied output head and a position table of --seq rows, so the parameter count
differs a little from GPT-2's. Segment policies are not planned here yet.

Exit status: 0 done (whether or not anything fits), 2 bad arguments or an impossible model.
)";

struct Preset {
    const char* name;
    int layers, width, heads;
};
constexpr std::array<Preset, 4> kPresets {{
    {"gpt2-124m", 12, 768, 12},
    {"gpt2-355m", 24, 1024, 16},
    {"gpt2-774m", 36, 1280, 20},
    {"gpt2-1.5b", 48, 1600, 25},
}};
constexpr int kGpt2Vocab = 50257;
constexpr int kGpt2Context = 1024;
constexpr int kLargestSize = 65536; // rlab::validate's bound on --seq and --batch

struct PlanOptions {
    std::string model;
    rlab::RunConfig config;
    std::uint64_t budgetBytes = 0;
    bool json = false;
};

// The parsed --budget, read by the engine's byte-size words (those of budget:<bytes>).
std::optional<std::uint64_t> parseBudget(const std::string& text)
{
    const std::optional<rlab::RecomputePolicy> policy
        = rlab::RecomputePolicy::parse("budget:" + text, nullptr);
    if (!policy || policy->kind != rlab::PolicyKind::Budget || policy->offload)
        return std::nullopt;
    return policy->budgetBytes;
}

// Takes plan's own flags and hands the shape and training flags to rlab run's parser, so they
// are read (and refused) exactly as rlab run reads them.
std::optional<PlanOptions> parsePlanOptions(const std::vector<std::string>& args, std::string* error)
{
    PlanOptions options;
    std::vector<std::string> runArgs;
    std::optional<std::string> budget;
    bool customSizes = false, seqGiven = false, batchGiven = false;
    std::string activation = "fp32";
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string flag = args[i];
        std::optional<std::string> value;
        if (const std::size_t equals = flag.find('=');
            flag.starts_with("--") && equals != std::string::npos) {
            value = flag.substr(equals + 1);
            flag.resize(equals);
        }
        if (flag == "--json") {
            options.json = true;
            continue;
        }
        if (!value) {
            if (i + 1 >= args.size()) {
                *error = flag + " needs a value.";
                return std::nullopt;
            }
            value = args[++i];
        }
        if (flag == "--model") {
            options.model = *value;
        } else if (flag == "--budget") {
            budget = *value;
        } else if (flag == "--activation-precision") {
            activation = *value;
        } else if (flag == "--param-precision") {
            if (*value != "fp32") {
                *error = "--param-precision can only be fp32: the engine keeps fp32 parameters, gradients "
                         "and optimizer state and does not model bf16 weights.";
                return std::nullopt;
            }
        } else if (flag == "--layers" || flag == "--width" || flag == "--heads" || flag == "--vocab"
            || flag == "--seq" || flag == "--batch" || flag == "--optimizer" || flag == "--dropout") {
            customSizes = customSizes
                || (flag != "--seq" && flag != "--batch" && flag != "--optimizer" && flag != "--dropout");
            seqGiven = seqGiven || flag == "--seq";
            batchGiven = batchGiven || flag == "--batch";
            runArgs.push_back(flag);
            runArgs.push_back(*value);
        } else {
            *error = "Unknown option " + flag + "; see rlab plan --help.";
            return std::nullopt;
        }
    }
    if (activation != "fp32" && activation != "bf16") {
        *error = "--activation-precision must be fp32 or bf16, not '" + activation + "'.";
        return std::nullopt;
    }
    runArgs.emplace_back("--save-precision");
    runArgs.push_back(activation);
    std::optional<RunOptions> run = parseRunOptions(runArgs, error);
    if (!run)
        return std::nullopt;
    options.config = run->config;
    if (!batchGiven)
        options.config.shape.batch = 1;

    if (options.model.empty()) {
        *error = "rlab plan needs --model: gpt2-124m, gpt2-355m, gpt2-774m, gpt2-1.5b or custom.";
        return std::nullopt;
    }
    if (options.model != "custom") {
        const Preset* preset = nullptr;
        for (const Preset& each : kPresets)
            if (options.model == each.name)
                preset = &each;
        if (!preset) {
            *error = "Unknown model '" + options.model
                + "'; use gpt2-124m, gpt2-355m, gpt2-774m, gpt2-1.5b or custom.";
            return std::nullopt;
        }
        if (customSizes) {
            *error
                = "--layers, --width, --heads and --vocab set a custom model; use them with --model custom.";
            return std::nullopt;
        }
        rlab::ModelShape& shape = options.config.shape;
        shape.layers = preset->layers;
        shape.width = preset->width;
        shape.heads = preset->heads;
        shape.vocab = kGpt2Vocab;
        if (!seqGiven)
            shape.seq = kGpt2Context;
        if (shape.seq > kGpt2Context) {
            *error = "GPT-2 presets have " + std::to_string(kGpt2Context)
                + " positions, so --seq must be at most " + std::to_string(kGpt2Context)
                + " (use --model custom for longer sequences).";
            return std::nullopt;
        }
    }
    if (!budget) {
        *error = "rlab plan needs --budget, the device memory to fit (for example 24GB or 80GB).";
        return std::nullopt;
    }
    const std::optional<std::uint64_t> bytes = parseBudget(*budget);
    if (!bytes) {
        *error = "--budget needs a positive size in bytes such as 24GB or 40GiB, not '" + *budget + "'.";
        return std::nullopt;
    }
    options.budgetBytes = *bytes;
    return options;
}

// One policy's predicted step; fits is judged on the device peak (host-offloaded bytes apart).
struct Outcome {
    bool planned = false; // false: the budget planner found no plan (note says why)
    bool fits = false;
    rlab::Prediction prediction;
    std::string note;
};

struct PolicyRow {
    rlab::RecomputePolicy policy;
    std::string label; // "budget" rather than budget:<bytes>, which the planner chooses
    Outcome outcome;
    int largestBatch = 0; // 0: not even 1 fits
    int largestSeq = 0;
};

// The policy's prediction for this configuration. The budget planner limits activation bytes,
// so it is handed the device budget less what the rest of the step needs, narrowed until the
// whole step fits or no plan is left.
Outcome predictPolicy(rlab::RunConfig config, const rlab::RecomputePolicy& policy, std::uint64_t budget)
{
    config.policy = policy;
    config.policy.budgetBytes = budget;
    const bool planner = policy.kind == rlab::PolicyKind::Budget;
    Outcome outcome;
    std::string error;
    for (int attempt = 0; attempt < (planner ? 8 : 1); ++attempt) {
        const std::optional<rlab::Prediction> prediction = rlab::predict(config, &error);
        if (!prediction) {
            outcome.note = error;
            return outcome;
        }
        outcome.planned = true;
        outcome.prediction = *prediction;
        const std::uint64_t total = prediction->memory.peakTotal;
        outcome.fits = total <= budget;
        const std::uint64_t activations = prediction->memory.peakActivations;
        if (outcome.fits || activations == 0 || total - budget >= activations)
            return outcome;
        config.policy.budgetBytes = activations - (total - budget);
    }
    return outcome;
}

// The largest size in 1..most (batch or sequence) whose step fits, by bisection: memory only
// grows with either. 0 when even 1 does not fit.
int largestFitting(const rlab::RunConfig& config, const rlab::RecomputePolicy& policy, std::uint64_t budget,
    int rlab::ModelShape::*size, int most)
{
    const auto fits = [&](int value) {
        rlab::RunConfig trial = config;
        trial.shape.*size = value;
        return predictPolicy(trial, policy, budget).fits;
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

double recomputeShare(const rlab::Prediction& p)
{
    const double step = p.forwardFlops + p.backwardFlops + p.recomputeFlops;
    return step > 0 ? p.recomputeFlops / step : 0.0;
}

// The fitting row that recomputes least, preferring the device alone (offload's host traffic costs
// time the predictor does not model); then the smaller peak.
const PolicyRow* cheapestFitting(const std::vector<PolicyRow>& rows)
{
    const auto key = [](const PolicyRow& row) {
        return std::tuple(row.policy.offload, row.outcome.prediction.recomputeFlops,
            row.outcome.prediction.memory.peakTotal);
    };
    const PolicyRow* best = nullptr;
    for (const PolicyRow& row : rows)
        if (row.outcome.fits && (!best || key(row) < key(*best)))
            best = &row;
    return best;
}

std::uint64_t peakOf(const rlab::Prediction& p, rlab::MemoryCategory category)
{
    return p.memory.peak[static_cast<std::size_t>(category)];
}

double gib(std::uint64_t bytes)
{
    return static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0);
}

std::string jsonString(const std::string& text)
{
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "\"";
}

void printJson(const PlanOptions& options, const std::vector<PolicyRow>& rows, std::uint64_t parameters)
{
    const rlab::RunConfig& c = options.config;
    const rlab::ModelShape& s = c.shape;
    std::printf(
        "{\"predicted\": true, \"model\": %s, \"layers\": %d, \"width\": %d, \"heads\": %d, \"seq\": %d, "
        "\"batch\": %d, \"vocab\": %d, \"parameters\": %" PRIu64 ",\n",
        jsonString(options.model).c_str(), s.layers, s.width, s.heads, s.seq, s.batch, s.vocab, parameters);
    std::printf(" \"optimizer\": \"%s\", \"param_precision\": \"fp32\", \"activation_precision\": \"%s\", "
                "\"dropout\": %g, \"budget_bytes\": %" PRIu64 ",\n",
        c.optimizer == rlab::Optimizer::AdamW ? "adamw" : "sgd",
        c.savePrecision == rlab::SavePrecision::Bf16 ? "bf16" : "fp32", static_cast<double>(c.dropout),
        options.budgetBytes);
    const PolicyRow* cheapest = cheapestFitting(rows);
    std::printf(" \"cheapest_fitting_policy\": %s,\n \"policies\": [\n",
        cheapest ? jsonString(cheapest->label).c_str() : "null");
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const PolicyRow& row = rows[i];
        const rlab::Prediction& p = row.outcome.prediction;
        std::printf("  {\"policy\": %s, \"offload\": %s, \"fits\": %s", jsonString(row.label).c_str(),
            row.policy.offload ? "true" : "false", row.outcome.fits ? "true" : "false");
        if (row.outcome.planned) {
            std::printf(", \"predicted_peak_bytes\": %" PRIu64
                        ", \"predicted_peak_activation_bytes\": %" PRIu64
                        ", \"predicted_bytes_by_category\": {",
                p.memory.peakTotal, p.memory.peakActivations);
            for (std::size_t k = 0; k < rlab::kMemoryCategoryCount; ++k) {
                const auto category = static_cast<rlab::MemoryCategory>(k);
                std::printf("%s\"%s\": %" PRIu64, k ? ", " : "",
                    std::string(rlab::memoryCategoryName(category)).c_str(), peakOf(p, category));
            }
            std::printf("}, \"predicted_forward_flops\": %.17g, \"predicted_backward_flops\": %.17g, "
                        "\"predicted_recompute_flops\": %.17g, \"recompute_share\": %.6f",
                p.forwardFlops, p.backwardFlops, p.recomputeFlops, recomputeShare(p));
        }
        if (!row.outcome.note.empty())
            std::printf(", \"note\": %s", jsonString(row.outcome.note).c_str());
        std::printf(", \"largest_fitting_batch\": %d, \"largest_fitting_seq\": %d}%s\n", row.largestBatch,
            row.largestSeq, i + 1 < rows.size() ? "," : "");
    }
    std::printf(" ]}\n");
}

void printTable(const PlanOptions& options, const std::vector<PolicyRow>& rows, std::uint64_t parameters)
{
    const rlab::RunConfig& c = options.config;
    const rlab::ModelShape& s = c.shape;
    std::printf("model    %s: N=%d d=%d H=%d V=%d, %.1fM parameters; T=%d, micro-batch %d\n",
        options.model.c_str(), s.layers, s.width, s.heads, s.vocab, static_cast<double>(parameters) / 1e6,
        s.seq, s.batch);
    std::printf("training %s, fp32 parameters, activations saved as %s, dropout %g\n",
        c.optimizer == rlab::Optimizer::AdamW ? "AdamW" : "SGD",
        c.savePrecision == rlab::SavePrecision::Bf16 ? "bf16" : "fp32", static_cast<double>(c.dropout));
    std::printf("budget   %" PRIu64 " bytes (%.2f GiB); every figure below is predicted, in GiB\n\n",
        options.budgetBytes, gib(options.budgetBytes));
    std::printf("%-18s %-4s %8s %7s %7s %7s %7s %7s %7s %7s %9s %9s %8s\n", "policy", "fits", "peak",
        "params", "grads", "optim", "saved", "recomp", "temps", "host", "recompute", "max batch", "max seq");
    for (const PolicyRow& row : rows) {
        const std::string name = row.label + (row.policy.offload ? "+offload" : "");
        if (!row.outcome.planned) {
            std::printf("%-18s %-4s %s\n", name.c_str(), "no", row.outcome.note.c_str());
            continue;
        }
        const rlab::Prediction& p = row.outcome.prediction;
        using C = rlab::MemoryCategory;
        std::printf("%-18s %-4s %8.2f %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %8.1f%% %9d %8d\n",
            name.c_str(), row.outcome.fits ? "yes" : "no", gib(p.memory.peakTotal),
            gib(peakOf(p, C::Parameters)), gib(peakOf(p, C::Gradients)), gib(peakOf(p, C::OptimizerState)),
            gib(peakOf(p, C::SavedActivations)), gib(peakOf(p, C::RecomputeWorkspace)),
            gib(peakOf(p, C::Temporaries)), gib(peakOf(p, C::HostOffloaded)), 100.0 * recomputeShare(p),
            row.largestBatch, row.largestSeq);
    }
    const PolicyRow* cheapest = cheapestFitting(rows);
    std::printf(
        "\nrecompute: recompute FLOPs as a share of the step's; max batch at T=%d and max seq at B=%d "
        "are the largest that fit (0: none)\n",
        s.seq, s.batch);
    if (cheapest)
        std::printf("cheapest policy that fits: %s%s (predicted)\n", cheapest->label.c_str(),
            cheapest->policy.offload ? "+offload" : "");
    else
        std::printf("no policy fits this budget at this size (predicted)\n");
}

} // namespace

int planCommand(int argc, char** argv)
{
    const std::vector<std::string> args = argumentsAfter(argc, argv);
    if (asksForHelp(args)) {
        std::fputs(kPlanUsage, stdout);
        return 0;
    }
    std::string error;
    const std::optional<PlanOptions> options = parsePlanOptions(args, &error);
    if (!options)
        return complain(error, 2);
    // The shape itself must be possible (sizes, divisibility, 64-bit counts) before any policy.
    const std::optional<rlab::Prediction> base = rlab::predict(options->config, &error);
    if (!base)
        return complain(error, 2);
    const std::uint64_t parameters = peakOf(*base, rlab::MemoryCategory::Parameters) / sizeof(float);

    std::vector<PolicyRow> rows;
    for (const bool offload : {false, true}) {
        for (const char* name : {"none", "selective", "full", "sqrt", "budget"}) {
            PolicyRow row;
            row.label = name;
            row.policy
                = *rlab::RecomputePolicy::parse(row.label == "budget" ? "budget:1" : row.label, nullptr);
            row.policy.offload = offload;
            rows.push_back(row);
        }
    }
    const int seqLimit = options->model == "custom" ? kLargestSize : kGpt2Context;
    for (PolicyRow& row : rows) {
        row.outcome = predictPolicy(options->config, row.policy, options->budgetBytes);
        row.largestBatch = largestFitting(
            options->config, row.policy, options->budgetBytes, &rlab::ModelShape::batch, kLargestSize);
        row.largestSeq = largestFitting(
            options->config, row.policy, options->budgetBytes, &rlab::ModelShape::seq, seqLimit);
    }
    if (options->json)
        printJson(*options, rows, parameters);
    else
        printTable(*options, rows, parameters);
    return 0;
}
