// Measured peaks against the analytic predictor, for every policy: activations, the total and
// each memory category, byte for byte; and how sqrt's and none's peaks grow with depth.
#include <cmath>
#include <optional>

#include "engine_cases.h"
#include "plan.h"
#include "predictor.h"
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
    c.policy = test::parsePolicy(policy);
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

// Each policy, also saving bf16 and without dropout: every measured peak is the predicted one.
RLAB_TEST_CASES(measuredPeakMatchesPrediction, peakCases(), const PeakCase& row)
{
    RunConfig c = smallConfig(row.policy);
    c.savePrecision = row.bf16 ? SavePrecision::Bf16 : SavePrecision::Fp32;
    c.dropout = row.dropout;
    const RunResult r = run(c);
    RLAB_CHECK_EQ(liveEngineBytes(), std::uint64_t {0});
    RLAB_CHECK_EQ(r.predictedPeakActivationBytes, predictPeakActivationBytes(c));
    RLAB_CHECK_EQ(r.peakActivationBytes, r.predictedPeakActivationBytes);
    RLAB_CHECK_EQ(r.peakBytes, predictPeakBytes(c));
    // Every category's peak, parameters to host-offloaded, as the predictor counts it.
    const MemoryStats predicted = detail::predictMemory(*detail::makePlan(c, nullptr), c);
    for (std::size_t i = 0; i < kMemoryCategoryCount; ++i) {
        const std::string name(memoryCategoryName(static_cast<MemoryCategory>(i)));
        RLAB_CHECK_MSG(r.bytesByCategory.at(name) == predicted.peak[i],
            name + ": measured " + std::to_string(r.bytesByCategory.at(name)) + ", predicted "
                + std::to_string(predicted.peak[i]));
    }
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

RLAB_TEST(predictsGpt2XlFromThePlanAlone)
{
    // GPT-2 1.5B (48 layers, width 1600, 25 heads, 1024 tokens, vocabulary 50257) at batch 8: far
    // too big to run here, so the predictor must count it without allocating. Its published
    // 1,557,611,200 parameters plus this model's untied head (50257 x 1600).
    RunConfig c;
    c.shape = ModelShape {48, 1600, 25, 1024, 8, 50257};
    c.memoryLimitBytes = std::uint64_t {1} << 50;
    const std::uint64_t params = 1'557'611'200ull + 50257ull * 1600;
    for (const char* policy : {"none", "full", "sqrt", "selective", "budget:24GiB", "sqrt+offload"}) {
        std::string error;
        c.policy = *RecomputePolicy::parse(policy, &error);
        const std::optional<detail::Plan> plan = detail::makePlan(c, &error);
        RLAB_CHECK_MSG(plan.has_value(), error);
        const MemoryStats predicted = detail::predictMemory(*plan, c);
        RLAB_CHECK_EQ(predicted.peak[static_cast<std::size_t>(MemoryCategory::Parameters)], 4 * params);
        RLAB_CHECK(predicted.peakTotal > predicted.peakActivations);
        rlab::test::info("%-13s activations %7.2f GiB, total %7.2f GiB", policy,
            double(predicted.peakActivations) / double(1 << 30),
            double(predicted.peakTotal) / double(1 << 30));
        if (c.policy.kind == PolicyKind::Budget)
            RLAB_CHECK(predicted.peakActivations <= c.policy.budgetBytes);
        RLAB_CHECK(!validate(c).has_value());
    }
    RLAB_CHECK_EQ(liveEngineBytes(), std::uint64_t {0});
}

RLAB_TEST(countsPast64BitsAreOneSentence)
{
    // Every size at validate()'s limit: B*H*T*T alone is 2^64 floats.
    RunConfig c;
    c.shape = ModelShape {4096, 65536, 65536, 65536, 65536, 1 << 24};
    const std::string error = validate(c).value_or("");
    RLAB_CHECK_MSG(error.find("64 bits") != std::string::npos, error);
    bool threw = false;
    try {
        predictPeakBytes(c);
    } catch (const RunError&) {
        threw = true;
    }
    RLAB_CHECK(threw);
}

RLAB_TEST_MAIN(std::string())
