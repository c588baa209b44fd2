// The plugin's face (rlab/cuda_plugin.h): the only symbols librlab-cuda.so exports
// (cuda_plugin.map); everything else in it, the engine pieces it carries included, stays inside.
#include "rlab/cuda_plugin.h"

#include "rlab/engine.h"

#define RLAB_PLUGIN_EXPORT __attribute__((visibility("default")))

extern "C" {

RLAB_PLUGIN_EXPORT int rlab_cuda_plugin_interface()
{
    return rlab::kCudaPluginInterface;
}

RLAB_PLUGIN_EXPORT void rlab_cuda_plugin_probe(rlab::DeviceInfo* info)
{
    *info = rlab::probeCuda();
}

RLAB_PLUGIN_EXPORT rlab::Backend* rlab_cuda_plugin_make_backend()
{
    return rlab::makeCudaBackend().release();
}

RLAB_PLUGIN_EXPORT std::uint64_t rlab_cuda_plugin_live_bytes()
{
    return rlab::liveEngineBytes();
}
}
