#pragma once
// The recomputation plan: which activations each block keeps for backward, and which blocks
// are recomputed together (segments). Every policy becomes a plan; the trainer runs the plan
// and the predictor (predictor.h) walks the same plan to model its memory without running it.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rlab/config.h"
#include "rlab/memory.h"

namespace rlab::detail {

// A block's activations, in the order the forward produces them. Output is the block's result
// (the next block's Input); it is never kept by its own block.
enum class Slot { Input, Ln1, Qkv, Att, AttDrop, AttValues, Residual, Ln2, Fc1, Gelu, Count };
constexpr int kSlotCount = static_cast<int>(Slot::Count);
using SlotMask = std::uint32_t;
constexpr SlotMask slotBit(Slot slot)
{
    return SlotMask {1} << static_cast<int>(slot);
}
constexpr SlotMask kAllSlots = (SlotMask {1} << kSlotCount) - 1;

OpKind slotKind(Slot slot);
SlotMask slotsOfKinds(const std::vector<OpKind>& kinds);

// The ledger's rows (rlab/ledger.h) as the trainer and the predictor tag activation allocations
// (TrackingAllocator::setTag): per block, each slot's values, its statistics and, saved in bf16,
// the fp32 copy widened for backward; after the blocks, the head's tensors.
enum class TensorPart { Value, Stats, Widened };
constexpr int kTagsPerBlock = kSlotCount * 3;
constexpr int slotTag(int block, Slot slot, TensorPart part)
{
    return block * kTagsPerBlock + static_cast<int>(slot) * 3 + static_cast<int>(part);
}
enum class HeadTensor { FinalInput, Lnf, LnfStats, Probabilities, Count };
constexpr int headTag(int layers, HeadTensor tensor)
{
    return layers * kTagsPerBlock + static_cast<int>(tensor);
}
constexpr int tagCount(int layers)
{
    return headTag(layers, HeadTensor::Count);
}

struct Segment {
    int first = 0; // keeps its Input (and whatever its mask says)
    int last = 0; // blocks first+1..last keep nothing and are recomputed from first's Input
};

struct Plan {
    std::vector<SlotMask> keep; // per block
    std::vector<Segment> segments;
    bool offload = false;
    bool bf16 = false;
    bool dropout = false; // p > 0: the attention dropout output is its own tensor
    bool fusedAttention = false; // predicted only: no T x T tensors (RunConfig::fusedAttention)
};

// Sizes and modeled costs of one block's activations for a shape, and of the step's other
// tensors; the trainer allocates by these and the predictor counts them (checked 64-bit).
struct SlotSizes {
    std::array<std::uint64_t, kSlotCount> elems {}; // floats of the main tensor (0: none)
    std::array<std::uint64_t, kSlotCount> stats {}; // bytes of LayerNorm mean and rstd
    std::array<double, kSlotCount> flops {}; // forward FLOPs to produce the slot
    double outputFlops = 0; // fc2 + dropout + residual: the block's result
    std::uint64_t outputElems = 0; // the block's result, and every (B, T, width) tensor
    std::uint64_t rows = 0; // B*T: tokens, targets, per-row losses
    std::uint64_t logitsElems = 0; // B*T*vocab: logits and probabilities
    // The ops outside the blocks, forward and backward: the trainer spends and stepFlops counts these.
    struct EdgeFlops {
        double embedding = 0, lnf = 0, head = 0, crossEntropy = 0;
        double crossEntropyBackward = 0, headBackward = 0, lnfBackward = 0, embeddingBackward = 0;
    } edge;
};
// With fused attention the probabilities are no tensor: the softmax slot keeps each row's
// logsumexp (B*H*T floats, as statistics) and the dropout slot nothing (its mask is regenerated).
SlotSizes slotSizes(const ModelShape& shape, bool dropout, bool fusedAttention = false);

// Bytes a kept slot occupies while saved (bf16 halves the main tensor; stats stay fp32), checked.
std::uint64_t keptBytes(const SlotSizes& sizes, Slot slot, bool bf16);

// Where one activation's tensors go while a step runs: the rule the trainer allocates by and
// the predictor counts by.
struct SlotPlacement {
    MemoryCategory value = MemoryCategory::Temporaries; // fp32 values
    MemoryCategory stats = MemoryCategory::Temporaries; // LayerNorm statistics
    bool halfCopy = false; // backward reads a bf16 copy, kept in SavedActivations
};
// In the forward a kept slot is saved (bf16: as a copy, its fp32 values a temporary) and the
// rest are temporaries; recompute builds everything in the workspace. A block's Input is the
// previous block's output.
// The last block's output, the final LayerNorm's input: saved in fp32 whatever the plan.
constexpr SlotPlacement kFinalInputPlacement {
    MemoryCategory::SavedActivations, MemoryCategory::SavedActivations, false};
// (Inline: the budget planner has the predictor walk thousands of plans.)
inline bool keeps(const Plan& plan, int block, Slot slot)
{
    return (plan.keep[static_cast<std::size_t>(block)] & slotBit(slot)) != 0;
}
inline SlotPlacement placeSlot(const Plan& plan, int block, Slot slot, Phase phase)
{
    if (phase == Phase::Recompute)
        return {MemoryCategory::RecomputeWorkspace, MemoryCategory::RecomputeWorkspace, false};
    if (keeps(plan, block, slot))
        return {plan.bf16 ? MemoryCategory::Temporaries : MemoryCategory::SavedActivations,
            MemoryCategory::SavedActivations, plan.bf16};
    return {MemoryCategory::Temporaries, MemoryCategory::Temporaries, false};
}

// Blocks per segment that keep the least activation memory, from one block's checkpoint (its
// input) and everything it saves: round(sqrt(N * checkpoint / block)), at least 1.
int bestSegmentBlocks(const RunConfig& config);

// The plan for a policy; for budget policies the planner's choice, or nullopt with *error set
// (naming the smallest budget that would fit).
std::optional<Plan> makePlan(const RunConfig& config, std::string* error);

// FLOPs one step spends recomputing.
double planRecomputeFlops(const Plan& plan, const RunConfig& config);

// FLOPs of one step, by phase: what the trainer counts as its ops run, and stepFlops predicts.
struct StepFlops {
    double forward = 0, recompute = 0, backward = 0;
};
StepFlops stepFlops(const Plan& plan, const RunConfig& config);

} // namespace rlab::detail
