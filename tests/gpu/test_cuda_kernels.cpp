// Each CUDA kernel against its CPU twin on random inputs, plus the CUDA backend's memory,
// copies and timer. Skipped, with the reason printed, where no usable GPU is present.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "random_values.h"
#include "rlab/backend.h"
#include "rlab/engine.h"
#include "rlab_test.h"

namespace {

// One tensor in one backend's memory, released on scope exit.
class Tensor {
public:
    Tensor(rlab::Backend& backend, std::size_t bytes)
        : m_backend(backend)
        , m_bytes(bytes)
        , m_ptr(backend.allocator().allocate(bytes, rlab::MemoryCategory::Temporaries))
    {
    }
    template<typename T>
    Tensor(rlab::Backend& backend, const std::vector<T>& host)
        : Tensor(backend, host.size() * sizeof(T))
    {
        backend.copyToDevice(m_ptr, host.data(), m_bytes);
    }
    ~Tensor() { m_backend.allocator().release(m_ptr, m_bytes, rlab::MemoryCategory::Temporaries); }
    Tensor(const Tensor&) = delete;
    Tensor& operator=(const Tensor&) = delete;

    float* f() const { return static_cast<float*>(m_ptr); }
    std::int32_t* i() const { return static_cast<std::int32_t*>(m_ptr); }
    std::uint16_t* h() const { return static_cast<std::uint16_t*>(m_ptr); }
    template<typename T = float> std::vector<T> read() const
    {
        std::vector<T> host(m_bytes / sizeof(T));
        m_backend.copyToHost(host.data(), m_ptr, m_bytes);
        return host;
    }

private:
    rlab::Backend& m_backend;
    std::size_t m_bytes;
    void* m_ptr;
};

// The same inputs on both backends.
struct Pair {
    std::unique_ptr<rlab::Backend> cpu = rlab::makeCpuBackend(0);
    std::unique_ptr<rlab::Backend> gpu = rlab::makeCudaBackend();
};

std::vector<std::int32_t> randomInts(std::size_t n, int bound, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> dist(0, bound - 1);
    std::vector<std::int32_t> v(n);
    for (auto& x : v)
        x = dist(rng);
    return v;
}

// Empty when |gpu - cpu| <= tol * max(1, max|cpu|) everywhere, else where and by how much it is not.
std::string mismatch(const std::vector<float>& gpu, const std::vector<float>& cpu, double tol)
{
    if (gpu.size() != cpu.size())
        return "sizes differ";
    double maxAbs = 1;
    for (float x : cpu)
        maxAbs = std::max(maxAbs, static_cast<double>(std::fabs(x)));
    for (std::size_t k = 0; k < gpu.size(); ++k) {
        const double diff = std::fabs(static_cast<double>(gpu[k]) - cpu[k]);
        if (!(diff <= tol * maxAbs)) {
            return "element " + std::to_string(k) + ": cuda " + std::to_string(gpu[k]) + ", cpu "
                + std::to_string(cpu[k]) + " (tolerance " + std::to_string(tol * maxAbs) + ")";
        }
    }
    return {};
}

bool sameBits(const std::vector<float>& a, const std::vector<float>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

constexpr double kTol = 1e-5; // elementwise kernels and row reductions
constexpr double kProductTol = 1e-4; // cuBLAS products and what follows them (summation order differs)

#define EXPECT_CLOSE(gpu, cpu, tol)                                                                          \
    do {                                                                                                     \
        const std::string why = mismatch((gpu), (cpu), (tol));                                               \
        RLAB_CHECK_MSG(why.empty(), why.c_str());                                                            \
    } while (false)

std::string skipReason()
{
    return rlab::cudaUsable() ? std::string() : rlab::probeCuda().reason;
}

} // namespace

RLAB_TEST(encoder)
{
    Pair p;
    const int B = 3, T = 17, C = 40, V = 11; // few tokens: many repeats in the scatter
    const auto tokens = randomInts(B * T, V, 1);
    const auto wte = randomFloats(V * C, 2), wpe = randomFloats(T * C, 3), dout = randomFloats(B * T * C, 4);
    const auto dwte0 = randomFloats(V * C, 5), dwpe0 = randomFloats(T * C, 6);
    std::vector<float> out[2], dwte[2], dwpe[2];
    rlab::Backend* backends[2] = {p.cpu.get(), p.gpu.get()};
    for (int k = 0; k < 2; ++k) {
        rlab::Backend& b = *backends[k];
        Tensor tTokens(b, tokens), tWte(b, wte), tWpe(b, wpe), tDout(b, dout), tDwte(b, dwte0),
            tDwpe(b, dwpe0);
        Tensor tOut(b, sizeof(float) * B * T * C);
        b.encoderForward(tOut.f(), tTokens.i(), tWte.f(), tWpe.f(), B, T, C);
        b.encoderBackward(tDwte.f(), tDwpe.f(), tDout.f(), tTokens.i(), B, T, C);
        out[k] = tOut.read();
        dwte[k] = tDwte.read();
        dwpe[k] = tDwpe.read();
    }
    RLAB_CHECK(sameBits(out[1], out[0]));
    RLAB_CHECK_MSG(sameBits(dwte[1], dwte[0]), "dwte rows are summed in sequence order on both backends");
    RLAB_CHECK(sameBits(dwpe[1], dwpe[0]));
}

RLAB_TEST(layernorm)
{
    Pair p;
    const int N = 37, C = 96;
    const auto inp = randomFloats(N * C, 1, 2.0f), w = randomFloats(C, 2), bias = randomFloats(C, 3);
    const auto dout = randomFloats(N * C, 4), dinp0 = randomFloats(N * C, 5), dw0 = randomFloats(C, 6),
               db0 = randomFloats(C, 7);
    std::vector<float> out[2], mean[2], rstd[2], dinp[2], dw[2], db[2];
    rlab::Backend* backends[2] = {p.cpu.get(), p.gpu.get()};
    for (int k = 0; k < 2; ++k) {
        rlab::Backend& b = *backends[k];
        Tensor tInp(b, inp), tW(b, w), tB(b, bias), tDout(b, dout), tDinp(b, dinp0), tDw(b, dw0), tDb(b, db0);
        Tensor tOut(b, sizeof(float) * N * C), tMean(b, sizeof(float) * N), tRstd(b, sizeof(float) * N);
        b.layernormForward(tOut.f(), tMean.f(), tRstd.f(), tInp.f(), tW.f(), tB.f(), N, C);
        b.layernormBackward(
            tDinp.f(), tDw.f(), tDb.f(), tDout.f(), tInp.f(), tW.f(), tMean.f(), tRstd.f(), N, C);
        out[k] = tOut.read();
        mean[k] = tMean.read();
        rstd[k] = tRstd.read();
        dinp[k] = tDinp.read();
        dw[k] = tDw.read();
        db[k] = tDb.read();
    }
    EXPECT_CLOSE(out[1], out[0], kTol);
    EXPECT_CLOSE(mean[1], mean[0], kTol);
    EXPECT_CLOSE(rstd[1], rstd[0], kTol);
    EXPECT_CLOSE(dinp[1], dinp[0], kTol);
    EXPECT_CLOSE(dw[1], dw[0], kTol);
    EXPECT_CLOSE(db[1], db[0], kTol);
}

RLAB_TEST(matmul)
{
    Pair p;
    const int N = 45, C = 64, OC = 80;
    const auto inp = randomFloats(N * C, 1), w = randomFloats(OC * C, 2, 0.1f), bias = randomFloats(OC, 3);
    const auto dout = randomFloats(N * OC, 4), dw0 = randomFloats(OC * C, 5), db0 = randomFloats(OC, 6);
    std::vector<float> out[2], outNoBias[2], dinp[2], dw[2], db[2];
    rlab::Backend* backends[2] = {p.cpu.get(), p.gpu.get()};
    for (int k = 0; k < 2; ++k) {
        rlab::Backend& b = *backends[k];
        Tensor tInp(b, inp), tW(b, w), tB(b, bias), tDout(b, dout), tDw(b, dw0), tDb(b, db0);
        Tensor tOut(b, sizeof(float) * N * OC), tDinp(b, sizeof(float) * N * C);
        b.matmulForward(tOut.f(), tInp.f(), tW.f(), tB.f(), N, C, OC);
        out[k] = tOut.read();
        b.matmulForward(tOut.f(), tInp.f(), tW.f(), nullptr, N, C, OC);
        outNoBias[k] = tOut.read();
        b.matmulBackward(tDinp.f(), tDw.f(), tDb.f(), tDout.f(), tInp.f(), tW.f(), N, C, OC);
        dinp[k] = tDinp.read();
        dw[k] = tDw.read();
        db[k] = tDb.read();
    }
    EXPECT_CLOSE(out[1], out[0], kProductTol);
    EXPECT_CLOSE(outNoBias[1], outNoBias[0], kProductTol);
    EXPECT_CLOSE(dinp[1], dinp[0], kProductTol);
    EXPECT_CLOSE(dw[1], dw[0], kProductTol);
    EXPECT_CLOSE(db[1], db[0], kProductTol);
}

RLAB_TEST(attention)
{
    Pair p;
    const int B = 2, T = 33, C = 48, H = 4;
    const std::size_t att = static_cast<std::size_t>(B) * H * T * T,
                      qkvN = static_cast<std::size_t>(B) * T * 3 * C;
    const auto qkv = randomFloats(qkvN, 1), dout = randomFloats(B * T * C, 2), dqkv0 = randomFloats(qkvN, 3);
    std::vector<float> probs[2], values[2], datt[2], dqkv[2];
    rlab::Backend* backends[2] = {p.cpu.get(), p.gpu.get()};
    for (int k = 0; k < 2; ++k) {
        rlab::Backend& b = *backends[k];
        Tensor tQkv(b, qkv), tDout(b, dout), tDqkv(b, dqkv0);
        Tensor tAtt(b, sizeof(float) * att), tDatt(b, sizeof(float) * att),
            tOut(b, sizeof(float) * B * T * C);
        b.attentionSoftmaxForward(tAtt.f(), tQkv.f(), B, T, C, H);
        b.attentionValuesForward(tOut.f(), tAtt.f(), tQkv.f(), B, T, C, H);
        b.attentionValuesBackward(tDatt.f(), tDqkv.f(), tDout.f(), tAtt.f(), tQkv.f(), B, T, C, H);
        b.attentionSoftmaxBackward(tDqkv.f(), tDatt.f(), tAtt.f(), tQkv.f(), B, T, C, H);
        probs[k] = tAtt.read();
        values[k] = tOut.read();
        datt[k] = tDatt.read();
        dqkv[k] = tDqkv.read();
    }
    EXPECT_CLOSE(probs[1], probs[0], kProductTol);
    EXPECT_CLOSE(values[1], values[0], kProductTol);
    // datt is defined on and below the diagonal only (backend.h): compare those entries.
    for (int k = 0; k < 2; ++k)
        for (std::size_t row = 0; row < static_cast<std::size_t>(B) * H * T; ++row)
            for (std::size_t key = row % T + 1; key < static_cast<std::size_t>(T); ++key)
                datt[k][row * T + key] = 0.0f;
    EXPECT_CLOSE(datt[1], datt[0], kProductTol);
    EXPECT_CLOSE(dqkv[1], dqkv[0], kProductTol);
    for (int i = 1; i < T; ++i)
        RLAB_CHECK_EQ(
            probs[1][static_cast<std::size_t>(i - 1) * T + i], 0.0f); // causal: no key after the query
}

RLAB_TEST(geluAndResidual)
{
    Pair p;
    const std::size_t n = 1000;
    const auto x = randomFloats(n, 1, 3.0f), y = randomFloats(n, 2), dout = randomFloats(n, 3);
    std::vector<float> out[2], dinp[2], sum[2];
    rlab::Backend* backends[2] = {p.cpu.get(), p.gpu.get()};
    for (int k = 0; k < 2; ++k) {
        rlab::Backend& b = *backends[k];
        Tensor tX(b, x), tY(b, y), tDout(b, dout), tOut(b, sizeof(float) * n), tDinp(b, sizeof(float) * n);
        b.geluForward(tOut.f(), tX.f(), n);
        b.geluBackward(tDinp.f(), tX.f(), tDout.f(), n);
        out[k] = tOut.read();
        dinp[k] = tDinp.read();
        b.residualForward(tX.f(), tX.f(), tY.f(), n); // out may alias a
        sum[k] = tX.read();
    }
    EXPECT_CLOSE(out[1], out[0], kTol);
    EXPECT_CLOSE(dinp[1], dinp[0], kTol);
    RLAB_CHECK(sameBits(sum[1], sum[0]));
}

RLAB_TEST(dropout)
{
    Pair p;
    const std::size_t n = 4099; // not a multiple of 4: the last Philox group is partial
    const auto x = randomFloats(n, 1);
    rlab::DropoutSite site;
    site.seed = 0x123456789abcull;
    site.step = 3;
    site.block = 2;
    site.site = 1;
    site.p = 0.3f;
    std::vector<float> out[2], back[2], copied[2];
    rlab::Backend* backends[2] = {p.cpu.get(), p.gpu.get()};
    for (int k = 0; k < 2; ++k) {
        rlab::Backend& b = *backends[k];
        Tensor tX(b, x), tOut(b, sizeof(float) * n);
        b.dropoutForward(tOut.f(), tX.f(), n, site);
        out[k] = tOut.read();
        b.dropoutBackward(tOut.f(), tX.f(), n, site);
        back[k] = tOut.read();
        rlab::DropoutSite off = site;
        off.p = 0.0f;
        b.dropoutForward(tOut.f(), tX.f(), n, off);
        copied[k] = tOut.read();
    }
    RLAB_CHECK_MSG(sameBits(out[1], out[0]), "masks and scaled values match the CPU bit for bit");
    RLAB_CHECK(sameBits(back[1], back[0]));
    RLAB_CHECK(sameBits(copied[1], x));
    std::size_t dropped = 0;
    for (std::size_t i = 0; i < n; ++i) {
        RLAB_CHECK_EQ(out[1][i] == 0.0f, !rlab::dropoutKeeps(site, i));
        dropped += out[1][i] == 0.0f;
    }
    RLAB_CHECK(dropped > n / 5 && dropped < n * 2 / 5);
}

RLAB_TEST(crossEntropy)
{
    Pair p;
    const int N = 29, V = 300;
    const auto logits = randomFloats(static_cast<std::size_t>(N) * V, 1, 3.0f);
    const auto targets = randomInts(N, V, 2);
    std::vector<float> losses[2], probs[2], dlogits[2];
    float mean[2] = {0, 0};
    rlab::Backend* backends[2] = {p.cpu.get(), p.gpu.get()};
    for (int k = 0; k < 2; ++k) {
        rlab::Backend& b = *backends[k];
        Tensor tLogits(b, logits), tTargets(b, targets), tLosses(b, sizeof(float) * N);
        Tensor tProbs(b, sizeof(float) * N * V);
        b.crossEntropyForward(tLosses.f(), tProbs.f(), tLogits.f(), tTargets.i(), N, V);
        losses[k] = tLosses.read();
        probs[k] = tProbs.read();
        mean[k] = b.meanLoss(tLosses.f(), N);
        b.crossEntropyBackward(tProbs.f(), tProbs.f(), tTargets.i(), 1.0f / N, N, V); // in place
        dlogits[k] = tProbs.read();
    }
    EXPECT_CLOSE(losses[1], losses[0], kTol);
    EXPECT_CLOSE(probs[1], probs[0], kTol);
    EXPECT_CLOSE(dlogits[1], dlogits[0], kTol);
    RLAB_CHECK(std::fabs(mean[1] - mean[0]) <= 1e-5f * std::fabs(mean[0]));
}

RLAB_TEST(optimizers)
{
    Pair p;
    const std::size_t n = 777;
    const auto params = randomFloats(n, 1), grads = randomFloats(n, 2), m0 = randomFloats(n, 3, 0.1f);
    std::vector<float> v0 = randomFloats(n, 4, 0.1f);
    for (float& x : v0)
        x = x * x;
    std::vector<float> sgdP[2], sgdM[2], adamP[2], adamM[2], adamV[2];
    rlab::Backend* backends[2] = {p.cpu.get(), p.gpu.get()};
    for (int k = 0; k < 2; ++k) {
        rlab::Backend& b = *backends[k];
        Tensor tP(b, params), tG(b, grads), tM(b, m0), tV(b, v0);
        b.sgdUpdate(tP.f(), tG.f(), tM.f(), n, 0.01f, 0.9f, 0.01f);
        sgdP[k] = tP.read();
        sgdM[k] = tM.read();
        b.adamwUpdate(tP.f(), tG.f(), tM.f(), tV.f(), n, 1e-3f, 0.9f, 0.95f, 1e-8f, 0.1f, 3);
        adamP[k] = tP.read();
        adamM[k] = tM.read();
        adamV[k] = tV.read();
    }
    EXPECT_CLOSE(sgdP[1], sgdP[0], kTol);
    EXPECT_CLOSE(sgdM[1], sgdM[0], kTol);
    EXPECT_CLOSE(adamP[1], adamP[0], kTol);
    EXPECT_CLOSE(adamM[1], adamM[0], kTol);
    EXPECT_CLOSE(adamV[1], adamV[0], kTol);
}

RLAB_TEST(bf16AndAbsSum)
{
    Pair p;
    std::vector<float> x = randomFloats(5001, 1, 10.0f);
    x[0] = NAN;
    x[1] = INFINITY;
    x[2] = -0.0f;
    x[3] = 1.00390625f; // exactly between two bf16 values: ties to even
    std::vector<std::uint16_t> half[2];
    std::vector<float> wide[2];
    double sum[2] = {0, 0};
    rlab::Backend* backends[2] = {p.cpu.get(), p.gpu.get()};
    for (int k = 0; k < 2; ++k) {
        rlab::Backend& b = *backends[k];
        Tensor tX(b, x), tHalf(b, sizeof(std::uint16_t) * x.size()), tWide(b, sizeof(float) * x.size());
        b.toBf16(tHalf.h(), tX.f(), x.size());
        b.fromBf16(tWide.f(), tHalf.h(), x.size());
        half[k] = tHalf.read<std::uint16_t>();
        wide[k] = tWide.read();
        sum[k] = b.absSum(tX.f() + 4, x.size() - 4);
    }
    RLAB_CHECK(half[1] == half[0]);
    RLAB_CHECK(sameBits(wide[1], wide[0]));
    RLAB_CHECK(std::fabs(sum[1] - sum[0]) <= 1e-12 * sum[0]);
}

RLAB_TEST(fillAndCopies)
{
    Pair p;
    rlab::Backend& gpu = *p.gpu;
    const std::size_t n = 3000;
    Tensor a(gpu, sizeof(float) * n), b(gpu, sizeof(float) * n);
    gpu.fill(a.f(), 2.5f, n);
    gpu.copyOnDevice(b.f(), a.f(), sizeof(float) * n);
    RLAB_CHECK(b.read() == std::vector<float>(n, 2.5f));

    // Offload to pinned host memory on the side stream and back, as the offload policies do.
    const auto x = randomFloats(n, 1);
    Tensor src(gpu, x);
    void* host = gpu.hostAllocator().allocate(sizeof(float) * n, rlab::MemoryCategory::HostOffloaded);
    gpu.offloadAsync(host, src.f(), sizeof(float) * n);
    gpu.waitTransfers();
    gpu.prefetchAsync(b.f(), host, sizeof(float) * n);
    gpu.waitTransfers();
    const std::vector<float> back = b.read();
    gpu.hostAllocator().release(host, sizeof(float) * n, rlab::MemoryCategory::HostOffloaded);
    RLAB_CHECK(sameBits(back, x));
}

RLAB_TEST(memoryAndTimer)
{
    std::unique_ptr<rlab::Backend> gpu = rlab::makeCudaBackend();
    std::uint64_t freeBytes = 0, totalBytes = 0;
    gpu->deviceMemory(&freeBytes, &totalBytes);
    RLAB_CHECK(totalBytes > 0 && freeBytes <= totalBytes);

    void* block = gpu->allocator().allocate(1 << 20, rlab::MemoryCategory::Parameters);
    gpu->allocator().release(block, 1 << 20, rlab::MemoryCategory::Parameters);
    const rlab::MemoryStats stats = gpu->allocator().stats();
    RLAB_CHECK_EQ(stats.liveTotal, std::uint64_t(0));
    RLAB_CHECK_EQ(stats.peakTotal, std::uint64_t(1 << 20));
    RLAB_CHECK_MSG(stats.reservedBytes >= (1u << 20), "the pool keeps the released block");

    // Far more than any GPU has: one sentence, and the backend keeps working.
    const std::size_t huge = std::size_t(1) << 50;
    try {
        gpu->allocator().allocate(huge, rlab::MemoryCategory::SavedActivations);
        RLAB_FAIL("a 1 PiB allocation succeeded");
    } catch (const rlab::OutOfMemory& error) {
        const std::string what = error.what();
        RLAB_CHECK_MSG(what.find("GPU ran out of memory") != std::string::npos, what.c_str());
        RLAB_CHECK_MSG(what.find("saved_activations") != std::string::npos, what.c_str());
        RLAB_CHECK_MSG(what.back() == '.' && what.find('\n') == std::string::npos, what.c_str());
    }
    RLAB_CHECK_EQ(gpu->allocator().stats().liveTotal, std::uint64_t(0));

    const std::size_t n = std::size_t(1) << 24;
    Tensor t(*gpu, sizeof(float) * n);
    const std::unique_ptr<rlab::StepTimer> timer = gpu->makeTimer();
    timer->start();
    gpu->fill(t.f(), 1.0f, n);
    const double ms = timer->stopMs();
    RLAB_CHECK_MSG(ms > 0 && ms < 10000, std::to_string(ms).c_str());
    RLAB_CHECK_EQ(gpu->absSum(t.f(), n), static_cast<double>(n));
}

RLAB_TEST(deterministic)
{
    std::unique_ptr<rlab::Backend> gpu = rlab::makeCudaBackend();
    const int N = 300, C = 128, OC = 384;
    const auto inp = randomFloats(N * C, 1), w = randomFloats(OC * C, 2), dout = randomFloats(N * OC, 3);
    std::vector<float> dw[2], dgamma[2];
    for (int k = 0; k < 2; ++k) {
        Tensor tInp(*gpu, inp), tW(*gpu, w), tDout(*gpu, dout), tDinp(*gpu, sizeof(float) * N * C);
        Tensor tDw(*gpu, sizeof(float) * OC * C), tDb(*gpu, sizeof(float) * OC);
        Tensor tMean(*gpu, sizeof(float) * N), tRstd(*gpu, sizeof(float) * N),
            tLn(*gpu, sizeof(float) * N * C);
        Tensor tG(*gpu, sizeof(float) * C), tB(*gpu, sizeof(float) * C);
        gpu->fill(tDw.f(), 0.0f, static_cast<std::size_t>(OC) * C);
        gpu->fill(tDb.f(), 0.0f, OC);
        gpu->fill(tG.f(), 0.0f, C);
        gpu->fill(tB.f(), 0.0f, C);
        gpu->matmulBackward(tDinp.f(), tDw.f(), tDb.f(), tDout.f(), tInp.f(), tW.f(), N, C, OC);
        gpu->layernormForward(tLn.f(), tMean.f(), tRstd.f(), tInp.f(), tW.f(), tW.f(), N, C);
        gpu->layernormBackward(
            tDinp.f(), tG.f(), tB.f(), tInp.f(), tInp.f(), tW.f(), tMean.f(), tRstd.f(), N, C);
        dw[k] = tDw.read();
        dgamma[k] = tG.read();
    }
    RLAB_CHECK_MSG(sameBits(dw[1], dw[0]), "cuBLAS weight gradients repeat bit for bit");
    RLAB_CHECK_MSG(sameBits(dgamma[1], dgamma[0]), "column reductions run in a fixed order");
}

RLAB_TEST_MAIN(skipReason())
