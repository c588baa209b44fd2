// Every recomputation policy gives the gradients of `none`, bit for bit, dropout included;
// --no-rng-replay and bf16 saving change them, as the demo says they do.
#include <cmath>
#include <string>

#include "engine_cases.h"
#include "rlab/backend.h"
#include "rlab/engine.h"
#include "rlab/philox.h"
#include "rlab_test.h"

using namespace rlab;

namespace {

using test::PolicyCase;

// T not a power of two, 5 layers: uneven sqrt segments.
const test::NamedShape kSmall[] = {{"", {5, 32, 4, 12, 2, 37}}};

RunConfig smallConfig(const std::string& policy)
{
    return test::invariantConfig(kSmall[0].shape, policy);
}

// none's run, which every other run is compared with: made once, by the first case that needs it.
const RunResult& noneRun()
{
    return test::noneRun(smallConfig("none"));
}

std::vector<rlab::test::Case<PolicyCase>> policyCases()
{
    return test::policyCases(kSmall,
        {"none", "none+offload", "full", "full+offload", "sqrt", "sqrt+offload", "selective",
            "selective+offload", "budget", "budget+offload"},
        {false});
}

} // namespace

RLAB_TEST(noneIsAValidReference)
{
    const RunResult& none = noneRun();
    RLAB_CHECK_EQ(liveEngineBytes(), std::uint64_t {0});
    RLAB_CHECK_EQ(none.gradients.size(), std::size_t(2 + 12 * 5 + 3));
    RLAB_CHECK(none.gradChecksum > 0);
}

// Each policy, with and without offloading, gives none's losses and gradients bit for bit.
RLAB_TEST_CASES(gradientsIdentical, policyCases(), const PolicyCase& row)
{
    const RunResult& none = noneRun();
    const auto [base, offload] = test::rowPolicy(row.policy);
    // "budget": between selective and none, so the planner has to mix kept and recomputed blocks.
    const RunConfig c = test::withRowPolicy(smallConfig("none"), row.policy);
    const RunResult r = run(c);
    RLAB_CHECK_EQ(liveEngineBytes(), std::uint64_t {0});
    RLAB_CHECK_EQ(r.loss, none.loss);
    RLAB_CHECK_EQ(r.gradChecksum, none.gradChecksum);
    const std::string differs = test::gradientBitDifference(r.gradients, none.gradients);
    RLAB_CHECK_MSG(differs.empty(), differs);
    if (base != "none" && !(base == "budget" && offload)) // offloading alone fits that budget
        RLAB_CHECK(r.recomputeFlops > 0);
    if (offload)
        RLAB_CHECK(r.bytesByCategory.at("host_offloaded") > 0);
}

RLAB_TEST(selectiveKeepsNamedKinds)
{
    RunConfig c = smallConfig("selective");
    c.policy.keep = {OpKind::Softmax, OpKind::Gelu}; // the opposite of the default choice
    const RunResult r = run(c);
    const std::string differs = test::gradientBitDifference(r.gradients, noneRun().gradients);
    RLAB_CHECK_MSG(differs.empty(), differs);
    RLAB_CHECK(r.peakActivationBytes < noneRun().peakActivationBytes);
}

RLAB_TEST(noRngReplayGivesWrongGradients)
{
    for (const char* policy : {"full", "selective", "sqrt"}) {
        RunConfig c = smallConfig(policy);
        c.rngReplay = false;
        const RunResult r = run(c);
        RLAB_CHECK_EQ(r.loss.front(), noneRun().loss.front()); // the forward is the same...
        RLAB_CHECK(r.gradChecksum != noneRun().gradChecksum); // ...the backward used other masks
        const std::string unlike = test::gradientSetDifference(r.gradients, noneRun().gradients);
        RLAB_CHECK_MSG(unlike.empty(), unlike);
        double diff = 0;
        for (const auto& [name, grad] : noneRun().gradients)
            for (std::size_t i = 0; i < grad.size(); ++i)
                diff = std::max(diff, double(std::fabs(grad[i] - r.gradients.at(name)[i])));
        RLAB_CHECK_MSG(diff > 1e-4, policy);
    }
}

RLAB_TEST(bf16SavingMovesGradientsSlightly)
{
    RunConfig c = smallConfig("none");
    c.savePrecision = SavePrecision::Bf16;
    const RunResult r = run(c);
    RLAB_CHECK_EQ(liveEngineBytes(), std::uint64_t {0});
    double largest = 0;
    for (const auto& entry : noneRun().gradients)
        for (float g : entry.second)
            largest = std::max(largest, double(std::fabs(g)));
    RLAB_CHECK(r.gradMaxAbsDiffVsNone > 0);
    RLAB_CHECK(r.gradMaxAbsDiffVsNone < 0.05 * largest);
    // Kept activations at half width; LayerNorm statistics stay fp32.
    const double ratio = double(r.bytesByCategory.at("saved_activations"))
        / double(noneRun().bytesByCategory.at("saved_activations"));
    RLAB_CHECK_MSG(ratio > 0.45 && ratio < 0.6, std::to_string(ratio));
}

RLAB_TEST(lossFalls)
{
    RunConfig c;
    c.shape = ModelShape {2, 32, 2, 16, 8, 32};
    c.steps = 40;
    c.learningRate = 3e-3f;
    c.policy.kind = PolicyKind::Full;
    const RunResult r = run(c);
    RLAB_CHECK_EQ(int(r.loss.size()), 40);
    RLAB_CHECK_MSG(r.loss.back() < r.loss.front() - 1.0f,
        std::to_string(r.loss.front()) + " -> " + std::to_string(r.loss.back()));
}

RLAB_TEST(timelineHasEveryPhase)
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
        RLAB_CHECK(e.endMs >= e.startMs);
    }
    RLAB_CHECK(forward && recompute && backward && host);
    RLAB_CHECK(r.stepMsMedian > 0);
    RLAB_CHECK(r.offloadBytes > 0);
}

RLAB_TEST(progressRisesToOne)
{
    RunConfig c = smallConfig("sqrt");
    c.steps = 3;
    double last = -1;
    int calls = 0;
    bool recompute = false;
    run(c, [&](const Progress& p) {
        RLAB_CHECK(p.fraction >= last);
        last = p.fraction;
        recompute |= p.phase == Phase::Recompute;
        ++calls;
    });
    RLAB_CHECK_EQ(last, 1.0);
    RLAB_CHECK(recompute);
    RLAB_CHECK(calls > 3 * 2 * 5); // per step, per phase and block
}

RLAB_TEST(cancelFreesEverything)
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
                RLAB_CHECK(p.fraction >= 0 && p.fraction <= 1);
                if (++calls == 12)
                    cancel = true;
            },
            &cancel);
    } catch (const Cancelled&) {
        threw = true;
    }
    RLAB_CHECK(threw);
    RLAB_CHECK_EQ(liveEngineBytes(), std::uint64_t {0});
}

RLAB_TEST(badConfigurationsGetOneSentence)
{
    RunConfig c = smallConfig("none");
    c.shape.layers = 0;
    RLAB_CHECK(validate(c).value_or("").find("at least 1") != std::string::npos);
    c = smallConfig("none");
    c.shape.width = 30;
    RLAB_CHECK(validate(c).value_or("").find("divisible") != std::string::npos);
    bool threw = false;
    try {
        run(c);
    } catch (const RunError& e) {
        threw = std::string(e.what()).find("divisible") != std::string::npos;
    }
    RLAB_CHECK(threw);
    std::string error;
    RLAB_CHECK(!RecomputePolicy::parse("everything", &error));
    RLAB_CHECK(error.find("Unknown recomputation policy") != std::string::npos);
    RLAB_CHECK(!RecomputePolicy::parse("budget:lots", &error));
    c = smallConfig("budget:1000");
    RLAB_CHECK(validate(c).value_or("").find("smallest budget") != std::string::npos);
    c = smallConfig("none");
    c.memoryLimitBytes = 1 << 20;
    RLAB_CHECK(validate(c).value_or("").find("predicted to need") != std::string::npos);
    // `--memory-limit 1` said "more than the given limit of 0.00 GiB": sizes are shown in their unit.
    c.memoryLimitBytes = 1;
    const std::string tiny = validate(c).value_or("");
    RLAB_CHECK_MSG(tiny.find(" MiB, more than the given limit of 1 byte;") != std::string::npos, tiny);
    c = smallConfig("none");
    c.shape = ModelShape {4096, 65536, 1, 65536, 65536, 1 << 24};
    RLAB_CHECK(validate(c).has_value());
    RLAB_CHECK_EQ(liveEngineBytes(), std::uint64_t {0});
}

RLAB_TEST(dropoutMaskIsPhiloxFromTheHeader)
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
                RLAB_CHECK_EQ(out[i], keeps ? 2.0f / (1.0f - p) : 0.0f);
                kept += keeps;
            }
            if (n > 1000)
                RLAB_CHECK(std::fabs(double(kept) / double(n) - (1.0 - p)) < 0.01);
        }
    }
}

RLAB_TEST(dropoutResidualIsTheTwoOpsFused)
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
            RLAB_CHECK_EQ(fused, expected);
            std::vector<float> inPlace = residual;
            scratch = x;
            cpu->dropoutResidualForward(inPlace.data(), inPlace.data(), scratch.data(), n, site);
            RLAB_CHECK_EQ(inPlace, expected);
        }
    }
}

RLAB_TEST(namesRoundTrip)
{
    for (OpKind k : allOpKinds())
        RLAB_CHECK_EQ(parseOpKind(opKindName(k)), std::optional<OpKind>(k));
    std::string error;
    RLAB_CHECK_EQ(RecomputePolicy::parse("budget:64MiB", &error)->budgetBytes, std::uint64_t {64} << 20);
    RLAB_CHECK_EQ(
        RecomputePolicy::parse("selective+offload", &error)->name(), std::string("selective+offload"));
    RLAB_CHECK_EQ(
        std::string(memoryCategoryName(MemoryCategory::SavedActivations)), std::string("saved_activations"));
    for (const MemoryCategory category : kMemoryCategories)
        RLAB_CHECK_EQ(
            parseMemoryCategory(memoryCategoryName(category)), std::optional<MemoryCategory>(category));
    const std::vector<DeviceInfo> devices = listDevices();
    RLAB_CHECK(devices.size() >= 2);
    RLAB_CHECK(devices[0].usable && devices[0].device == Device::Cpu);
    // The list names the CPU as a run there does (which GEMM, which copy of the kernels).
    RLAB_CHECK_EQ(devices[0].name, makeCpuBackend(devices[0].threads)->name());
    RLAB_CHECK(devices[1].device == Device::Cuda && (devices[1].usable || !devices[1].reason.empty()));
}

// The one gradient distance (the engine's and the demo's): NaN unless both sides hold the same
// tensors of the same sizes, however far the other tensors are apart.
RLAB_TEST(gradientDistanceNeedsTheSameTensors)
{
    using Gradients = std::map<std::string, std::vector<float>>;
    const Gradients a {{"w", {1, 2}}, {"z", {0}}};
    RLAB_CHECK_EQ(maxAbsDifference(a, Gradients {{"w", {1, 2.5f}}, {"z", {-1}}}), 1.0);
    RLAB_CHECK(std::isnan(maxAbsDifference(a, Gradients {{"w", {1, 2}}}))); // a tensor missing
    RLAB_CHECK(std::isnan(maxAbsDifference(a, Gradients {{"w", {1, 2}}, {"y", {0}}}))); // another one
    RLAB_CHECK(std::isnan(maxAbsDifference(a, Gradients {{"w", {1}}, {"z", {9}}}))); // one of another size
}

RLAB_TEST_MAIN(std::string())
