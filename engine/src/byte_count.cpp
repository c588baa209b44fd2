// The one sentence for a count past 64 bits.
#include "byte_count.h"

#include "rlab/engine.h"

namespace rlab::detail {

void countTooLarge()
{
    throw RunError("This configuration's memory cannot be counted in 64 bits; make the model smaller.");
}

} // namespace rlab::detail
