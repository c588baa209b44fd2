// Every recomputation policy gives the gradients of `none`, bit for bit, dropout included;
// --no-rng-replay and bf16 saving change them, as the demo says they do.
#include <cmath>
#include <cstring>

#include <QTest>

#include "rlab/backend.h"
#include "rlab/engine.h"
#include "rlab/philox.h"

using namespace rlab;

namespace {

RunConfig smallConfig(const char* policy)
{
    RunConfig c;
    c.shape = ModelShape {5, 32, 4, 12, 2, 37}; // T not a power of two, 5 layers: uneven sqrt segments
    c.steps = 2;
    c.warmupSteps = 0;
    c.dropout = 0.1f;
    c.keepGradients = true;
    c.recordTimeline = false;
    std::string error;
    const auto parsed = RecomputePolicy::parse(policy, &error);
    if (parsed)
        c.policy = *parsed;
    return c;
}

bool sameBits(const std::vector<float>& a, const std::vector<float>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

} // namespace

class TestEnginePolicies : public QObject {
    Q_OBJECT

private:
    RunResult m_none;

private slots:
    void initTestCase()
    {
        m_none = run(smallConfig("none"));
        QCOMPARE(liveEngineBytes(), std::uint64_t {0});
        QCOMPARE(m_none.gradients.size(), std::size_t(2 + 12 * 5 + 3));
        QVERIFY(m_none.gradChecksum > 0);
    }

    void gradientsIdentical_data()
    {
        QTest::addColumn<QString>("policy");
        QTest::addColumn<bool>("offload");
        for (const char* p : {"none", "full", "sqrt", "selective", "budget"}) {
            QTest::newRow(p) << QString(p) << false;
            QTest::newRow((std::string(p) + "+offload").c_str()) << QString(p) << true;
        }
    }

    void gradientsIdentical()
    {
        QFETCH(QString, policy);
        QFETCH(bool, offload);
        RunConfig c = smallConfig(policy == "budget" ? "none" : policy.toUtf8().constData());
        if (policy == "budget") {
            // Between selective and none: the planner has to mix kept and recomputed blocks.
            const std::uint64_t none = predictPeakActivationBytes(smallConfig("none"));
            const std::uint64_t selective = predictPeakActivationBytes(smallConfig("selective"));
            c.policy.kind = PolicyKind::Budget;
            c.policy.budgetBytes = (none + selective) / 2;
        }
        c.policy.offload = offload;
        const RunResult r = run(c);
        QCOMPARE(liveEngineBytes(), std::uint64_t {0});
        QCOMPARE(r.loss, m_none.loss);
        QCOMPARE(r.gradChecksum, m_none.gradChecksum);
        for (const auto& [name, grad] : m_none.gradients)
            QVERIFY2(sameBits(r.gradients.at(name), grad), name.c_str());
        if (policy != "none" && !(policy == "budget" && offload)) // offloading alone fits that budget
            QVERIFY(r.recomputeFlops > 0);
        if (offload)
            QVERIFY(r.bytesByCategory.at("host_offloaded") > 0);
    }

    void selectiveKeepsNamedKinds()
    {
        RunConfig c = smallConfig("selective");
        c.policy.keep = {OpKind::Softmax, OpKind::Gelu}; // the opposite of the default choice
        const RunResult r = run(c);
        for (const auto& [name, grad] : m_none.gradients)
            QVERIFY2(sameBits(r.gradients.at(name), grad), name.c_str());
        QVERIFY(r.peakActivationBytes < m_none.peakActivationBytes);
    }

    void noRngReplayGivesWrongGradients()
    {
        for (const char* policy : {"full", "selective", "sqrt"}) {
            RunConfig c = smallConfig(policy);
            c.rngReplay = false;
            const RunResult r = run(c);
            QCOMPARE(r.loss.front(), m_none.loss.front()); // the forward is the same...
            QVERIFY(r.gradChecksum != m_none.gradChecksum); // ...the backward used other masks
            double diff = 0;
            for (const auto& [name, grad] : m_none.gradients)
                for (std::size_t i = 0; i < grad.size(); ++i)
                    diff = std::max(diff, double(std::fabs(grad[i] - r.gradients.at(name)[i])));
            QVERIFY2(diff > 1e-4, policy);
        }
    }

    void bf16SavingMovesGradientsSlightly()
    {
        RunConfig c = smallConfig("none");
        c.savePrecision = SavePrecision::Bf16;
        const RunResult r = run(c);
        QCOMPARE(liveEngineBytes(), std::uint64_t {0});
        double largest = 0;
        for (const auto& entry : m_none.gradients)
            for (float g : entry.second)
                largest = std::max(largest, double(std::fabs(g)));
        QVERIFY(r.gradMaxAbsDiffVsNone > 0);
        QVERIFY(r.gradMaxAbsDiffVsNone < 0.05 * largest);
        // Kept activations at half width; LayerNorm statistics stay fp32.
        const double ratio = double(r.bytesByCategory.at("saved_activations"))
            / double(m_none.bytesByCategory.at("saved_activations"));
        QVERIFY2(ratio > 0.45 && ratio < 0.6, std::to_string(ratio).c_str());
    }

    void lossFalls()
    {
        RunConfig c;
        c.shape = ModelShape {2, 32, 2, 16, 8, 32};
        c.steps = 40;
        c.learningRate = 3e-3f;
        c.policy.kind = PolicyKind::Full;
        const RunResult r = run(c);
        QCOMPARE(int(r.loss.size()), 40);
        QVERIFY2(r.loss.back() < r.loss.front() - 1.0f,
            (std::to_string(r.loss.front()) + " -> " + std::to_string(r.loss.back())).c_str());
    }

    void timelineHasEveryPhase()
    {
        RunConfig c = smallConfig("full");
        c.recordTimeline = true;
        c.policy.offload = true;
        const RunResult r = run(c);
        bool forward = false, recompute = false, backward = false, host = false;
        for (const TimelineEvent& e : r.timeline) {
            forward |= e.phase == Phase::Forward;
            recompute |= e.phase == Phase::Recompute;
            backward |= e.phase == Phase::Backward;
            host |= e.hostBytes > 0;
            QVERIFY(e.endMs >= e.startMs);
        }
        QVERIFY(forward && recompute && backward && host);
        QVERIFY(r.stepMsMedian > 0);
        QVERIFY(r.offloadBytes > 0);
    }

    void progressRisesToOne()
    {
        RunConfig c = smallConfig("sqrt");
        c.steps = 3;
        double last = -1;
        int calls = 0;
        bool recompute = false;
        run(c, [&](const Progress& p) {
            QVERIFY(p.fraction >= last);
            last = p.fraction;
            recompute |= p.phase == Phase::Recompute;
            ++calls;
        });
        QCOMPARE(last, 1.0);
        QVERIFY(recompute);
        QVERIFY(calls > 3 * 2 * 5); // per step, per phase and block
    }

    void cancelFreesEverything()
    {
        std::atomic<bool> cancel {false};
        int calls = 0;
        RunConfig c = smallConfig("sqrt");
        c.steps = 5;
        bool threw = false;
        try {
            run(
                c,
                [&](const Progress& p) {
                    QVERIFY(p.fraction >= 0 && p.fraction <= 1);
                    if (++calls == 12)
                        cancel = true;
                },
                &cancel);
        } catch (const Cancelled&) {
            threw = true;
        }
        QVERIFY(threw);
        QCOMPARE(liveEngineBytes(), std::uint64_t {0});
    }

    void badConfigurationsGetOneSentence()
    {
        RunConfig c = smallConfig("none");
        c.shape.layers = 0;
        QVERIFY(validate(c).value_or("").find("at least 1") != std::string::npos);
        c = smallConfig("none");
        c.shape.width = 30;
        QVERIFY(validate(c).value_or("").find("divisible") != std::string::npos);
        bool threw = false;
        try {
            run(c);
        } catch (const RunError& e) {
            threw = std::string(e.what()).find("divisible") != std::string::npos;
        }
        QVERIFY(threw);
        std::string error;
        QVERIFY(!RecomputePolicy::parse("everything", &error));
        QVERIFY(error.find("Unknown recomputation policy") != std::string::npos);
        QVERIFY(!RecomputePolicy::parse("budget:lots", &error));
        c = smallConfig("budget:1000");
        QVERIFY(validate(c).value_or("").find("smallest budget") != std::string::npos);
        c = smallConfig("none");
        c.memoryLimitBytes = 1 << 20;
        QVERIFY(validate(c).value_or("").find("predicted to need") != std::string::npos);
        c = smallConfig("none");
        c.shape = ModelShape {4096, 65536, 1, 65536, 65536, 1 << 24};
        QVERIFY(validate(c).has_value());
        QCOMPARE(liveEngineBytes(), std::uint64_t {0});
    }

    void dropoutMaskIsPhiloxFromTheHeader()
    {
        // The CPU kernel draws its masks in vectorized batches (AVX-512 where built for it, with an
        // integer keep test); they must be exactly the masks of philox.h's dropoutKeeps(), which the
        // CUDA kernel uses, for every element, any length and probabilities that are not exact in binary.
        const std::unique_ptr<Backend> cpu = makeCpuBackend(0);
        DropoutSite site;
        site.seed = 0x123456789abcull;
        site.step = 3;
        site.block = 7;
        site.site = 1;
        for (float p : {0.25f, 0.1f, 0.3f}) {
            site.p = p;
            for (std::size_t n : {std::size_t(1), std::size_t(67), std::size_t(256), std::size_t(100003)}) {
                std::vector<float> in(n, 2.0f), out(n);
                cpu->dropoutForward(out.data(), in.data(), n, site);
                std::size_t kept = 0;
                for (std::size_t i = 0; i < n; ++i) {
                    const bool keeps = dropoutKeeps(site, i);
                    QCOMPARE(out[i], keeps ? 2.0f / (1.0f - p) : 0.0f);
                    kept += keeps;
                }
                if (n > 1000)
                    QVERIFY(std::fabs(double(kept) / double(n) - (1.0 - p)) < 0.01);
            }
        }
    }

    void dropoutResidualIsTheTwoOpsFused()
    {
        // The CPU's one-pass residual + dropout must equal dropoutForward then residualForward bit
        // for bit (the default every other backend runs), also when out is the residual itself.
        const std::unique_ptr<Backend> cpu = makeCpuBackend(0);
        DropoutSite site;
        site.seed = 99;
        site.step = 2;
        site.block = 5;
        site.site = 2;
        for (float p : {0.1f, 0.0f}) {
            site.p = p;
            for (std::size_t n : {std::size_t(1), std::size_t(67), std::size_t(256), std::size_t(100003)}) {
                std::vector<float> x(n), residual(n);
                for (std::size_t i = 0; i < n; ++i) {
                    x[i] = std::sin(0.37f * static_cast<float>(i)) * 3.0f;
                    residual[i] = std::cos(0.11f * static_cast<float>(i));
                }
                std::vector<float> dropped(n), expected(n);
                cpu->dropoutForward(dropped.data(), x.data(), n, site);
                cpu->residualForward(expected.data(), residual.data(), dropped.data(), n);
                std::vector<float> scratch = x, fused(n);
                cpu->dropoutResidualForward(fused.data(), residual.data(), scratch.data(), n, site);
                QCOMPARE(fused, expected);
                std::vector<float> inPlace = residual;
                scratch = x;
                cpu->dropoutResidualForward(inPlace.data(), inPlace.data(), scratch.data(), n, site);
                QCOMPARE(inPlace, expected);
            }
        }
    }

    void namesRoundTrip()
    {
        for (OpKind k : allOpKinds())
            QCOMPARE(parseOpKind(opKindName(k)), std::optional<OpKind>(k));
        std::string error;
        QCOMPARE(RecomputePolicy::parse("budget:64MiB", &error)->budgetBytes, std::uint64_t {64} << 20);
        QCOMPARE(
            RecomputePolicy::parse("selective+offload", &error)->name(), std::string("selective+offload"));
        QCOMPARE(std::string(memoryCategoryName(MemoryCategory::SavedActivations)),
            std::string("saved_activations"));
        const std::vector<DeviceInfo> devices = listDevices();
        QVERIFY(devices.size() >= 2);
        QVERIFY(devices[0].usable && devices[0].device == Device::Cpu);
        QVERIFY(devices[1].device == Device::Cuda && (devices[1].usable || !devices[1].reason.empty()));
    }
};

QTEST_GUILESS_MAIN(TestEnginePolicies)
#include "tst_engine_policies.moc"
