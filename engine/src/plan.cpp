// Policies as plans, the budget planner, and the sizes and placements the trainer and the
// predictor share.
#include "plan.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

#include "byte_count.h"
#include "predictor.h"
#include "rlab/text.h"

namespace rlab::detail {

namespace {

Plan basePlan(const RunConfig& config)
{
    Plan plan;
    plan.offload = config.policy.offload;
    plan.bf16 = config.savePrecision == SavePrecision::Bf16;
    plan.dropout = config.dropout > 0;
    plan.fusedAttention = config.fusedAttention;
    return plan;
}

// Every block its own segment, keeping `masks[i]` (always with its Input).
Plan singleBlockPlan(const RunConfig& config, const std::vector<SlotMask>& masks)
{
    Plan plan = basePlan(config);
    plan.keep.reserve(static_cast<std::size_t>(config.shape.layers));
    plan.segments.reserve(static_cast<std::size_t>(config.shape.layers));
    for (int i = 0; i < config.shape.layers; ++i) {
        plan.keep.push_back(masks[static_cast<std::size_t>(i)] | slotBit(Slot::Input));
        plan.segments.push_back({i, i});
    }
    return plan;
}

// Segments of k blocks; each segment keeps only its first block's Input.
Plan segmentPlan(const RunConfig& config, int k)
{
    Plan plan = basePlan(config);
    const int n = config.shape.layers;
    plan.keep.assign(static_cast<std::size_t>(n), 0);
    for (int first = 0; first < n; first += k) {
        plan.keep[static_cast<std::size_t>(first)] = slotBit(Slot::Input);
        plan.segments.push_back({first, std::min(first + k, n) - 1});
    }
    return plan;
}

// The budget planner's candidates: blocks [0, a) keep only their input, [a, a+b) keep the matmul
// outputs, the rest keep all (the last blocks are backpropagated first, while everything else is
// still saved); or segments of k blocks recomputed from one saved input (sqrt's shape, any k).
struct Candidate {
    int a = 0, b = 0, k = 0; // k > 0: segments of k blocks
    std::uint64_t peak = 0;
    double flops = 0;
};

Plan candidatePlan(const RunConfig& config, const Candidate& candidate)
{
    if (candidate.k > 0)
        return segmentPlan(config, candidate.k);
    const int n = config.shape.layers;
    std::vector<SlotMask> masks(static_cast<std::size_t>(n), kAllSlots);
    std::fill_n(masks.begin(), candidate.a, slotBit(Slot::Input));
    std::fill_n(masks.begin() + candidate.a, candidate.b, slotsOfKinds(defaultSelectiveKeep()));
    return singleBlockPlan(config, masks);
}

// The candidates and their peaks depend on the shape and the storage, not on the budget: the
// planner is asked the same shape under several budgets (rlab plan narrows the budget up to 8
// times per row, and validate and predict each plan once), so the last shape's are kept.
const std::vector<Candidate>& budgetCandidates(const RunConfig& config)
{
    using Key = std::tuple<int, int, int, int, int, int, Arch, int, int, bool, bool, SavePrecision, bool>;
    const ModelShape& shape = config.shape;
    const Key key {shape.layers, shape.width, shape.heads, shape.seq, shape.batch, shape.vocab, shape.arch,
        kvHeadsOf(shape), ffnOf(shape), config.dropout > 0, config.fusedAttention, config.savePrecision,
        config.policy.offload};
    thread_local std::optional<Key> cachedKey;
    thread_local std::vector<Candidate> cached;
    if (cachedKey == key)
        return cached;
    cachedKey.reset(); // a count too large throws below: nothing half-made is kept
    cached.clear();
    const int n = shape.layers;
    const int stride = std::max(1, n / 64); // keeps the search small for very deep models
    std::vector<int> counts;
    for (int c = 0; c < n; c += stride)
        counts.push_back(c);
    counts.push_back(n);
    const auto add = [&](Candidate candidate) {
        const Plan plan = candidatePlan(config, candidate);
        candidate.peak = predictActivationPeak(plan, config);
        candidate.flops = planRecomputeFlops(plan, config);
        cached.push_back(candidate);
    };
    for (int a : counts)
        for (int b : counts)
            if (a + b <= n)
                add({a, b, 0});
    for (int k = 2; k <= n; ++k)
        add({0, 0, k});
    cachedKey = key;
    return cached;
}

std::optional<Plan> planForBudget(const RunConfig& config, std::string* error)
{
    const Candidate* best = nullptr;
    std::uint64_t smallest = std::numeric_limits<std::uint64_t>::max();
    for (const Candidate& candidate : budgetCandidates(config)) {
        smallest = std::min(smallest, candidate.peak);
        if (candidate.peak > config.policy.budgetBytes)
            continue;
        if (!best || candidate.flops < best->flops
            || (candidate.flops == best->flops && candidate.peak < best->peak))
            best = &candidate;
    }
    if (!best) {
        if (error)
            *error = "No recomputation plan fits the activations in "
                + std::to_string(config.policy.budgetBytes)
                + " bytes; the smallest budget that fits this model is " + std::to_string(smallest)
                + " bytes (" + text::mebibytes(smallest, 1) + ").";
        return std::nullopt;
    }
    return candidatePlan(config, *best);
}

} // namespace

OpKind slotKind(Slot slot)
{
    switch (slot) {
    case Slot::Input:
        return OpKind::BlockInput;
    case Slot::Ln1:
    case Slot::Ln2:
        return OpKind::LayerNorm;
    case Slot::Qkv:
        return OpKind::Qkv;
    case Slot::Att:
        return OpKind::Softmax;
    case Slot::AttDrop:
        return OpKind::AttnDropout;
    case Slot::AttValues:
        return OpKind::AttnValues;
    case Slot::Residual:
        return OpKind::Residual;
    case Slot::Fc1:
        return OpKind::Fc1;
    case Slot::Gelu:
    case Slot::Count:
        break;
    }
    return OpKind::Gelu;
}

SlotMask slotsOfKinds(const std::vector<OpKind>& kinds)
{
    SlotMask mask = 0;
    for (int s = 0; s < kSlotCount; ++s)
        if (std::find(kinds.begin(), kinds.end(), slotKind(static_cast<Slot>(s))) != kinds.end())
            mask |= slotBit(static_cast<Slot>(s));
    return mask;
}

namespace {

// Llama's block in the same slots (docs/llama.md): Ln1 and Ln2 are the RMSNorms (rstd only), Qkv
// holds q, k and v after the rotary embedding (d + 2*G*dh a row), Fc1 holds w1's and w3's outputs
// one after the other (2 x (B,T,F)), Gelu the SwiGLU product (B,T,F); the block's output is w2's.
// The attention slots are GPT-2's. No biases and no position table change the counts a little.
void llamaSizes(const ModelShape& shape, bool dropout, SlotSizes* s)
{
    const std::uint64_t bt = product(shape.batch, shape.seq), btd = product(bt, shape.width);
    const std::uint64_t qkvWidth = checkedAdd(
        static_cast<std::uint64_t>(shape.width), product(2, kvHeadsOf(shape), shape.width / shape.heads));
    const std::uint64_t btf = product(bt, ffnOf(shape));
    const std::uint64_t rmsStats = product(bt, sizeof(float)); // rstd per row
    const double fbtd = static_cast<double>(btd), fbtf = static_cast<double>(btf);
    const double d = shape.width, drop = dropout ? 1.0 : 0.0;
    const double rotated = static_cast<double>(bt) * (d + static_cast<double>(qkvWidth - shape.width) / 2);
    const auto set = [&](Slot slot, std::uint64_t elems, std::uint64_t stats, double flops) {
        const auto i = static_cast<std::size_t>(slot);
        s->elems[i] = elems;
        s->stats[i] = stats;
        s->flops[i] = flops;
    };
    // FLOPs: 2*M*N*K per matmul; per element 4 for RMSNorm, 3 for rotary (6 per rotated pair), 1 for
    // adds and dropout, 6 for SwiGLU.
    set(Slot::Ln1, btd, rmsStats, 4 * fbtd);
    set(Slot::Qkv, product(bt, qkvWidth), 0, 2.0 * fbtd * static_cast<double>(qkvWidth) + 3 * rotated);
    set(Slot::Residual, btd, 0, 2.0 * fbtd * d + (1 + drop) * fbtd);
    set(Slot::Ln2, btd, rmsStats, 4 * fbtd);
    set(Slot::Fc1, product(2, btf), 0, 2.0 * 2.0 * fbtd * ffnOf(shape));
    set(Slot::Gelu, btf, 0, 6 * fbtf);
    s->outputFlops = 2.0 * fbtf * d + (1 + drop) * fbtd;
    const double btc = fbtd, v = shape.vocab, btv = static_cast<double>(s->logitsElems);
    s->edge = {btc, 4 * btc, 2 * btc * v, 4 * btv, 2 * btv, 4 * btc * v, 8 * btc, btc};
}

} // namespace

SlotSizes slotSizes(const ModelShape& shape, bool dropout, bool fusedAttention)
{
    const std::uint64_t bt = product(shape.batch, shape.seq), btd = product(bt, shape.width);
    const std::uint64_t bhtt = product(bt, shape.heads, shape.seq);
    const std::uint64_t lnStats = product(2, bt, sizeof(float)); // mean and rstd per row
    const double fbtd = static_cast<double>(btd), fbhtt = static_cast<double>(bhtt);
    const double d = shape.width;
    const double attMatmul = 2.0 * fbhtt * d / shape.heads;
    const double drop = dropout ? 1.0 : 0.0;
    SlotSizes s;
    const auto set = [&](Slot slot, std::uint64_t elems, std::uint64_t stats, double flops) {
        const auto i = static_cast<std::size_t>(slot);
        s.elems[i] = elems;
        s.stats[i] = stats;
        s.flops[i] = flops;
    };
    // FLOPs: 2*M*N*K per matmul; per element 1 for adds and dropout, 5 for softmax, 8 for LayerNorm, 10 for
    // GELU.
    set(Slot::Input, btd, 0, 0);
    set(Slot::Ln1, btd, lnStats, 8 * fbtd);
    set(Slot::Qkv, product(3, btd), 0, 2.0 * fbtd * 3.0 * d + 3 * fbtd);
    if (fusedAttention) {
        set(Slot::Att, 0, product(shape.batch, shape.heads, shape.seq, sizeof(float)), attMatmul + 5 * fbhtt);
        set(Slot::AttDrop, 0, 0, drop * fbhtt);
    } else {
        set(Slot::Att, bhtt, 0, attMatmul + 5 * fbhtt);
        set(Slot::AttDrop, dropout ? bhtt : 0, 0, drop * fbhtt);
    }
    set(Slot::AttValues, btd, 0, attMatmul);
    set(Slot::Residual, btd, 0, 2.0 * fbtd * d + (2 + drop) * fbtd);
    set(Slot::Ln2, btd, lnStats, 8 * fbtd);
    set(Slot::Fc1, product(4, btd), 0, 2.0 * fbtd * 4.0 * d + 4 * fbtd);
    set(Slot::Gelu, product(4, btd), 0, 40 * fbtd);
    s.outputElems = btd;
    s.outputFlops = 2.0 * fbtd * 4.0 * d + (2 + drop) * fbtd;
    s.rows = bt;
    s.logitsElems = product(bt, shape.vocab);
    const double btc = fbtd, btv = static_cast<double>(s.logitsElems), v = shape.vocab;
    s.edge = {btc, 8 * btc, 2 * btc * v, 4 * btv, 2 * btv, 4 * btc * v, 16 * btc, 2 * btc};
    if (shape.arch == Arch::Llama)
        llamaSizes(shape, dropout, &s);
    return s;
}

std::uint64_t keptBytes(const SlotSizes& sizes, Slot slot, bool bf16)
{
    const auto i = static_cast<std::size_t>(slot);
    return checkedAdd(checkedMul(sizes.elems[i], bf16 ? 2 : sizeof(float)), sizes.stats[i]);
}

int bestSegmentBlocks(const RunConfig& config)
{
    // Segments of k blocks keep N/k checkpoints of c bytes and rebuild k blocks of b bytes:
    // N c / k + k b is least at k = sqrt(N c / b) (Chen et al. 2016 with c = b gives sqrt(N)).
    const SlotSizes sizes = slotSizes(config.shape, config.dropout > 0, config.fusedAttention);
    const bool bf16 = config.savePrecision == SavePrecision::Bf16;
    double block = 0;
    for (int s = 0; s < kSlotCount; ++s)
        block += static_cast<double>(keptBytes(sizes, static_cast<Slot>(s), bf16));
    const double checkpoint = static_cast<double>(keptBytes(sizes, Slot::Input, bf16));
    const int n = config.shape.layers;
    const long k = std::lround(std::sqrt(n * checkpoint / block));
    return static_cast<int>(std::clamp<long>(k, 1, n));
}

std::optional<Plan> makePlan(const RunConfig& config, std::string* error)
{
    const int n = config.shape.layers;
    switch (config.policy.kind) {
    case PolicyKind::None:
        return singleBlockPlan(config, std::vector<SlotMask>(static_cast<std::size_t>(n), kAllSlots));
    case PolicyKind::Full:
        return singleBlockPlan(
            config, std::vector<SlotMask>(static_cast<std::size_t>(n), slotBit(Slot::Input)));
    case PolicyKind::Sqrt: {
        int k = 1;
        while (k * k < n)
            ++k;
        return segmentPlan(config, k);
    }
    case PolicyKind::Selective: {
        const SlotMask mask
            = slotsOfKinds(config.policy.keep.empty() ? defaultSelectiveKeep() : config.policy.keep);
        return singleBlockPlan(config, std::vector<SlotMask>(static_cast<std::size_t>(n), mask));
    }
    case PolicyKind::Budget:
        return planForBudget(config, error);
    case PolicyKind::Segment:
        return segmentPlan(config,
            config.policy.segmentBlocks > 0 ? std::min(config.policy.segmentBlocks, n)
                                            : bestSegmentBlocks(config));
    }
    return std::nullopt;
}

double planRecomputeFlops(const Plan& plan, const RunConfig& config)
{
    const SlotSizes sizes = slotSizes(config.shape, plan.dropout, plan.fusedAttention);
    double flops = 0;
    // Blocks come in long runs of one mask (the budget planner sums thousands of plans).
    SlotMask mask = 0;
    double maskFlops = -1;
    for (const Segment& seg : plan.segments) {
        for (int m = seg.first; m <= seg.last; ++m) {
            if (maskFlops < 0 || plan.keep[static_cast<std::size_t>(m)] != mask) {
                mask = plan.keep[static_cast<std::size_t>(m)];
                maskFlops = 0;
                for (int s = 1; s < kSlotCount; ++s)
                    if (!keeps(plan, m, static_cast<Slot>(s)))
                        maskFlops += sizes.flops[static_cast<std::size_t>(s)];
            }
            flops += maskFlops;
            if (m > seg.first)
                flops += sizes.outputFlops; // the previous block's output, rebuilt as this input
        }
    }
    return flops;
}

StepFlops stepFlops(const Plan& plan, const RunConfig& config)
{
    const SlotSizes sizes = slotSizes(config.shape, plan.dropout, plan.fusedAttention);
    double block = sizes.outputFlops;
    for (int s = 1; s < kSlotCount; ++s)
        block += sizes.flops[static_cast<std::size_t>(s)];
    // Trainer::backwardBlock spends twice each op's forward FLOPs, but once for attention dropout.
    const double blockBackward = 2 * block - sizes.flops[static_cast<std::size_t>(Slot::AttDrop)];
    const SlotSizes::EdgeFlops& e = sizes.edge;
    const double layers = config.shape.layers;
    StepFlops step;
    // embedding; blocks; lnf, head, cross_entropy (Trainer::forwardHead).
    step.forward = e.embedding + layers * block + e.lnf + e.head + e.crossEntropy;
    // cross_entropy, head, lnf (Trainer::backwardHead); blocks; embedding.
    step.backward = e.crossEntropyBackward + e.headBackward + e.lnfBackward + layers * blockBackward
        + e.embeddingBackward;
    step.recompute = planRecomputeFlops(plan, config);
    if (plan.fusedAttention) // every block's backward rebuilds its probabilities from q, k and the logsumexp
        step.recompute += layers
            * (sizes.flops[static_cast<std::size_t>(Slot::Att)]
                + sizes.flops[static_cast<std::size_t>(Slot::AttDrop)]);
    return step;
}

} // namespace rlab::detail
