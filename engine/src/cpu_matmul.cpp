// CPU twins of the matmul kernels (kernels/cuda_matmul.*): Eigen GEMM on the buffers in place
// (Maps, no copies).
//
// The products here are small (hundreds of rows), where Eigen's own threaded GEMM spends much of
// its time packing shared panels and waiting at its barriers. So the work is split by hand, and
// each thread runs a single-threaded Eigen GEMM on its own part (the engine builds Eigen without
// threads): rows of the output forward, rows of dinp and of dweight backward.
// A thread's rows are the same ones the elementwise ops that follow give it, so the data stays
// in that core's cache. No split cuts a sum short: every output element is one whole dot
// product, whatever the thread count.
//
// Built with RLAB_GEMM=OpenBLAS or BLIS, each thread's product is one cblas_sgemm on the same rows
// instead (engine/CMakeLists.txt says when that is faster); in a copy built with AVX-512, the
// engine's own product (cpu_gemm.h), faster than Eigen's at these shapes. Either way forward and recompute
// run the same calls on the same rows, so every policy's gradients stay bit-identical.
#include "cpu_backend.h"
#include "cpu_gemm.h"
#include "cpu_parallel.h"

#if RLAB_CBLAS
#include <cblas.h>

// Whichever the process has is there; the others stay null.
extern "C" void openblas_set_num_threads(int threads) __attribute__((weak));
extern "C" void bli_thread_set_num_threads(long threads) __attribute__((weak));
extern "C" void omp_set_num_threads(int threads) __attribute__((weak));
#endif

namespace rlab {

using namespace cpu;

namespace {

// Below this many multiply-adds a product stays on one thread.
constexpr std::int64_t kParallelMacs = std::int64_t {1} << 18;

// Each of the engine's threads runs its product on itself: Debian's OpenBLAS and BLIS would start
// a team per call, the OpenMP build of OpenBLAS as many threads as the caller's OpenMP setting says
// (a 2-thread step took 1.2 s instead of 0.2). Once per thread.
void oneBlasThread()
{
#if RLAB_CBLAS
    thread_local bool held = false;
    if (held)
        return;
    held = true;
    if (openblas_set_num_threads)
        openblas_set_num_threads(1);
    if (bli_thread_set_num_threads)
        bli_thread_set_num_threads(1);
    if (omp_set_num_threads)
        omp_set_num_threads(1);
#endif
}

void forwardRows(
    float* out, const float* inp, const float* weight, const float* bias, int rows, int C, int OC)
{
    oneBlasThread();
    MatrixMap o(out, rows, OC);
    // Start from the bias and accumulate the product: no zero fill, no second pass.
    if (bias)
        o.rowwise() = Eigen::Map<const Eigen::RowVectorXf>(bias, OC);
#if RLAB_CBLAS
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, rows, OC, C, 1.0f, inp, C, weight, C,
        bias ? 1.0f : 0.0f, out, OC);
#elif RLAB_OWN_GEMM
    gemm(rows, OC, C, inp, C, 1, weight, 1, C, out, OC, bias != nullptr);
#else
    const ConstMatrixMap x(inp, rows, C);
    const ConstMatrixMap w(weight, OC, C);
    if (bias)
        o.noalias() += x * w.transpose();
    else
        o.noalias() = x * w.transpose();
#endif
}

// dweight rows [o0, o0+len) += dout[:, o0:o0+len]^T @ inp; dbias likewise, rows summed in order.
void weightGradient(
    float* dweight, float* dbias, const float* dout, const float* inp, int N, int C, int OC, int o0, int len)
{
    if (len <= 0)
        return;
    oneBlasThread();
    const ConstStridedMap d(dout + o0, N, len, Eigen::OuterStride<>(OC));
#if RLAB_CBLAS
    cblas_sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, len, C, N, 1.0f, dout + o0, OC, inp, C, 1.0f,
        dweight + static_cast<std::size_t>(o0) * C, C);
#elif RLAB_OWN_GEMM
    gemm(len, C, N, dout + o0, 1, OC, inp, C, 1, dweight + static_cast<std::size_t>(o0) * C, C, true);
#else
    const ConstMatrixMap x(inp, N, C);
    MatrixMap dw(dweight + static_cast<std::size_t>(o0) * C, len, C);
    dw.noalias() += d.transpose() * x;
#endif
    if (dbias) {
        Eigen::Map<Eigen::RowVectorXf> db(dbias + o0, len);
        for (int r = 0; r < N; ++r)
            db += d.row(r);
    }
}

void inputGradient(float* dinp, const float* dout, const float* weight, int r0, int rows, int C, int OC)
{
    if (rows <= 0)
        return;
    oneBlasThread();
#if RLAB_CBLAS
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, rows, C, OC, 1.0f,
        dout + static_cast<std::size_t>(r0) * OC, OC, weight, C, 0.0f,
        dinp + static_cast<std::size_t>(r0) * C, C);
#elif RLAB_OWN_GEMM
    gemm(rows, C, OC, dout + static_cast<std::size_t>(r0) * OC, OC, 1, weight, C, 1,
        dinp + static_cast<std::size_t>(r0) * C, C, false);
#else
    const ConstMatrixMap d(dout + static_cast<std::size_t>(r0) * OC, rows, OC);
    const ConstMatrixMap w(weight, OC, C);
    MatrixMap di(dinp + static_cast<std::size_t>(r0) * C, rows, C);
    di.noalias() = d * w;
#endif
}

} // namespace

void CpuBackend::matmulForward(
    float* out, const float* inp, const float* weight, const float* bias, int N, int C, int OC)
{
    const int teams = std::int64_t {N} * C * OC >= kParallelMacs ? m_threads : 1;
    if (teams <= 1) {
        forwardRows(out, inp, weight, bias, N, C, OC);
        return;
    }
    onThreads(teams, [&](int part, int parts) {
        const Range r = splitRange(N, part, parts, 8);
        forwardRows(out + static_cast<std::size_t>(r.begin) * OC, inp + static_cast<std::size_t>(r.begin) * C,
            weight, bias, r.length, C, OC);
    });
}

namespace {

// matmulBackward, and with geluInput GELU's backward on each thread's rows of dinp right after
// their product.
void backward(int teams, float* dinp, float* dweight, float* dbias, const float* dout, const float* inp,
    const float* weight, const float* geluInput, int N, int C, int OC)
{
    const auto inputRows = [&](Range r) {
        inputGradient(dinp, dout, weight, r.begin, r.length, C, OC);
        if (geluInput) {
            const std::size_t at = static_cast<std::size_t>(r.begin) * C;
            geluBackwardRange(dinp + at, geluInput + at, dinp + at, static_cast<std::size_t>(r.length) * C);
        }
    };
    if (teams <= 1) {
        if (dinp)
            inputRows({0, N});
        weightGradient(dweight, dbias, dout, inp, N, C, OC, 0, OC);
        return;
    }
    onThreads(teams, [&](int part, int parts) {
        if (dinp)
            inputRows(splitRange(N, part, parts, 8));
        const Range r = splitRange(OC, part, parts, 8);
        weightGradient(dweight, dbias, dout, inp, N, C, OC, r.begin, r.length);
    });
}

} // namespace

void CpuBackend::matmulBackward(float* dinp, float* dweight, float* dbias, const float* dout,
    const float* inp, const float* weight, int N, int C, int OC)
{
    const int teams = std::int64_t {N} * C * OC >= kParallelMacs ? m_threads : 1;
    backward(teams, dinp, dweight, dbias, dout, inp, weight, nullptr, N, C, OC);
}

void CpuBackend::matmulGeluBackward(float* dinp, float* dweight, float* dbias, const float* dout,
    const float* inp, const float* weight, const float* geluInput, int N, int C, int OC)
{
    const int teams = std::int64_t {N} * C * OC >= kParallelMacs ? m_threads : 1;
    backward(teams, dinp, dweight, dbias, dout, inp, weight, geluInput, N, C, OC);
}

} // namespace rlab
