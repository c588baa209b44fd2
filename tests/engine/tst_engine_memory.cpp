// Measured peak activation bytes against the analytic predictor, for every policy; and how
// sqrt's and none's peaks grow with depth.
#include <cmath>

#include "rlab/engine.h"
#include "rlab_test.h"

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

struct PeakCase {
    std::string policy;
    bool bf16;
    float dropout;
};

std::vector<rlab::test::Case<PeakCase>> peakCases()
{
    std::vector<rlab::test::Case<PeakCase>> rows;
    for (const char* p : {"none", "full", "sqrt", "selective", "budget:1MiB", "none+offload", "full+offload",
             "sqrt+offload", "selective+offload"}) {
        rows.push_back({p, {p, false, 0.1f}});
        rows.push_back({std::string(p) + " bf16", {p, true, 0.1f}});
        rows.push_back({std::string(p) + " no dropout", {p, false, 0.0f}});
    }
    return rows;
}

} // namespace

RLAB_TEST_CASES(measuredPeakMatchesPrediction, peakCases(), const PeakCase& row)
{
    RunConfig c = smallConfig(row.policy);
    c.savePrecision = row.bf16 ? SavePrecision::Bf16 : SavePrecision::Fp32;
    c.dropout = row.dropout;
    const RunResult r = run(c);
    RLAB_CHECK_EQ(liveEngineBytes(), std::uint64_t {0});
    RLAB_CHECK_EQ(r.predictedPeakActivationBytes, predictPeakActivationBytes(c));
    const double ratio = double(r.peakActivationBytes) / double(r.predictedPeakActivationBytes);
    RLAB_CHECK_MSG(std::fabs(ratio - 1) <= 0.05, std::to_string(ratio));
    RLAB_CHECK(r.peakBytes <= predictPeakBytes(c));
    if (c.policy.kind == PolicyKind::Budget)
        RLAB_CHECK(r.peakActivationBytes <= c.policy.budgetBytes);
}

RLAB_TEST(budgetTradesMemoryForRecompute)
{
    const std::uint64_t none = predictPeakActivationBytes(smallConfig("none"));
    double lastFlops = -1;
    for (double share : {1.0, 0.8, 0.6, 0.4}) {
        RunConfig c = smallConfig("none");
        c.policy.kind = PolicyKind::Budget;
        c.policy.budgetBytes = static_cast<std::uint64_t>(share * double(none));
        const RunResult r = run(c);
        RLAB_CHECK(r.peakActivationBytes <= c.policy.budgetBytes);
        if (lastFlops >= 0)
            RLAB_CHECK(r.recomputeFlops >= lastFlops); // less memory never costs less recompute
        lastFlops = r.recomputeFlops;
    }
    RLAB_CHECK(lastFlops > 0);
}

RLAB_TEST(sqrtGrowsAsRootOfDepth)
{
    const std::vector<int> layers {16, 25, 36, 49, 64};
    std::vector<double> sqrtPeaks, nonePeaks;
    for (int n : layers) {
        for (const char* policy : {"sqrt", "none"}) {
            RunConfig c = smallConfig(policy);
            c.shape = ModelShape {n, 8, 2, 8, 1, 8};
            const RunResult r = run(c);
            (std::string(policy) == "sqrt" ? sqrtPeaks : nonePeaks).push_back(double(r.peakActivationBytes));
        }
    }
    const double sqrtSlope = growth(layers, sqrtPeaks), noneSlope = growth(layers, nonePeaks);
    rlab::test::info(
        "peak activation bytes grow as N^%.3f under sqrt and N^%.3f under none", sqrtSlope, noneSlope);
    RLAB_CHECK(sqrtSlope > 0.4 && sqrtSlope < 0.6);
    RLAB_CHECK(noneSlope > 0.95 && noneSlope < 1.05);
}

RLAB_TEST(selectiveKeepsAtMostSixtyPercentOnTheDemoShape)
{
    RunConfig none;
    RunConfig selective;
    selective.policy.kind = PolicyKind::Selective;
    const double share
        = double(predictPeakActivationBytes(selective)) / double(predictPeakActivationBytes(none));
    rlab::test::info("selective keeps %.1f%% of none's activation bytes on the demo shape", 100 * share);
    RLAB_CHECK(share <= 0.6);
}

RLAB_TEST_MAIN(std::string())
