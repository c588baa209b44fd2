#pragma once
// Facts about the machine the engine runs on.

#include <cstdint>
#include <string>

namespace rlab::detail {

// Physical memory in bytes (0 when unknown).
std::uint64_t physicalMemoryBytes();

} // namespace rlab::detail
