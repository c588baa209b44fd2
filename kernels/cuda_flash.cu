// CUDA twin of the fused attention in engine/src/cpu_attention.cpp (FlashAttention-2's algorithm,
// docs/fused-attention.md): causal, with an online softmax that keeps per query row only the
// running max and sum and leaves the row's logsumexp, and a backward that rebuilds each tile's
// probabilities from q, k and that logsumexp, and the dropout mask from its Philox counter.
// No (B,H,T,T) tensor exists: a tile is 32 keys (or 32 queries) held one per lane of a warp.
//
// One warp per row, eight rows per block, lanes splitting the head's dims (kPerLane each, so
// heads of up to 32 * kPerLane floats; the launcher picks the smallest that fits, at most 256):
//   forward   a query row: for each tile of 32 keys, lane j's score q.k_j, the tile's max and sum
//             across the warp, then acc = acc * alpha + sum_j p_j v_j (p_j broadcast from lane j).
//   dq        a query row: for each key tile, lane j rebuilds p_j and dS_j, then dq += sum_j dS_j k_j.
//   dk, dv    a key/value row: for each query head of its group in order, for each tile of 32
//             queries at or after it, lane i rebuilds p_i and dS_i, then dv += sum_i (p z)_i dO_i
//             and dk += sum_i dS_i q_i.
// Every sum runs in one fixed order (shuffle trees and ascending loops, no atomics), so a rerun,
// and a recompute, gives the same bits; dq, dk and dv are each written once (overwritten).

#include <cmath>

#include "cuda_check.h"
#include "grid.cuh"
#include "launch.h"

namespace rlab::cuda {
namespace {

constexpr int kWarps = kThreads / 32; // rows per block
constexpr unsigned kAllLanes = 0xffffffffu;

// Where one sequence's heads are in qkv, rows of ld = C + 2*G*dh floats: q's H heads, then k's G
// and v's G; query head h reads key/value head h / (H/G). GPT-2's (B,T,3C) is G == H.
struct Layout {
    int T, C, H, G, dh, ld, group;
    float scale; // 1 / sqrt(dh)
};

__device__ __forceinline__ const float* qRow(const float* qkv, const Layout& L, int b, int t, int h)
{
    return qkv + (static_cast<std::size_t>(b) * L.T + t) * L.ld + static_cast<std::size_t>(h) * L.dh;
}

__device__ __forceinline__ const float* kRow(const float* qkv, const Layout& L, int b, int t, int g)
{
    return qkv + (static_cast<std::size_t>(b) * L.T + t) * L.ld + L.C + static_cast<std::size_t>(g) * L.dh;
}

__device__ __forceinline__ const float* vRow(const float* qkv, const Layout& L, int b, int t, int g)
{
    return kRow(qkv, L, b, t, g) + static_cast<std::size_t>(L.G) * L.dh;
}

// (B,T,C) rows, head h's dh floats: out and dout.
__device__ __forceinline__ std::size_t headAt(const Layout& L, int b, int t, int h)
{
    return (static_cast<std::size_t>(b) * L.T + t) * L.C + static_cast<std::size_t>(h) * L.dh;
}

// x . y over dh floats, x in shared memory, in ascending order (one lane's whole dot product).
__device__ __forceinline__ float dot(const float* x, const float* y, int dh)
{
    float s = 0;
    for (int d = 0; d < dh; ++d)
        s += x[d] * y[d];
    return s;
}

// The dropout factor of probability (bh, t, s): 1/(1-p) kept, 0 dropped, 1 without dropout; the
// element's index is the one the plain ops' (B,H,T,T) probabilities would give it.
__device__ __forceinline__ float dropoutFactor(const DropoutSite& site, std::size_t bh, int T, int t, int s)
{
    if (site.p <= 0.0f)
        return 1.0f;
    const std::uint64_t i = (static_cast<std::uint64_t>(bh) * T + t) * T + s;
    return dropoutKeeps(site, i) ? 1.0f / (1.0f - site.p) : 0.0f;
}

template<int kPerLane>
__global__ void flashForwardKernel(
    float* out, float* lse, const float* qkv, Layout L, int rows, DropoutSite site)
{
    __shared__ float query[kWarps][32 * kPerLane];
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int row = blockIdx.x * kWarps + warp;
    if (row >= rows) // the whole warp: nothing below synchronises the block
        return;
    const int t = row % L.T, bh = row / L.T, h = bh % L.H, b = bh / L.H, g = h / L.group;
    float* q = query[warp];
    const float* qGlobal = qRow(qkv, L, b, t, h);
    for (int d = lane; d < L.dh; d += 32)
        q[d] = qGlobal[d];
    __syncwarp();
    float acc[kPerLane];
    for (int i = 0; i < kPerLane; ++i)
        acc[i] = 0.0f;
    float top = -INFINITY, sum = 0.0f;
    for (int k0 = 0; k0 <= t; k0 += 32) {
        const int s = k0 + lane, keys = min(32, t - k0 + 1); // keys k0 .. t of this tile
        const float x = s <= t ? dot(q, kRow(qkv, L, b, s, g), L.dh) * L.scale : -INFINITY;
        const float m = fmaxf(top, warpMax(x)); // finite: key k0 <= t is always visible
        const float alpha = expf(top - m); // 0 on the row's first tile
        const float e = s <= t ? expf(x - m) : 0.0f;
        sum = sum * alpha + warpSum(e); // the normaliser counts every probability...
        top = m;
        const float pz
            = s <= t ? e * dropoutFactor(site, bh, L.T, t, s) : 0.0f; // ...the values the kept ones
        for (int i = 0; i < kPerLane; ++i)
            acc[i] *= alpha;
        for (int j = 0; j < keys; ++j) {
            const float pj = __shfl_sync(kAllLanes, pz, j);
            const float* v = vRow(qkv, L, b, k0 + j, g);
            for (int i = 0; i < kPerLane; ++i) {
                const int d = lane + 32 * i;
                if (d < L.dh)
                    acc[i] += pj * v[d];
            }
        }
    }
    const float inverse = 1.0f / sum;
    float* o = out + headAt(L, b, t, h);
    for (int i = 0; i < kPerLane; ++i) {
        const int d = lane + 32 * i;
        if (d < L.dh)
            o[d] = acc[i] * inverse;
    }
    if (lane == 0)
        lse[static_cast<std::size_t>(bh) * L.T + t] = top + logf(sum);
}

// dq for one query row: D = dO . O, then per key tile dS_j = p_j (z_j (dO . v_j) - D) scale.
template<int kPerLane>
__global__ void flashBackwardQueryKernel(float* dqkv, const float* dout, const float* out, const float* lse,
    const float* qkv, Layout L, int rows, DropoutSite site)
{
    __shared__ float query[kWarps][32 * kPerLane];
    __shared__ float gradOut[kWarps][32 * kPerLane];
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int row = blockIdx.x * kWarps + warp;
    if (row >= rows)
        return;
    const int t = row % L.T, bh = row / L.T, h = bh % L.H, b = bh / L.H, g = h / L.group;
    float* q = query[warp];
    float* dO = gradOut[warp];
    const float* qGlobal = qRow(qkv, L, b, t, h);
    const std::size_t at = headAt(L, b, t, h);
    float delta = 0;
    for (int d = lane; d < L.dh; d += 32) {
        q[d] = qGlobal[d];
        dO[d] = dout[at + d];
        delta += dout[at + d] * out[at + d];
    }
    delta = warpSum(delta);
    __syncwarp();
    const float shift = lse[static_cast<std::size_t>(bh) * L.T + t];
    float dq[kPerLane];
    for (int i = 0; i < kPerLane; ++i)
        dq[i] = 0.0f;
    for (int k0 = 0; k0 <= t; k0 += 32) {
        const int s = k0 + lane, keys = min(32, t - k0 + 1);
        float ds = 0.0f;
        if (s <= t) {
            const float p = expf(dot(q, kRow(qkv, L, b, s, g), L.dh) * L.scale - shift);
            const float dp = dot(dO, vRow(qkv, L, b, s, g), L.dh);
            ds = p * (dp * dropoutFactor(site, bh, L.T, t, s) - delta) * L.scale;
        }
        for (int j = 0; j < keys; ++j) {
            const float dsj = __shfl_sync(kAllLanes, ds, j);
            const float* k = kRow(qkv, L, b, k0 + j, g);
            for (int i = 0; i < kPerLane; ++i) {
                const int d = lane + 32 * i;
                if (d < L.dh)
                    dq[i] += dsj * k[d];
            }
        }
    }
    float* dqGlobal = dqkv + (qGlobal - qkv);
    for (int i = 0; i < kPerLane; ++i) {
        const int d = lane + 32 * i;
        if (d < L.dh)
            dqGlobal[d] = dq[i];
    }
}

// dk and dv for one key/value row s of head g: its group's query heads in order, and for each
// the queries t >= s in tiles of 32 (lane i: query t0 + i), each rebuilding p, z and D.
template<int kPerLane>
__global__ void flashBackwardKeyKernel(float* dqkv, const float* dout, const float* out, const float* lse,
    const float* qkv, Layout L, int rows, DropoutSite site)
{
    __shared__ float key[kWarps][32 * kPerLane];
    __shared__ float value[kWarps][32 * kPerLane];
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int row = blockIdx.x * kWarps + warp;
    if (row >= rows)
        return;
    const int s = row % L.T, bg = row / L.T, g = bg % L.G, b = bg / L.G;
    float* k = key[warp];
    float* v = value[warp];
    const float* kGlobal = kRow(qkv, L, b, s, g);
    const float* vGlobal = vRow(qkv, L, b, s, g);
    for (int d = lane; d < L.dh; d += 32) {
        k[d] = kGlobal[d];
        v[d] = vGlobal[d];
    }
    __syncwarp();
    float dk[kPerLane], dv[kPerLane];
    for (int i = 0; i < kPerLane; ++i)
        dk[i] = dv[i] = 0.0f;
    for (int r = 0; r < L.group; ++r) {
        const int h = g * L.group + r, bh = b * L.H + h;
        for (int t0 = s; t0 < L.T; t0 += 32) {
            const int t = t0 + lane, queries = min(32, L.T - t0);
            float pz = 0.0f, ds = 0.0f;
            if (t < L.T) {
                const std::size_t at = headAt(L, b, t, h);
                const float p = expf(dot(k, qRow(qkv, L, b, t, h), L.dh) * L.scale
                    - lse[static_cast<std::size_t>(bh) * L.T + t]);
                const float dp = dot(v, dout + at, L.dh);
                const float delta = dot(dout + at, out + at, L.dh);
                const float z = dropoutFactor(site, bh, L.T, t, s);
                pz = p * z;
                ds = p * (dp * z - delta) * L.scale;
            }
            for (int j = 0; j < queries; ++j) {
                const float pj = __shfl_sync(kAllLanes, pz, j);
                const float dsj = __shfl_sync(kAllLanes, ds, j);
                const float* dO = dout + headAt(L, b, t0 + j, h);
                const float* q = qRow(qkv, L, b, t0 + j, h);
                for (int i = 0; i < kPerLane; ++i) {
                    const int d = lane + 32 * i;
                    if (d < L.dh) {
                        dv[i] += pj * dO[d];
                        dk[i] += dsj * q[d];
                    }
                }
            }
        }
    }
    float* dkGlobal = dqkv + (kGlobal - qkv);
    float* dvGlobal = dqkv + (vGlobal - qkv);
    for (int i = 0; i < kPerLane; ++i) {
        const int d = lane + 32 * i;
        if (d < L.dh) {
            dkGlobal[d] = dk[i];
            dvGlobal[d] = dv[i];
        }
    }
}

Layout layoutOf(int T, int C, int H, int G)
{
    const int dh = C / H;
    return {T, C, H, G, dh, C + 2 * G * dh, H / G, 1.0f / std::sqrt(static_cast<float>(dh))};
}

unsigned blocksFor(int rows)
{
    return static_cast<unsigned>((rows + kWarps - 1) / kWarps);
}

// The kernels' lane share: the smallest of 1, 2, 4 and 8 dims per lane that holds a head.
int perLane(int dh)
{
    return dh <= 32 ? 1 : dh <= 64 ? 2 : dh <= 128 ? 4 : 8;
}

template<int kPerLane>
void launchForward(cudaStream_t stream, float* out, float* lse, const float* qkv, const Layout& L, int rows,
    const DropoutSite& site)
{
    flashForwardKernel<kPerLane><<<blocksFor(rows), kThreads, 0, stream>>>(out, lse, qkv, L, rows, site);
}

template<int kPerLane>
void launchBackward(cudaStream_t stream, float* dqkv, const float* dout, const float* out, const float* lse,
    const float* qkv, const Layout& L, int queryRows, int keyRows, const DropoutSite& site)
{
    flashBackwardQueryKernel<kPerLane>
        <<<blocksFor(queryRows), kThreads, 0, stream>>>(dqkv, dout, out, lse, qkv, L, queryRows, site);
    checkLaunch("flashAttentionBackward (dq)");
    flashBackwardKeyKernel<kPerLane>
        <<<blocksFor(keyRows), kThreads, 0, stream>>>(dqkv, dout, out, lse, qkv, L, keyRows, site);
    checkLaunch("flashAttentionBackward (dk, dv)");
}

} // namespace

void flashAttentionForward(cudaStream_t stream, float* out, float* lse, const float* qkv, int B, int T, int C,
    int H, int G, const DropoutSite& site)
{
    const Layout L = layoutOf(T, C, H, G);
    const int rows = B * H * T;
    if (rows == 0)
        return;
    switch (perLane(L.dh)) {
    case 1:
        launchForward<1>(stream, out, lse, qkv, L, rows, site);
        break;
    case 2:
        launchForward<2>(stream, out, lse, qkv, L, rows, site);
        break;
    case 4:
        launchForward<4>(stream, out, lse, qkv, L, rows, site);
        break;
    default:
        launchForward<8>(stream, out, lse, qkv, L, rows, site);
        break;
    }
    checkLaunch("flashAttentionForward");
}

void flashAttentionBackward(cudaStream_t stream, float* dqkv, const float* dout, const float* out,
    const float* lse, const float* qkv, int B, int T, int C, int H, int G, const DropoutSite& site)
{
    const Layout L = layoutOf(T, C, H, G);
    const int queryRows = B * H * T, keyRows = B * G * T;
    if (queryRows == 0)
        return;
    switch (perLane(L.dh)) {
    case 1:
        launchBackward<1>(stream, dqkv, dout, out, lse, qkv, L, queryRows, keyRows, site);
        break;
    case 2:
        launchBackward<2>(stream, dqkv, dout, out, lse, qkv, L, queryRows, keyRows, site);
        break;
    case 4:
        launchBackward<4>(stream, dqkv, dout, out, lse, qkv, L, queryRows, keyRows, site);
        break;
    default:
        launchBackward<8>(stream, dqkv, dout, out, lse, qkv, L, queryRows, keyRows, site);
        break;
    }
}

} // namespace rlab::cuda
