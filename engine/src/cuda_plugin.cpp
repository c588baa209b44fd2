// makeCudaBackend and probeCuda through the CUDA plugin (librlab-cuda.so, built from kernels/):
// loaded on first use and never closed, so neither program maps the CUDA libraries (hundreds of
// MB of cuBLAS) until a run or the device list asks for the GPU, and both start and run on the
// CPU where the plugin, cuBLAS or the driver is missing; each of those is said in one sentence.
#include "rlab/cuda_plugin.h"

#include <atomic>
#include <cstdlib>
#include <dlfcn.h>
#include <filesystem>
#include <string>

#include "cuda_plugin_bytes.h"
#include "rlab/layout.h"

namespace rlab {

namespace {

struct CudaPlugin {
    decltype(&rlab_cuda_plugin_probe) probe = nullptr;
    decltype(&rlab_cuda_plugin_make_backend) makeBackend = nullptr;
    std::string problem; // why it is not loaded, one sentence
};

// Set once the plugin is loaded: counting its bytes must not load it.
std::atomic<decltype(&rlab_cuda_plugin_live_bytes)> g_pluginLiveBytes {nullptr};

std::filesystem::path pluginPath()
{
    if (const char* chosen = std::getenv("RLAB_CUDA_PLUGIN"); chosen != nullptr && *chosen != '\0')
        return chosen;
    return pluginFolder() / kCudaPluginFile;
}

template<typename Function> Function lookUp(void* handle, const char* name)
{
    return reinterpret_cast<Function>(dlsym(handle, name)); // NOLINT: dlsym's documented use
}

CudaPlugin load()
{
    CudaPlugin plugin;
    const std::filesystem::path path = pluginPath();
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) {
#ifdef RLAB_HAVE_CUDA
        plugin.problem = "CUDA is unusable because its plugin " + path.string()
            + " is missing (the recompute-lab-cuda package installs it).";
#else
        plugin.problem = "This build has no CUDA backend (configured without nvcc or with RLAB_CUDA=OFF).";
#endif
        return plugin;
    }
    // Without a driver there is no GPU to use: say so without loading cuBLAS.
    if (dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL) == nullptr) {
        plugin.problem
            = "CUDA is unusable because no NVIDIA driver is installed (libcuda.so.1 was not found).";
        return plugin;
    }
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
        plugin.problem
            = "CUDA is unusable because its plugin could not be loaded: " + std::string(dlerror()) + ".";
        return plugin;
    }
    const auto interface = lookUp<decltype(&rlab_cuda_plugin_interface)>(
        handle, "rlab_cuda_plugin_interface");
    const auto liveBytes
        = lookUp<decltype(&rlab_cuda_plugin_live_bytes)>(handle, "rlab_cuda_plugin_live_bytes");
    plugin.probe = lookUp<decltype(&rlab_cuda_plugin_probe)>(handle, "rlab_cuda_plugin_probe");
    plugin.makeBackend
        = lookUp<decltype(&rlab_cuda_plugin_make_backend)>(handle, "rlab_cuda_plugin_make_backend");
    if (!interface || !liveBytes || !plugin.probe || !plugin.makeBackend
        || interface() != kCudaPluginInterface) {
        plugin = CudaPlugin {};
        plugin.problem = "CUDA is unusable because " + path.string()
            + " is not the CUDA plugin of this version of Recompute Lab; reinstall recompute-lab-cuda.";
        return plugin;
    }
    g_pluginLiveBytes = liveBytes;
    return plugin;
}

const CudaPlugin& cudaPlugin()
{
    static const CudaPlugin plugin = load();
    return plugin;
}

} // namespace

std::unique_ptr<Backend> makeCudaBackend()
{
    const CudaPlugin& plugin = cudaPlugin();
    if (!plugin.makeBackend)
        throw RunError(plugin.problem);
    return std::unique_ptr<Backend>(plugin.makeBackend());
}

DeviceInfo probeCuda()
{
    const CudaPlugin& plugin = cudaPlugin();
    DeviceInfo info;
    info.device = Device::Cuda;
    info.name = "cuda";
    if (plugin.probe)
        plugin.probe(&info);
    else
        info.reason = plugin.problem;
    return info;
}

std::uint64_t detail::cudaPluginLiveBytes()
{
    const auto liveBytes = g_pluginLiveBytes.load();
    return liveBytes ? liveBytes() : 0;
}

} // namespace rlab
