#pragma once
// Stands in for cuBLAS's header in gpu_emulated only: the two column-major products the backend
// calls (cublasSgemm and cublasSgemmStridedBatched, alpha and beta by host pointer), as plain
// float loops, so kernels/cuda_gqa.cpp's strides and batches are checked as written.
#include "cuda_runtime.h"
enum cublasStatus_t { CUBLAS_STATUS_SUCCESS = 0 };
enum cublasOperation_t { CUBLAS_OP_N, CUBLAS_OP_T };
typedef struct cublasContext* cublasHandle_t;
inline cublasStatus_t cublasSgemmStridedBatched(cublasHandle_t, cublasOperation_t ta, cublasOperation_t tb,
    int m, int n, int k, const float* alpha, const float* A, int lda, long long sA, const float* B, int ldb,
    long long sB, const float* beta, float* C, int ldc, long long sC, int batch)
{
    for (int p = 0; p < batch; ++p) {
        const float* a = A + p * sA;
        const float* b = B + p * sB;
        float* c = C + p * sC;
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < m; ++i) {
                float s = 0;
                for (int l = 0; l < k; ++l) {
                    const float x = ta == CUBLAS_OP_N ? a[i + l * lda] : a[l + i * lda];
                    const float y = tb == CUBLAS_OP_N ? b[l + j * ldb] : b[j + l * ldb];
                    s += x * y;
                }
                float& out = c[i + j * ldc];
                out = *alpha * s + (*beta == 0.0f ? 0.0f : *beta * out);
            }
    }
    return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasSgemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
    int k, const float* alpha, const float* A, int lda, const float* B, int ldb, const float* beta, float* C,
    int ldc)
{
    return cublasSgemmStridedBatched(h, ta, tb, m, n, k, alpha, A, lda, 0, B, ldb, 0, beta, C, ldc, 0, 1);
}
