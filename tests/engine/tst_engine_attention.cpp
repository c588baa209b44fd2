// Fused attention (--attention fused, docs/fused-attention.md) under the engine's invariants, for
// both architectures: every policy gives fused none's gradients bit for bit with fp32 storage
// (dropout on, offloaded too), every measured category's peak is the predicted one byte for byte
// (bf16 storage included), and fused matches plain attention (loss and every gradient within
// 1e-5 relative to the largest gradient of its tensor) with and without dropout, at odd T (not a
// multiple of the 16 x 64 tile) and with grouped-query heads. The saved activations lose the
// T x T probabilities and gain the logsumexp; CUDA refuses heads too wide for its fused kernels.
#include <algorithm>
#include <cmath>
#include <string>

#include "engine_cases.h"
#include "plan.h"
#include "predictor.h"
#include "rlab/backend.h"
#include "rlab/engine.h"
#include "rlab_test.h"

using namespace rlab;

namespace {

using test::PolicyCase;

// N, d, H, T, B, V, arch, G, F. T = 70 spans two key tiles and five query tiles, the last partial.
const test::NamedShape kShapes[] = {
    {"gpt2 T=37", {3, 32, 4, 37, 2, 37, Arch::Gpt2, 0, 0}},
    {"gpt2 T=70", {2, 24, 3, 70, 1, 29, Arch::Gpt2, 0, 0}},
    {"llama G=1 T=19", {3, 24, 3, 19, 2, 29, Arch::Llama, 1, 40}},
    {"llama G=2 of 4 T=70", {4, 32, 4, 70, 1, 31, Arch::Llama, 2, 48}},
};

RunConfig config(const ModelShape& shape, const std::string& policy, bool fused, float dropout = 0.1f)
{
    RunConfig c = test::invariantConfig(shape, policy);
    c.dropout = dropout;
    c.fusedAttention = fused;
    return c;
}

std::vector<rlab::test::Case<PolicyCase>> policyCases()
{
    return test::policyCases(kShapes,
        {"none", "full", "sqrt", "selective", "segment:2", "segment:best", "budget", "none+offload",
            "selective+offload", "budget+offload"});
}

const RunResult& noneRun(const ModelShape& shape)
{
    return test::noneRun(config(shape, "none", true));
}

} // namespace

RLAB_TEST_CASES(fusedPoliciesKeepTheInvariants, policyCases(), const PolicyCase& row)
{
    RunConfig c = config(row.shape, "none", true);
    c.savePrecision = row.bf16 ? SavePrecision::Bf16 : SavePrecision::Fp32;
    c = test::withRowPolicy(c, row.policy);
    const RunResult r = run(c);
    RLAB_CHECK_EQ(liveEngineBytes(), std::uint64_t {0});
    if (!row.bf16) {
        const RunResult& none = noneRun(row.shape);
        RLAB_CHECK_EQ(r.loss, none.loss);
        const std::string differs = test::gradientBitDifference(r.gradients, none.gradients);
        RLAB_CHECK_MSG(differs.empty(), differs);
    }
    RLAB_CHECK_EQ(r.peakActivationBytes, r.predictedPeakActivationBytes);
    RLAB_CHECK_EQ(r.peakBytes, predictPeakBytes(c));
    const MemoryStats predicted = detail::predictMemory(*detail::makePlan(c, nullptr), c);
    for (const MemoryCategory category : kMemoryCategories) {
        const std::string name(memoryCategoryName(category));
        const std::uint64_t p = predicted.peak[static_cast<std::size_t>(category)];
        RLAB_CHECK_MSG(r.bytesByCategory.at(name) == p,
            name + ": measured " + std::to_string(r.bytesByCategory.at(name)) + ", predicted "
                + std::to_string(p));
    }
    const detail::StepFlops flops = detail::stepFlops(*detail::makePlan(c, nullptr), c);
    RLAB_CHECK_EQ(r.forwardFlops, flops.forward);
    RLAB_CHECK_EQ(r.recomputeFlops, flops.recompute);
}

// Fused against plain: the same function, summed in another order (tiles, an online softmax).
RLAB_TEST(fusedMatchesPlain)
{
    for (const test::NamedShape& s : kShapes) {
        for (const float dropout : {0.0f, 0.1f}) {
            const RunResult plain = run(config(s.shape, "none", false, dropout));
            const RunResult fused = run(config(s.shape, "none", true, dropout));
            RLAB_CHECK(!plain.loss.empty());
            RLAB_CHECK_EQ(fused.loss.size(), plain.loss.size());
            const std::string unlike = test::gradientSetDifference(fused.gradients, plain.gradients);
            RLAB_CHECK_MSG(unlike.empty(), std::string(s.name) + ": " + unlike);
            for (std::size_t i = 0; i < plain.loss.size(); ++i)
                RLAB_CHECK_MSG(std::fabs(fused.loss[i] - plain.loss[i]) <= 1e-5 * std::fabs(plain.loss[i]),
                    std::string(s.name) + " loss");
            double worst = 0;
            for (const auto& [name, grad] : plain.gradients) {
                const std::vector<float>& got = fused.gradients.at(name);
                double largest = 0, diff = 0;
                for (std::size_t i = 0; i < grad.size(); ++i) {
                    largest = std::max(largest, double(std::fabs(grad[i])));
                    diff = std::max(diff, double(std::fabs(got[i] - grad[i])));
                }
                worst = std::max(worst, largest > 0 ? diff / largest : diff);
            }
            rlab::test::info("%s dropout %.1f: worst gradient difference %.3g of the tensor's largest",
                s.name, double(dropout), worst);
            RLAB_CHECK_MSG(worst <= 1e-5, std::string(s.name) + ": " + std::to_string(worst));
            // No T x T tensor: the activation peak falls by at least the probabilities one block keeps.
            RLAB_CHECK(fused.peakActivationBytes < plain.peakActivationBytes);
        }
    }
}

// What fused attention keeps per block: no probabilities or mask, each row's logsumexp instead.
RLAB_TEST(savedActivationsHoldTheLogsumexp)
{
    for (const test::NamedShape& s : kShapes) {
        const ModelShape& m = s.shape;
        const detail::SlotSizes plain = detail::slotSizes(m, true, false);
        const detail::SlotSizes fused = detail::slotSizes(m, true, true);
        const auto at = [](detail::Slot slot) { return static_cast<std::size_t>(slot); };
        RLAB_CHECK_EQ(plain.elems[at(detail::Slot::Att)],
            std::uint64_t(m.batch) * std::uint64_t(m.heads) * std::uint64_t(m.seq) * std::uint64_t(m.seq));
        RLAB_CHECK_EQ(fused.elems[at(detail::Slot::Att)], std::uint64_t {0});
        RLAB_CHECK_EQ(fused.elems[at(detail::Slot::AttDrop)], std::uint64_t {0});
        RLAB_CHECK_EQ(fused.stats[at(detail::Slot::Att)],
            std::uint64_t(m.batch) * std::uint64_t(m.heads) * std::uint64_t(m.seq) * sizeof(float));
    }
}

// The CUDA fused kernels take heads of up to kCudaFusedMostHeadSize floats (a warp's 32 lanes, 8
// each); a wider head is refused in one sentence before any allocation.
RLAB_TEST(cudaRefusesWideFusedHeadsBeforeAllocating)
{
    RunConfig c = config(kShapes[0].shape, "none", true);
    c.shape.width = 2 * (kCudaFusedMostHeadSize + 8);
    c.shape.heads = 2;
    c.device = Device::Cuda;
    std::string message;
    try {
        run(c);
    } catch (const RunError& e) {
        message = e.what();
    }
    rlab::test::info("%s", message.c_str());
    // Before the backend is made, so with or without a GPU.
    RLAB_CHECK_MSG(
        message.find("heads of at most 256 floats (these have 264)") != std::string::npos, message);
    RLAB_CHECK_EQ(liveEngineBytes(), std::uint64_t {0});
}

RLAB_TEST_MAIN("")
