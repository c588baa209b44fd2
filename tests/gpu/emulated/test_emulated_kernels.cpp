// The CUDA kernels of llama's ops and of fused attention, their sources unchanged, run on the host
// under an emulation of CUDA's execution model (cuda_runtime.h and cublas_v2.h here stand in for
// the toolkit's; README.md says what the emulation does and does not show), against the CPU twins.
// It runs on every machine, GPU or not, and needs no CUDA toolkit. It checks what the kernels
// compute: indexing, tiling, the online softmax, the warp reductions and shuffles, the dropout
// counters, the grouped-query strides and batches. It cannot check what only a GPU shows (the
// memory model, launch limits, speed); tests/gpu's gpu_llama does that where a GPU is present.
// Agreement: max |emulated - cpu| <= 1e-5 of the tensor's largest |cpu| (about 4e-7 measured).

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "attention_cases.h"
#include "cuda_gqa.h"
#include "launch.h"
#include "random_values.h"
#include "rlab/backend.h"
#include "rlab_test.h"

namespace rlab::cuda {
// cuda_check.cpp's, for the emulation: nothing fails there.
void check(cudaError_t, const char*) { }
void check(cublasStatus_t, const char*) { }
void checkLaunch(const char*) { }
} // namespace rlab::cuda

using rlab::test::AttentionShape;
using rlab::test::attentionShapes;
using rlab::test::FusedCase;
using rlab::test::fusedCases;

namespace {

constexpr double kTolerance = 1e-5;

rlab::Backend& cpu()
{
    static const std::unique_ptr<rlab::Backend> backend = rlab::makeCpuBackend(1);
    return *backend;
}

// max |actual - expected| over max |expected|, NaN if actual holds a NaN or an infinity, or if the
// two are empty or of different sizes (a comparison over nothing, or over part, proves nothing).
double difference(const std::vector<float>& actual, const std::vector<float>& expected)
{
    if (expected.empty() || actual.size() != expected.size())
        return NAN;
    double largest = 0, worst = 0;
    for (const float x : expected)
        largest = std::max(largest, static_cast<double>(std::fabs(x)));
    for (std::size_t i = 0; i < actual.size(); ++i) {
        if (!std::isfinite(actual[i]))
            return NAN;
        worst = std::max(worst, std::fabs(static_cast<double>(actual[i]) - expected[i]));
    }
    return largest > 0 ? worst / largest : worst;
}

#define CHECK_AGREES(emulated, cpuTwin)                                                                      \
    do {                                                                                                     \
        RLAB_CHECK_MSG(!(cpuTwin).empty() && (emulated).size() == (cpuTwin).size(),                          \
            std::string(#emulated " has ") + std::to_string((emulated).size())                               \
                + " elements, the CPU twin's " + std::to_string((cpuTwin).size()));                          \
        const double d = difference((emulated), (cpuTwin));                                                  \
        rlab::test::info("%-10s %.2e of its largest", #emulated, d);                                         \
        RLAB_CHECK_MSG(d <= kTolerance,                                                                      \
            std::string(#emulated " differs from the CPU twin's by ") + std::to_string(d)                    \
                + " of its largest value");                                                                  \
    } while (false)

// Rotary needs an even head size.
std::vector<rlab::test::Case<AttentionShape>> rotatableShapes()
{
    std::vector<rlab::test::Case<AttentionShape>> rows;
    for (const rlab::test::Case<AttentionShape>& row : attentionShapes())
        if (row.data.dh % 2 == 0)
            rows.push_back(row);
    return rows;
}

} // namespace

// cuda_flash.cu's three kernels against the CPU's fused attention.
RLAB_TEST_CASES(fusedAttention, fusedCases(), const FusedCase& c)
{
    const AttentionShape& s = c.shape;
    rlab::DropoutSite site;
    site.seed = 77;
    site.step = 2;
    site.block = 1;
    site.p = c.p;
    const auto qkv = randomFloats(s.qkv(), 1), dout = randomFloats(s.btc(), 2);
    std::vector<float> out(s.btc()), lse(s.rows()), dqkv(s.qkv(), NAN);
    std::vector<float> cpuOut(s.btc()), cpuLse(s.rows()), cpuDqkv(s.qkv(), NAN);
    cpu().flashAttentionForward(cpuOut.data(), cpuLse.data(), qkv.data(), s.B, s.T, s.C(), s.H, s.G, site);
    cpu().flashAttentionBackward(cpuDqkv.data(), dout.data(), cpuOut.data(), cpuLse.data(), qkv.data(), s.B,
        s.T, s.C(), s.H, s.G, site);
    rlab::cuda::flashAttentionForward(
        nullptr, out.data(), lse.data(), qkv.data(), s.B, s.T, s.C(), s.H, s.G, site);
    rlab::cuda::flashAttentionBackward(nullptr, dqkv.data(), dout.data(), out.data(), lse.data(), qkv.data(),
        s.B, s.T, s.C(), s.H, s.G, site);
    CHECK_AGREES(out, cpuOut);
    CHECK_AGREES(lse, cpuLse);
    CHECK_AGREES(dqkv, cpuDqkv);
}

// cuda_gqa.cpp's products (through the emulated cuBLAS) and cuda_attention.cu's softmax kernels.
RLAB_TEST_CASES(groupedQueryAttention, attentionShapes(), const AttentionShape& s)
{
    const auto qkv = randomFloats(s.qkv(), 1), dout = randomFloats(s.btc(), 2);
    struct Out {
        std::vector<float> att, out, datt, dqkv;
    };
    Out mine {std::vector<float>(s.att()), std::vector<float>(s.btc()), std::vector<float>(s.att()),
        std::vector<float>(s.qkv(), NAN)};
    Out twin = mine;
    rlab::Backend& c = cpu();
    c.gqaSoftmaxForward(twin.att.data(), qkv.data(), s.B, s.T, s.C(), s.H, s.G);
    c.gqaValuesForward(twin.out.data(), twin.att.data(), qkv.data(), s.B, s.T, s.C(), s.H, s.G);
    c.gqaValuesBackward(twin.datt.data(), twin.dqkv.data(), dout.data(), twin.att.data(), qkv.data(), s.B,
        s.T, s.C(), s.H, s.G);
    c.gqaSoftmaxBackward(
        twin.dqkv.data(), twin.datt.data(), twin.att.data(), qkv.data(), s.B, s.T, s.C(), s.H, s.G);
    using namespace rlab::cuda;
    gqaSoftmaxForward(nullptr, nullptr, mine.att.data(), qkv.data(), s.B, s.T, s.C(), s.H, s.G);
    gqaValuesForward(nullptr, mine.out.data(), mine.att.data(), qkv.data(), s.B, s.T, s.C(), s.H, s.G);
    gqaValuesBackward(nullptr, mine.datt.data(), mine.dqkv.data(), dout.data(), mine.att.data(), qkv.data(),
        s.B, s.T, s.C(), s.H, s.G);
    gqaSoftmaxBackward(nullptr, nullptr, mine.dqkv.data(), mine.datt.data(), mine.att.data(), qkv.data(), s.B,
        s.T, s.C(), s.H, s.G);
    CHECK_AGREES(mine.att, twin.att);
    CHECK_AGREES(mine.out, twin.out);
    CHECK_AGREES(mine.dqkv, twin.dqkv);
}

// cuda_llama.cu's rotary kernel, forward and inverse, on q's and k's heads (v untouched).
RLAB_TEST_CASES(rope, rotatableShapes(), const AttentionShape& s)
{
    const auto qkv = randomFloats(s.qkv(), 1);
    std::vector<float> mine = qkv, twin = qkv;
    cpu().ropeForward(twin.data(), s.B, s.T, s.C(), s.H, s.G);
    rlab::cuda::ropeForward(nullptr, mine.data(), s.B, s.T, s.C(), s.H, s.G);
    CHECK_AGREES(mine, twin);
    cpu().ropeBackward(twin.data(), s.B, s.T, s.C(), s.H, s.G);
    rlab::cuda::ropeBackward(nullptr, mine.data(), s.B, s.T, s.C(), s.H, s.G);
    CHECK_AGREES(mine, twin);
}

struct Norm {
    int N, C;
};

std::vector<rlab::test::Case<Norm>> normShapes()
{
    return {{"N1 C1", {1, 1}}, {"N37 C100", {37, 100}}, {"N300 C1000, several chunks of rows", {300, 1000}}};
}

// cuda_llama.cu's RMSNorm kernels, the weight's gradient through grid.cuh's column chunks.
RLAB_TEST_CASES(rmsnorm, normShapes(), const Norm& s)
{
    const std::size_t nc = static_cast<std::size_t>(s.N) * s.C;
    const auto x = randomFloats(nc, 1), w = randomFloats(s.C, 2), dout = randomFloats(nc, 3);
    std::vector<float> y(nc), rstd(s.N), dinp = randomFloats(nc, 4), dweight = randomFloats(s.C, 5);
    std::vector<float> twinY(nc), twinRstd(s.N), twinDinp = dinp, twinDweight = dweight;
    std::vector<float> scratch(std::size_t {2} << 20); // the backend's 8 MiB kernel scratch
    cpu().rmsnormForward(twinY.data(), twinRstd.data(), x.data(), w.data(), s.N, s.C);
    cpu().rmsnormBackward(
        twinDinp.data(), twinDweight.data(), dout.data(), x.data(), w.data(), twinRstd.data(), s.N, s.C);
    rlab::cuda::rmsnormForward(nullptr, y.data(), rstd.data(), x.data(), w.data(), s.N, s.C);
    rlab::cuda::rmsnormBackward(nullptr, dinp.data(), dweight.data(), dout.data(), x.data(), w.data(),
        rstd.data(), s.N, s.C, {scratch.data(), scratch.size() * sizeof(float)});
    CHECK_AGREES(y, twinY);
    CHECK_AGREES(rstd, twinRstd);
    CHECK_AGREES(dinp, twinDinp);
    CHECK_AGREES(dweight, twinDweight);
}

// cuda_llama.cu's SwiGLU kernels, the backward in place on dout as the trainer calls it.
RLAB_TEST(swiglu)
{
    const std::size_t n = 4099;
    const auto gate = randomFloats(n, 1, 3.0f), up = randomFloats(n, 2);
    std::vector<float> out(n), dgate(n), dup = randomFloats(n, 3), twinOut(n), twinDgate(n), twinDup = dup;
    cpu().swigluForward(twinOut.data(), gate.data(), up.data(), n);
    cpu().swigluBackward(twinDgate.data(), twinDup.data(), twinDup.data(), gate.data(), up.data(), n);
    rlab::cuda::swigluForward(nullptr, out.data(), gate.data(), up.data(), n);
    rlab::cuda::swigluBackward(nullptr, dgate.data(), dup.data(), dup.data(), gate.data(), up.data(), n);
    CHECK_AGREES(out, twinOut);
    CHECK_AGREES(dgate, twinDgate);
    CHECK_AGREES(dup, twinDup);
}

RLAB_TEST_MAIN(std::string())
