// CPU twins of the matmul kernels (kernels/cuda_matmul.*): Eigen GEMM on the buffers in place
// (Maps, no copies).
//
// The products here are small (hundreds of rows), where Eigen's own threaded GEMM spends much of
// its time packing shared panels and waiting at its barriers. So the work is split by hand, and
// each thread runs a single-threaded Eigen GEMM on its own part (Eigen runs sequentially inside
// an OpenMP parallel region): rows of the output forward, rows of dinp and of dweight backward.
// A thread's rows are the same ones the elementwise ops that follow give it, so the data stays
// in that core's cache. No split cuts a sum short: every output element is one whole dot
// product, whatever the thread count.
#include "cpu_backend.h"
#include "cpu_parallel.h"

namespace rlab {

using namespace cpu;

namespace {

// Below this many multiply-adds a product stays on one thread.
constexpr std::int64_t kParallelMacs = std::int64_t {1} << 18;

void forwardRows(
    float* out, const float* inp, const float* weight, const float* bias, int rows, int C, int OC)
{
    MatrixMap o(out, rows, OC);
    const ConstMatrixMap x(inp, rows, C);
    const ConstMatrixMap w(weight, OC, C);
    if (bias) {
        // Start from the bias and accumulate the product: no zero fill, no second pass.
        o.rowwise() = Eigen::Map<const Eigen::RowVectorXf>(bias, OC);
        o.noalias() += x * w.transpose();
    } else {
        o.noalias() = x * w.transpose();
    }
}

// dweight rows [o0, o0+len) += dout[:, o0:o0+len]^T @ inp; dbias likewise, rows summed in order.
void weightGradient(
    float* dweight, float* dbias, const float* dout, const float* inp, int N, int C, int OC, int o0, int len)
{
    if (len <= 0)
        return;
    const ConstStridedMap d(dout + o0, N, len, Eigen::OuterStride<>(OC));
    const ConstMatrixMap x(inp, N, C);
    MatrixMap dw(dweight + static_cast<std::size_t>(o0) * C, len, C);
    dw.noalias() += d.transpose() * x;
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
    const ConstMatrixMap d(dout + static_cast<std::size_t>(r0) * OC, rows, OC);
    const ConstMatrixMap w(weight, OC, C);
    MatrixMap di(dinp + static_cast<std::size_t>(r0) * C, rows, C);
    di.noalias() = d * w;
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
#pragma omp parallel num_threads(teams)
    {
        const Range r = splitRange(N, threadIndex(), threadCount(), 8);
        forwardRows(out + static_cast<std::size_t>(r.begin) * OC, inp + static_cast<std::size_t>(r.begin) * C,
            weight, bias, r.length, C, OC);
    }
}

void CpuBackend::matmulBackward(float* dinp, float* dweight, float* dbias, const float* dout,
    const float* inp, const float* weight, int N, int C, int OC)
{
    const int teams = std::int64_t {N} * C * OC >= kParallelMacs ? m_threads : 1;
    if (teams <= 1) {
        if (dinp)
            inputGradient(dinp, dout, weight, 0, N, C, OC);
        weightGradient(dweight, dbias, dout, inp, N, C, OC, 0, OC);
        return;
    }
#pragma omp parallel num_threads(teams)
    {
        const int t = threadIndex(), n = threadCount();
        if (dinp) {
            const Range r = splitRange(N, t, n, 8);
            inputGradient(dinp, dout, weight, r.begin, r.length, C, OC);
        }
        const Range r = splitRange(OC, t, n, 8);
        weightGradient(dweight, dbias, dout, inp, N, C, OC, r.begin, r.length);
    }
}

} // namespace rlab
