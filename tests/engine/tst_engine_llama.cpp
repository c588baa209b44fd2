// The llama block (--arch llama, docs/llama.md) under the engine's invariants: every policy gives
// none's gradients bit for bit (dropout included, offloaded too; bf16 storage close to them), every
// measured peak is the predicted one byte for byte, at four shapes (G = H, G = 1, a group of two; T odd;
// Qwen2's q, k and v biases);
// analytic gradients equal finite differences; the parameters carry the contract's names (docs/llama.md). The
// PyTorch cross-check is tests/cli (tst_cli_rlab matchesPyTorch); the CUDA twins, tests/gpu (gpu_llama,
// gpu_policies).
#include <cmath>
#include <map>
#include <string>

#include "engine_cases.h"
#include "model.h"
#include "plan.h"
#include "predictor.h"
#include "rlab/backend.h"
#include "rlab/engine.h"
#include "rlab_test.h"
#include "trainer.h"

using namespace rlab;

namespace {

using test::invariantConfig;
using test::PolicyCase;

// N, d, H, T, B, V, arch, G, F, q/k/v biases.
const test::NamedShape kShapes[] = {
    {"G=H", {3, 32, 4, 12, 2, 37, Arch::Llama, 0, 0}}, // multi-head, default F (8d/3 up to 64: 128)
    {"G=1", {4, 24, 3, 9, 2, 29, Arch::Llama, 1, 40}}, // multi-query, odd T and H, F not a multiple of 8
    {"G=2 of 4", {5, 32, 4, 7, 3, 31, Arch::Llama, 2, 48}}, // groups of two, 5 layers: uneven sqrt
    {"qkv biases", {3, 24, 4, 11, 2, 23, Arch::Llama, 2, 40, true}}, // Qwen2's block (--qkv-bias)
};

// "budget": halfway between selective's and none's predicted peaks.
std::vector<rlab::test::Case<PolicyCase>> policyCases()
{
    return test::policyCases(kShapes,
        {"none", "full", "sqrt", "selective", "segment:2", "segment:best", "budget", "none+offload",
            "full+offload", "sqrt+offload", "selective+offload", "budget+offload"});
}

// none's run at a shape, which that shape's other runs are compared with.
const RunResult& noneRun(const ModelShape& shape)
{
    return test::noneRun(invariantConfig(shape, "none"));
}

} // namespace

// Each policy, offloaded or not: none's losses and gradients bit for bit; saving bf16, gradients
// close to none's; either way every category's measured peak equal to the predicted one.
RLAB_TEST_CASES(policiesKeepTheInvariants, policyCases(), const PolicyCase& row)
{
    RunConfig c = invariantConfig(row.shape, "none");
    c.savePrecision = row.bf16 ? SavePrecision::Bf16 : SavePrecision::Fp32;
    c = test::withRowPolicy(c, row.policy); // budget: the planner mixes kept and recomputed blocks
    const auto [base, offload] = test::rowPolicy(row.policy);
    const RunResult r = run(c);
    RLAB_CHECK_EQ(liveEngineBytes(), std::uint64_t {0});

    const RunResult& none = noneRun(row.shape);
    RLAB_CHECK_EQ(r.gradients.size(), none.gradients.size());
    if (row.bf16) {
        // bf16 storage rounds what a plan keeps and not what it recomputes, so its gradients differ
        // by plan (as GPT-2's do, tst_engine_policies bf16SavingMovesGradientsSlightly): close to
        // fp32 none's, not equal. Its memory is still predicted exactly (below).
        double largest = 0;
        for (const auto& entry : none.gradients)
            for (const float g : entry.second)
                largest = std::max(largest, double(std::fabs(g)));
        RLAB_CHECK(r.gradMaxAbsDiffVsNone > 0);
        RLAB_CHECK_MSG(r.gradMaxAbsDiffVsNone < 0.05 * largest, std::to_string(r.gradMaxAbsDiffVsNone));
    } else {
        RLAB_CHECK_EQ(r.loss, none.loss);
        RLAB_CHECK_EQ(r.gradChecksum, none.gradChecksum);
        const std::string differs = test::gradientBitDifference(r.gradients, none.gradients);
        RLAB_CHECK_MSG(differs.empty(), differs);
    }
    if (base != "none" && !(base == "budget" && offload)) // offloading alone may fit that budget
        RLAB_CHECK(r.recomputeFlops > 0);
    if (offload)
        RLAB_CHECK(r.bytesByCategory.at("host_offloaded") > 0);

    RLAB_CHECK_EQ(r.peakActivationBytes, r.predictedPeakActivationBytes);
    RLAB_CHECK_EQ(r.predictedPeakActivationBytes, predictPeakActivationBytes(c));
    RLAB_CHECK_EQ(r.peakBytes, predictPeakBytes(c));
    const MemoryStats predicted = detail::predictMemory(*detail::makePlan(c, nullptr), c);
    for (const MemoryCategory category : kMemoryCategories) {
        const std::string name(memoryCategoryName(category));
        const std::uint64_t p = predicted.peak[static_cast<std::size_t>(category)];
        RLAB_CHECK_MSG(r.bytesByCategory.at(name) == p,
            name + ": measured " + std::to_string(r.bytesByCategory.at(name)) + ", predicted "
                + std::to_string(p));
    }
    if (base == "budget")
        RLAB_CHECK(r.peakActivationBytes <= c.policy.budgetBytes);
    // The FLOPs the trainer counted as its ops ran are the ones the plan predicts.
    const detail::StepFlops flops = detail::stepFlops(*detail::makePlan(c, nullptr), c);
    RLAB_CHECK_EQ(r.forwardFlops, flops.forward);
    RLAB_CHECK_EQ(r.recomputeFlops, flops.recompute);
}

// Selective keeps what --keep names, here the opposite of its default, and stays exact.
RLAB_TEST(selectiveKeepsNamedKinds)
{
    RunConfig c = invariantConfig(kShapes[2].shape, "selective");
    c.policy.keep = {OpKind::Softmax, OpKind::Gelu, OpKind::LayerNorm};
    const RunResult r = run(c);
    const std::string differs = test::gradientBitDifference(r.gradients, noneRun(kShapes[2].shape).gradients);
    RLAB_CHECK_MSG(differs.empty(), differs);
    RLAB_CHECK_EQ(r.peakActivationBytes, r.predictedPeakActivationBytes);
    RLAB_CHECK(r.peakActivationBytes < noneRun(kShapes[2].shape).peakActivationBytes);
}

// Replay off: the forward is the same, the backward uses other masks (llama has the three sites).
RLAB_TEST(noRngReplayGivesWrongGradients)
{
    RunConfig c = invariantConfig(kShapes[0].shape, "full");
    c.rngReplay = false;
    const RunResult r = run(c);
    RLAB_CHECK_EQ(r.loss.front(), noneRun(kShapes[0].shape).loss.front());
    RLAB_CHECK(r.gradChecksum != noneRun(kShapes[0].shape).gradChecksum);
}

// docs/llama.md "The contract": these names and shapes, and nothing else (no biases, no wpe).
RLAB_TEST(parametersHaveTheContractNames)
{
    const ModelShape shape {2, 24, 3, 9, 2, 29, Arch::Llama, 1, 40};
    const detail::ModelLayout layout = detail::makeLayout(shape);
    std::map<std::string, std::vector<std::size_t>> got;
    for (const detail::ParamTensor& t : layout.tensors)
        got[t.name] = t.shape;
    std::map<std::string, std::vector<std::size_t>> want {
        {"wte.weight", {29, 24}}, {"norm.weight", {24}}, {"head.weight", {29, 24}}};
    for (int i = 0; i < 2; ++i) {
        const std::string b = "blocks." + std::to_string(i) + ".";
        want[b + "attn_norm.weight"] = {24};
        want[b + "wq.weight"] = {24, 24};
        want[b + "wk.weight"] = {8, 24}; // G * dh = 1 * 8
        want[b + "wv.weight"] = {8, 24};
        want[b + "wo.weight"] = {24, 24};
        want[b + "mlp_norm.weight"] = {24};
        want[b + "w1.weight"] = {40, 24};
        want[b + "w2.weight"] = {24, 40};
        want[b + "w3.weight"] = {40, 24};
    }
    RLAB_CHECK(got == want);
    std::size_t total = 0;
    for (const auto& [name, dims] : want)
        total += dims.size() == 1 ? dims[0] : dims[0] * dims[1];
    RLAB_CHECK_EQ(layout.total, total);
    RLAB_CHECK_EQ(detail::parameterCount(shape), std::uint64_t(total));
    // Llama 3 8B's shape (d 4096, 32 layers, 32 heads, 8 key/value heads, F 14336, 128,256 tokens,
    // untied head): its published 8,030,261,248 parameters, counted without building the layout.
    RLAB_CHECK_EQ(detail::parameterCount(ModelShape {32, 4096, 32, 8192, 1, 128256, Arch::Llama, 8, 14336}),
        std::uint64_t {8030261248});
    // Qwen2's block: wq's, wk's and wv's biases, named as PyTorch's Linear names them; Qwen2.5 7B's
    // shape (d 3584, 28 layers, 28 heads, 4 key/value heads, F 18944, 152,064 tokens) counts its
    // published 7.61B (6.53B without the embeddings) to the parameter.
    ModelShape biased = shape;
    biased.qkvBias = true;
    for (int i = 0; i < 2; ++i) {
        const std::string b = "blocks." + std::to_string(i) + ".";
        want[b + "wq.bias"] = {24};
        want[b + "wk.bias"] = {8};
        want[b + "wv.bias"] = {8};
    }
    got.clear();
    for (const detail::ParamTensor& t : detail::makeLayout(biased).tensors)
        got[t.name] = t.shape;
    RLAB_CHECK(got == want);
    RLAB_CHECK_EQ(detail::parameterCount(biased), std::uint64_t(total + 2 * (24 + 8 + 8)));
    RLAB_CHECK_EQ(
        detail::parameterCount(ModelShape {28, 3584, 28, 4096, 1, 152064, Arch::Llama, 4, 18944, true}),
        std::uint64_t {7615616512});
    // The default hidden size: 8d/3 rounded up to a multiple of 64.
    RLAB_CHECK_EQ(ffnOf(ModelShape {1, 128, 4, 8, 1, 16, Arch::Llama, 0, 0}), 384);
    RLAB_CHECK_EQ(ffnOf(ModelShape {1, 4096, 32, 8, 1, 16, Arch::Llama, 8, 0}), 10944); // ceil(10922.7)
    RLAB_CHECK_EQ(ffnOf(ModelShape {1, 24, 3, 8, 1, 16, Arch::Llama, 0, 0}), 64);
}

RLAB_TEST(badShapesGetOneSentence)
{
    RunConfig c = invariantConfig(kShapes[0].shape, "none");
    c.shape.kvHeads = 3; // does not divide 4
    RLAB_CHECK(validate(c).value_or("").find("must divide the number of heads") != std::string::npos);
    c.shape.kvHeads = 0;
    c.shape.width = 36;
    c.shape.heads = 12; // dh = 3: no rotary pairs
    RLAB_CHECK(validate(c).value_or("").find("must be even") != std::string::npos);
    c = invariantConfig(kShapes[0].shape, "none");
    c.shape.arch = Arch::Gpt2;
    c.shape.kvHeads = 2;
    RLAB_CHECK(validate(c).value_or("").find("--arch llama") != std::string::npos);
    c.shape.kvHeads = 0;
    c.shape.ffn = 64;
    RLAB_CHECK(validate(c).value_or("").find("--arch llama") != std::string::npos);
    c.shape.ffn = 0;
    c.shape.qkvBias = true; // GPT-2's qkv has its bias already
    RLAB_CHECK(validate(c).value_or("").find("--qkv-bias is llama's") != std::string::npos);
    RLAB_CHECK_EQ(parseArch("llama"), std::optional<Arch>(Arch::Llama));
    RLAB_CHECK_EQ(std::string(archName(Arch::Gpt2)), std::string("gpt2"));
}

// One thread or several, the same bits: every llama kernel's sums run in one fixed order (the
// demo's widths, so every op splits over threads; dropout on, so masks are drawn per share too).
RLAB_TEST(gradientsDoNotDependOnThreads)
{
    std::map<std::string, std::vector<float>> first;
    for (const int threads : {1, 2, 3}) {
        RunConfig c = invariantConfig(ModelShape {2, 128, 4, 64, 8, 256, Arch::Llama, 2, 0}, "selective");
        c.steps = 1;
        c.threads = threads;
        const RunResult r = run(c);
        if (first.empty())
            first = r.gradients;
        const std::string differs = test::gradientBitDifference(r.gradients, first);
        RLAB_CHECK_MSG(differs.empty(), differs + " with " + std::to_string(threads) + " threads");
    }
}

RLAB_TEST(lossFalls)
{
    RunConfig c;
    c.shape = ModelShape {2, 32, 4, 16, 8, 32, Arch::Llama, 2, 0};
    c.steps = 40;
    c.learningRate = 3e-3f;
    c.policy.kind = PolicyKind::Full;
    const RunResult r = run(c);
    RLAB_CHECK_EQ(int(r.loss.size()), 40);
    RLAB_CHECK_MSG(r.loss.back() < r.loss.front() - 1.0f,
        std::to_string(r.loss.front()) + " -> " + std::to_string(r.loss.back()));
}

// Grouped-query attention with G == H on a GPT-2-laid-out (B,T,3C) qkv is the multi-head attention
// the GPT-2 block runs, bit for bit: the generalisation changed nothing for G == H.
RLAB_TEST(groupedQueryWithAllHeadsIsMultiHead)
{
    const std::unique_ptr<Backend> cpu = makeCpuBackend(0);
    const int B = 2, T = 11, C = 24, H = 3;
    std::vector<float> qkv(std::size_t(B) * T * 3 * C), dout(std::size_t(B) * T * C);
    for (std::size_t i = 0; i < qkv.size(); ++i)
        qkv[i] = std::sin(0.37f * static_cast<float>(i));
    for (std::size_t i = 0; i < dout.size(); ++i)
        dout[i] = std::cos(0.11f * static_cast<float>(i));
    const std::size_t bhtt = std::size_t(B) * H * T * T;
    std::vector<float> att1(bhtt), att2(bhtt), out1(dout.size()), out2(dout.size());
    cpu->attentionSoftmaxForward(att1.data(), qkv.data(), B, T, C, H);
    cpu->gqaSoftmaxForward(att2.data(), qkv.data(), B, T, C, H, H);
    RLAB_CHECK(test::sameBits(att1, att2));
    cpu->attentionValuesForward(out1.data(), att1.data(), qkv.data(), B, T, C, H);
    cpu->gqaValuesForward(out2.data(), att2.data(), qkv.data(), B, T, C, H, H);
    RLAB_CHECK(test::sameBits(out1, out2));
    std::vector<float> datt1(bhtt), datt2(bhtt), dqkv1(qkv.size()), dqkv2(qkv.size());
    cpu->attentionValuesBackward(
        datt1.data(), dqkv1.data(), dout.data(), att1.data(), qkv.data(), B, T, C, H);
    cpu->gqaValuesBackward(datt2.data(), dqkv2.data(), dout.data(), att2.data(), qkv.data(), B, T, C, H, H);
    cpu->attentionSoftmaxBackward(dqkv1.data(), datt1.data(), att1.data(), qkv.data(), B, T, C, H);
    cpu->gqaSoftmaxBackward(dqkv2.data(), datt2.data(), att2.data(), qkv.data(), B, T, C, H, H);
    RLAB_CHECK(test::sameBits(dqkv1, dqkv2));
}

// Every element of every llama parameter's gradient against central finite differences, as
// tst_engine_gradcheck does for GPT-2 (its comment gives the tolerance's reasoning): without
// dropout, and with dropout replayed by full recomputation (and by selective's, with Qwen2's q, k and v
// biases); multi-query and grouped.
RLAB_TEST(everyParameterMatchesFiniteDifferences)
{
    struct Row {
        ModelShape shape;
        const char* policy;
        float dropout;
    };
    for (const Row& row : {Row {{2, 8, 2, 5, 2, 11, Arch::Llama, 1, 12}, "none", 0.0f},
             Row {{2, 16, 4, 5, 2, 11, Arch::Llama, 2, 8}, "full", 0.1f},
             Row {{2, 16, 4, 5, 2, 11, Arch::Llama, 2, 8, true}, "selective", 0.1f}}) {
        RunConfig c;
        c.shape = row.shape;
        c.dropout = row.dropout;
        std::string error;
        c.policy = *RecomputePolicy::parse(row.policy, &error);
        const std::unique_ptr<Backend> backend = makeCpuBackend(1);
        {
            detail::Trainer trainer(*backend, c, *detail::makePlan(c, &error), {}, nullptr);
            std::vector<float> params = detail::initialParameters(trainer.layout(), c.shape, 7);
            std::uint64_t state = 12345;
            for (float& p : params) {
                state = state * 6364136223846793005ull + 1442695040888963407ull;
                p += static_cast<float>((state >> 40) * (1.0 / 16777216.0) - 0.5) * 0.6f;
            }
            std::vector<std::int32_t> tokens, targets;
            detail::syntheticBatch(c.seed, 0, c.shape, &tokens, &targets);
            trainer.loadParameters(params);
            trainer.loadBatch(tokens, targets);
            trainer.step(0, false, false);
            const std::vector<float> grads = trainer.gradients();
            const float h = 1e-2f;
            const auto lossAt = [&](std::size_t i, float delta) {
                std::vector<float> moved = params;
                moved[i] += delta;
                trainer.loadParameters(moved);
                return static_cast<double>(trainer.forwardLoss(0));
            };
            double worst = 0, sumSq = 0, errSq = 0;
            std::string worstName;
            for (const detail::ParamTensor& t : trainer.layout().tensors) {
                for (std::size_t j = 0; j < t.size; ++j) {
                    const std::size_t i = t.offset + j;
                    const double d1 = (lossAt(i, h) - lossAt(i, -h)) / (2 * h);
                    const double d2 = (lossAt(i, 2 * h) - lossAt(i, -2 * h)) / (4 * h);
                    const double numeric = (4 * d1 - d2) / 3; // Richardson: O(h^4)
                    const double err = std::fabs(numeric - grads[i]);
                    sumSq += double(grads[i]) * grads[i];
                    errSq += err * err;
                    if (err > worst) {
                        worst = err;
                        worstName = t.name + "[" + std::to_string(j) + "]";
                    }
                }
            }
            const double relative = std::sqrt(errSq / sumSq);
            rlab::test::info("%s: %zu parameters; worst |analytic - numeric| = %.3g at %s; relative L2 %.3g",
                row.policy, trainer.layout().total, worst, worstName.c_str(), relative);
            RLAB_CHECK_MSG(worst < 2e-4, worstName);
            RLAB_CHECK(relative < 1e-3);
        }
        RLAB_CHECK_EQ(liveEngineBytes(), std::uint64_t {0});
    }
}

RLAB_TEST_MAIN(std::string())
