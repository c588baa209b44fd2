// Names of what the engine measures: memory categories and timeline phases (the words users
// type live in rlab/words.h).
#include "rlab/memory.h"

namespace rlab {

std::string_view memoryCategoryName(MemoryCategory category)
{
    switch (category) {
    case MemoryCategory::Parameters:
        return "parameters";
    case MemoryCategory::Gradients:
        return "gradients";
    case MemoryCategory::OptimizerState:
        return "optimizer_state";
    case MemoryCategory::SavedActivations:
        return "saved_activations";
    case MemoryCategory::RecomputeWorkspace:
        return "recompute_workspace";
    case MemoryCategory::Temporaries:
        return "temporaries";
    case MemoryCategory::HostOffloaded:
        return "host_offloaded";
    case MemoryCategory::Count:
        break;
    }
    return "unknown";
}

std::string_view phaseName(Phase phase)
{
    switch (phase) {
    case Phase::Setup:
        return "setup";
    case Phase::Forward:
        return "forward";
    case Phase::Recompute:
        return "recompute";
    case Phase::Backward:
        return "backward";
    case Phase::Optimizer:
        return "optimizer";
    }
    return "unknown";
}

} // namespace rlab
