#pragma once
// The tensor ledger: every tensor one training step keeps for backward, recomputes or offloads,
// with its identity (block, op, a learner's name, shape, storage precision, bytes, memory
// category), the term of Korthikanti et al.'s per-layer accounting it belongs to ("Reducing
// Activation Recomputation in Large Transformer Models", 2022: 34sbh + 5as^2b per layer with
// 16-bit values and 1-byte dropout masks), the engine's own convention for it, and the bytes it
// held at the step's activation peak. The trainer tags each allocation with its row where it
// places the tensor (TrackingAllocator::setTag); the predictor walks the same plan and yields the
// same rows without allocating, so `rlab ledger`, a peak autopsy and the app read one list.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rlab/config.h"
#include "rlab/memory.h"
#include "rlab/result.h"

namespace rlab {

// What the plan does to a tensor between its forward and its block's backward.
enum class TensorFate {
    Kept, // saved on the device from the forward until its block's backward
    Recomputed, // not kept: rebuilt in the recompute workspace just before its block's backward
    Offloaded, // kept in host memory between forward and backward, prefetched back to the device
    Widened, // (bf16 saving) the fp32 copy of a kept bf16 tensor, made in the workspace for backward
};
std::string_view tensorFateName(TensorFate fate); // "kept", "recomputed", "offloaded", "widened"

struct LedgerRow {
    int block = -1; // 0..N-1; -1: the head (final LayerNorm and the loss's probabilities)
    std::string op; // the op that produces it ("ln1", "softmax", ...; "embedding" for block 0's input)
    std::string name; // a learner's name ("attention probabilities after dropout")
    std::vector<std::uint64_t> shape; // e.g. {B, H, T, T}
    std::string precision; // "fp32", "bf16", or "none" where the engine stores nothing
    std::uint64_t bytes = 0; // the engine's bytes while the tensor is held on the device
    MemoryCategory category = MemoryCategory::SavedActivations; // where those bytes are counted
    TensorFate fate = TensorFate::Kept;
    // Korthikanti et al.'s term ("2sbh", "6sbh", "2as^2b", "as^2b", "sbh", "8sbh") and what the
    // paper calls it; both empty for tensors outside the per-layer formula (LayerNorm statistics,
    // widened copies, the head's tensors).
    std::string term, termName;
    std::uint64_t paperBytes = 0; // the term's bytes as the paper counts them (2 a value, 1 a mask)
    bool paperKept = false; // the paper's convention counts it as kept (see paperConventionBytes)
    std::string convention; // how the engine's bytes relate to the paper's, one sentence
    std::uint64_t peakBytes = 0; // its bytes live at the step's activation peak
};

struct TensorLedger {
    RunConfig config;
    bool measured = false; // peakBytes from the tracking allocator's recording; else predicted
    std::vector<LedgerRow> rows; // blocks 0..N-1 in the forward's order, then the head
    // The activation peak (SavedActivations + RecomputeWorkspace) and the sum of the rows'
    // peakBytes, which equal it; untaggedPeakBytes were live at the peak in no row (0, checked).
    std::uint64_t peakActivationBytes = 0;
    std::uint64_t rowsPeakBytes = 0;
    std::uint64_t untaggedPeakBytes = 0;
    // When the peak was first reached (measured: the op whose allocation reached it).
    std::string peakPhase; // "forward", "recompute", "backward"; empty when predicted
    int peakBlock = -1;
    std::string peakOp;
    // Measured: the device's live bytes by category at that moment (HostOffloaded, another
    // allocator, is 0 here); all 0 when predicted.
    std::array<std::uint64_t, kMemoryCategoryCount> liveAtPeak {};
};

// The ledger of one step of this configuration, its peak bytes from the predictor: nothing is
// allocated, so it answers at real model sizes. nullopt with *error as predict() refuses.
std::optional<TensorLedger> predictLedger(const RunConfig& config, std::string* error);
// The ledger of a run's recorded step (RunConfig::recordTimeline), its peak bytes as the tracking
// allocator saw them. nullopt with *error when the run recorded no step.
std::optional<TensorLedger> measuredLedger(const RunResult& result, std::string* error);

enum class LedgerConvention {
    Engine, // the engine's bytes: fp32 values 4 bytes, masks regenerated (0), LayerNorm statistics
    Paper, // Korthikanti et al.'s: 16-bit values, 1-byte masks kept with their op, no statistics
};
// What block `block` (-1: the head) keeps from its forward for its backward: under Engine the
// bytes of its kept and offloaded rows, under Paper the paperBytes of its paperKept rows.
std::uint64_t keptBytes(const TensorLedger& ledger, int block, LedgerConvention convention);

// The paper's per-layer formula at a shape (s = seq, b = batch, h = width, a = heads):
// sbh and as^2b in bytes' units, and the three totals its Table 2 gives.
struct PaperFormula {
    std::uint64_t sbh = 0, as2b = 0;
    std::uint64_t none() const { return 34 * sbh + 5 * as2b; } // no recomputation
    std::uint64_t selective() const { return 34 * sbh; } // attention core recomputed
    std::uint64_t full() const { return 2 * sbh; } // each layer keeps its input
};
PaperFormula paperFormula(const ModelShape& shape); // RunError when a count does not fit 64 bits

// One block's kept bytes, the engine's against the paper's 34sbh + 5as^2b, with every difference
// named: paperNone + recomputed + precision + masks + absent + statistics == engineKept exactly.
struct PaperReconciliation {
    int block = 0;
    std::uint64_t paperNone = 0; // 34sbh + 5as^2b: the paper's count with nothing recomputed
    std::uint64_t paperKept = 0; // the paper's count of what this plan keeps (--convention paper)
    std::int64_t recomputed = 0; // minus the paper's bytes of the rows this plan recomputes
    std::int64_t precision = 0; // kept values at 4 bytes (fp32) where the paper counts 2 (bf16: 0)
    std::int64_t masks = 0; // minus the kept masks' bytes: the engine regenerates them from Philox
    std::int64_t absent = 0; // minus rows the engine does not store (dropout off, fused attention)
    std::int64_t statistics = 0; // LayerNorm mean and rstd (and fused softmax's logsumexp) kept
    std::uint64_t engineKept = 0; // what the block keeps, the engine's bytes
    std::vector<std::string> recomputedNames; // the rows behind `recomputed`
};
PaperReconciliation reconcileWithPaper(const TensorLedger& ledger, int block);

// The peak autopsy's rows, largest bytes at the peak first (ties in the ledger's order).
std::vector<LedgerRow> largestAtPeak(const TensorLedger& ledger, std::size_t count);

// A policy the learner could run instead, with the activation peak the predictor gives it.
struct Counterfactual {
    std::string policy; // a policy string RecomputePolicy::parse reads ("selective+offload")
    std::string what; // what it changes, one phrase ("offload the kept tensors to host memory")
    std::uint64_t predictedPeakActivationBytes = 0;
    std::int64_t change = 0; // against this configuration's predicted peak (negative: lower)
};
// Up to `count` policies that lower this configuration's activation peak, in the order: offload
// what this policy keeps, selective (recompute the attention probabilities and the cheap ops),
// segments of the best length, full; each predicted without allocating, and running it peaks at
// exactly predictedPeakActivationBytes (tst_engine_ledger). nullopt with *error as predict().
std::optional<std::vector<Counterfactual>> peakCounterfactuals(
    const RunConfig& config, std::size_t count, std::string* error);

// The `rlab ledger --json` object (docs/cli.md): `counted_bytes` per block under `convention`.
// With `counterfactuals`, an "autopsy" object: the peak's moment, live bytes by category, the
// largest ten rows and the counterfactuals.
std::string ledgerJson(const TensorLedger& ledger, LedgerConvention convention = LedgerConvention::Engine,
    const std::vector<Counterfactual>* counterfactuals = nullptr);

} // namespace rlab
