#pragma once
// The memory predictor: what one training step holds at most, by category, from the plan alone.
// Nothing is allocated and every count is checked 64-bit arithmetic (RunError when a count does
// not fit), so it answers at real model sizes. It walks the trainer's allocations in the
// trainer's order, with the sizes (SlotSizes), placements (placeSlot) and parameter table the
// trainer allocates by; the engine tests require the measured peaks to equal it for every policy.

#include <cstdint>
#include <vector>

#include "plan.h"
#include "rlab/memory.h"

namespace rlab::detail {

// Peaks as the device and host allocators would report them after the trainer's first step:
// peak[] per category (HostOffloaded from the host pool), peakTotal over the device categories,
// peakActivations of SavedActivations + RecomputeWorkspace. Live counts are what stays between
// steps (parameters, gradients, optimizer state, the batch).
MemoryStats predictMemory(const Plan& plan, const RunConfig& config);

// predictMemory(plan, config).peakActivations: the budget planner's measure of a plan.
std::uint64_t predictActivationPeak(const Plan& plan, const RunConfig& config);

// The activation bytes of each ledger tag (plan.h slotTag, headTag) at the moment the activation
// peak is first reached: the predicted ledger's bytes at the peak (rlab/ledger.h).
std::vector<std::uint64_t> predictTagBytesAtPeak(const Plan& plan, const RunConfig& config);

} // namespace rlab::detail
