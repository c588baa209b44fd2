#pragma once
// The grouped-query attention products of CudaBackend's gqa ops (cuda_gqa.cpp): the same
// shapes and meaning as rlab/backend.h's gqaSoftmaxForward ... gqaValuesBackward, asynchronous
// on the handle's stream (the softmax kernels on `stream`, which must be that stream).

#include <cublas_v2.h>
#include <cuda_runtime.h>

namespace rlab::cuda {

void gqaSoftmaxForward(cublasHandle_t cublas, cudaStream_t stream, float* att, const float* qkv, int B, int T,
    int C, int H, int G);
void gqaSoftmaxBackward(cublasHandle_t cublas, cudaStream_t stream, float* dqkv, float* datt,
    const float* att, const float* qkv, int B, int T, int C, int H, int G);
void gqaValuesForward(
    cublasHandle_t cublas, float* out, const float* att, const float* qkv, int B, int T, int C, int H, int G);
void gqaValuesBackward(cublasHandle_t cublas, float* datt, float* dqkv, const float* dout, const float* att,
    const float* qkv, int B, int T, int C, int H, int G);

} // namespace rlab::cuda
