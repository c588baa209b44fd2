// rlab ledger: every tensor one training step keeps, recomputes or offloads, with the bytes the
// tracking allocator saw and the paper's bytes for the same term (rlab/ledger.h); --paper
// reconciles each block with Korthikanti et al.'s 34sbh + 5as^2b, every difference named.
#include <cinttypes>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "rlab/ledger.h"
#include "run_options.h"
#include "train.h"

namespace {

constexpr const char* kLedgerUsage
    = R"(usage: rlab ledger [rlab run's options] [--paper] [--convention engine|paper] [--predict] [--json]
Runs one training step (unless --steps says more) and lists, per block and for the head, every
tensor the step keeps for backward, recomputes or offloads: its op, name, shape, storage
precision, bytes, memory category, fate (kept, recomputed, offloaded, widened), the bytes it held
at the step's activation peak as the tracking allocator saw them, and Korthikanti et al.'s term
(2sbh, 6sbh, 2as^2b, as^2b, sbh, 8sbh; for --arch llama the same counting over its tensors,
2sb(h+2k), 4sbf, 2sbf, ...) with the paper's bytes for it. The rows' bytes at the peak
add up to the measured peak of saved activations and recompute workspace exactly.

  --paper               per block, the paper's formula with this shape's numbers substituted, the
                        engine's bytes, and each difference named
  --convention engine|paper
                        which bytes the per-block totals count: the engine's (default) or the
                        paper's (16-bit values, 1-byte masks kept, no LayerNorm statistics)
  --predict             nothing is run: the predictor's rows and peak (any size, e.g. GPT-3 175B's
                        --layers 96 --width 12288 --heads 96 --seq 2048 --batch 1 --vocab 50257)
  --json                print one JSON object (docs/cli.md, docs/rlab-ledger.schema.json)

The run options are rlab run's (--policy, --offload, --save-precision, the sizes, --dropout, ...).
Exit status: 0 done, 1 the run failed, 2 bad arguments.
)";

struct LedgerOptions {
    RunOptions run;
    bool paper = false, predictOnly = false;
    rlab::LedgerConvention convention = rlab::LedgerConvention::Engine;
};

std::optional<LedgerOptions> parseLedgerOptions(const std::vector<std::string>& args, std::string* error)
{
    LedgerOptions options;
    // One step, all of it measured, unless the options say otherwise (later flags win).
    std::vector<std::string> runArgs {"--steps", "1", "--warmup", "0"};
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& flag = args[i];
        if (flag == "--paper") {
            options.paper = true;
        } else if (flag == "--predict") {
            options.predictOnly = true;
        } else if (flag == "--convention" || flag.starts_with("--convention=")) {
            std::string value;
            if (flag == "--convention") {
                if (i + 1 >= args.size()) {
                    *error = "--convention needs a value: engine or paper.";
                    return std::nullopt;
                }
                value = args[++i];
            } else {
                value = flag.substr(std::string("--convention=").size());
            }
            if (value != "engine" && value != "paper") {
                *error = "--convention must be engine or paper, not '" + value + "'.";
                return std::nullopt;
            }
            options.convention
                = value == "paper" ? rlab::LedgerConvention::Paper : rlab::LedgerConvention::Engine;
        } else {
            runArgs.push_back(flag);
        }
    }
    std::optional<RunOptions> run = parseRunOptions(runArgs, error);
    if (!run)
        return std::nullopt;
    options.run = std::move(*run);
    options.run.config.recordTimeline = true;
    return options;
}

std::string shapeText(const std::vector<std::uint64_t>& shape)
{
    std::string text;
    for (const std::uint64_t dim : shape) {
        if (!text.empty())
            text += 'x';
        text += std::to_string(dim);
    }
    return text;
}

std::string blockName(int block)
{
    return block < 0 ? std::string("head") : "block " + std::to_string(block);
}

void printRows(const rlab::TensorLedger& ledger, rlab::LedgerConvention convention)
{
    const rlab::ModelShape& s = ledger.config.shape;
    const char* source = ledger.measured ? "measured" : "predicted";
    const std::string arch = s.arch == rlab::Arch::Llama ? ", llama (" + std::to_string(rlab::kvHeadsOf(s))
            + " key/value heads, SwiGLU hidden size " + std::to_string(rlab::ffnOf(s)) + ")"
                                                         : std::string();
    std::printf(
        "rlab ledger: %s, %d blocks, width %d, %d heads, seq %d, batch %d, vocab %d, %s activations%s\n",
        ledger.config.policy.name().c_str(), s.layers, s.width, s.heads, s.seq, s.batch, s.vocab,
        ledger.config.savePrecision == rlab::SavePrecision::Bf16 ? "bf16" : "fp32", arch.c_str());
    std::printf("Activation peak (%s): %" PRIu64 " bytes", source, ledger.peakActivationBytes);
    if (!ledger.peakPhase.empty())
        std::printf(", first reached in the %s, %s, op %s", ledger.peakPhase.c_str(),
            blockName(ledger.peakBlock).c_str(), ledger.peakOp.c_str());
    std::printf(
        ".\nBytes: the engine's while the tensor is held; at peak: %s at that moment; paper: the term's "
        "bytes with 16-bit values and 1-byte masks.\n",
        source);
    const auto header = [] {
        std::printf("  %-10s %-13s %-62s %-14s %-5s %12s %12s  %-7s %12s\n", "fate", "op", "name", "shape",
            "prec", "bytes", "at peak", "term", "paper");
    };
    for (int i = 0; i <= s.layers; ++i) {
        const int block = i < s.layers ? i : -1;
        std::uint64_t atPeak = 0;
        for (const rlab::LedgerRow& row : ledger.rows)
            if (row.block == block)
                atPeak += row.peakBytes;
        std::printf("%s: keeps %" PRIu64 " bytes (%s convention; engine %" PRIu64 ", paper %" PRIu64
                    "), %" PRIu64 " bytes live at the peak\n",
            blockName(block).c_str(), rlab::keptBytes(ledger, block, convention),
            convention == rlab::LedgerConvention::Paper ? "paper's" : "engine's",
            rlab::keptBytes(ledger, block, rlab::LedgerConvention::Engine),
            rlab::keptBytes(ledger, block, rlab::LedgerConvention::Paper), atPeak);
        header();
        for (const rlab::LedgerRow& row : ledger.rows) {
            if (row.block != block)
                continue;
            std::printf("  %-10s %-13s %-62s %-14s %-5s %12" PRIu64 " %12" PRIu64 "  %-7s %12" PRIu64 "\n",
                std::string(rlab::tensorFateName(row.fate)).c_str(), row.op.c_str(), row.name.c_str(),
                shapeText(row.shape).c_str(), row.precision.c_str(), row.bytes, row.peakBytes,
                row.term.empty() ? "-" : row.term.c_str(), row.paperBytes);
        }
    }
    std::printf("Rows at the peak: %" PRIu64 " bytes; the %s activation peak: %" PRIu64 " bytes.\n",
        ledger.rowsPeakBytes, source, ledger.peakActivationBytes);
}

void printAutopsy(const rlab::TensorLedger& ledger, const std::vector<rlab::Counterfactual>& counterfactuals)
{
    std::printf("\nAt the peak (%s):", ledger.measured ? "measured" : "predicted");
    if (!ledger.peakPhase.empty())
        std::printf(" %s, %s, op %s.", ledger.peakPhase.c_str(), blockName(ledger.peakBlock).c_str(),
            ledger.peakOp.c_str());
    std::printf("\n");
    if (ledger.measured) {
        std::printf("  live on the device by category:");
        for (std::size_t c = 0; c < rlab::kMemoryCategoryCount; ++c)
            if (rlab::isDeviceCategory(static_cast<rlab::MemoryCategory>(c)))
                std::printf(" %s %" PRIu64 ";",
                    std::string(rlab::memoryCategoryName(static_cast<rlab::MemoryCategory>(c))).c_str(),
                    ledger.liveAtPeak[c]);
        std::printf("\n");
    }
    std::printf("  the largest tensors live then:\n");
    for (const rlab::LedgerRow& row : rlab::largestAtPeak(ledger, 10))
        std::printf("    %12" PRIu64 "  %s, %s (%s)\n", row.peakBytes, blockName(row.block).c_str(),
            row.name.c_str(), std::string(rlab::tensorFateName(row.fate)).c_str());
    if (counterfactuals.empty())
        std::printf("  no other policy the predictor tried lowers this peak.\n");
    for (const rlab::Counterfactual& c : counterfactuals)
        std::printf("  --policy %s (%s): predicted peak %" PRIu64 " bytes, %+" PRId64 " bytes\n",
            c.policy.c_str(), c.what.c_str(), c.predictedPeakActivationBytes, c.change);
}

bool sameReconciliation(const rlab::PaperReconciliation& a, const rlab::PaperReconciliation& b)
{
    return a.paperNone == b.paperNone && a.paperKept == b.paperKept && a.recomputed == b.recomputed
        && a.precision == b.precision && a.masks == b.masks && a.absent == b.absent
        && a.statistics == b.statistics && a.engineKept == b.engineKept
        && a.recomputedNames == b.recomputedNames;
}

void printPaper(const rlab::TensorLedger& ledger)
{
    const rlab::ModelShape& s = ledger.config.shape;
    const rlab::PaperFormula f = rlab::paperFormula(s);
    const bool llama = s.arch == rlab::Arch::Llama;
    if (llama)
        std::printf("Korthikanti et al.'s formula is GPT's block; for llama's the same counting (16-bit "
                    "values, 1-byte masks) runs over llama's tensors, row by row (rlab ledger's terms),\n"
                    "so the lines below give GPT's formula at this shape for comparison only.\n");
    std::printf("Korthikanti et al. 2022, activations per layer (16-bit values, 1-byte dropout masks):\n");
    std::printf("  s = %d (seq), b = %d (batch), h = %d (width), a = %d (heads): sbh = %" PRIu64
                ", as^2b = %" PRIu64 "\n",
        s.seq, s.batch, s.width, s.heads, f.sbh, f.as2b);
    std::printf("  no recomputation:           34sbh + 5as^2b = 34 x %" PRIu64 " + 5 x %" PRIu64 " = %" PRIu64
                " bytes\n",
        f.sbh, f.as2b, f.none());
    std::printf("  attention core recomputed:  34sbh = %" PRIu64 " bytes\n", f.selective());
    std::printf("  full recomputation:         2sbh = %" PRIu64 " bytes\n", f.full());
    std::printf("This plan (%s, %s), what each block keeps from its forward for its backward:\n",
        ledger.config.policy.name().c_str(), ledger.measured ? "measured" : "predicted");
    int first = 0;
    while (first < s.layers) {
        const rlab::PaperReconciliation r = rlab::reconcileWithPaper(ledger, first);
        int last = first;
        while (last + 1 < s.layers && sameReconciliation(r, rlab::reconcileWithPaper(ledger, last + 1)))
            ++last;
        const std::string blocks = first == last
            ? "block " + std::to_string(first)
            : "blocks " + std::to_string(first) + "-" + std::to_string(last);
        std::printf("  %s: the engine keeps %" PRIu64 " bytes each; the paper's way, this plan keeps %" PRIu64
                    " bytes\n",
            blocks.c_str(), r.engineKept, r.paperKept);
        std::printf("    %+15" PRId64 "  %s, the paper's count with nothing recomputed\n",
            static_cast<std::int64_t>(r.paperNone),
            llama ? "llama's rows counted the paper's way" : "34sbh + 5as^2b");
        std::string names;
        for (const std::string& name : r.recomputedNames)
            names += (names.empty() ? "" : "; ") + name;
        const auto line = [](std::int64_t bytes, const std::string& why) {
            if (bytes != 0)
                std::printf("    %+15" PRId64 "  %s\n", bytes, why.c_str());
        };
        line(r.recomputed, "recomputed by this plan, not kept: " + names);
        line(r.precision, "precision: fp32 values take 4 bytes where the paper counts 2");
        line(r.masks, "dropout masks: regenerated from the Philox counter, the engine keeps 0 bytes");
        line(r.absent, "not stored by the engine (dropout off, or fused attention)");
        line(r.statistics,
            llama ? "RMSNorm rstd (fused: softmax logsumexp), which the paper does not count"
                  : "LayerNorm mean and rstd (fused: softmax logsumexp), which the paper does not count");
        std::printf("    %15" PRIu64 "  = the engine's bytes\n", r.engineKept);
        first = last + 1;
    }
    std::printf("  head (outside the per-layer formula): the engine keeps %" PRIu64 " bytes\n",
        rlab::keptBytes(ledger, -1, rlab::LedgerConvention::Engine));
    if (!llama && ledger.config.policy.kind == rlab::PolicyKind::Selective
        && ledger.config.policy.keep.empty()) {
        std::string keep;
        for (const rlab::OpKind kind : rlab::defaultSelectiveKeep())
            keep += (keep.empty() ? "" : ",") + std::string(rlab::opKindName(kind));
        std::printf(
            "The engine's selective keeps %s by default, so it also recomputes the LayerNorm and GELU "
            "outputs, which the paper's selective keeps (its 34sbh is --keep with every kind but softmax "
            "and attn_dropout).\n",
            keep.c_str());
    }
}

} // namespace

int ledgerCommand(int argc, char** argv)
{
    const std::vector<std::string> args = argumentsAfter(argc, argv);
    if (asksForHelp(args)) {
        std::fputs(kLedgerUsage, stdout);
        return 0;
    }
    std::string error;
    const std::optional<LedgerOptions> options = parseLedgerOptions(args, &error);
    if (!options)
        return complain(error, 2);
    const rlab::RunConfig& config = options->run.config;
    std::optional<rlab::TensorLedger> ledger;
    if (options->predictOnly) {
        ledger = rlab::predictLedger(config, &error);
        if (!ledger)
            return complain(error, 2);
    } else {
        if (const std::optional<std::string> refusal = rlab::validate(config))
            return complain(*refusal, 2);
        rlab::RunResult result;
        if (const int status = train(config, "rlab ledger " + config.policy.name(), &result))
            return status;
        ledger = rlab::measuredLedger(result, &error);
        if (!ledger)
            return complain(error, 1);
    }
    const std::optional<std::vector<rlab::Counterfactual>> counterfactuals
        = rlab::peakCounterfactuals(config, 3, &error);
    if (!counterfactuals)
        return complain(error, 1);
    if (options->run.json) {
        std::printf("%s\n", rlab::ledgerJson(*ledger, options->convention, &*counterfactuals).c_str());
        return 0;
    }
    if (options->paper) {
        printPaper(*ledger);
    } else {
        printRows(*ledger, options->convention);
        printAutopsy(*ledger, *counterfactuals);
    }
    return 0;
}
