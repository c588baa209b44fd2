// The memory predictor: the trainer's step, allocation by allocation, counted instead of made.
#include "predictor.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <vector>

#include "byte_count.h"
#include "model.h"
#include "rlab/backend.h"

namespace rlab::detail {

namespace {

constexpr auto kSaved = MemoryCategory::SavedActivations;
constexpr auto kWorkspace = MemoryCategory::RecomputeWorkspace;
constexpr auto kTemporaries = MemoryCategory::Temporaries;
constexpr auto kHost = MemoryCategory::HostOffloaded;

// Live and peak bytes by category, counted as TrackingAllocator counts them; or, for the budget
// planner's thousands of candidate plans, only the activation categories. With tracking on it
// also counts the activation bytes per ledger tag (plan.h slotTag), and keeps them as they were
// when the activation peak was first reached: the predicted ledger's bytes at the peak.
template<bool kActivationsOnly> class Tally {
public:
    void track(int tags)
    {
        m_live.assign(static_cast<std::size_t>(tags), 0);
        m_atPeak = m_live;
        m_sincePeak.clear();
    }
    const std::vector<std::uint64_t>& atPeak() const { return m_atPeak; }
    // Tags name one block's tensors, so a tracked walk repeats no unit (StepWalk::inRuns).
    bool tracking() const { return !m_live.empty(); }

    void take(MemoryCategory category, std::uint64_t bytes, int tag = -1)
    {
        if (kActivationsOnly && !isActivationCategory(category))
            return;
        const auto i = static_cast<std::size_t>(category);
        m_stats.live[i] = checkedAdd(m_stats.live[i], bytes);
        m_stats.peak[i] = std::max(m_stats.peak[i], m_stats.live[i]);
        if (isDeviceCategory(category)) {
            m_stats.liveTotal = checkedAdd(m_stats.liveTotal, bytes);
            m_stats.peakTotal = std::max(m_stats.peakTotal, m_stats.liveTotal);
        }
        if (isActivationCategory(category)) {
            m_stats.liveActivations = checkedAdd(m_stats.liveActivations, bytes);
            if (!m_live.empty() && tag >= 0) {
                m_live[static_cast<std::size_t>(tag)] += bytes;
                m_sincePeak.emplace_back(static_cast<std::size_t>(tag), bytes);
            }
            if (m_stats.liveActivations > m_stats.peakActivations) {
                m_stats.peakActivations = m_stats.liveActivations;
                // The changes since the last peak, not a copy of every tag: a copy per rise made
                // a walk quadratic in the layers (rlab plan: 401 s at 4096).
                for (const auto& [changed, change] : m_sincePeak)
                    m_atPeak[changed] += change; // wraps back for what was given
                m_sincePeak.clear();
            }
        }
        noteRise();
    }
    void give(MemoryCategory category, std::uint64_t bytes, int tag = -1)
    {
        if (kActivationsOnly && !isActivationCategory(category))
            return;
        m_stats.live[static_cast<std::size_t>(category)] -= bytes;
        if (isDeviceCategory(category))
            m_stats.liveTotal -= bytes;
        if (isActivationCategory(category)) {
            m_stats.liveActivations -= bytes;
            if (!m_live.empty() && tag >= 0) {
                m_live[static_cast<std::size_t>(tag)] -= bytes;
                m_sincePeak.emplace_back(static_cast<std::size_t>(tag), std::uint64_t(0) - bytes);
            }
        }
    }
    // A scratch tensor that lives for one op.
    void briefly(MemoryCategory category, std::uint64_t bytes)
    {
        take(category, bytes);
        give(category, bytes);
    }
    const MemoryStats& stats() const { return m_stats; }

    // A run of identical units (blocks or segments that take and give the same bytes in the same
    // order): the first is walked between beginUnit() and repeatUnit(), which then applies the
    // other `times` units' changes and peaks at once, so a walk costs its distinct units, not its
    // blocks (rlab plan took 48 s at 1,024 layers, walking every block of thousands of plans).
    // Units nest: a segment's blocks are runs inside the segment's unit.
    void beginUnit()
    {
        Frame frame;
        for (std::size_t q = 0; q < kCounters; ++q)
            frame.start[q] = live(q);
        m_frames.push_back(frame);
    }
    void repeatUnit(std::uint64_t times)
    {
        const Frame frame = m_frames.back();
        m_frames.pop_back();
        for (std::size_t q = 0; q < kCounters && times > 0; ++q) {
            // Unit j (1..times) starts at start + j * change and rises frame.rise above its start.
            const std::uint64_t start = frame.start[q];
            if (live(q) >= start) {
                const std::uint64_t added = checkedMul(times, live(q) - start);
                if (added > 0) {
                    const std::uint64_t top = checkedAdd(checkedAdd(start, frame.rise[q]), added);
                    peak(q) = std::max(peak(q), top);
                    noteRise(q, top);
                }
                live(q) = checkedAdd(live(q), added);
            } else {
                live(q) -= times * (start - live(q)); // what the units give back, never below zero
            }
        }
    }

private:
    // The counters a unit changes: each category's live bytes, the device total, the activations.
    static constexpr std::size_t kCounters = kMemoryCategoryCount + 2;
    std::uint64_t& live(std::size_t q)
    {
        return q < kMemoryCategoryCount ? m_stats.live[q]
            : q == kMemoryCategoryCount ? m_stats.liveTotal
                                        : m_stats.liveActivations;
    }
    std::uint64_t& peak(std::size_t q)
    {
        return q < kMemoryCategoryCount ? m_stats.peak[q]
            : q == kMemoryCategoryCount ? m_stats.peakTotal
                                        : m_stats.peakActivations;
    }
    // The units being walked see how far each counter rose above their start.
    void noteRise(std::size_t q, std::uint64_t value)
    {
        for (Frame& frame : m_frames)
            if (value > frame.start[q])
                frame.rise[q] = std::max(frame.rise[q], value - frame.start[q]);
    }
    void noteRise()
    {
        for (std::size_t q = 0; q < kCounters && !m_frames.empty(); ++q)
            noteRise(q, live(q));
    }

    struct Frame {
        std::array<std::uint64_t, kCounters> start {}, rise {};
    };
    MemoryStats m_stats;
    std::vector<Frame> m_frames;
    std::vector<std::uint64_t> m_live, m_atPeak; // per tag; empty: not tracking
    std::vector<std::pair<std::size_t, std::uint64_t>> m_sincePeak; // (tag, change) since m_atPeak
};

// One step of the trainer (trainer.cpp), in its order; each comment names the trainer function.
template<bool kActivationsOnly> class StepWalk {
public:
    StepWalk(const Plan& plan, const RunConfig& config)
        : m_plan(plan)
        , m_config(config)
        , m_sizes(slotSizes(config.shape, plan.dropout, plan.fusedAttention))
        , m_stream(floatBytes(m_sizes.outputElems))
    {
        for (std::size_t s = 0; s < m_value.size(); ++s) {
            m_value[s] = floatBytes(m_sizes.elems[s]);
            // What backward reads of a kept slot: its bf16 copy or its fp32 values (and stats).
            m_keptWithStats[s] = detail::keptBytes(m_sizes, static_cast<Slot>(s), plan.bf16);
            m_kept[s] = m_keptWithStats[s] - m_sizes.stats[s];
            m_valueWithStats[s] = checkedAdd(m_value[s], m_sizes.stats[s]);
        }
    }

    // Counts the activation bytes of each ledger tag too (Tally::track).
    void trackTags() { m_ledger.track(tagCount(m_config.shape.layers)); }
    const std::vector<std::uint64_t>& tagBytesAtPeak() const { return m_ledger.atPeak(); }

    MemoryStats run()
    {
        construct();
        forward();
        backward();
        return m_ledger.stats();
    }

private:
    static std::uint64_t floatBytes(std::uint64_t elems) { return checkedMul(elems, sizeof(float)); }
    static std::size_t index(Slot slot) { return static_cast<std::size_t>(slot); }
    bool exists(Slot slot) const { return slot != Slot::AttDrop || m_plan.dropout; }
    std::uint64_t valueBytes(Slot slot) const { return m_value[index(slot)]; }
    std::uint64_t statsBytes(Slot slot) const { return m_sizes.stats[index(slot)]; }
    std::uint64_t keptBytes(Slot slot) const { return m_kept[index(slot)]; }
    std::uint64_t keptWithStats(Slot slot) const { return m_keptWithStats[index(slot)]; }
    std::uint64_t valueWithStats(Slot slot) const { return m_valueWithStats[index(slot)]; }
    template<typename Each> void forKeptSlots(int block, Each each) const
    {
        for (int s = 0; s < kSlotCount; ++s)
            if (exists(static_cast<Slot>(s)) && keeps(m_plan, block, static_cast<Slot>(s)))
                each(static_cast<Slot>(s));
    }

    // The backend's own memory (CUDA: cuBLAS's workspace and the kernels' scratch, from its
    // construction on), then Trainer(): parameters, gradients, the optimizer's moments and the batch.
    void construct()
    {
        if (m_config.device == Device::Cuda)
            m_ledger.take(kTemporaries, kCudaWorkspaceBytes);
        const std::uint64_t count = parameterCount(m_config.shape);
        const std::uint64_t params = floatBytes(count);
        // bf16 weights (predicted only): 2-byte weights and gradients, the fp32 master copy in the
        // optimizer's state beside its moments, as mixed-precision training keeps them.
        const bool bf16Weights = m_config.weightPrecision == SavePrecision::Bf16;
        const std::uint64_t weights = bf16Weights ? checkedMul(count, 2) : params;
        m_ledger.take(MemoryCategory::Parameters, weights);
        m_ledger.take(MemoryCategory::Gradients, weights);
        if (bf16Weights)
            m_ledger.take(MemoryCategory::OptimizerState, params);
        m_ledger.take(MemoryCategory::OptimizerState, params);
        if (m_config.optimizer == Optimizer::AdamW)
            m_ledger.take(MemoryCategory::OptimizerState, params);
        const std::uint64_t batch = checkedMul(m_sizes.rows, sizeof(std::int32_t));
        m_ledger.take(kTemporaries, batch); // tokens
        m_ledger.take(kTemporaries, batch); // targets
    }

    // Trainer::produce: values and stats, the op's scratch, then the bf16 copy.
    void produce(int block, Slot slot, Phase phase)
    {
        const SlotPlacement p = placeSlot(m_plan, block, slot, phase);
        const int tag = slotTag(block, slot, TensorPart::Value);
        m_ledger.take(p.value, valueBytes(slot), tag);
        if (statsBytes(slot) > 0)
            m_ledger.take(p.stats, statsBytes(slot), slotTag(block, slot, TensorPart::Stats));
        if (slot == Slot::Residual)
            m_ledger.briefly(kTemporaries, m_stream); // the projection before the residual add
        // Fused attention rebuilding the logsumexp beside a kept output: a scratch output
        // (Trainer::produceFused).
        if (m_plan.fusedAttention && slot == Slot::Att && phase == Phase::Recompute
            && keeps(m_plan, block, Slot::AttValues))
            m_ledger.briefly(kTemporaries, m_stream);
        if (p.halfCopy)
            m_ledger.take(kSaved, keptBytes(slot), tag);
    }

    // Trainer::produceOutput, placed as the next block's Input (or the final input): `tag`.
    void produceOutput(const SlotPlacement& p, int tag)
    {
        m_ledger.take(p.value, m_stream, tag);
        m_ledger.briefly(kTemporaries, m_stream); // fc2's output before the residual add
        if (p.halfCopy)
            m_ledger.take(kSaved, keptBytes(Slot::Input), tag);
    }
    // A kept slot's values and stats (what offload moves), taken or given in that order.
    void takeKept(MemoryCategory category, int block, Slot slot)
    {
        m_ledger.take(category, keptBytes(slot), slotTag(block, slot, TensorPart::Value));
        if (statsBytes(slot) > 0)
            m_ledger.take(category, statsBytes(slot), slotTag(block, slot, TensorPart::Stats));
    }
    void giveKept(MemoryCategory category, int block, Slot slot)
    {
        m_ledger.give(category, keptBytes(slot), slotTag(block, slot, TensorPart::Value));
        m_ledger.give(category, statsBytes(slot), slotTag(block, slot, TensorPart::Stats));
    }

    // Trainer::forwardBlock and offloadBlock for block i.
    void forwardBlock(int i)
    {
        const int n = m_config.shape.layers;
        for (int s = 1; s < kSlotCount; ++s)
            if (exists(static_cast<Slot>(s)))
                produce(i, static_cast<Slot>(s), Phase::Forward);
        if (i == n - 1)
            produceOutput(kFinalInputPlacement, headTag(n, HeadTensor::FinalInput));
        else
            produceOutput(placeSlot(m_plan, i + 1, Slot::Input, Phase::Forward),
                slotTag(i + 1, Slot::Input, TensorPart::Value));
        // Drop what backward will not read: the slots not kept, and with bf16 the fp32 values.
        for (int s = 0; s < kSlotCount; ++s) {
            const auto slot = static_cast<Slot>(s);
            if (!exists(slot))
                continue;
            const SlotPlacement p = placeSlot(m_plan, i, slot, Phase::Forward);
            if (!keeps(m_plan, i, slot)) {
                m_ledger.give(p.value, valueBytes(slot), slotTag(i, slot, TensorPart::Value));
                m_ledger.give(p.stats, statsBytes(slot), slotTag(i, slot, TensorPart::Stats));
            } else if (m_plan.bf16) {
                m_ledger.give(p.value, valueBytes(slot), slotTag(i, slot, TensorPart::Value));
            }
        }
        if (m_plan.offload) {
            forKeptSlots(i, [&](Slot slot) {
                m_ledger.take(kHost, keptWithStats(slot));
                giveKept(kSaved, i, slot);
            });
        }
    }

    // Walks units from..to (inclusive, either direction), each run of units alike with its first
    // walked once and repeated (Ledger::beginUnit).
    template<typename Same, typename Walk> void inRuns(int from, int to, Same same, Walk walk)
    {
        const int step = from <= to ? 1 : -1;
        for (int i = from; step > 0 ? i <= to : i >= to;) {
            int end = i + step;
            while (!m_ledger.tracking() && (step > 0 ? end <= to : end >= to) && same(i, end))
                end += step;
            m_ledger.beginUnit();
            walk(i);
            m_ledger.repeatUnit(static_cast<std::uint64_t>(std::abs(end - i) - 1));
            i = end;
        }
    }
    bool sameKeep(int a, int b) const { return m_plan.keep[std::size_t(a)] == m_plan.keep[std::size_t(b)]; }

    // Segments a and b hold the same blocks' masks, in the same order.
    bool sameMasks(int a, int b) const
    {
        const Segment& x = m_plan.segments[std::size_t(a)];
        const Segment& y = m_plan.segments[std::size_t(b)];
        if (x.last - x.first != y.last - y.first)
            return false;
        if (x.first == x.last) // one block: most plans' segments
            return m_plan.keep[std::size_t(x.first)] == m_plan.keep[std::size_t(y.first)];
        return std::equal(
            m_plan.keep.begin() + x.first, m_plan.keep.begin() + x.last + 1, m_plan.keep.begin() + y.first);
    }

    // Segments a and b take the same steps forward: the same masks, and both followed by another
    // segment (whose first block keeps its input) or neither (the final input follows).
    bool sameForward(int a, int b) const
    {
        const int count = int(m_plan.segments.size());
        return (a + 1 == count) == (b + 1 == count) && sameMasks(a, b);
    }

    // Trainer::forward, forwardBlock, offloadBlock and forwardHead.
    void forward()
    {
        const SlotPlacement input = placeSlot(m_plan, 0, Slot::Input, Phase::Forward);
        const int inputTag = slotTag(0, Slot::Input, TensorPart::Value);
        m_ledger.take(input.value, m_stream, inputTag);
        if (input.halfCopy)
            m_ledger.take(kSaved, keptBytes(Slot::Input), inputTag);
        // Segment by segment, and block by block inside one, each run of alike ones walked once.
        const int n = m_config.shape.layers;
        const auto next = [&](int b) { return b == n - 1 ? -1 : int(keeps(m_plan, b + 1, Slot::Input)); };
        inRuns(
            0, int(m_plan.segments.size()) - 1, [&](int a, int b) { return sameForward(a, b); },
            [&](int k) {
                inRuns(
                    m_plan.segments[std::size_t(k)].first, m_plan.segments[std::size_t(k)].last,
                    [&](int a, int b) { return sameKeep(a, b) && next(a) == next(b); },
                    [&](int i) { forwardBlock(i); });
            });
        const std::uint64_t lnStats = statsBytes(Slot::Ln1); // every LayerNorm's statistics
        const std::uint64_t logits = floatBytes(m_sizes.logitsElems);
        m_ledger.take(kSaved, m_stream, headTag(n, HeadTensor::Lnf));
        m_ledger.take(kSaved, lnStats, headTag(n, HeadTensor::LnfStats));
        m_ledger.take(kTemporaries, logits);
        m_ledger.take(kSaved, logits, headTag(n, HeadTensor::Probabilities));
        m_ledger.briefly(kTemporaries, floatBytes(m_sizes.rows)); // per-row losses
        m_ledger.give(kTemporaries, logits);
    }

    // Trainer::prefetchSegment: the kept tensors of a segment's blocks back on the device.
    void prefetch(const Segment& segment)
    {
        for (int m = segment.first; m <= segment.last; ++m)
            forKeptSlots(m, [&](Slot slot) { takeKept(kSaved, m, slot); });
    }

    // Trainer::restoreSegment.
    void restore(std::size_t segmentIndex)
    {
        const Segment& segment = m_plan.segments[segmentIndex];
        if (m_plan.offload) {
            if (segmentIndex + 1 == m_plan.segments.size())
                prefetch(segment);
            for (int m = segment.first; m <= segment.last; ++m)
                forKeptSlots(m, [&](Slot slot) { m_ledger.give(kHost, keptWithStats(slot)); });
            if (segmentIndex > 0)
                prefetch(m_plan.segments[segmentIndex - 1]);
        }
        const auto alike
            = [&](int a, int b) { return sameKeep(a, b) && (a < segment.last) == (b < segment.last); };
        inRuns(segment.first, segment.last, alike, [&](int m) {
            for (int s = 0; s < kSlotCount; ++s) {
                const auto slot = static_cast<Slot>(s);
                if (!exists(slot))
                    continue;
                if (keeps(m_plan, m, slot)) {
                    if (m_plan.bf16) // widened for backward
                        m_ledger.take(kWorkspace, valueBytes(slot), slotTag(m, slot, TensorPart::Widened));
                } else if (slot != Slot::Input) {
                    produce(m, slot, Phase::Recompute);
                }
            }
            if (m < segment.last)
                produceOutput(placeSlot(m_plan, m + 1, Slot::Input, Phase::Recompute),
                    slotTag(m + 1, Slot::Input, TensorPart::Value));
        });
    }

    // Trainer::backwardBlock: the gradients of the MLP's tensors, then of attention's, each the
    // size of its activation; then the block's activations go.
    void backwardBlock(int block)
    {
        m_ledger.take(kTemporaries, m_stream); // dproj
        m_ledger.take(kTemporaries, valueBytes(Slot::Fc1)); // dfc1 (fc2's and GELU's backward in one op)
        m_ledger.take(kTemporaries, valueBytes(Slot::Ln2)); // dnorm
        m_ledger.give(kTemporaries, valueBytes(Slot::Fc1));
        m_ledger.take(kTemporaries, valueBytes(Slot::AttValues)); // dvalues
        m_ledger.take(kTemporaries, valueBytes(Slot::Att)); // datt
        m_ledger.take(kTemporaries, valueBytes(Slot::Qkv)); // dqkv
        for (int s = 0; s < kSlotCount; ++s) {
            const auto slot = static_cast<Slot>(s);
            if (!exists(slot))
                continue;
            if (keeps(m_plan, block, slot)) {
                giveKept(kSaved, block, slot);
                if (m_plan.bf16)
                    m_ledger.give(kWorkspace, valueBytes(slot), slotTag(block, slot, TensorPart::Widened));
            } else {
                m_ledger.give(kWorkspace, valueBytes(slot), slotTag(block, slot, TensorPart::Value));
                m_ledger.give(kWorkspace, statsBytes(slot), slotTag(block, slot, TensorPart::Stats));
            }
        }
        m_ledger.give(kTemporaries, valueBytes(Slot::Qkv));
        m_ledger.give(kTemporaries, valueBytes(Slot::Att));
        m_ledger.give(kTemporaries, valueBytes(Slot::AttValues));
        m_ledger.give(kTemporaries, valueBytes(Slot::Ln2));
        m_ledger.give(kTemporaries, m_stream);
    }

    // Segments a and b are restored and backpropagated alike: the same masks, the same place (the
    // last segment prefetches itself, the first nothing), and with offload the same segment
    // before them to prefetch.
    bool sameBackward(int a, int b) const
    {
        const int count = int(m_plan.segments.size());
        if ((a + 1 == count) != (b + 1 == count) || (a == 0) != (b == 0) || !sameMasks(a, b))
            return false;
        return !m_plan.offload || a == 0 || sameMasks(a - 1, b - 1);
    }

    // Trainer::step after the forward: dx, backwardHead, then each segment from the last.
    void backward()
    {
        m_ledger.take(kTemporaries, m_stream); // dx
        m_ledger.take(kTemporaries, m_stream); // the final LayerNorm's dnorm
        const int n = m_config.shape.layers;
        m_ledger.give(kSaved, floatBytes(m_sizes.logitsElems), headTag(n, HeadTensor::Probabilities));
        m_ledger.give(kSaved, m_stream, headTag(n, HeadTensor::Lnf));
        m_ledger.give(kSaved, statsBytes(Slot::Ln1), headTag(n, HeadTensor::LnfStats));
        m_ledger.give(kSaved, m_stream, headTag(n, HeadTensor::FinalInput));
        m_ledger.give(kTemporaries, m_stream);
        inRuns(
            int(m_plan.segments.size()) - 1, 0, [&](int a, int b) { return sameBackward(a, b); },
            [&](int k) {
                restore(std::size_t(k));
                const Segment& segment = m_plan.segments[std::size_t(k)];
                inRuns(
                    segment.last, segment.first, [&](int a, int b) { return sameKeep(a, b); },
                    [&](int m) { backwardBlock(m); });
            });
        m_ledger.give(kTemporaries, m_stream); // dx
    }

    const Plan& m_plan;
    const RunConfig& m_config;
    const SlotSizes m_sizes;
    const std::uint64_t m_stream; // one (B, T, width) fp32 tensor
    std::array<std::uint64_t, kSlotCount> m_value {}, m_kept {}, m_keptWithStats {}, m_valueWithStats {};
    Tally<kActivationsOnly> m_ledger;
};

} // namespace

MemoryStats predictMemory(const Plan& plan, const RunConfig& config)
{
    return StepWalk<false>(plan, config).run();
}

std::uint64_t predictActivationPeak(const Plan& plan, const RunConfig& config)
{
    return StepWalk<true>(plan, config).run().peakActivations;
}

std::vector<std::uint64_t> predictTagBytesAtPeak(const Plan& plan, const RunConfig& config)
{
    StepWalk<true> walk(plan, config);
    walk.trackTags();
    walk.run();
    return walk.tagBytesAtPeak();
}

} // namespace rlab::detail
