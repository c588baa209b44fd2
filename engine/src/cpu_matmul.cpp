// CPU twins of the matmul kernels: Eigen GEMM on the buffers in place (Maps, no copies).
#include "cpu_backend.h"
#include "cpu_parallel.h"

namespace rlab {

using namespace cpu;

void CpuBackend::matmulForward(
    float* out, const float* inp, const float* weight, const float* bias, int N, int C, int OC)
{
    MatrixMap o(out, N, OC);
    const ConstMatrixMap x(inp, N, C);
    const ConstMatrixMap w(weight, OC, C);
    if (bias) {
        // Start from the bias and accumulate the product: no zero fill, no second pass.
        o.rowwise() = Eigen::Map<const Eigen::RowVectorXf>(bias, OC);
        o.noalias() += x * w.transpose();
    } else {
        o.noalias() = x * w.transpose();
    }
}

void CpuBackend::matmulBackward(float* dinp, float* dweight, float* dbias, const float* dout,
    const float* inp, const float* weight, int N, int C, int OC)
{
    const ConstMatrixMap d(dout, N, OC);
    const ConstMatrixMap x(inp, N, C);
    const ConstMatrixMap w(weight, OC, C);
    if (dinp) {
        MatrixMap di(dinp, N, C);
        di.noalias() = d * w;
    }
    MatrixMap dw(dweight, OC, C);
    dw.noalias() += d.transpose() * x;
    if (dbias) {
        Eigen::Map<Eigen::RowVectorXf> db(dbias, OC);
        // Rows in order: the bias gradient is a sum whose order must not depend on threads.
        for (int r = 0; r < N; ++r)
            db += d.row(r);
    }
}

} // namespace rlab
