#pragma once
// The CUDA plugin keeps its own count of the bytes it allocates inside itself (its workspace);
// liveEngineBytes() adds it, so "every byte given back" still covers the GPU backend.

#include <cstdint>

namespace rlab::detail {

// The plugin's live bytes; 0 when it is not loaded (asking never loads it).
std::uint64_t cudaPluginLiveBytes();

} // namespace rlab::detail
