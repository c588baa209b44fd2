// CPU kernels of llama's block (docs/llama.md): RMSNorm, rotary positions, SwiGLU. The grouped-query
// attention ops are in cpu_attention.cpp, beside the multi-head ones they generalise.
#include <algorithm>
#include <cmath>
#include <vector>

#include "cpu_backend.h"
#include "cpu_parallel.h"

namespace rlab {

using namespace cpu;

namespace {

constexpr float kEps = 1e-5f; // the contract's rms() (docs/llama.md): torch.rsqrt(mean(x^2) + 1e-5)
constexpr float kTheta = 10000.0f;

// cos and sin of t * theta^(-i / half) for t < T, i < half, in float as the contract's PyTorch
// (docs/llama.md) rope() forms them (the exponent, the power and the product each rounded to float).
void rotaryTable(int T, int half, std::vector<float>* cosines, std::vector<float>* sines)
{
    cosines->resize(static_cast<std::size_t>(T) * half);
    sines->resize(cosines->size());
    for (int i = 0; i < half; ++i) {
        const float inverse = std::pow(kTheta, -static_cast<float>(i) / static_cast<float>(half));
        for (int t = 0; t < T; ++t) {
            const float angle = static_cast<float>(t) * inverse;
            (*cosines)[static_cast<std::size_t>(t) * half + i] = std::cos(angle);
            (*sines)[static_cast<std::size_t>(t) * half + i] = std::sin(angle);
        }
    }
}

// Rotates q's H and k's G heads of every row of qkv (rows of C + 2*G*dh floats); `sign` -1 is
// the inverse rotation (backward).
void rotate(int threads, float* qkv, int B, int T, int C, int H, int G, float sign)
{
    const int dh = C / H, half = dh / 2, ld = C + 2 * G * dh;
    std::vector<float> cosines, sines;
    rotaryTable(T, half, &cosines, &sines);
    parallelFor(threads, std::int64_t {B} * T, std::int64_t {H + G} * dh, [&](std::int64_t r) {
        const int t = static_cast<int>(r % T);
        const float* c = cosines.data() + static_cast<std::size_t>(t) * half;
        const float* s = sines.data() + static_cast<std::size_t>(t) * half;
        float* row = qkv + r * ld;
        for (int head = 0; head < H + G; ++head) { // q's heads, then k's (k starts at C)
            float* x = row + static_cast<std::size_t>(head) * dh;
            for (int i = 0; i < half; ++i) {
                const float x1 = x[i], x2 = x[i + half], sn = sign * s[i];
                x[i] = x1 * c[i] - x2 * sn;
                x[i + half] = x1 * sn + x2 * c[i];
            }
        }
    });
}

} // namespace

void CpuBackend::rmsnormForward(float* out, float* rstd, const float* inp, const float* weight, int N, int C)
{
    const Eigen::Map<const Eigen::ArrayXf> w(weight, C);
    parallelFor(m_threads, N, C, [&](std::int64_t r) {
        const ConstArrayMap x(inp + r * C, C);
        const float s = 1.0f / std::sqrt(x.square().sum() / static_cast<float>(C) + kEps);
        ArrayMap(out + r * C, C) = x * s * w;
        rstd[r] = s;
    });
}

void CpuBackend::rmsnormBackward(float* dinp, float* dweight, const float* dout, const float* inp,
    const float* weight, const float* rstd, int N, int C)
{
    const Eigen::Map<const Eigen::ArrayXf> w(weight, C);
    parallelFor(m_threads, N, C, [&](std::int64_t r) {
        // y = x s w with s = (mean(x^2) + eps)^(-1/2): dx = s (d w) - x s^3 mean(d w x).
        const ConstArrayMap x(inp + r * C, C), d(dout + r * C, C);
        const float s = rstd[r];
        const float dotMean = (d * w * x).sum() / static_cast<float>(C);
        ArrayMap(dinp + r * C, C) += (d * w) * s - x * (s * s * s * dotMean);
    });
    // Rows in order: the weight's gradient is a sum whose order must not depend on threads.
    ArrayMap dw(dweight, C);
    for (int r = 0; r < N; ++r) {
        const ConstArrayMap x(inp + static_cast<std::size_t>(r) * C, C),
            d(dout + static_cast<std::size_t>(r) * C, C);
        dw += d * x * rstd[r];
    }
}

void CpuBackend::ropeForward(float* qkv, int B, int T, int C, int H, int G)
{
    rotate(m_threads, qkv, B, T, C, H, G, 1.0f);
}

void CpuBackend::ropeBackward(float* dqkv, int B, int T, int C, int H, int G)
{
    rotate(m_threads, dqkv, B, T, C, H, G, -1.0f);
}

// silu(g) * u with Eigen's vectorized exp (a scalar std::exp per element made SwiGLU 3.7 times
// GELU's time at the demo shape, 6.6 ms against 1.8 of a 107 ms step).
void CpuBackend::swigluForward(float* out, const float* gate, const float* up, std::size_t n)
{
    parallelChunks(m_threads, n, [&](std::size_t begin, std::size_t length) {
        const auto count = static_cast<Eigen::Index>(length);
        const ConstArrayMap g(gate + begin, count), u(up + begin, count);
        ArrayMap(out + begin, count) = g / (1.0f + (-g).exp()) * u;
    });
}

void CpuBackend::swigluBackward(
    float* dgate, float* dup, const float* dout, const float* gate, const float* up, std::size_t n)
{
    parallelChunks(m_threads, n, [&](std::size_t begin, std::size_t length) {
        // The sigmoid once per element, into a small stack buffer that stays in L1.
        constexpr std::size_t kPiece = 1024;
        alignas(64) float sigmoids[kPiece];
        for (std::size_t at = begin; at < begin + length; at += kPiece) {
            const auto count = static_cast<Eigen::Index>(std::min(kPiece, begin + length - at));
            const ConstArrayMap g(gate + at, count), u(up + at, count), d(dout + at, count);
            ArrayMap s(sigmoids, count);
            s = 1.0f / (1.0f + (-g).exp());
            // dgate first: dup may be dout, and each element of dout is read before it is written.
            ArrayMap(dgate + at, count) = d * u * (s * (1.0f + g * (1.0f - s)));
            ArrayMap(dup + at, count) = d * g * s;
        }
    });
}

} // namespace rlab
