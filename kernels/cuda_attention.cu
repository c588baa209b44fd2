// CUDA twin of engine/src/cpu_attention.cpp, kernel half: the causal softmax over attention
// scores, forward and backward; the products around it are cuBLAS calls (cuda_attention.cpp).

#include <cmath>

#include "cuda_check.h"
#include "grid.cuh"
#include "launch.h"

namespace rlab::cuda {
namespace {

constexpr int kRowsPerBlock = kThreads / 32; // one warp per row

__global__ void attentionSoftmaxForwardKernel(float* att, int rows, int T)
{
    const int row = blockIdx.x * kRowsPerBlock + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows)
        return;
    const int last = row % T; // query position: keys 0..last are visible
    float* a = att + static_cast<std::size_t>(row) * T;
    float maxScore = -INFINITY;
    for (int j = lane; j <= last; j += 32)
        maxScore = fmaxf(maxScore, a[j]);
    maxScore = warpMax(maxScore);
    float sum = 0;
    for (int j = lane; j <= last; j += 32)
        sum += expf(a[j] - maxScore);
    const float inv = 1.0f / warpSum(sum);
    for (int j = lane; j < T; j += 32)
        a[j] = j <= last ? expf(a[j] - maxScore) * inv : 0.0f;
}

// dscores may alias datt: each lane reads its own entries of the row before writing them.
__global__ void attentionSoftmaxBackwardKernel(
    float* dscores, const float* datt, const float* att, int rows, int T, float scale)
{
    const int row = blockIdx.x * kRowsPerBlock + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows)
        return;
    const int last = row % T;
    const std::size_t base = static_cast<std::size_t>(row) * T;
    float dot = 0;
    for (int j = lane; j <= last; j += 32)
        dot += att[base + j] * datt[base + j];
    dot = warpSum(dot);
    for (int j = lane; j < T; j += 32)
        dscores[base + j] = j <= last ? att[base + j] * (datt[base + j] - dot) * scale : 0.0f;
}

} // namespace

void attentionSoftmaxForward(cudaStream_t stream, float* att, int BH, int T)
{
    const int rows = BH * T;
    attentionSoftmaxForwardKernel<<<(rows + kRowsPerBlock - 1) / kRowsPerBlock, kThreads, 0, stream>>>(
        att, rows, T);
    checkLaunch("attentionSoftmaxForward");
}

void attentionSoftmaxBackward(
    cudaStream_t stream, float* dscores, const float* datt, const float* att, int BH, int T, float scale)
{
    const int rows = BH * T;
    attentionSoftmaxBackwardKernel<<<(rows + kRowsPerBlock - 1) / kRowsPerBlock, kThreads, 0, stream>>>(
        dscores, datt, att, rows, T, scale);
    checkLaunch("attentionSoftmaxBackward");
}

} // namespace rlab::cuda
