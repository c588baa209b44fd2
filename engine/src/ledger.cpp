// The tensor ledger: the rows of a plan (who is kept, recomputed, offloaded), their paper terms,
// and their bytes at the activation peak from the predictor or from a run's recording.
#include "rlab/ledger.h"

#include <algorithm>
#include <limits>
#include <map>

#include "byte_count.h"
#include "json_writer.h"
#include "plan.h"
#include "predictor.h"
#include "rlab/engine.h"

namespace rlab {

namespace {

using detail::HeadTensor;
using detail::Plan;
using detail::Slot;
using detail::SlotSizes;
using detail::TensorPart;

// A block's tensor as the paper and a learner know it.
struct RowIdentity {
    const char* op;
    const char* name;
    const char* term; // "" outside the paper's per-layer formula
    const char* termName;
    std::uint64_t termSbh; // the paper's bytes in units of sbh ...
    std::uint64_t termAs2b; // ... and of as^2b
};

RowIdentity identityOf(Slot slot)
{
    switch (slot) {
    case Slot::Input:
        return {
            "fc2", "block input: the residual stream (LayerNorm 1 input)", "2sbh", "LayerNorm 1 input", 2, 0};
    case Slot::Ln1:
        return {"ln1", "LayerNorm 1 output (QKV input)", "2sbh", "QKV matmul input", 2, 0};
    case Slot::Qkv:
        return {"qkv", "queries, keys and values", "6sbh",
            "Q and K for QK^T (4sbh), V for attention over values (2sbh)", 6, 0};
    case Slot::Att:
        return {"softmax", "attention probabilities (softmax output)", "2as^2b", "softmax output", 0, 2};
    case Slot::AttDrop:
        return {"attn_dropout", "attention probabilities after dropout", "2as^2b",
            "softmax dropout output (attention over values input)", 0, 2};
    case Slot::AttValues:
        return {"attn_values", "attention output, heads merged (projection input)", "2sbh",
            "linear projection input", 2, 0};
    case Slot::Residual:
        return {
            "proj", "residual stream after attention (LayerNorm 2 input)", "2sbh", "LayerNorm 2 input", 2, 0};
    case Slot::Ln2:
        return {"ln2", "LayerNorm 2 output (fc1 input)", "2sbh", "fc1 input", 2, 0};
    case Slot::Fc1:
        return {"fc1", "fc1 output (GELU input)", "8sbh", "GeLU input", 8, 0};
    case Slot::Gelu:
    case Slot::Count:
        break;
    }
    return {"gelu", "GELU output (fc2 input)", "8sbh", "fc2 input", 8, 0};
}

// Llama's tensors in the same slots (plan.cpp llamaSizes). Korthikanti et al.'s formula is GPT's;
// the terms here count llama's tensors the paper's way (2 bytes a value, 1 a mask), with k = G*dh
// the key/value width and f the SwiGLU hidden size; termSbh/termAs2b are unused (planRows counts
// the bytes from the sizes).
RowIdentity llamaIdentityOf(Slot slot)
{
    switch (slot) {
    case Slot::Input:
        return {"w2", "block input: the residual stream (attention RMSNorm input)", "2sbh",
            "attention RMSNorm input", 0, 0};
    case Slot::Ln1:
        return {"attn_norm", "attention RMSNorm output (wq, wk and wv input)", "2sbh", "wq, wk and wv input",
            0, 0};
    case Slot::Qkv:
        return {"wqkv_rope", "queries, keys and values, q and k rotated (rotary positions)", "2sb(h+2k)",
            "Q and K for QK^T, V for attention over values (k = G*dh, the key/value width)", 0, 0};
    case Slot::Att:
        return {"softmax", "attention probabilities (softmax output)", "2as^2b", "softmax output", 0, 0};
    case Slot::AttDrop:
        return {"attn_dropout", "attention probabilities after dropout", "2as^2b",
            "softmax dropout output (attention over values input)", 0, 0};
    case Slot::AttValues:
        return {"attn_values", "attention output, heads merged (wo input)", "2sbh", "wo input", 0, 0};
    case Slot::Residual:
        return {
            "wo", "residual stream after attention (MLP RMSNorm input)", "2sbh", "MLP RMSNorm input", 0, 0};
    case Slot::Ln2:
        return {"mlp_norm", "MLP RMSNorm output (w1 and w3 input)", "2sbh", "w1 and w3 input", 0, 0};
    case Slot::Fc1:
        return {"w1_w3", "w1 and w3 outputs (SwiGLU inputs)", "4sbf", "SwiGLU inputs", 0, 0};
    case Slot::Gelu:
    case Slot::Count:
        break;
    }
    return {"swiglu", "SwiGLU output, silu(w1 x) * w3 x (w2 input)", "2sbf", "w2 input", 0, 0};
}

// The dropout masks: the paper keeps them (1 byte a value), the engine regenerates them from the
// Philox counter (seed, step, block, site). Each goes with the slot whose recomputation redraws it.
struct MaskIdentity {
    Slot owner;
    const char* op;
    const char* name;
    const char* term;
    const char* termName;
    std::uint64_t termSbh, termAs2b;
};
constexpr MaskIdentity kMasks[] = {
    {Slot::AttDrop, "attn_dropout", "attention dropout mask", "as^2b", "softmax dropout mask", 0, 1},
    {Slot::Residual, "proj", "attention output dropout mask", "sbh", "attention dropout mask", 1, 0},
    {Slot::Gelu, "fc2", "MLP output dropout mask", "sbh", "MLP dropout mask", 1, 0},
};

TensorFate fateOf(const Plan& plan, int block, Slot slot)
{
    if (!detail::keeps(plan, block, slot))
        return TensorFate::Recomputed;
    return plan.offload ? TensorFate::Offloaded : TensorFate::Kept;
}

std::vector<std::uint64_t> slotShape(const ModelShape& shape, Slot slot)
{
    const std::uint64_t b = static_cast<std::uint64_t>(shape.batch),
                        t = static_cast<std::uint64_t>(shape.seq),
                        d = static_cast<std::uint64_t>(shape.width),
                        h = static_cast<std::uint64_t>(shape.heads);
    if (shape.arch == Arch::Llama) {
        const std::uint64_t k = static_cast<std::uint64_t>(kvHeadsOf(shape)) * (d / h),
                            f = static_cast<std::uint64_t>(ffnOf(shape));
        if (slot == Slot::Qkv)
            return {b, t, d + 2 * k};
        if (slot == Slot::Fc1)
            return {2, b, t, f};
        if (slot == Slot::Gelu)
            return {b, t, f};
    }
    switch (slot) {
    case Slot::Qkv:
        return {b, t, 3 * d};
    case Slot::Att:
    case Slot::AttDrop:
        return {b, h, t, t};
    case Slot::Fc1:
    case Slot::Gelu:
        return {b, t, 4 * d};
    default:
        return {b, t, d};
    }
}

std::string engineConvention(TensorFate fate, bool bf16, bool empty)
{
    if (empty)
        return "dropout off: the engine uses the softmax output as it is and stores nothing here; the "
               "paper's model "
               "has dropout and counts it";
    if (fate == TensorFate::Recomputed)
        return "not kept: rebuilt in fp32 in the recompute workspace (4 bytes a value) just before its "
               "block's "
               "backward; the paper counts 2 bytes a value when kept";
    std::string text = bf16 ? "saved in bf16, 2 bytes a value as the paper counts"
                            : "saved in fp32, 4 bytes a value where the paper counts 2";
    if (fate == TensorFate::Offloaded)
        text += "; held in host memory between forward and backward and prefetched back, so on the device "
                "only "
                "around its segment's backward";
    return text;
}

// The rows of a plan, each with the tag (plan.h) its bytes are counted under (-1: none).
struct TaggedRow {
    LedgerRow row;
    int tag = -1;
};

// What every row of one plan's ledger is made from.
struct RowSource {
    RowSource(const Plan& p, const ModelShape& s)
        : plan(p)
        , shape(s)
        , sizes(detail::slotSizes(s, p.dropout, p.fusedAttention))
        , paper(paperFormula(s))
        , llama(s.arch == Arch::Llama)
        , unfused(detail::slotSizes(s, true, false))
    {
    }

    // The paper's bytes for a row: GPT-2's from its terms in sbh and as^2b; llama's, `perValue`
    // bytes a value of `slot` as the unfused, dropout-on block has it.
    std::uint64_t paperBytes(
        std::uint64_t termSbh, std::uint64_t termAs2b, Slot slot, std::uint64_t perValue) const
    {
        if (llama)
            return detail::checkedMul(perValue, unfused.elems[static_cast<std::size_t>(slot)]);
        return detail::checkedAdd(
            detail::checkedMul(termSbh, paper.sbh), detail::checkedMul(termAs2b, paper.as2b));
    }

    const Plan& plan;
    const ModelShape& shape;
    const SlotSizes sizes;
    const PaperFormula paper;
    const bool llama;
    const SlotSizes unfused;
};

// The dropout masks drawn after `slot`'s op in `block`: rows of 0 bytes, since the engine redraws them.
void addDropoutMasks(const RowSource& src, int block, Slot slot, std::vector<TaggedRow>& out)
{
    for (const MaskIdentity& mask : kMasks) {
        if (mask.owner != slot)
            continue;
        LedgerRow row;
        row.block = block;
        row.op = !src.llama ? mask.op : slot == Slot::Residual ? "wo" : slot == Slot::Gelu ? "w2" : mask.op;
        row.name = mask.name;
        row.shape = slotShape(src.shape, slot == Slot::AttDrop ? Slot::Att : Slot::Input);
        row.precision = "none";
        row.bytes = 0;
        row.fate = fateOf(src.plan, block, mask.owner);
        row.category = row.fate == TensorFate::Recomputed ? MemoryCategory::RecomputeWorkspace
                                                          : MemoryCategory::SavedActivations;
        row.term = mask.term;
        row.termName = mask.termName;
        row.paperBytes
            = src.paperBytes(mask.termSbh, mask.termAs2b, slot == Slot::AttDrop ? Slot::Att : Slot::Input, 1);
        row.paperKept = row.fate != TensorFate::Recomputed;
        row.convention = src.plan.dropout ? "regenerated from the Philox counter (seed, step, block, site) "
                                            "whenever it is needed, so the engine keeps 0 bytes; the paper "
                                            "keeps 1 byte a value"
                                          : "dropout off: no mask; the paper's model has dropout and keeps 1 "
                                            "byte a value";
        out.push_back({std::move(row), -1});
    }
}

// How a block's tensor's bytes relate to the paper's, with what is particular to its slot.
std::string tensorConvention(const RowSource& src, Slot slot, TensorFate fate, bool empty)
{
    std::string convention = engineConvention(fate, src.plan.bf16, empty);
    if (slot == Slot::Qkv && src.llama)
        convention += "; q, k and v are one tensor (wq, wk and wv are one matmul), kept after the "
                      "rotary embedding, whose backward needs no activation";
    else if (slot == Slot::Qkv)
        convention += "; q, k and v are one tensor, the paper's 4sbh for q and k plus 2sbh for v";
    if (empty && slot == Slot::Att && src.plan.fusedAttention)
        convention = "fused attention: no T x T tensor (only each row's logsumexp, below); the paper "
                     "counts the softmax output";
    if (empty && slot == Slot::AttDrop && src.plan.fusedAttention)
        convention = "fused attention: the dropped probabilities are rebuilt inside backward's kernel";
    return convention;
}

// The tensor `slot` of `block`: kept (in fp32 or bf16), offloaded, or recomputed.
LedgerRow tensorRow(const RowSource& src, int block, Slot slot)
{
    const auto i = static_cast<std::size_t>(slot);
    const RowIdentity id = src.llama ? llamaIdentityOf(slot) : identityOf(slot);
    const TensorFate fate = fateOf(src.plan, block, slot);
    const bool kept = fate != TensorFate::Recomputed;
    const bool empty = src.sizes.elems[i] == 0;
    LedgerRow row;
    row.block = block;
    row.op = slot == Slot::Input && block == 0 ? "embedding" : id.op;
    row.name = id.name;
    if (slot == Slot::Input && src.llama)
        row.name = block == 0 ? "block input: the embedding's output (attention RMSNorm input)"
                              : "block input: the previous block's output (attention RMSNorm input)";
    else if (slot == Slot::Input)
        row.name = block == 0 ? "block input: the embedding's output (LayerNorm 1 input)"
                              : "block input: the previous block's output (LayerNorm 1 input)";
    row.shape = slotShape(src.shape, slot);
    row.precision = empty ? "none" : (kept && src.plan.bf16 ? "bf16" : "fp32");
    row.bytes = kept ? detail::keptBytes(src.sizes, slot, src.plan.bf16) - src.sizes.stats[i]
                     : detail::checkedMul(src.sizes.elems[i], sizeof(float));
    row.fate = fate;
    row.category = kept ? MemoryCategory::SavedActivations : MemoryCategory::RecomputeWorkspace;
    row.term = id.term;
    row.termName = id.termName;
    row.paperBytes = src.paperBytes(id.termSbh, id.termAs2b, slot, 2);
    row.paperKept = kept;
    row.convention = tensorConvention(src, slot, fate, empty);
    return row;
}

// The per-row statistics kept beside `tensor` (LayerNorm's or RMSNorm's, fused softmax's logsumexp).
LedgerRow statisticsRow(const RowSource& src, const LedgerRow& tensor, Slot slot)
{
    const auto b = static_cast<std::uint64_t>(src.shape.batch), t = static_cast<std::uint64_t>(src.shape.seq);
    LedgerRow stats = tensor;
    stats.name = slot == Slot::Att ? "softmax logsumexp per row (fused attention)"
        : src.llama
        ? std::string(slot == Slot::Ln1 ? "attention RMSNorm" : "MLP RMSNorm") + " rstd per row"
        : std::string(slot == Slot::Ln1 ? "LayerNorm 1" : "LayerNorm 2") + " mean and rstd per row";
    stats.shape = slot == Slot::Att
        ? std::vector<std::uint64_t> {b, static_cast<std::uint64_t>(src.shape.heads), t}
        : src.llama ? std::vector<std::uint64_t> {b, t}
                    : std::vector<std::uint64_t> {2, b, t};
    stats.precision = "fp32";
    stats.bytes = src.sizes.stats[static_cast<std::size_t>(slot)];
    stats.term.clear();
    stats.termName.clear();
    stats.paperBytes = 0;
    stats.paperKept = false;
    stats.convention = slot == Slot::Att
        ? "kept so backward can rebuild the probabilities; not in the paper's formula"
        : "kept in fp32 (also when saving bf16) so LayerNorm's backward need not recompute them; the "
          "paper does not count them";
    return stats;
}

// The fp32 copy a bf16 `tensor` of `elems` values is widened to while its block's backward runs.
LedgerRow widenedRow(const LedgerRow& tensor, std::uint64_t elems)
{
    LedgerRow wide = tensor;
    wide.op = "load_bf16";
    wide.name = tensor.name + ", widened to fp32 for backward";
    wide.precision = "fp32";
    wide.bytes = detail::checkedMul(elems, sizeof(float));
    wide.fate = TensorFate::Widened;
    wide.category = MemoryCategory::RecomputeWorkspace;
    wide.term.clear();
    wide.termName.clear();
    wide.paperBytes = 0;
    wide.paperKept = false;
    wide.convention = "the engine computes in fp32: the bf16 copy is widened in the recompute workspace "
                      "while its block's backward runs; not in the paper's formula";
    return wide;
}

// The head's tensors, after the blocks: the last block's output, the final norm and the loss's
// probabilities, saved in fp32 under every policy.
void addHeadRows(const RowSource& src, std::vector<TaggedRow>& out)
{
    const ModelShape& shape = src.shape;
    const int n = shape.layers;
    const std::uint64_t b = static_cast<std::uint64_t>(shape.batch),
                        t = static_cast<std::uint64_t>(shape.seq);
    const std::uint64_t d = static_cast<std::uint64_t>(shape.width),
                        v = static_cast<std::uint64_t>(shape.vocab);
    const std::uint64_t stream = detail::checkedMul(src.sizes.outputElems, sizeof(float));
    const std::uint64_t rows = src.sizes.rows;
    const auto head = [&](HeadTensor tensor, const char* op, const char* name,
                          std::vector<std::uint64_t> dims, std::uint64_t bytes, const char* convention) {
        LedgerRow row;
        row.block = -1;
        row.op = op;
        row.name = name;
        row.shape = std::move(dims);
        row.precision = "fp32";
        row.bytes = bytes;
        row.fate = TensorFate::Kept;
        row.category = MemoryCategory::SavedActivations;
        row.convention = convention;
        out.push_back({std::move(row), detail::headTag(n, tensor)});
    };
    if (src.llama) {
        head(HeadTensor::FinalInput, "w2", "the last block's output (final RMSNorm input)", {b, t, d}, stream,
            "saved in fp32 under every policy; outside the paper's per-layer formula");
        head(HeadTensor::Lnf, "norm", "final RMSNorm output (head input)", {b, t, d}, stream,
            "saved in fp32 under every policy; outside the paper's per-layer formula");
        head(HeadTensor::LnfStats, "norm", "final RMSNorm rstd per row", {b, t},
            detail::checkedMul(rows, sizeof(float)), "kept in fp32; outside the paper's per-layer formula");
    } else {
        head(HeadTensor::FinalInput, "fc2", "the last block's output (final LayerNorm input)", {b, t, d},
            stream, "saved in fp32 under every policy; outside the paper's per-layer formula");
        head(HeadTensor::Lnf, "lnf", "final LayerNorm output (head input)", {b, t, d}, stream,
            "saved in fp32 under every policy; outside the paper's per-layer formula");
        head(HeadTensor::LnfStats, "lnf", "final LayerNorm mean and rstd per row", {2, b, t},
            detail::checkedMul(detail::checkedMul(2, rows), sizeof(float)),
            "kept in fp32; outside the paper's per-layer formula");
    }
    head(HeadTensor::Probabilities, "cross_entropy", "softmax probabilities over the vocabulary", {b, t, v},
        detail::checkedMul(src.sizes.logitsElems, sizeof(float)),
        "saved in fp32 and overwritten by their own gradient in backward; outside the paper's per-layer "
        "formula");
}

std::vector<TaggedRow> planRows(const Plan& plan, const RunConfig& config)
{
    const RowSource src(plan, config.shape);
    std::vector<TaggedRow> out;
    for (int block = 0; block < config.shape.layers; ++block) {
        for (int s = 0; s < detail::kSlotCount; ++s) {
            const auto slot = static_cast<Slot>(s);
            const auto i = static_cast<std::size_t>(s);
            const LedgerRow row = tensorRow(src, block, slot);
            out.push_back({row, detail::slotTag(block, slot, TensorPart::Value)});
            if (src.sizes.stats[i] > 0)
                out.push_back(
                    {statisticsRow(src, row, slot), detail::slotTag(block, slot, TensorPart::Stats)});
            if (row.fate != TensorFate::Recomputed && plan.bf16 && src.sizes.elems[i] != 0)
                out.push_back(
                    {widenedRow(row, src.sizes.elems[i]), detail::slotTag(block, slot, TensorPart::Widened)});
            addDropoutMasks(src, block, slot, out);
        }
    }
    addHeadRows(src, out);
    return out;
}

TensorLedger assemble(const RunConfig& config, const Plan& plan, const std::vector<std::uint64_t>& tagBytes)
{
    TensorLedger ledger;
    ledger.config = config;
    for (TaggedRow& tagged : planRows(plan, config)) {
        if (tagged.tag >= 0 && static_cast<std::size_t>(tagged.tag) < tagBytes.size())
            tagged.row.peakBytes = tagBytes[static_cast<std::size_t>(tagged.tag)];
        ledger.rowsPeakBytes = detail::checkedAdd(ledger.rowsPeakBytes, tagged.row.peakBytes);
        ledger.rows.push_back(std::move(tagged.row));
    }
    return ledger;
}

} // namespace

std::string_view tensorFateName(TensorFate fate)
{
    switch (fate) {
    case TensorFate::Kept:
        return "kept";
    case TensorFate::Recomputed:
        return "recomputed";
    case TensorFate::Offloaded:
        return "offloaded";
    case TensorFate::Widened:
        break;
    }
    return "widened";
}

PaperFormula paperFormula(const ModelShape& shape)
{
    PaperFormula f;
    f.sbh = detail::product(shape.seq, shape.batch, shape.width);
    f.as2b = detail::product(shape.heads, shape.seq, shape.seq, shape.batch);
    (void)detail::checkedAdd(detail::checkedMul(34, f.sbh), detail::checkedMul(5, f.as2b)); // none() fits
    return f;
}

std::optional<TensorLedger> predictLedger(const RunConfig& config, std::string* error)
{
    if (!predict(config, error))
        return std::nullopt;
    RunConfig unlimited = config;
    unlimited.memoryLimitBytes = std::numeric_limits<std::uint64_t>::max();
    try {
        const std::optional<Plan> plan = detail::makePlan(unlimited, error);
        if (!plan)
            return std::nullopt;
        TensorLedger ledger = assemble(config, *plan, detail::predictTagBytesAtPeak(*plan, unlimited));
        ledger.peakActivationBytes = detail::predictActivationPeak(*plan, unlimited);
        return ledger;
    } catch (const RunError& e) {
        if (error)
            *error = e.what();
        return std::nullopt;
    }
}

std::optional<TensorLedger> measuredLedger(const RunResult& result, std::string* error)
{
    const auto refuse = [&](std::string sentence) -> std::optional<TensorLedger> {
        if (error)
            *error = std::move(sentence);
        return std::nullopt;
    };
    if (result.memory.events.empty())
        return refuse(
            "The run recorded no step, so the tracking allocator's view of its tensors is unknown; run "
            "it with the timeline recorded.");
    const std::optional<Plan> plan = detail::makePlan(result.config, error);
    if (!plan)
        return std::nullopt;
    const auto tags = static_cast<std::size_t>(detail::tagCount(result.config.shape.layers));
    std::vector<std::uint64_t> live(tags, 0), atPeak(tags, 0);
    std::uint64_t liveTotal = 0, peak = 0, untagged = 0, untaggedAtPeak = 0;
    int peakOp = -1;
    std::array<std::uint64_t, kMemoryCategoryCount> byCategory {}, byCategoryAtPeak {};
    const auto count = [&](const MemoryBlock& block, bool allocated) {
        std::uint64_t& category = byCategory[static_cast<std::size_t>(block.category)];
        category = allocated ? category + block.bytes : category - block.bytes;
        if (!isActivationCategory(block.category))
            return false;
        const bool tagged = block.tag >= 0 && static_cast<std::size_t>(block.tag) < tags;
        std::uint64_t& slot = tagged ? live[static_cast<std::size_t>(block.tag)] : untagged;
        slot = allocated ? slot + block.bytes : slot - block.bytes;
        liveTotal = allocated ? liveTotal + block.bytes : liveTotal - block.bytes;
        return allocated && liveTotal > peak;
    };
    for (const MemoryBlock& block : result.memory.liveAtStart)
        count(block, true);
    peak = liveTotal;
    atPeak = live;
    untaggedAtPeak = untagged;
    byCategoryAtPeak = byCategory;
    std::size_t peakEvent = 0;
    const std::vector<AllocationEvent>& events = result.memory.events;
    for (std::size_t e = 0; e < events.size(); ++e) {
        if (count(events[e].block, events[e].allocated)) {
            peak = liveTotal;
            atPeak = live;
            untaggedAtPeak = untagged;
            byCategoryAtPeak = byCategory;
            peakEvent = e;
        }
    }
    // The trainer allocates an op's output just before the op runs: an allocation between ops
    // belongs to the next op, the first to end after it.
    peakOp = events.empty() ? -1 : events[peakEvent].op;
    for (std::size_t i = 0; i < result.timeline.size() && peakOp < 0; ++i)
        if (result.timeline[i].endMs * 1000.0 > events[peakEvent].timeUs)
            peakOp = static_cast<int>(i);
    TensorLedger ledger = assemble(result.config, *plan, atPeak);
    ledger.measured = true;
    ledger.peakActivationBytes = peak;
    ledger.untaggedPeakBytes = untaggedAtPeak;
    ledger.liveAtPeak = byCategoryAtPeak;
    if (peakOp >= 0 && static_cast<std::size_t>(peakOp) < result.timeline.size()) {
        const TimelineEvent& at = result.timeline[static_cast<std::size_t>(peakOp)];
        ledger.peakPhase = std::string(phaseName(at.phase));
        ledger.peakBlock = at.block;
        ledger.peakOp = at.op;
    }
    return ledger;
}

std::uint64_t keptBytes(const TensorLedger& ledger, int block, LedgerConvention convention)
{
    std::uint64_t sum = 0;
    for (const LedgerRow& row : ledger.rows) {
        if (row.block != block)
            continue;
        if (convention == LedgerConvention::Paper) {
            if (row.paperKept)
                sum = detail::checkedAdd(sum, row.paperBytes);
        } else if (row.fate == TensorFate::Kept || row.fate == TensorFate::Offloaded) {
            sum = detail::checkedAdd(sum, row.bytes);
        }
    }
    return sum;
}

std::vector<LedgerRow> largestAtPeak(const TensorLedger& ledger, std::size_t count)
{
    std::vector<LedgerRow> rows;
    for (const LedgerRow& row : ledger.rows)
        if (row.peakBytes > 0)
            rows.push_back(row);
    std::stable_sort(rows.begin(), rows.end(),
        [](const LedgerRow& a, const LedgerRow& b) { return a.peakBytes > b.peakBytes; });
    if (rows.size() > count)
        rows.resize(count);
    return rows;
}

std::optional<std::vector<Counterfactual>> peakCounterfactuals(
    const RunConfig& config, std::size_t count, std::string* error)
{
    const std::optional<Prediction> base = predict(config, error);
    if (!base)
        return std::nullopt;
    const std::uint64_t peak = base->memory.peakActivations;
    const RecomputePolicy& policy = config.policy;
    struct Candidate {
        std::string policy, what;
    };
    std::vector<Candidate> candidates;
    if (!policy.offload)
        candidates.push_back({policy.name() + "+offload", "offload what this policy keeps to host memory"});
    const std::string offload = policy.offload ? "+offload" : "";
    if (policy.kind != PolicyKind::Selective || !policy.keep.empty())
        candidates.push_back({"selective" + offload,
            "keep only the matmul outputs: recompute attention probabilities, LayerNorm "
            "and GELU in backward"});
    candidates.push_back(
        {"segment:best" + offload, "recompute segments of blocks of the length that keeps least"});
    if (policy.kind != PolicyKind::Full)
        candidates.push_back({"full" + offload, "keep only each block's input and recompute the block"});
    std::vector<Counterfactual> out;
    for (const Candidate& candidate : candidates) {
        if (out.size() >= count)
            break;
        RunConfig other = config;
        std::string ignored;
        const std::optional<RecomputePolicy> parsed = RecomputePolicy::parse(candidate.policy, &ignored);
        if (!parsed)
            continue;
        other.policy = *parsed;
        const std::optional<Prediction> p = predict(other, &ignored);
        if (!p || p->memory.peakActivations >= peak)
            continue;
        bool seen = false; // segment:best can be the same plan as full or sqrt: one figure each
        for (const Counterfactual& c : out)
            seen = seen || c.predictedPeakActivationBytes == p->memory.peakActivations;
        if (seen)
            continue;
        out.push_back({candidate.policy, candidate.what, p->memory.peakActivations,
            static_cast<std::int64_t>(p->memory.peakActivations) - static_cast<std::int64_t>(peak)});
    }
    return out;
}

PaperReconciliation reconcileWithPaper(const TensorLedger& ledger, int block)
{
    PaperReconciliation r;
    r.block = block;
    const auto signedBytes = [](std::uint64_t bytes) { return static_cast<std::int64_t>(bytes); };
    for (const LedgerRow& row : ledger.rows) {
        if (row.block != block)
            continue;
        r.paperNone += row.paperBytes;
        if (row.paperKept)
            r.paperKept += row.paperBytes;
        const bool kept = row.fate == TensorFate::Kept || row.fate == TensorFate::Offloaded;
        if (!kept) {
            if (row.paperBytes > 0 && row.fate == TensorFate::Recomputed) {
                r.recomputed -= signedBytes(row.paperBytes);
                r.recomputedNames.push_back(row.name);
            }
            continue;
        }
        r.engineKept += row.bytes;
        if (row.term.empty())
            r.statistics += signedBytes(row.bytes);
        else if (row.name.find("mask") != std::string::npos)
            r.masks += signedBytes(row.bytes) - signedBytes(row.paperBytes);
        else if (row.bytes == 0)
            r.absent -= signedBytes(row.paperBytes);
        else
            r.precision += signedBytes(row.bytes) - signedBytes(row.paperBytes);
    }
    return r;
}

namespace {

// The "shape" object: the sizes, with llama's key/value heads and hidden size.
void writeShape(detail::JsonWriter& j, const ModelShape& shape)
{
    j.beginObject("shape");
    j.integer("layers", static_cast<std::uint64_t>(shape.layers));
    j.integer("width", static_cast<std::uint64_t>(shape.width));
    j.integer("heads", static_cast<std::uint64_t>(shape.heads));
    j.integer("seq", static_cast<std::uint64_t>(shape.seq));
    j.integer("batch", static_cast<std::uint64_t>(shape.batch));
    j.integer("vocab", static_cast<std::uint64_t>(shape.vocab));
    if (shape.arch == Arch::Llama) {
        j.integer("kv_heads", static_cast<std::uint64_t>(kvHeadsOf(shape)));
        j.integer("ffn", static_cast<std::uint64_t>(ffnOf(shape)));
    }
    j.endObject();
}

// One row of the "tensors" array.
void writeTensor(detail::JsonWriter& j, const LedgerRow& row)
{
    j.beginObject();
    j.integer("block", static_cast<std::int64_t>(row.block));
    j.string("op", row.op);
    j.string("name", row.name);
    j.beginArray("shape");
    for (const std::uint64_t dim : row.shape)
        j.integer({}, dim);
    j.endArray();
    j.string("precision", row.precision);
    j.integer("bytes", row.bytes);
    j.string("category", memoryCategoryName(row.category));
    j.string("fate", tensorFateName(row.fate));
    j.string("term", row.term);
    j.string("term_name", row.termName);
    j.integer("paper_bytes", row.paperBytes);
    j.boolean("paper_kept", row.paperKept);
    j.integer("peak_bytes", row.peakBytes);
    j.string("convention", row.convention);
    j.endObject();
}

// The "paper" object: Korthikanti et al.'s sbh and as^2b at this shape and their per-layer totals.
void writePaperFormula(detail::JsonWriter& j, const ModelShape& shape)
{
    const PaperFormula paper = paperFormula(shape);
    j.beginObject("paper");
    j.integer("sbh", paper.sbh);
    j.integer("as2b", paper.as2b);
    j.integer("none_bytes_per_layer", paper.none());
    j.integer("selective_bytes_per_layer", paper.selective());
    j.integer("full_bytes_per_layer", paper.full());
    j.endObject();
}

// A block's "paper_reconciliation": the paper's 34sbh + 5as^2b, each difference, the engine's bytes.
void writeReconciliation(detail::JsonWriter& j, const PaperReconciliation& r)
{
    j.beginObject("paper_reconciliation");
    j.integer("paper_none_bytes", r.paperNone);
    j.integer("recomputed", r.recomputed);
    j.integer("precision", r.precision);
    j.integer("regenerated_masks", r.masks);
    j.integer("not_stored", r.absent);
    j.integer("statistics", r.statistics);
    j.integer("engine_kept_bytes", r.engineKept);
    j.beginArray("recomputed_tensors");
    for (const std::string& name : r.recomputedNames)
        j.string({}, name);
    j.endArray();
    j.endObject();
}

// One entry of the "blocks" array: block `b`'s bytes (-1: the head's), counted each way.
void writeBlock(detail::JsonWriter& j, const TensorLedger& ledger, LedgerConvention convention, int b)
{
    std::uint64_t peakBytes = 0;
    for (const LedgerRow& row : ledger.rows)
        if (row.block == b)
            peakBytes += row.peakBytes;
    j.beginObject();
    j.integer("block", static_cast<std::int64_t>(b));
    j.integer("kept_bytes", keptBytes(ledger, b, LedgerConvention::Engine));
    j.integer("paper_kept_bytes", keptBytes(ledger, b, LedgerConvention::Paper));
    j.integer("counted_bytes", keptBytes(ledger, b, convention));
    j.integer("peak_bytes", peakBytes);
    if (b >= 0)
        writeReconciliation(j, reconcileWithPaper(ledger, b));
    j.endObject();
}

// The "autopsy" object: the bytes live at the peak, the largest rows there, and the policies that
// would lower it.
void writeAutopsy(
    detail::JsonWriter& j, const TensorLedger& ledger, const std::vector<Counterfactual>& counterfactuals)
{
    j.beginObject("autopsy");
    if (ledger.measured) {
        j.beginObject("live_bytes_by_category");
        for (std::size_t c = 0; c < kMemoryCategoryCount; ++c)
            if (isDeviceCategory(static_cast<MemoryCategory>(c)))
                j.integer(memoryCategoryName(static_cast<MemoryCategory>(c)), ledger.liveAtPeak[c]);
        j.endObject();
    } else {
        j.null("live_bytes_by_category");
    }
    j.beginArray("largest");
    for (const LedgerRow& row : largestAtPeak(ledger, 10)) {
        j.beginObject();
        j.integer("block", static_cast<std::int64_t>(row.block));
        j.string("name", row.name);
        j.string("fate", tensorFateName(row.fate));
        j.integer("peak_bytes", row.peakBytes);
        j.endObject();
    }
    j.endArray();
    j.beginArray("counterfactuals");
    for (const Counterfactual& c : counterfactuals) {
        j.beginObject();
        j.string("policy", c.policy);
        j.string("what", c.what);
        j.integer("predicted_peak_activation_bytes", c.predictedPeakActivationBytes);
        j.integer("change_bytes", c.change);
        j.endObject();
    }
    j.endArray();
    j.endObject();
}

} // namespace

std::string ledgerJson(const TensorLedger& ledger, LedgerConvention convention,
    const std::vector<Counterfactual>* counterfactuals)
{
    detail::JsonWriter j;
    const ModelShape& shape = ledger.config.shape;
    j.beginObject();
    j.string("policy", ledger.config.policy.name());
    j.string("save_precision", ledger.config.savePrecision == SavePrecision::Bf16 ? "bf16" : "fp32");
    j.string("source", ledger.measured ? "measured" : "predicted");
    j.string("convention", convention == LedgerConvention::Paper ? "paper" : "engine");
    j.string("arch", archName(shape.arch));
    writeShape(j, shape);
    j.integer("peak_activation_bytes", ledger.peakActivationBytes);
    j.integer("rows_peak_bytes", ledger.rowsPeakBytes);
    j.integer("untagged_peak_bytes", ledger.untaggedPeakBytes);
    if (ledger.peakPhase.empty()) {
        j.null("peak_at");
    } else {
        j.beginObject("peak_at");
        j.string("phase", ledger.peakPhase);
        j.integer("block", static_cast<std::int64_t>(ledger.peakBlock));
        j.string("op", ledger.peakOp);
        j.endObject();
    }
    j.beginArray("tensors");
    for (const LedgerRow& row : ledger.rows)
        writeTensor(j, row);
    j.endArray();
    writePaperFormula(j, shape);
    j.beginArray("blocks");
    for (int i = 0; i <= shape.layers; ++i)
        writeBlock(j, ledger, convention, i < shape.layers ? i : -1); // the blocks, then the head
    j.endArray();
    if (counterfactuals)
        writeAutopsy(j, ledger, *counterfactuals);
    j.endObject();
    return j.take();
}

} // namespace rlab
