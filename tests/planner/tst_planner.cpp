// The planner shared by `rlab plan` and the Planner page: its choice at two budgets, the
// predicted-only modes (bf16 weights with fp32 masters, fused attention) modelled as their
// definitions say, segment:best's length, refusals, and snippets that say what they need.
#include <algorithm>
#include <chrono>
#include <limits>

#include "rlab/planner/planner.h"
#include "rlab/planner/snippets.h"
#include "rlab_test.h"
#include "slowness.h"

namespace {

using rlab::planner::PolicyRow;
using rlab::planner::Report;
using rlab::planner::Request;

Request gpt2(const char* name, int seq, int batch, std::uint64_t budget)
{
    Request request;
    request.config.shape.seq = seq;
    request.config.shape.batch = batch;
    request.budgetBytes = budget;
    return rlab::planner::withModel(request, *rlab::planner::findModelPreset(name));
}

const PolicyRow& row(const Report& report, const std::string& name)
{
    for (const PolicyRow& each : report.rows)
        if (each.name() == name)
            return each;
    throw std::runtime_error("no row " + name);
}

std::uint64_t category(const PolicyRow& r, rlab::MemoryCategory c)
{
    return rlab::planner::peakOf(r.prediction, c);
}

} // namespace

// GPT-2 124M at T=1024, B=8 with AdamW: 80 GB needs no recomputation, 16 GB does; the choice fits
// and recomputes least among the rows that fit on the device alone.
RLAB_TEST(choosesByBudget)
{
    const std::optional<Report> large
        = rlab::planner::plan(gpt2("gpt2-124m", 1024, 8, 80'000'000'000), nullptr);
    const std::optional<Report> small
        = rlab::planner::plan(gpt2("gpt2-124m", 1024, 8, 16'000'000'000), nullptr);
    RLAB_CHECK(large && small);
    RLAB_CHECK(large->cheapestRow() && small->cheapestRow());
    RLAB_CHECK_EQ(large->cheapestRow()->name(), std::string("none"));
    RLAB_CHECK(!row(*small, "none").fits);
    const PolicyRow& choice = *small->cheapestRow();
    RLAB_CHECK(choice.fits && !choice.policy.offload && choice.label != "none");
    RLAB_CHECK(choice.prediction.memory.peakTotal <= small->request.budgetBytes);
    for (const PolicyRow& other : small->rows)
        if (other.fits && !other.policy.offload)
            RLAB_CHECK(choice.prediction.recomputeFlops <= other.prediction.recomputeFlops);
    // none's largest micro-batch at 16 GB fits, and one more does not.
    const int largest = row(*small, "none").largestBatch;
    RLAB_CHECK(largest >= 1 && largest < 8);
    RLAB_CHECK(rlab::planner::predictRow(gpt2("gpt2-124m", 1024, largest, 16'000'000'000), {}, "none").fits);
    RLAB_CHECK(
        !rlab::planner::predictRow(gpt2("gpt2-124m", 1024, largest + 1, 16'000'000'000), {}, "none").fits);
}

// bf16 weights: 2-byte weights and gradients, the fp32 master copy beside AdamW's two moments.
RLAB_TEST(bf16WeightsKeepFp32Masters)
{
    Request fp32 = gpt2("gpt2-355m", 512, 2, 80'000'000'000);
    Request bf16 = fp32;
    bf16.config.weightPrecision = rlab::SavePrecision::Bf16;
    const std::optional<Report> a = rlab::planner::plan(fp32, nullptr),
                                b = rlab::planner::plan(bf16, nullptr);
    RLAB_CHECK(a && b);
    RLAB_CHECK_EQ(a->parameters, b->parameters);
    const std::uint64_t n = a->parameters;
    using C = rlab::MemoryCategory;
    const PolicyRow &full32 = row(*a, "full"), &full16 = row(*b, "full");
    RLAB_CHECK_EQ(category(full16, C::Parameters), 2 * n);
    RLAB_CHECK_EQ(category(full16, C::Gradients), 2 * n);
    RLAB_CHECK_EQ(category(full16, C::OptimizerState), 12 * n);
    RLAB_CHECK_EQ(category(full32, C::OptimizerState), 8 * n);
    // Constant over the step: 2 + 2 + 4 + 8 bytes a parameter is fp32's 4 + 4 + 8, the same peak...
    RLAB_CHECK_EQ(full32.prediction.memory.peakTotal, full16.prediction.memory.peakTotal);
    RLAB_CHECK(!rlab::planner::predictedOnly(fp32.config) && rlab::planner::predictedOnly(bf16.config));
    // ...and with SGD's one moment too (2 + 2 + 4 + 4 against 4 + 4 + 4): the saving is in activations.
    fp32.config.optimizer = bf16.config.optimizer = rlab::Optimizer::Sgd;
    const PolicyRow s32 = rlab::planner::predictRow(fp32, {}, "none");
    const PolicyRow s16 = rlab::planner::predictRow(bf16, {}, "none");
    RLAB_CHECK_EQ(s16.prediction.memory.peakTotal - s32.prediction.memory.peakTotal, 0u);
}

// Fused attention keeps no T x T tensor: none keeps less, and backward recomputes the probabilities.
RLAB_TEST(fusedAttentionKeepsNoProbabilities)
{
    Request plain = gpt2("gpt2-124m", 1024, 1, 80'000'000'000);
    Request fused = plain;
    fused.config.fusedAttention = true;
    const PolicyRow a = rlab::planner::predictRow(plain, {}, "none");
    const PolicyRow b = rlab::planner::predictRow(fused, {}, "none");
    RLAB_CHECK(a.planned && b.planned);
    // Per block the softmax and dropout outputs (B*H*T*T floats each) go, the logsumexp (B*H*T) stays.
    const rlab::ModelShape& s = plain.config.shape;
    const std::uint64_t bhtt = std::uint64_t(s.batch) * s.heads * s.seq * s.seq;
    const std::uint64_t bht = std::uint64_t(s.batch) * s.heads * s.seq;
    const std::uint64_t saved = category(a, rlab::MemoryCategory::SavedActivations)
        - category(b, rlab::MemoryCategory::SavedActivations);
    RLAB_CHECK_EQ(saved, std::uint64_t(s.layers) * (2 * bhtt - bht) * 4);
    RLAB_CHECK(b.prediction.recomputeFlops > 0 && a.prediction.recomputeFlops == 0);
    RLAB_CHECK(!rlab::planner::predictedOnly(fused.config));
    // The engine trains it now (docs/fused-attention.md): its measured peak is the planner's.
    rlab::RunConfig tiny;
    tiny.shape = {2, 16, 2, 9, 1, 16};
    tiny.steps = 1;
    tiny.warmupSteps = 0;
    tiny.fusedAttention = true;
    Request small;
    small.config = tiny;
    small.budgetBytes = 1'000'000'000;
    const PolicyRow row = rlab::planner::predictRow(small, {}, "none");
    const rlab::RunResult measured = rlab::run(tiny);
    RLAB_CHECK(row.planned);
    RLAB_CHECK_EQ(measured.peakActivationBytes, row.prediction.memory.peakActivations);
    RLAB_CHECK_EQ(measured.peakBytes, row.prediction.memory.peakTotal);
}

// segment:best runs segments of the engine's best length, and its snippets use that length.
RLAB_TEST(segmentBestUsesTheBestLength)
{
    Request request;
    request.config.shape = {100, 512, 4, 64, 1, 512}; // deep and narrow in T: segments beat single blocks
    request.budgetBytes = 1'000'000'000;
    const std::optional<Report> report = rlab::planner::plan(request, nullptr);
    RLAB_CHECK(report);
    rlab::RunConfig config = request.config;
    const int best = rlab::bestSegmentBlocks(config);
    RLAB_CHECK(best > 1);
    const PolicyRow& segment = row(*report, "segment:best");
    RLAB_CHECK_EQ(segment.prediction.segmentBlocks, best);
    const auto snippets = rlab::planner::snippets(segment, config.shape.layers);
    RLAB_CHECK(snippets.size() == 4);
    RLAB_CHECK(snippets[0].code.find("k = " + std::to_string(best)) != std::string::npos);
    RLAB_CHECK(snippets[2].code.find("--recompute-num-layers " + std::to_string(best)) != std::string::npos);
    for (const rlab::planner::Snippet& snippet : snippets) {
        // The first comment line says the version it needs.
        const std::string first = snippet.code.substr(0, snippet.code.find('\n'));
        RLAB_CHECK_MSG(first.find("or later") != std::string::npos, first);
        RLAB_CHECK(!snippet.needs.empty());
    }
}

RLAB_TEST(fullAndSelectiveSnippets)
{
    const std::optional<Report> report
        = rlab::planner::plan(gpt2("gpt2-124m", 1024, 8, 24'000'000'000), nullptr);
    RLAB_CHECK(report);
    const auto full = rlab::planner::snippets(row(*report, "full"), 12);
    RLAB_CHECK(full[0].kind == rlab::planner::SnippetKind::PyTorchPerBlock);
    RLAB_CHECK(full[0].code.find("checkpoint(block, x, use_reentrant=False)") != std::string::npos);
    RLAB_CHECK(full[1].kind == rlab::planner::SnippetKind::PyTorchSequential);
    RLAB_CHECK(full[1].code.find("does not checkpoint its last segment") != std::string::npos);
    const auto selective = rlab::planner::snippets(row(*report, "selective"), 12);
    RLAB_CHECK(selective[0].kind == rlab::planner::SnippetKind::PyTorchSelective);
    RLAB_CHECK(selective[0].needs == "PyTorch 2.5 or later");
    RLAB_CHECK(selective[0].code.find("create_selective_checkpoint_contexts") != std::string::npos);
    RLAB_CHECK(selective[1].code.find("--recompute-granularity selective") != std::string::npos);
    const auto offload = rlab::planner::snippets(row(*report, "full+offload"), 12);
    RLAB_CHECK(offload[0].code.find("save_on_cpu") != std::string::npos);
}

struct Refusal {
    Request request;
};

std::vector<rlab::test::Case<Refusal>> refusals()
{
    std::vector<rlab::test::Case<Refusal>> rows;
    Request preset = gpt2("gpt2-124m", 1024, 1, 24'000'000'000);
    Request r = preset;
    r.config.shape.seq = 2048;
    rows.push_back({"preset past its context", {r}});
    r = preset;
    r.model = "gpt5";
    rows.push_back({"unknown model", {r}});
    r = preset;
    r.budgetBytes = 0;
    rows.push_back({"no budget", {r}});
    r = preset;
    r.model = "custom";
    r.config.shape.heads = 7;
    rows.push_back({"heads do not divide the width", {r}});
    r.config.shape = {4096, 65536, 1, 65536, 65536, 1 << 24};
    rows.push_back({"count past 64 bits", {r}});
    return rows;
}

// A deep model plans in seconds: the predictor walks each run of alike blocks once and the
// budget planner keeps its candidates across the budgets it is asked (1,024 layers took 48 s,
// every candidate plan walked block by block at each of rlab plan's few hundred questions).
RLAB_TEST(deepModelPlansInSeconds)
{
    Request request;
    request.model = std::string(rlab::planner::kCustomModel);
    request.config.shape = {1024, 256, 4, 64, 1, 256};
    request.budgetBytes = 24'000'000'000;
    const auto start = std::chrono::steady_clock::now();
    const std::optional<Report> report = rlab::planner::plan(request, nullptr);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    RLAB_CHECK(report && report->cheapestRow());
    RLAB_CHECK(row(*report, "budget").fits && row(*report, "budget").largestBatch > 0);
    RLAB_CHECK_MSG(
        seconds < 20.0 * rlab::test::kSlowness, "1,024 layers planned in " + std::to_string(seconds) + " s");
}

RLAB_TEST_CASES(refusesImpossibleRequests, refusals(), const Refusal& refusal)
{
    std::string error;
    RLAB_CHECK(!rlab::planner::plan(refusal.request, &error));
    RLAB_CHECK_MSG(!error.empty() && error.back() == '.' && error.find('\n') == std::string::npos, error);
}

RLAB_TEST_MAIN("")
