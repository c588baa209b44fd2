// CPU twins of the attention kernels (kernels/cuda_attention.*): one (batch, head) pair per task.
//
// Per head the products are tiny (T x T x C/H) and causal. General GEMMs would spend more on
// packing than on arithmetic at this size, and would compute the masked upper triangle too, so
// each product here is one small register-blocked kernel over the lower triangle only: four or
// eight rows at a time, up to four vectors of columns in registers (GCC/Clang vector types: AVX-512, AVX2 or
// SSE). Every sum runs in one fixed order, so results do not depend on the thread count.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "cpu_backend.h"
#include "cpu_parallel.h"

namespace rlab {

using namespace cpu;

namespace {

// Floats per vector: the widest the build targets (the ABI of vector arguments depends on it).
#if defined(__AVX512F__)
constexpr int kWidth = 16;
#elif defined(__AVX__)
constexpr int kWidth = 8;
#else
constexpr int kWidth = 4;
#endif
using Vec = float __attribute__((vector_size(kWidth * sizeof(float))));

inline Vec load(const float* p)
{
    Vec v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

inline void store(float* p, Vec v)
{
    std::memcpy(p, &v, sizeof v);
}

using VecI = std::int32_t __attribute__((vector_size(kWidth * sizeof(std::int32_t))));

// Loads n < kWidth floats, the rest zero (the end of a row whose length is not a whole vector).
inline Vec loadPartial(const float* p, int n)
{
    Vec v = {};
    std::memcpy(&v, p, static_cast<std::size_t>(n) * sizeof(float));
    return v;
}

inline Vec select(VecI mask, Vec a, Vec b)
{
    return reinterpret_cast<Vec>((reinterpret_cast<VecI>(a) & mask) | (reinterpret_cast<VecI>(b) & ~mask));
}

// Tree reductions over the lanes (pairs kWidth/2 apart, then kWidth/4, ...): short dependency
// chains, and one fixed order.
inline float horizontalSum(Vec v)
{
    float lanes[kWidth];
    std::memcpy(lanes, &v, sizeof v);
    for (int width = kWidth / 2; width >= 1; width /= 2)
        for (int i = 0; i < width; ++i)
            lanes[i] += lanes[i + width];
    return lanes[0];
}

inline float horizontalMax(Vec v)
{
    float lanes[kWidth];
    std::memcpy(lanes, &v, sizeof v);
    for (int width = kWidth / 2; width >= 1; width /= 2)
        for (int i = 0; i < width; ++i)
            lanes[i] = std::max(lanes[i], lanes[i + width]);
    return lanes[0];
}

// e^x on a vector (Cephes' expf: range reduction by ln 2, degree-5 polynomial; ~1 ulp).
inline Vec vexp(Vec x)
{
    x = select(x > 88.3762626647949f, Vec {} + 88.3762626647949f, x);
    x = select(x < -87.3365447505531f, Vec {} - 87.3365447505531f, x);
    const Vec fx = x * 1.44269504088896341f + 0.5f;
    Vec n = __builtin_convertvector(__builtin_convertvector(fx, VecI), Vec);
    n = select(n > fx, n - 1.0f, n); // floor
    x = x - n * 0.693359375f + n * 2.12194440e-4f;
    Vec y = 1.9875691500e-4f * x + 1.3981999507e-3f;
    y = y * x + 8.3334519073e-3f;
    y = y * x + 4.1665795894e-2f;
    y = y * x + 1.6666665459e-1f;
    y = y * x + 5.0000001201e-1f;
    y = y * x * x + x + 1.0f;
    const VecI bits = (__builtin_convertvector(n, VecI) + 127) << 23;
    return y * reinterpret_cast<Vec>(bits);
}

int roundUp(int n)
{
    return (n + kWidth - 1) / kWidth * kWidth;
}

struct HeadView {
    const float* q;
    const float* k;
    const float* v;
};

// Where a row's q, k and v are: GPT-2's (B,T,3C) with one key/value head per query head, or
// llama's grouped-query (B,T,C+2*G*dh), whose `group` = H/G query heads share one key/value head.
struct QkvLayout {
    int ld; // floats per row
    int kOffset, vOffset; // where k's and v's heads start in a row
    int group;
};

QkvLayout multiHead(int C)
{
    return {3 * C, C, 2 * C, 1};
}

QkvLayout groupedQuery(int C, int H, int G)
{
    const int dh = C / H;
    return {C + 2 * G * dh, C, C + G * dh, H / G};
}

HeadView headOf(const float* qkv, int b, int h, int T, int C, int H, const QkvLayout& L)
{
    const int dh = C / H;
    const float* row = qkv + static_cast<std::size_t>(b) * T * L.ld;
    const std::size_t kv = static_cast<std::size_t>(h / L.group) * dh;
    return {row + static_cast<std::size_t>(h) * dh, row + L.kOffset + kv, row + L.vOffset + kv};
}

// Per-thread scratch, grown on demand and kept between calls (a few tens of KiB).
float* scratch(std::size_t floats, int which)
{
    thread_local std::vector<float> buffers[12];
    std::vector<float>& b = buffers[which];
    if (b.size() < floats)
        b.resize(floats);
    return b.data();
}

// Rows of x (rows of `cols` floats, ld apart) into dst with `stride` floats per row, zero-padded.
void copyPadded(float* dst, int stride, const float* x, int ld, int rows, int cols)
{
    for (int r = 0; r < rows; ++r) {
        float* d = dst + static_cast<std::size_t>(r) * stride;
        std::memcpy(d, x + static_cast<std::size_t>(r) * ld, static_cast<std::size_t>(cols) * sizeof(float));
        std::fill(d + cols, d + stride, 0.0f);
    }
}

// ---- weighted sums of rows: out_i = sum_j W(i, j) x_j --------------------------------------------
// Every product here is one: scores (W = q, x = k transposed), P v, P^T dO, dS k and dS^T q.

// Rows i0..i0+R-1, vectors c0..c0+NV-1 of each row. W(i, j) = w[i * wi + j * wj]; x is rows of
// ldx floats, whole vectors readable; the sum runs over j = j0 .. j1-1 in order.
template<int R, int NV>
void applyTile(float* out, int ldo, const float* w, int wi, int wj, const float* x, int ldx, int i0, int j0,
    int j1, int c0)
{
    Vec acc[R][NV] = {};
    const float* wrow[R];
    for (int i = 0; i < R; ++i)
        wrow[i] = w + static_cast<std::size_t>(i0 + i) * wi;
    std::size_t at = static_cast<std::size_t>(j0) * wj; // W(i, j) = wrow[i][at]
    for (int j = j0; j < j1; ++j, at += wj) {
        Vec xv[NV];
        for (int v = 0; v < NV; ++v)
            xv[v] = load(x + static_cast<std::size_t>(j) * ldx + (c0 + v) * kWidth);
        for (int i = 0; i < R; ++i) {
            const float wij = wrow[i][at];
            for (int v = 0; v < NV; ++v)
                acc[i][v] += wij * xv[v];
        }
    }
    for (int i = 0; i < R; ++i)
        for (int v = 0; v < NV; ++v)
            store(out + static_cast<std::size_t>(i0 + i) * ldo + (c0 + v) * kWidth, acc[i][v]);
}

// Vectors c0 .. vectors-1 of rows i0..i0+R-1, NV at a time (at most 16 accumulators), then the
// rest with fewer.
template<int R, int NV = (R > 4 ? 2 : 4)>
void applyRows(float* out, int ldo, const float* w, int wi, int wj, const float* x, int ldx, int i0, int j0,
    int j1, int c0, int vectors)
{
    int c = c0;
    for (; c + NV <= vectors; c += NV)
        applyTile<R, NV>(out, ldo, w, wi, wj, x, ldx, i0, j0, j1, c);
    if constexpr (NV > 1)
        if (c < vectors)
            applyRows<R, NV - 1>(out, ldo, w, wi, wj, x, ldx, i0, j0, j1, c, vectors);
}

// Rows 0..T-1 in blocks of eight (where at most two vectors are needed) or four, the last ones in
// twos and ones; span(i0, rows) gives a block's {j0, j1, vectors}.
template<class Span>
void applyBlocks(float* out, int ldo, const float* w, int wi, int wj, const float* x, int ldx, int T,
    int mostVectors, Span span)
{
    const int block = mostVectors <= 2 ? 8 : 4;
    for (int i0 = 0; i0 < T;) {
        const int left = std::min(block, T - i0);
        const int rows = left >= 8 ? 8 : left >= 4 ? 4 : left >= 2 ? 2 : 1;
        const auto [j0, j1, vectors] = span(i0, rows);
        switch (rows) {
        case 8:
            applyRows<8>(out, ldo, w, wi, wj, x, ldx, i0, j0, j1, 0, vectors);
            break;
        case 4:
            applyRows<4>(out, ldo, w, wi, wj, x, ldx, i0, j0, j1, 0, vectors);
            break;
        case 2:
            applyRows<2>(out, ldo, w, wi, wj, x, ldx, i0, j0, j1, 0, vectors);
            break;
        default:
            applyRows<1>(out, ldo, w, wi, wj, x, ldx, i0, j0, j1, 0, vectors);
            break;
        }
        i0 += rows;
    }
}

struct Span {
    int j0, j1, vectors;
};

// A head's T rows transposed: t[d * ldt + s] = rows[s][d], zero for T <= s < ldt.
void transposeRows(float* t, int ldt, const float* rows, int ld, int T, int dh)
{
    for (int d = 0; d < dh; ++d) {
        float* out = t + static_cast<std::size_t>(d) * ldt;
        for (int s = 0; s < T; ++s)
            out[s] = rows[static_cast<std::size_t>(s) * ld + d];
        std::fill(out + T, out + ldt, 0.0f);
    }
}

// S (T x lds, lds = roundUp(T)) gets a_t . b_s for s <= t; entries right of the diagonal within
// the last vector hold junk and the rest of the row is not written: callers read s <= t only.
void causalScores(float* S, int lds, const float* a, int lda, const float* b, int ldb, int T, int dh)
{
    float* bt = scratch(static_cast<std::size_t>(dh) * lds, 0); // b transposed, zero-padded
    transposeRows(bt, lds, b, ldb, T, dh);
    // S_t = sum over d of a[t][d] * bt_d, over the columns 0 .. (last row of the block) only.
    applyBlocks(S, lds, a, lda, 1, bt, lds, T, lds / kWidth, [&](int t0, int rows) {
        return Span {0, dh, (t0 + rows + kWidth - 1) / kWidth};
    });
}

// out (T x dh, rows ldo apart, overwritten) from the lower-triangular P (T x ldp, zero above the
// diagonal), with x (T x dh, rows ldx apart):
//   transposed == false: out_t = sum over s <= t of P[t][s] x_s        (P x)
//   transposed == true:  out_s = sum over t >= s of P[t][s] x_t        (P^T x)
void causalApply(
    float* out, int ldo, const float* P, int ldp, bool transposed, const float* x, int ldx, int T, int dh)
{
    // Whole vectors straight from and to the caller's rows when dh allows; else padded copies.
    const bool direct = dh % kWidth == 0;
    const int padded = roundUp(dh);
    const float* xs = x;
    int ldxs = ldx;
    if (!direct) {
        float* xp = scratch(static_cast<std::size_t>(T) * padded, 1);
        copyPadded(xp, padded, x, ldx, T, dh);
        xs = xp;
        ldxs = padded;
    }
    float* result = direct ? out : scratch(static_cast<std::size_t>(T) * padded, 2);
    const int ldr = direct ? ldo : padded;
    const int vectors = padded / kWidth;
    // P's zeros above the diagonal make the extra terms in a block of rows exact zeros.
    applyBlocks(result, ldr, P, transposed ? 1 : ldp, transposed ? ldp : 1, xs, ldxs, T, vectors,
        [&](int i0, int rows) {
            return transposed ? Span {i0, T, vectors} : Span {0, i0 + rows, vectors};
        });
    if (!direct)
        for (int t = 0; t < T; ++t)
            std::memcpy(out + static_cast<std::size_t>(t) * ldo,
                result + static_cast<std::size_t>(t) * padded, static_cast<std::size_t>(dh) * sizeof(float));
}

// out rows (T x dh, ldo apart) += the T x dh result in `add` (rows dh apart): a group's later
// query heads adding their share to the key/value head's gradient, in head order.
void addRows(float* out, int ldo, const float* add, int T, int dh)
{
    for (int t = 0; t < T; ++t) {
        float* o = out + static_cast<std::size_t>(t) * ldo;
        const float* a = add + static_cast<std::size_t>(t) * dh;
        for (int d = 0; d < dh; ++d)
            o[d] += a[d];
    }
}

void softmaxForward(int threads, float* att, const float* qkv, int B, int T, int C, int H, const QkvLayout& L)
{
    const int dh = C / H;
    const float scale = 1.0f / std::sqrt(static_cast<float>(dh));
    parallelFor(threads, std::int64_t {B} * H, std::int64_t {T} * T * dh / 2, [&](std::int64_t bh) {
        const int b = static_cast<int>(bh / H), h = static_cast<int>(bh % H);
        const HeadView hv = headOf(qkv, b, h, T, C, H, L);
        const int lds = roundUp(T);
        float* scores = scratch(static_cast<std::size_t>(T) * lds, 3);
        causalScores(scores, lds, hv.q, L.ld, hv.k, L.ld, T, dh);
        VecI lane;
        for (int i = 0; i < kWidth; ++i)
            lane[i] = i;
        const Vec minusInf = Vec {} - std::numeric_limits<float>::infinity();
        float* a = att + bh * T * T;
        for (int t = 0; t < T; ++t) {
            // Row t over keys 0..t (causal), in whole vectors; lanes past t are masked out.
            float* row = scores + static_cast<std::size_t>(t) * lds;
            const int vectors = t / kWidth + 1;
            Vec top = minusInf;
            for (int v = 0; v < vectors; ++v) {
                const VecI valid = lane + v * kWidth <= t;
                const Vec x = select(valid, load(row + v * kWidth) * scale, minusInf);
                store(row + v * kWidth, x);
                top = select(x > top, x, top);
            }
            const float rowMax = horizontalMax(top);
            Vec sum = {};
            for (int v = 0; v < vectors; ++v) {
                const VecI valid = lane + v * kWidth <= t;
                const Vec e = select(valid, vexp(load(row + v * kWidth) - rowMax), Vec {});
                store(row + v * kWidth, e);
                sum += e;
            }
            const float inverse = 1.0f / horizontalSum(sum);
            float* out = a + static_cast<std::size_t>(t) * T;
            if (T % kWidth == 0) { // whole vectors straight into the row, zeros after
                for (int v = 0; v < vectors; ++v)
                    store(out + v * kWidth, load(row + v * kWidth) * inverse);
                for (int v = vectors; v < T / kWidth; ++v)
                    store(out + v * kWidth, Vec {});
            } else {
                for (int v = 0; v < vectors; ++v)
                    store(row + v * kWidth, load(row + v * kWidth) * inverse);
                const int written = std::min(vectors * kWidth, T);
                std::memcpy(out, row, static_cast<std::size_t>(written) * sizeof(float));
                std::fill(out + written, out + T, 0.0f);
            }
        }
    });
}

// One task per (batch, key/value head): its group's query heads in order, so the key gradient
// that they share is summed in one fixed order (a group of one writes it straight, as before).
void softmaxBackward(int threads, float* dqkv, float* datt, const float* att, const float* qkv, int B, int T,
    int C, int H, const QkvLayout& L)
{
    const int dh = C / H, G = H / L.group;
    const float scale = 1.0f / std::sqrt(static_cast<float>(dh));
    parallelFor(threads, std::int64_t {B} * G, std::int64_t {T} * T * dh * L.group, [&](std::int64_t bg) {
        const int b = static_cast<int>(bg / G), g = static_cast<int>(bg % G);
        for (int r = 0; r < L.group; ++r) {
            const int h = g * L.group + r;
            const std::int64_t bh = std::int64_t {b} * H + h;
            const HeadView hv = headOf(qkv, b, h, T, C, H, L);
            const float* p = att + bh * T * T;
            const float* dp = datt + bh * T * T;
            // dS = P * (dP - rowsum(P * dP)) * scale over keys 0..t, zero after them (lanes past t are
            // masked, so whatever dP holds above the diagonal does not matter).
            const int lds = roundUp(T);
            float* ds = scratch(static_cast<std::size_t>(T) * lds, 3);
            VecI lane;
            for (int i = 0; i < kWidth; ++i)
                lane[i] = i;
            for (int t = 0; t < T; ++t) {
                const std::size_t at = static_cast<std::size_t>(t) * T;
                const int vectors = t / kWidth + 1;
                const auto get = [&](const float* base, int v) {
                    const int left = T - v * kWidth;
                    const Vec x = left >= kWidth ? load(base + at + v * kWidth)
                                                 : loadPartial(base + at + v * kWidth, left);
                    return select(lane + v * kWidth <= t, x, Vec {});
                };
                Vec dot = {};
                for (int v = 0; v < vectors; ++v)
                    dot += get(p, v) * get(dp, v);
                const float d = horizontalSum(dot);
                float* out = ds + static_cast<std::size_t>(t) * lds;
                for (int v = 0; v < vectors; ++v)
                    store(out + v * kWidth, get(p, v) * (get(dp, v) - d) * scale);
                std::fill(out + vectors * kWidth, out + lds, 0.0f);
            }
            causalApply(dqkv + (hv.q - qkv), L.ld, ds, lds, false, hv.k, L.ld, T, dh); // dq = dS k
            float* dk = dqkv + (hv.k - qkv);
            if (r == 0) {
                causalApply(dk, L.ld, ds, lds, true, hv.q, L.ld, T, dh); // dk = dS^T q
            } else {
                float* share = scratch(static_cast<std::size_t>(T) * dh, 4);
                causalApply(share, dh, ds, lds, true, hv.q, L.ld, T, dh);
                addRows(dk, L.ld, share, T, dh);
            }
        }
    });
}

void valuesForward(int threads, float* out, const float* att, const float* qkv, int B, int T, int C, int H,
    const QkvLayout& L)
{
    const int dh = C / H;
    parallelFor(threads, std::int64_t {B} * H, std::int64_t {T} * T * dh / 2, [&](std::int64_t bh) {
        const int b = static_cast<int>(bh / H), h = static_cast<int>(bh % H);
        const HeadView hv = headOf(qkv, b, h, T, C, H, L);
        float* o = out + static_cast<std::size_t>(b) * T * C + static_cast<std::size_t>(h) * dh;
        causalApply(o, C, att + bh * T * T, T, false, hv.v, L.ld, T, dh); // o = P v
    });
}

// Per (batch, key/value head) as softmaxBackward, so the value gradient is summed in one order.
void valuesBackward(int threads, float* datt, float* dqkv, const float* dout, const float* att,
    const float* qkv, int B, int T, int C, int H, const QkvLayout& L)
{
    const int dh = C / H, G = H / L.group;
    parallelFor(threads, std::int64_t {B} * G, std::int64_t {T} * T * dh * L.group, [&](std::int64_t bg) {
        const int b = static_cast<int>(bg / G), g = static_cast<int>(bg % G);
        for (int r = 0; r < L.group; ++r) {
            const int h = g * L.group + r;
            const std::int64_t bh = std::int64_t {b} * H + h;
            const HeadView hv = headOf(qkv, b, h, T, C, H, L);
            const float* dO = dout + static_cast<std::size_t>(b) * T * C + static_cast<std::size_t>(h) * dh;
            // dP = dO v^T on the lower triangle; zero above it (unspecified by the interface: kept clean)
            const int lds = roundUp(T);
            float* scores = scratch(static_cast<std::size_t>(T) * lds, 3);
            causalScores(scores, lds, dO, C, hv.v, L.ld, T, dh);
            float* dp = datt + bh * T * T;
            for (int t = 0; t < T; ++t) {
                std::memcpy(dp + static_cast<std::size_t>(t) * T, scores + static_cast<std::size_t>(t) * lds,
                    static_cast<std::size_t>(t + 1) * sizeof(float));
                std::fill(dp + static_cast<std::size_t>(t) * T + t + 1,
                    dp + static_cast<std::size_t>(t + 1) * T, 0.0f);
            }
            float* dv = dqkv + (hv.v - qkv);
            if (r == 0) {
                causalApply(dv, L.ld, att + bh * T * T, T, true, dO, C, T, dh); // dv = P^T dO
            } else {
                float* share = scratch(static_cast<std::size_t>(T) * dh, 4);
                causalApply(share, dh, att + bh * T * T, T, true, dO, C, T, dh);
                addRows(dv, L.ld, share, T, dh);
            }
        }
    });
}

// Fused causal attention (FlashAttention-2, Dao 2023), in square tiles of kTile queries by kTile
// keys: the forward keeps per query row only the running max and sum (an online softmax) and
// leaves each row's logsumexp; the backward rebuilds each tile's probabilities from q, k and that
// logsumexp, and the attention dropout mask from its Philox counter (the element's index in the
// (B,H,T,T) probabilities the plain ops would hold), so no T x T tensor exists anywhere: a tile's
// scores are kTile x kTile floats. Every product within a tile is the register-blocked kernel
// above (applyBlocks) on a head's rows copied once into zero-padded buffers, so vectors never
// read past a row and odd T and head sizes take the same path.
constexpr int kTile = 64; // a whole number of vectors

// 1/(1-p) or 0 for the dropout mask's elements [first, first + n) of the (B,H,T,T) probabilities:
// dropoutKeeps (rlab/philox.h), one Philox draw per group of four; zero for [n, kTile).
void dropoutScales(float* out, const DropoutSite& site, std::uint64_t first, int n)
{
    const float scale = 1.0f / (1.0f - site.p);
    const std::uint64_t end = first + static_cast<std::uint64_t>(n);
    for (std::uint64_t i = first; i < end;) {
        const Philox4x32 r = dropoutBits(site, i >> 2);
        for (std::uint64_t lane = i & 3; lane < 4 && i < end; ++lane, ++i) {
            const float u = static_cast<float>(r.v[lane] >> 8) * (1.0f / 16777216.0f);
            out[i - first] = u >= site.p ? scale : 0.0f;
        }
    }
    std::fill(out + n, out + kTile, 0.0f);
}

int roundUpTile(int n)
{
    return (n + kTile - 1) / kTile * kTile;
}

// A head's T rows (dh floats, ld apart) as `padded` rows of `stride` floats, zeros around them.
void padRows(float* dst, int stride, const float* rows, int ld, int T, int padded, int dh)
{
    copyPadded(dst, stride, rows, ld, T, dh);
    std::fill(
        dst + static_cast<std::size_t>(T) * stride, dst + static_cast<std::size_t>(padded) * stride, 0.0f);
}

// out (rows x vectors of floats, ldo apart) = sum over j = 0 .. n-1 of W(i, j) x_j, in order,
// W(i, j) = w[i * wi + j * wj].
void product(float* out, int ldo, const float* w, int wi, int wj, const float* x, int ldx, int rows, int n,
    int vectors)
{
    applyBlocks(out, ldo, w, wi, wj, x, ldx, rows, vectors, [&](int, int) { return Span {0, n, vectors}; });
}

// to (rows x vectors, ld apart) += from (the same shape, rows `ld` apart).
void addTile(float* to, const float* from, int ld, int rows, int vectors)
{
    for (int r = 0; r < rows; ++r)
        for (int v = 0; v < vectors; ++v) {
            const std::size_t at = static_cast<std::size_t>(r) * ld + v * kWidth;
            store(to + at, load(to + at) + load(from + at));
        }
}

// Lanes of a tile's row at or right of `valid` (keys after the query) read as false.
VecI lanesBefore(int v, int valid)
{
    VecI lane;
    for (int i = 0; i < kWidth; ++i)
        lane[i] = v * kWidth + i;
    return lane < valid;
}

void flashForward(int threads, float* out, float* lse, const float* qkv, int B, int T, int C, int H,
    const QkvLayout& L, const DropoutSite& site)
{
    const int dh = C / H, pdh = roundUp(dh), vectors = pdh / kWidth, padded = roundUpTile(T);
    const float scale = 1.0f / std::sqrt(static_cast<float>(dh));
    const bool drop = site.p > 0.0f;
    const Vec minusInf = Vec {} - std::numeric_limits<float>::infinity();
    parallelFor(threads, std::int64_t {B} * H, std::int64_t {T} * T * dh / 2, [&](std::int64_t bh) {
        const int b = static_cast<int>(bh / H), h = static_cast<int>(bh % H);
        const HeadView hv = headOf(qkv, b, h, T, C, H, L);
        float* kt = scratch(static_cast<std::size_t>(dh) * padded, 0); // k transposed
        float* vp = scratch(static_cast<std::size_t>(padded) * pdh, 1);
        float* qp = scratch(static_cast<std::size_t>(padded) * pdh, 2);
        float* s = scratch(static_cast<std::size_t>(kTile) * kTile, 3); // scores, then probabilities
        float* part = scratch(static_cast<std::size_t>(kTile) * pdh, 4);
        float* acc = scratch(static_cast<std::size_t>(kTile) * pdh, 5);
        float* z = scratch(kTile, 6);
        transposeRows(kt, padded, hv.k, L.ld, T, dh);
        padRows(vp, pdh, hv.v, L.ld, T, padded, dh);
        padRows(qp, pdh, hv.q, L.ld, T, padded, dh);
        float* o = out + static_cast<std::size_t>(b) * T * C + static_cast<std::size_t>(h) * dh;
        float* rowLse = lse + bh * T;
        float top[kTile], sum[kTile], alpha[kTile];
        for (int q0 = 0; q0 < T; q0 += kTile) {
            const int rows = std::min(kTile, T - q0), keys = q0 + rows;
            std::fill_n(top, kTile, -std::numeric_limits<float>::infinity());
            std::fill_n(sum, kTile, 0.0f);
            std::fill_n(acc, static_cast<std::size_t>(kTile) * pdh, 0.0f);
            for (int k0 = 0; k0 < keys; k0 += kTile) {
                product(s, kTile, qp + static_cast<std::size_t>(q0) * pdh, pdh, 1, kt + k0, padded, rows, dh,
                    kTile / kWidth);
                for (int r = 0; r < rows; ++r) {
                    const int t = q0 + r, valid = std::min(kTile, t - k0 + 1); // keys k0..t; k0 <= q0
                    const int used = (valid + kWidth - 1) / kWidth;
                    float* row = s + static_cast<std::size_t>(r) * kTile;
                    Vec most = minusInf;
                    for (int v = 0; v < used; ++v) {
                        const Vec x = select(lanesBefore(v, valid), load(row + v * kWidth) * scale, minusInf);
                        store(row + v * kWidth, x);
                        most = select(x > most, x, most);
                    }
                    const float m = std::max(top[r], horizontalMax(most));
                    alpha[r] = std::exp(top[r] - m); // 0 on the row's first tile
                    Vec rowSum = {};
                    for (int v = 0; v < used; ++v) {
                        const Vec e = select(lanesBefore(v, valid), vexp(load(row + v * kWidth) - m), Vec {});
                        store(row + v * kWidth, e);
                        rowSum += e;
                    }
                    std::fill(row + used * kWidth, row + kTile, 0.0f);
                    sum[r] = sum[r] * alpha[r] + horizontalSum(rowSum);
                    top[r] = m;
                    if (drop) { // the normaliser counts every probability; the values see the dropped ones
                        dropoutScales(z, site, (static_cast<std::uint64_t>(bh) * T + t) * T + k0, valid);
                        for (int v = 0; v < used; ++v)
                            store(row + v * kWidth, load(row + v * kWidth) * load(z + v * kWidth));
                    }
                }
                const int cols = std::min(kTile, keys - k0);
                product(part, pdh, s, kTile, 1, vp + static_cast<std::size_t>(k0) * pdh, pdh, rows, cols,
                    vectors);
                for (int r = 0; r < rows; ++r) {
                    float* a = acc + static_cast<std::size_t>(r) * pdh;
                    const float* add = part + static_cast<std::size_t>(r) * pdh;
                    for (int v = 0; v < vectors; ++v)
                        store(a + v * kWidth, load(a + v * kWidth) * alpha[r] + load(add + v * kWidth));
                }
            }
            for (int r = 0; r < rows; ++r) {
                const float inverse = 1.0f / sum[r];
                const float* a = acc + static_cast<std::size_t>(r) * pdh;
                float* row = o + static_cast<std::size_t>(q0 + r) * C;
                for (int d = 0; d < dh; ++d)
                    row[d] = a[d] * inverse;
                rowLse[q0 + r] = top[r] + std::log(sum[r]);
            }
        }
    });
}

// One task per (batch, key/value head), its group's query heads in order: dk and dv, which they
// share, are summed in one fixed order, so results do not depend on the thread count. Per head,
// key tiles in order, and for each the query tiles at or below it: dq's sum runs over key tiles
// in order too.
void flashBackward(int threads, float* dqkv, const float* dout, const float* out, const float* lse,
    const float* qkv, int B, int T, int C, int H, const QkvLayout& L, const DropoutSite& site)
{
    const int dh = C / H, G = H / L.group, pdh = roundUp(dh), vectors = pdh / kWidth, padded = roundUpTile(T);
    const float scale = 1.0f / std::sqrt(static_cast<float>(dh));
    const bool drop = site.p > 0.0f;
    const std::size_t rowFloats = static_cast<std::size_t>(padded) * pdh;
    parallelFor(threads, std::int64_t {B} * G, std::int64_t {T} * T * dh * L.group, [&](std::int64_t bg) {
        const int b = static_cast<int>(bg / G), g = static_cast<int>(bg % G);
        float* kt = scratch(static_cast<std::size_t>(dh) * padded, 0); // k transposed
        float* vt = scratch(static_cast<std::size_t>(dh) * padded, 1); // v transposed
        float* kp = scratch(rowFloats, 2);
        float* qp = scratch(rowFloats, 3);
        float* dop = scratch(rowFloats, 4);
        float* dqp = scratch(rowFloats, 5);
        float* dkp = scratch(rowFloats, 6); // this key/value head's dk and dv, summed over its group
        float* dvp = scratch(rowFloats, 7);
        float* p = scratch(static_cast<std::size_t>(kTile) * kTile, 8); // P, then P * Z
        float* ds = scratch(static_cast<std::size_t>(kTile) * kTile, 9); // dO v^T, then dS
        float* part = scratch(static_cast<std::size_t>(kTile) * pdh, 10);
        float* z = scratch(kTile, 11);
        const HeadView first = headOf(qkv, b, g * L.group, T, C, H, L);
        transposeRows(kt, padded, first.k, L.ld, T, dh);
        transposeRows(vt, padded, first.v, L.ld, T, dh);
        padRows(kp, pdh, first.k, L.ld, T, padded, dh);
        std::fill_n(dkp, rowFloats, 0.0f);
        std::fill_n(dvp, rowFloats, 0.0f);
        std::vector<float> delta(static_cast<std::size_t>(T));
        for (int r = 0; r < L.group; ++r) {
            const int h = g * L.group + r;
            const std::int64_t bh = std::int64_t {b} * H + h;
            const HeadView hv = headOf(qkv, b, h, T, C, H, L);
            const std::size_t at = static_cast<std::size_t>(b) * T * C + static_cast<std::size_t>(h) * dh;
            const float* dO = dout + at;
            const float* o = out + at;
            const float* rowLse = lse + bh * T;
            padRows(qp, pdh, hv.q, L.ld, T, padded, dh);
            padRows(dop, pdh, dO, C, T, padded, dh);
            std::fill_n(dqp, rowFloats, 0.0f);
            // D_t = dO_t . O_t, which is rowsum(P * dP) with dropout too (dP = Z * (dO v^T)).
            for (int t = 0; t < T; ++t) {
                float d = 0;
                for (int i = 0; i < dh; ++i)
                    d += dO[static_cast<std::size_t>(t) * C + i] * o[static_cast<std::size_t>(t) * C + i];
                delta[static_cast<std::size_t>(t)] = d;
            }
            for (int k0 = 0; k0 < T; k0 += kTile) {
                const int cols = std::min(kTile, T - k0);
                for (int q0 = k0; q0 < T; q0 += kTile) {
                    const int rows = std::min(kTile, T - q0);
                    const std::size_t qAt = static_cast<std::size_t>(q0) * pdh,
                                      kAt = static_cast<std::size_t>(k0) * pdh;
                    product(p, kTile, qp + qAt, pdh, 1, kt + k0, padded, rows, dh, kTile / kWidth); // q k^T
                    product(
                        ds, kTile, dop + qAt, pdh, 1, vt + k0, padded, rows, dh, kTile / kWidth); // dO v^T
                    for (int i = 0; i < rows; ++i) {
                        const int t = q0 + i, valid = std::min(kTile, t - k0 + 1);
                        const float shift = rowLse[t], dt = delta[static_cast<std::size_t>(t)];
                        float* prow = p + static_cast<std::size_t>(i) * kTile;
                        float* drow = ds + static_cast<std::size_t>(i) * kTile;
                        if (drop)
                            dropoutScales(z, site, (static_cast<std::uint64_t>(bh) * T + t) * T + k0, valid);
                        for (int v = 0; v < kTile / kWidth; ++v) {
                            const Vec pv = select(
                                lanesBefore(v, valid), vexp(load(prow + v * kWidth) * scale - shift), Vec {});
                            const Vec zv = drop ? load(z + v * kWidth) : Vec {} + 1.0f;
                            store(drow + v * kWidth, pv * (load(drow + v * kWidth) * zv - dt) * scale); // dS
                            store(prow + v * kWidth, pv * zv); // the dropped probabilities
                        }
                    }
                    product(part, pdh, p, 1, kTile, dop + qAt, pdh, cols, rows, vectors); // dv += (P Z)^T dO
                    addTile(dvp + kAt, part, pdh, cols, vectors);
                    product(part, pdh, ds, 1, kTile, qp + qAt, pdh, cols, rows, vectors); // dk += dS^T q
                    addTile(dkp + kAt, part, pdh, cols, vectors);
                    product(part, pdh, ds, kTile, 1, kp + kAt, pdh, rows, cols, vectors); // dq += dS k
                    addTile(dqp + qAt, part, pdh, rows, vectors);
                }
            }
            float* dq = dqkv + (hv.q - qkv);
            for (int t = 0; t < T; ++t)
                std::memcpy(dq + static_cast<std::size_t>(t) * L.ld, dqp + static_cast<std::size_t>(t) * pdh,
                    static_cast<std::size_t>(dh) * sizeof(float));
        }
        float* dk = dqkv + (first.k - qkv);
        float* dv = dqkv + (first.v - qkv);
        for (int t = 0; t < T; ++t) {
            std::memcpy(dk + static_cast<std::size_t>(t) * L.ld, dkp + static_cast<std::size_t>(t) * pdh,
                static_cast<std::size_t>(dh) * sizeof(float));
            std::memcpy(dv + static_cast<std::size_t>(t) * L.ld, dvp + static_cast<std::size_t>(t) * pdh,
                static_cast<std::size_t>(dh) * sizeof(float));
        }
    });
}
} // namespace

void CpuBackend::attentionSoftmaxForward(float* att, const float* qkv, int B, int T, int C, int H)
{
    softmaxForward(m_threads, att, qkv, B, T, C, H, multiHead(C));
}

void CpuBackend::attentionSoftmaxBackward(
    float* dqkv, float* datt, const float* att, const float* qkv, int B, int T, int C, int H)
{
    softmaxBackward(m_threads, dqkv, datt, att, qkv, B, T, C, H, multiHead(C));
}

void CpuBackend::attentionValuesForward(
    float* out, const float* att, const float* qkv, int B, int T, int C, int H)
{
    valuesForward(m_threads, out, att, qkv, B, T, C, H, multiHead(C));
}

void CpuBackend::attentionValuesBackward(float* datt, float* dqkv, const float* dout, const float* att,
    const float* qkv, int B, int T, int C, int H)
{
    valuesBackward(m_threads, datt, dqkv, dout, att, qkv, B, T, C, H, multiHead(C));
}

void CpuBackend::gqaSoftmaxForward(float* att, const float* qkv, int B, int T, int C, int H, int G)
{
    softmaxForward(m_threads, att, qkv, B, T, C, H, groupedQuery(C, H, G));
}

void CpuBackend::gqaSoftmaxBackward(
    float* dqkv, float* datt, const float* att, const float* qkv, int B, int T, int C, int H, int G)
{
    softmaxBackward(m_threads, dqkv, datt, att, qkv, B, T, C, H, groupedQuery(C, H, G));
}

void CpuBackend::gqaValuesForward(
    float* out, const float* att, const float* qkv, int B, int T, int C, int H, int G)
{
    valuesForward(m_threads, out, att, qkv, B, T, C, H, groupedQuery(C, H, G));
}

void CpuBackend::gqaValuesBackward(float* datt, float* dqkv, const float* dout, const float* att,
    const float* qkv, int B, int T, int C, int H, int G)
{
    valuesBackward(m_threads, datt, dqkv, dout, att, qkv, B, T, C, H, groupedQuery(C, H, G));
}

void CpuBackend::flashAttentionForward(
    float* out, float* lse, const float* qkv, int B, int T, int C, int H, int G, const DropoutSite& site)
{
    flashForward(m_threads, out, lse, qkv, B, T, C, H, groupedQuery(C, H, G), site);
}

void CpuBackend::flashAttentionBackward(float* dqkv, const float* dout, const float* out, const float* lse,
    const float* qkv, int B, int T, int C, int H, int G, const DropoutSite& site)
{
    flashBackward(m_threads, dqkv, dout, out, lse, qkv, B, T, C, H, groupedQuery(C, H, G), site);
}

} // namespace rlab
