// Every recomputation policy on CUDA: gradients equal CUDA `none` bit for bit, match the CPU
// backend within a stated tolerance, and the measured activation peak equals the predictor's.
// Skipped, with the reason printed, where no usable GPU is present.

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "rlab/backend.h"
#include "rlab/engine.h"
#include "rlab_test.h"

namespace {

// CUDA against CPU, per tensor: max |g_cuda - g_cpu| <= kCpuTolerance * max |g_cpu|. Both use
// FP32 throughout; the products sum in different orders, and 4 blocks amplify that a little.
constexpr double kCpuTolerance = 2e-3;

rlab::RunConfig smallConfig(const char* policy, rlab::Device device)
{
    rlab::RunConfig config;
    config.shape = {4, 64, 4, 32, 4, 128}; // layers, width, heads, seq, batch, vocab
    config.steps = 2;
    config.warmupSteps = 1;
    config.dropout = 0.1f;
    config.device = device;
    config.keepGradients = true;
    config.recordTimeline = false;
    std::string error;
    config.policy = *rlab::RecomputePolicy::parse(policy, &error);
    return config;
}

bool sameBits(const std::vector<float>& a, const std::vector<float>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// The first tensor whose gradients differ, or empty.
std::string firstDifference(const rlab::RunResult& a, const rlab::RunResult& b, double tolerance)
{
    if (a.gradients.size() != b.gradients.size() || a.gradients.empty())
        return "the runs kept different sets of gradients";
    for (const auto& [name, ga] : a.gradients) {
        const auto it = b.gradients.find(name);
        if (it == b.gradients.end() || it->second.size() != ga.size())
            return name + " is missing or has another size";
        const std::vector<float>& gb = it->second;
        if (tolerance == 0) {
            if (!sameBits(ga, gb))
                return name + " differs";
            continue;
        }
        double maxAbs = 0, maxDiff = 0;
        for (std::size_t i = 0; i < ga.size(); ++i) {
            maxAbs = std::max(maxAbs, static_cast<double>(std::fabs(gb[i])));
            maxDiff = std::max(maxDiff, static_cast<double>(std::fabs(ga[i] - gb[i])));
        }
        if (!(maxDiff <= tolerance * maxAbs))
            return name + ": max difference " + std::to_string(maxDiff) + " against max |g| "
                + std::to_string(maxAbs);
    }
    return {};
}

std::string skipReason()
{
    return rlab::cudaUsable() ? std::string() : rlab::probeCuda().reason;
}

} // namespace

RLAB_TEST(everyPolicyMatchesNone)
{
    const rlab::RunResult none = rlab::run(smallConfig("none", rlab::Device::Cuda));
    RLAB_CHECK_EQ(none.device, rlab::Device::Cuda);
    RLAB_CHECK_EQ(none.peakActivationBytes, none.predictedPeakActivationBytes);
    RLAB_CHECK_EQ(rlab::liveEngineBytes(), std::uint64_t(0));

    const std::string budget = "budget:" + std::to_string(none.predictedPeakActivationBytes / 2);
    for (const char* policy : {"full", "sqrt", "selective", budget.c_str()}) {
        for (const bool offload : {false, true}) {
            rlab::RunConfig config = smallConfig(policy, rlab::Device::Cuda);
            config.policy.offload = offload;
            const rlab::RunResult r = rlab::run(config);
            const std::string label = r.policyName + ": ";
            const std::string diff = firstDifference(r, none, 0);
            RLAB_CHECK_MSG(diff.empty(), (label + diff).c_str());
            RLAB_CHECK_MSG(sameBits(r.loss, none.loss), (label + "losses differ").c_str());
            RLAB_CHECK_MSG(r.peakActivationBytes == r.predictedPeakActivationBytes,
                (label + std::to_string(r.peakActivationBytes) + " measured, "
                    + std::to_string(r.predictedPeakActivationBytes) + " predicted")
                    .c_str());
            RLAB_CHECK_MSG(
                r.peakActivationBytes <= none.peakActivationBytes, (label + "keeps more than none").c_str());
            RLAB_CHECK_MSG(!offload || r.offloadBytes > 0, (label + "moved nothing to the host").c_str());
            RLAB_CHECK_EQ(rlab::liveEngineBytes(), std::uint64_t(0));
        }
    }
}

RLAB_TEST(cudaMatchesCpu)
{
    const rlab::RunResult gpu = rlab::run(smallConfig("none", rlab::Device::Cuda));
    const rlab::RunResult cpu = rlab::run(smallConfig("none", rlab::Device::Cpu));
    const std::string diff = firstDifference(gpu, cpu, kCpuTolerance);
    RLAB_CHECK_MSG(diff.empty(), diff.c_str());
    RLAB_CHECK_EQ(gpu.loss.size(), cpu.loss.size());
    for (std::size_t s = 0; s < gpu.loss.size(); ++s)
        RLAB_CHECK_MSG(std::fabs(gpu.loss[s] - cpu.loss[s]) <= 1e-4f * std::fabs(cpu.loss[s]),
            ("step " + std::to_string(s) + ": cuda " + std::to_string(gpu.loss[s]) + ", cpu "
                + std::to_string(cpu.loss[s]))
                .c_str());
    RLAB_CHECK_EQ(gpu.peakActivationBytes, cpu.peakActivationBytes);
    RLAB_CHECK(std::fabs(gpu.gradChecksum - cpu.gradChecksum) <= kCpuTolerance * cpu.gradChecksum);
}

RLAB_TEST(measuredOnTheDevice)
{
    rlab::RunConfig config = smallConfig("full", rlab::Device::Cuda);
    config.steps = 3;
    config.recordTimeline = true;
    const rlab::RunResult r = rlab::run(config);
    RLAB_CHECK(r.deviceTotalBytes > 0 && r.deviceFreeBytes <= r.deviceTotalBytes);
    RLAB_CHECK(r.stepMsMedian > 0);
    RLAB_CHECK(!r.timeline.empty());
    RLAB_CHECK(r.recomputeFlops > 0);
}

RLAB_TEST(outOfMemoryIsOneSentence)
{
    // Activations of about 1.25x the GPU's memory (5.6 GB per block, each tensor under 2^31 elements).
    const double perBlock = 4.0 * 16 * 2048 * (20 * 512 + 2 * 8 * 2048);
    const int layers
        = static_cast<int>(std::ceil(1.25 * static_cast<double>(rlab::probeCuda().totalBytes) / perBlock));
    rlab::RunConfig config = smallConfig("none", rlab::Device::Cuda);
    config.shape = {std::max(layers, 2), 512, 8, 2048, 16, 256};
    config.steps = 1;
    config.keepGradients = false;
    config.memoryLimitBytes = std::uint64_t(1) << 50; // let validate() pass, so the device itself refuses
    try {
        rlab::run(config);
        RLAB_FAIL("a run needing 1.25x the GPU's memory succeeded");
    } catch (const rlab::RunError& error) {
        const std::string what = error.what();
        RLAB_CHECK_MSG(
            !what.empty() && what.back() == '.' && what.find('\n') == std::string::npos, what.c_str());
        RLAB_CHECK_MSG(what.find("memory") != std::string::npos, what.c_str());
    }
    RLAB_CHECK_EQ(rlab::liveEngineBytes(), std::uint64_t(0));
    const rlab::RunResult after = rlab::run(smallConfig("none", rlab::Device::Cuda));
    RLAB_CHECK_EQ(after.loss.size(), std::size_t(2));
}

RLAB_TEST_MAIN(skipReason())
