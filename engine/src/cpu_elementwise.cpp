// CPU twins of the elementwise kernels: GELU (tanh), residual add, dropout, bf16, fill, sums.
#include <cmath>
#include <cstring>
#include <numbers>

#include "cpu_backend.h"
#include "cpu_parallel.h"

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
    const std::uint32_t tag = (site.block << 8) ^ (site.site << 4) ^ (site.stream << 28);
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
            const std::uint64_t p0 = std::uint64_t {0xD2511F53u} * c0[l];
            const std::uint64_t p1 = std::uint64_t {0xCD9E8D57u} * c2[l];
            const std::uint32_t n0 = static_cast<std::uint32_t>(p1 >> 32) ^ c1[l] ^ k0;
            const std::uint32_t n2 = static_cast<std::uint32_t>(p0 >> 32) ^ c3[l] ^ k1;
            c1[l] = static_cast<std::uint32_t>(p1);
            c3[l] = static_cast<std::uint32_t>(p0);
            c0[l] = n0;
            c2[l] = n2;
        }
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    for (std::uint64_t l = 0; l < kLanes; ++l) {
        words[0][l] = c0[l];
        words[1][l] = c1[l];
        words[2][l] = c2[l];
        words[3][l] = c3[l];
    }
}

} // namespace

void CpuBackend::geluForward(float* out, const float* inp, std::size_t n)
{
    parallelChunks(n, [&](std::size_t begin, std::size_t len) {
        const ConstArrayMap x(inp + begin, static_cast<Eigen::Index>(len));
        ArrayMap(out + begin, static_cast<Eigen::Index>(len))
            = 0.5f * x * (1.0f + (kGeluScale * (x + kGeluCubic * x.cube())).tanh());
    });
}

void CpuBackend::geluBackward(float* dinp, const float* inp, const float* dout, std::size_t n)
{
    parallelChunks(n, [&](std::size_t begin, std::size_t len) {
        const auto count = static_cast<Eigen::Index>(len);
        const ConstArrayMap x(inp + begin, count), d(dout + begin, count);
        const Eigen::ArrayXf t = (kGeluScale * (x + kGeluCubic * x.cube())).tanh();
        ArrayMap(dinp + begin, count) = d
            * (0.5f * (1.0f + t)
                + 0.5f * x * (1.0f - t.square()) * kGeluScale * (1.0f + 3.0f * kGeluCubic * x.square()));
    });
}

void CpuBackend::residualForward(float* out, const float* a, const float* b, std::size_t n)
{
    parallelChunks(n, [&](std::size_t begin, std::size_t len) {
        const auto count = static_cast<Eigen::Index>(len);
        ArrayMap(out + begin, count) = ConstArrayMap(a + begin, count) + ConstArrayMap(b + begin, count);
    });
}

void CpuBackend::dropoutForward(float* out, const float* inp, std::size_t n, const DropoutSite& site)
{
    if (site.p <= 0.0f) {
        if (out != inp)
            std::memcpy(out, inp, n * sizeof(float));
        return;
    }
    const float p = site.p;
    const float scale = 1.0f / (1.0f - p);
    const std::uint64_t groups = (n + 3) / 4;
    const std::uint64_t batches = (groups + kLanes - 1) / kLanes;
    parallelFor(static_cast<std::int64_t>(batches), std::int64_t {8} * kLanes, [&](std::int64_t b) {
        std::uint32_t words[4][kLanes];
        const std::uint64_t firstGroup = static_cast<std::uint64_t>(b) * kLanes;
        philoxLanes(site, firstGroup, words);
        std::uint32_t bits[4 * kLanes]; // element order: group l's four words at 4l..4l+3
        for (std::uint64_t l = 0; l < kLanes; ++l)
            for (std::uint64_t j = 0; j < 4; ++j)
                bits[4 * l + j] = words[j][l];
        const std::size_t begin = firstGroup * 4;
        const std::size_t count = std::min<std::size_t>(4 * kLanes, n - begin);
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
            std::memcpy(y + i, &word, 4);
        }
    });
}

void CpuBackend::dropoutBackward(float* dinp, const float* dout, std::size_t n, const DropoutSite& site)
{
    dropoutForward(dinp, dout, n, site);
}

void CpuBackend::toBf16(std::uint16_t* out, const float* inp, std::size_t n)
{
    parallelChunks(n, [&](std::size_t begin, std::size_t len) {
        for (std::size_t i = begin; i < begin + len; ++i) {
            std::uint32_t bits;
            std::memcpy(&bits, inp + i, 4);
            if ((bits & 0x7fffffffu) > 0x7f800000u) {
                out[i] = 0x7fc0; // NaN stays NaN
                continue;
            }
            bits += 0x7fffu + ((bits >> 16) & 1u); // round to nearest, ties to even
            out[i] = static_cast<std::uint16_t>(bits >> 16);
        }
    });
}

void CpuBackend::fromBf16(float* out, const std::uint16_t* inp, std::size_t n)
{
    parallelChunks(n, [&](std::size_t begin, std::size_t len) {
        for (std::size_t i = begin; i < begin + len; ++i) {
            const std::uint32_t bits = static_cast<std::uint32_t>(inp[i]) << 16;
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
