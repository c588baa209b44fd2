// CPU twins of the LayerNorm kernels (kernels/cuda_layernorm.cu; eps 1e-5, as torch.nn.LayerNorm).
#include <cmath>

#include "cpu_backend.h"
#include "cpu_parallel.h"

namespace rlab {

using namespace cpu;

namespace {
constexpr float kEps = 1e-5f;
}

void CpuBackend::layernormForward(float* out, float* mean, float* rstd, const float* inp, const float* weight,
    const float* bias, int N, int C)
{
    const Eigen::Map<const Eigen::ArrayXf> w(weight, C), b(bias, C);
    parallelFor(m_threads, N, C, [&](std::int64_t r) {
        const ConstArrayMap x(inp + r * C, C);
        const float m = x.sum() / static_cast<float>(C);
        const float var = (x - m).square().sum() / static_cast<float>(C);
        const float s = 1.0f / std::sqrt(var + kEps);
        ArrayMap(out + r * C, C) = (x - m) * s * w + b;
        mean[r] = m;
        rstd[r] = s;
    });
}

void CpuBackend::layernormBackward(float* dinp, float* dweight, float* dbias, const float* dout,
    const float* inp, const float* weight, const float* mean, const float* rstd, int N, int C)
{
    const Eigen::Map<const Eigen::ArrayXf> w(weight, C);
    parallelFor(m_threads, N, C, [&](std::int64_t r) {
        // Two sweeps over the row and no temporaries (a heap array per row would cost more than
        // the arithmetic): norm = (x - mean) * rstd and dnorm = d * w are formed on the fly.
        const ConstArrayMap x(inp + r * C, C), d(dout + r * C, C);
        const float m = mean[r], s = rstd[r];
        const float dnormMean = (d * w).sum() / static_cast<float>(C);
        const float dnormNormMean = (d * w * (x - m)).sum() * s / static_cast<float>(C);
        ArrayMap(dinp + r * C, C) += (d * w - dnormMean - (x - m) * (s * dnormNormMean)) * s;
    });
    // Rows in order: the parameter gradients are sums whose order must not depend on threads.
    ArrayMap dw(dweight, C), db(dbias, C);
    for (int r = 0; r < N; ++r) {
        const ConstArrayMap x(inp + static_cast<std::size_t>(r) * C, C),
            d(dout + static_cast<std::size_t>(r) * C, C);
        dw += d * (x - mean[r]) * rstd[r];
        db += d;
    }
}

} // namespace rlab
