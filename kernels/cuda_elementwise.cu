// CUDA twins of engine/src/cpu_elementwise.cpp: fill, residual add, GELU (tanh), dropout
// (Philox, so masks match the CPU bit for bit and recompute replays them), bf16 and the
// gradient checksum.

#include "cuda_check.h"
#include "grid.cuh"
#include "launch.h"
#include "rlab/bf16.h"

namespace rlab::cuda {
namespace {

constexpr float kGeluScale = 0.7978845608028654f; // sqrt(2 / pi), as the CPU twin
constexpr float kGeluCubic = 0.044715f;
constexpr int kAbsSumMaxBlocks = 256;

__global__ void fillKernel(float* out, float value, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride())
        out[i] = value;
}

__global__ void residualForwardKernel(float* out, const float* a, const float* b, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride())
        out[i] = a[i] + b[i];
}

__global__ void geluForwardKernel(float* out, const float* inp, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride()) {
        const float x = inp[i];
        out[i] = 0.5f * x * (1.0f + tanhf(kGeluScale * (x + kGeluCubic * x * x * x)));
    }
}

__global__ void geluBackwardKernel(float* dinp, const float* inp, const float* dout, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride()) {
        const float x = inp[i];
        const float th = tanhf(kGeluScale * (x + kGeluCubic * x * x * x));
        const float dth = (1.0f - th * th) * kGeluScale * (1.0f + 3.0f * kGeluCubic * x * x);
        dinp[i] = (0.5f * (1.0f + th) + 0.5f * x * dth) * dout[i];
    }
}

// One thread per group of four elements: one Philox call gives all four words (as dropoutKeeps).
__global__ void dropoutForwardKernel(
    float* out, const float* inp, std::size_t n, DropoutSite site, float scale)
{
    const std::size_t groups = (n + 3) / 4;
    for (std::size_t g = globalIndex(); g < groups; g += globalStride()) {
        const Philox4x32 bits = dropoutBits(site, g);
        for (int k = 0; k < 4; ++k) {
            const std::size_t i = 4 * g + k;
            if (i >= n)
                break;
            const float u = static_cast<float>(bits.v[k] >> 8) * (1.0f / 16777216.0f);
            out[i] = u >= site.p ? inp[i] * scale : 0.0f;
        }
    }
}

__global__ void copyKernel(float* out, const float* inp, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride())
        out[i] = inp[i];
}

__global__ void toBf16Kernel(std::uint16_t* out, const float* inp, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride())
        out[i] = bf16FromFloatBits(__float_as_uint(inp[i]));
}

__global__ void fromBf16Kernel(float* out, const std::uint16_t* inp, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride())
        out[i] = __uint_as_float(floatBitsFromBf16(inp[i]));
}

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

void fill(cudaStream_t stream, float* out, float value, std::size_t n)
{
    fillKernel<<<gridFor(n), kThreads, 0, stream>>>(out, value, n);
    checkLaunch("fill");
}

void residualForward(cudaStream_t stream, float* out, const float* a, const float* b, std::size_t n)
{
    residualForwardKernel<<<gridFor(n), kThreads, 0, stream>>>(out, a, b, n);
    checkLaunch("residualForward");
}

void geluForward(cudaStream_t stream, float* out, const float* inp, std::size_t n)
{
    geluForwardKernel<<<gridFor(n), kThreads, 0, stream>>>(out, inp, n);
    checkLaunch("geluForward");
}

void geluBackward(cudaStream_t stream, float* dinp, const float* inp, const float* dout, std::size_t n)
{
    geluBackwardKernel<<<gridFor(n), kThreads, 0, stream>>>(dinp, inp, dout, n);
    checkLaunch("geluBackward");
}

void dropoutForward(cudaStream_t stream, float* out, const float* inp, std::size_t n, const DropoutSite& site)
{
    if (site.p <= 0.0f) {
        if (out != inp)
            copyKernel<<<gridFor(n), kThreads, 0, stream>>>(out, inp, n);
        checkLaunch("dropoutForward (copy)");
        return;
    }
    const float scale = 1.0f / (1.0f - site.p);
    dropoutForwardKernel<<<gridFor((n + 3) / 4), kThreads, 0, stream>>>(out, inp, n, site, scale);
    checkLaunch("dropoutForward");
}

void toBf16(cudaStream_t stream, std::uint16_t* out, const float* inp, std::size_t n)
{
    toBf16Kernel<<<gridFor(n), kThreads, 0, stream>>>(out, inp, n);
    checkLaunch("toBf16");
}

void fromBf16(cudaStream_t stream, float* out, const std::uint16_t* inp, std::size_t n)
{
    fromBf16Kernel<<<gridFor(n), kThreads, 0, stream>>>(out, inp, n);
    checkLaunch("fromBf16");
}

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
