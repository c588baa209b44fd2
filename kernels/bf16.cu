// fp32 <-> bf16 for saved activations (round to nearest even). CPU twins: CpuBackend::toBf16/fromBf16.

#include "cuda_check.h"
#include "grid.cuh"
#include "launch.h"

namespace rlab::cuda {
namespace {

__global__ void toBf16Kernel(std::uint16_t* out, const float* inp, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride()) {
        const std::uint32_t bits = __float_as_uint(inp[i]);
        if ((bits & 0x7fffffffu) > 0x7f800000u) {
            out[i] = static_cast<std::uint16_t>((bits >> 16) | 0x0040u); // NaN stays a quiet NaN
            continue;
        }
        const std::uint32_t rounding = 0x7fffu + ((bits >> 16) & 1u);
        out[i] = static_cast<std::uint16_t>((bits + rounding) >> 16);
    }
}

__global__ void fromBf16Kernel(float* out, const std::uint16_t* inp, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride())
        out[i] = __uint_as_float(static_cast<std::uint32_t>(inp[i]) << 16);
}

} // namespace

void toBf16(cudaStream_t stream, std::uint16_t* out, const float* inp, std::size_t n)
{
    toBf16Kernel<<<gridFor(n), kThreads, 0, stream>>>(out, inp, n);
    checkLaunch("toBf16");
}

void fromBf16(cudaStream_t stream, float* out, const std::uint16_t* inp, std::size_t n)
{
    fromBf16Kernel<<<gridFor(n), kThreads, 0, stream>>>(out, inp, n);
    checkLaunch("fromBf16");
}

} // namespace rlab::cuda
