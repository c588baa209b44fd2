// Without nvcc the CUDA entry points still exist and say why there is no GPU backend.
#ifndef RLAB_HAVE_CUDA

#include "rlab/backend.h"

namespace rlab {

namespace {
constexpr const char* kNoCuda
    = "This build has no CUDA backend (configured without nvcc or with RLAB_CUDA=OFF).";
}

std::unique_ptr<Backend> makeCudaBackend()
{
    throw RunError(kNoCuda);
}

DeviceInfo probeCuda()
{
    DeviceInfo info;
    info.device = Device::Cuda;
    info.usable = false;
    info.name = "cuda";
    info.reason = kNoCuda;
    return info;
}

} // namespace rlab

#endif
