// CPU twins of the optimizer kernels.
#include <cmath>

#include "cpu_backend.h"
#include "cpu_parallel.h"

namespace rlab {

using namespace cpu;

void CpuBackend::sgdUpdate(
    float* params, const float* grads, float* momentum, std::size_t n, float lr, float mu, float weightDecay)
{
    parallelChunks(m_threads, n, [&](std::size_t begin, std::size_t len) {
        const auto count = static_cast<Eigen::Index>(len);
        ArrayMap p(params + begin, count), m(momentum + begin, count);
        const ConstArrayMap g(grads + begin, count);
        m = mu * m + g + weightDecay * p;
        p -= lr * m;
    });
}

void CpuBackend::adamwUpdate(float* params, const float* grads, float* m, float* v, std::size_t n, float lr,
    float beta1, float beta2, float eps, float weightDecay, int t)
{
    const float c1 = 1.0f - std::pow(beta1, static_cast<float>(t));
    const float c2 = 1.0f - std::pow(beta2, static_cast<float>(t));
    // One sweep over memory: AdamW's four statements run piece by piece, each piece small enough
    // that what the first statement reads is still in L1 for the next ones.
    constexpr std::size_t kPiece = 512;
    parallelChunks(m_threads, n, [&](std::size_t begin, std::size_t len) {
        for (std::size_t at = begin; at < begin + len; at += kPiece) {
            const auto count = static_cast<Eigen::Index>(std::min(kPiece, begin + len - at));
            ArrayMap p(params + at, count), mm(m + at, count), vv(v + at, count);
            const ConstArrayMap g(grads + at, count);
            mm = beta1 * mm + (1.0f - beta1) * g;
            vv = beta2 * vv + (1.0f - beta2) * g.square();
            p *= 1.0f - lr * weightDecay;
            p -= lr * (mm / c1) / ((vv / c2).sqrt() + eps);
        }
    });
}

} // namespace rlab
