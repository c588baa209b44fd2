#pragma once
// The engine's own single-threaded SGEMM, for the copies of the CPU kernels built with AVX-512
// (cpu_matmul.cpp calls it on each thread's rows, where it would otherwise call Eigen's product).
//
// At the engine's shapes (hundreds of rows, K of 128 to 512) on the 2-core AMD EPYC (Zen 4) guest
// of 2026-12-04, whose one-core FMA peak measured 115 GFLOP/s, Eigen 3.4's product ran at 65 to 87
// GFLOP/s and this one at 81 to 103, as OpenBLAS 0.3.21 did (80 to 103), without the dependency
// (tests/bench/gemm_shapes.cpp prints all three). B is packed in panels of 32 columns and A in
// panels of 12 rows, each k-major, and a 12 x 32 block of C is kept in 24 registers while every k
// adds one fused multiply-add to each element.
//
// Every element of C is one chain: its old value (or zero), then A(m, 0) B(0, n), A(m, 1) B(1, n)
// and so on, one fused multiply-add each, in k's order. Blocking over k stores and reloads the
// partial sums exactly, so neither the blocking, nor where a thread's rows begin, nor the row
// count changes a single bit: forward and recompute give the same floats, as the policies need.
#include "cpu_isa.h"

#if defined(__AVX512F__) && !RLAB_CBLAS
#define RLAB_OWN_GEMM 1

#include <algorithm>
#include <cstddef>
#include <immintrin.h>
#include <vector>

namespace rlab {
inline namespace RLAB_CPU_ISA {
namespace cpu {

namespace gemm_detail {

constexpr int kRows = 12; // rows of C a block keeps in registers
constexpr int kCols = 32; // columns: two 16-float registers a row
constexpr int kDepth = 256; // k a packed panel holds: a B panel is 32 KiB, within L1
constexpr int kWidth = 1024; // columns of B packed at once: 1 MiB, within L2

// Up to kDepth k of B's columns [n0, n0 + cols), k-major, zero past cols.
inline void packB(
    float* dst, const float* b, std::ptrdiff_t brs, std::ptrdiff_t bcs, int k0, int depth, int n0, int cols)
{
    if (bcs == 1) {
        for (int k = 0; k < depth; ++k) {
            const float* src = b + (k0 + k) * brs + n0;
            float* row = dst + std::ptrdiff_t(k) * kCols;
            std::copy(src, src + cols, row);
            std::fill(row + cols, row + kCols, 0.0f);
        }
        return;
    }
    for (int j = 0; j < kCols; ++j) {
        if (j >= cols) {
            for (int k = 0; k < depth; ++k)
                dst[std::ptrdiff_t(k) * kCols + j] = 0.0f;
            continue;
        }
        const float* src = b + (n0 + j) * bcs + k0 * brs;
        for (int k = 0; k < depth; ++k)
            dst[std::ptrdiff_t(k) * kCols + j] = src[k * brs];
    }
}

// Rows [m0, m0 + rows) of A over k [k0, k0 + depth), k-major, zero past rows.
inline void packA(
    float* dst, const float* a, std::ptrdiff_t ars, std::ptrdiff_t acs, int m0, int rows, int k0, int depth)
{
    if (acs == 1) {
        for (int i = 0; i < kRows; ++i) {
            if (i >= rows) {
                for (int k = 0; k < depth; ++k)
                    dst[std::ptrdiff_t(k) * kRows + i] = 0.0f;
                continue;
            }
            const float* src = a + (m0 + i) * ars + k0;
            for (int k = 0; k < depth; ++k)
                dst[std::ptrdiff_t(k) * kRows + i] = src[k];
        }
        return;
    }
    for (int k = 0; k < depth; ++k) {
        const float* src = a + (k0 + k) * acs + m0 * ars;
        for (int i = 0; i < kRows; ++i)
            dst[std::ptrdiff_t(k) * kRows + i] = i < rows ? src[i * ars] : 0.0f;
    }
}

// C's block of rows x cols (at most 12 x 32) += the packed panels' product over depth k; from zero
// where fresh.
inline void block(
    float* c, std::ptrdiff_t ldc, int rows, int cols, const float* ap, const float* bp, int depth, bool fresh)
{
    const auto maskOf
        = [](int n) { return n >= 16 ? __mmask16(0xFFFF) : __mmask16((1u << std::max(n, 0)) - 1); };
    const __mmask16 left = maskOf(cols), right = maskOf(cols - 16);
    __m512 acc[kRows][2];
    for (int i = 0; i < kRows; ++i) {
        const bool load = !fresh && i < rows;
        acc[i][0] = load ? _mm512_maskz_loadu_ps(left, c + i * ldc) : _mm512_setzero_ps();
        acc[i][1] = load ? _mm512_maskz_loadu_ps(right, c + i * ldc + 16) : _mm512_setzero_ps();
    }
    for (int k = 0; k < depth; ++k) {
        const __m512 b0 = _mm512_loadu_ps(bp + std::ptrdiff_t(k) * kCols);
        const __m512 b1 = _mm512_loadu_ps(bp + std::ptrdiff_t(k) * kCols + 16);
        const float* ak = ap + std::ptrdiff_t(k) * kRows;
#pragma GCC unroll 12
        for (int i = 0; i < kRows; ++i) {
            const __m512 av = _mm512_set1_ps(ak[i]);
            acc[i][0] = _mm512_fmadd_ps(av, b0, acc[i][0]);
            acc[i][1] = _mm512_fmadd_ps(av, b1, acc[i][1]);
        }
    }
    for (int i = 0; i < rows; ++i) {
        _mm512_mask_storeu_ps(c + i * ldc, left, acc[i][0]);
        _mm512_mask_storeu_ps(c + i * ldc + 16, right, acc[i][1]);
    }
}

} // namespace gemm_detail

// C (M x N, row stride ldc) = (accumulate ? C : 0) + A B, with A(m, k) at a[m * ars + k * acs] and
// B(k, n) at b[k * brs + n * bcs]: any of the engine's transposes, packed alike.
inline void gemm(int M, int N, int K, const float* a, std::ptrdiff_t ars, std::ptrdiff_t acs, const float* b,
    std::ptrdiff_t brs, std::ptrdiff_t bcs, float* c, std::ptrdiff_t ldc, bool accumulate)
{
    using namespace gemm_detail;
    if (M <= 0 || N <= 0)
        return;
    if (K <= 0) {
        if (!accumulate)
            for (int m = 0; m < M; ++m)
                std::fill(c + m * ldc, c + m * ldc + N, 0.0f);
        return;
    }
    // The packing buffers stay with the thread, at most 1 MiB + 12 KiB, like Eigen's own (outside
    // the tracked categories, as Eigen's were).
    thread_local std::vector<float> bpack(std::size_t(kWidth) * kDepth), apack(std::size_t(kRows) * kDepth);
    for (int n0 = 0; n0 < N; n0 += kWidth) {
        const int width = std::min(kWidth, N - n0);
        const int panels = (width + kCols - 1) / kCols;
        for (int k0 = 0; k0 < K; k0 += kDepth) {
            const int depth = std::min(kDepth, K - k0);
            const bool fresh = k0 == 0 && !accumulate;
            for (int p = 0; p < panels; ++p)
                packB(bpack.data() + std::ptrdiff_t(p) * kCols * depth, b, brs, bcs, k0, depth,
                    n0 + p * kCols, std::min(kCols, width - p * kCols));
            for (int m0 = 0; m0 < M; m0 += kRows) {
                const int rows = std::min(kRows, M - m0);
                packA(apack.data(), a, ars, acs, m0, rows, k0, depth);
                for (int p = 0; p < panels; ++p)
                    block(c + m0 * ldc + n0 + p * kCols, ldc, rows, std::min(kCols, width - p * kCols),
                        apack.data(), bpack.data() + std::ptrdiff_t(p) * kCols * depth, depth, fresh);
            }
        }
    }
}

} // namespace cpu
} // namespace RLAB_CPU_ISA
} // namespace rlab

#else
#define RLAB_OWN_GEMM 0
#endif
