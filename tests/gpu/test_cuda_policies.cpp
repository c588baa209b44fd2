// Every recomputation policy on CUDA, one case per policy and model (GPT-2 and llama, each with
// plain and fused attention): gradients equal CUDA `none` bit for bit, match the CPU backend
// within a stated tolerance, the measured activation peak equals the predictor's, and so does
// the total: CUDA's memory is counted as the CPU's, plus the backend's workspace, which the
// predictor adds on CUDA.
// Each case skips, with the probe's reason, where no usable GPU is present; CPU sides run.

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "device_tensor.h"

namespace {

// CUDA against CPU, per tensor: max |g_cuda - g_cpu| <= kCpuTolerance * max |g_cpu|. Both use
// FP32 throughout; the products sum in different orders, and 4 blocks amplify that a little.
constexpr double kCpuTolerance = 2e-3;

// The four blocks: GPT-2's and llama's (grouped-query, 2 key/value heads for 4 query heads; T
// not a multiple of the fused kernels' 32-key tile), each with plain or fused attention.
struct Model {
    const char* name;
    rlab::ModelShape shape;
    bool fused;
};

const Model kModels[] = {
    {"gpt2", {4, 64, 4, 32, 4, 128}, false}, // layers, width, heads, seq, batch, vocab
    {"gpt2-fused", {4, 64, 4, 45, 4, 128}, true},
    {"llama", {4, 64, 4, 45, 4, 128, rlab::Arch::Llama, 2, 128}, false},
    {"llama-fused-mqa-qkv-bias", {4, 64, 4, 45, 4, 128, rlab::Arch::Llama, 1, 128, true}, true}, // Qwen2-like
};

rlab::RunConfig smallConfig(const char* policy, rlab::Device device, const Model& model = kModels[0])
{
    rlab::RunConfig config;
    config.shape = model.shape;
    config.fusedAttention = model.fused;
    config.steps = 2;
    config.warmupSteps = 1;
    config.dropout = 0.1f;
    config.device = device;
    config.keepGradients = true;
    config.recordTimeline = false;
    config.policy = rlab::test::parsePolicy(policy);
    return config;
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
            if (!rlab::test::sameBits(ga, gb))
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

struct PolicyRow {
    std::string policy;
    bool offload;
    bool bf16;
    const Model* model;
};

// Every policy on every model; offload and bf16 storage on GPT-2's plain block and llama's fused one.
std::vector<rlab::test::Case<PolicyRow>> policies()
{
    std::vector<rlab::test::Case<PolicyRow>> rows;
    for (const Model& model : kModels) {
        const std::uint64_t none
            = rlab::predictPeakActivationBytes(smallConfig("none", rlab::Device::Cuda, model));
        const bool variants = &model == &kModels[0] || &model == &kModels[3];
        const std::vector<std::string> names
            = {"full", "sqrt", "segment:2", "selective", "budget:" + std::to_string(none / 2)};
        for (const std::string& policy : names) {
            rows.push_back({std::string(model.name) + " " + policy, {policy, false, false, &model}});
            if (variants) {
                rows.push_back(
                    {std::string(model.name) + " " + policy + "+offload", {policy, true, false, &model}});
                rows.push_back(
                    {std::string(model.name) + " " + policy + " bf16", {policy, false, true, &model}});
            }
        }
    }
    return rows;
}

} // namespace

RLAB_TEST_CASES(policyMatchesNone, policies(), const PolicyRow& row)
{
    RLAB_SKIP_WITHOUT_GPU();
    rlab::RunConfig noneConfig = smallConfig("none", rlab::Device::Cuda, *row.model);
    if (row.bf16)
        noneConfig.savePrecision = rlab::SavePrecision::Bf16;
    const rlab::RunResult none = rlab::run(noneConfig);
    RLAB_CHECK_EQ(none.device, rlab::Device::Cuda);
    RLAB_CHECK_EQ(none.peakActivationBytes, none.predictedPeakActivationBytes);
    rlab::RunConfig config = smallConfig(row.policy.c_str(), rlab::Device::Cuda, *row.model);
    config.policy.offload = row.offload;
    config.savePrecision = noneConfig.savePrecision;
    const rlab::RunResult r = rlab::run(config);
    const std::string diff = firstDifference(r, none, 0);
    RLAB_CHECK_MSG(diff.empty(), diff);
    RLAB_CHECK_MSG(rlab::test::sameBits(r.loss, none.loss), "losses differ");
    RLAB_CHECK_MSG(r.peakActivationBytes == r.predictedPeakActivationBytes,
        std::to_string(r.peakActivationBytes) + " measured, " + std::to_string(r.predictedPeakActivationBytes)
            + " predicted");
    RLAB_CHECK_MSG(r.peakActivationBytes <= none.peakActivationBytes, "keeps more than none");
    RLAB_CHECK_MSG(!row.offload || r.offloadBytes > 0, "moved nothing to the host");
    RLAB_CHECK_EQ(r.peakBytes, rlab::predictPeakBytes(config));
    RLAB_CHECK_EQ(rlab::liveEngineBytes(), std::uint64_t(0));
}

std::vector<rlab::test::Case<const Model*>> models()
{
    std::vector<rlab::test::Case<const Model*>> rows;
    for (const Model& model : kModels)
        rows.push_back({model.name, &model});
    return rows;
}

RLAB_TEST_CASES(cudaMatchesCpu, models(), const Model* const& model)
{
    const rlab::RunConfig cpuConfig = smallConfig("none", rlab::Device::Cpu, *model);
    const rlab::RunResult cpu = rlab::run(cpuConfig);
    RLAB_CHECK_EQ(cpu.peakBytes, rlab::predictPeakBytes(cpuConfig));

    RLAB_SKIP_WITHOUT_GPU();
    const rlab::RunConfig gpuConfig = smallConfig("none", rlab::Device::Cuda, *model);
    const rlab::RunResult gpu = rlab::run(gpuConfig);
    const std::string diff = firstDifference(gpu, cpu, kCpuTolerance);
    RLAB_CHECK_MSG(diff.empty(), diff);
    RLAB_CHECK_EQ(gpu.loss.size(), cpu.loss.size());
    for (std::size_t s = 0; s < gpu.loss.size(); ++s)
        RLAB_CHECK_NEAR(gpu.loss[s], cpu.loss[s], 1e-4 * std::fabs(cpu.loss[s]));
    RLAB_CHECK(std::fabs(gpu.gradChecksum - cpu.gradChecksum) <= kCpuTolerance * cpu.gradChecksum);
    // One accounting on both devices: every category the same, but CUDA's temporaries hold the
    // backend's workspace too (cuBLAS's and the kernels' scratch), which the predictor adds.
    RLAB_CHECK_EQ(gpu.peakActivationBytes, cpu.peakActivationBytes);
    for (const auto& [category, bytes] : cpu.bytesByCategory) {
        const std::uint64_t extra = category == "temporaries" ? rlab::kCudaWorkspaceBytes : 0;
        RLAB_CHECK_MSG(gpu.bytesByCategory.at(category) == bytes + extra,
            category + ": cuda " + std::to_string(gpu.bytesByCategory.at(category)) + ", cpu "
                + std::to_string(bytes));
    }
    RLAB_CHECK_EQ(gpu.peakBytes, cpu.peakBytes + rlab::kCudaWorkspaceBytes);
    RLAB_CHECK_EQ(gpu.peakBytes, rlab::predictPeakBytes(gpuConfig));
}

RLAB_TEST(measuredOnTheDevice)
{
    RLAB_SKIP_WITHOUT_GPU();
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
    RLAB_SKIP_WITHOUT_GPU();
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
    } catch (const rlab::OutOfMemory& error) {
        const std::string what = error.what();
        RLAB_CHECK_MSG(!what.empty() && what.back() == '.' && what.find('\n') == std::string::npos, what);
        RLAB_CHECK_MSG(what.find("ran out of memory") != std::string::npos, what);
    }
    RLAB_CHECK_EQ(rlab::liveEngineBytes(), std::uint64_t(0));
    const rlab::RunResult after = rlab::run(smallConfig("none", rlab::Device::Cuda));
    RLAB_CHECK_EQ(after.loss.size(), std::size_t(2));
}

RLAB_TEST_MAIN(std::string())
