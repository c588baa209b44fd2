// probeCuda and makeCudaBackend: what GPU is there, or one sentence on why none is usable.
// (engine/src has their twins for builds without CUDA.)

#include <string>

#include <cuda_runtime.h>

#include "cuda_backend.h"
#include "rlab/backend.h"

namespace rlab {
namespace {

constexpr int kOldestComputeCapability = 75; // CMAKE_CUDA_ARCHITECTURES starts at Turing

std::string cudaVersionText(int version)
{
    return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

std::string whyNoDevice(cudaError_t status)
{
    const std::string detail = std::string(cudaGetErrorString(status));
    int driver = 0;
    int runtime = 0;
    cudaDriverGetVersion(&driver);
    cudaRuntimeGetVersion(&runtime);
    if (status == cudaErrorInsufficientDriver && driver == 0)
        return "CUDA is unusable because no NVIDIA driver is installed (" + detail + ").";
    if (status == cudaErrorInsufficientDriver) {
        return "CUDA is unusable because the NVIDIA driver supports CUDA " + cudaVersionText(driver)
            + " but this build needs CUDA " + cudaVersionText(runtime) + " (" + detail + ").";
    }
    if (status == cudaErrorNoDevice)
        return "CUDA is unusable because no NVIDIA GPU was found (" + detail + ").";
    return "CUDA is unusable: " + detail + ".";
}

DeviceInfo probeOnce()
{
    DeviceInfo info;
    info.device = Device::Cuda;
    info.name = "cuda";
    int count = 0;
    cudaError_t status = cudaGetDeviceCount(&count);
    if (status == cudaSuccess && count == 0)
        status = cudaErrorNoDevice;
    if (status != cudaSuccess) {
        cudaGetLastError();
        info.reason = whyNoDevice(status);
        return info;
    }
    cudaDeviceProp props {};
    status = cudaGetDeviceProperties(&props, 0);
    if (status != cudaSuccess) {
        cudaGetLastError();
        info.reason = "CUDA is unusable: reading the GPU's properties failed ("
            + std::string(cudaGetErrorString(status)) + ").";
        return info;
    }
    const int capability = props.major * 10 + props.minor;
    const long long gib = static_cast<long long>((props.totalGlobalMem + (1ull << 29)) >> 30);
    info.name = std::string(props.name) + " (sm_" + std::to_string(capability) + ", " + std::to_string(gib)
        + " GiB)";
    info.totalBytes = props.totalGlobalMem;
    if (capability < kOldestComputeCapability) {
        info.reason = "CUDA is unusable because the " + std::string(props.name) + " has compute capability "
            + std::to_string(props.major) + "." + std::to_string(props.minor)
            + ", older than the 7.5 this build supports.";
        return info;
    }
    // Creating the context proves the device works (it fails on a busy exclusive-mode GPU, for one).
    status = cudaSetDevice(0);
    if (status == cudaSuccess)
        status = cudaFree(nullptr);
    if (status != cudaSuccess) {
        cudaGetLastError();
        info.reason = "CUDA is unusable because the " + std::string(props.name)
            + " could not be initialised (" + std::string(cudaGetErrorString(status)) + ").";
        return info;
    }
    info.usable = true;
    return info;
}

} // namespace

DeviceInfo probeCuda()
{
    try {
        static const DeviceInfo info = probeOnce();
        return info;
    } catch (const std::exception& error) {
        DeviceInfo info;
        info.device = Device::Cuda;
        info.name = "cuda";
        info.reason = std::string("CUDA is unusable: ") + error.what();
        return info;
    }
}

std::unique_ptr<Backend> makeCudaBackend()
{
    const DeviceInfo info = probeCuda();
    if (!info.usable)
        throw RunError(info.reason);
    return std::make_unique<cuda::CudaBackend>(0);
}

} // namespace rlab
