// CUDA twin of engine/src/cpu_attention.cpp, host half: the attention products through cuBLAS
// (FP32), q, k and v read in place from qkv (row stride 3C), one strided batch over the heads
// per sequence. The grouped-query products are in cuda_gqa.cpp, the softmax kernels in
// cuda_attention.cu, the fused attention kernels in cuda_flash.cu.

#include <cmath>
#include <string>

#include "cublas_constants.h"
#include "cuda_backend.h"
#include "cuda_check.h"
#include "cuda_gqa.h"
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

void CudaBackend::gqaSoftmaxForward(float* att, const float* qkv, int B, int T, int C, int H, int G)
{
    cuda::gqaSoftmaxForward(m_cublas, m_compute, att, qkv, B, T, C, H, G);
}

void CudaBackend::gqaSoftmaxBackward(
    float* dqkv, float* datt, const float* att, const float* qkv, int B, int T, int C, int H, int G)
{
    cuda::gqaSoftmaxBackward(m_cublas, m_compute, dqkv, datt, att, qkv, B, T, C, H, G);
}

void CudaBackend::gqaValuesForward(
    float* out, const float* att, const float* qkv, int B, int T, int C, int H, int G)
{
    cuda::gqaValuesForward(m_cublas, out, att, qkv, B, T, C, H, G);
}

void CudaBackend::gqaValuesBackward(float* datt, float* dqkv, const float* dout, const float* att,
    const float* qkv, int B, int T, int C, int H, int G)
{
    cuda::gqaValuesBackward(m_cublas, datt, dqkv, dout, att, qkv, B, T, C, H, G);
}

namespace {

void checkFusedHead(int C, int H)
{
    if (const std::string problem = cudaFusedHeadProblem(C, H); !problem.empty())
        throw RunError(problem);
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
