#pragma once
// The planner across many GPUs: per-rank memory of one training step under data, tensor,
// sequence and pipeline parallelism (1F1B, optionally interleaved) and ZeRO sharding, for each
// recomputation policy, the engine's and Megatron-LM's. Built on the engine's own per-tensor
// accounting (rlab/ledger.h): each ledger row is split over the tensor-parallel ranks as
// Megatron-LM splits that tensor, so the per-layer bytes are the ones the demos measure, and
// counted the paper's way they reproduce Korthikanti et al. 2023's Table 2 exactly. Every figure is
// predicted; communication buffers (all-gathers, reduce-scatters, pipeline sends) and the
// transient temporaries of one op are left out.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rlab/ledger.h"
#include "rlab/planner/planner.h"

namespace rlab::planner {

struct Parallelism {
    int dp = 1; // data-parallel ranks (ZeRO shards over these)
    int tp = 1; // tensor-parallel ranks (Megatron-LM's column and row splits)
    bool sequenceParallel = false; // the tensors between the tp regions split along the sequence
    int pp = 1; // pipeline stages (ranks along the pipeline)
    int virtualStages = 1; // model chunks per pipeline rank (interleaved 1F1B when > 1)
    int microbatches = 1; // per step and data-parallel rank (gradient accumulation)
    int zero = 0; // 0 none, 1 optimizer state, 2 + gradients, 3 + parameters (FSDP's full sharding)
    std::uint64_t ranks() const { return std::uint64_t(dp) * std::uint64_t(tp) * std::uint64_t(pp); }
};

// One sentence when this parallelism cannot split the model (heads by tp, layers by pp x virtual
// stages, the sequence by tp with --sp, ...); nullopt when it can.
std::optional<std::string> parallelismProblem(const ModelShape& shape, const Parallelism& parallel);

// Micro-batches of one model chunk (a virtual stage's layers; with one virtual stage, the stage's
// layers) whose activations pipeline rank `stage` holds at its peak under 1F1B: min(P - stage, M)
// (Narayanan et al. 2021, section 2.2.1); interleaved, the warm-up of Megatron-LM's schedule plus one,
// 2(P - stage - 1) + (V - 1)P + 1 chunks, at most M*V, which is Korthikanti et al. 2023's
// 1 + (P - 1)/(PV) times P stages' worth of layers on the first rank.
int inFlightChunks(const Parallelism& parallel, int stage);

// How Megatron-LM splits a ledger row over the tensor-parallel ranks: by heads or by the MLP's
// hidden size inside the attention and MLP regions, by the vocabulary in the loss, and (with
// sequence parallelism) by the sequence elsewhere: the kept bytes of block `block` (-1: the head)
// on one tensor-parallel rank, under a convention, each row's share rounded up.
std::uint64_t rankKeptBytes(
    const TensorLedger& ledger, int block, LedgerConvention convention, const Parallelism& parallel);

// ZeRO's model states per device as Rajbhandari et al. 2020 (section 5) count them for psi
// parameters, mixed precision (2 bytes weights, 2 bytes gradients) and K bytes of optimizer state
// a parameter (12 for Adam: fp32 master weights and two moments) on nd devices:
// stage 0 (2 + 2 + K)psi, 1 (2 + 2)psi + K psi/nd, 2 2psi + (2 + K)psi/nd, 3 (2 + 2 + K)psi/nd.
double zeroPaperBytes(double psi, double k, int nd, int stage);

// A recomputation policy as one pipeline rank runs it on each of its model chunks.
struct RankPolicy {
    std::string label; // "none", "selective", ..., "megatron-selective", "megatron-uniform:2"
    RecomputePolicy engine; // the engine's policy over one chunk's layers (Megatron's too, but block)
    int blockLayers = -1; // >= 0: Megatron's block method, this many layers of each chunk recomputed
    bool megatron = false;
};
enum class MegatronMethod { Uniform, Block };
// The engine's none, selective, full, sqrt, segment:best and budget (the largest chunk limit whose
// peak rank fits the device budget), then Megatron-LM's selective (the
// attention core recomputed: softmax, its dropout and mask) and its full recomputation by
// `methods` (uniform: groups of `layers`, block: the first `layers` of each chunk).
// With `offload`, the engine's six again with +offload: kept tensors in host memory, each segment's
// prefetched back (with the one before it) for its backward.
std::vector<RankPolicy> rankPolicies(
    const std::vector<MegatronMethod>& methods, int layers, bool offload = false);

struct RankMemory {
    int stage = 0; // pipeline rank
    int layers = 0; // transformer layers on this rank (virtual stages together)
    int inFlightChunks = 0; // see inFlightChunks()
    bool embedding = false, head = false; // the first rank holds the embedding, the last the head
    std::uint64_t parameters = 0, gradients = 0, optimizerState = 0; // after TP, PP and ZeRO
    std::uint64_t chunkKept = 0; // one micro-batch's kept activations of one chunk (engine's bytes; with
                                 // +offload those on the device)
    std::uint64_t savedActivations = 0; // in flight: chunkKept x inFlightChunks, plus the head's
    // +offload: what the in-flight micro-batches keep in host memory (not in total()); on the device
    // savedActivations then holds the head's and the two segments prefetched for one backward.
    std::uint64_t hostOffloaded = 0;
    std::uint64_t recomputeWorkspace = 0; // the largest one recompute rebuilds (one block or segment)
    std::uint64_t total() const;
};

struct ParallelRow {
    RankPolicy policy;
    bool planned = false; // false: note says why
    std::string note;
    std::vector<RankMemory> ranks; // one per pipeline rank; data- and tensor-parallel peers alike
    int peakStage = 0; // the rank with the largest total (the first of equals)
    bool fits = false; // that rank within the budget
    double recomputeFlops = 0; // one rank's step (M micro-batches), the peak rank's chunks
    int segmentBlocks = 1; // blocks recomputed together from one kept input (the engine's plan)
    // The budget planner's mix in each chunk: the first inputOnlyBlocks keep only their input, the
    // next matmulOutputBlocks the matmul outputs (selective), the rest everything.
    int inputOnlyBlocks = 0, matmulOutputBlocks = 0;
    // One chunk's kept bytes for one micro-batch on one rank, counted the paper's way (16-bit
    // values, 1-byte masks: --convention paper).
    std::uint64_t paperChunkKept = 0;
    const RankMemory& peak() const { return ranks[static_cast<std::size_t>(peakStage)]; }
};

struct ParallelReport {
    Request request;
    Parallelism parallel;
    std::uint64_t parameters = 0; // the whole model's
    int layersPerChunk = 0;
    std::vector<ParallelRow> rows;
    int cheapest = -1; // the fitting row that recomputes least; -1: none fits
    const ParallelRow* cheapestRow() const;
};
// The per-rank plan; nullopt with *error set to requestProblem's or parallelismProblem's sentence.
std::optional<ParallelReport> planParallel(const Request& request, const Parallelism& parallel,
    const std::vector<RankPolicy>& policies, std::string* error);

} // namespace rlab::planner
