// The planner across many GPUs, checked against the papers it follows, exactly: Korthikanti et
// al. 2023's Table 2 (per-layer activation bytes under tensor and sequence parallelism, with and
// without selective recomputation, and full recomputation) at GPT-3 175B's and MT-NLG 530B's shapes,
// counted the paper's way and the engine's; Rajbhandari et al. 2020's ZeRO model states and its
// worked example; the micro-batches 1F1B keeps in flight (Narayanan et al. 2021) and interleaving's
// change (Korthikanti et al. 2023, section 4.2.3); the parameter split; the divisibility rules.
#include <cmath>
#include <cstdio>

#include "rlab/planner/cluster_configs.h"
#include "rlab/planner/parallel.h"
#include "rlab_test.h"

namespace {

using rlab::LedgerConvention;
using rlab::ModelShape;
using rlab::planner::Parallelism;
using rlab::planner::Request;
using u64 = std::uint64_t;

struct PaperShape {
    const char* name;
    ModelShape shape;
};
// a = heads, h = width, s = seq, L = layers; b = 1 (the paper's Table 2 is per micro-batch of b).
const PaperShape kGpt3 {"GPT-3 175B", {96, 12288, 96, 2048, 1, 51200}};
const PaperShape kMtNlg {"MT-NLG 530B", {105, 20480, 128, 2048, 1, 51200}};

rlab::planner::RankPolicy policyNamed(const std::string& label)
{
    for (const rlab::planner::RankPolicy& policy :
        rlab::planner::rankPolicies({rlab::planner::MegatronMethod::Uniform}, 1))
        if (policy.label == label)
            return policy;
    throw std::runtime_error("no policy " + label);
}

rlab::TensorLedger ledgerOf(const ModelShape& shape, const std::string& label)
{
    rlab::RunConfig config;
    config.shape = shape;
    config.policy = policyNamed(label).engine;
    std::string error;
    const std::optional<rlab::TensorLedger> ledger = rlab::predictLedger(config, &error);
    if (!ledger)
        throw std::runtime_error(error);
    return *ledger;
}

Parallelism tensorParallel(int tp, bool sp)
{
    Parallelism p;
    p.tp = tp;
    p.sequenceParallel = sp;
    return p;
}

Request gpt2(const char* name, std::uint64_t budget)
{
    Request request;
    request.config.shape.seq = 1024;
    request.config.shape.batch = 1;
    request.budgetBytes = budget;
    return rlab::planner::withModel(request, *rlab::planner::findModelPreset(name));
}

} // namespace

// Table 2 of Korthikanti et al. 2023, per layer, with t = 8 (both models' tensor-parallel size
// in the paper): every layer's kept bytes on one rank, the paper's way (16-bit values, 1-byte masks)
// equal the formula exactly; the engine's way (fp32 values, masks regenerated, LayerNorm mean and
// rstd kept) equal the same terms doubled, masks dropped and 16sb of statistics added.
RLAB_TEST(korthikantiTable2Exactly)
{
    for (const PaperShape& paper : {kGpt3, kMtNlg}) {
        const ModelShape& s = paper.shape;
        const u64 sbh = u64(s.seq) * s.batch * s.width, as2b = u64(s.heads) * s.seq * s.seq * s.batch;
        const u64 sb = u64(s.seq) * s.batch, t = 8;
        struct Row {
            const char* configuration;
            const char* policy;
            Parallelism parallel;
            u64 paper, engine;
        };
        const Row rows[] = {
            {"no parallelism: sbh(34 + 5as/h)", "none", tensorParallel(1, false), 34 * sbh + 5 * as2b,
                64 * sbh + 8 * as2b + 16 * sb},
            {"tensor parallel: sbh(10 + 24/t + 5as/(ht))", "none", tensorParallel(8, false),
                10 * sbh + 24 * sbh / t + 5 * as2b / t, 16 * sbh + 16 * sb + (48 * sbh + 8 * as2b) / t},
            {"tensor + sequence parallel: sbh/t (34 + 5as/h)", "none", tensorParallel(8, true),
                (34 * sbh + 5 * as2b) / t, (64 * sbh + 8 * as2b + 16 * sb) / t},
            {"selective recomputation: 34sbh", "megatron-selective", tensorParallel(1, false), 34 * sbh,
                64 * sbh + 16 * sb},
            {"tensor parallel + selective: sbh(10 + 24/t)", "megatron-selective", tensorParallel(8, false),
                10 * sbh + 24 * sbh / t, 16 * sbh + 16 * sb + 48 * sbh / t},
            {"tensor + sequence parallel + selective: 34sbh/t", "megatron-selective", tensorParallel(8, true),
                34 * sbh / t, (64 * sbh + 16 * sb) / t},
            {"full recomputation: 2sbh", "full", tensorParallel(1, false), 2 * sbh, 4 * sbh},
            {"tensor parallel + full: 2sbh", "full", tensorParallel(8, false), 2 * sbh, 4 * sbh},
            // The paper lists 2sbh for full recomputation; with sequence parallelism the kept layer
            // input is the rank's sequence shard, as Megatron-LM stores it.
            {"tensor + sequence parallel + full: 2sbh/t", "full", tensorParallel(8, true), 2 * sbh / t,
                4 * sbh / t},
        };
        for (const char* label : {"none", "megatron-selective", "full"}) {
            const rlab::TensorLedger ledger = ledgerOf(s, label);
            for (const Row& row : rows) {
                if (std::string(row.policy) != label)
                    continue;
                for (int block = 0; block < s.layers; ++block) {
                    const u64 paperBytes
                        = rlab::planner::rankKeptBytes(ledger, block, LedgerConvention::Paper, row.parallel);
                    const u64 engineBytes
                        = rlab::planner::rankKeptBytes(ledger, block, LedgerConvention::Engine, row.parallel);
                    RLAB_CHECK_MSG(paperBytes == row.paper && engineBytes == row.engine,
                        std::string(paper.name) + ", " + row.configuration + ", layer "
                            + std::to_string(block) + ": paper's way " + std::to_string(paperBytes)
                            + " (formula " + std::to_string(row.paper) + "), engine's way "
                            + std::to_string(engineBytes) + " (expected " + std::to_string(row.engine) + ")");
                }
                std::printf("%s, %s: %.1f MiB paper's way, %.1f MiB the engine's (predicted)\n", paper.name,
                    row.configuration, static_cast<double>(row.paper) / 1048576.0,
                    static_cast<double>(row.engine) / 1048576.0);
            }
        }
    }
}

// The whole plan carries the same per-layer bytes: GPT-3 175B at the paper's t = 8, p = 16 with
// sequence parallelism and selective recomputation keeps 34sbh/t per layer on each of the 6 layers
// of a stage, and the first stage holds p = 16 micro-batches of them.
RLAB_TEST(planCarriesTable2)
{
    Request request;
    request.config.shape = kGpt3.shape;
    request.budgetBytes = 80'000'000'000;
    Parallelism p = tensorParallel(8, true);
    p.pp = 16;
    p.microbatches = 64;
    p.dp = 8;
    p.zero = 1;
    std::string error;
    const std::optional<rlab::planner::ParallelReport> report
        = rlab::planner::planParallel(request, p, {policyNamed("megatron-selective")}, &error);
    RLAB_CHECK_MSG(report.has_value(), error);
    const rlab::planner::ParallelRow& row = report->rows.front();
    RLAB_CHECK_MSG(row.planned, row.note);
    const u64 sbh = u64(2048) * 12288;
    RLAB_CHECK_EQ(report->layersPerChunk, 6);
    RLAB_CHECK_EQ(row.paperChunkKept, 6 * (34 * sbh / 8));
    RLAB_CHECK_EQ(row.ranks.front().inFlightChunks, 16);
    RLAB_CHECK_EQ(row.peakStage, 0);
}

// ZeRO (Rajbhandari et al. 2020, section 5 and Figure 1): (2 + 2 + K)psi with K = 12, divided as the
// paper divides it; 7.5B parameters on 64 devices: 120 GB, 31.4 GB, 16.6 GB and 1.9 GB as it rounds.
RLAB_TEST(zeroModelStatesAsThePaper)
{
    const double psi = 7.5e9;
    const double exact[] = {120e9, 31.40625e9, 16.640625e9, 1.875e9};
    const char* printed[] = {"120", "31.4", "16.6", "1.9"};
    for (int stage = 0; stage <= 3; ++stage) {
        const double bytes = rlab::planner::zeroPaperBytes(psi, 12, 64, stage);
        RLAB_CHECK_EQ(bytes, exact[stage]);
        char text[32];
        std::snprintf(text, sizeof text, "%.1f", bytes / 1e9);
        std::string shown = text;
        if (shown.ends_with(".0"))
            shown.resize(shown.size() - 2);
        RLAB_CHECK_EQ(shown, std::string(printed[stage]));
    }
    // The planner's ranks with bf16 weights and AdamW (2 + 2 + 12 bytes a parameter, the paper's K = 12
    // mixed-precision Adam) hold the paper's bytes for the model's psi, shards rounded up to whole bytes.
    Request request;
    request.config.shape = {4, 256, 4, 64, 1, 512};
    request.config.weightPrecision = rlab::SavePrecision::Bf16;
    request.budgetBytes = 1'000'000'000;
    for (int stage = 0; stage <= 3; ++stage) {
        Parallelism p;
        p.dp = 64;
        p.zero = stage;
        std::string error;
        const auto report = rlab::planner::planParallel(request, p, {policyNamed("none")}, &error);
        RLAB_CHECK_MSG(report.has_value(), error);
        const rlab::planner::RankMemory& rank = report->rows.front().ranks.front();
        const double states = static_cast<double>(rank.parameters + rank.gradients + rank.optimizerState);
        const double paper
            = rlab::planner::zeroPaperBytes(static_cast<double>(report->parameters), 12, 64, stage);
        RLAB_CHECK_MSG(states >= paper && states - paper < 3,
            "ZeRO-" + std::to_string(stage) + ": " + std::to_string(states) + " bytes, paper "
                + std::to_string(paper));
    }
}

// 1F1B (Narayanan et al. 2021, section 2.2.1): stage i of P holds min(P - i, M) micro-batches.
// Interleaved with V chunks (section 2.2.2's schedule; Korthikanti et al. 2023, section 4.2.3): the first
// rank holds L(1 + (P - 1)/(PV)) layers' activations, 2(P - 1) + (V - 1)P + 1 chunks of L/(PV) layers.
RLAB_TEST(pipelineInFlight)
{
    Parallelism p;
    p.pp = 4;
    p.microbatches = 8;
    for (int stage = 0; stage < 4; ++stage)
        RLAB_CHECK_EQ(rlab::planner::inFlightChunks(p, stage), 4 - stage);
    p.microbatches = 2;
    RLAB_CHECK_EQ(rlab::planner::inFlightChunks(p, 0), 2);
    RLAB_CHECK_EQ(rlab::planner::inFlightChunks(p, 3), 1);
    for (const int pp : {2, 4, 8})
        for (const int v : {2, 3, 4}) {
            p.pp = pp;
            p.virtualStages = v;
            p.microbatches = 4 * pp;
            const int layers = pp * v * 2;
            const int chunkLayers = layers / (pp * v);
            // layers held = L (1 + (P - 1)/(PV)), in integers: L (PV + P - 1) / (PV)
            RLAB_CHECK_EQ(
                rlab::planner::inFlightChunks(p, 0) * chunkLayers, layers * (pp * v + pp - 1) / (pp * v));
            RLAB_CHECK(rlab::planner::inFlightChunks(p, pp - 1) < rlab::planner::inFlightChunks(p, 0));
        }
    // In the plan: GPT-2 355M over 4 stages, 8 micro-batches: the first stage holds 4 micro-batches of its
    // 6 layers and peaks where the layers keep much; the last holds 1 and the head's tensors, among
    // them the loss's fp32 probabilities over 50,257 tokens (206 MB), which outweigh 4 micro-batches of
    // 6 layers' inputs under full recomputation (4 x 6 x 4 MiB), so there the last stage peaks.
    Parallelism plan;
    plan.pp = 4;
    plan.microbatches = 8;
    std::string error;
    const auto report = rlab::planner::planParallel(
        gpt2("gpt2-355m", 80'000'000'000), plan, rlab::planner::rankPolicies({}, 1), &error);
    RLAB_CHECK_MSG(report.has_value(), error);
    for (const rlab::planner::ParallelRow& row : report->rows) {
        RLAB_CHECK_MSG(row.planned, row.note);
        const rlab::planner::RankMemory &first = row.ranks.front(), &last = row.ranks.back();
        RLAB_CHECK_EQ(first.layers, 6);
        RLAB_CHECK_EQ(first.savedActivations, 4 * first.chunkKept);
        RLAB_CHECK_EQ(row.ranks[1].savedActivations, 3 * first.chunkKept);
        RLAB_CHECK(last.savedActivations > last.chunkKept); // + the head's
        const bool layersOutweighHead = 3 * first.chunkKept > last.savedActivations - last.chunkKept;
        RLAB_CHECK_MSG(row.peakStage == (layersOutweighHead ? 0 : 3),
            row.policy.label + " peaks at stage " + std::to_string(row.peakStage));
        if (row.policy.label == "none" || row.policy.label == "megatron-selective")
            RLAB_CHECK_EQ(row.peakStage, 0);
        if (row.policy.label == "full")
            RLAB_CHECK_EQ(row.peakStage, 3);
    }
}

// The split parameter table: over one rank's view it is the engine's whole model (the
// predictor's count), and with tp = 2, pp = 2 the ranks hold the model once, replicated parts twice.
RLAB_TEST(parametersSplitAsMegatron)
{
    const Request request = gpt2("gpt2-1.5b", 80'000'000'000);
    const std::optional<rlab::planner::Report> single = rlab::planner::plan(request, nullptr);
    RLAB_CHECK(single.has_value());
    std::string error;
    auto report = rlab::planner::planParallel(request, Parallelism {}, {policyNamed("full")}, &error);
    RLAB_CHECK_MSG(report.has_value(), error);
    RLAB_CHECK_EQ(report->parameters, single->parameters);
    RLAB_CHECK_EQ(report->rows.front().ranks.front().parameters, 4 * single->parameters);
    Parallelism p;
    p.tp = 5; // 25 heads
    p.pp = 2;
    report = rlab::planner::planParallel(request, p, {policyNamed("full")}, &error);
    RLAB_CHECK_MSG(report.has_value(), error);
    const ModelShape& s = request.config.shape;
    const u64 d = u64(s.width), L = u64(s.layers), vocabRows = (u64(s.vocab) + 4) / 5;
    const u64 expected = L * ((12 * d * d + 7 * d) / 5 + 6 * d) + 2 * vocabRows * d + u64(s.seq) * d + 2 * d;
    const auto& ranks = report->rows.front().ranks;
    RLAB_CHECK_EQ((ranks[0].parameters + ranks[1].parameters) / 4, expected);
}

// The llama presets' published parameter counts, each the engine's own for the shape (predicted,
// nothing allocated), on one device and per rank; the per-rank table split as Megatron-LM splits
// llama's (wq, wk, wv, w1, w3 by columns, wo, w2 by rows, RMSNorm weights replicated, no biases, no
// position table, the untied head by vocabulary rows).
RLAB_TEST(llamaPresetsCountAsTheEngine)
{
    struct Published {
        const char* name;
        u64 parameters;
        int tp; // the key/value heads, as --tp splits them
    };
    // Llama 3 8B's and 70B's published counts (Meta's model cards: 8.03B, 70.55B); Mistral 7B's
    // 7,241,732,096 (its Hugging Face safetensors index); Qwen2.5 7B's with its q, k and v biases
    // (its model card: 7.61B, 6.53B without the two 152,064-row embeddings).
    for (const Published& want :
        {Published {"llama-3-8b", 8'030'261'248, 8}, Published {"llama-3-70b", 70'553'706'496, 8},
            Published {"mistral-7b", 7'241'732'096, 8}, Published {"qwen2.5-7b", 7'615'616'512, 4}}) {
        const rlab::planner::ModelPreset* preset = rlab::planner::findModelPreset(want.name);
        RLAB_CHECK_MSG(preset != nullptr, want.name);
        RLAB_CHECK(preset->arch == rlab::Arch::Llama && preset->kvHeads == want.tp);
        Request request;
        request.config.shape.seq = 4096;
        request.config.shape.batch = 1;
        request.budgetBytes = 80'000'000'000;
        request = rlab::planner::withModel(request, *preset);
        const std::optional<rlab::planner::Report> single = rlab::planner::plan(request, nullptr);
        RLAB_CHECK_MSG(single.has_value(), want.name);
        RLAB_CHECK_EQ(single->parameters, want.parameters);
        std::string error;
        Parallelism p;
        p.tp = want.tp;
        p.pp = 2;
        p.dp = 4;
        const auto report = rlab::planner::planParallel(request, p, {policyNamed("full")}, &error);
        RLAB_CHECK_MSG(report.has_value(), error);
        RLAB_CHECK_EQ(report->parameters, want.parameters);
        const ModelShape& s = request.config.shape;
        const u64 d = u64(s.width), k = d / u64(s.heads) * u64(want.tp), f = u64(preset->ffn),
                  t = u64(want.tp);
        const u64 vocabRows = (u64(s.vocab) + t - 1) / t;
        const u64 biases = preset->qkvBias ? d + 2 * k : 0; // split with wq, wk and wv
        const u64 perRank = u64(s.layers) * ((2 * d * d + 2 * k * d + 3 * f * d + biases) / t + 2 * d)
            + 2 * vocabRows * d + d;
        const auto& ranks = report->rows.front().ranks;
        RLAB_CHECK_EQ((ranks[0].parameters + ranks[1].parameters) / 4, perRank); // fp32 weights
        RLAB_CHECK_EQ(ranks[0].parameters / 4 - ranks[1].parameters / 4, u64(0) - d); // the final RMSNorm
    }
    // Not GPT-2's count at the same sizes: llama's table is the one split.
    Request gpt = gpt2("gpt2-124m", 80'000'000'000);
    gpt.config.shape.width = 4096;
    gpt.config.shape.heads = 32;
    gpt.config.shape.layers = 32;
    gpt.config.shape.vocab = 128256;
    RLAB_CHECK(rlab::planner::plan(gpt, nullptr)->parameters != 8'030'261'248);
}

// Llama's tensors on one tensor-parallel rank, at Llama 3 8B's block (T = 8192, two layers): the
// engine's bytes (fp32 values, masks regenerated, rstd kept) and the paper's way (16-bit values,
// 1-byte masks), as the ledger rows give them: the residual stream, the two RMSNorms and the residual
// adds' dropout masks replicated (llama's 10sbh, GPT's); q, k and v after rotary (h + 2k wide,
// k = G*dh), the probabilities, the attention output, w1's and w3's outputs and the SwiGLU product
// split by heads or F; everything split along the sequence with --sp.
RLAB_TEST(llamaTensorsSplitAsMegatron)
{
    const ModelShape shape {2, 4096, 32, 8192, 1, 128256, rlab::Arch::Llama, 8, 14336};
    const u64 sb = u64(shape.seq) * shape.batch, sbh = sb * shape.width, k = 1024, sbf = sb * 14336;
    const u64 as2b = u64(shape.heads) * shape.seq * shape.seq * shape.batch, sbk = sb * k;
    const rlab::TensorLedger ledger = ledgerOf(shape, "none");
    for (const u64 t : {u64(1), u64(2), u64(8)}) {
        for (const bool sp : {false, true}) {
            if (sp && t == 1)
                continue;
            const Parallelism p = tensorParallel(static_cast<int>(t), sp);
            const u64 replicatedEngine = 16 * sbh + 8 * sb,
                      splitEngine = 4 * (2 * sbh + 2 * sbk) + 8 * as2b + 12 * sbf;
            const u64 replicatedPaper = 10 * sbh, splitPaper = 2 * (2 * sbh + 2 * sbk) + 5 * as2b + 6 * sbf;
            const u64 engine = sp ? (replicatedEngine + splitEngine) / t : replicatedEngine + splitEngine / t;
            const u64 paper = sp ? (replicatedPaper + splitPaper) / t : replicatedPaper + splitPaper / t;
            for (int block = 0; block < shape.layers; ++block) {
                const u64 gotEngine
                    = rlab::planner::rankKeptBytes(ledger, block, LedgerConvention::Engine, p);
                const u64 gotPaper = rlab::planner::rankKeptBytes(ledger, block, LedgerConvention::Paper, p);
                RLAB_CHECK_MSG(gotEngine == engine && gotPaper == paper,
                    "tp " + std::to_string(t) + (sp ? " +sp" : "") + ", layer " + std::to_string(block)
                        + ": engine's way " + std::to_string(gotEngine) + " (expected "
                        + std::to_string(engine) + "), paper's way " + std::to_string(gotPaper)
                        + " (expected " + std::to_string(paper) + ")");
            }
        }
    }
}

// The command for a llama preset: Llama 3 8B on 32 GPUs (dp 8, tp 2, pp 2, 8 micro-batches,
// ZeRO-1) in 80 GB: a row per rank, the first stage holding two micro-batches, full recomputation
// fitting and keeping nothing recomputed; none does not fit.
RLAB_TEST(llamaPlansPerRank)
{
    Request request;
    request.config.shape.seq = 8192;
    request.config.shape.batch = 1;
    request.budgetBytes = 80'000'000'000;
    request = rlab::planner::withModel(request, *rlab::planner::findModelPreset("llama-3-8b"));
    Parallelism p;
    p.dp = 8;
    p.tp = 2;
    p.pp = 2;
    p.microbatches = 8;
    p.zero = 1;
    std::string error;
    const auto report = rlab::planner::planParallel(
        request, p, rlab::planner::rankPolicies({rlab::planner::MegatronMethod::Uniform}, 1), &error);
    RLAB_CHECK_MSG(report.has_value(), error);
    const auto named = [&](const std::string& label) -> const rlab::planner::ParallelRow& {
        for (const auto& row : report->rows)
            if (row.policy.label == label)
                return row;
        throw std::runtime_error("no row " + label);
    };
    const auto& none = named("none");
    const auto& full = named("full");
    RLAB_CHECK(none.planned && full.planned && !none.fits && full.fits);
    RLAB_CHECK_EQ(full.ranks.size(), std::size_t(2));
    RLAB_CHECK_EQ(full.ranks[0].inFlightChunks, 2);
    RLAB_CHECK_EQ(full.ranks[1].inFlightChunks, 1);
    // ZeRO-1: AdamW's two fp32 moments a parameter, over the 8 data-parallel ranks.
    RLAB_CHECK_EQ(full.ranks[1].optimizerState, (2 * full.ranks[1].parameters + 7) / 8);
    // Full keeps each block's input only: 4sbh a layer, 16 layers, two micro-batches on stage 0.
    RLAB_CHECK_EQ(full.ranks[0].chunkKept, u64(16) * 4 * 8192 * 4096);
    RLAB_CHECK(report->cheapestRow() != nullptr);
}

struct Refusal {
    ModelShape shape;
    Parallelism parallel;
    std::string says;
};

std::vector<rlab::test::Case<Refusal>> refusals()
{
    const ModelShape gpt2xl {48, 1600, 25, 1024, 1, 50257};
    std::vector<rlab::test::Case<Refusal>> rows;
    Parallelism p;
    p.tp = 2;
    rows.push_back({"heads by tp", {gpt2xl, p, "heads must be a multiple of --tp 2"}});
    p = {};
    p.pp = 5;
    rows.push_back({"layers by pp", {gpt2xl, p, "layers must be a multiple of 5"}});
    p = {};
    p.pp = 4;
    p.virtualStages = 8;
    p.microbatches = 8;
    rows.push_back({"layers by pp x V", {gpt2xl, p, "layers must be a multiple of 32"}});
    p = {};
    p.pp = 2;
    p.virtualStages = 2;
    p.microbatches = 3;
    rows.push_back(
        {"interleaved micro-batches by pp", {gpt2xl, p, "--microbatches must be a multiple of 2"}});
    p = {};
    p.virtualStages = 2;
    rows.push_back({"interleaving needs a pipeline", {gpt2xl, p, "needs --pp 2 or more"}});
    p = {};
    p.tp = 5;
    p.sequenceParallel = true;
    rows.push_back({"seq by tp with sp", {gpt2xl, p, "--seq must be a multiple of --tp 5"}});
    p = {};
    p.sequenceParallel = true;
    rows.push_back({"sp needs tp", {gpt2xl, p, "needs --tp 2 or more"}});
    p = {};
    p.zero = 4;
    rows.push_back({"zero stage", {gpt2xl, p, "--zero must be 0, 1, 2 or 3"}});
    // Llama 3 70B: 64 heads split over 16 ranks, but its 8 key/value heads do not.
    const ModelShape llama70b {80, 8192, 64, 8192, 1, 128256, rlab::Arch::Llama, 8, 28672};
    p = {};
    p.tp = 16;
    rows.push_back(
        {"key/value heads by tp", {llama70b, p, "8 key/value heads must be a multiple of --tp 16"}});
    return rows;
}

RLAB_TEST_CASES(refusesIndivisibleSplits, refusals(), const Refusal& refusal)
{
    const std::optional<std::string> problem
        = rlab::planner::parallelismProblem(refusal.shape, refusal.parallel);
    RLAB_CHECK(problem.has_value());
    RLAB_CHECK_MSG(problem->find(refusal.says) != std::string::npos && problem->back() == '.'
            && problem->find('\n') == std::string::npos,
        *problem);
}

// Fused attention keeps no T x T tensor, so Megatron-LM's selective (the attention core) has nothing
// left to drop but each row's logsumexp; it recomputes the probabilities in every block's backward, so the
// block method recomputes more than none, and none is the cheapest that fits (the block method's FLOPs once
// missed fused attention's own recompute and made it look cheaper).
RLAB_TEST(fusedAttentionLeavesSelectiveNothing)
{
    Request request = gpt2("gpt2-774m", 16'000'000'000);
    request.config.fusedAttention = true;
    Parallelism p = tensorParallel(2, true);
    p.pp = 2;
    p.microbatches = 4;
    std::string error;
    const auto report = rlab::planner::planParallel(
        request, p, rlab::planner::rankPolicies({rlab::planner::MegatronMethod::Block}, 1), &error);
    RLAB_CHECK_MSG(report.has_value(), error);
    const auto& rows = report->rows;
    const rlab::planner::ParallelRow &none = rows[0], &core = rows[6], &block = rows[7];
    RLAB_CHECK(core.policy.label == "megatron-selective" && block.policy.label == "megatron-block:1");
    // Only the rows' logsumexp (B x H x T floats a layer, split by heads) goes with the attention core.
    const ModelShape& s = request.config.shape;
    const u64 logsumexp = u64(s.batch) * s.heads * s.seq * 4 / 2;
    RLAB_CHECK_EQ(none.ranks[0].chunkKept - core.ranks[0].chunkKept, u64(report->layersPerChunk) * logsumexp);
    RLAB_CHECK(none.recomputeFlops > 0 && block.recomputeFlops > none.recomputeFlops);
    RLAB_CHECK(report->cheapestRow() == &none);
}

// The engine's budget planner per rank: the largest chunk limit whose peak rank fits. At 4 GB a GPU
// for GPT-2 1.5B over dp 8 x tp 5 x pp 2, none does not fit and budget does, recomputing less than
// every other engine row that fits.
RLAB_TEST(budgetFitsThePeakRank)
{
    Parallelism p;
    p.dp = 8;
    p.tp = 5;
    p.pp = 2;
    p.microbatches = 8;
    p.zero = 1;
    std::string error;
    const auto report = rlab::planner::planParallel(
        gpt2("gpt2-1.5b", 4'000'000'000), p, rlab::planner::rankPolicies({}, 1), &error);
    RLAB_CHECK_MSG(report.has_value(), error);
    const auto& rows = report->rows;
    const rlab::planner::ParallelRow &none = rows[0], &budget = rows[5];
    RLAB_CHECK(budget.policy.label == "budget");
    RLAB_CHECK(!none.fits && budget.planned && budget.fits);
    RLAB_CHECK(budget.peak().total() <= 4'000'000'000u);
    for (const rlab::planner::ParallelRow& row : rows)
        if (row.fits && !row.policy.megatron)
            RLAB_CHECK_MSG(budget.recomputeFlops <= row.recomputeFlops, row.policy.label);
    RLAB_CHECK(report->cheapestRow() == &budget);
}

// +offload per rank: the in-flight micro-batches' kept tensors wait in host memory, and the device
// holds one segment's and the one before it, prefetched for a backward. GPT-2 355M over 4 stages,
// 8 micro-batches, full+offload: the first rank keeps 4 x 6 block inputs on the host, 2 on the device.
RLAB_TEST(offloadKeepsInFlightOnTheHost)
{
    Parallelism p;
    p.pp = 4;
    p.microbatches = 8;
    std::string error;
    const auto report = rlab::planner::planParallel(
        gpt2("gpt2-355m", 16'000'000'000), p, rlab::planner::rankPolicies({}, 1, true), &error);
    RLAB_CHECK_MSG(report.has_value(), error);
    const auto rowNamed = [&](const std::string& label) -> const rlab::planner::ParallelRow& {
        for (const rlab::planner::ParallelRow& row : report->rows)
            if (row.policy.label == label)
                return row;
        throw std::runtime_error("no row " + label);
    };
    const rlab::planner::ParallelRow &full = rowNamed("full"), &offload = rowNamed("full+offload");
    const u64 input = full.ranks[0].chunkKept / 6; // one block input, fp32 (B, T, d)
    RLAB_CHECK_EQ(input, u64(4) * 1024 * 1024);
    const rlab::planner::RankMemory &host = offload.ranks[0], &device = full.ranks[0];
    RLAB_CHECK_EQ(host.chunkKept, u64 {0});
    RLAB_CHECK_EQ(host.hostOffloaded, 4 * 6 * input);
    RLAB_CHECK_EQ(host.savedActivations, 2 * input);
    RLAB_CHECK_EQ(device.hostOffloaded, u64 {0});
    RLAB_CHECK(offload.fits && full.fits && !report->cheapestRow()->policy.engine.offload);
    const rlab::planner::ClusterConfig ds
        = rlab::planner::clusterConfig(rlab::planner::ClusterConfigKind::DeepSpeed, *report, offload);
    RLAB_CHECK(ds.text.find("\"cpu_checkpointing\": true") != std::string::npos);
}

namespace {

bool has(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

// The configs hold the plan's sizes: GPT-2 774M (20 heads, 36 layers) over dp 4 x tp 2 (+sp) x pp 3
// with 2 virtual stages of 6 layers, 6 micro-batches, ZeRO-1.
RLAB_TEST(configsHoldThePlan)
{
    Request request = gpt2("gpt2-774m", 80'000'000'000);
    Parallelism p = tensorParallel(2, true);
    p.dp = 4;
    p.pp = 3;
    p.virtualStages = 2;
    p.microbatches = 6;
    p.zero = 1;
    std::string error;
    const auto report = rlab::planner::planParallel(request, p,
        rlab::planner::rankPolicies(
            {rlab::planner::MegatronMethod::Uniform, rlab::planner::MegatronMethod::Block}, 2),
        &error);
    RLAB_CHECK_MSG(report.has_value(), error);
    const auto rowNamed = [&](const std::string& label) -> const rlab::planner::ParallelRow& {
        for (const rlab::planner::ParallelRow& row : report->rows)
            if (row.policy.label == label)
                return row;
        throw std::runtime_error("no row " + label);
    };
    using K = rlab::planner::ClusterConfigKind;
    const std::string uniform
        = rlab::planner::clusterConfig(K::Megatron, *report, rowNamed("megatron-uniform:2")).text;
    for (const char* line :
        {"--num-layers 36\n", "--tensor-model-parallel-size 2\n", "--pipeline-model-parallel-size 3\n",
            "--num-layers-per-virtual-pipeline-stage 6\n", "--sequence-parallel\n",
            "--use-distributed-optimizer\n", "--micro-batch-size 1\n", "--global-batch-size 24\n",
            "--recompute-granularity full\n--recompute-method uniform\n--recompute-num-layers 2\n"})
        RLAB_CHECK_MSG(has(uniform, line), std::string("missing ") + line + " in\n" + uniform);
    RLAB_CHECK(has(rlab::planner::clusterConfig(K::Megatron, *report, rowNamed("megatron-block:2")).text,
        "--recompute-method block\n--recompute-num-layers 2\n"));
    RLAB_CHECK(has(rlab::planner::clusterConfig(K::Megatron, *report, rowNamed("megatron-selective")).text,
        "--recompute-granularity selective\n--recompute-modules core_attn\n"));
    RLAB_CHECK(
        !has(rlab::planner::clusterConfig(K::Megatron, *report, rowNamed("none")).text, "--recompute"));
    // sqrt's segments become uniform groups of the plan's length.
    const rlab::planner::ParallelRow& sqrt = rowNamed("sqrt");
    RLAB_CHECK(sqrt.segmentBlocks > 1);
    RLAB_CHECK(has(rlab::planner::clusterConfig(K::Megatron, *report, sqrt).text,
        "--recompute-num-layers " + std::to_string(sqrt.segmentBlocks) + "\n"));

    const rlab::planner::ClusterConfig ds
        = rlab::planner::clusterConfig(K::DeepSpeed, *report, rowNamed("full"));
    for (const char* part : {"\"stage\": 1", "\"partition_activations\": true",
             "\"cpu_checkpointing\": false", "\"gradient_accumulation_steps\": 6", "\"train_batch_size\": 24",
             "\"train_micro_batch_size_per_gpu\": 1"})
        RLAB_CHECK_MSG(has(ds.text, part), std::string("missing ") + part + " in\n" + ds.text);
    RLAB_CHECK(has(ds.notes, "no interleaved schedule"));
    RLAB_CHECK(has(rlab::planner::clusterConfig(K::DeepSpeed, *report, rowNamed("none")).text,
        "\"partition_activations\": false"));

    // PyTorch: checkpoint_wrapper first, then fully_shard around it; ZeRO's stage picks the wrapper.
    for (const int zero : {0, 1, 2, 3}) {
        Parallelism flat;
        flat.dp = 4;
        flat.zero = zero;
        const auto r = rlab::planner::planParallel(request, flat, rlab::planner::rankPolicies({}, 1), &error);
        RLAB_CHECK_MSG(r.has_value(), error);
        const std::string code = rlab::planner::clusterConfig(K::PyTorch, *r, r->rows[2]).text; // full
        RLAB_CHECK(has(code, "checkpoint_wrapper(unit, checkpoint_impl=CheckpointImpl.NO_REENTRANT)"));
        if (zero >= 2) {
            RLAB_CHECK(has(code, "init_device_mesh(\"cuda\", (4,)"));
            RLAB_CHECK(has(code,
                std::string("fully_shard(unit, mesh=mesh, reshard_after_forward=")
                    + (zero == 3 ? "True" : "False")));
            RLAB_CHECK(code.find("checkpoint_wrapper(unit,") < code.find("fully_shard(unit,"));
        } else {
            RLAB_CHECK(has(code, "DistributedDataParallel(model)") && !has(code, "fully_shard("));
            RLAB_CHECK_EQ(has(code, "ZeroRedundancyOptimizer("), zero == 1);
        }
    }
}

// The PyTorch config's tensor-parallel note names the block's own layers: GPT-2's qkv, proj, fc1
// and fc2 with LayerNorms, llama's wqkv, wo, w1, w3 and w2 with RMSNorms and grouped key/value heads.
RLAB_TEST(tensorParallelNoteNamesTheArchitecturesLayers)
{
    using K = rlab::planner::ClusterConfigKind;
    Parallelism p;
    p.dp = 2;
    p.tp = 4;
    p.sequenceParallel = true;
    std::string error;
    const auto notesOf = [&](const Request& request, const char* policy) -> std::string {
        const auto report
            = rlab::planner::planParallel(request, p, rlab::planner::rankPolicies({}, 1), &error);
        if (!report)
            return "no plan: " + error;
        for (const rlab::planner::ParallelRow& row : report->rows)
            if (row.policy.label == policy) {
                const rlab::planner::ClusterConfig c = rlab::planner::clusterConfig(K::PyTorch, *report, row);
                return c.notes + c.text;
            }
        return std::string();
    };
    Request llama = gpt2("llama-3-8b", 80'000'000'000);
    llama.config.shape.seq = 4096;
    const std::string l = notesOf(llama, "selective");
    RLAB_CHECK_MSG(has(l, "ColwiseParallel\n# for wqkv, w1 and w3, RowwiseParallel for wo and w2"), l);
    RLAB_CHECK_MSG(has(l, "SequenceParallel for the RMSNorms") && has(l, "(2 a rank)"), l);
    RLAB_CHECK_MSG(!has(l, "fc1") && !has(l, "LayerNorm"), l);
    const std::string g = notesOf(gpt2("gpt2-355m", 80'000'000'000), "selective");
    RLAB_CHECK_MSG(has(g, "ColwiseParallel\n# for qkv and fc1, RowwiseParallel for proj and fc2"), g);
    RLAB_CHECK_MSG(has(g, "SequenceParallel for the LayerNorms") && !has(g, "wqkv"), g);
}

RLAB_TEST_MAIN("")
