// CUDA twin of engine/src/cpu_matmul.cpp, host half: linear layers through cuBLAS (FP32).
// cuBLAS is column-major, so a row-major (rows, cols) matrix is passed as its (cols, rows)
// transpose. The bias kernels are in cuda_matmul.cu.

#include "cublas_constants.h"
#include "cuda_backend.h"
#include "cuda_check.h"
#include "launch.h"

namespace rlab::cuda {

void CudaBackend::matmulForward(
    float* out, const float* inp, const float* weight, const float* bias, int N, int C, int OC)
{
    RLAB_CUDA_CHECK(
        cublasSgemm(m_cublas, CUBLAS_OP_T, CUBLAS_OP_N, OC, N, C, &kOne, weight, C, inp, C, &kZero, out, OC));
    if (bias)
        biasForward(m_compute, out, bias, N, OC);
}

void CudaBackend::matmulBackward(float* dinp, float* dweight, float* dbias, const float* dout,
    const float* inp, const float* weight, int N, int C, int OC)
{
    if (dinp) {
        RLAB_CUDA_CHECK(cublasSgemm(
            m_cublas, CUBLAS_OP_N, CUBLAS_OP_N, C, N, OC, &kOne, weight, C, dout, OC, &kZero, dinp, C));
    }
    if (dweight) {
        RLAB_CUDA_CHECK(cublasSgemm(
            m_cublas, CUBLAS_OP_N, CUBLAS_OP_T, C, OC, N, &kOne, inp, C, dout, OC, &kOne, dweight, C));
    }
    if (dbias)
        biasBackward(m_compute, dbias, dout, N, OC, kernelScratch());
}

} // namespace rlab::cuda
