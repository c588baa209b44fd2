// CPU twins of the elementwise kernels (kernels/cuda_elementwise.cu): GELU (tanh), residual
// add, dropout, bf16, fill, sums.
#include <cmath>
#include <cstring>
#include <numbers>

#if defined(__AVX512F__) && defined(__BMI2__)
#include <immintrin.h>
#define RLAB_PHILOX_AVX512 1
#else
#define RLAB_PHILOX_AVX512 0
#endif

#include "cpu_backend.h"
#include "cpu_parallel.h"
#include "rlab/bf16.h"

namespace rlab {

using namespace cpu;

namespace {

constexpr float kGeluScale = 0.7978845608028654f; // sqrt(2 / pi), as F.gelu(approximate='tanh')
constexpr float kGeluCubic = 0.044715f;

// Philox for kLanes consecutive groups at once, written so the compiler vectorizes the lanes;
// bit for bit the same words as dropoutBits() (philox.h), which the CUDA kernel uses.
constexpr std::uint64_t kLanes = 16;

void philoxLanes(const DropoutSite& site, std::uint64_t firstGroup, std::uint32_t (*words)[kLanes])
{
    std::uint32_t c0[kLanes], c1[kLanes], c2[kLanes], c3[kLanes];
    const std::uint32_t tag = dropoutTag(site);
    for (std::uint64_t l = 0; l < kLanes; ++l) {
        const std::uint64_t group = firstGroup + l;
        c0[l] = static_cast<std::uint32_t>(group);
        c1[l] = static_cast<std::uint32_t>(group >> 32);
        c2[l] = site.step;
        c3[l] = tag;
    }
    std::uint32_t k0 = static_cast<std::uint32_t>(site.seed),
                  k1 = static_cast<std::uint32_t>(site.seed >> 32);
    for (int round = 0; round < 10; ++round) {
#pragma omp simd
        for (std::uint64_t l = 0; l < kLanes; ++l) {
            const std::uint64_t p0 = std::uint64_t {kPhiloxMultiplier0} * c0[l];
            const std::uint64_t p1 = std::uint64_t {kPhiloxMultiplier1} * c2[l];
            const std::uint32_t n0 = static_cast<std::uint32_t>(p1 >> 32) ^ c1[l] ^ k0;
            const std::uint32_t n2 = static_cast<std::uint32_t>(p0 >> 32) ^ c3[l] ^ k1;
            c1[l] = static_cast<std::uint32_t>(p1);
            c3[l] = static_cast<std::uint32_t>(p0);
            c0[l] = n0;
            c2[l] = n2;
        }
        k0 += kPhiloxKeyStep0;
        k1 += kPhiloxKeyStep1;
    }
    for (std::uint64_t l = 0; l < kLanes; ++l) {
        words[0][l] = c0[l];
        words[1][l] = c1[l];
        words[2][l] = c2[l];
        words[3][l] = c3[l];
    }
}

#if RLAB_PHILOX_AVX512
#if defined(__GNUC__) && !defined(__clang__)
// GCC 12's own AVX-512 headers trip -Wuninitialized when inlined (GCC bug 105593).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
// The same Philox rounds on AVX-512 registers, 16 groups (64 elements) at a time. The keep test
// is done on the integers: u = (word >> 8) / 2^24 >= p exactly when (word >> 8) >= ceil(p * 2^24),
// since both sides are exact; the four per-word masks are interleaved into element order with
// pdep (BMI2), so no transpose is needed.
std::uint32_t keepThreshold(float p)
{
    return static_cast<std::uint32_t>(std::ceil(static_cast<double>(p) * 16777216.0));
}

inline void mulHiLo(__m512i a, __m512i m, __m512i* hi, __m512i* lo)
{
    const __m512i even = _mm512_mul_epu32(a, m); // lanes 0, 2, ...: 64-bit products
    const __m512i odd = _mm512_mul_epu32(_mm512_srli_epi64(a, 32), m); // lanes 1, 3, ...
    *hi = _mm512_mask_blend_epi32(0xAAAA, _mm512_srli_epi64(even, 32), odd);
    *lo = _mm512_mask_blend_epi32(0xAAAA, even, _mm512_slli_epi64(odd, 32));
}

// kWays batches of 16 groups, interleaved so the multiplies' latency overlaps.
constexpr int kWays = 4;

void dropoutBatchAvx512(float* y, const float* x, const float* residual, const DropoutSite& site,
    std::uint64_t firstGroup, std::uint32_t threshold, float scale)
{
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m512i c0[kWays], c1[kWays], c2[kWays], c3[kWays];
    for (int w = 0; w < kWays; ++w) {
        // 16 consecutive groups from a multiple of 16 share the counter's high word.
        const std::uint64_t group = firstGroup + 16 * static_cast<std::uint64_t>(w);
        c0[w]
            = _mm512_add_epi32(_mm512_set1_epi32(static_cast<int>(static_cast<std::uint32_t>(group))), lane);
        c1[w] = _mm512_set1_epi32(static_cast<int>(static_cast<std::uint32_t>(group >> 32)));
        c2[w] = _mm512_set1_epi32(static_cast<int>(site.step));
        c3[w] = _mm512_set1_epi32(static_cast<int>(dropoutTag(site)));
    }
    std::uint32_t k0 = static_cast<std::uint32_t>(site.seed),
                  k1 = static_cast<std::uint32_t>(site.seed >> 32);
    const __m512i m0 = _mm512_set1_epi32(static_cast<int>(kPhiloxMultiplier0));
    const __m512i m1 = _mm512_set1_epi32(static_cast<int>(kPhiloxMultiplier1));
    for (int round = 0; round < 10; ++round) {
        const __m512i key0 = _mm512_set1_epi32(static_cast<int>(k0));
        const __m512i key1 = _mm512_set1_epi32(static_cast<int>(k1));
        for (int w = 0; w < kWays; ++w) {
            __m512i hi0, lo0, hi1, lo1;
            mulHiLo(c0[w], m0, &hi0, &lo0);
            mulHiLo(c2[w], m1, &hi1, &lo1);
            c0[w] = _mm512_ternarylogic_epi32(hi1, c1[w], key0, 0x96); // three-way xor
            c2[w] = _mm512_ternarylogic_epi32(hi0, c3[w], key1, 0x96);
            c1[w] = lo1;
            c3[w] = lo0;
        }
        k0 += kPhiloxKeyStep0;
        k1 += kPhiloxKeyStep1;
    }
    const __m512i t = _mm512_set1_epi32(static_cast<int>(threshold));
    const auto keeps = [&](__m512i word) {
        return static_cast<std::uint64_t>(_mm512_cmpge_epu32_mask(_mm512_srli_epi32(word, 8), t));
    };
    const __m512 s = _mm512_set1_ps(scale);
    for (int w = 0; w < kWays; ++w) {
        // Bit 4l+j of the 64-element mask is word j of lane l.
        const std::uint64_t mask = _pdep_u64(keeps(c0[w]), 0x1111111111111111ull)
            | _pdep_u64(keeps(c1[w]), 0x2222222222222222ull) | _pdep_u64(keeps(c2[w]), 0x4444444444444444ull)
            | _pdep_u64(keeps(c3[w]), 0x8888888888888888ull);
        for (int part = 0; part < 4; ++part) {
            const auto m = static_cast<__mmask16>(mask >> (16 * part));
            const std::size_t at = 64 * static_cast<std::size_t>(w) + 16 * static_cast<std::size_t>(part);
            __m512 kept = _mm512_maskz_mul_ps(m, _mm512_loadu_ps(x + at), s);
            if (residual)
                kept = _mm512_add_ps(_mm512_loadu_ps(residual + at), kept);
            _mm512_storeu_ps(y + at, kept);
        }
    }
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif

} // namespace

void CpuBackend::geluForward(float* out, const float* inp, std::size_t n)
{
    parallelChunks(m_threads, n, [&](std::size_t begin, std::size_t len) {
        const ConstArrayMap x(inp + begin, static_cast<Eigen::Index>(len));
        ArrayMap(out + begin, static_cast<Eigen::Index>(len))
            = 0.5f * x * (1.0f + (kGeluScale * (x + kGeluCubic * x.cube())).tanh());
    });
}

void cpu::geluBackwardRange(float* dinp, const float* inp, const float* dout, std::size_t n)
{
    // tanh once per element, into a small stack buffer that stays in L1.
    constexpr std::size_t kPiece = 1024;
    alignas(64) float tanhs[kPiece];
    for (std::size_t at = 0; at < n; at += kPiece) {
        const auto count = static_cast<Eigen::Index>(std::min(kPiece, n - at));
        const ConstArrayMap x(inp + at, count), d(dout + at, count);
        ArrayMap t(tanhs, count);
        t = (kGeluScale * (x + kGeluCubic * x.cube())).tanh();
        ArrayMap(dinp + at, count) = d
            * (0.5f * (1.0f + t)
                + 0.5f * x * (1.0f - t.square()) * kGeluScale * (1.0f + 3.0f * kGeluCubic * x.square()));
    }
}

void CpuBackend::geluBackward(float* dinp, const float* inp, const float* dout, std::size_t n)
{
    parallelChunks(m_threads, n, [&](std::size_t begin, std::size_t len) {
        geluBackwardRange(dinp + begin, inp + begin, dout + begin, len);
    });
}

void CpuBackend::residualForward(float* out, const float* a, const float* b, std::size_t n)
{
    parallelChunks(m_threads, n, [&](std::size_t begin, std::size_t len) {
        const auto count = static_cast<Eigen::Index>(len);
        ArrayMap(out + begin, count) = ConstArrayMap(a + begin, count) + ConstArrayMap(b + begin, count);
    });
}

namespace {

// out = [residual +] dropout(inp) for p > 0; out may alias inp or residual (each element is read
// before it is written).
void dropoutInto(
    int threads, float* out, const float* inp, const float* residual, std::size_t n, const DropoutSite& site)
{
    const float p = site.p;
    const float scale = 1.0f / (1.0f - p);
#if RLAB_PHILOX_AVX512
    constexpr std::uint64_t kWide = 4 * kLanes * kWays; // elements per vectorized batch
    const std::uint64_t wide = n / kWide;
    const std::uint32_t threshold = keepThreshold(p);
    parallelFor(threads, static_cast<std::int64_t>(wide), std::int64_t {4} * kWide, [&](std::int64_t b) {
        const std::size_t begin = static_cast<std::size_t>(b) * kWide;
        dropoutBatchAvx512(out + begin, inp + begin, residual ? residual + begin : nullptr, site, begin / 4,
            threshold, scale);
    });
    const std::size_t done = wide * kWide;
#else
    const std::size_t done = 0;
#endif
    // The rest (all of it without AVX-512): Philox lanes the compiler vectorizes.
    const std::uint64_t groups = (n - done + 3) / 4;
    const std::uint64_t batches = (groups + kLanes - 1) / kLanes;
    parallelFor(threads, static_cast<std::int64_t>(batches), std::int64_t {8} * kLanes, [&](std::int64_t b) {
        const std::uint64_t firstGroup = done / 4 + static_cast<std::uint64_t>(b) * kLanes;
        const std::size_t begin = firstGroup * 4;
        const std::size_t count = std::min<std::size_t>(4 * kLanes, n - begin);
        std::uint32_t words[4][kLanes];
        philoxLanes(site, firstGroup, words);
        std::uint32_t bits[4 * kLanes]; // element order: group l's four words at 4l..4l+3
        for (std::uint64_t l = 0; l < kLanes; ++l)
            for (std::uint64_t j = 0; j < 4; ++j)
                bits[4 * l + j] = words[j][l];
        const float* x = inp + begin;
        float* y = out + begin;
        const float drop = p, keepScale = scale; // locals, so stores through y cannot alias them
        for (std::size_t i = 0; i < count; ++i) {
            // 24 bits fit a signed int, whose conversion to float vectorizes on AVX2
            const float u
                = static_cast<float>(static_cast<std::int32_t>(bits[i] >> 8)) * (1.0f / 16777216.0f);
            const float kept = x[i] * keepScale;
            // A bit mask instead of a branch, so the loop vectorizes; dropped elements are +0.0f.
            std::uint32_t word;
            std::memcpy(&word, &kept, 4);
            word &= 0u - static_cast<std::uint32_t>(u >= drop);
            float dropped;
            std::memcpy(&dropped, &word, 4);
            y[i] = residual ? residual[begin + i] + dropped : dropped;
        }
    });
}

} // namespace

void CpuBackend::dropoutForward(float* out, const float* inp, std::size_t n, const DropoutSite& site)
{
    if (site.p > 0.0f)
        dropoutInto(m_threads, out, inp, nullptr, n, site);
    else if (out != inp)
        std::memcpy(out, inp, n * sizeof(float));
}

void CpuBackend::dropoutResidualForward(
    float* out, const float* residual, float* x, std::size_t n, const DropoutSite& site)
{
    if (site.p > 0.0f)
        dropoutInto(m_threads, out, x, residual, n, site);
    else
        residualForward(out, residual, x, n);
}

void CpuBackend::dropoutBackward(float* dinp, const float* dout, std::size_t n, const DropoutSite& site)
{
    dropoutForward(dinp, dout, n, site);
}

void CpuBackend::toBf16(std::uint16_t* out, const float* inp, std::size_t n)
{
    parallelChunks(m_threads, n, [&](std::size_t begin, std::size_t len) {
        for (std::size_t i = begin; i < begin + len; ++i) {
            std::uint32_t bits;
            std::memcpy(&bits, inp + i, 4);
            out[i] = bf16FromFloatBits(bits);
        }
    });
}

void CpuBackend::fromBf16(float* out, const std::uint16_t* inp, std::size_t n)
{
    parallelChunks(m_threads, n, [&](std::size_t begin, std::size_t len) {
        for (std::size_t i = begin; i < begin + len; ++i) {
            const std::uint32_t bits = floatBitsFromBf16(inp[i]);
            std::memcpy(out + i, &bits, 4);
        }
    });
}

double CpuBackend::absSum(const float* x, std::size_t n)
{
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i)
        sum += std::fabs(static_cast<double>(x[i]));
    return sum;
}

} // namespace rlab
