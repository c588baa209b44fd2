// The CPU's fused ops give what the ops they replace give: the fc2 backward with GELU's backward
// on its rows (matmulGeluBackward) against matmulBackward then geluBackward, and AdamW's one sweep
// against its four statements over whole arrays. Bit for bit where both run the same vector code
// on the same elements; where a thread's rows start off the vector width (an odd row length), the
// GELU's vector and scalar tanh may differ in the last bits, so there within 1e-6 relative. AdamW
// runs on 64-byte aligned buffers, as the engine's are: Eigen's vector sqrt is approximate and its
// scalar one exact, so only the same alignment puts the same elements on each path. In a portable
// build the engine's copy and this file are compiled for different instruction sets, so AdamW is
// compared there within 1e-6 relative.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

#include <Eigen/Core>

#include "random_values.h"
#include "rlab/backend.h"
#include "rlab_test.h"

using namespace rlab;

namespace {

struct Product {
    int N, C, OC, threads;
};

// Largest |got - want| relative to max(1, |want|).
template<class Values> double worst(const Values& want, const Values& got)
{
    double w = 0;
    for (std::size_t i = 0; i < want.size(); ++i)
        w = std::max(w,
            std::fabs(static_cast<double>(got[i]) - want[i])
                / std::max(1.0, std::fabs(static_cast<double>(want[i]))));
    return w;
}

void checkMatmulGeluBackward(const Product& s, bool bitwise)
{
    const auto n = static_cast<std::size_t>(s.N), c = static_cast<std::size_t>(s.C),
               oc = static_cast<std::size_t>(s.OC);
    const std::vector<float> dout = randomFloats(n * oc, 1), inp = randomFloats(n * c, 2),
                             weight = randomFloats(oc * c, 3, 0.1f), geluInput = randomFloats(n * c, 4, 2.0f);
    const std::unique_ptr<Backend> cpu = makeCpuBackend(s.threads);
    std::vector<float> dinp(n * c), dweight = randomFloats(oc * c, 5), dbias = randomFloats(oc, 6);
    std::vector<float> fusedDinp(n * c, 9.0f), fusedDweight = dweight, fusedDbias = dbias;
    cpu->matmulBackward(
        dinp.data(), dweight.data(), dbias.data(), dout.data(), inp.data(), weight.data(), s.N, s.C, s.OC);
    cpu->geluBackward(dinp.data(), geluInput.data(), dinp.data(), n * c);
    cpu->matmulGeluBackward(fusedDinp.data(), fusedDweight.data(), fusedDbias.data(), dout.data(), inp.data(),
        weight.data(), geluInput.data(), s.N, s.C, s.OC);
    RLAB_CHECK(fusedDweight == dweight);
    RLAB_CHECK(fusedDbias == dbias);
    if (bitwise)
        RLAB_CHECK_MSG(std::memcmp(fusedDinp.data(), dinp.data(), dinp.size() * sizeof(float)) == 0,
            "dinp differs in some bit");
    else
        RLAB_CHECK_MSG(worst(dinp, fusedDinp) <= 1e-6, "dinp differs by more than 1e-6");
}

using Aligned = std::vector<float, Eigen::aligned_allocator<float>>;

Aligned aligned(const std::vector<float>& values)
{
    return Aligned(values.begin(), values.end());
}

} // namespace

RLAB_TEST(matmulGeluBackwardEqualsTheTwoOps)
{
    checkMatmulGeluBackward({512, 512, 128, 2}, true); // the demo's fc2, split over two threads
    checkMatmulGeluBackward({512, 512, 128, 1}, true);
    checkMatmulGeluBackward({24, 40, 12, 1}, true); // one thread below the parallel threshold
    checkMatmulGeluBackward({300, 48, 40, 2}, true);
    checkMatmulGeluBackward({300, 45, 40, 2}, false); // thread 1's rows start mid-vector
}

RLAB_TEST(adamwOneSweepEqualsWholeArrayStatements)
{
    const float lr = 1e-3f, beta1 = 0.9f, beta2 = 0.95f, eps = 1e-8f, weightDecay = 0.1f;
    for (const std::size_t n : {std::size_t {100003}, std::size_t {2427}, std::size_t {17}}) {
        // Aligned as the engine's buffers are: Eigen's vector code then starts at the same elements.
        const Aligned grads = aligned(randomFloats(n, 7));
        Aligned params = aligned(randomFloats(n, 8)), m = aligned(randomFloats(n, 9, 0.01f)), v(n);
        const std::vector<float> vStart = randomFloats(n, 10, 0.01f);
        for (std::size_t i = 0; i < n; ++i)
            v[i] = vStart[i] * vStart[i];
        Aligned wantParams = params, wantM = m, wantV = v;
        const std::unique_ptr<Backend> cpu = makeCpuBackend(2);
        for (int t = 1; t <= 3; ++t) {
            cpu->adamwUpdate(
                params.data(), grads.data(), m.data(), v.data(), n, lr, beta1, beta2, eps, weightDecay, t);
            // The update as whole-array statements, one sweep each.
            const float c1 = 1.0f - std::pow(beta1, static_cast<float>(t));
            const float c2 = 1.0f - std::pow(beta2, static_cast<float>(t));
            const auto count = static_cast<Eigen::Index>(n);
            Eigen::Map<Eigen::ArrayXf> p(wantParams.data(), count), mm(wantM.data(), count),
                vv(wantV.data(), count);
            const Eigen::Map<const Eigen::ArrayXf> g(grads.data(), count);
            mm = beta1 * mm + (1.0f - beta1) * g;
            vv = beta2 * vv + (1.0f - beta2) * g.square();
            p *= 1.0f - lr * weightDecay;
            p -= lr * (mm / c1) / ((vv / c2).sqrt() + eps);
        }
#if RLAB_CPU_DISPATCH
        // The engine's copy may use other vector instructions than this file: fused multiply-adds,
        // and Eigen's vector sqrt, an approximation whose last bits depend on them.
        RLAB_CHECK_MSG(worst(wantParams, params) <= 1e-6, "params differ by more than 1e-6");
        RLAB_CHECK_MSG(worst(wantM, m) <= 1e-6, "m differs by more than 1e-6");
        RLAB_CHECK_MSG(worst(wantV, v) <= 1e-6, "v differs by more than 1e-6");
#else
        RLAB_CHECK_MSG(
            std::memcmp(params.data(), wantParams.data(), n * sizeof(float)) == 0, "params differ");
        RLAB_CHECK(m == wantM);
        RLAB_CHECK(v == wantV);
#endif
    }
}

RLAB_TEST_MAIN("")
