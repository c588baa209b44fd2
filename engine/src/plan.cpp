// Policies as plans, the budget planner, and the analytic memory predictor.
#include "plan.h"

#include <algorithm>
#include <iterator>
#include <limits>

#include "rlab/text.h"

namespace rlab::detail {

namespace {

constexpr std::array<const char*, kSlotCount> kSlotNames {
    "block_input", "ln1", "qkv", "softmax", "attn_dropout", "attn_values", "residual", "ln2", "fc1", "gelu"};

bool has(SlotMask mask, Slot slot)
{
    return (mask & slotBit(slot)) != 0;
}

Plan basePlan(const RunConfig& config)
{
    Plan plan;
    plan.offload = config.policy.offload;
    plan.bf16 = config.savePrecision == SavePrecision::Bf16;
    plan.dropout = config.dropout > 0;
    return plan;
}

// Every block its own segment, keeping `masks[i]` (always with its Input).
Plan singleBlockPlan(const RunConfig& config, const std::vector<SlotMask>& masks)
{
    Plan plan = basePlan(config);
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

std::optional<Plan> planForBudget(const RunConfig& config, std::string* error)
{
    const int n = config.shape.layers;
    const SlotMask selective = slotsOfKinds(defaultSelectiveKeep());
    std::optional<Plan> best;
    double bestFlops = std::numeric_limits<double>::infinity();
    std::uint64_t bestPeak = 0, smallest = std::numeric_limits<std::uint64_t>::max();
    const auto consider = [&](Plan plan) {
        const std::uint64_t peak = predictActivationPeak(plan, config);
        smallest = std::min(smallest, peak);
        if (peak > config.policy.budgetBytes)
            return;
        const double flops = planRecomputeFlops(plan, config);
        if (!best || flops < bestFlops || (flops == bestFlops && peak < bestPeak)) {
            best = std::move(plan);
            bestFlops = flops;
            bestPeak = peak;
        }
    };
    // Blocks [0, a) keep only their input, [a, a+b) keep the matmul outputs, the rest keep all:
    // the last blocks are backpropagated first, while everything else is still saved.
    const int stride = std::max(1, n / 64); // keeps the search small for very deep models
    std::vector<int> counts;
    for (int c = 0; c < n; c += stride)
        counts.push_back(c);
    counts.push_back(n);
    for (int a : counts) {
        for (int b : counts) {
            if (a + b > n)
                continue;
            std::vector<SlotMask> masks(static_cast<std::size_t>(n), kAllSlots);
            for (int i = 0; i < a; ++i)
                masks[static_cast<std::size_t>(i)] = slotBit(Slot::Input);
            for (int i = a; i < a + b; ++i)
                masks[static_cast<std::size_t>(i)] = selective;
            consider(singleBlockPlan(config, masks));
        }
    }
    // Segments of k blocks recomputed from one saved input (sqrt's shape, any k).
    for (int k = 2; k <= n; ++k)
        consider(segmentPlan(config, k));

    if (!best && error)
        *error = "No recomputation plan fits the activations in " + std::to_string(config.policy.budgetBytes)
            + " bytes; the smallest budget that fits this model is " + std::to_string(smallest) + " bytes ("
            + text::mebibytes(smallest, 1) + ").";
    return best;
}

} // namespace

const char* slotName(Slot slot)
{
    return kSlotNames[static_cast<std::size_t>(slot)];
}

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

SlotSizes slotSizes(const ModelShape& shape, bool dropout)
{
    const auto B = static_cast<std::uint64_t>(shape.batch), T = static_cast<std::uint64_t>(shape.seq);
    const auto d = static_cast<std::uint64_t>(shape.width), H = static_cast<std::uint64_t>(shape.heads);
    const std::uint64_t bt = B * T, btd = bt * d, bhtt = B * H * T * T;
    const double fbtd = static_cast<double>(btd), fbhtt = static_cast<double>(bhtt);
    const double attMatmul = 2.0 * fbhtt * static_cast<double>(d) / static_cast<double>(H);
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
    set(Slot::Ln1, btd, 2 * bt * 4, 8 * fbtd);
    set(Slot::Qkv, 3 * btd, 0, 2.0 * fbtd * 3.0 * static_cast<double>(d) + 3 * fbtd);
    set(Slot::Att, bhtt, 0, attMatmul + 5 * fbhtt);
    set(Slot::AttDrop, dropout ? bhtt : 0, 0, drop * fbhtt);
    set(Slot::AttValues, btd, 0, attMatmul);
    set(Slot::Residual, btd, 0, 2.0 * fbtd * static_cast<double>(d) + (2 + drop) * fbtd);
    set(Slot::Ln2, btd, 2 * bt * 4, 8 * fbtd);
    set(Slot::Fc1, 4 * btd, 0, 2.0 * fbtd * 4.0 * static_cast<double>(d) + 4 * fbtd);
    set(Slot::Gelu, 4 * btd, 0, 40 * fbtd);
    s.outputElems = btd;
    s.outputFlops = 2.0 * fbtd * 4.0 * static_cast<double>(d) + (2 + drop) * fbtd;
    return s;
}

std::uint64_t keptBytes(const SlotSizes& sizes, Slot slot, bool bf16)
{
    const auto i = static_cast<std::size_t>(slot);
    return sizes.elems[i] * (bf16 ? 2 : 4) + sizes.stats[i];
}

std::uint64_t workspaceBytes(const SlotSizes& sizes, Slot slot, bool kept, bool bf16)
{
    const auto i = static_cast<std::size_t>(slot);
    if (!kept)
        return sizes.elems[i] * 4 + sizes.stats[i];
    return bf16 ? sizes.elems[i] * 4 : 0;
}

std::uint64_t finalSavedBytes(const ModelShape& shape)
{
    const auto bt = static_cast<std::uint64_t>(shape.batch) * static_cast<std::uint64_t>(shape.seq);
    const auto d = static_cast<std::uint64_t>(shape.width), v = static_cast<std::uint64_t>(shape.vocab);
    return 4 * (bt * d + bt * d + 2 * bt + bt * v);
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
    }
    return std::nullopt;
}

std::uint64_t predictActivationPeak(const Plan& plan, const RunConfig& config)
{
    const SlotSizes sizes = slotSizes(config.shape, plan.dropout);
    const int n = config.shape.layers;
    const auto keptOf = [&](int block) {
        std::uint64_t bytes = 0;
        for (int s = 0; s < kSlotCount; ++s)
            if (has(plan.keep[static_cast<std::size_t>(block)], static_cast<Slot>(s)))
                bytes += keptBytes(sizes, static_cast<Slot>(s), plan.bf16);
        return bytes;
    };
    const std::uint64_t inputKept = keptBytes(sizes, Slot::Input, plan.bf16);
    const std::uint64_t stream = sizes.outputElems * 4;

    std::uint64_t live = 0, peak = 0;
    // Forward: the trainer saves each kept slot as it is produced; a block's output is saved
    // as the next block's input (or as the final LayerNorm's input after the last block).
    if (has(plan.keep[0], Slot::Input))
        live += inputKept;
    for (int i = 0; i < n; ++i) {
        live += keptOf(i) - (has(plan.keep[static_cast<std::size_t>(i)], Slot::Input) ? inputKept : 0);
        if (i == n - 1)
            live += stream;
        else if (has(plan.keep[static_cast<std::size_t>(i) + 1], Slot::Input))
            live += inputKept;
        peak = std::max(peak, live);
        if (plan.offload)
            live -= keptOf(i);
    }
    const std::uint64_t finalBytes = finalSavedBytes(config.shape);
    live += finalBytes - stream;
    peak = std::max(peak, live);
    live -= finalBytes;

    // Backward, segment by segment from the last: bring kept slots back (offload: the last
    // segment's now, and each earlier one while the segment after it is worked on), rebuild the
    // rest in the recompute workspace, then free block by block.
    const auto keptIn = [&](const Segment& seg) {
        std::uint64_t bytes = 0;
        for (int m = seg.first; m <= seg.last; ++m)
            bytes += keptOf(m);
        return bytes;
    };
    for (auto seg = plan.segments.rbegin(); seg != plan.segments.rend(); ++seg) {
        std::uint64_t workspace = 0;
        for (int m = seg->first; m <= seg->last; ++m) {
            for (int s = 0; s < kSlotCount; ++s) {
                const bool kept = has(plan.keep[static_cast<std::size_t>(m)], static_cast<Slot>(s));
                workspace += workspaceBytes(sizes, static_cast<Slot>(s), kept, plan.bf16);
            }
        }
        const std::uint64_t segmentKept = keptIn(*seg);
        if (plan.offload) {
            if (seg == plan.segments.rbegin())
                live += segmentKept;
            if (std::next(seg) != plan.segments.rend())
                live += keptIn(*std::next(seg));
        }
        live += workspace;
        peak = std::max(peak, live);
        live -= segmentKept + workspace;
    }
    return peak;
}

std::uint64_t predictHostPeak(const Plan& plan, const RunConfig& config)
{
    if (!plan.offload)
        return 0;
    const SlotSizes sizes = slotSizes(config.shape, plan.dropout);
    std::uint64_t total = 0;
    for (SlotMask mask : plan.keep)
        for (int s = 0; s < kSlotCount; ++s)
            if (has(mask, static_cast<Slot>(s)))
                total += keptBytes(sizes, static_cast<Slot>(s), plan.bf16);
    return total;
}

double planRecomputeFlops(const Plan& plan, const RunConfig& config)
{
    const SlotSizes sizes = slotSizes(config.shape, plan.dropout);
    double flops = 0;
    for (const Segment& seg : plan.segments) {
        for (int m = seg.first; m <= seg.last; ++m) {
            const SlotMask mask = plan.keep[static_cast<std::size_t>(m)];
            for (int s = 1; s < kSlotCount; ++s)
                if (!has(mask, static_cast<Slot>(s)))
                    flops += sizes.flops[static_cast<std::size_t>(s)];
            if (m > seg.first)
                flops += sizes.outputFlops; // the previous block's output, rebuilt as this input
        }
    }
    return flops;
}

} // namespace rlab::detail
