// CUDA twin of engine/src/cpu_attention.cpp, host half: the attention products through cuBLAS
// (FP32), q, k and v read in place from qkv, one strided batch over the heads per sequence
// (GPT-2's rows of 3C), or per key/value head (llama's grouped-query rows of C + 2*G*dh, the
// group's query heads one batch against one key/value head, its stride 0). The softmax kernels
// are in cuda_attention.cu, the fused attention kernels in cuda_flash.cu.

#include <cmath>
#include <string>

#include "cublas_constants.h"
#include "cuda_backend.h"
#include "cuda_check.h"
#include "launch.h"
#include "rlab/errors.h"

namespace rlab::cuda {
namespace {

// Strides of the attention products: per sequence in qkv and att, per head in att.
struct Heads {
    int dh; // head width C / H
    long long qkvB; // floats between sequences in qkv
    long long attB; // floats between sequences in att, H*T*T
    long long tt; // T*T
};

Heads headsOf(int T, int C, int H)
{
    const long long tt = static_cast<long long>(T) * T;
    return {C / H, static_cast<long long>(T) * 3 * C, tt * H, tt};
}

// Strides of the grouped-query products: rows of ld floats holding q's H heads, then k's and v's
// G; query heads g*group .. g*group+group-1 read key/value head g.
struct Groups {
    int dh, ld, group;
    long long tt;
    long long qkvB; // floats between sequences in qkv
    long long attB; // floats between sequences in att
};

Groups groupsOf(int T, int C, int H, int G)
{
    const int dh = C / H, ld = C + 2 * G * dh;
    const long long tt = static_cast<long long>(T) * T;
    return {dh, ld, H / G, tt, static_cast<long long>(T) * ld, tt * H};
}

} // namespace

void CudaBackend::attentionSoftmaxForward(float* att, const float* qkv, int B, int T, int C, int H)
{
    const Heads h = headsOf(T, C, H);
    const float scale = 1.0f / std::sqrt(static_cast<float>(h.dh));
    for (int b = 0; b < B; ++b) {
        const float* q = qkv + b * h.qkvB;
        const float* k = q + C;
        RLAB_CUDA_CHECK(cublasSgemmStridedBatched(m_cublas, CUBLAS_OP_T, CUBLAS_OP_N, T, T, h.dh, &scale, k,
            3 * C, h.dh, q, 3 * C, h.dh, &kZero, att + b * h.attB, T, h.tt, H));
    }
    cuda::attentionSoftmaxForward(m_compute, att, B * H, T);
}

void CudaBackend::attentionSoftmaxBackward(
    float* dqkv, float* datt, const float* att, const float* qkv, int B, int T, int C, int H)
{
    const Heads h = headsOf(T, C, H);
    const float scale = 1.0f / std::sqrt(static_cast<float>(h.dh));
    // The score gradients overwrite datt (backend.h: it is consumed), so no scratch is needed.
    cuda::attentionSoftmaxBackward(m_compute, datt, datt, att, B * H, T, scale);
    for (int b = 0; b < B; ++b) {
        const float* dscores = datt + b * h.attB;
        const float* q = qkv + b * h.qkvB;
        const float* k = q + C;
        float* dq = dqkv + b * h.qkvB;
        float* dk = dq + C;
        RLAB_CUDA_CHECK(cublasSgemmStridedBatched(m_cublas, CUBLAS_OP_N, CUBLAS_OP_N, h.dh, T, T, &kOne, k,
            3 * C, h.dh, dscores, T, h.tt, &kZero, dq, 3 * C, h.dh, H));
        RLAB_CUDA_CHECK(cublasSgemmStridedBatched(m_cublas, CUBLAS_OP_N, CUBLAS_OP_T, h.dh, T, T, &kOne, q,
            3 * C, h.dh, dscores, T, h.tt, &kZero, dk, 3 * C, h.dh, H));
    }
}

void CudaBackend::attentionValuesForward(
    float* out, const float* att, const float* qkv, int B, int T, int C, int H)
{
    const Heads h = headsOf(T, C, H);
    for (int b = 0; b < B; ++b) {
        const float* v = qkv + b * h.qkvB + 2 * C;
        RLAB_CUDA_CHECK(
            cublasSgemmStridedBatched(m_cublas, CUBLAS_OP_N, CUBLAS_OP_N, h.dh, T, T, &kOne, v, 3 * C, h.dh,
                att + b * h.attB, T, h.tt, &kZero, out + static_cast<long long>(b) * T * C, C, h.dh, H));
    }
}

void CudaBackend::attentionValuesBackward(float* datt, float* dqkv, const float* dout, const float* att,
    const float* qkv, int B, int T, int C, int H)
{
    const Heads h = headsOf(T, C, H);
    for (int b = 0; b < B; ++b) {
        const float* v = qkv + b * h.qkvB + 2 * C;
        const float* doutB = dout + static_cast<long long>(b) * T * C;
        float* dv = dqkv + b * h.qkvB + 2 * C;
        RLAB_CUDA_CHECK(cublasSgemmStridedBatched(m_cublas, CUBLAS_OP_T, CUBLAS_OP_N, T, T, h.dh, &kOne, v,
            3 * C, h.dh, doutB, C, h.dh, &kZero, datt + b * h.attB, T, h.tt, H));
        RLAB_CUDA_CHECK(cublasSgemmStridedBatched(m_cublas, CUBLAS_OP_N, CUBLAS_OP_T, h.dh, T, T, &kOne,
            doutB, C, h.dh, att + b * h.attB, T, h.tt, &kZero, dv, 3 * C, h.dh, H));
    }
}

// Per (sequence, key/value head): scores of the group's query heads against the one k head (stride 0).
void CudaBackend::gqaSoftmaxForward(float* att, const float* qkv, int B, int T, int C, int H, int G)
{
    const Groups g = groupsOf(T, C, H, G);
    const float scale = 1.0f / std::sqrt(static_cast<float>(g.dh));
    for (int b = 0; b < B; ++b)
        for (int kv = 0; kv < G; ++kv) {
            const float* q = qkv + b * g.qkvB + static_cast<long long>(kv) * g.group * g.dh;
            const float* k = qkv + b * g.qkvB + C + static_cast<long long>(kv) * g.dh;
            float* a = att + b * g.attB + static_cast<long long>(kv) * g.group * g.tt;
            RLAB_CUDA_CHECK(cublasSgemmStridedBatched(m_cublas, CUBLAS_OP_T, CUBLAS_OP_N, T, T, g.dh, &scale,
                k, g.ld, 0, q, g.ld, g.dh, &kZero, a, T, g.tt, g.group));
        }
    cuda::attentionSoftmaxForward(m_compute, att, B * H, T);
}

// dq = dS k per query head (one batch per group); dk = sum over the group of dS^T q, its query
// heads added in order (beta 1 after the first), as the CPU twin sums them.
void CudaBackend::gqaSoftmaxBackward(
    float* dqkv, float* datt, const float* att, const float* qkv, int B, int T, int C, int H, int G)
{
    const Groups g = groupsOf(T, C, H, G);
    const float scale = 1.0f / std::sqrt(static_cast<float>(g.dh));
    cuda::attentionSoftmaxBackward(m_compute, datt, datt, att, B * H, T, scale);
    for (int b = 0; b < B; ++b)
        for (int kv = 0; kv < G; ++kv) {
            const long long first = static_cast<long long>(kv) * g.group; // the group's first query head
            const float* dscores = datt + b * g.attB + first * g.tt;
            const float* q = qkv + b * g.qkvB + first * g.dh;
            const float* k = qkv + b * g.qkvB + C + static_cast<long long>(kv) * g.dh;
            float* dq = dqkv + b * g.qkvB + first * g.dh;
            float* dk = dqkv + b * g.qkvB + C + static_cast<long long>(kv) * g.dh;
            RLAB_CUDA_CHECK(cublasSgemmStridedBatched(m_cublas, CUBLAS_OP_N, CUBLAS_OP_N, g.dh, T, T, &kOne,
                k, g.ld, 0, dscores, T, g.tt, &kZero, dq, g.ld, g.dh, g.group));
            for (int r = 0; r < g.group; ++r)
                RLAB_CUDA_CHECK(cublasSgemm(m_cublas, CUBLAS_OP_N, CUBLAS_OP_T, g.dh, T, T, &kOne,
                    q + static_cast<long long>(r) * g.dh, g.ld, dscores + r * g.tt, T,
                    r == 0 ? &kZero : &kOne, dk, g.ld));
        }
}

void CudaBackend::gqaValuesForward(
    float* out, const float* att, const float* qkv, int B, int T, int C, int H, int G)
{
    const Groups g = groupsOf(T, C, H, G);
    for (int b = 0; b < B; ++b)
        for (int kv = 0; kv < G; ++kv) {
            const long long first = static_cast<long long>(kv) * g.group;
            const float* v = qkv + b * g.qkvB + C + static_cast<long long>(G + kv) * g.dh;
            RLAB_CUDA_CHECK(cublasSgemmStridedBatched(m_cublas, CUBLAS_OP_N, CUBLAS_OP_N, g.dh, T, T, &kOne,
                v, g.ld, 0, att + b * g.attB + first * g.tt, T, g.tt, &kZero,
                out + static_cast<long long>(b) * T * C + first * g.dh, C, g.dh, g.group));
        }
}

// datt = dO v^T per query head (one batch per group); dv = sum over the group of att^T dO, in order.
void CudaBackend::gqaValuesBackward(float* datt, float* dqkv, const float* dout, const float* att,
    const float* qkv, int B, int T, int C, int H, int G)
{
    const Groups g = groupsOf(T, C, H, G);
    for (int b = 0; b < B; ++b)
        for (int kv = 0; kv < G; ++kv) {
            const long long first = static_cast<long long>(kv) * g.group;
            const float* v = qkv + b * g.qkvB + C + static_cast<long long>(G + kv) * g.dh;
            const float* doutG = dout + static_cast<long long>(b) * T * C + first * g.dh;
            const float* attG = att + b * g.attB + first * g.tt;
            float* dv = dqkv + b * g.qkvB + C + static_cast<long long>(G + kv) * g.dh;
            RLAB_CUDA_CHECK(cublasSgemmStridedBatched(m_cublas, CUBLAS_OP_T, CUBLAS_OP_N, T, T, g.dh, &kOne,
                v, g.ld, 0, doutG, C, g.dh, &kZero, datt + b * g.attB + first * g.tt, T, g.tt, g.group));
            for (int r = 0; r < g.group; ++r)
                RLAB_CUDA_CHECK(cublasSgemm(m_cublas, CUBLAS_OP_N, CUBLAS_OP_T, g.dh, T, T, &kOne,
                    doutG + static_cast<long long>(r) * g.dh, C, attG + r * g.tt, T, r == 0 ? &kZero : &kOne,
                    dv, g.ld));
        }
}

namespace {

void checkFusedHead(int C, int H)
{
    if (C / H > kCudaFusedMostHeadSize)
        throw RunError("The CUDA fused attention kernel takes heads of at most "
            + std::to_string(kCudaFusedMostHeadSize) + " floats (these have " + std::to_string(C / H)
            + "); use more heads or --attention plain.");
}

} // namespace

void CudaBackend::flashAttentionForward(
    float* out, float* lse, const float* qkv, int B, int T, int C, int H, int G, const DropoutSite& site)
{
    checkFusedHead(C, H);
    cuda::flashAttentionForward(m_compute, out, lse, qkv, B, T, C, H, G, site);
}

void CudaBackend::flashAttentionBackward(float* dqkv, const float* dout, const float* out, const float* lse,
    const float* qkv, int B, int T, int C, int H, int G, const DropoutSite& site)
{
    checkFusedHead(C, H);
    cuda::flashAttentionBackward(m_compute, dqkv, dout, out, lse, qkv, B, T, C, H, G, site);
}

} // namespace rlab::cuda
