// CPU twins of the attention kernels: one (batch, head) pair per task, small Eigen GEMMs inside.
#include <cmath>

#include "cpu_backend.h"
#include "cpu_parallel.h"

namespace rlab {

using namespace cpu;

namespace {

struct HeadView {
    const float* q;
    const float* k;
    const float* v;
};

HeadView headOf(const float* qkv, int b, int h, int T, int C, int H)
{
    const int dh = C / H;
    const float* base = qkv + static_cast<std::size_t>(b) * T * 3 * C + static_cast<std::size_t>(h) * dh;
    return {base, base + C, base + 2 * C};
}

} // namespace

void CpuBackend::attentionSoftmaxForward(float* att, const float* qkv, int B, int T, int C, int H)
{
    const int dh = C / H;
    const float scale = 1.0f / std::sqrt(static_cast<float>(dh));
    parallelFor(static_cast<std::int64_t>(B) * H, std::int64_t {T} * T * dh, [&](std::int64_t bh) {
        const int b = static_cast<int>(bh / H), h = static_cast<int>(bh % H);
        const HeadView hv = headOf(qkv, b, h, T, C, H);
        const ConstStridedMap q(hv.q, T, dh, Eigen::OuterStride<>(3 * C));
        const ConstStridedMap k(hv.k, T, dh, Eigen::OuterStride<>(3 * C));
        MatrixMap a(att + bh * T * T, T, T);
        a.noalias() = q * k.transpose();
        for (int t = 0; t < T; ++t) {
            ArrayMap row(a.row(t).data(), t + 1); // causal: only keys 0..t
            row *= scale;
            row = (row - row.maxCoeff()).exp();
            row *= 1.0f / row.sum();
            std::fill(a.row(t).data() + t + 1, a.row(t).data() + T, 0.0f);
        }
    });
}

void CpuBackend::attentionSoftmaxBackward(
    float* dqkv, const float* datt, const float* att, const float* qkv, int B, int T, int C, int H)
{
    const int dh = C / H;
    const float scale = 1.0f / std::sqrt(static_cast<float>(dh));
    parallelFor(static_cast<std::int64_t>(B) * H, std::int64_t {T} * T * dh, [&](std::int64_t bh) {
        const int b = static_cast<int>(bh / H), h = static_cast<int>(bh % H);
        const HeadView hv = headOf(qkv, b, h, T, C, H);
        const ConstStridedMap q(hv.q, T, dh, Eigen::OuterStride<>(3 * C));
        const ConstStridedMap k(hv.k, T, dh, Eigen::OuterStride<>(3 * C));
        float* dbase = dqkv + (hv.q - qkv);
        StridedMap dq(dbase, T, dh, Eigen::OuterStride<>(3 * C));
        StridedMap dk(dbase + C, T, dh, Eigen::OuterStride<>(3 * C));
        const ConstMatrixMap p(att + bh * T * T, T, T);
        const ConstMatrixMap dp(datt + bh * T * T, T, T);
        RowMatrix ds = RowMatrix::Zero(T, T);
        for (int t = 0; t < T; ++t) {
            const auto prow = p.row(t).head(t + 1).array();
            const auto dprow = dp.row(t).head(t + 1).array();
            const float dot = (prow * dprow).sum();
            ds.row(t).head(t + 1).array() = prow * (dprow - dot) * scale;
        }
        dq.noalias() = ds * k;
        dk.noalias() = ds.transpose() * q;
    });
}

void CpuBackend::attentionValuesForward(
    float* out, const float* att, const float* qkv, int B, int T, int C, int H)
{
    const int dh = C / H;
    parallelFor(static_cast<std::int64_t>(B) * H, std::int64_t {T} * T * dh, [&](std::int64_t bh) {
        const int b = static_cast<int>(bh / H), h = static_cast<int>(bh % H);
        const HeadView hv = headOf(qkv, b, h, T, C, H);
        const ConstStridedMap v(hv.v, T, dh, Eigen::OuterStride<>(3 * C));
        const ConstMatrixMap p(att + bh * T * T, T, T);
        StridedMap o(out + static_cast<std::size_t>(b) * T * C + static_cast<std::size_t>(h) * dh, T, dh,
            Eigen::OuterStride<>(C));
        o.noalias() = p * v;
    });
}

void CpuBackend::attentionValuesBackward(float* datt, float* dqkv, const float* dout, const float* att,
    const float* qkv, int B, int T, int C, int H)
{
    const int dh = C / H;
    parallelFor(static_cast<std::int64_t>(B) * H, std::int64_t {T} * T * dh, [&](std::int64_t bh) {
        const int b = static_cast<int>(bh / H), h = static_cast<int>(bh % H);
        const HeadView hv = headOf(qkv, b, h, T, C, H);
        const ConstStridedMap v(hv.v, T, dh, Eigen::OuterStride<>(3 * C));
        StridedMap dv(dqkv + (hv.v - qkv), T, dh, Eigen::OuterStride<>(3 * C));
        const ConstStridedMap dO(
            dout + static_cast<std::size_t>(b) * T * C + static_cast<std::size_t>(h) * dh, T, dh,
            Eigen::OuterStride<>(C));
        const ConstMatrixMap p(att + bh * T * T, T, T);
        MatrixMap dp(datt + bh * T * T, T, T);
        dp.noalias() = dO * v.transpose();
        dv.noalias() = p.transpose() * dO;
    });
}

} // namespace rlab
