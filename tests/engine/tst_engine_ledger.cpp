// The tensor ledger (rlab/ledger.h): for every policy, with offload and with bf16 saving, at three
// shapes, the rows' bytes at the peak add up to the measured activation peak exactly, and the
// predictor's rows are the measured ones; the paper's convention gives Korthikanti et al.'s
// 34sbh + 5as^2b, 34sbh and 2sbh per layer exactly, GPT-3 175B's shape included.
#include <string>
#include <vector>

#include "engine_cases.h"
#include "rlab/engine.h"
#include "rlab/ledger.h"
#include "rlab_test.h"

using namespace rlab;

namespace {

const std::vector<ModelShape> kShapes {
    ModelShape {3, 16, 2, 8, 2, 32},
    ModelShape {4, 24, 3, 12, 1, 40},
    ModelShape {5, 32, 4, 6, 3, 29},
};

RunConfig config(const ModelShape& shape, const std::string& policy)
{
    RunConfig c;
    c.shape = shape;
    c.steps = 1;
    c.warmupSteps = 0;
    c.dropout = 0.1f;
    c.threads = 1;
    c.recordTimeline = true;
    c.policy = test::parsePolicy(policy);
    return c;
}

struct SumCase {
    int shape;
    std::string policy; // "budget" is filled with a budget between full's peak and none's
    bool bf16;
};

std::vector<rlab::test::Case<SumCase>> sumCases()
{
    std::vector<rlab::test::Case<SumCase>> rows;
    for (int shape = 0; shape < static_cast<int>(kShapes.size()); ++shape)
        for (const char* policy : {"none", "selective", "full", "sqrt", "segment:best", "budget"})
            for (const char* variant : {"", "+offload", "bf16"}) {
                const bool bf16 = std::string(variant) == "bf16";
                const std::string p = std::string(policy) + (bf16 ? "" : variant);
                rows.push_back(
                    {"shape " + std::to_string(shape) + " " + p + (bf16 ? " bf16" : ""), {shape, p, bf16}});
            }
    return rows;
}

} // namespace

RLAB_TEST_CASES(rowsAddUpToTheMeasuredPeak, sumCases(), const SumCase& row)
{
    const ModelShape& shape = kShapes[static_cast<std::size_t>(row.shape)];
    std::string policy = row.policy;
    if (policy.rfind("budget", 0) == 0) {
        const std::uint64_t none = predictPeakActivationBytes(config(shape, "none"));
        const std::uint64_t full = predictPeakActivationBytes(config(shape, "full"));
        policy = "budget:" + std::to_string((none + full) / 2) + policy.substr(6);
    }
    RunConfig c = config(shape, policy);
    c.savePrecision = row.bf16 ? SavePrecision::Bf16 : SavePrecision::Fp32;
    const RunResult r = run(c);
    std::string error;
    const std::optional<TensorLedger> measured = measuredLedger(r, &error);
    RLAB_CHECK_MSG(measured.has_value(), error);
    RLAB_CHECK(measured->measured);
    RLAB_CHECK(r.peakActivationBytes > 0);
    RLAB_CHECK_EQ(measured->untaggedPeakBytes, std::uint64_t {0});
    RLAB_CHECK_EQ(measured->peakActivationBytes, r.peakActivationBytes);
    RLAB_CHECK_EQ(measured->rowsPeakBytes, r.peakActivationBytes);
    std::uint64_t sum = 0;
    for (const LedgerRow& tensor : measured->rows)
        sum += tensor.peakBytes;
    RLAB_CHECK_EQ(sum, r.peakActivationBytes);
    RLAB_CHECK(!measured->peakPhase.empty());
    // Every block's kept bytes are the paper's 34sbh + 5as^2b plus the named differences.
    for (int block = 0; block < shape.layers; ++block) {
        const PaperReconciliation p = reconcileWithPaper(*measured, block);
        RLAB_CHECK_EQ(p.paperNone, paperFormula(shape).none());
        RLAB_CHECK_EQ(p.engineKept, keptBytes(*measured, block, LedgerConvention::Engine));
        RLAB_CHECK_EQ(static_cast<std::int64_t>(p.paperNone) + p.recomputed + p.precision + p.masks + p.absent
                + p.statistics,
            static_cast<std::int64_t>(p.engineKept));
    }

    // The predictor yields the same rows, each with the same bytes at the peak.
    const std::optional<TensorLedger> predicted = predictLedger(c, &error);
    RLAB_CHECK_MSG(predicted.has_value(), error);
    RLAB_CHECK(!predicted->measured);
    RLAB_CHECK_EQ(predicted->peakActivationBytes, r.peakActivationBytes);
    RLAB_CHECK_EQ(predicted->rows.size(), measured->rows.size());
    for (std::size_t i = 0; i < predicted->rows.size(); ++i) {
        const LedgerRow& p = predicted->rows[i];
        const LedgerRow& m = measured->rows[i];
        RLAB_CHECK_MSG(
            p.peakBytes == m.peakBytes && p.name == m.name && p.block == m.block && p.bytes == m.bytes,
            "block " + std::to_string(m.block) + " " + m.name + ": measured " + std::to_string(m.peakBytes)
                + " bytes at the peak, predicted " + std::to_string(p.peakBytes));
    }
}

// The same rows counted the paper's way, per layer: 34sbh + 5as^2b kept without recomputation,
// 34sbh with the attention core (softmax, its dropout) recomputed, 2sbh with full recomputation.
RLAB_TEST(paperConventionIsTheFormula)
{
    std::vector<ModelShape> shapes = kShapes;
    shapes.push_back(ModelShape {96, 12288, 96, 2048, 1, 50257}); // GPT-3 175B, predicted only
    const std::string attentionCore
        = "selective"; // with keep = every kind but softmax and attn_dropout, below
    for (const ModelShape& shape : shapes) {
        const PaperFormula f = paperFormula(shape);
        RLAB_CHECK_EQ(f.sbh, std::uint64_t(shape.seq) * shape.batch * shape.width);
        RLAB_CHECK_EQ(f.as2b, std::uint64_t(shape.heads) * shape.seq * shape.seq * shape.batch);
        struct Expect {
            RunConfig config;
            std::uint64_t perLayer;
        };
        RunConfig core = config(shape, attentionCore);
        core.policy.keep = {OpKind::BlockInput, OpKind::LayerNorm, OpKind::Qkv, OpKind::AttnValues,
            OpKind::Residual, OpKind::Fc1, OpKind::Gelu};
        for (const Expect& e : {Expect {config(shape, "none"), f.none()}, Expect {core, f.selective()},
                 Expect {config(shape, "full"), f.full()}}) {
            std::string error;
            const std::optional<TensorLedger> ledger = predictLedger(e.config, &error);
            RLAB_CHECK_MSG(ledger.has_value(), error);
            for (int block = 0; block < shape.layers; ++block)
                RLAB_CHECK_EQ(keptBytes(*ledger, block, LedgerConvention::Paper), e.perLayer);
            RLAB_CHECK_EQ(keptBytes(*ledger, -1, LedgerConvention::Paper), std::uint64_t {0});
        }
    }
}

// The engine's own count under none, fp32: every value the paper counts at 2 bytes takes 4, the
// three dropout masks (2sbh + as^2b in the paper) take nothing, and both LayerNorms add their
// mean and rstd: 2 (32sbh + 4as^2b) + 16sb bytes per layer.
RLAB_TEST(engineConventionIsTheSumOfKeptRows)
{
    const ModelShape& shape = kShapes[1];
    std::string error;
    const std::optional<TensorLedger> ledger = predictLedger(config(shape, "none"), &error);
    RLAB_CHECK_MSG(ledger.has_value(), error);
    const PaperFormula f = paperFormula(shape);
    const std::uint64_t stats = 2 * 2 * 4 * std::uint64_t(shape.seq) * shape.batch; // two LayerNorms
    // fp32 doubles every value the paper counts; the 3 masks (2sbh + as^2b) keep nothing; stats added.
    const std::uint64_t expected = 2 * (32 * f.sbh + 4 * f.as2b) + stats;
    for (int block = 0; block < shape.layers; ++block)
        RLAB_CHECK_EQ(keptBytes(*ledger, block, LedgerConvention::Engine), expected);
}

// The peak autopsy: each counterfactual is a policy string that, when run, peaks at exactly the
// activation bytes predicted for it, below the run's own peak; the largest rows are the peak's.
RLAB_TEST_CASES(counterfactualsPeakAsPredicted,
    (std::vector<rlab::test::Case<std::string>> {{"none", "none"}, {"selective", "selective"},
        {"sqrt", "sqrt"}, {"full", "full"}, {"none+offload", "none+offload"}}),
    const std::string& policy)
{
    const RunConfig c = config(kShapes[2], policy);
    const RunResult r = run(c);
    std::string error;
    const std::optional<std::vector<Counterfactual>> counterfactuals = peakCounterfactuals(c, 3, &error);
    RLAB_CHECK_MSG(counterfactuals.has_value(), error);
    RLAB_CHECK(!counterfactuals->empty());
    for (const Counterfactual& cf : *counterfactuals) {
        RunConfig other = c;
        other.policy = RecomputePolicy::parse(cf.policy, &error).value();
        const RunResult o = run(other);
        RLAB_CHECK_MSG(o.peakActivationBytes == cf.predictedPeakActivationBytes,
            cf.policy + ": measured " + std::to_string(o.peakActivationBytes) + ", predicted "
                + std::to_string(cf.predictedPeakActivationBytes));
        RLAB_CHECK(o.peakActivationBytes < r.peakActivationBytes);
        RLAB_CHECK_EQ(cf.change,
            static_cast<std::int64_t>(o.peakActivationBytes)
                - static_cast<std::int64_t>(r.peakActivationBytes));
    }
    const std::optional<TensorLedger> ledger = measuredLedger(r, &error);
    RLAB_CHECK_MSG(ledger.has_value(), error);
    const std::vector<LedgerRow> largest = largestAtPeak(*ledger, 10);
    RLAB_CHECK(!largest.empty() && largest.size() <= 10);
    for (std::size_t i = 1; i < largest.size(); ++i)
        RLAB_CHECK(largest[i - 1].peakBytes >= largest[i].peakBytes);
    // The live activation categories at the peak are the peak.
    RLAB_CHECK_EQ(ledger->liveAtPeak[static_cast<std::size_t>(MemoryCategory::SavedActivations)]
            + ledger->liveAtPeak[static_cast<std::size_t>(MemoryCategory::RecomputeWorkspace)],
        r.peakActivationBytes);
}

RLAB_TEST_MAIN(std::string())
