// The engine's own AVX-512 product (engine/src/cpu_gemm.h), which the CPU backend's matmuls run
// where their copy is built with AVX-512. It keeps its promise: every element of C is one chain of
// fused multiply-adds in k's order from its old value (or zero), so it equals, bit for bit, that
// chain written out in scalar std::fma, for the three layouts the matmuls use, at sizes that are
// not multiples of its 12 x 32 blocks, of its 256-deep panels or of its 1024 packed columns; and
// so no split of the rows over threads changes a bit. It is also within the chain's rounding
// bound of a double-precision product. Skipped, with the reason, where the build has no AVX-512.
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "cpu_gemm.h"
#include "random_values.h"
#include "rlab_test.h"

#if RLAB_OWN_GEMM

namespace {

// One of cpu_matmul.cpp's products: A(m, k) = a[m * ars + k * acs], B(k, n) = b[k * brs + n * bcs].
struct Layout {
    const char* name;
    bool aTransposed; // A stored k-major (the weight gradient's dout)
    bool bTransposed; // B stored n-major (the forward's weight)
};

constexpr Layout kLayouts[] = {
    {"forward: inp times weight^T", false, true},
    {"input gradient: dout times weight", false, false},
    {"weight gradient: dout^T times inp", true, false},
};

struct Operands {
    int M, N, K;
    Layout layout;
    std::vector<float> a, b, c;
    std::ptrdiff_t ars() const { return layout.aTransposed ? 1 : K; }
    std::ptrdiff_t acs() const { return layout.aTransposed ? M : 1; }
    std::ptrdiff_t brs() const { return layout.bTransposed ? 1 : N; }
    std::ptrdiff_t bcs() const { return layout.bTransposed ? K : 1; }
    float at(int m, int k) const { return a[std::size_t(m * ars() + k * acs())]; }
    float bt(int k, int n) const { return b[std::size_t(k * brs() + n * bcs())]; }
};

Operands operands(int M, int N, int K, const Layout& layout, unsigned seed)
{
    return {M, N, K, layout, randomFloats(std::size_t(M) * K, seed),
        randomFloats(std::size_t(K) * N, seed + 1), randomFloats(std::size_t(M) * N, seed + 2)};
}

// The chain the header promises, one element at a time in scalar arithmetic.
std::vector<float> scalarChain(const Operands& o, bool accumulate)
{
    std::vector<float> c(o.c.size());
    for (int m = 0; m < o.M; ++m)
        for (int n = 0; n < o.N; ++n) {
            float sum = accumulate ? o.c[std::size_t(m) * o.N + n] : 0.0f;
            for (int k = 0; k < o.K; ++k)
                sum = std::fma(o.at(m, k), o.bt(k, n), sum);
            c[std::size_t(m) * o.N + n] = sum;
        }
    return c;
}

// Rows [m0, m0 + rows) of C, as one thread of the CPU backend computes its share.
void ownRows(const Operands& o, std::vector<float>& c, int m0, int rows, bool accumulate)
{
    rlab::cpu::gemm(rows, o.N, o.K, o.a.data() + m0 * o.ars(), o.ars(), o.acs(), o.b.data(), o.brs(), o.bcs(),
        c.data() + std::size_t(m0) * o.N, o.N, accumulate);
}

// The whole of C in one call.
std::vector<float> ownProduct(const Operands& o, bool accumulate)
{
    std::vector<float> c = o.c;
    ownRows(o, c, 0, o.M, accumulate);
    return c;
}

struct Size {
    int M, N, K;
};

constexpr Size kSizes[] = {
    {1, 1, 1},
    {12, 32, 256}, // one whole block and panel
    {13, 33, 257}, // one past each
    {25, 70, 600}, // three panels deep
    {7, 1030, 40}, // past the 1024 packed columns
    {300, 48, 5},
};

std::string where(const Operands& o, bool accumulate)
{
    return std::string(o.layout.name) + ", " + std::to_string(o.M) + " x " + std::to_string(o.N) + " x "
        + std::to_string(o.K) + (accumulate ? ", accumulating" : ", fresh");
}

} // namespace

RLAB_TEST(everyElementIsOneFusedChainInKsOrder)
{
    unsigned seed = 10;
    for (const Layout& layout : kLayouts)
        for (const Size& size : kSizes)
            for (const bool accumulate : {false, true}) {
                const Operands o = operands(size.M, size.N, size.K, layout, seed += 3);
                RLAB_CHECK_MSG(ownProduct(o, accumulate) == scalarChain(o, accumulate),
                    where(o, accumulate) + ": not the scalar chain");
            }
}

RLAB_TEST(noSplitOfTheRowsChangesABit)
{
    unsigned seed = 100;
    for (const Layout& layout : kLayouts) {
        const Operands o = operands(97, 75, 300, layout, seed += 3);
        const std::vector<float> whole = ownProduct(o, true);
        for (const int first : {1, 5, 12, 13, 48, 96}) {
            std::vector<float> split = o.c;
            ownRows(o, split, 0, first, true);
            ownRows(o, split, first, o.M - first, true);
            RLAB_CHECK_MSG(std::memcmp(split.data(), whole.data(), whole.size() * sizeof(float)) == 0,
                where(o, true) + ": rows split at " + std::to_string(first) + " differ");
        }
    }
}

RLAB_TEST(withinTheChainsRoundingOfADoubleProduct)
{
    unsigned seed = 200;
    for (const Layout& layout : kLayouts) {
        const Operands o = operands(64, 96, 768, layout, seed += 3);
        const std::vector<float> c = ownProduct(o, true);
        // K + 1 roundings of at most 2^-24 each, of at most the sum of the terms' magnitudes.
        const double unit = std::ldexp(1.0, -24) * (o.K + 1);
        for (int m = 0; m < o.M; ++m)
            for (int n = 0; n < o.N; ++n) {
                const double old = o.c[std::size_t(m) * o.N + n];
                double exact = old, magnitude = std::fabs(old);
                for (int k = 0; k < o.K; ++k) {
                    exact += double(o.at(m, k)) * o.bt(k, n);
                    magnitude += std::fabs(double(o.at(m, k)) * o.bt(k, n));
                }
                const double error = std::fabs(c[std::size_t(m) * o.N + n] - exact);
                RLAB_CHECK_MSG(error <= unit * magnitude,
                    where(o, true) + ": off by " + std::to_string(error) + " at (" + std::to_string(m) + ", "
                        + std::to_string(n) + ")");
            }
    }
}

RLAB_TEST_MAIN("")

#else

RLAB_TEST_MAIN("this build's CPU kernels have no AVX-512, so the matmuls use Eigen's product, not the "
               "engine's own (engine/src/cpu_gemm.h)")

#endif
