#pragma once
// Philox 4x32-10 (Salmon et al., SC'11): a counter-based RNG, identical on CPU and CUDA,
// so a dropout mask is a pure function of (seed, step, block, site, element) and recompute
// can replay it exactly.

#include <cstdint>

#if defined(__CUDACC__)
#define RLAB_HD __host__ __device__ __forceinline__
#else
#define RLAB_HD inline
#endif

namespace rlab {

struct Philox4x32 {
    std::uint32_t v[4];
};

// The published Philox 4x32 constants: round multipliers and key increments (Weyl sequence).
// The vectorized CPU twins in cpu_elementwise.cpp use these same names.
constexpr std::uint32_t kPhiloxMultiplier0 = 0xD2511F53u;
constexpr std::uint32_t kPhiloxMultiplier1 = 0xCD9E8D57u;
constexpr std::uint32_t kPhiloxKeyStep0 = 0x9E3779B9u;
constexpr std::uint32_t kPhiloxKeyStep1 = 0xBB67AE85u;

RLAB_HD std::uint32_t philoxMulHi(std::uint32_t a, std::uint32_t b, std::uint32_t* lo)
{
    const std::uint64_t p = static_cast<std::uint64_t>(a) * b;
    *lo = static_cast<std::uint32_t>(p);
    return static_cast<std::uint32_t>(p >> 32);
}

RLAB_HD Philox4x32 philox4x32_10(Philox4x32 ctr, std::uint32_t k0, std::uint32_t k1)
{
    for (int round = 0; round < 10; ++round) {
        std::uint32_t lo0, lo1;
        const std::uint32_t hi0 = philoxMulHi(kPhiloxMultiplier0, ctr.v[0], &lo0);
        const std::uint32_t hi1 = philoxMulHi(kPhiloxMultiplier1, ctr.v[2], &lo1);
        ctr = Philox4x32 {{hi1 ^ ctr.v[1] ^ k0, lo1, hi0 ^ ctr.v[3] ^ k1, lo0}};
        k0 += kPhiloxKeyStep0;
        k1 += kPhiloxKeyStep1;
    }
    return ctr;
}

// Where a dropout mask comes from. `stream` is 0 for the real draw; --no-rng-replay uses a
// different stream during recompute, which is exactly the bug it demonstrates.
struct DropoutSite {
    std::uint64_t seed = 0;
    std::uint32_t step = 0;
    std::uint32_t block = 0;
    std::uint32_t site = 0; // 0: attention probabilities, 1: attention output, 2: MLP output
    std::uint32_t stream = 0;
    float p = 0.0f; // drop probability; 0 disables dropout
};

// The counter's last word: which block, site and stream a draw belongs to (the step and the
// element group fill the other three words, the seed is the key).
RLAB_HD std::uint32_t dropoutTag(const DropoutSite& s)
{
    return (s.block << 8) ^ (s.site << 4) ^ (s.stream << 28);
}

// Four uniform 32-bit words for elements [4*group, 4*group+4).
RLAB_HD Philox4x32 dropoutBits(const DropoutSite& s, std::uint64_t group)
{
    const Philox4x32 ctr {
        {static_cast<std::uint32_t>(group), static_cast<std::uint32_t>(group >> 32), s.step, dropoutTag(s)}};
    return philox4x32_10(ctr, static_cast<std::uint32_t>(s.seed), static_cast<std::uint32_t>(s.seed >> 32));
}

// Element i is kept when its word, as a 24-bit uniform in [0,1), is at least p.
RLAB_HD bool dropoutKeeps(const DropoutSite& s, std::uint64_t i)
{
    const Philox4x32 r = dropoutBits(s, i >> 2);
    const float u = static_cast<float>(r.v[i & 3] >> 8) * (1.0f / 16777216.0f);
    return u >= s.p;
}

} // namespace rlab
