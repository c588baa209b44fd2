// CUDA twin of engine/src/cpu_layernorm.cpp: LayerNorm (eps 1e-5), forward and backward.

#include "cuda_check.h"
#include "grid.cuh"
#include "launch.h"

namespace rlab::cuda {
namespace {

constexpr float kEps = 1e-5f;
constexpr int kRowsPerBlock = kThreads / 32; // one warp per row

__global__ void layernormForwardKernel(float* out, float* mean, float* rstd, const float* inp,
    const float* weight, const float* bias, int N, int C)
{
    const int row = blockIdx.x * kRowsPerBlock + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= N)
        return;
    const float* x = inp + static_cast<std::size_t>(row) * C;
    float sum = 0;
    for (int c = lane; c < C; c += 32)
        sum += x[c];
    const float m = warpSum(sum) / C;
    float var = 0;
    for (int c = lane; c < C; c += 32) {
        const float d = x[c] - m;
        var += d * d;
    }
    const float r = rsqrtf(warpSum(var) / C + kEps);
    float* y = out + static_cast<std::size_t>(row) * C;
    for (int c = lane; c < C; c += 32)
        y[c] = (x[c] - m) * r * weight[c] + bias[c];
    if (lane == 0 && mean)
        mean[row] = m;
    if (lane == 0 && rstd)
        rstd[row] = r;
}

// dinp += rstd * (dnorm - mean(dnorm) - norm * mean(dnorm * norm)), dnorm = dout * weight
__global__ void layernormInputBackwardKernel(float* dinp, const float* dout, const float* inp,
    const float* weight, const float* mean, const float* rstd, int N, int C)
{
    const int row = blockIdx.x * kRowsPerBlock + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= N)
        return;
    const std::size_t base = static_cast<std::size_t>(row) * C;
    const float m = mean[row];
    const float r = rstd[row];
    float sumDnorm = 0;
    float sumDnormNorm = 0;
    for (int c = lane; c < C; c += 32) {
        const float dnorm = dout[base + c] * weight[c];
        sumDnorm += dnorm;
        sumDnormNorm += dnorm * (inp[base + c] - m) * r;
    }
    const float meanDnorm = warpSum(sumDnorm) / C;
    const float meanDnormNorm = warpSum(sumDnormNorm) / C;
    for (int c = lane; c < C; c += 32) {
        const float norm = (inp[base + c] - m) * r;
        const float dnorm = dout[base + c] * weight[c];
        dinp[base + c] += r * (dnorm - meanDnorm - norm * meanDnormNorm);
    }
}

// Partial sums over one chunk of rows of dout * norm (dweight) and dout (dbias); the chunks
// are added in order by addColumnChunks.
__global__ void layernormParamPartialKernel(float* partialWeight, float* partialBias, const float* dout,
    const float* inp, const float* mean, const float* rstd, int N, int C, int rowsPerChunk)
{
    const int c = blockIdx.x * kColumnBlock + threadIdx.x;
    const int r0 = blockIdx.y * rowsPerChunk;
    const int r1 = min(N, r0 + rowsPerChunk);
    const bool inside = c < C;
    const float db
        = columnSum(r0, r1, [&](int r) { return inside ? dout[static_cast<std::size_t>(r) * C + c] : 0.0f; });
    const float dw = columnSum(r0, r1, [&](int r) {
        const std::size_t i = static_cast<std::size_t>(r) * C + c;
        return inside ? dout[i] * (inp[i] - mean[r]) * rstd[r] : 0.0f;
    });
    if (inside && threadIdx.y == 0) {
        const std::size_t at = static_cast<std::size_t>(blockIdx.y) * C + c;
        partialBias[at] = db;
        partialWeight[at] = dw;
    }
}

} // namespace

void layernormForward(cudaStream_t stream, float* out, float* mean, float* rstd, const float* inp,
    const float* weight, const float* bias, int N, int C)
{
    const int blocks = (N + kRowsPerBlock - 1) / kRowsPerBlock;
    layernormForwardKernel<<<blocks, kThreads, 0, stream>>>(out, mean, rstd, inp, weight, bias, N, C);
    checkLaunch("layernormForward");
}

void layernormBackward(cudaStream_t stream, float* dinp, float* dweight, float* dbias, const float* dout,
    const float* inp, const float* weight, const float* mean, const float* rstd, int N, int C,
    Scratch scratch)
{
    const int blocks = (N + kRowsPerBlock - 1) / kRowsPerBlock;
    layernormInputBackwardKernel<<<blocks, kThreads, 0, stream>>>(dinp, dout, inp, weight, mean, rstd, N, C);
    checkLaunch("layernormBackward (input)");
    const ColumnChunks split = columnChunks(N, C, scratch.bytes, 2);
    float* partialWeight = static_cast<float*>(scratch.ptr);
    float* partialBias = partialWeight + static_cast<std::size_t>(split.chunks) * C;
    const dim3 grid((C + kColumnBlock - 1) / kColumnBlock, split.chunks);
    layernormParamPartialKernel<<<grid, dim3(kColumnBlock, kColumnBlockRows), 0, stream>>>(
        partialWeight, partialBias, dout, inp, mean, rstd, N, C, split.rowsPerChunk);
    checkLaunch("layernormBackward (weight, bias)");
    addColumnChunks(stream, dweight, partialWeight, split.chunks, C);
    addColumnChunks(stream, dbias, partialBias, split.chunks, C);
}

} // namespace rlab::cuda
