#pragma once
// The recomputation plan: which activations each block keeps for backward, and which blocks
// are recomputed together (segments). Every policy becomes a plan; the trainer runs the plan
// and the predictor walks the same plan to model its memory without running it.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rlab/config.h"

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

const char* slotName(Slot slot);
OpKind slotKind(Slot slot);
SlotMask slotsOfKinds(const std::vector<OpKind>& kinds);

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
};

// Sizes and modeled costs of one block's activations for a shape.
struct SlotSizes {
    std::array<std::uint64_t, kSlotCount> elems {}; // floats of the main tensor (0: none)
    std::array<std::uint64_t, kSlotCount> stats {}; // bytes of LayerNorm mean and rstd
    std::array<double, kSlotCount> flops {}; // forward FLOPs to produce the slot
    double outputFlops = 0; // fc2 + dropout + residual: the block's result
    std::uint64_t outputElems = 0;
};
SlotSizes slotSizes(const ModelShape& shape, bool dropout);

// Bytes a kept slot occupies while saved (bf16 halves the main tensor; stats stay fp32).
std::uint64_t keptBytes(const SlotSizes& sizes, Slot slot, bool bf16);
// Bytes of the fp32 workspace the backward needs for the slot when it is not saved in fp32.
std::uint64_t workspaceBytes(const SlotSizes& sizes, Slot slot, bool kept, bool bf16);

// Blocks per segment that keep the least activation memory, from one block's checkpoint (its
// input) and everything it saves: round(sqrt(N * checkpoint / block)), at least 1.
int bestSegmentBlocks(const RunConfig& config);

// The plan for a policy; for budget policies the planner's choice, or nullopt with *error set
// (naming the smallest budget that would fit).
std::optional<Plan> makePlan(const RunConfig& config, std::string* error);

// Analytic peak of SavedActivations + RecomputeWorkspace for the plan (the trainer's exact
// allocation order, from the op graph alone).
std::uint64_t predictActivationPeak(const Plan& plan, const RunConfig& config);
// Bytes held on the host pool at most (offload).
std::uint64_t predictHostPeak(const Plan& plan, const RunConfig& config);
// FLOPs one step spends recomputing.
double planRecomputeFlops(const Plan& plan, const RunConfig& config);

// Final layer activations kept for backward: LNf input and output (+ stats) and the probabilities.
std::uint64_t finalSavedBytes(const ModelShape& shape);

} // namespace rlab::detail
