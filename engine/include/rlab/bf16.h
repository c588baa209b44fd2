#pragma once
// fp32 <-> bf16 bit patterns for saved activations, one definition for the CPU and CUDA twins
// (and the tests): round to nearest, ties to even; every NaN becomes the canonical quiet NaN
// 0x7fc0, so a NaN's sign and payload never make the two devices differ.

#include <cstdint>

#if defined(__CUDACC__)
#define RLAB_BF16_HD __host__ __device__ __forceinline__
#else
#define RLAB_BF16_HD inline
#endif

namespace rlab {

constexpr std::uint16_t kBf16QuietNaN = 0x7fc0;

RLAB_BF16_HD std::uint16_t bf16FromFloatBits(std::uint32_t bits)
{
    if ((bits & 0x7fffffffu) > 0x7f800000u)
        return kBf16QuietNaN;
    // Largest finite values round up into the exponent and give infinity, as they should.
    bits += 0x7fffu + ((bits >> 16) & 1u);
    return static_cast<std::uint16_t>(bits >> 16);
}

RLAB_BF16_HD std::uint32_t floatBitsFromBf16(std::uint16_t half)
{
    return static_cast<std::uint32_t>(half) << 16;
}

} // namespace rlab
