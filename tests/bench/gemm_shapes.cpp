// Benchmark (not a test): single-threaded SGEMM at the engine's shapes, Eigen against the CBLAS this
// program is linked to (OpenBLAS or BLIS), to choose RLAB_GEMM (engine/CMakeLists.txt), and against
// the engine's own AVX-512 product (engine/src/cpu_gemm.h) where this machine has AVX-512. Each
// thread of the engine runs one such product on its share of the rows, so the shapes are the demo
// model's (B*T = 512 rows, split over 2 threads, and whole on one thread) plus the fc1 product at
// d = 256 and 512. A shared machine only slows a window down: the best of many short windows is printed.
#include <algorithm>
#include <cblas.h>
#include <chrono>
#include <cstdio>

#include <Eigen/Core>

#include "cpu_gemm.h"

// Debian's OpenBLAS and BLIS builds start a team of threads per call unless told otherwise; one
// engine thread's product is single-threaded. Whichever library is linked is there.
extern "C" void openblas_set_num_threads(int threads) __attribute__((weak));
extern "C" void bli_thread_set_num_threads(long threads) __attribute__((weak));

namespace {

using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// forward: C = A B^T (weights stored (out, in)); input gradient: C = A B; weight gradient: C += A^T B.
enum class Product { Forward, InputGradient, WeightGradient };

struct Shape {
    const char* name;
    int M, N, K;
    Product product;
};

template<class Fn> double gflops(Fn&& fn, double flops)
{
    double best = 1e30;
    for (int window = 0; window < 25; ++window) {
        const auto start = std::chrono::steady_clock::now();
        int calls = 0;
        double seconds = 0;
        do {
            fn();
            ++calls;
            seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        } while (seconds < 0.003);
        best = std::min(best, seconds / calls);
    }
    return flops / best * 1e-9;
}

} // namespace

int main()
{
    if (openblas_set_num_threads)
        openblas_set_num_threads(1);
    if (bli_thread_set_num_threads)
        bli_thread_set_num_threads(1);
    const Shape shapes[] = {
        {"qkv forward", 256, 384, 128, Product::Forward},
        {"proj forward", 256, 128, 128, Product::Forward},
        {"fc1 forward", 256, 512, 128, Product::Forward},
        {"fc2 forward", 256, 128, 512, Product::Forward},
        {"head forward", 256, 256, 128, Product::Forward},
        {"qkv dinp", 256, 128, 384, Product::InputGradient},
        {"fc1 dinp", 256, 128, 512, Product::InputGradient},
        {"fc2 dinp", 256, 512, 128, Product::InputGradient},
        {"qkv dweight", 192, 128, 512, Product::WeightGradient},
        {"fc1 dweight", 256, 128, 512, Product::WeightGradient},
        {"fc2 dweight", 64, 512, 512, Product::WeightGradient},
        {"fc1 fwd, 1 thread", 512, 512, 128, Product::Forward},
        {"fc2 dinp, 1 thread", 512, 512, 128, Product::InputGradient},
        {"fc1 dweight, 1 thr", 512, 128, 512, Product::WeightGradient},
        {"fc2 dweight, 1 thr", 128, 512, 512, Product::WeightGradient},
        {"d=256 fc1 forward", 256, 1024, 256, Product::Forward},
        {"d=512 fc1 forward", 256, 2048, 512, Product::Forward},
    };
    std::printf(
        "%-18s %16s %12s %12s %12s\n", "product", "M x N x K", "Eigen GF/s", "CBLAS GF/s", "own GF/s");
    for (const Shape& s : shapes) {
        const bool weightGradient = s.product == Product::WeightGradient;
        const RowMatrix a = weightGradient ? RowMatrix::Random(s.K, s.M) : RowMatrix::Random(s.M, s.K);
        const RowMatrix b
            = s.product == Product::Forward ? RowMatrix::Random(s.N, s.K) : RowMatrix::Random(s.K, s.N);
        RowMatrix c = RowMatrix::Zero(s.M, s.N);
        const double flops = 2.0 * s.M * s.N * s.K;
        const double eigen = gflops(
            [&] {
                if (s.product == Product::Forward)
                    c.noalias() = a * b.transpose();
                else if (s.product == Product::InputGradient)
                    c.noalias() = a * b;
                else
                    c.noalias() += a.transpose() * b;
            },
            flops);
        // The same three products as one call each: A or A^T, B or B^T, and whether C accumulates.
        const bool transposeA = weightGradient, transposeB = s.product == Product::Forward;
        const double blas = gflops(
            [&] {
                cblas_sgemm(CblasRowMajor, transposeA ? CblasTrans : CblasNoTrans,
                    transposeB ? CblasTrans : CblasNoTrans, s.M, s.N, s.K, 1.0f, a.data(),
                    transposeA ? s.M : s.K, b.data(), transposeB ? s.K : s.N, weightGradient ? 1.0f : 0.0f,
                    c.data(), s.N);
            },
            flops);
#if RLAB_OWN_GEMM
        // As cpu_matmul.cpp calls it: A(m, k) at a[m * ars + k * acs], B(k, n) at b[k * brs + n * bcs].
        const double own = gflops(
            [&] {
                rlab::cpu::gemm(s.M, s.N, s.K, a.data(), transposeA ? 1 : s.K, transposeA ? s.M : 1, b.data(),
                    transposeB ? 1 : s.N, transposeB ? s.K : 1, c.data(), s.N, weightGradient);
            },
            flops);
#else
        const double own = 0; // no AVX-512 here: the engine uses Eigen's product
#endif
        std::printf("%-18s %4d x%5d x%4d %12.1f %12.1f %12.1f\n", s.name, s.M, s.N, s.K, eigen, blas, own);
    }
    return 0;
}
