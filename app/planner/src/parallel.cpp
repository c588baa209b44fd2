// Per-rank memory under data, tensor, sequence and pipeline parallelism and ZeRO: the engine's
// ledger of one model chunk (a virtual stage's layers) split over the tensor-parallel ranks row by
// row, held for as many micro-batches as 1F1B keeps in flight, beside the model states after
// sharding. The parameter tables below are the engine's (GPT-2: 12d^2 + 13d a block; llama:
// 2d^2 + 2dk + 3df + 2d with k = G*dh), split as Megatron-LM splits them; a test holds each sum to
// the predictor's parameter count.
#include "rlab/planner/parallel.h"

#include <algorithm>
#include <array>
#include <limits>
#include <tuple>

namespace rlab::planner {

namespace {

using u64 = std::uint64_t;

u64 ceilDiv(u64 a, u64 b)
{
    return a / b + (a % b != 0);
}

// Inside the tensor-parallel regions Megatron-LM splits these ops' outputs over the tp ranks
// (heads, the MLP's 4d, the vocabulary of the loss); the rest (the residual stream, LayerNorms,
// the dropout masks of the residual adds) is replicated, or split along the sequence with --sp.
// Llama's (docs/llama.md): q, k and v after rotary by heads (tp divides the key/value heads too), w1's
// and w3's outputs and the SwiGLU product by the hidden size F; its RMSNorms replicated.
bool tensorSplitOp(std::string_view op)
{
    constexpr std::array<std::string_view, 10> kSplit {"qkv", "wqkv_rope", "softmax", "attn_dropout",
        "attn_values", "fc1", "gelu", "w1_w3", "swiglu", "cross_entropy"};
    return std::find(kSplit.begin(), kSplit.end(), op) != kSplit.end();
}

u64 splitBytes(u64 bytes, const LedgerRow& row, bool tensorSplit, const Parallelism& p)
{
    const u64 t = static_cast<u64>(p.tp);
    if (t == 1 || bytes == 0)
        return bytes;
    if (tensorSplit && row.op == "cross_entropy" && !row.shape.empty()) {
        const u64 vocab = row.shape.back(); // each rank keeps ceil(V / t) of the vocabulary's rows
        return bytes / vocab * ceilDiv(vocab, t);
    }
    return tensorSplit || p.sequenceParallel ? ceilDiv(bytes, t) : bytes;
}

// Calls f(row, bytes on one rank) for each row of `block` the predicate picks.
template<typename Pick, typename Each>
void forRankRows(const TensorLedger& ledger, int block, Pick pick, Each each)
{
    bool split = false; // a widened bf16 copy is split as the row it copies, just before it
    for (const LedgerRow& row : ledger.rows) {
        if (row.fate != TensorFate::Widened)
            split = tensorSplitOp(row.op);
        if (row.block == block && pick(row))
            each(row, split);
    }
}

// Parameters on pipeline rank `stage` of one tensor-parallel group, as Megatron-LM places and
// splits GPT-2's: each block's qkv and fc1 by columns (weights and biases), proj and fc2 weights by
// rows, LayerNorms and the row-split layers' biases replicated; the token table on the first rank
// and the untied head on the last split by vocabulary rows (ceil(V / tp), no padding), the
// position table on the first rank and the final LayerNorm on the last replicated. Llama's: wq, wk,
// wv, w1 and w3 by columns (and Qwen2's wq, wk and wv biases with them), wo and w2 by rows, no other
// biases, the two RMSNorm weights replicated; no position table, the final RMSNorm weight (d) on the
// last rank.
u64 rankParameterCount(const ModelShape& s, const Parallelism& p, int stage)
{
    const u64 d = static_cast<u64>(s.width), t = static_cast<u64>(p.tp);
    const u64 vocabRows = ceilDiv(static_cast<u64>(s.vocab), t);
    const bool llama = s.arch == Arch::Llama;
    u64 perBlock = (12 * d * d + 7 * d) / t + 6 * d;
    if (llama) {
        const u64 kv = d / static_cast<u64>(s.heads) * static_cast<u64>(kvHeadsOf(s)); // k = G*dh
        const u64 f = static_cast<u64>(ffnOf(s));
        perBlock = (2 * d * d + 2 * kv * d + 3 * f * d + (s.qkvBias ? d + 2 * kv : 0)) / t + 2 * d;
    }
    u64 count = perBlock * static_cast<u64>(s.layers / p.pp);
    if (stage == 0)
        count += vocabRows * d + (llama ? 0 : static_cast<u64>(s.seq) * d);
    if (stage == p.pp - 1)
        count += (llama ? d : 2 * d) + vocabRows * d;
    return count;
}

std::optional<u64> mulChecked(u64 a, u64 b)
{
    u64 out = 0;
    if (__builtin_mul_overflow(a, b, &out))
        return std::nullopt;
    return out;
}

struct ChunkCount {
    u64 kept = 0, paperKept = 0, workspace = 0, headKept = 0;
    u64 offloaded = 0, prefetch = 0; // in host memory; back on the device for one backward
    double recomputeFlops = 0;
    int segmentBlocks = 1, inputOnlyBlocks = 0, matmulOutputBlocks = 0;
};

// What one rank holds of each block's rows (index `layers`: the head's, block -1), tallied in one
// pass over the ledger: a pass per block made a plan quadratic in the layers (401 s at 4096).
struct BlockTally {
    u64 kept = 0, paperKept = 0, offloaded = 0, workspace = 0;
};

std::vector<BlockTally> tallyBlocks(const TensorLedger& ledger, int layers, const Parallelism& p)
{
    std::vector<BlockTally> tally(static_cast<std::size_t>(layers) + 1);
    bool split = false; // as forRankRows: a widened bf16 copy is split as the row before it
    for (const LedgerRow& row : ledger.rows) {
        if (row.fate != TensorFate::Widened)
            split = tensorSplitOp(row.op);
        if (row.block < -1 || row.block >= layers)
            continue;
        BlockTally& t = tally[static_cast<std::size_t>(row.block < 0 ? layers : row.block)];
        const u64 bytes = splitBytes(row.bytes, row, split, p);
        if (row.fate == TensorFate::Kept || row.fate == TensorFate::Offloaded)
            t.kept += bytes;
        if (row.paperKept)
            t.paperKept += splitBytes(row.paperBytes, row, split, p);
        if (row.fate == TensorFate::Offloaded)
            t.offloaded += bytes;
        if (row.category == MemoryCategory::RecomputeWorkspace)
            t.workspace += bytes;
    }
    return tally;
}

// One chunk of `layers` blocks under the row's policy, for one micro-batch on one tp rank.
std::optional<ChunkCount> countChunk(
    const Request& request, const Parallelism& p, const RankPolicy& policy, int layers, std::string* error)
{
    RunConfig chunk = request.config;
    chunk.shape.layers = layers;
    chunk.policy = policy.engine;
    const std::optional<TensorLedger> main = predictLedger(chunk, error);
    const std::optional<Prediction> prediction = predict(chunk, error);
    if (!main || !prediction)
        return std::nullopt;
    std::optional<TensorLedger> full;
    std::optional<Prediction> fullPrediction;
    if (policy.blockLayers > 0) {
        chunk.policy = *RecomputePolicy::parse("full", nullptr);
        full = predictLedger(chunk, error);
        fullPrediction = predict(chunk, error);
        if (!full || !fullPrediction)
            return std::nullopt;
    }
    ChunkCount out;
    const int group = policy.blockLayers >= 0 ? 1 : std::max(1, prediction->segmentBlocks);
    const std::vector<BlockTally> mainTally = tallyBlocks(*main, layers, p);
    const std::vector<BlockTally> fullTally
        = full ? tallyBlocks(*full, layers, p) : std::vector<BlockTally>();
    u64 groupWorkspace = 0, groupOffloaded = 0, previousOffloaded = 0;
    for (int block = 0; block < layers; ++block) {
        const BlockTally& t
            = (block < policy.blockLayers ? fullTally : mainTally)[static_cast<std::size_t>(block)];
        out.kept += t.kept;
        out.paperKept += t.paperKept;
        if (block % group == 0) {
            groupWorkspace = 0;
            previousOffloaded = groupOffloaded;
            groupOffloaded = 0;
        }
        groupOffloaded += t.offloaded;
        // A segment's backward holds its own kept tensors and the previous segment's, prefetched.
        out.prefetch = std::max(out.prefetch, groupOffloaded + previousOffloaded);
        groupWorkspace += t.workspace;
        out.workspace = std::max(out.workspace, groupWorkspace);
        out.offloaded += mainTally[static_cast<std::size_t>(block)].offloaded;
    }
    out.headKept = mainTally[static_cast<std::size_t>(layers)].kept;
    out.kept -= out.offloaded; // what stays on the device
    out.segmentBlocks = group;
    out.inputOnlyBlocks = prediction->inputOnlyBlocks;
    out.matmulOutputBlocks = prediction->matmulOutputBlocks;
    // Block: the first k blocks recompute as full does, the rest as none (fused attention's own
    // recompute of the probabilities included); every block costs the same.
    const double k = policy.blockLayers >= 0 ? policy.blockLayers : 0;
    out.recomputeFlops = policy.blockLayers > 0
        ? (fullPrediction->recomputeFlops * k + prediction->recomputeFlops * (layers - k)) / layers
        : prediction->recomputeFlops;
    return out;
}

} // namespace

std::optional<std::string> parallelismProblem(const ModelShape& shape, const Parallelism& p)
{
    const auto n = [](long long value) { return std::to_string(value); };
    for (const auto& [value, flag] : {std::pair {p.dp, "--dp"}, {p.tp, "--tp"}, {p.pp, "--pp"},
             {p.virtualStages, "--virtual-stages"}, {p.microbatches, "--microbatches"}})
        if (value < 1)
            return std::string(flag) + " must be 1 or more, not " + n(value) + ".";
    if (p.zero < 0 || p.zero > 3)
        return "--zero must be 0, 1, 2 or 3 (3 is FSDP's full sharding), not " + n(p.zero) + ".";
    const auto divisorsOf = [&](int count) {
        std::vector<int> fit;
        for (int d = 1; d <= count; ++d)
            if (count % d == 0)
                fit.push_back(d);
        std::string divisors;
        for (std::size_t i = 0; i < fit.size(); ++i)
            divisors += (i == 0 ? "" : i + 1 == fit.size() ? " or " : ", ") + n(fit[i]);
        return divisors;
    };
    if (shape.heads % p.tp != 0)
        return "Tensor parallelism gives each of the " + n(p.tp) + " ranks whole attention heads, so the "
            + n(shape.heads) + " heads must be a multiple of --tp " + n(p.tp) + " (--tp "
            + divisorsOf(shape.heads) + " divide them).";
    // Llama's grouped-query attention: each rank also holds whole key/value heads (Megatron-LM's
    // --num-query-groups must be a multiple of the tensor-parallel size).
    if (const int groups = kvHeadsOf(shape); shape.arch == Arch::Llama && groups % p.tp != 0)
        return "Tensor parallelism gives each of the " + n(p.tp) + " ranks whole key/value heads too, so the "
            + n(groups) + " key/value heads must be a multiple of --tp " + n(p.tp) + " (--tp "
            + divisorsOf(groups) + " divide them).";
    if (p.sequenceParallel && p.tp < 2)
        return std::string(
            "--sp splits the sequence over the tensor-parallel ranks, so it needs --tp 2 or more.");
    if (p.sequenceParallel && shape.seq % p.tp != 0)
        return "Sequence parallelism splits the " + n(shape.seq) + " positions over the " + n(p.tp)
            + " tensor-parallel ranks, so --seq must be a multiple of --tp " + n(p.tp) + ".";
    if (p.virtualStages > 1 && p.pp < 2)
        return std::string(
            "--virtual-stages interleaves model chunks along a pipeline, so it needs --pp 2 or more.");
    const long long chunks = static_cast<long long>(p.pp) * p.virtualStages;
    if (shape.layers % chunks != 0)
        return "The " + n(shape.layers) + " layers must split evenly into --pp " + n(p.pp)
            + " stages of --virtual-stages " + n(p.virtualStages)
            + " chunks each, so layers must be a multiple of " + n(chunks) + ".";
    if (p.virtualStages > 1 && p.microbatches % p.pp != 0)
        return "Megatron-LM's interleaved schedule runs micro-batches in groups of --pp " + n(p.pp)
            + ", so --microbatches must be a multiple of " + n(p.pp) + ".";
    return std::nullopt;
}

int inFlightChunks(const Parallelism& p, int stage)
{
    if (p.virtualStages == 1)
        return std::min(p.pp - stage, p.microbatches);
    const long long total = static_cast<long long>(p.microbatches) * p.virtualStages;
    const long long warmup
        = std::min(total, 2LL * (p.pp - stage - 1) + static_cast<long long>(p.virtualStages - 1) * p.pp);
    return static_cast<int>(std::min(total, warmup + 1));
}

std::uint64_t rankKeptBytes(
    const TensorLedger& ledger, int block, LedgerConvention convention, const Parallelism& parallel)
{
    u64 sum = 0;
    const bool paper = convention == LedgerConvention::Paper;
    forRankRows(
        ledger, block,
        [&](const LedgerRow& row) {
            return paper ? row.paperKept : row.fate == TensorFate::Kept || row.fate == TensorFate::Offloaded;
        },
        [&](const LedgerRow& row, bool split) {
            sum += splitBytes(paper ? row.paperBytes : row.bytes, row, split, parallel);
        });
    return sum;
}

double zeroPaperBytes(double psi, double k, int nd, int stage)
{
    const double devices = nd;
    switch (stage) {
    case 0:
        return (2 + 2 + k) * psi;
    case 1:
        return (2 + 2) * psi + k * psi / devices;
    case 2:
        return 2 * psi + (2 + k) * psi / devices;
    default:
        return (2 + 2 + k) * psi / devices;
    }
}

std::vector<RankPolicy> rankPolicies(const std::vector<MegatronMethod>& methods, int layers, bool offload)
{
    std::vector<RankPolicy> out;
    for (const bool host : {false, true}) {
        if (host && !offload)
            break;
        for (const std::string_view name : plannedPolicies()) {
            // The engine's budget planner has its chunk limit found per rank (planParallel).
            RecomputePolicy policy = plannedPolicy(name);
            policy.offload = host;
            out.push_back({std::string(name) + (host ? "+offload" : ""), policy, -1, false});
        }
    }
    // Megatron-LM's selective recomputes the attention core and keeps the rest: the paper's 34sbh.
    RecomputePolicy core = *RecomputePolicy::parse("selective", nullptr);
    core.keep = {OpKind::BlockInput, OpKind::LayerNorm, OpKind::Qkv, OpKind::AttnValues, OpKind::Residual,
        OpKind::Fc1, OpKind::Gelu};
    out.push_back({"megatron-selective", core, -1, true});
    const std::string k = std::to_string(layers);
    for (const MegatronMethod method : methods) {
        if (method == MegatronMethod::Uniform) {
            RecomputePolicy uniform;
            uniform.kind = PolicyKind::Segment;
            uniform.segmentBlocks = layers;
            out.push_back({"megatron-uniform:" + k, uniform, -1, true});
        } else {
            out.push_back({"megatron-block:" + k, RecomputePolicy {}, layers, true});
        }
    }
    return out;
}

std::uint64_t RankMemory::total() const
{
    return parameters + gradients + optimizerState + savedActivations + recomputeWorkspace;
}

const ParallelRow* ParallelReport::cheapestRow() const
{
    return cheapest >= 0 ? &rows[static_cast<std::size_t>(cheapest)] : nullptr;
}

namespace {

// What each policy's row is planned from: the request, the parallelism, the layers of one model
// chunk and the engine's bytes per parameter (fp32 or bf16 weights, AdamW's moments, fp32 masters).
struct RowInputs {
    const Request* request = nullptr;
    const Parallelism* parallel = nullptr;
    int layersPerChunk = 0;
    u64 bytesPerParameter = 0, bytesPerGradient = 0, bytesPerState = 0;
};

// Pipeline rank `stage`'s memory: its model states after ZeRO's sharding and the chunk's activations
// for the micro-batches it keeps in flight; *overflow set when those do not fit in 64 bits.
RankMemory rankMemory(const RowInputs& in, const ChunkCount& chunk, int stage, bool* overflow)
{
    const Parallelism& parallel = *in.parallel;
    const u64 dp = static_cast<u64>(parallel.dp);
    RankMemory rank;
    rank.stage = stage;
    rank.layers = in.layersPerChunk * parallel.virtualStages;
    rank.inFlightChunks = inFlightChunks(parallel, stage);
    rank.embedding = stage == 0;
    rank.head = stage == parallel.pp - 1;
    const u64 count = rankParameterCount(in.request->config.shape, parallel, stage);
    rank.parameters = in.bytesPerParameter * count;
    rank.gradients = in.bytesPerGradient * count;
    rank.optimizerState = in.bytesPerState * count;
    if (parallel.zero >= 1)
        rank.optimizerState = ceilDiv(rank.optimizerState, dp);
    if (parallel.zero >= 2)
        rank.gradients = ceilDiv(rank.gradients, dp);
    if (parallel.zero >= 3)
        rank.parameters = ceilDiv(rank.parameters, dp);
    rank.chunkKept = chunk.kept;
    const std::optional<u64> held = mulChecked(chunk.kept, static_cast<u64>(rank.inFlightChunks));
    *overflow = *overflow || !held;
    rank.savedActivations = held.value_or(0) + (rank.head ? chunk.headKept : 0) + chunk.prefetch;
    const std::optional<u64> host = mulChecked(chunk.offloaded, static_cast<u64>(rank.inFlightChunks));
    *overflow = *overflow || !host;
    rank.hostOffloaded = host.value_or(0);
    rank.recomputeWorkspace = chunk.workspace;
    return rank;
}

// One policy's row: its chunk counted, every pipeline rank's memory, the peak rank and its fit.
ParallelRow planRow(const RowInputs& in, const RankPolicy& policy)
{
    const Parallelism& parallel = *in.parallel;
    ParallelRow row;
    row.policy = policy;
    const int n = in.layersPerChunk;
    const int k = policy.blockLayers >= 0 ? policy.blockLayers : policy.engine.segmentBlocks;
    if (policy.megatron && policy.engine.kind == PolicyKind::Segment && (k < 1 || k > n)) {
        row.note = "--recompute-num-layers must be 1 to " + std::to_string(n)
            + ", the layers of each model chunk, for Megatron-LM's uniform method.";
        return row;
    }
    if (policy.blockLayers > n) {
        row.note = "--recompute-num-layers must be 0 to " + std::to_string(n)
            + ", the layers of each model chunk, for Megatron-LM's block method.";
        return row;
    }
    std::string why;
    const std::optional<ChunkCount> chunk = countChunk(*in.request, parallel, policy, n, &why);
    if (!chunk) {
        row.note = why;
        return row;
    }
    row.paperChunkKept = chunk->paperKept;
    row.segmentBlocks = chunk->segmentBlocks;
    row.inputOnlyBlocks = chunk->inputOnlyBlocks;
    row.matmulOutputBlocks = chunk->matmulOutputBlocks;
    bool overflow = false;
    for (int stage = 0; stage < parallel.pp; ++stage)
        row.ranks.push_back(rankMemory(in, *chunk, stage, &overflow));
    if (overflow) {
        row.ranks.clear();
        row.note = "A rank's activation bytes do not fit in 64 bits at this size.";
        return row;
    }
    row.planned = true;
    for (std::size_t i = 1; i < row.ranks.size(); ++i)
        if (row.ranks[i].total() > row.peak().total())
            row.peakStage = static_cast<int>(i);
    row.fits = row.peak().total() <= in.request->budgetBytes;
    row.recomputeFlops = chunk->recomputeFlops * parallel.virtualStages * parallel.microbatches;
    return row;
}

// A budget policy's row: the engine's budget planner limits one chunk's activation peak; the largest
// limit whose peak rank fits the device budget, by bisection (a larger limit keeps more on every rank).
ParallelRow planBudgetRow(const RowInputs& in, const RankPolicy& policy)
{
    RunConfig chunk = in.request->config;
    chunk.shape.layers = in.layersPerChunk;
    chunk.policy = RecomputePolicy {};
    u64 low = 0, high = predict(chunk, nullptr)->memory.peakActivations; // low: no fit known yet
    RankPolicy trial = policy;
    trial.engine.budgetBytes = high;
    ParallelRow best = planRow(in, trial);
    if (!best.planned || !best.fits) {
        std::optional<ParallelRow> fitting, smallest; // smallest: the least-keeping plan tried
        for (int step = 0; step < 48 && high - low > 1; ++step) {
            const u64 middle = low + (high - low) / 2;
            trial.engine.budgetBytes = middle;
            ParallelRow row = planRow(in, trial);
            if (row.planned && row.fits) {
                low = middle;
                fitting = std::move(row);
            } else {
                if (row.planned)
                    smallest = row;
                high = middle;
            }
        }
        if (fitting)
            best = std::move(*fitting);
        else if (smallest)
            best = std::move(*smallest);
    }
    return best;
}

// The fitting row that recomputes least; -1 when none fits. As on one device: the device alone
// first (offload's host traffic costs time not modelled here).
int cheapestFitting(const std::vector<ParallelRow>& rows)
{
    const auto key = [](const ParallelRow& row) {
        return std::tuple(row.policy.engine.offload, row.recomputeFlops, row.peak().total());
    };
    int cheapest = -1;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const ParallelRow& row = rows[i];
        if (row.planned && row.fits
            && (cheapest < 0 || key(row) < key(rows[static_cast<std::size_t>(cheapest)])))
            cheapest = static_cast<int>(i);
    }
    return cheapest;
}

} // namespace

std::optional<ParallelReport> planParallel(const Request& request, const Parallelism& parallel,
    const std::vector<RankPolicy>& policies, std::string* error)
{
    const auto fail = [&](std::string sentence) -> std::optional<ParallelReport> {
        if (error)
            *error = std::move(sentence);
        return std::nullopt;
    };
    if (std::optional<std::string> problem = requestProblem(request))
        return fail(*problem);
    const ModelShape& shape = request.config.shape;
    if (std::optional<std::string> problem = parallelismProblem(shape, parallel))
        return fail(*problem);
    ParallelReport report;
    report.request = request;
    report.parallel = parallel;
    report.layersPerChunk = shape.layers / (parallel.pp * parallel.virtualStages);
    // The engine's bytes per parameter (fp32 or bf16 weights, AdamW's moments, fp32 masters).
    const Prediction whole = *predict(request.config, nullptr);
    report.parameters = rankParameterCount(shape, Parallelism {}, 0);
    const u64 params = report.parameters;
    const u64 engineParams = peakOf(whole, MemoryCategory::Parameters)
        / (request.config.weightPrecision == SavePrecision::Bf16 ? 2 : sizeof(float));
    if (engineParams != params) // an architecture whose table is not split here
        return fail("Per-rank planning splits GPT-2's and llama's parameter tables, and this model has "
            + std::to_string(engineParams) + " parameters where its table counts " + std::to_string(params)
            + "; its split belongs in app/planner/src/parallel.cpp.");
    const RowInputs in {&request, &parallel, report.layersPerChunk,
        peakOf(whole, MemoryCategory::Parameters) / params, peakOf(whole, MemoryCategory::Gradients) / params,
        peakOf(whole, MemoryCategory::OptimizerState) / params};
    for (const RankPolicy& policy : policies)
        report.rows.push_back(
            policy.engine.kind == PolicyKind::Budget ? planBudgetRow(in, policy) : planRow(in, policy));
    report.cheapest = cheapestFitting(report.rows);
    return report;
}

} // namespace rlab::planner
