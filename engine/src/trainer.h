#pragma once
// Runs training steps of the reference model under a recomputation plan, on any Backend.
// The model is written once here, on the Backend's ops (llm.c style); every activation,
// gradient and temporary is a Buffer in its memory category.

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "model.h"
#include "plan.h"
#include "rlab/backend.h"
#include "rlab/buffer.h"
#include "rlab/engine.h"

namespace rlab::detail {

// One activation of a block and where its bytes are right now.
struct SlotTensor {
    Buffer value; // fp32 values (saved, workspace or temporary)
    Buffer stats; // LayerNorm mean then rstd
    Buffer half; // bf16 copy kept for backward (save precision bf16)
    Buffer host; // offloaded copy of what is kept
    Buffer hostStats; // offloaded stats
    float* ptr = nullptr; // fp32 values to read; may point into another slot (dropout off)
    void clear();
};

struct BlockActivations {
    std::array<SlotTensor, kSlotCount> tensors;
    SlotTensor& operator[](Slot s) { return tensors[static_cast<std::size_t>(s)]; }
    void clear();
};

class Trainer {
public:
    Trainer(Backend& backend, const RunConfig& config, Plan plan, ProgressCallback progress,
        const std::atomic<bool>* cancel);

    const ModelLayout& layout() const { return m_layout; }
    void loadParameters(const std::vector<float>& params);
    void loadBatch(const std::vector<std::int32_t>& tokens, const std::vector<std::int32_t>& targets);
    // Forward, backward and the optimizer update; returns the mean loss. The step's gradients
    // stay readable until the next step.
    float step(int index, bool recordTimeline, bool update = true);
    // The loss of a step's batch at the current parameters, forward only (gradient checks).
    float forwardLoss(int index);
    std::vector<float> gradients() const;
    std::vector<float> parameters() const;
    double gradientAbsSum() const;

    const StepFlops& flops() const { return m_flops; }
    const std::vector<TimelineEvent>& timeline() const { return m_timeline; }
    // The recorded step's device allocations and releases (empty unless a step was recorded).
    const MemoryRecording& memoryRecording() const { return m_memory; }
    std::uint64_t offloadBytes() const { return m_offloadBytes; }
    double offloadMs();

private:
    void op(const char* name, double flops, const std::function<void()>& body);
    void enter(Phase phase, int block);
    void closePhaseRange();
    DropoutSite site(int block, std::uint32_t which) const;
    // `tag`: the ledger row the buffer belongs to (plan.h slotTag, headTag); -1 none.
    Buffer device(std::size_t bytes, MemoryCategory category, int tag = -1);

    void forwardBlock(int block);
    void produce(int block, Slot slot, BlockActivations& acts);
    void produceLlama(int block, Slot slot, BlockActivations& acts, SlotTensor& out, double flops);
    void produceFused(int block, Slot slot, BlockActivations& acts, SlotTensor& out);
    void backwardFused(int block, BlockActivations& acts, const float* dvalues, float* dqkv);
    void charge(Phase phase, double flops); // FLOPs spent, by phase
    void produceOutput(
        int block, BlockActivations& acts, SlotTensor& out, const SlotPlacement& place, int tag);
    void keepCopy(SlotTensor& tensor, std::size_t elems, int tag);
    void offloadBlock(int block);
    void prefetchSegment(const Segment& segment);
    void restoreSegment(const Segment& segment); // one of m_plan.segments
    void backwardBlock(int block, float* dx);
    // The attention half's gradient buffers, alive until the block's backward ends.
    struct AttentionGradients {
        Buffer dvalues;
        Buffer datt;
        Buffer dqkv;
    };
    AttentionGradients backwardAttention(int block, BlockActivations& acts, const float* dx, float* dproj);
    void backwardLlamaBlock(int block, float* dx);
    float forwardHead();
    void backwardHead(float* dx);
    void optimizerStep(int index);
    float forward(int index, bool recordTimeline);
    // Llama's wq, wk and wv biases (or their gradients) where the model has them (--qkv-bias).
    template<typename Floats> Floats qkvBias(Floats base, const BlockParams& w) const
    {
        return m_config.shape.qkvBias ? base + w.qkvb : nullptr;
    }

    Backend& m_backend;
    RunConfig m_config;
    Plan m_plan;
    ModelLayout m_layout;
    SlotSizes m_sizes;
    ProgressCallback m_progress;
    const std::atomic<bool>* m_cancel;
    int B, T, C, H, V, BT;
    bool m_llama; // docs/llama.md "The contract": the same slots, other ops (docs/llama.md)
    int G, F, QKV; // llama: key/value heads, SwiGLU hidden size, floats of a q, k, v row

    Buffer m_params, m_grads, m_moment1, m_moment2;
    Buffer m_tokens, m_targets;
    std::vector<BlockActivations> m_blocks;
    SlotTensor m_finalInput, m_lnf, m_probs;

    int m_step = 0;
    Phase m_phase = Phase::Setup;
    bool m_phaseRange = false; // a profiler range for m_phase is open
    int m_block = -1;
    double m_within = 0; // share of the current step done, for progress
    float m_lastLoss;
    StepFlops m_flops;
    bool m_recording = false;
    std::chrono::steady_clock::time_point m_stepStart;
    std::vector<TimelineEvent> m_timeline;
    MemoryRecording m_memory;
    std::uint64_t m_offloadBytes = 0;
    double m_offloadMs = 0;
};

} // namespace rlab::detail
