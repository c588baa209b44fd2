// CPU twins of the embedding, loss and optimizer kernels (kernels/cuda_loss.cu).
#include <cmath>

#include "cpu_backend.h"
#include "cpu_parallel.h"

namespace rlab {

using namespace cpu;

void CpuBackend::encoderForward(
    float* out, const std::int32_t* tokens, const float* wte, const float* wpe, int B, int T, int C)
{
    parallelFor(static_cast<std::int64_t>(B) * T, C, [&](std::int64_t r) {
        const int t = static_cast<int>(r % T);
        ArrayMap(out + r * C, C) = ConstArrayMap(wte + static_cast<std::int64_t>(tokens[r]) * C, C)
            + ConstArrayMap(wpe + static_cast<std::int64_t>(t) * C, C);
    });
}

void CpuBackend::encoderBackward(
    float* dwte, float* dwpe, const float* dout, const std::int32_t* tokens, int B, int T, int C)
{
    // Rows in order: a token may repeat, and its gradient sum must not depend on threads.
    for (std::int64_t r = 0; r < static_cast<std::int64_t>(B) * T; ++r) {
        const ConstArrayMap d(dout + r * C, C);
        ArrayMap(dwte + static_cast<std::int64_t>(tokens[r]) * C, C) += d;
        ArrayMap(dwpe + (r % T) * C, C) += d;
    }
}

void CpuBackend::crossEntropyForward(
    float* losses, float* probs, const float* logits, const std::int32_t* targets, int N, int V)
{
    parallelFor(N, V, [&](std::int64_t r) {
        const ConstArrayMap l(logits + r * V, V);
        ArrayMap p(probs + r * V, V);
        const float maxv = l.maxCoeff();
        p = (l - maxv).exp();
        const float sum = p.sum();
        p /= sum;
        losses[r] = std::log(sum) + maxv - l[targets[r]];
    });
}

void CpuBackend::crossEntropyBackward(
    float* dlogits, const float* probs, const std::int32_t* targets, float dloss, int N, int V)
{
    parallelFor(N, V, [&](std::int64_t r) {
        ArrayMap(dlogits + r * V, V) = ConstArrayMap(probs + r * V, V) * dloss;
        dlogits[r * V + targets[r]] -= dloss;
    });
}

float CpuBackend::meanLoss(const float* losses, int N)
{
    double sum = 0;
    for (int i = 0; i < N; ++i)
        sum += losses[i];
    return static_cast<float>(sum / N);
}

void CpuBackend::sgdUpdate(
    float* params, const float* grads, float* momentum, std::size_t n, float lr, float mu, float weightDecay)
{
    parallelChunks(n, [&](std::size_t begin, std::size_t len) {
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
    parallelChunks(n, [&](std::size_t begin, std::size_t len) {
        const auto count = static_cast<Eigen::Index>(len);
        ArrayMap p(params + begin, count), mm(m + begin, count), vv(v + begin, count);
        const ConstArrayMap g(grads + begin, count);
        mm = beta1 * mm + (1.0f - beta1) * g;
        vv = beta2 * vv + (1.0f - beta2) * g.square();
        p *= 1.0f - lr * weightDecay;
        p -= lr * (mm / c1) / ((vv / c2).sqrt() + eps);
    });
}

} // namespace rlab
