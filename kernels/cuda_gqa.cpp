// The grouped-query attention products (llama's qkv rows of C + 2*G*dh: q's H heads, then k's and
// v's G) through cuBLAS (FP32), read in place: per (sequence, key/value head), the group's query
// heads are one strided batch against the one key/value head (its stride 0); the key/value
// gradients are summed over the group's query heads in order (beta 1 after the first), as the
// CPU twin (engine/src/cpu_attention.cpp) sums them. Free functions of a cuBLAS handle, so the
// host emulation (tests/gpu/emulated) runs them as the backend does.

#include "cuda_gqa.h"

#include <cmath>

#include "cublas_constants.h"
#include "cuda_check.h"
#include "launch.h"

namespace rlab::cuda {
namespace {

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

// Per (sequence, key/value head): scores of the group's query heads against the one k head (stride 0).
void gqaSoftmaxForward(cublasHandle_t cublas, cudaStream_t stream, float* att, const float* qkv, int B, int T,
    int C, int H, int G)
{
    const Groups g = groupsOf(T, C, H, G);
    const float scale = 1.0f / std::sqrt(static_cast<float>(g.dh));
    for (int b = 0; b < B; ++b)
        for (int kv = 0; kv < G; ++kv) {
            const float* q = qkv + b * g.qkvB + static_cast<long long>(kv) * g.group * g.dh;
            const float* k = qkv + b * g.qkvB + C + static_cast<long long>(kv) * g.dh;
            float* a = att + b * g.attB + static_cast<long long>(kv) * g.group * g.tt;
            RLAB_CUDA_CHECK(cublasSgemmStridedBatched(cublas, CUBLAS_OP_T, CUBLAS_OP_N, T, T, g.dh, &scale, k,
                g.ld, 0, q, g.ld, g.dh, &kZero, a, T, g.tt, g.group));
        }
    attentionSoftmaxForward(stream, att, B * H, T);
}

// dq = dS k per query head (one batch per group); dk = sum over the group of dS^T q, its query
// heads added in order (beta 1 after the first), as the CPU twin sums them.
void gqaSoftmaxBackward(cublasHandle_t cublas, cudaStream_t stream, float* dqkv, float* datt,
    const float* att, const float* qkv, int B, int T, int C, int H, int G)
{
    const Groups g = groupsOf(T, C, H, G);
    const float scale = 1.0f / std::sqrt(static_cast<float>(g.dh));
    attentionSoftmaxBackward(stream, datt, datt, att, B * H, T, scale);
    for (int b = 0; b < B; ++b)
        for (int kv = 0; kv < G; ++kv) {
            const long long first = static_cast<long long>(kv) * g.group; // the group's first query head
            const float* dscores = datt + b * g.attB + first * g.tt;
            const float* q = qkv + b * g.qkvB + first * g.dh;
            const float* k = qkv + b * g.qkvB + C + static_cast<long long>(kv) * g.dh;
            float* dq = dqkv + b * g.qkvB + first * g.dh;
            float* dk = dqkv + b * g.qkvB + C + static_cast<long long>(kv) * g.dh;
            RLAB_CUDA_CHECK(cublasSgemmStridedBatched(cublas, CUBLAS_OP_N, CUBLAS_OP_N, g.dh, T, T, &kOne, k,
                g.ld, 0, dscores, T, g.tt, &kZero, dq, g.ld, g.dh, g.group));
            for (int r = 0; r < g.group; ++r)
                RLAB_CUDA_CHECK(cublasSgemm(cublas, CUBLAS_OP_N, CUBLAS_OP_T, g.dh, T, T, &kOne,
                    q + static_cast<long long>(r) * g.dh, g.ld, dscores + r * g.tt, T,
                    r == 0 ? &kZero : &kOne, dk, g.ld));
        }
}

void gqaValuesForward(
    cublasHandle_t cublas, float* out, const float* att, const float* qkv, int B, int T, int C, int H, int G)
{
    const Groups g = groupsOf(T, C, H, G);
    for (int b = 0; b < B; ++b)
        for (int kv = 0; kv < G; ++kv) {
            const long long first = static_cast<long long>(kv) * g.group;
            const float* v = qkv + b * g.qkvB + C + static_cast<long long>(G + kv) * g.dh;
            RLAB_CUDA_CHECK(cublasSgemmStridedBatched(cublas, CUBLAS_OP_N, CUBLAS_OP_N, g.dh, T, T, &kOne, v,
                g.ld, 0, att + b * g.attB + first * g.tt, T, g.tt, &kZero,
                out + static_cast<long long>(b) * T * C + first * g.dh, C, g.dh, g.group));
        }
}

// datt = dO v^T per query head (one batch per group); dv = sum over the group of att^T dO, in order.
void gqaValuesBackward(cublasHandle_t cublas, float* datt, float* dqkv, const float* dout, const float* att,
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
            RLAB_CUDA_CHECK(cublasSgemmStridedBatched(cublas, CUBLAS_OP_T, CUBLAS_OP_N, T, T, g.dh, &kOne, v,
                g.ld, 0, doutG, C, g.dh, &kZero, datt + b * g.attB + first * g.tt, T, g.tt, g.group));
            for (int r = 0; r < g.group; ++r)
                RLAB_CUDA_CHECK(cublasSgemm(cublas, CUBLAS_OP_N, CUBLAS_OP_T, g.dh, T, T, &kOne,
                    doutG + static_cast<long long>(r) * g.dh, C, attG + r * g.tt, T, r == 0 ? &kZero : &kOne,
                    dv, g.ld));
        }
}

} // namespace rlab::cuda
