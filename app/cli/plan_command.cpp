// rlab plan: which recomputation policy fits a real-size model in a device budget, and what it
// costs, from the engine's predictor alone (nothing is allocated or trained).
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "rlab/planner/cluster_configs.h"
#include "rlab/planner/parallel.h"
#include "rlab/planner/planner.h"
#include "rlab/planner/scenario.h"
#include "rlab/planner/snippets.h"
#include "rlab/text.h"
#include "run_options.h"
#include "train.h"

namespace {

constexpr const char* kPlanUsage = R"(usage: rlab plan --model NAME --budget SIZE [options]
Predicts, for a GPT-2 or llama model of any size, the peak memory of one training step under each
recomputation policy, whether it fits a device budget, what it recomputes, and the largest
micro-batch and sequence that fit. Every figure is predicted by the engine's memory predictor
(the one its tests check against the measured peak); nothing is allocated or trained.

  --model NAME          gpt2-124m | gpt2-355m | gpt2-774m | gpt2-1.5b | llama-3-8b |
                        llama-3-70b | mistral-7b | qwen2.5-7b | custom
  --layers N --width d --heads H --vocab V
                        a custom model's shape (default as rlab run: 12, 128, 4, 256)
  --arch gpt2|llama --kv-heads G --ffn F --qkv-bias
                        a custom model's block, as rlab run (docs/llama.md)
  --seq T               sequence length (presets: default and at most their context, GPT-2's
                        1024, Llama 3's 8192, Mistral 7B's 4096, Qwen2.5 7B's 32768; custom:
                        default 64)
  --batch B             micro-batch (default 1)
  --budget SIZE         device memory, e.g. 24GB, 80GB, 40GiB (KB/MB/GB powers of 1000, K/M/G and
                        KiB/MiB/GiB of 1024)
  --optimizer sgd|adamw (default adamw)
  --activation-precision fp32|bf16
                        storage of saved activations; compute stays fp32 (default fp32)
  --param-precision fp32|bf16
                        bf16: bf16 weights and gradients with fp32 master weights in the optimizer
                        state (predicted only: the engine trains fp32 weights)
  --fused-attention     attention keeps no T x T probabilities, only each row's logsumexp, and
                        recomputes them in backward (FlashAttention; rlab run --attention fused)
  --dropout p           drop probability (default 0.1; 0 drops the dropout masks' tensors)
  --code POLICY         also print the PyTorch, Megatron-LM and JAX code that does POLICY (a row's
                        name such as full, segment:best+offload, or "cheapest")
  --json                print one JSON object instead of the table

Many GPUs (any of these plans per rank instead, for the policies below and Megatron-LM's):
  --dp D                data-parallel ranks (default 1)
  --tp T                tensor-parallel ranks: Megatron-LM's column and row splits (heads and
                        llama's key/value heads by T)
  --sp                  sequence parallelism: the tensors between the tensor-parallel regions split
                        along the sequence over the T ranks (--seq by T)
  --pp P                pipeline stages, run with the 1F1B schedule (layers by P x V)
  --virtual-stages V    model chunks per pipeline rank: the interleaved 1F1B schedule (default 1;
                        --microbatches by P)
  --microbatches M      micro-batches per step and data-parallel rank (default 1)
  --zero 0|1|2|3        ZeRO: shard the optimizer state (1), and the gradients (2), and the
                        parameters (3, which is FSDP's full sharding) over the D ranks (default 0)
  --recompute-method uniform|block
                        Megatron-LM's full recomputation: layers in groups (uniform) or the first
                        layers of each model chunk (block), each planned (default: both)
  --recompute-num-layers K
                        the group size (uniform) or the layers recomputed (block) (default 1)
  --offload             also plan the engine's policies with +offload (kept tensors in host memory)
  --config megatron|deepspeed|pytorch|all
                        also print the configuration that runs the plan: Megatron-LM arguments, a
                        DeepSpeed config, PyTorch code (FSDP2 fully_shard with checkpoint_wrapper)
  --config-policy NAME  the row the config is for (default: cheapest, the fitting row that
                        recomputes least)
Per rank: parameters, gradients and optimizer state after sharding, the activations the rank
holds in flight (the first pipeline stage holds min(P, M) micro-batches), and one recompute's
workspace. Communication buffers (all-gathers, reduce-scatters, pipeline sends) and one op's
temporaries are left out.

Policies: none, selective, full, sqrt, segment:best (segments of the length that keeps least) and
budget (the engine's planner given the device budget), each with and without offload (kept
checkpoints in host memory). The GPT-2 presets are the engine's GPT-2 family: an untied output
head and a position table of --seq rows, so the parameter count differs a little from GPT-2's. The
llama ones (--arch llama: RMSNorm, rotary, grouped-query attention, SwiGLU, no biases, untied head)
have their published parameter counts.

Exit status: 0 done (whether or not anything fits), 2 bad arguments or an impossible model.
)";

struct PlanOptions {
    rlab::planner::Request request;
    std::optional<std::string> code; // --code: the row whose snippets to print
    bool json = false;
    bool parallel = false; // any of the many-GPU flags: the per-rank plan
    rlab::planner::Parallelism parallelism;
    std::vector<rlab::planner::MegatronMethod> methods {
        rlab::planner::MegatronMethod::Uniform, rlab::planner::MegatronMethod::Block};
    int recomputeLayers = 1;
    bool offload = false; // --offload: the engine's policies again with +offload
    std::vector<rlab::planner::ClusterConfigKind> configs;
    std::string configPolicy = "cheapest";
    bool defaultSizes = false; // --model custom without a size: rlab run's defaults were planned
};

// A whole number in [least, most] for a flag, or one sentence.
std::optional<int> parseCount(
    const std::string& flag, const std::string& text, int least, int most, std::string* error)
{
    // The digits alone, as rlab run reads sizes: std::stoi took "+2" and " 2" too.
    const std::optional<int> value
        = text.starts_with('+') ? std::nullopt : rlab::text::parseInteger<int>(text);
    if (!value || *value < least || *value > most) {
        *error = flag + " needs a whole number from " + std::to_string(least) + " to " + std::to_string(most)
            + ", not '" + text + "'.";
        return std::nullopt;
    }
    return *value;
}

// The many-GPU flags; false when `flag` is none of them.
bool parseParallelFlag(
    const std::string& flag, const std::string& value, PlanOptions* options, std::string* error)
{
    rlab::planner::Parallelism& p = options->parallelism;
    // The cluster's sizes and their limits are the scenario's (the Planner page and content take the same).
    const std::pair<const char*, int*> counts[] = {{"dp", &p.dp}, {"tp", &p.tp}, {"pp", &p.pp},
        {"virtual_stages", &p.virtualStages}, {"microbatches", &p.microbatches}};
    for (const auto& [key, field] : counts) {
        std::string name = "--" + std::string(key);
        std::replace(name.begin(), name.end(), '_', '-');
        if (flag == name) {
            const rlab::planner::ScenarioCount* count = rlab::planner::scenarioCount(key);
            if (const std::optional<int> n = parseCount(flag, value, count->least, count->most, error))
                *field = *n;
            return true;
        }
    }
    if (flag == "--zero") {
        if (value != "0" && value != "1" && value != "2" && value != "3")
            *error = "--zero must be 0, 1, 2 or 3 (3 is FSDP's full sharding), not '" + value + "'.";
        else
            p.zero = value[0] - '0';
    } else if (flag == "--recompute-method") {
        if (value != "uniform" && value != "block")
            *error = "--recompute-method must be uniform or block, not '" + value + "'.";
        else
            options->methods = {value == "uniform" ? rlab::planner::MegatronMethod::Uniform
                                                   : rlab::planner::MegatronMethod::Block};
    } else if (flag == "--recompute-num-layers") {
        if (const std::optional<int> n = parseCount(flag, value, 0, 65536, error))
            options->recomputeLayers = *n;
    } else if (flag == "--config") {
        options->configs.clear();
        for (const rlab::planner::ClusterConfigKind kind : {rlab::planner::ClusterConfigKind::Megatron,
                 rlab::planner::ClusterConfigKind::DeepSpeed, rlab::planner::ClusterConfigKind::PyTorch})
            if (value == "all" || rlab::planner::clusterConfigKindName(kind) == value)
                options->configs.push_back(kind);
        if (options->configs.empty())
            *error = "--config must be megatron, deepspeed, pytorch or all, not '" + value + "'.";
    } else if (flag == "--config-policy") {
        options->configPolicy = value;
    } else {
        return false;
    }
    return true;
}

// Takes plan's own flags and hands the shape and training flags to rlab run's parser, so they
// are read (and refused) exactly as rlab run reads them.
std::optional<PlanOptions> parsePlanOptions(const std::vector<std::string>& args, std::string* error)
{
    PlanOptions options;
    rlab::planner::Request& request = options.request;
    std::vector<std::string> runArgs;
    std::optional<std::string> budget;
    std::string model;
    bool customSizes = false, seqGiven = false, batchGiven = false;
    std::string activation = "fp32", weights = "fp32";
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string flag = args[i];
        std::optional<std::string> value;
        if (const std::size_t equals = flag.find('=');
            flag.starts_with("--") && equals != std::string::npos) {
            value = flag.substr(equals + 1);
            flag.resize(equals);
        }
        if (flag == "--json" || flag == "--fused-attention") {
            (flag == "--json" ? options.json : request.config.fusedAttention) = true;
            continue;
        }
        if (flag == "--qkv-bias") { // a custom model's block, read by rlab run's parser
            customSizes = true;
            runArgs.push_back(flag);
            continue;
        }
        if (flag == "--sp" || flag == "--offload") {
            (flag == "--sp" ? options.parallelism.sequenceParallel : options.offload) = true;
            options.parallel = true;
            continue;
        }
        if (!value) {
            if (i + 1 >= args.size()) {
                *error = flag + " needs a value.";
                return std::nullopt;
            }
            value = args[++i];
        }
        if (parseParallelFlag(flag, *value, &options, error)) {
            if (!error->empty())
                return std::nullopt;
            options.parallel = true;
        } else if (flag == "--model") {
            model = *value;
        } else if (flag == "--budget") {
            budget = *value;
        } else if (flag == "--activation-precision") {
            activation = *value;
        } else if (flag == "--param-precision") {
            weights = *value;
        } else if (flag == "--code") {
            options.code = *value;
        } else if (flag == "--layers" || flag == "--width" || flag == "--heads" || flag == "--vocab"
            || flag == "--seq" || flag == "--batch" || flag == "--optimizer" || flag == "--dropout"
            || flag == "--arch" || flag == "--kv-heads" || flag == "--ffn") {
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
    for (const auto& [flag, text] :
        {std::pair {"--activation-precision", &activation}, {"--param-precision", &weights}})
        if (!rlab::parseSavePrecision(*text)) {
            *error
                = std::string(flag) + " must be " + rlab::savePrecisionChoices() + ", not '" + *text + "'.";
            return std::nullopt;
        }
    runArgs.emplace_back("--save-precision");
    runArgs.push_back(activation);
    std::optional<RunOptions> run = parseRunOptions(runArgs, error);
    if (!run)
        return std::nullopt;
    const bool fused = request.config.fusedAttention;
    request.config = run->config;
    request.config.fusedAttention = fused;
    request.config.weightPrecision = *rlab::parseSavePrecision(weights);
    if (!batchGiven)
        request.config.shape.batch = 1;

    if (model.empty()) {
        *error = "rlab plan needs --model: " + rlab::planner::modelChoices() + ".";
        return std::nullopt;
    }
    request.model = model;
    if (const rlab::planner::ModelPreset* preset = rlab::planner::findModelPreset(model)) {
        if (customSizes) {
            *error = "--layers, --width, --heads, --vocab, --arch, --kv-heads, --ffn and --qkv-bias set a "
                     "custom model; use them with --model custom.";
            return std::nullopt;
        }
        request = rlab::planner::withModel(request, *preset);
        if (!seqGiven)
            request.config.shape.seq = preset->context;
    } else if (model == "custom" && !customSizes) {
        options.defaultSizes = true;
    }
    if (!budget) {
        *error = "rlab plan needs --budget, the device memory to fit (for example 24GB or 80GB).";
        return std::nullopt;
    }
    const std::optional<std::uint64_t> bytes = rlab::parseByteSize(*budget);
    if (!bytes || *bytes == 0) {
        *error = "--budget needs a positive size in bytes such as 24GB or 40GiB, not '" + *budget + "'.";
        return std::nullopt;
    }
    request.budgetBytes = *bytes;
    return options;
}

// "llama G=8 F=14336, " before a llama model's sizes; nothing for GPT-2's.
std::string llamaWords(const rlab::ModelShape& s)
{
    if (s.arch != rlab::Arch::Llama)
        return {};
    return "llama G=" + std::to_string(rlab::kvHeadsOf(s)) + " F=" + std::to_string(rlab::ffnOf(s))
        + (s.qkvBias ? " with qkv biases, " : ", ");
}

double gib(std::uint64_t bytes)
{
    return static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0);
}

std::string precisionName(rlab::SavePrecision precision)
{
    return std::string(rlab::savePrecisionName(precision));
}

// The JSON object's opening: the model, its shape and block, and its parameter count.
void printModelJson(const std::string& model, const rlab::ModelShape& s, std::uint64_t parameters)
{
    const bool llama = s.arch == rlab::Arch::Llama;
    std::printf(
        "{\"predicted\": true, \"model\": %s, \"layers\": %d, \"width\": %d, \"heads\": %d, \"seq\": %d, "
        "\"batch\": %d, \"vocab\": %d, \"arch\": \"%s\", \"kv_heads\": %d, \"ffn\": %d, \"qkv_bias\": %s, "
        "\"parameters\": %" PRIu64 ",\n",
        rlab::text::jsonString(model).c_str(), s.layers, s.width, s.heads, s.seq, s.batch, s.vocab,
        std::string(rlab::archName(s.arch)).c_str(), llama ? rlab::kvHeadsOf(s) : s.heads,
        llama ? rlab::ffnOf(s) : 4 * s.width, s.qkvBias ? "true" : "false", parameters);
}

void printJson(const rlab::planner::Report& report, const std::vector<rlab::planner::Snippet>& code)
{
    using rlab::planner::peakOf;
    const rlab::RunConfig& c = report.request.config;
    const rlab::ModelShape& s = c.shape;
    printModelJson(report.request.model, s, report.parameters);
    std::printf(
        " \"optimizer\": \"%s\", \"param_precision\": \"%s\", \"activation_precision\": \"%s\", "
        "\"fused_attention\": %s, \"engine_measurable\": %s, \"dropout\": %g, \"budget_bytes\": %" PRIu64
        ",\n",
        std::string(rlab::optimizerName(c.optimizer)).c_str(), precisionName(c.weightPrecision).c_str(),
        precisionName(c.savePrecision).c_str(), c.fusedAttention ? "true" : "false",
        rlab::planner::predictedOnly(c) ? "false" : "true", static_cast<double>(c.dropout),
        report.request.budgetBytes);
    const rlab::planner::PolicyRow* cheapest = report.cheapestRow();
    std::printf(" \"cheapest_fitting_policy\": %s,\n \"policies\": [\n",
        cheapest ? rlab::text::jsonString(cheapest->name()).c_str() : "null");
    for (std::size_t i = 0; i < report.rows.size(); ++i) {
        const rlab::planner::PolicyRow& row = report.rows[i];
        const rlab::Prediction& p = row.prediction;
        std::printf("  {\"policy\": %s, \"offload\": %s, \"fits\": %s",
            rlab::text::jsonString(row.label).c_str(), row.policy.offload ? "true" : "false",
            row.fits ? "true" : "false");
        if (row.planned) {
            std::printf(", \"segment_blocks\": %d, \"predicted_peak_bytes\": %" PRIu64
                        ", \"predicted_peak_activation_bytes\": %" PRIu64
                        ", \"predicted_bytes_by_category\": {",
                p.segmentBlocks, p.memory.peakTotal, p.memory.peakActivations);
            for (const rlab::MemoryCategory category : rlab::kMemoryCategories)
                std::printf("%s\"%s\": %" PRIu64, category == rlab::kMemoryCategories.front() ? "" : ", ",
                    std::string(rlab::memoryCategoryName(category)).c_str(), peakOf(p, category));
            std::printf("}, \"predicted_forward_flops\": %.17g, \"predicted_backward_flops\": %.17g, "
                        "\"predicted_recompute_flops\": %.17g, \"recompute_share\": %.6f",
                p.forwardFlops, p.backwardFlops, p.recomputeFlops, rlab::planner::recomputeShare(p));
        }
        if (!row.note.empty())
            std::printf(", \"note\": %s", rlab::text::jsonString(row.note).c_str());
        std::printf(", \"largest_fitting_batch\": %d, \"largest_fitting_seq\": %d}%s\n", row.largestBatch,
            row.largestSeq, i + 1 < report.rows.size() ? "," : "");
    }
    std::printf(" ]");
    if (!code.empty()) {
        std::printf(",\n \"code\": [\n");
        for (std::size_t i = 0; i < code.size(); ++i)
            std::printf("  {\"kind\": \"%s\", \"needs\": %s, \"code\": %s}%s\n",
                std::string(rlab::planner::snippetKindName(code[i].kind)).c_str(),
                rlab::text::jsonString(code[i].needs).c_str(), rlab::text::jsonString(code[i].code).c_str(),
                i + 1 < code.size() ? "," : "");
        std::printf(" ]");
    }
    std::printf("}\n");
}

// A category's column in the table: short, the table is wide.
const char* columnTitle(rlab::MemoryCategory category)
{
    using C = rlab::MemoryCategory;
    switch (category) {
    case C::Parameters:
        return "params";
    case C::Gradients:
        return "grads";
    case C::OptimizerState:
        return "optim";
    case C::SavedActivations:
        return "saved";
    case C::RecomputeWorkspace:
        return "recomp";
    case C::Temporaries:
        return "temps";
    case C::HostOffloaded:
    case C::Count:
        break;
    }
    return "host";
}

void printTable(const rlab::planner::Report& report, const std::vector<rlab::planner::Snippet>& code)
{
    using rlab::planner::peakOf;
    const rlab::RunConfig& c = report.request.config;
    const rlab::ModelShape& s = c.shape;
    std::printf("model    %s: %sN=%d d=%d H=%d V=%d, %.1fM parameters; T=%d, micro-batch %d\n",
        report.request.model.c_str(), llamaWords(s).c_str(), s.layers, s.width, s.heads, s.vocab,
        static_cast<double>(report.parameters) / 1e6, s.seq, s.batch);
    std::printf("training %s, %s parameters%s, activations saved as %s, %s attention, dropout %g\n",
        c.optimizer == rlab::Optimizer::AdamW ? "AdamW" : "SGD", precisionName(c.weightPrecision).c_str(),
        c.weightPrecision == rlab::SavePrecision::Bf16 ? " (fp32 master weights)" : "",
        precisionName(c.savePrecision).c_str(), c.fusedAttention ? "fused" : "unfused",
        static_cast<double>(c.dropout));
    std::printf("budget   %" PRIu64 " bytes (%.2f GiB); every figure below is predicted, in GiB\n",
        report.request.budgetBytes, gib(report.request.budgetBytes));
    if (rlab::planner::predictedOnly(c))
        std::printf("         predicted only: the engine cannot train bf16 weights, so no measurement backs "
                    "these figures\n");
    std::printf("\n%-22s %-4s %8s", "policy", "fits", "peak");
    for (const rlab::MemoryCategory category : rlab::kMemoryCategories)
        std::printf(" %7s", columnTitle(category));
    std::printf(" %9s %9s %8s\n", "recompute", "max batch", "max seq");
    for (const rlab::planner::PolicyRow& row : report.rows) {
        if (!row.planned) {
            std::printf("%-22s %-4s %s\n", row.name().c_str(), "no", row.note.c_str());
            continue;
        }
        const rlab::Prediction& p = row.prediction;
        std::printf("%-22s %-4s %8.2f", row.name().c_str(), row.fits ? "yes" : "no", gib(p.memory.peakTotal));
        for (const rlab::MemoryCategory category : rlab::kMemoryCategories)
            std::printf(" %7.2f", gib(peakOf(p, category)));
        std::printf(
            " %8.1f%% %9d %8d\n", 100.0 * rlab::planner::recomputeShare(p), row.largestBatch, row.largestSeq);
    }
    std::printf(
        "\nrecompute: recompute FLOPs as a share of the step's; max batch at T=%d and max seq at B=%d "
        "are the largest that fit (0: none)\n",
        s.seq, s.batch);
    if (const rlab::planner::PolicyRow* cheapest = report.cheapestRow())
        std::printf("cheapest policy that fits: %s (predicted)\n", cheapest->name().c_str());
    else
        std::printf("no policy fits this budget at this size (predicted)\n");
    for (const rlab::planner::Snippet& snippet : code)
        std::printf("\n--- %s (%s)\n%s", std::string(rlab::planner::snippetKindName(snippet.kind)).c_str(),
            snippet.needs.c_str(), snippet.code.c_str());
}

std::string zeroMeaning(const rlab::planner::Parallelism& p)
{
    const std::string over = " sharded over the " + std::to_string(p.dp) + " data-parallel ranks";
    switch (p.zero) {
    case 1:
        return "optimizer state" + over;
    case 2:
        return "optimizer state and gradients" + over;
    case 3:
        return "parameters, gradients and optimizer state" + over + " (FSDP's full sharding)";
    default:
        return "nothing sharded: every data-parallel rank holds the whole model states";
    }
}

constexpr const char* kLeftOut
    = "communication buffers (all-gathers, reduce-scatters, pipeline sends and receives) and the transient "
      "temporaries of one op (activation gradients, matmul scratch)";

// The row --config is for: a row's label, or the cheapest fitting one.
const rlab::planner::ParallelRow* configRow(
    const rlab::planner::ParallelReport& report, const std::string& name)
{
    if (name == "cheapest")
        return report.cheapestRow();
    for (const rlab::planner::ParallelRow& row : report.rows)
        if (row.policy.label == name && row.planned)
            return &row;
    return nullptr;
}

void printParallelJson(const rlab::planner::ParallelReport& report,
    const std::vector<std::pair<std::string, rlab::planner::ClusterConfig>>& configs)
{
    const rlab::RunConfig& c = report.request.config;
    const rlab::ModelShape& s = c.shape;
    const rlab::planner::Parallelism& p = report.parallel;
    printModelJson(report.request.model, s, report.parameters);
    std::printf(" \"optimizer\": \"%s\", \"param_precision\": \"%s\", \"activation_precision\": \"%s\", "
                "\"fused_attention\": %s, \"dropout\": %g, \"budget_bytes_per_gpu\": %" PRIu64 ",\n",
        std::string(rlab::optimizerName(c.optimizer)).c_str(), precisionName(c.weightPrecision).c_str(),
        precisionName(c.savePrecision).c_str(), c.fusedAttention ? "true" : "false",
        static_cast<double>(c.dropout), report.request.budgetBytes);
    std::printf(" \"parallelism\": {\"dp\": %d, \"tp\": %d, \"sequence_parallel\": %s, \"pp\": %d, "
                "\"virtual_stages\": %d, \"microbatches\": %d, \"zero\": %d, \"zero_shards\": %s, "
                "\"gpus\": %" PRIu64
                ", \"layers_per_chunk\": %d, \"global_batch\": %lld, \"schedule\": \"%s\"},\n",
        p.dp, p.tp, p.sequenceParallel ? "true" : "false", p.pp, p.virtualStages, p.microbatches, p.zero,
        rlab::text::jsonString(zeroMeaning(p)).c_str(), p.ranks(), report.layersPerChunk,
        static_cast<long long>(p.dp) * p.microbatches * s.batch,
        p.virtualStages > 1 ? "interleaved 1F1B" : "1F1B");
    std::printf(" \"left_out\": %s,\n", rlab::text::jsonString(kLeftOut).c_str());
    const rlab::planner::ParallelRow* cheapest = report.cheapestRow();
    std::printf(" \"cheapest_fitting_policy\": %s,\n \"policies\": [\n",
        cheapest ? rlab::text::jsonString(cheapest->policy.label).c_str() : "null");
    for (std::size_t i = 0; i < report.rows.size(); ++i) {
        const rlab::planner::ParallelRow& row = report.rows[i];
        std::printf("  {\"policy\": %s, \"framework\": \"%s\", \"fits\": %s",
            rlab::text::jsonString(row.policy.label).c_str(), row.policy.megatron ? "megatron" : "engine",
            row.fits ? "true" : "false");
        if (!row.planned) {
            std::printf(", \"note\": %s}%s\n", rlab::text::jsonString(row.note).c_str(),
                i + 1 < report.rows.size() ? "," : "");
            continue;
        }
        std::printf(
            ", \"segment_blocks\": %d, \"peak_stage\": %d, \"predicted_peak_bytes\": %" PRIu64
            ", \"predicted_recompute_flops_per_rank_step\": %.17g, \"paper_chunk_kept_bytes\": %" PRIu64
            ", \"ranks\": [\n",
            row.segmentBlocks, row.peakStage, row.peak().total(), row.recomputeFlops, row.paperChunkKept);
        for (std::size_t r = 0; r < row.ranks.size(); ++r) {
            const rlab::planner::RankMemory& m = row.ranks[r];
            std::printf("    {\"stage\": %d, \"layers\": %d, \"in_flight_chunks\": %d, \"embedding\": %s, "
                        "\"head\": %s, \"parameters\": %" PRIu64 ", \"gradients\": %" PRIu64
                        ", \"optimizer_state\": %" PRIu64 ", \"chunk_kept\": %" PRIu64
                        ", \"saved_activations\": %" PRIu64 ", \"recompute_workspace\": %" PRIu64
                        ", \"host_offloaded\": %" PRIu64 ", \"total\": %" PRIu64 ", \"fits\": %s}%s\n",
                m.stage, m.layers, m.inFlightChunks, m.embedding ? "true" : "false",
                m.head ? "true" : "false", m.parameters, m.gradients, m.optimizerState, m.chunkKept,
                m.savedActivations, m.recomputeWorkspace, m.hostOffloaded, m.total(),
                m.total() <= report.request.budgetBytes ? "true" : "false",
                r + 1 < row.ranks.size() ? "," : "");
        }
        std::printf("  ]}%s\n", i + 1 < report.rows.size() ? "," : "");
    }
    std::printf(" ]");
    if (!configs.empty()) {
        std::printf(",\n \"configs\": [\n");
        for (std::size_t i = 0; i < configs.size(); ++i) {
            const rlab::planner::ClusterConfig& config = configs[i].second;
            std::printf(
                "  {\"kind\": \"%s\", \"policy\": %s, \"needs\": %s, \"notes\": %s, \"text\": %s}%s\n",
                std::string(rlab::planner::clusterConfigKindName(config.kind)).c_str(),
                rlab::text::jsonString(configs[i].first).c_str(),
                rlab::text::jsonString(config.needs).c_str(), rlab::text::jsonString(config.notes).c_str(),
                rlab::text::jsonString(config.text).c_str(), i + 1 < configs.size() ? "," : "");
        }
        std::printf(" ]");
    }
    std::printf("}\n");
}

void printParallelTable(const rlab::planner::ParallelReport& report,
    const std::vector<std::pair<std::string, rlab::planner::ClusterConfig>>& configs)
{
    const rlab::RunConfig& c = report.request.config;
    const rlab::ModelShape& s = c.shape;
    const rlab::planner::Parallelism& p = report.parallel;
    std::printf("model    %s: %sN=%d d=%d H=%d V=%d, %.1fM parameters; T=%d, micro-batch %d\n",
        report.request.model.c_str(), llamaWords(s).c_str(), s.layers, s.width, s.heads, s.vocab,
        static_cast<double>(report.parameters) / 1e6, s.seq, s.batch);
    std::printf("parallel dp %d x tp %d%s x pp %d = %" PRIu64 " GPUs; %s, %d chunk%s of %d layers a rank, %d "
                "micro-batches (global batch %lld)\n",
        p.dp, p.tp, p.sequenceParallel ? " (+sp)" : "", p.pp, p.ranks(),
        p.virtualStages > 1 ? "interleaved 1F1B" : "1F1B", p.virtualStages, p.virtualStages > 1 ? "s" : "",
        report.layersPerChunk, p.microbatches, static_cast<long long>(p.dp) * p.microbatches * s.batch);
    std::printf("ZeRO-%d   %s\n", p.zero, zeroMeaning(p).c_str());
    std::printf("budget   %" PRIu64
                " bytes (%.2f GiB) a GPU; every figure below is predicted, in GiB a rank\n",
        report.request.budgetBytes, gib(report.request.budgetBytes));
    std::printf("left out %s\n", kLeftOut);
    std::printf("\n%-22s %-4s %5s %6s %9s %7s %7s %7s %7s %7s %7s %7s\n", "policy", "fits", "stage", "layers",
        "in flight", "params", "grads", "optim", "saved", "recomp", "total", "host");
    for (const rlab::planner::ParallelRow& row : report.rows) {
        if (!row.planned) {
            std::printf("%-22s %-4s %s\n", row.policy.label.c_str(), "no", row.note.c_str());
            continue;
        }
        for (const rlab::planner::RankMemory& m : row.ranks) {
            const bool first = m.stage == 0;
            std::printf("%-22s %-4s %4d%s %6d %9d %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f\n",
                first ? row.policy.label.c_str() : "", first ? (row.fits ? "yes" : "no") : "", m.stage,
                m.stage == row.peakStage ? "*" : " ", m.layers, m.inFlightChunks, gib(m.parameters),
                gib(m.gradients), gib(m.optimizerState), gib(m.savedActivations), gib(m.recomputeWorkspace),
                gib(m.total()), gib(m.hostOffloaded));
        }
    }
    std::printf(
        "\n*: the rank that peaks; fits: that rank within the budget; host: kept in host memory (+offload), "
        "not in total.\nin flight: micro-batches of one chunk's layers held under 1F1B (min(P - stage, "
        "M)%s).\n",
        p.virtualStages > 1 ? "; interleaved: 2(P - stage - 1) + (V - 1)P + 1, at most M x V" : "");
    if (const rlab::planner::ParallelRow* cheapest = report.cheapestRow())
        std::printf("cheapest policy that fits: %s (predicted)\n", cheapest->policy.label.c_str());
    else
        std::printf("no policy fits this budget at this size (predicted)\n");
    for (const auto& [policy, config] : configs)
        std::printf("\n--- %s for %s (%s)\n%s%s",
            std::string(rlab::planner::clusterConfigKindName(config.kind)).c_str(), policy.c_str(),
            config.needs.c_str(), config.notes.c_str(), config.text.c_str());
}

int planParallelCommand(const PlanOptions& options)
{
    std::string error;
    const std::optional<rlab::planner::ParallelReport> report
        = rlab::planner::planParallel(options.request, options.parallelism,
            rlab::planner::rankPolicies(options.methods, options.recomputeLayers, options.offload), &error);
    if (!report)
        return complain(error, 2);
    std::vector<std::pair<std::string, rlab::planner::ClusterConfig>> configs;
    if (!options.configs.empty()) {
        const rlab::planner::ParallelRow* row = configRow(*report, options.configPolicy);
        for (const rlab::planner::ParallelRow& unplanned : report->rows)
            if (!row && unplanned.policy.label == options.configPolicy && !unplanned.planned)
                return complain(unplanned.note, 2);
        if (!row && options.configPolicy == "cheapest")
            return complain("No policy fits " + std::to_string(report->request.budgetBytes)
                    + " bytes a GPU at this size, so --config has no row to write a config for; give a "
                      "larger --budget, more GPUs (--dp, --tp, --pp) or a row by name (--config-policy).",
                2);
        if (!row)
            return complain(
                "--config-policy needs a planned row's name such as full or megatron-selective, or "
                "cheapest when one fits, not '"
                    + options.configPolicy + "'.",
                2);
        for (const rlab::planner::ClusterConfigKind kind : options.configs)
            configs.emplace_back(row->policy.label, rlab::planner::clusterConfig(kind, *report, *row));
    }
    if (options.json)
        printParallelJson(*report, configs);
    else
        printParallelTable(*report, configs);
    return 0;
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
    if (options->defaultSizes) { // said, so that nobody reads the defaults' plan as their model's
        const rlab::ModelShape& s = options->request.config.shape;
        std::fprintf(stderr,
            "rlab: --model custom with no sizes plans rlab run's defaults, --layers %d --width %d --heads %d "
            "--vocab %d; give your model's.\n",
            s.layers, s.width, s.heads, s.vocab);
    }
    if (options->parallel) {
        if (options->code)
            return complain("--code is for one device; with --dp, --tp, --pp and the rest use --config.", 2);
        return planParallelCommand(*options);
    }
    const std::optional<rlab::planner::Report> report = rlab::planner::plan(options->request, &error);
    if (!report)
        return complain(error, 2);
    std::vector<rlab::planner::Snippet> code;
    if (options->code) {
        const rlab::planner::PolicyRow* chosen
            = *options->code == "cheapest" ? report->cheapestRow() : nullptr;
        for (const rlab::planner::PolicyRow& row : report->rows)
            if (row.name() == *options->code)
                chosen = &row;
        if (!chosen || !chosen->planned)
            return complain(
                "--code needs a planned row's name such as full, segment:best+offload or cheapest (when "
                "one fits), not '"
                    + *options->code + "'.",
                2);
        code = rlab::planner::snippets(*chosen, options->request.config.shape.layers);
    }
    if (options->json)
        printJson(*report, code);
    else
        printTable(*report, code);
    return 0;
}
