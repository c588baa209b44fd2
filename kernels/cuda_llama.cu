// CUDA twin of engine/src/cpu_llama.cpp: llama's RMSNorm (eps 1e-5, weight only), rotary
// positions (half-split pairs, theta 10000) and SwiGLU, forward and backward. The grouped-query
// and fused attention ops are in cuda_attention.cpp and cuda_flash.cu.

#include "cuda_check.h"
#include "grid.cuh"
#include "launch.h"

namespace rlab::cuda {
namespace {

constexpr float kEps = 1e-5f; // as the CPU twin: rsqrt(mean(x^2) + 1e-5)
constexpr float kTheta = 10000.0f;
constexpr int kRowsPerBlock = kThreads / 32; // one warp per row

__global__ void rmsnormForwardKernel(
    float* out, float* rstd, const float* inp, const float* weight, int N, int C)
{
    const int row = blockIdx.x * kRowsPerBlock + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= N)
        return;
    const float* x = inp + static_cast<std::size_t>(row) * C;
    float squares = 0;
    for (int c = lane; c < C; c += 32)
        squares += x[c] * x[c];
    const float s = 1.0f / sqrtf(warpSum(squares) / static_cast<float>(C) + kEps);
    float* y = out + static_cast<std::size_t>(row) * C;
    for (int c = lane; c < C; c += 32)
        y[c] = x[c] * s * weight[c];
    if (lane == 0)
        rstd[row] = s;
}

// y = x s w with s = (mean(x^2) + eps)^(-1/2): dinp += s (d w) - x s^3 mean(d w x).
__global__ void rmsnormInputBackwardKernel(
    float* dinp, const float* dout, const float* inp, const float* weight, const float* rstd, int N, int C)
{
    const int row = blockIdx.x * kRowsPerBlock + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= N)
        return;
    const std::size_t base = static_cast<std::size_t>(row) * C;
    const float s = rstd[row];
    float dot = 0;
    for (int c = lane; c < C; c += 32)
        dot += dout[base + c] * weight[c] * inp[base + c];
    const float dotMean = warpSum(dot) / static_cast<float>(C);
    for (int c = lane; c < C; c += 32)
        dinp[base + c] += (dout[base + c] * weight[c]) * s - inp[base + c] * (s * s * s * dotMean);
}

// Partial sums over one chunk of rows of dout * inp * rstd (the weight's gradient); the chunks
// are added in order by addColumnChunks, so the sum's order depends on the shape alone.
__global__ void rmsnormWeightPartialKernel(
    float* partial, const float* dout, const float* inp, const float* rstd, int N, int C, int rowsPerChunk)
{
    const int c = blockIdx.x * kColumnBlock + threadIdx.x;
    const int r0 = blockIdx.y * rowsPerChunk;
    const int r1 = min(N, r0 + rowsPerChunk);
    const bool inside = c < C;
    const float dw = columnSum(r0, r1, [&](int r) {
        const std::size_t i = static_cast<std::size_t>(r) * C + c;
        return inside ? dout[i] * inp[i] * rstd[r] : 0.0f;
    });
    if (inside && threadIdx.y == 0)
        partial[static_cast<std::size_t>(blockIdx.y) * C + c] = dw;
}

// One thread per rotated pair: row r of qkv (ld floats), head `head` of q's H then k's G (k's
// heads start at C = H*dh, right after q's), pair (i, i + half). sign -1: the inverse rotation.
__global__ void ropeKernel(float* qkv, std::size_t pairs, int T, int ld, int heads, int dh, float sign)
{
    const int half = dh / 2;
    for (std::size_t p = globalIndex(); p < pairs; p += globalStride()) {
        const int i = static_cast<int>(p % half);
        const std::size_t headRow = p / half;
        const int head = static_cast<int>(headRow % heads);
        const std::size_t row = headRow / heads;
        const int t = static_cast<int>(row % T);
        // The angle in float, as the CPU twin's table forms it: the exponent, the power, the product.
        const float inverse = powf(kTheta, -static_cast<float>(i) / static_cast<float>(half));
        const float angle = static_cast<float>(t) * inverse;
        const float c = cosf(angle), sn = sign * sinf(angle);
        float* x = qkv + row * ld + static_cast<std::size_t>(head) * dh;
        const float x1 = x[i], x2 = x[i + half];
        x[i] = x1 * c - x2 * sn;
        x[i + half] = x1 * sn + x2 * c;
    }
}

__global__ void swigluForwardKernel(float* out, const float* gate, const float* up, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride()) {
        const float g = gate[i];
        out[i] = g / (1.0f + expf(-g)) * up[i];
    }
}

// dup may alias dout: each thread reads its element of dout before writing dup.
__global__ void swigluBackwardKernel(
    float* dgate, float* dup, const float* dout, const float* gate, const float* up, std::size_t n)
{
    for (std::size_t i = globalIndex(); i < n; i += globalStride()) {
        const float g = gate[i], u = up[i], d = dout[i];
        const float s = 1.0f / (1.0f + expf(-g));
        dgate[i] = d * u * (s * (1.0f + g * (1.0f - s)));
        dup[i] = d * g * s;
    }
}

void rope(cudaStream_t stream, float* qkv, int B, int T, int C, int H, int G, float sign, const char* name)
{
    const int dh = C / H;
    const std::size_t pairs = static_cast<std::size_t>(B) * T * (H + G) * (dh / 2);
    if (pairs == 0)
        return;
    ropeKernel<<<gridFor(pairs), kThreads, 0, stream>>>(qkv, pairs, T, C + 2 * G * dh, H + G, dh, sign);
    checkLaunch(name);
}

} // namespace

void rmsnormForward(
    cudaStream_t stream, float* out, float* rstd, const float* inp, const float* weight, int N, int C)
{
    const int blocks = (N + kRowsPerBlock - 1) / kRowsPerBlock;
    rmsnormForwardKernel<<<blocks, kThreads, 0, stream>>>(out, rstd, inp, weight, N, C);
    checkLaunch("rmsnormForward");
}

void rmsnormBackward(cudaStream_t stream, float* dinp, float* dweight, const float* dout, const float* inp,
    const float* weight, const float* rstd, int N, int C, Scratch scratch)
{
    const int blocks = (N + kRowsPerBlock - 1) / kRowsPerBlock;
    rmsnormInputBackwardKernel<<<blocks, kThreads, 0, stream>>>(dinp, dout, inp, weight, rstd, N, C);
    checkLaunch("rmsnormBackward (input)");
    const ColumnChunks split = columnChunks(N, C, scratch.bytes, 1);
    auto* partial = static_cast<float*>(scratch.ptr);
    const dim3 grid((C + kColumnBlock - 1) / kColumnBlock, split.chunks);
    rmsnormWeightPartialKernel<<<grid, dim3(kColumnBlock, kColumnBlockRows), 0, stream>>>(
        partial, dout, inp, rstd, N, C, split.rowsPerChunk);
    checkLaunch("rmsnormBackward (weight)");
    addColumnChunks(stream, dweight, partial, split.chunks, C);
}

void ropeForward(cudaStream_t stream, float* qkv, int B, int T, int C, int H, int G)
{
    rope(stream, qkv, B, T, C, H, G, 1.0f, "ropeForward");
}

void ropeBackward(cudaStream_t stream, float* dqkv, int B, int T, int C, int H, int G)
{
    rope(stream, dqkv, B, T, C, H, G, -1.0f, "ropeBackward");
}

void swigluForward(cudaStream_t stream, float* out, const float* gate, const float* up, std::size_t n)
{
    if (n == 0)
        return;
    swigluForwardKernel<<<gridFor(n), kThreads, 0, stream>>>(out, gate, up, n);
    checkLaunch("swigluForward");
}

void swigluBackward(cudaStream_t stream, float* dgate, float* dup, const float* dout, const float* gate,
    const float* up, std::size_t n)
{
    if (n == 0)
        return;
    swigluBackwardKernel<<<gridFor(n), kThreads, 0, stream>>>(dgate, dup, dout, gate, up, n);
    checkLaunch("swigluBackward");
}

} // namespace rlab::cuda
