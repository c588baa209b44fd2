#pragma once
// The CUDA backend's plugin (librlab-cuda.so): the functions it exports and the engine looks up
// with dlsym. Plugin and engine come from the same build; kCudaPluginInterface changes whenever
// these functions or the Backend interface they hand over change, so a stale plugin is refused.

#include <cstdint>

#include "rlab/backend.h"

namespace rlab {

constexpr int kCudaPluginInterface = 1;
constexpr const char* kCudaPluginFile = "librlab-cuda.so";

} // namespace rlab

extern "C" {
// kCudaPluginInterface as the plugin was built.
int rlab_cuda_plugin_interface();
// The CUDA device, or why none is usable (as probeCuda()).
void rlab_cuda_plugin_probe(rlab::DeviceInfo* info);
// A CUDA backend the caller owns; throws RunError (as makeCudaBackend()).
rlab::Backend* rlab_cuda_plugin_make_backend();
// Bytes the plugin's own allocations hold right now (its part of liveEngineBytes()).
std::uint64_t rlab_cuda_plugin_live_bytes();
}
