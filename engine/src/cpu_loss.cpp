// CPU twins of the embedding, loss and optimizer kernels (kernels/cuda_loss.cu).
#include <cmath>

#include "cpu_backend.h"
#include "cpu_parallel.h"

namespace rlab {

using namespace cpu;

void CpuBackend::encoderForward(
    float* out, const std::int32_t* tokens, const float* wte, const float* wpe, int B, int T, int C)
{
    parallelFor(m_threads, static_cast<std::int64_t>(B) * T, C, [&](std::int64_t r) {
        const int t = static_cast<int>(r % T);
        if (!wpe) { // llama: no position table
            ArrayMap(out + r * C, C) = ConstArrayMap(wte + static_cast<std::int64_t>(tokens[r]) * C, C);
            return;
        }
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
        if (dwpe)
            ArrayMap(dwpe + (r % T) * C, C) += d;
    }
}

void CpuBackend::crossEntropyForward(
    float* losses, float* probs, const float* logits, const std::int32_t* targets, int N, int V)
{
    parallelFor(m_threads, N, V, [&](std::int64_t r) {
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
    parallelFor(m_threads, N, V, [&](std::int64_t r) {
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

} // namespace rlab
