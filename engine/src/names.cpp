// Names of the timeline's phases (the memory categories and the words users type live in
// rlab/words.h).
#include "rlab/memory.h"

namespace rlab {

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
