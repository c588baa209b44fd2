#pragma once
// Every CUDA and cuBLAS call is checked; a failure becomes one rlab::RunError sentence naming the call.

#include <cublas_v2.h>
#include <cuda_runtime.h>

namespace rlab::cuda {

void check(cudaError_t status, const char* call);
void check(cublasStatus_t status, const char* call);
// After a kernel launch: reports a bad launch configuration at once, not at the next sync.
void checkLaunch(const char* kernel);

} // namespace rlab::cuda

#define RLAB_CUDA_CHECK(call) ::rlab::cuda::check((call), #call)
