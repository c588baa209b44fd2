// Dropout with the Philox stream of rlab/philox.h, so masks match the CPU bit for bit and
// recompute replays them. CPU twins: CpuBackend::dropoutForward/Backward.

#include "cuda_check.h"
#include "grid.cuh"
#include "launch.h"

namespace rlab::cuda {
namespace {

// One thread per group of four elements: one Philox call gives all four words (as dropoutKeeps).
__global__ void dropoutForwardKernel(
    float* out, const float* inp, std::size_t n, DropoutSite site, float scale)
{
    const std::size_t groups = (n + 3) / 4;
    for (std::size_t g = globalIndex(); g < groups; g += globalStride()) {
        const Philox4x32 bits = dropoutBits(site, g);
        for (int k = 0; k < 4; ++k) {
            const std::size_t i = 4 * g + k;
            if (i >= n)
                break;
            const float u = static_cast<float>(bits.v[k] >> 8) * (1.0f / 16777216.0f);
            out[i] = u >= site.p ? inp[i] * scale : 0.0f;
        }
    }
}

__global__ void copyKernel(float* out, const float* inp, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride())
        out[i] = inp[i];
}

} // namespace

void dropoutForward(cudaStream_t stream, float* out, const float* inp, std::size_t n, const DropoutSite& site)
{
    if (site.p <= 0.0f) {
        if (out != inp)
            copyKernel<<<gridFor(n), kThreads, 0, stream>>>(out, inp, n);
        checkLaunch("dropoutForward (copy)");
        return;
    }
    const float scale = 1.0f / (1.0f - site.p);
    dropoutForwardKernel<<<gridFor((n + 3) / 4), kThreads, 0, stream>>>(out, inp, n, site, scale);
    checkLaunch("dropoutForward");
}

} // namespace rlab::cuda
