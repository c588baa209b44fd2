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
    const float scale = 1.0f / (1.0f - site.p);
    const std::size_t groups = (n + 3) / 4;
    parallelFor(static_cast<std::int64_t>(groups), [&](std::int64_t g) {
        const Philox4x32 r = dropoutBits(site, static_cast<std::uint64_t>(g));
        for (std::size_t j = 0; j < 4; ++j) {
            const std::size_t i = static_cast<std::size_t>(g) * 4 + j;
            if (i >= n)
                break;
            const float u = static_cast<float>(r.v[j] >> 8) * (1.0f / 16777216.0f);
            out[i] = u >= site.p ? inp[i] * scale : 0.0f;
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
