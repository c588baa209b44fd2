// Every kernel twin, case by case: the CPU twin against a plain double-precision reference
// (runs on any machine), then the CUDA kernel against the CPU twin and against itself on a
// rerun (skipped, with the reason, where no usable GPU is present). Comparisons are per
// element, |actual - expected| <= atol + rtol * |expected|; where the twins promise the same
// bits (embedding, dropout, residual, bf16) they are compared bit for bit.

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "device_tensor.h"
#include "plain_reference.h"
#include "random_values.h"
#include "rlab/bf16.h"

using rlab::Backend;
using rlab::test::Case;
using rlab::test::cpuBackend;
using rlab::test::DeviceTensor;
using rlab::test::kAtol;
using rlab::test::kProductAtol;
using rlab::test::kProductRtol;
using rlab::test::kRtol;
using rlab::test::randomInts;
using rlab::test::sameBits;
namespace ref = rlab::reference;

// ---- embedding -----------------------------------------------------------------------------

struct EncoderShape {
    int B, T, C, V;
};

std::vector<Case<EncoderShape>> encoderShapes()
{
    return {{"B3 T17 C40 V11, many repeats", {3, 17, 40, 11}}, {"B1 T1 C1 V1", {1, 1, 1, 1}},
        {"B8 T1024 C64 V3, long runs of one token", {8, 1024, 64, 3}},
        {"B4 T256 C300 V5000, few repeats", {4, 256, 300, 5000}}};
}

RLAB_TEST_CASES(encoder, encoderShapes(), const EncoderShape& s)
{
    const std::size_t btc = static_cast<std::size_t>(s.B) * s.T * s.C;
    const auto tokens = randomInts(static_cast<std::size_t>(s.B) * s.T, s.V, 1);
    const auto wte = randomFloats(static_cast<std::size_t>(s.V) * s.C, 2),
               wpe = randomFloats(static_cast<std::size_t>(s.T) * s.C, 3), dout = randomFloats(btc, 4);
    const auto dwte0 = randomFloats(wte.size(), 5), dwpe0 = randomFloats(wpe.size(), 6);
    struct Out {
        std::vector<float> out, dwte, dwpe;
        double backwardMs = 0;
    };
    const auto run = [&](Backend& b) {
        DeviceTensor tTokens(b, tokens), tWte(b, wte), tWpe(b, wpe), tDout(b, dout), tDwte(b, dwte0),
            tDwpe(b, dwpe0), tOut(b, sizeof(float) * btc);
        b.encoderForward(tOut.f(), tTokens.i(), tWte.f(), tWpe.f(), s.B, s.T, s.C);
        b.synchronize();
        const auto start = std::chrono::steady_clock::now();
        b.encoderBackward(tDwte.f(), tDwpe.f(), tDout.f(), tTokens.i(), s.B, s.T, s.C);
        b.synchronize();
        const double ms
            = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        return Out {tOut.read(), tDwte.read(), tDwpe.read(), ms};
    };
    const Out cpu = run(cpuBackend());
    const ref::Encoder want = ref::encoder(tokens, wte, wpe, dout, dwte0, dwpe0, s.B, s.T, s.C);
    RLAB_CHECK_CLOSE(cpu.out, want.out, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cpu.dwte, want.dwte, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cpu.dwpe, want.dwpe, kAtol, kRtol);

    RLAB_NEED_GPU(gpu);
    const Out cuda = run(*gpu);
    rlab::test::info("backward: cpu %.2f ms, cuda %.2f ms", cpu.backwardMs, cuda.backwardMs);
    RLAB_CHECK(sameBits(cuda.out, cpu.out));
    RLAB_CHECK_MSG(sameBits(cuda.dwte, cpu.dwte), "each token's rows are added in position order on both");
    RLAB_CHECK(sameBits(cuda.dwpe, cpu.dwpe));
    RLAB_CHECK_MSG(sameBits(run(*gpu).dwte, cuda.dwte), "a rerun gives the same bits");
}

// ---- LayerNorm -----------------------------------------------------------------------------

struct LayernormShape {
    int N, C;
};

std::vector<Case<LayernormShape>> layernormShapes()
{
    return {{"N37 C96", {37, 96}}, {"N37 C1", {37, 1}}, {"N300 C7", {300, 7}}, {"N300 C33", {300, 33}},
        {"N1000 C100, many row chunks", {1000, 100}}, {"N4096 C1000", {4096, 1000}}};
}

RLAB_TEST_CASES(layernorm, layernormShapes(), const LayernormShape& s)
{
    const std::size_t nc = static_cast<std::size_t>(s.N) * s.C;
    const auto inp = randomFloats(nc, 1, 2.0f), w = randomFloats(s.C, 2), bias = randomFloats(s.C, 3);
    const auto dout = randomFloats(nc, 4), dinp0 = randomFloats(nc, 5), dw0 = randomFloats(s.C, 6),
               db0 = randomFloats(s.C, 7);
    struct Out {
        std::vector<float> out, mean, rstd, dinp, dw, db;
    };
    const auto run = [&](Backend& b) {
        DeviceTensor tInp(b, inp), tW(b, w), tB(b, bias), tDout(b, dout), tDinp(b, dinp0), tDw(b, dw0),
            tDb(b, db0), tOut(b, sizeof(float) * nc), tMean(b, sizeof(float) * s.N),
            tRstd(b, sizeof(float) * s.N);
        b.layernormForward(tOut.f(), tMean.f(), tRstd.f(), tInp.f(), tW.f(), tB.f(), s.N, s.C);
        b.layernormBackward(
            tDinp.f(), tDw.f(), tDb.f(), tDout.f(), tInp.f(), tW.f(), tMean.f(), tRstd.f(), s.N, s.C);
        return Out {tOut.read(), tMean.read(), tRstd.read(), tDinp.read(), tDw.read(), tDb.read()};
    };
    const Out cpu = run(cpuBackend());
    const ref::LayerNorm want = ref::layernorm(inp, w, bias, dout, dinp0, dw0, db0, s.N, s.C);
    RLAB_CHECK_CLOSE(cpu.out, want.out, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cpu.mean, want.mean, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cpu.rstd, want.rstd, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cpu.dinp, want.dinp, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cpu.dw, want.dweight, 1e-3, kProductRtol); // sums over up to 4096 rows
    RLAB_CHECK_CLOSE(cpu.db, want.dbias, 1e-3, kProductRtol);

    RLAB_NEED_GPU(gpu);
    const Out cuda = run(*gpu);
    RLAB_CHECK_CLOSE(cuda.out, cpu.out, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cuda.mean, cpu.mean, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cuda.rstd, cpu.rstd, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cuda.dinp, cpu.dinp, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cuda.dw, cpu.dw, 1e-3, kProductRtol);
    RLAB_CHECK_CLOSE(cuda.db, cpu.db, 1e-3, kProductRtol);
    const Out again = run(*gpu);
    RLAB_CHECK_MSG(sameBits(again.dw, cuda.dw) && sameBits(again.db, cuda.db),
        "the column chunks are added in one fixed order");
}

// ---- matmul --------------------------------------------------------------------------------

struct MatmulShape {
    int N, C, OC;
    bool bias;
};

std::vector<Case<MatmulShape>> matmulShapes()
{
    return {{"N45 C64 OC80 bias", {45, 64, 80, true}}, {"N45 C64 OC80 no bias", {45, 64, 80, false}},
        {"N1 C1 OC1 bias", {1, 1, 1, true}}, {"N300 C33 OC7 no bias", {300, 33, 7, false}},
        {"N2048 C128 OC384 bias, many row chunks", {2048, 128, 384, true}}};
}

RLAB_TEST_CASES(matmul, matmulShapes(), const MatmulShape& s)
{
    const auto inp = randomFloats(static_cast<std::size_t>(s.N) * s.C, 1),
               w = randomFloats(static_cast<std::size_t>(s.OC) * s.C, 2, 0.1f);
    const auto bias = s.bias ? randomFloats(s.OC, 3) : std::vector<float>();
    const auto dout = randomFloats(static_cast<std::size_t>(s.N) * s.OC, 4), dw0 = randomFloats(w.size(), 5),
               db0 = randomFloats(s.OC, 6);
    const auto garbage = std::vector<float>(static_cast<std::size_t>(s.N) * s.C, NAN); // dinp is overwritten
    struct Out {
        std::vector<float> out, dinp, dw, db;
    };
    const auto run = [&](Backend& b) {
        DeviceTensor tInp(b, inp), tW(b, w), tB(b, s.bias ? bias : db0), tDout(b, dout), tDw(b, dw0),
            tDb(b, db0), tDinp(b, garbage), tOut(b, sizeof(float) * s.N * s.OC);
        b.matmulForward(tOut.f(), tInp.f(), tW.f(), s.bias ? tB.f() : nullptr, s.N, s.C, s.OC);
        b.matmulBackward(
            tDinp.f(), tDw.f(), s.bias ? tDb.f() : nullptr, tDout.f(), tInp.f(), tW.f(), s.N, s.C, s.OC);
        return Out {tOut.read(), tDinp.read(), tDw.read(), tDb.read()};
    };
    const Out cpu = run(cpuBackend());
    const ref::Matmul want = ref::matmul(inp, w, bias, dout, dw0, db0, s.N, s.C, s.OC);
    RLAB_CHECK_CLOSE(cpu.out, want.out, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cpu.dinp, want.dinp, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cpu.dw, want.dweight, 1e-3, kProductRtol);
    RLAB_CHECK_CLOSE(cpu.db, want.dbias, 1e-3, kProductRtol);
    RLAB_CHECK_MSG(s.bias || sameBits(cpu.db, db0), "without a bias nothing is written to dbias");

    RLAB_NEED_GPU(gpu);
    const Out cuda = run(*gpu);
    RLAB_CHECK_CLOSE(cuda.out, cpu.out, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cuda.dinp, cpu.dinp, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cuda.dw, cpu.dw, 1e-3, kProductRtol);
    RLAB_CHECK_CLOSE(cuda.db, cpu.db, 1e-3, kProductRtol);
    const Out again = run(*gpu);
    RLAB_CHECK_MSG(sameBits(again.dw, cuda.dw) && sameBits(again.db, cuda.db), "a rerun gives the same bits");
}

// ---- attention -----------------------------------------------------------------------------

struct AttentionShape {
    int B, T, C, H;
};

std::vector<Case<AttentionShape>> attentionShapes()
{
    std::vector<Case<AttentionShape>> rows;
    for (int T : {1, 2, 31, 32, 64, 65}) {
        const std::string seq = std::to_string(T);
        rows.push_back({seq + " positions, one head of width 7", {2, T, 7, 1}});
        rows.push_back({seq + " positions, three heads of width 5", {2, T, 15, 3}});
    }
    rows.push_back({"33 positions, four heads of width 12", {2, 33, 48, 4}});
    return rows;
}

// datt is defined on and below the diagonal only (backend.h): the rest is zeroed to compare.
void lowerTriangle(std::vector<float>* att, int T)
{
    for (std::size_t row = 0; row < att->size() / T; ++row)
        for (std::size_t key = row % T + 1; key < static_cast<std::size_t>(T); ++key)
            (*att)[row * T + key] = 0.0f;
}

RLAB_TEST_CASES(attention, attentionShapes(), const AttentionShape& s)
{
    const std::size_t att = static_cast<std::size_t>(s.B) * s.H * s.T * s.T,
                      qkvN = static_cast<std::size_t>(s.B) * s.T * 3 * s.C,
                      btc = static_cast<std::size_t>(s.B) * s.T * s.C;
    const auto qkv = randomFloats(qkvN, 1), dout = randomFloats(btc, 2);
    struct Out {
        std::vector<float> probs, values, datt, dqkv;
    };
    const auto run = [&](Backend& b) {
        DeviceTensor tQkv(b, qkv), tDout(b, dout), tDqkv(b, std::vector<float>(qkvN, NAN)),
            tAtt(b, sizeof(float) * att), tDatt(b, sizeof(float) * att), tOut(b, sizeof(float) * btc);
        b.attentionSoftmaxForward(tAtt.f(), tQkv.f(), s.B, s.T, s.C, s.H);
        b.attentionValuesForward(tOut.f(), tAtt.f(), tQkv.f(), s.B, s.T, s.C, s.H);
        b.attentionValuesBackward(tDatt.f(), tDqkv.f(), tDout.f(), tAtt.f(), tQkv.f(), s.B, s.T, s.C, s.H);
        Out out {tAtt.read(), tOut.read(), tDatt.read(), {}};
        b.attentionSoftmaxBackward(tDqkv.f(), tDatt.f(), tAtt.f(), tQkv.f(), s.B, s.T, s.C, s.H);
        out.dqkv = tDqkv.read();
        lowerTriangle(&out.datt, s.T);
        return out;
    };
    const Out cpu = run(cpuBackend());
    const ref::Attention want = ref::attention(qkv, dout, s.B, s.T, s.C, s.H);
    RLAB_CHECK_CLOSE(cpu.probs, want.att, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cpu.values, want.out, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cpu.datt, want.datt, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cpu.dqkv, want.dqkv, kProductAtol, kProductRtol);

    RLAB_NEED_GPU(gpu);
    const Out cuda = run(*gpu);
    RLAB_CHECK_CLOSE(cuda.probs, cpu.probs, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cuda.values, cpu.values, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cuda.datt, cpu.datt, kProductAtol, kProductRtol);
    RLAB_CHECK_CLOSE(cuda.dqkv, cpu.dqkv, kProductAtol, kProductRtol);
    const Out again = run(*gpu);
    RLAB_CHECK_MSG(sameBits(again.probs, cuda.probs) && sameBits(again.values, cuda.values)
            && sameBits(again.datt, cuda.datt) && sameBits(again.dqkv, cuda.dqkv),
        "a rerun gives the same bits");
}

// The trainer's attention dropout backward: in place on datt, whose entries above the diagonal
// are unspecified (here NaN and huge values); the softmax backward after it must not see them.
RLAB_TEST(attentionDropoutBackwardInPlace)
{
    const int B = 2, T = 37, C = 30, H = 2;
    const std::size_t att = static_cast<std::size_t>(B) * H * T * T,
                      qkvN = static_cast<std::size_t>(B) * T * 3 * C;
    const auto qkv = randomFloats(qkvN, 1);
    std::vector<float> datt = randomFloats(att, 2);
    for (std::size_t row = 0; row < att / T; ++row)
        for (std::size_t key = row % T + 1; key < static_cast<std::size_t>(T); ++key)
            datt[row * T + key] = key % 2 ? NAN : 3e38f;
    rlab::DropoutSite site;
    site.seed = 99;
    site.block = 1;
    site.p = 0.25f;
    const auto run = [&](Backend& b) {
        DeviceTensor tQkv(b, qkv), tDatt(b, datt), tAtt(b, sizeof(float) * att),
            tDqkv(b, std::vector<float>(qkvN, 0.0f));
        b.attentionSoftmaxForward(tAtt.f(), tQkv.f(), B, T, C, H);
        b.dropoutBackward(tDatt.f(), tDatt.f(), att, site);
        std::vector<float> dropped = tDatt.read();
        lowerTriangle(&dropped, T);
        b.attentionSoftmaxBackward(tDqkv.f(), tDatt.f(), tAtt.f(), tQkv.f(), B, T, C, H);
        return std::make_pair(dropped, tDqkv.read());
    };
    const auto [cpuDropped, cpuDqkv] = run(cpuBackend());
    std::vector<float> wantDropped = ref::dropout(datt, site);
    lowerTriangle(&wantDropped, T);
    RLAB_CHECK_MSG(sameBits(cpuDropped, wantDropped), "on and below the diagonal: the mask, bit for bit");
    for (float g : cpuDqkv)
        RLAB_CHECK_MSG(std::isfinite(g), "nothing above the diagonal reaches dq or dk");

    RLAB_NEED_GPU(gpu);
    const auto [cudaDropped, cudaDqkv] = run(*gpu);
    RLAB_CHECK(sameBits(cudaDropped, cpuDropped));
    RLAB_CHECK_CLOSE(cudaDqkv, cpuDqkv, kProductAtol, kProductRtol);
}

// ---- elementwise ---------------------------------------------------------------------------

std::vector<Case<std::size_t>> elementwiseSizes()
{
    return {{"n1", 1}, {"n1000", 1000}, {"n4099", 4099}};
}

RLAB_TEST_CASES(geluAndResidual, elementwiseSizes(), const std::size_t& n)
{
    const auto x = randomFloats(n, 1, 3.0f), y = randomFloats(n, 2), dout = randomFloats(n, 3);
    struct Out {
        std::vector<float> gelu, dgelu, sum;
    };
    const auto run = [&](Backend& b) {
        DeviceTensor tX(b, x), tY(b, y), tDout(b, dout), tOut(b, sizeof(float) * n),
            tDinp(b, sizeof(float) * n);
        b.geluForward(tOut.f(), tX.f(), n);
        b.geluBackward(tDinp.f(), tX.f(), tDout.f(), n);
        b.residualForward(tX.f(), tX.f(), tY.f(), n); // out may alias a
        return Out {tOut.read(), tDinp.read(), tX.read()};
    };
    const Out cpu = run(cpuBackend());
    RLAB_CHECK_CLOSE(cpu.gelu, ref::geluForward(x), kAtol, kRtol);
    RLAB_CHECK_CLOSE(cpu.dgelu, ref::geluBackward(x, dout), kAtol, kRtol);
    std::vector<float> sum(n);
    for (std::size_t i = 0; i < n; ++i)
        sum[i] = x[i] + y[i];
    RLAB_CHECK(sameBits(cpu.sum, sum));

    RLAB_NEED_GPU(gpu);
    const Out cuda = run(*gpu);
    RLAB_CHECK_CLOSE(cuda.gelu, cpu.gelu, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cuda.dgelu, cpu.dgelu, kAtol, kRtol);
    RLAB_CHECK(sameBits(cuda.sum, cpu.sum));
}

std::vector<Case<float>> dropoutRates()
{
    return {{"p 0", 0.0f}, {"p 0.1", 0.1f}, {"p 0.5", 0.5f}};
}

// Dropout, its backward (in place, as the trainer calls it) and the fused residual + dropout, all
// bit for bit: the mask is Philox's, the arithmetic one multiply and one add on every device.
RLAB_TEST_CASES(dropout, dropoutRates(), const float& p)
{
    const std::size_t n = 4099; // not a multiple of 4: the last Philox group is partial
    const auto x = randomFloats(n, 1), residual = randomFloats(n, 2);
    rlab::DropoutSite site;
    site.seed = 0x123456789abcull;
    site.step = 3;
    site.block = 2;
    site.site = 1;
    site.p = p;
    struct Out {
        std::vector<float> forward, backwardInPlace, fused;
    };
    const auto run = [&](Backend& b) {
        DeviceTensor tX(b, x), tR(b, residual), tOut(b, sizeof(float) * n), tScratch(b, x);
        b.dropoutForward(tOut.f(), tX.f(), n, site);
        Out out {tOut.read(), {}, {}};
        b.dropoutBackward(tOut.f(), tOut.f(), n, site);
        out.backwardInPlace = tOut.read();
        b.dropoutResidualForward(tR.f(), tR.f(), tScratch.f(), n, site); // out aliases residual
        out.fused = tR.read();
        return out;
    };
    const Out cpu = run(cpuBackend());
    const std::vector<float> once = ref::dropout(x, site);
    RLAB_CHECK(sameBits(cpu.forward, once));
    RLAB_CHECK(sameBits(cpu.backwardInPlace, ref::dropout(once, site)));
    RLAB_CHECK_MSG(sameBits(cpu.fused, ref::dropoutResidual(residual, x, site)), "the CPU's one-pass fusion");

    RLAB_NEED_GPU(gpu);
    const Out cuda = run(*gpu);
    RLAB_CHECK_MSG(sameBits(cuda.forward, cpu.forward), "masks and scaled values match the CPU bit for bit");
    RLAB_CHECK(sameBits(cuda.backwardInPlace, cpu.backwardInPlace));
    RLAB_CHECK_MSG(sameBits(cuda.fused, cpu.fused), "CUDA's two ops give the CPU's fused bits");
}

// ---- loss and optimizers -------------------------------------------------------------------

std::vector<Case<int>> vocabularies()
{
    return {{"V1", 1}, {"V2", 2}, {"V255", 255}, {"V256", 256}, {"V300", 300}};
}

RLAB_TEST_CASES(crossEntropy, vocabularies(), const int& V)
{
    const int N = 29;
    const auto logits = randomFloats(static_cast<std::size_t>(N) * V, 1, 3.0f);
    const auto targets = randomInts(N, V, 2);
    struct Out {
        std::vector<float> losses, probs, dlogits;
        float mean = 0;
    };
    const auto run = [&](Backend& b) {
        DeviceTensor tLogits(b, logits), tTargets(b, targets), tLosses(b, sizeof(float) * N),
            tProbs(b, sizeof(float) * N * V);
        b.crossEntropyForward(tLosses.f(), tProbs.f(), tLogits.f(), tTargets.i(), N, V);
        Out out {tLosses.read(), tProbs.read(), {}, b.meanLoss(tLosses.f(), N)};
        b.crossEntropyBackward(tProbs.f(), tProbs.f(), tTargets.i(), 1.0f / N, N, V); // in place
        out.dlogits = tProbs.read();
        return out;
    };
    const Out cpu = run(cpuBackend());
    const ref::CrossEntropy want = ref::crossEntropy(logits, targets, 1.0f / N, N, V);
    RLAB_CHECK_CLOSE(cpu.losses, want.losses, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cpu.probs, want.probs, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cpu.dlogits, want.dlogits, kAtol, kRtol);

    RLAB_NEED_GPU(gpu);
    const Out cuda = run(*gpu);
    RLAB_CHECK_CLOSE(cuda.losses, cpu.losses, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cuda.probs, cpu.probs, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cuda.dlogits, cpu.dlogits, kAtol, kRtol);
    RLAB_CHECK_NEAR(cuda.mean, cpu.mean, 1e-5 + 1e-5 * std::fabs(cpu.mean));
    const Out again = run(*gpu);
    RLAB_CHECK_MSG(sameBits(again.losses, cuda.losses) && sameBits(again.dlogits, cuda.dlogits),
        "a rerun gives the same bits");
}

RLAB_TEST(optimizers)
{
    const std::size_t n = 777;
    const auto params = randomFloats(n, 1), grads = randomFloats(n, 2), m0 = randomFloats(n, 3, 0.1f);
    std::vector<float> v0 = randomFloats(n, 4, 0.1f);
    for (float& x : v0)
        x = x * x;
    struct Out {
        std::vector<float> sgdP, sgdM, adamP, adamM, adamV;
    };
    const auto run = [&](Backend& b) {
        DeviceTensor tP(b, params), tG(b, grads), tM(b, m0), tP2(b, params), tM2(b, m0), tV(b, v0);
        b.sgdUpdate(tP.f(), tG.f(), tM.f(), n, 0.01f, 0.9f, 0.01f);
        b.adamwUpdate(tP2.f(), tG.f(), tM2.f(), tV.f(), n, 1e-3f, 0.9f, 0.95f, 1e-8f, 0.1f, 3);
        return Out {tP.read(), tM.read(), tP2.read(), tM2.read(), tV.read()};
    };
    const Out cpu = run(cpuBackend());
    const ref::Update sgd = ref::sgd(params, grads, m0, 0.01f, 0.9f, 0.01f);
    const ref::Update adam = ref::adamw(params, grads, m0, v0, 1e-3f, 0.9f, 0.95f, 1e-8f, 0.1f, 3);
    RLAB_CHECK_CLOSE(cpu.sgdP, sgd.params, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cpu.sgdM, sgd.m, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cpu.adamP, adam.params, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cpu.adamM, adam.m, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cpu.adamV, adam.v, kAtol, kRtol);

    RLAB_NEED_GPU(gpu);
    const Out cuda = run(*gpu);
    RLAB_CHECK_CLOSE(cuda.sgdP, cpu.sgdP, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cuda.sgdM, cpu.sgdM, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cuda.adamP, cpu.adamP, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cuda.adamM, cpu.adamM, kAtol, kRtol);
    RLAB_CHECK_CLOSE(cuda.adamV, cpu.adamV, kAtol, kRtol);
}

// ---- bf16 and the checksum -----------------------------------------------------------------

std::vector<Case<ref::Bf16Case>> bf16Rows()
{
    std::vector<Case<ref::Bf16Case>> rows;
    for (const ref::Bf16Case& c : ref::bf16Cases())
        rows.push_back({c.what, c});
    return rows;
}

RLAB_TEST_CASES(bf16, bf16Rows(), const ref::Bf16Case& c)
{
    float value;
    std::memcpy(&value, &c.floatBits, 4);
    const std::vector<float> x(5, value); // a few, so every device's loop runs
    const auto run = [&](Backend& b) {
        DeviceTensor tX(b, x), tHalf(b, sizeof(std::uint16_t) * x.size()), tWide(b, sizeof(float) * x.size());
        b.toBf16(tHalf.h(), tX.f(), x.size());
        b.fromBf16(tWide.f(), tHalf.h(), x.size());
        return std::make_pair(tHalf.read<std::uint16_t>(), tWide.read<std::uint32_t>());
    };
    RLAB_CHECK_EQ(rlab::bf16FromFloatBits(c.floatBits), c.bf16Bits);
    const auto [cpuHalf, cpuWide] = run(cpuBackend());
    RLAB_CHECK_EQ(cpuHalf, std::vector<std::uint16_t>(x.size(), c.bf16Bits));
    RLAB_CHECK_EQ(
        cpuWide, std::vector<std::uint32_t>(x.size(), static_cast<std::uint32_t>(c.bf16Bits) << 16));

    RLAB_NEED_GPU(gpu);
    const auto [cudaHalf, cudaWide] = run(*gpu);
    RLAB_CHECK_EQ(cudaHalf, cpuHalf);
    RLAB_CHECK_EQ(cudaWide, cpuWide);
}

RLAB_TEST(bf16RandomAndAbsSum)
{
    const std::vector<float> x = randomFloats(5001, 1, 10.0f);
    const auto run = [&](Backend& b) {
        DeviceTensor tX(b, x), tHalf(b, sizeof(std::uint16_t) * x.size());
        b.toBf16(tHalf.h(), tX.f(), x.size());
        return std::make_pair(tHalf.read<std::uint16_t>(), b.absSum(tX.f(), x.size()));
    };
    const auto [cpuHalf, cpuSum] = run(cpuBackend());
    for (std::size_t i = 0; i < x.size(); ++i) {
        std::uint32_t bits;
        std::memcpy(&bits, &x[i], 4);
        RLAB_CHECK_EQ(cpuHalf[i], rlab::bf16FromFloatBits(bits));
    }
    RLAB_CHECK_NEAR(cpuSum, ref::absSum(x), 1e-12 * ref::absSum(x));

    RLAB_NEED_GPU(gpu);
    const auto [cudaHalf, cudaSum] = run(*gpu);
    RLAB_CHECK_EQ(cudaHalf, cpuHalf);
    RLAB_CHECK_NEAR(cudaSum, cpuSum, 1e-12 * cpuSum);
}

RLAB_TEST_MAIN(std::string())
