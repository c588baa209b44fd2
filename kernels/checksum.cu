// Sum of |x| in double for the gradient checksum: fixed-size partials, added in order on the host.
// CPU twin: CpuBackend::absSum.

#include "cuda_check.h"
#include "grid.cuh"
#include "launch.h"

namespace rlab::cuda {
namespace {

constexpr int kAbsSumMaxBlocks = 256;

__global__ void absSumKernel(double* partials, const float* x, std::size_t n)
{
    double sum = 0;
    for (std::size_t i = globalIndex(); i < n; i += globalStride())
        sum += fabs(static_cast<double>(x[i]));
    sum = blockSum(sum);
    if (threadIdx.x == 0)
        partials[blockIdx.x] = sum;
}

} // namespace

int absSumBlocks(std::size_t n)
{
    const unsigned blocks = gridFor(n);
    return static_cast<int>(blocks < kAbsSumMaxBlocks ? blocks : kAbsSumMaxBlocks);
}

void absSum(cudaStream_t stream, double* partials, const float* x, std::size_t n)
{
    absSumKernel<<<absSumBlocks(n), kThreads, 0, stream>>>(partials, x, n);
    checkLaunch("absSum");
}

} // namespace rlab::cuda
