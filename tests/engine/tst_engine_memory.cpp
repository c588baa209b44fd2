// Measured peak activation bytes against the analytic predictor, for every policy; and how
// sqrt's and none's peaks grow with depth.
#include <cmath>

#include <QTest>

#include "rlab/engine.h"

using namespace rlab;

namespace {

RunConfig smallConfig(const std::string& policy)
{
    RunConfig c;
    c.shape = ModelShape {6, 32, 4, 12, 2, 37};
    c.steps = 1;
    c.dropout = 0.1f;
    c.recordTimeline = false;
    std::string error;
    c.policy = *RecomputePolicy::parse(policy, &error);
    return c;
}

// Slope of log(peak) against log(N).
double growth(const std::vector<int>& layers, const std::vector<double>& peaks)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    const double n = static_cast<double>(layers.size());
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const double x = std::log(layers[i]), y = std::log(peaks[i]);
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
    }
    return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

} // namespace

class TestEngineMemory : public QObject {
    Q_OBJECT

private slots:
    void measuredPeakMatchesPrediction_data()
    {
        QTest::addColumn<QString>("policy");
        QTest::addColumn<bool>("bf16");
        QTest::addColumn<float>("dropout");
        for (const char* p : {"none", "full", "sqrt", "selective", "budget:1MiB", "none+offload",
                 "full+offload", "sqrt+offload", "selective+offload"}) {
            QTest::newRow(p) << QString(p) << false << 0.1f;
            QTest::newRow((std::string(p) + " bf16").c_str()) << QString(p) << true << 0.1f;
            QTest::newRow((std::string(p) + " no dropout").c_str()) << QString(p) << false << 0.0f;
        }
    }

    void measuredPeakMatchesPrediction()
    {
        QFETCH(QString, policy);
        QFETCH(bool, bf16);
        QFETCH(float, dropout);
        RunConfig c = smallConfig(policy.toStdString());
        c.savePrecision = bf16 ? SavePrecision::Bf16 : SavePrecision::Fp32;
        c.dropout = dropout;
        const RunResult r = run(c);
        QCOMPARE(liveEngineBytes(), std::uint64_t {0});
        QCOMPARE(r.predictedPeakActivationBytes, predictPeakActivationBytes(c));
        const double ratio = double(r.peakActivationBytes) / double(r.predictedPeakActivationBytes);
        QVERIFY2(std::fabs(ratio - 1) <= 0.05, std::to_string(ratio).c_str());
        QVERIFY(r.peakBytes <= predictPeakBytes(c));
        if (c.policy.kind == PolicyKind::Budget)
            QVERIFY(r.peakActivationBytes <= c.policy.budgetBytes);
    }

    void budgetTradesMemoryForRecompute()
    {
        const std::uint64_t none = predictPeakActivationBytes(smallConfig("none"));
        double lastFlops = -1;
        for (double share : {1.0, 0.8, 0.6, 0.4}) {
            RunConfig c = smallConfig("none");
            c.policy.kind = PolicyKind::Budget;
            c.policy.budgetBytes = static_cast<std::uint64_t>(share * double(none));
            const RunResult r = run(c);
            QVERIFY(r.peakActivationBytes <= c.policy.budgetBytes);
            if (lastFlops >= 0)
                QVERIFY(r.recomputeFlops >= lastFlops); // less memory never costs less recompute
            lastFlops = r.recomputeFlops;
        }
        QCOMPARE(lastFlops > 0, true);
    }

    void sqrtGrowsAsRootOfDepth()
    {
        const std::vector<int> layers {16, 25, 36, 49, 64};
        std::vector<double> sqrtPeaks, nonePeaks;
        for (int n : layers) {
            for (const char* policy : {"sqrt", "none"}) {
                RunConfig c = smallConfig(policy);
                c.shape = ModelShape {n, 8, 2, 8, 1, 8};
                const RunResult r = run(c);
                (std::string(policy) == "sqrt" ? sqrtPeaks : nonePeaks)
                    .push_back(double(r.peakActivationBytes));
            }
        }
        const double sqrtSlope = growth(layers, sqrtPeaks), noneSlope = growth(layers, nonePeaks);
        qInfo("peak activation bytes grow as N^%.3f under sqrt and N^%.3f under none", sqrtSlope, noneSlope);
        QVERIFY(sqrtSlope > 0.4 && sqrtSlope < 0.6);
        QVERIFY(noneSlope > 0.95 && noneSlope < 1.05);
    }

    void selectiveKeepsAtMostSixtyPercentOnTheDemoShape()
    {
        RunConfig none;
        RunConfig selective;
        selective.policy.kind = PolicyKind::Selective;
        const double share
            = double(predictPeakActivationBytes(selective)) / double(predictPeakActivationBytes(none));
        qInfo("selective keeps %.1f%% of none's activation bytes on the demo shape", 100 * share);
        QVERIFY(share <= 0.6);
    }
};

QTEST_GUILESS_MAIN(TestEngineMemory)
#include "tst_engine_memory.moc"
