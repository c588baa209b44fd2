#include "cuda_check.h"

#include <string>

#include "rlab/errors.h"

namespace rlab::cuda {

void check(cudaError_t status, const char* call)
{
    if (status == cudaSuccess)
        return;
    throw RunError(std::string("CUDA call ") + call + " failed: " + cudaGetErrorString(status) + ".");
}

void check(cublasStatus_t status, const char* call)
{
    if (status == CUBLAS_STATUS_SUCCESS)
        return;
    throw RunError(std::string("cuBLAS call ") + call + " failed: " + cublasGetStatusString(status) + ".");
}

void checkLaunch(const char* kernel)
{
    const cudaError_t status = cudaGetLastError();
    if (status == cudaSuccess)
        return;
    throw RunError(
        std::string("The CUDA kernel ") + kernel + " failed to launch: " + cudaGetErrorString(status) + ".");
}

} // namespace rlab::cuda
