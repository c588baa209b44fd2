// The reference model's forward and backward on Backend ops, under a recomputation plan.
#include "trainer.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rlab::detail {

namespace {

constexpr float kAdamBeta1 = 0.9f, kAdamBeta2 = 0.95f, kAdamEps = 1e-8f, kWeightDecay = 0.0f;
constexpr float kSgdMomentum = 0.9f;

constexpr std::uint32_t kSiteAttention = 0, kSiteAttentionOutput = 1, kSiteMlpOutput = 2;

// Pops an op's profiler range on every path out of the op, exceptions included.
class RangeEnd {
public:
    explicit RangeEnd(Backend& backend)
        : m_backend(backend)
    {
    }
    ~RangeEnd() { m_backend.popRange(); }
    RangeEnd(const RangeEnd&) = delete;
    RangeEnd& operator=(const RangeEnd&) = delete;

private:
    Backend& m_backend;
};

} // namespace

void SlotTensor::clear()
{
    value.reset();
    stats.reset();
    half.reset();
    host.reset();
    hostStats.reset();
    ptr = nullptr;
}

void BlockActivations::clear()
{
    for (SlotTensor& s : tensors)
        s.clear();
}

Trainer::Trainer(Backend& backend, const RunConfig& config, Plan plan, ProgressCallback progress,
    const std::atomic<bool>* cancel)
    : m_backend(backend)
    , m_config(config)
    , m_plan(std::move(plan))
    , m_layout(makeLayout(config.shape))
    , m_sizes(slotSizes(config.shape, m_plan.dropout, m_plan.fusedAttention))
    , m_progress(std::move(progress))
    , m_cancel(cancel)
    , B(config.shape.batch)
    , T(config.shape.seq)
    , C(config.shape.width)
    , H(config.shape.heads)
    , V(config.shape.vocab)
    , BT(config.shape.batch * config.shape.seq)
    , m_llama(config.shape.arch == Arch::Llama)
    , G(kvHeadsOf(config.shape))
    , F(ffnOf(config.shape))
    , QKV(config.shape.width + 2 * kvHeadsOf(config.shape) * (config.shape.width / config.shape.heads))
    , m_lastLoss(std::numeric_limits<float>::quiet_NaN())
{
    const std::size_t bytes = m_layout.total * sizeof(float);
    m_params = device(bytes, MemoryCategory::Parameters);
    m_grads = device(bytes, MemoryCategory::Gradients);
    m_moment1 = device(bytes, MemoryCategory::OptimizerState);
    m_backend.fill(m_moment1.floats(), 0.0f, m_layout.total);
    if (config.optimizer == Optimizer::AdamW) {
        m_moment2 = device(bytes, MemoryCategory::OptimizerState);
        m_backend.fill(m_moment2.floats(), 0.0f, m_layout.total);
    }
    m_tokens = device(m_sizes.rows * sizeof(std::int32_t), MemoryCategory::Temporaries);
    m_targets = device(m_sizes.rows * sizeof(std::int32_t), MemoryCategory::Temporaries);
    m_blocks.resize(static_cast<std::size_t>(config.shape.layers));
}

Buffer Trainer::device(std::size_t bytes, MemoryCategory category, int tag)
{
    if (bytes == 0) // fused attention's probabilities and their gradient: no tensor
        return Buffer();
    if (tag < 0)
        return Buffer(m_backend.allocator(), bytes, category);
    m_backend.allocator().setTag(tag);
    Buffer buffer(m_backend.allocator(), bytes, category);
    m_backend.allocator().setTag(-1);
    return buffer;
}

void Trainer::loadParameters(const std::vector<float>& params)
{
    m_backend.copyToDevice(m_params.data(), params.data(), params.size() * sizeof(float));
}

void Trainer::loadBatch(const std::vector<std::int32_t>& tokens, const std::vector<std::int32_t>& targets)
{
    m_backend.copyToDevice(m_tokens.data(), tokens.data(), tokens.size() * sizeof(std::int32_t));
    m_backend.copyToDevice(m_targets.data(), targets.data(), targets.size() * sizeof(std::int32_t));
}

std::vector<float> Trainer::gradients() const
{
    std::vector<float> out(m_layout.total);
    m_backend.copyToHost(out.data(), m_grads.data(), out.size() * sizeof(float));
    return out;
}

std::vector<float> Trainer::parameters() const
{
    std::vector<float> out(m_layout.total);
    m_backend.copyToHost(out.data(), m_params.data(), out.size() * sizeof(float));
    return out;
}

double Trainer::gradientAbsSum() const
{
    return m_backend.absSum(m_grads.floats(), m_layout.total);
}

void Trainer::enter(Phase phase, int block)
{
    if (!m_phaseRange || phase != m_phase) {
        closePhaseRange();
        m_backend.pushRange(phase, -1, nullptr);
        m_phaseRange = true;
    }
    m_phase = phase;
    m_block = block;
    if (!m_progress)
        return;
    const double n = m_config.shape.layers;
    double within = 0; // rough share of the step done, for a progress bar
    if (phase == Phase::Forward)
        within = (block < 0 ? n : block) / n / 3.0;
    else if (phase == Phase::Recompute || phase == Phase::Backward)
        within = 1.0 / 3.0 + (block < 0 ? 0.0 : (n - block) / n) * 0.6;
    else if (phase == Phase::Optimizer)
        within = 0.95;
    m_within = std::max(m_within, within); // the head and embedding come back to block -1
    Progress p;
    p.step = m_step;
    p.steps = m_config.steps;
    p.phase = phase;
    p.block = block;
    p.fraction = (m_step + m_within) / m_config.steps;
    p.lastLoss = m_lastLoss;
    m_progress(p);
}

void Trainer::closePhaseRange()
{
    if (m_phaseRange)
        m_backend.popRange();
    m_phaseRange = false;
}

void Trainer::op(const char* name, double flops, const std::function<void()>& body)
{
    if (m_cancel && m_cancel->load(std::memory_order_relaxed))
        throw Cancelled();
    const auto since = [&] {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - m_stepStart)
            .count();
    };
    const double start = m_recording ? since() : 0;
    if (m_recording)
        m_backend.allocator().setRecordedOp(static_cast<int>(m_timeline.size()));
    {
        m_backend.pushRange(m_phase, m_block, name);
        const RangeEnd end(m_backend);
        body();
    }
    charge(m_phase, flops);
    if (!m_recording)
        return;
    m_backend.allocator().setRecordedOp(-1);
    m_backend.synchronize();
    const MemoryStats device = m_backend.allocator().stats();
    const MemoryStats host = m_backend.hostAllocator().stats();
    TimelineEvent event;
    event.startMs = start;
    event.endMs = since();
    event.phase = m_phase;
    event.block = m_block;
    event.op = name;
    event.liveBytes = device.liveTotal;
    event.activationBytes = device.liveActivations;
    event.hostBytes = host.live[static_cast<std::size_t>(MemoryCategory::HostOffloaded)];
    event.bytesByCategory = device.live;
    event.bytesByCategory[static_cast<std::size_t>(MemoryCategory::HostOffloaded)] = event.hostBytes;
    m_timeline.push_back(std::move(event));
}

void Trainer::charge(Phase phase, double flops)
{
    if (phase == Phase::Forward)
        m_flops.forward += flops;
    else if (phase == Phase::Recompute)
        m_flops.recompute += flops;
    else if (phase == Phase::Backward)
        m_flops.backward += flops;
}

DropoutSite Trainer::site(int block, std::uint32_t which) const
{
    DropoutSite s;
    s.seed = m_config.seed;
    s.step = static_cast<std::uint32_t>(m_step);
    s.block = static_cast<std::uint32_t>(block);
    s.site = which;
    s.stream = (m_phase == Phase::Recompute && !m_config.rngReplay) ? 1u : 0u;
    s.p = m_config.dropout;
    return s;
}

// Stores the bf16 copy that backward will read (compute keeps using the fp32 values).
void Trainer::keepCopy(SlotTensor& tensor, std::size_t elems, int tag)
{
    if (elems == 0) // fused attention's softmax slot: only its logsumexp, kept in fp32
        return;
    tensor.half = device(elems * 2, MemoryCategory::SavedActivations, tag);
    op("save_bf16", 0, [&] { m_backend.toBf16(tensor.half.halves(), tensor.ptr, elems); });
}

// Computes one activation of a block from the ones before it. In the forward, kept tensors go to
// SavedActivations (bf16: a saved copy, fp32 values as a temporary); in recompute, to the workspace.
void Trainer::produce(int block, Slot slot, BlockActivations& acts)
{
    const auto s = static_cast<std::size_t>(slot);
    SlotTensor& out = acts[slot];
    if (slot == Slot::AttDrop && !m_plan.dropout) {
        out.ptr = acts[Slot::Att].ptr; // without dropout the probabilities are used as they are
        return;
    }
    const SlotPlacement place = placeSlot(m_plan, block, slot, m_phase);
    const int tag = slotTag(block, slot, TensorPart::Value);
    out.value = device(m_sizes.elems[s] * sizeof(float), place.value, tag);
    out.ptr = out.value.floats();
    if (m_sizes.stats[s] > 0)
        out.stats = device(m_sizes.stats[s], place.stats, slotTag(block, slot, TensorPart::Stats));
    const double flops = m_sizes.flops[s];
    const BlockParams& w = m_layout.blocks[static_cast<std::size_t>(block)];
    const float* p = m_params.floats();
    const std::size_t btc = m_sizes.outputElems;
    if (m_plan.fusedAttention && (slot == Slot::Att || slot == Slot::AttDrop || slot == Slot::AttValues)) {
        produceFused(block, slot, acts, out);
        if (place.halfCopy)
            keepCopy(out, m_sizes.elems[s], tag);
        return;
    }
    if (m_llama) {
        produceLlama(block, slot, acts, out, flops);
        if (place.halfCopy)
            keepCopy(out, m_sizes.elems[s], tag);
        return;
    }
    switch (slot) {
    case Slot::Ln1:
        op("ln1", flops, [&] {
            m_backend.layernormForward(out.ptr, out.stats.floats(), out.stats.floats() + BT,
                acts[Slot::Input].ptr, p + w.ln1w, p + w.ln1b, BT, C);
        });
        break;
    case Slot::Qkv:
        op("qkv", flops, [&] {
            m_backend.matmulForward(out.ptr, acts[Slot::Ln1].ptr, p + w.qkvw, p + w.qkvb, BT, C, 3 * C);
        });
        break;
    case Slot::Att:
        op("softmax", flops,
            [&] { m_backend.attentionSoftmaxForward(out.ptr, acts[Slot::Qkv].ptr, B, T, C, H); });
        break;
    case Slot::AttDrop:
        op("attn_dropout", flops, [&] {
            m_backend.dropoutForward(
                out.ptr, acts[Slot::Att].ptr, m_sizes.elems[s], site(block, kSiteAttention));
        });
        break;
    case Slot::AttValues:
        op("attn_values", flops, [&] {
            m_backend.attentionValuesForward(
                out.ptr, acts[Slot::AttDrop].ptr, acts[Slot::Qkv].ptr, B, T, C, H);
        });
        break;
    case Slot::Residual: {
        Buffer projected = device(btc * sizeof(float), MemoryCategory::Temporaries);
        op("proj", flops, [&] {
            m_backend.matmulForward(
                projected.floats(), acts[Slot::AttValues].ptr, p + w.projw, p + w.projb, BT, C, C);
            m_backend.dropoutResidualForward(
                out.ptr, acts[Slot::Input].ptr, projected.floats(), btc, site(block, kSiteAttentionOutput));
        });
        break;
    }
    case Slot::Ln2:
        op("ln2", flops, [&] {
            m_backend.layernormForward(out.ptr, out.stats.floats(), out.stats.floats() + BT,
                acts[Slot::Residual].ptr, p + w.ln2w, p + w.ln2b, BT, C);
        });
        break;
    case Slot::Fc1:
        op("fc1", flops, [&] {
            m_backend.matmulForward(out.ptr, acts[Slot::Ln2].ptr, p + w.fc1w, p + w.fc1b, BT, C, 4 * C);
        });
        break;
    case Slot::Gelu:
        op("gelu", flops, [&] { m_backend.geluForward(out.ptr, acts[Slot::Fc1].ptr, 4 * btc); });
        break;
    case Slot::Input:
    case Slot::Count:
        break;
    }
    if (place.halfCopy)
        keepCopy(out, m_sizes.elems[s], tag);
}

// Fused attention (docs/fused-attention.md) in the attention slots: the softmax slot holds each
// row's logsumexp (as statistics) and no probabilities, the dropout slot nothing, the values slot
// the output; one kernel makes both. Each slot's FLOPs are counted where the slot is produced.
void Trainer::produceFused(int block, Slot slot, BlockActivations& acts, SlotTensor& out)
{
    const double flops = m_sizes.flops[static_cast<std::size_t>(slot)];
    const int kvHeads = m_llama ? G : H;
    if (slot == Slot::AttValues) { // the logsumexp goes to the softmax slot, kept or rebuilt (same bits)
        op("flash_attention", flops, [&] {
            m_backend.flashAttentionForward(out.ptr, acts[Slot::Att].stats.floats(), acts[Slot::Qkv].ptr, B,
                T, C, H, kvHeads, site(block, kSiteAttention));
        });
    } else if (slot == Slot::Att && m_phase == Phase::Recompute && keeps(m_plan, block, Slot::AttValues)) {
        // The output is kept, the logsumexp is not: rebuilt with a scratch output.
        Buffer output = device(m_sizes.outputElems * sizeof(float), MemoryCategory::Temporaries);
        op("flash_attention_lse", flops, [&] {
            m_backend.flashAttentionForward(output.floats(), out.stats.floats(), acts[Slot::Qkv].ptr, B, T, C,
                H, kvHeads, site(block, kSiteAttention));
        });
    } else {
        charge(m_phase, flops); // made by the values slot's kernel
    }
}

// Fused attention's backward: dqkv from the output's gradient, the probabilities and their
// dropout rebuilt per tile (those FLOPs count as recompute, as stepFlops says).
void Trainer::backwardFused(int block, BlockActivations& acts, const float* dvalues, float* dqkv)
{
    const auto fl = [&](Slot s) { return m_sizes.flops[static_cast<std::size_t>(s)]; };
    charge(Phase::Recompute, fl(Slot::Att) + fl(Slot::AttDrop));
    op("flash_attention_backward", 2 * fl(Slot::Att) + fl(Slot::AttDrop) + 2 * fl(Slot::AttValues), [&] {
        m_backend.flashAttentionBackward(dqkv, dvalues, acts[Slot::AttValues].ptr,
            acts[Slot::Att].stats.floats(), acts[Slot::Qkv].ptr, B, T, C, H, m_llama ? G : H,
            site(block, kSiteAttention));
    });
}

// Llama's ops in GPT-2's slots (plan.cpp llamaSizes says what each slot holds).
void Trainer::produceLlama(int block, Slot slot, BlockActivations& acts, SlotTensor& out, double flops)
{
    const BlockParams& w = m_layout.blocks[static_cast<std::size_t>(block)];
    const float* p = m_params.floats();
    const std::size_t btc = m_sizes.outputElems;
    const std::size_t btf = static_cast<std::size_t>(BT) * static_cast<std::size_t>(F);
    switch (slot) {
    case Slot::Ln1:
        op("attn_norm", flops, [&] {
            m_backend.rmsnormForward(out.ptr, out.stats.floats(), acts[Slot::Input].ptr, p + w.ln1w, BT, C);
        });
        break;
    case Slot::Qkv: // wq, wk and wv lie one after the other: one matmul, then q and k rotated
        op("wqkv_rope", flops, [&] {
            m_backend.matmulForward(out.ptr, acts[Slot::Ln1].ptr, p + w.qkvw, qkvBias(p, w), BT, C, QKV);
            m_backend.ropeForward(out.ptr, B, T, C, H, G);
        });
        break;
    case Slot::Att:
        op("softmax", flops,
            [&] { m_backend.gqaSoftmaxForward(out.ptr, acts[Slot::Qkv].ptr, B, T, C, H, G); });
        break;
    case Slot::AttDrop:
        op("attn_dropout", flops, [&] {
            m_backend.dropoutForward(out.ptr, acts[Slot::Att].ptr,
                m_sizes.elems[static_cast<std::size_t>(slot)], site(block, kSiteAttention));
        });
        break;
    case Slot::AttValues:
        op("attn_values", flops, [&] {
            m_backend.gqaValuesForward(out.ptr, acts[Slot::AttDrop].ptr, acts[Slot::Qkv].ptr, B, T, C, H, G);
        });
        break;
    case Slot::Residual: {
        Buffer projected = device(btc * sizeof(float), MemoryCategory::Temporaries);
        op("wo", flops, [&] {
            m_backend.matmulForward(
                projected.floats(), acts[Slot::AttValues].ptr, p + w.projw, nullptr, BT, C, C);
            m_backend.dropoutResidualForward(
                out.ptr, acts[Slot::Input].ptr, projected.floats(), btc, site(block, kSiteAttentionOutput));
        });
        break;
    }
    case Slot::Ln2:
        op("mlp_norm", flops, [&] {
            m_backend.rmsnormForward(
                out.ptr, out.stats.floats(), acts[Slot::Residual].ptr, p + w.ln2w, BT, C);
        });
        break;
    case Slot::Fc1: // w1's output, then w3's
        op("w1_w3", flops, [&] {
            m_backend.matmulForward(out.ptr, acts[Slot::Ln2].ptr, p + w.fc1w, nullptr, BT, C, F);
            m_backend.matmulForward(out.ptr + btf, acts[Slot::Ln2].ptr, p + w.w3, nullptr, BT, C, F);
        });
        break;
    case Slot::Gelu:
        op("swiglu", flops,
            [&] { m_backend.swigluForward(out.ptr, acts[Slot::Fc1].ptr, acts[Slot::Fc1].ptr + btf, btf); });
        break;
    case Slot::Input:
    case Slot::Count:
        break;
    }
}

// The block's result x + dropout(fc2(gelu)) (llama: x + dropout(w2(swiglu))), written as the next
// block's input.
void Trainer::produceOutput(
    int block, BlockActivations& acts, SlotTensor& out, const SlotPlacement& place, int tag)
{
    const std::size_t btc = m_sizes.outputElems;
    const BlockParams& w = m_layout.blocks[static_cast<std::size_t>(block)];
    const float* p = m_params.floats();
    out.value = device(btc * sizeof(float), place.value, tag);
    out.ptr = out.value.floats();
    {
        Buffer projected = device(btc * sizeof(float), MemoryCategory::Temporaries);
        op(m_llama ? "w2" : "fc2", m_sizes.outputFlops, [&] {
            if (m_llama)
                m_backend.matmulForward(
                    projected.floats(), acts[Slot::Gelu].ptr, p + w.fc2w, nullptr, BT, F, C);
            else
                m_backend.matmulForward(
                    projected.floats(), acts[Slot::Gelu].ptr, p + w.fc2w, p + w.fc2b, BT, 4 * C, C);
            m_backend.dropoutResidualForward(
                out.ptr, acts[Slot::Residual].ptr, projected.floats(), btc, site(block, kSiteMlpOutput));
        });
    }
    if (place.halfCopy)
        keepCopy(out, btc, tag);
}

void Trainer::forwardBlock(int block)
{
    enter(Phase::Forward, block);
    BlockActivations& acts = m_blocks[static_cast<std::size_t>(block)];
    for (int s = 1; s < kSlotCount; ++s)
        produce(block, static_cast<Slot>(s), acts);
    if (block == m_config.shape.layers - 1)
        produceOutput(block, acts, m_finalInput, kFinalInputPlacement,
            headTag(m_config.shape.layers, HeadTensor::FinalInput));
    else
        produceOutput(block, acts, m_blocks[static_cast<std::size_t>(block) + 1][Slot::Input],
            placeSlot(m_plan, block + 1, Slot::Input, Phase::Forward),
            slotTag(block + 1, Slot::Input, TensorPart::Value));
    // Drop what backward will not read: fp32 temporaries (all of them, with bf16 saving).
    for (int s = 0; s < kSlotCount; ++s) {
        SlotTensor& t = acts.tensors[static_cast<std::size_t>(s)];
        if (!keeps(m_plan, block, static_cast<Slot>(s))) {
            t.clear();
        } else if (m_plan.bf16) {
            t.value.reset();
            t.ptr = nullptr;
        }
    }
    if (m_plan.offload)
        offloadBlock(block);
}

// Moves a block's kept tensors to the host pool and frees their device memory.
void Trainer::offloadBlock(int block)
{
    BlockActivations& acts = m_blocks[static_cast<std::size_t>(block)];
    const auto start = std::chrono::steady_clock::now();
    op("offload", 0, [&] {
        for (SlotTensor& t : acts.tensors) {
            Buffer& kept = t.half.empty() ? t.value : t.half;
            if (!kept.empty()) {
                t.host = Buffer(m_backend.hostAllocator(), kept.bytes(), MemoryCategory::HostOffloaded);
                m_backend.offloadAsync(t.host.data(), kept.data(), kept.bytes());
                m_offloadBytes += kept.bytes();
            }
            if (!t.stats.empty()) {
                t.hostStats
                    = Buffer(m_backend.hostAllocator(), t.stats.bytes(), MemoryCategory::HostOffloaded);
                m_backend.offloadAsync(t.hostStats.data(), t.stats.data(), t.stats.bytes());
                m_offloadBytes += t.stats.bytes();
            }
        }
        m_backend.waitTransfers();
        for (SlotTensor& t : acts.tensors) {
            t.value.reset();
            t.half.reset();
            t.stats.reset();
            t.ptr = nullptr;
        }
    });
    m_offloadMs
        += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// Starts bringing a segment's offloaded tensors back to the device; device memory for them is
// taken now. On CUDA the copies run on the transfer stream while compute goes on.
void Trainer::prefetchSegment(const Segment& segment)
{
    for (int m = segment.first; m <= segment.last; ++m) {
        for (SlotTensor& t : m_blocks[static_cast<std::size_t>(m)].tensors) {
            if (!t.host.empty()) {
                const auto slot
                    = static_cast<Slot>(&t - m_blocks[static_cast<std::size_t>(m)].tensors.data());
                Buffer back = device(
                    t.host.bytes(), MemoryCategory::SavedActivations, slotTag(m, slot, TensorPart::Value));
                m_backend.prefetchAsync(back.data(), t.host.data(), t.host.bytes());
                m_offloadBytes += t.host.bytes();
                (m_plan.bf16 ? t.half : t.value) = std::move(back);
            }
            if (!t.hostStats.empty()) {
                const auto slot
                    = static_cast<Slot>(&t - m_blocks[static_cast<std::size_t>(m)].tensors.data());
                t.stats = device(t.hostStats.bytes(), MemoryCategory::SavedActivations,
                    slotTag(m, slot, TensorPart::Stats));
                m_backend.prefetchAsync(t.stats.data(), t.hostStats.data(), t.hostStats.bytes());
                m_offloadBytes += t.hostStats.bytes();
            }
        }
    }
}

// Gets every activation of a segment's blocks ready for backward: prefetches offloaded ones,
// widens bf16 ones, and recomputes the rest from the segment's saved input. With offload, the
// segment before it starts coming back at once, so its copies overlap this segment's work.
void Trainer::restoreSegment(const Segment& segment)
{
    enter(Phase::Recompute, segment.last);
    if (m_plan.offload) {
        const auto start = std::chrono::steady_clock::now();
        op("prefetch", 0, [&] {
            // Backward starts at the last segment, whose copies nothing could overlap; every other
            // one was started while the segment after it was restored.
            const std::size_t index = static_cast<std::size_t>(&segment - m_plan.segments.data());
            if (index + 1 == m_plan.segments.size())
                prefetchSegment(segment);
            m_backend.waitTransfers();
            for (int m = segment.first; m <= segment.last; ++m) {
                for (SlotTensor& t : m_blocks[static_cast<std::size_t>(m)].tensors) {
                    t.host.reset();
                    t.hostStats.reset();
                    if (!t.value.empty())
                        t.ptr = t.value.floats();
                }
            }
            if (index > 0)
                prefetchSegment(m_plan.segments[index - 1]);
        });
        m_offloadMs
            += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    }
    for (int m = segment.first; m <= segment.last; ++m) {
        BlockActivations& acts = m_blocks[static_cast<std::size_t>(m)];
        for (int s = 0; s < kSlotCount; ++s) {
            const auto slot = static_cast<Slot>(s);
            SlotTensor& t = acts[slot];
            if (slot == Slot::AttDrop && !m_plan.dropout) {
                t.ptr = acts[Slot::Att].ptr;
            } else if (keeps(m_plan, m, slot)) {
                if (m_plan.bf16) {
                    const std::size_t elems = m_sizes.elems[static_cast<std::size_t>(s)];
                    t.value = device(elems * sizeof(float), MemoryCategory::RecomputeWorkspace,
                        slotTag(m, slot, TensorPart::Widened));
                    t.ptr = t.value.floats();
                    op("load_bf16", 0, [&] { m_backend.fromBf16(t.ptr, t.half.halves(), elems); });
                } else {
                    t.ptr = t.value.floats();
                }
            } else if (slot != Slot::Input) {
                produce(m, slot, acts);
            }
        }
        if (m < segment.last)
            produceOutput(m, acts, m_blocks[static_cast<std::size_t>(m) + 1][Slot::Input],
                placeSlot(m_plan, m + 1, Slot::Input, Phase::Recompute),
                slotTag(m + 1, Slot::Input, TensorPart::Value));
    }
}

// Backpropagates through one block: dx holds d(loss)/d(block output) and becomes d/d(input).
void Trainer::backwardBlock(int block, float* dx)
{
    if (m_llama) {
        backwardLlamaBlock(block, dx);
        return;
    }
    enter(Phase::Backward, block);
    BlockActivations& acts = m_blocks[static_cast<std::size_t>(block)];
    const BlockParams& w = m_layout.blocks[static_cast<std::size_t>(block)];
    const float* p = m_params.floats();
    float* g = m_grads.floats();
    const std::size_t btc = m_sizes.outputElems;
    const auto& f = m_sizes.flops;
    const auto fl = [&](Slot s) { return f[static_cast<std::size_t>(s)]; };
    // Each gradient has the size of its activation (predictor.cpp counts the same).
    const auto gradient = [&](Slot s) {
        return device(
            m_sizes.elems[static_cast<std::size_t>(s)] * sizeof(float), MemoryCategory::Temporaries);
    };

    Buffer dproj = device(btc * sizeof(float), MemoryCategory::Temporaries);
    Buffer dfc1 = gradient(Slot::Fc1);
    Buffer dnorm = gradient(Slot::Ln2);
    op("fc2_gelu_backward", 2 * m_sizes.outputFlops + 2 * fl(Slot::Gelu), [&] {
        m_backend.dropoutBackward(dproj.floats(), dx, btc, site(block, kSiteMlpOutput));
        m_backend.matmulGeluBackward(dfc1.floats(), g + w.fc2w, g + w.fc2b, dproj.floats(),
            acts[Slot::Gelu].ptr, p + w.fc2w, acts[Slot::Fc1].ptr, BT, 4 * C, C);
    });
    op("fc1_backward", 2 * fl(Slot::Fc1), [&] {
        m_backend.matmulBackward(dnorm.floats(), g + w.fc1w, g + w.fc1b, dfc1.floats(), acts[Slot::Ln2].ptr,
            p + w.fc1w, BT, C, 4 * C);
    });
    const SlotTensor& ln2 = acts[Slot::Ln2];
    op("ln2_backward", 2 * fl(Slot::Ln2), [&] {
        m_backend.layernormBackward(dx, g + w.ln2w, g + w.ln2b, dnorm.floats(), acts[Slot::Residual].ptr,
            p + w.ln2w, ln2.stats.floats(), ln2.stats.floats() + BT, BT, C);
    });
    dfc1.reset();

    const AttentionGradients att = backwardAttention(block, acts, dx, dproj.floats());
    op("qkv_backward", 2 * fl(Slot::Qkv), [&] {
        m_backend.matmulBackward(dnorm.floats(), g + w.qkvw, g + w.qkvb, att.dqkv.floats(),
            acts[Slot::Ln1].ptr, p + w.qkvw, BT, C, 3 * C);
    });
    const SlotTensor& ln1 = acts[Slot::Ln1];
    op("ln1_backward", 2 * fl(Slot::Ln1), [&] {
        m_backend.layernormBackward(dx, g + w.ln1w, g + w.ln1b, dnorm.floats(), acts[Slot::Input].ptr,
            p + w.ln1w, ln1.stats.floats(), ln1.stats.floats() + BT, BT, C);
    });
    acts.clear();
}

// The attention half's backward, one for both architectures, from the block's d(output) in dx to
// d(qkv): the output projection (GPT-2's has a bias, llama's wo none), then attention, fused or
// through the values and the softmax (grouped-query for llama: G key/value heads). The buffers
// stay the caller's until the block's backward ends, allocated in the order the predictor counts.
Trainer::AttentionGradients Trainer::backwardAttention(
    int block, BlockActivations& acts, const float* dx, float* dproj)
{
    const BlockParams& w = m_layout.blocks[static_cast<std::size_t>(block)];
    const float* p = m_params.floats();
    float* g = m_grads.floats();
    const std::size_t btc = m_sizes.outputElems;
    const std::size_t bhtt = m_sizes.elems[static_cast<std::size_t>(Slot::Att)];
    const auto fl = [&](Slot s) { return m_sizes.flops[static_cast<std::size_t>(s)]; };
    const auto gradient = [&](Slot s) {
        return device(
            m_sizes.elems[static_cast<std::size_t>(s)] * sizeof(float), MemoryCategory::Temporaries);
    };

    AttentionGradients out;
    out.dvalues = gradient(Slot::AttValues);
    op(m_llama ? "wo_backward" : "proj_backward", 2 * fl(Slot::Residual), [&] {
        m_backend.dropoutBackward(dproj, dx, btc, site(block, kSiteAttentionOutput));
        m_backend.matmulBackward(out.dvalues.floats(), g + w.projw, m_llama ? nullptr : g + w.projb, dproj,
            acts[Slot::AttValues].ptr, p + w.projw, BT, C, C);
    });
    out.datt = gradient(Slot::Att);
    out.dqkv = gradient(Slot::Qkv);
    float* datt = out.datt.floats();
    float* dqkv = out.dqkv.floats();
    if (m_plan.fusedAttention) {
        backwardFused(block, acts, out.dvalues.floats(), dqkv);
        return out;
    }
    op("attn_values_backward", 2 * fl(Slot::AttValues), [&] {
        if (m_llama)
            m_backend.gqaValuesBackward(datt, dqkv, out.dvalues.floats(), acts[Slot::AttDrop].ptr,
                acts[Slot::Qkv].ptr, B, T, C, H, G);
        else
            m_backend.attentionValuesBackward(
                datt, dqkv, out.dvalues.floats(), acts[Slot::AttDrop].ptr, acts[Slot::Qkv].ptr, B, T, C, H);
    });
    if (m_plan.dropout)
        op("attn_dropout_backward", fl(Slot::AttDrop),
            [&] { m_backend.dropoutBackward(datt, datt, bhtt, site(block, kSiteAttention)); });
    op("softmax_backward", 2 * fl(Slot::Att), [&] {
        if (m_llama)
            m_backend.gqaSoftmaxBackward(dqkv, datt, acts[Slot::Att].ptr, acts[Slot::Qkv].ptr, B, T, C, H, G);
        else
            m_backend.attentionSoftmaxBackward(
                dqkv, datt, acts[Slot::Att].ptr, acts[Slot::Qkv].ptr, B, T, C, H);
    });
    return out;
}

// Llama's block backward: the same gradient buffers in the same order as backwardBlock (the
// predictor counts one sequence for both), each the size of its activation.
void Trainer::backwardLlamaBlock(int block, float* dx)
{
    enter(Phase::Backward, block);
    BlockActivations& acts = m_blocks[static_cast<std::size_t>(block)];
    const BlockParams& w = m_layout.blocks[static_cast<std::size_t>(block)];
    const float* p = m_params.floats();
    float* g = m_grads.floats();
    const std::size_t btc = m_sizes.outputElems;
    const std::size_t btf = static_cast<std::size_t>(BT) * static_cast<std::size_t>(F);
    const auto fl = [&](Slot s) { return m_sizes.flops[static_cast<std::size_t>(s)]; };
    const auto gradient = [&](Slot s) {
        return device(
            m_sizes.elems[static_cast<std::size_t>(s)] * sizeof(float), MemoryCategory::Temporaries);
    };

    Buffer dproj = device(btc * sizeof(float), MemoryCategory::Temporaries);
    Buffer dfc1 = gradient(Slot::Fc1); // d(w1 output), then d(w3 output)
    Buffer dnorm = gradient(Slot::Ln2);
    const float* h = acts[Slot::Fc1].ptr;
    op("w2_swiglu_backward", 2 * m_sizes.outputFlops + 2 * fl(Slot::Gelu), [&] {
        m_backend.dropoutBackward(dproj.floats(), dx, btc, site(block, kSiteMlpOutput));
        // d(swiglu) lands where d(w3 output) goes; SwiGLU's backward reads it there first.
        m_backend.matmulBackward(dfc1.floats() + btf, g + w.fc2w, nullptr, dproj.floats(),
            acts[Slot::Gelu].ptr, p + w.fc2w, BT, F, C);
        m_backend.swigluBackward(dfc1.floats(), dfc1.floats() + btf, dfc1.floats() + btf, h, h + btf, btf);
    });
    op("w1_w3_backward", 2 * fl(Slot::Fc1), [&] {
        m_backend.matmulBackward(
            dnorm.floats(), g + w.fc1w, nullptr, dfc1.floats(), acts[Slot::Ln2].ptr, p + w.fc1w, BT, C, F);
        // w3's share of d(mlp_norm output) in dproj, free until the attention half overwrites it.
        m_backend.matmulBackward(
            dproj.floats(), g + w.w3, nullptr, dfc1.floats() + btf, acts[Slot::Ln2].ptr, p + w.w3, BT, C, F);
        m_backend.residualForward(dnorm.floats(), dnorm.floats(), dproj.floats(), btc);
    });
    const SlotTensor& ln2 = acts[Slot::Ln2];
    op("mlp_norm_backward", 2 * fl(Slot::Ln2), [&] {
        m_backend.rmsnormBackward(
            dx, g + w.ln2w, dnorm.floats(), acts[Slot::Residual].ptr, p + w.ln2w, ln2.stats.floats(), BT, C);
    });
    dfc1.reset();

    const AttentionGradients att = backwardAttention(block, acts, dx, dproj.floats());
    op("wqkv_rope_backward", 2 * fl(Slot::Qkv), [&] {
        m_backend.ropeBackward(att.dqkv.floats(), B, T, C, H, G);
        m_backend.matmulBackward(dnorm.floats(), g + w.qkvw, qkvBias(g, w), att.dqkv.floats(),
            acts[Slot::Ln1].ptr, p + w.qkvw, BT, C, QKV);
    });
    const SlotTensor& ln1 = acts[Slot::Ln1];
    op("attn_norm_backward", 2 * fl(Slot::Ln1), [&] {
        m_backend.rmsnormBackward(
            dx, g + w.ln1w, dnorm.floats(), acts[Slot::Input].ptr, p + w.ln1w, ln1.stats.floats(), BT, C);
    });
    acts.clear();
}

float Trainer::forwardHead()
{
    enter(Phase::Forward, -1);
    const std::size_t btc = m_sizes.outputElems, btv = m_sizes.logitsElems;
    const float* p = m_params.floats();
    const int n = m_config.shape.layers;
    m_lnf.value = device(btc * sizeof(float), MemoryCategory::SavedActivations, headTag(n, HeadTensor::Lnf));
    m_lnf.stats = device(m_sizes.stats[static_cast<std::size_t>(Slot::Ln1)], MemoryCategory::SavedActivations,
        headTag(n, HeadTensor::LnfStats));
    m_lnf.ptr = m_lnf.value.floats();
    op(m_llama ? "norm" : "lnf", m_sizes.edge.lnf, [&] {
        if (m_llama)
            m_backend.rmsnormForward(
                m_lnf.ptr, m_lnf.stats.floats(), m_finalInput.ptr, p + m_layout.lnfw, BT, C);
        else
            m_backend.layernormForward(m_lnf.ptr, m_lnf.stats.floats(), m_lnf.stats.floats() + BT,
                m_finalInput.ptr, p + m_layout.lnfw, p + m_layout.lnfb, BT, C);
    });
    Buffer logits = device(btv * sizeof(float), MemoryCategory::Temporaries);
    op("head", m_sizes.edge.head,
        [&] { m_backend.matmulForward(logits.floats(), m_lnf.ptr, p + m_layout.headw, nullptr, BT, C, V); });
    m_probs.value = device(
        btv * sizeof(float), MemoryCategory::SavedActivations, headTag(n, HeadTensor::Probabilities));
    m_probs.ptr = m_probs.value.floats();
    Buffer losses = device(m_sizes.rows * sizeof(float), MemoryCategory::Temporaries);
    float loss = 0;
    op("cross_entropy", m_sizes.edge.crossEntropy, [&] {
        m_backend.crossEntropyForward(losses.floats(), m_probs.ptr, logits.floats(), m_targets.ints(), BT, V);
        loss = m_backend.meanLoss(losses.floats(), BT);
    });
    return loss;
}

void Trainer::backwardHead(float* dx)
{
    enter(Phase::Backward, -1);
    const std::size_t btc = m_sizes.outputElems;
    const float* p = m_params.floats();
    float* g = m_grads.floats();
    Buffer dnorm = device(btc * sizeof(float), MemoryCategory::Temporaries);
    op("cross_entropy_backward", m_sizes.edge.crossEntropyBackward, [&] {
        m_backend.crossEntropyBackward(
            m_probs.ptr, m_probs.ptr, m_targets.ints(), 1.0f / static_cast<float>(BT), BT, V);
    });
    op("head_backward", m_sizes.edge.headBackward, [&] {
        m_backend.matmulBackward(dnorm.floats(), g + m_layout.headw, nullptr, m_probs.ptr, m_lnf.ptr,
            p + m_layout.headw, BT, C, V);
    });
    m_probs.clear();
    op(m_llama ? "norm_backward" : "lnf_backward", m_sizes.edge.lnfBackward, [&] {
        m_backend.fill(dx, 0.0f, btc);
        if (m_llama)
            m_backend.rmsnormBackward(dx, g + m_layout.lnfw, dnorm.floats(), m_finalInput.ptr,
                p + m_layout.lnfw, m_lnf.stats.floats(), BT, C);
        else
            m_backend.layernormBackward(dx, g + m_layout.lnfw, g + m_layout.lnfb, dnorm.floats(),
                m_finalInput.ptr, p + m_layout.lnfw, m_lnf.stats.floats(), m_lnf.stats.floats() + BT, BT, C);
    });
    m_lnf.clear();
    m_finalInput.clear();
}

void Trainer::optimizerStep(int index)
{
    enter(Phase::Optimizer, -1);
    const float lr = m_config.learningRate;
    op("optimizer", 0, [&] {
        if (m_config.optimizer == Optimizer::AdamW)
            m_backend.adamwUpdate(m_params.floats(), m_grads.floats(), m_moment1.floats(), m_moment2.floats(),
                m_layout.total, lr, kAdamBeta1, kAdamBeta2, kAdamEps, kWeightDecay, index + 1);
        else
            m_backend.sgdUpdate(m_params.floats(), m_grads.floats(), m_moment1.floats(), m_layout.total, lr,
                kSgdMomentum, kWeightDecay);
    });
}

// On CUDA the copies run on a side stream while compute goes on, so the host clock around the
// calls only sees them queued: their time comes from the device's events instead.
double Trainer::offloadMs()
{
    const double deviceMs = m_backend.takeTransferMs();
    return m_backend.device() == Device::Cuda ? deviceMs : m_offloadMs;
}

float Trainer::forward(int index, bool recordTimeline)
{
    m_step = index;
    m_within = 0;
    m_flops = {};
    m_recording = recordTimeline;
    m_timeline.clear();
    m_offloadBytes = 0;
    m_offloadMs = 0;
    m_backend.takeTransferMs(); // forget earlier steps' device-timed copies
    m_stepStart = std::chrono::steady_clock::now();
    if (recordTimeline)
        m_backend.allocator().startRecording(m_stepStart);
    const std::size_t btc = m_sizes.outputElems;
    const float* p = m_params.floats();

    enter(Phase::Forward, 0);
    SlotTensor& input = m_blocks[0][Slot::Input];
    const SlotPlacement place = placeSlot(m_plan, 0, Slot::Input, Phase::Forward);
    const int inputTag = slotTag(0, Slot::Input, TensorPart::Value);
    input.value = device(btc * sizeof(float), place.value, inputTag);
    input.ptr = input.value.floats();
    op("embedding", m_sizes.edge.embedding, [&] {
        m_backend.encoderForward(
            input.ptr, m_tokens.ints(), p + m_layout.wte, m_llama ? nullptr : p + m_layout.wpe, B, T, C);
    });
    if (place.halfCopy)
        keepCopy(input, btc, inputTag);
    for (int i = 0; i < m_config.shape.layers; ++i)
        forwardBlock(i);
    return forwardHead();
}

float Trainer::forwardLoss(int index)
{
    const float loss = forward(index, false);
    for (BlockActivations& acts : m_blocks)
        acts.clear();
    m_finalInput.clear();
    m_lnf.clear();
    m_probs.clear();
    return loss;
}

float Trainer::step(int index, bool recordTimeline, bool update)
{
    const float loss = forward(index, recordTimeline);
    const std::size_t btc = m_sizes.outputElems;
    m_backend.fill(m_grads.floats(), 0.0f, m_layout.total);
    Buffer dx = device(btc * sizeof(float), MemoryCategory::Temporaries);
    backwardHead(dx.floats());
    for (auto seg = m_plan.segments.rbegin(); seg != m_plan.segments.rend(); ++seg) {
        restoreSegment(*seg);
        for (int m = seg->last; m >= seg->first; --m)
            backwardBlock(m, dx.floats());
    }
    enter(Phase::Backward, -1);
    op("embedding_backward", m_sizes.edge.embeddingBackward, [&] {
        m_backend.encoderBackward(m_grads.floats() + m_layout.wte,
            m_llama ? nullptr : m_grads.floats() + m_layout.wpe, dx.floats(), m_tokens.ints(), B, T, C);
    });
    dx.reset();
    if (update)
        optimizerStep(index);
    closePhaseRange();
    m_backend.synchronize();
    m_lastLoss = loss;
    if (m_recording)
        m_memory = m_backend.allocator().takeRecording();
    m_recording = false;
    return loss;
}

} // namespace rlab::detail
