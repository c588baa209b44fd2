// The twins of llama's ops and of fused attention (kernels/cuda_llama.cu, cuda_attention.cpp's
// grouped-query products, cuda_flash.cu), case by case as test_cuda_kernels.cpp does: the CPU twin
// against a plain double-precision reference written here (runs on any machine), then the CUDA
// kernel against the CPU twin and against itself on a rerun (skipped, with the reason, where no
// usable GPU is present). Grouped-query attention is checked against the multi-head reference on
// q, k and v with each key/value head repeated for its group, dk and dv summed back over it.

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "attention_cases.h"
#include "device_tensor.h"
#include "plain_reference.h"
#include "random_values.h"

using rlab::Backend;
using rlab::test::AttentionShape;
using rlab::test::attentionShapes;
using rlab::test::Case;
using rlab::test::cpuBackend;
using rlab::test::DeviceTensor;
using rlab::test::FusedCase;
using rlab::test::fusedCases;
using rlab::test::kAtol;
using rlab::test::kProductAtol;
using rlab::test::kProductRtol;
using rlab::test::kRtol;
using rlab::test::sameBits;
namespace ref = rlab::reference;

namespace {

// ---- references ----------------------------------------------------------------------------

struct RmsNorm {
    ref::Doubles out, rstd, dinp, dweight; // gradients added to the given starting values
};

RmsNorm rmsnorm(const std::vector<float>& x, const std::vector<float>& w, const std::vector<float>& dout,
    const std::vector<float>& dinp0, const std::vector<float>& dweight0, int N, int C)
{
    RmsNorm r {
        std::vector<double>(x.size()), std::vector<double>(N), ref::widen(dinp0), ref::widen(dweight0)};
    for (int n = 0; n < N; ++n) {
        const std::size_t at = static_cast<std::size_t>(n) * C;
        double squares = 0, dot = 0;
        for (int c = 0; c < C; ++c) {
            squares += static_cast<double>(x[at + c]) * x[at + c];
            dot += static_cast<double>(dout[at + c]) * w[c] * x[at + c];
        }
        const double s = 1.0 / std::sqrt(squares / C + 1e-5);
        r.rstd[n] = s;
        for (int c = 0; c < C; ++c) {
            r.out[at + c] = x[at + c] * s * w[c];
            r.dinp[at + c] += s * dout[at + c] * w[c] - x[at + c] * s * s * s * dot / C;
            r.dweight[c] += static_cast<double>(dout[at + c]) * x[at + c] * s;
        }
    }
    return r;
}

// Rotates q's H and k's G heads of every row (rows of C + 2*G*dh), the angle formed in float as
// The contract's rope() (docs/llama.md) forms it, its cosine and sine in double; sign -1 is the inverse.
ref::Doubles rope(const std::vector<float>& qkv, int B, int T, int C, int H, int G, double sign)
{
    const int dh = C / H, half = dh / 2, ld = C + 2 * G * dh;
    ref::Doubles out = ref::widen(qkv);
    for (int row = 0; row < B * T; ++row)
        for (int head = 0; head < H + G; ++head)
            for (int i = 0; i < half; ++i) {
                const float inverse = std::pow(10000.0f, -static_cast<float>(i) / static_cast<float>(half));
                const float angle = static_cast<float>(row % T) * inverse;
                const double c = std::cos(static_cast<double>(angle)),
                             s = sign * std::sin(static_cast<double>(angle));
                const std::size_t at
                    = static_cast<std::size_t>(row) * ld + static_cast<std::size_t>(head) * dh + i;
                const double x1 = qkv[at], x2 = qkv[at + half];
                out[at] = x1 * c - x2 * s;
                out[at + half] = x1 * s + x2 * c;
            }
    return out;
}

struct SwiGlu {
    ref::Doubles out, dgate, dup;
};

SwiGlu swiglu(const std::vector<float>& gate, const std::vector<float>& up, const std::vector<float>& dout)
{
    SwiGlu r {ref::Doubles(gate.size()), ref::Doubles(gate.size()), ref::Doubles(gate.size())};
    for (std::size_t i = 0; i < gate.size(); ++i) {
        const double g = gate[i], s = 1.0 / (1.0 + std::exp(-g));
        r.out[i] = g * s * up[i];
        r.dgate[i] = dout[i] * up[i] * s * (1.0 + g * (1.0 - s));
        r.dup[i] = dout[i] * g * s;
    }
    return r;
}

// Multi-head attention (the reference's) on grouped-query qkv, and each row's logsumexp.
struct GroupedAttention {
    ref::Doubles att, out, dqkv, lse;
};

GroupedAttention groupedAttention(
    const std::vector<float>& qkv, const std::vector<float>& dout, const AttentionShape& s)
{
    const int C = s.C(), ld = s.ld(), group = s.H / s.G;
    std::vector<float> heads(static_cast<std::size_t>(s.B) * s.T * 3 * C); // k and v repeated per query head
    for (int row = 0; row < s.B * s.T; ++row)
        for (int h = 0; h < s.H; ++h)
            for (int d = 0; d < s.dh; ++d) {
                const std::size_t from = static_cast<std::size_t>(row) * ld,
                                  to = static_cast<std::size_t>(row) * 3 * C;
                const int kv = h / group;
                heads[to + h * s.dh + d] = qkv[from + h * s.dh + d];
                heads[to + C + h * s.dh + d] = qkv[from + C + kv * s.dh + d];
                heads[to + 2 * C + h * s.dh + d] = qkv[from + C + (s.G + kv) * s.dh + d];
            }
    const ref::Attention a = ref::attention(heads, dout, s.B, s.T, C, s.H);
    GroupedAttention r {
        a.att, a.out, ref::Doubles(s.qkv(), 0.0), ref::Doubles(static_cast<std::size_t>(s.B) * s.H * s.T)};
    for (int row = 0; row < s.B * s.T; ++row)
        for (int h = 0; h < s.H; ++h)
            for (int d = 0; d < s.dh; ++d) {
                const std::size_t from = static_cast<std::size_t>(row) * 3 * C,
                                  to = static_cast<std::size_t>(row) * ld;
                const int kv = h / group;
                r.dqkv[to + h * s.dh + d] = a.dqkv[from + h * s.dh + d];
                r.dqkv[to + C + kv * s.dh + d] += a.dqkv[from + C + h * s.dh + d];
                r.dqkv[to + C + (s.G + kv) * s.dh + d] += a.dqkv[from + 2 * C + h * s.dh + d];
            }
    const double scale = 1.0 / std::sqrt(static_cast<double>(s.dh));
    for (int b = 0; b < s.B; ++b)
        for (int h = 0; h < s.H; ++h)
            for (int t = 0; t < s.T; ++t) {
                std::vector<double> scores;
                double most = -INFINITY;
                for (int u = 0; u <= t; ++u) {
                    double dot = 0;
                    for (int d = 0; d < s.dh; ++d)
                        dot += static_cast<double>(
                                   heads[(static_cast<std::size_t>(b) * s.T + t) * 3 * C + h * s.dh + d])
                            * heads[(static_cast<std::size_t>(b) * s.T + u) * 3 * C + C + h * s.dh + d];
                    scores.push_back(dot * scale);
                    most = std::max(most, dot * scale);
                }
                double sum = 0;
                for (double x : scores)
                    sum += std::exp(x - most);
                r.lse[(static_cast<std::size_t>(b) * s.H + h) * s.T + t] = most + std::log(sum);
            }
    return r;
}

} // namespace

// ---- RMSNorm -------------------------------------------------------------------------------

struct NormShape {
    int N, C;
};

std::vector<Case<NormShape>> normShapes()
{
    return {{"N1 C1", {1, 1}}, {"N37 C100", {37, 100}}, {"N300 C1000, several chunks of rows", {300, 1000}}};
}

RLAB_TEST_CASES(rmsnorm, normShapes(), const NormShape& s)
{
    const std::size_t nc = static_cast<std::size_t>(s.N) * s.C;
    const auto x = randomFloats(nc, 1), w = randomFloats(s.C, 2), dout = randomFloats(nc, 3),
               dinp0 = randomFloats(nc, 4), dw0 = randomFloats(s.C, 5);
    struct Out {
        std::vector<float> out, rstd, dinp, dweight;
    };
    const auto run = [&](Backend& b) {
        DeviceTensor tX(b, x), tW(b, w), tDout(b, dout), tDinp(b, dinp0), tDw(b, dw0),
            tOut(b, sizeof(float) * nc), tRstd(b, sizeof(float) * s.N);
        b.rmsnormForward(tOut.f(), tRstd.f(), tX.f(), tW.f(), s.N, s.C);
        b.rmsnormBackward(tDinp.f(), tDw.f(), tDout.f(), tX.f(), tW.f(), tRstd.f(), s.N, s.C);
        return Out {tOut.read(), tRstd.read(), tDinp.read(), tDw.read()};
    };
    const Out cpu = run(cpuBackend());
    const RmsNorm want = rmsnorm(x, w, dout, dinp0, dw0, s.N, s.C);
    RLAB_CHECK_CLOSE(cpu.out, want.out, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cpu.rstd, want.rstd, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cpu.dinp, want.dinp, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cpu.dweight, want.dweight, kProductAtol, kProductRtol);

    RLAB_NEED_GPU(gpu);
    const Out cuda = run(*gpu);
    RLAB_CHECK_CLOSE(cuda.out, cpu.out, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cuda.rstd, cpu.rstd, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cuda.dinp, cpu.dinp, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cuda.dweight, cpu.dweight, kProductAtol, kProductRtol);
    const Out again = run(*gpu);
    RLAB_CHECK_MSG(sameBits(again.dinp, cuda.dinp) && sameBits(again.dweight, cuda.dweight),
        "a rerun gives the same bits");
}

// ---- rotary positions ----------------------------------------------------------------------

std::vector<Case<AttentionShape>> ropeShapes()
{
    return {{"B2 T33, 4 heads of 8, 2 kv heads", {2, 33, 8, 4, 2}}, {"B1 T1, one head of 2", {1, 1, 2, 1, 1}},
        {"B1 T300, 2 heads of 64, one kv head: large angles", {1, 300, 64, 2, 1}}};
}

RLAB_TEST_CASES(rope, ropeShapes(), const AttentionShape& s)
{
    const auto qkv = randomFloats(s.qkv(), 1);
    const auto run = [&](Backend& b) {
        DeviceTensor t(b, qkv);
        b.ropeForward(t.f(), s.B, s.T, s.C(), s.H, s.G);
        std::vector<float> forward = t.read();
        b.ropeBackward(t.f(), s.B, s.T, s.C(), s.H, s.G);
        return std::make_pair(forward, t.read());
    };
    const auto [cpuForward, cpuBack] = run(cpuBackend());
    RLAB_CHECK_CLOSE(cpuForward, rope(qkv, s.B, s.T, s.C(), s.H, s.G, 1.0), kAtol, kRtol);
    RLAB_CHECK_CLOSE(cpuBack, ref::widen(qkv), kAtol, kRtol); // the inverse rotation undoes it; v untouched
    const std::size_t vAt = static_cast<std::size_t>(s.C() + s.G * s.dh);
    RLAB_CHECK_MSG(cpuForward[vAt] == qkv[vAt], "v is not rotated");

    RLAB_NEED_GPU(gpu);
    const auto [cudaForward, cudaBack] = run(*gpu);
    RLAB_CHECK_CLOSE(cudaForward, cpuForward, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cudaBack, cpuBack, kAtol, kRtol);
    RLAB_CHECK_MSG(sameBits(run(*gpu).first, cudaForward), "a rerun gives the same bits");
}

// ---- SwiGLU --------------------------------------------------------------------------------

std::vector<Case<std::size_t>> swigluSizes()
{
    return {{"n1", 1}, {"n1000", 1000}, {"n4099", 4099}};
}

RLAB_TEST_CASES(swiglu, swigluSizes(), const std::size_t& n)
{
    const auto gate = randomFloats(n, 1, 3.0f), up = randomFloats(n, 2), dout = randomFloats(n, 3);
    struct Out {
        std::vector<float> out, dgate, dup;
    };
    const auto run = [&](Backend& b) {
        // As the trainer calls it: dup overwrites dout.
        DeviceTensor tG(b, gate), tU(b, up), tD(b, dout), tOut(b, sizeof(float) * n),
            tDg(b, sizeof(float) * n);
        b.swigluForward(tOut.f(), tG.f(), tU.f(), n);
        b.swigluBackward(tDg.f(), tD.f(), tD.f(), tG.f(), tU.f(), n);
        return Out {tOut.read(), tDg.read(), tD.read()};
    };
    const Out cpu = run(cpuBackend());
    const SwiGlu want = swiglu(gate, up, dout);
    RLAB_CHECK_CLOSE(cpu.out, want.out, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cpu.dgate, want.dgate, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cpu.dup, want.dup, kAtol, kRtol);

    RLAB_NEED_GPU(gpu);
    const Out cuda = run(*gpu);
    RLAB_CHECK_CLOSE(cuda.out, cpu.out, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cuda.dgate, cpu.dgate, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cuda.dup, cpu.dup, kAtol, kRtol);
}

// ---- grouped-query and fused attention -----------------------------------------------------

RLAB_TEST_CASES(groupedQueryAttention, attentionShapes(), const AttentionShape& s)
{
    const auto qkv = randomFloats(s.qkv(), 1), dout = randomFloats(s.btc(), 2);
    struct Out {
        std::vector<float> att, out, dqkv;
    };
    const auto run = [&](Backend& b) {
        DeviceTensor tQkv(b, qkv), tDout(b, dout), tDqkv(b, std::vector<float>(s.qkv(), NAN)),
            tAtt(b, sizeof(float) * s.att()), tDatt(b, sizeof(float) * s.att()),
            tOut(b, sizeof(float) * s.btc());
        b.gqaSoftmaxForward(tAtt.f(), tQkv.f(), s.B, s.T, s.C(), s.H, s.G);
        b.gqaValuesForward(tOut.f(), tAtt.f(), tQkv.f(), s.B, s.T, s.C(), s.H, s.G);
        b.gqaValuesBackward(tDatt.f(), tDqkv.f(), tDout.f(), tAtt.f(), tQkv.f(), s.B, s.T, s.C(), s.H, s.G);
        b.gqaSoftmaxBackward(tDqkv.f(), tDatt.f(), tAtt.f(), tQkv.f(), s.B, s.T, s.C(), s.H, s.G);
        return Out {tAtt.read(), tOut.read(), tDqkv.read()};
    };
    const Out cpu = run(cpuBackend());
    const GroupedAttention want = groupedAttention(qkv, dout, s);
    RLAB_CHECK_CLOSE(cpu.att, want.att, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cpu.out, want.out, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cpu.dqkv, want.dqkv, kProductAtol, kProductRtol);

    RLAB_NEED_GPU(gpu);
    const Out cuda = run(*gpu);
    RLAB_CHECK_CLOSE(cuda.att, cpu.att, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cuda.out, cpu.out, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cuda.dqkv, cpu.dqkv, kProductAtol, kProductRtol);
    const Out again = run(*gpu);
    RLAB_CHECK_MSG(
        sameBits(again.out, cuda.out) && sameBits(again.dqkv, cuda.dqkv), "a rerun gives the same bits");
}

// The fused kernels hold no T x T tensor; without dropout they give the plain reference's
// output and gradients, and each row's logsumexp; with it, the CPU twin's (whose mask is the
// plain ops' mask, test_cuda_kernels's dropout case and the engine tests show).
RLAB_TEST_CASES(fusedAttention, fusedCases(), const FusedCase& c)
{
    const AttentionShape& s = c.shape;
    rlab::DropoutSite site;
    site.seed = 77;
    site.step = 2;
    site.block = 1;
    site.p = c.p;
    const auto qkv = randomFloats(s.qkv(), 1), dout = randomFloats(s.btc(), 2);
    struct Out {
        std::vector<float> out, lse, dqkv;
    };
    const std::size_t rows = static_cast<std::size_t>(s.B) * s.H * s.T;
    const auto run = [&](Backend& b) {
        DeviceTensor tQkv(b, qkv), tDout(b, dout), tDqkv(b, std::vector<float>(s.qkv(), NAN)),
            tOut(b, sizeof(float) * s.btc()), tLse(b, sizeof(float) * rows);
        b.flashAttentionForward(tOut.f(), tLse.f(), tQkv.f(), s.B, s.T, s.C(), s.H, s.G, site);
        b.flashAttentionBackward(
            tDqkv.f(), tDout.f(), tOut.f(), tLse.f(), tQkv.f(), s.B, s.T, s.C(), s.H, s.G, site);
        return Out {tOut.read(), tLse.read(), tDqkv.read()};
    };
    const Out cpu = run(cpuBackend());
    if (c.p == 0.0f) {
        const GroupedAttention want = groupedAttention(qkv, dout, s);
        RLAB_CHECK_CLOSE(cpu.out, want.out, kProductAtol, kProductRtol);
        RLAB_CHECK_CLOSE(cpu.lse, want.lse, kProductAtol, kProductRtol);
        RLAB_CHECK_CLOSE(cpu.dqkv, want.dqkv, kProductAtol, kProductRtol);
    }
    for (float g : cpu.dqkv)
        RLAB_CHECK_MSG(std::isfinite(g), "every element of dqkv is written");

    RLAB_NEED_GPU(gpu);
    const Out cuda = run(*gpu);
    RLAB_CHECK_CLOSE(cuda.out, cpu.out, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cuda.lse, cpu.lse, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cuda.dqkv, cpu.dqkv, kProductAtol, kProductRtol);
    const Out again = run(*gpu);
    RLAB_CHECK_MSG(
        sameBits(again.out, cuda.out) && sameBits(again.lse, cuda.lse) && sameBits(again.dqkv, cuda.dqkv),
        "a rerun gives the same bits");
}

// The fused kernels' widest head, and one past it refused in one sentence before any launch.
RLAB_TEST(fusedHeadLimit)
{
    RLAB_NEED_GPU(gpu);
    const AttentionShape s {1, 3, rlab::kCudaFusedMostHeadSize + 2, 1, 1};
    DeviceTensor tQkv(*gpu, randomFloats(s.qkv(), 1)), tOut(*gpu, sizeof(float) * s.btc()),
        tLse(*gpu, sizeof(float) * 3);
    std::string message;
    try {
        gpu->flashAttentionForward(tOut.f(), tLse.f(), tQkv.f(), s.B, s.T, s.C(), s.H, s.G, {});
    } catch (const rlab::RunError& e) {
        message = e.what();
    }
    RLAB_CHECK_MSG(message.find("at most 256 floats") != std::string::npos, message);
}

RLAB_TEST_MAIN(std::string())
