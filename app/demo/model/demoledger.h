#pragma once
// What the Ledger view and the "At the peak" card show for a demo run, without widgets: the
// engine's tensor ledger (rlab/ledger.h) of the run's recorded step, grouped by the paper's term
// (Korthikanti et al.'s 34sbh + 5as^2b per layer), the bars per policy, the formula with the
// shape's numbers substituted, and the counterfactual policies with their predicted peaks, each a
// run plan the card can start. Every figure says whether it is measured or predicted.

#include <cstdint>
#include <optional>
#include <vector>

#include <QList>
#include <QString>

#include "demo/model/demoresult.h"
#include "rlab/demo/demo.h"
#include "rlab/ledger.h"

namespace rlab::demo {

// One stack of a policy's bar: the bytes live at the measured peak in the rows of one group.
struct LedgerGroup {
    QString key; // the paper's term name ("softmax output"), or one of the groups outside it:
                 // "statistics", "workspace", "head"
    QString term; // "2as^2b", ...; empty outside the formula
    std::uint64_t peakBytes = 0; // live at the activation peak (measured from the allocator)
    std::uint64_t keptBytes = 0; // kept or offloaded for backward over all blocks (engine bytes)
    int rows = 0;
};

// The ledger of a run's recorded step, its bytes as the tracking allocator saw them; nullopt when
// the run recorded no step, and demoLedgerProblem says why (empty when there is a ledger).
std::optional<rlab::TensorLedger> demoLedger(const DemoResult& result);
QString demoLedgerProblem(const DemoResult& result);

// The rows grouped for the bars, in the forward's order: each term of the formula whose rows this
// policy keeps, then LayerNorm statistics, then "workspace" (every recomputed or widened row, the
// tensors rebuilt for backward, live at the peak in the recompute workspace), then "head" (the
// final LayerNorm and the loss). Their peakBytes add up to the measured activation peak exactly;
// a term whose rows are all recomputed has no bytes of its own: the bar that vanishes.
QList<LedgerGroup> ledgerGroups(const rlab::TensorLedger& ledger);
// The term groups `base` keeps for backward (engine bytes above 0) and `other` does not: what
// `other` recomputes instead ("softmax output", ...), in the forward's order.
QStringList droppedGroups(const rlab::TensorLedger& base, const rlab::TensorLedger& other);
// Every term group of the formula, in the forward's order, whatever a policy keeps: the bars'
// shared legend, so one term has one colour in every run's bar. Llama's terms are its own tensors
// counted the paper's way, in the same order (the k-th term of each model has the k-th colour).
QStringList ledgerTermKeys(rlab::Arch arch = rlab::Arch::Gpt2);
// The group a row's bytes at the peak are counted in (LedgerGroup::key).
QString ledgerGroupKey(const rlab::LedgerRow& row);
// A group's key in the learner's language ("softmax output" in Russian; the term itself stays).
QString ledgerGroupTitle(const QString& key, rlab::Arch arch = rlab::Arch::Gpt2);
// A row's name, its fate and the paper's term name in the learner's language (the engine's English
// where there is no translation).
QString ledgerRowName(const rlab::LedgerRow& row);
QString ledgerFateTitle(rlab::TensorFate fate);

// The paper's per-layer formula for this run's policy with the shape's numbers substituted, beside
// what the blocks measured: "34sbh + 5as²b = 34 × 128 × 2 × 128 + 5 × 4 × 128² × 2 = ...".
struct LedgerFormula {
    QString formula; // the policy's formula in letters ("34sbh + 5as²b"), empty for a plan the paper has no
                     // row for
    QString substituted; // with the numbers
    std::uint64_t paperPerLayer = 0; // predicted, the paper's convention (16-bit values, 1-byte masks)
    std::uint64_t paperKeptPerLayer = 0; // the paper's count of what this plan keeps in block 0
    std::uint64_t measuredKept = 0; // the blocks' kept bytes summed, measured (engine convention)
    std::uint64_t paperKeptAll = 0; // the paper's count of what every block keeps (predicted)
    int layers = 0;
    bool llama = false; // the paper's formula is GPT's: a llama run gets the paper's count of its tensors
};
LedgerFormula ledgerFormula(const rlab::TensorLedger& ledger);
// The formula and the measured total in one or two sentences, in the learner's language.
QString ledgerFormulaText(const LedgerFormula& formula);

// When the peak happened, in words: "backward of block 6, op fc1 (measured)".
QString peakMomentText(const rlab::TensorLedger& ledger);
// The index of the timeline event at which the activation peak was first reached; -1 without one.
int peakEventIndex(const std::vector<rlab::TimelineEvent>& timeline);

// A counterfactual with the run plan that tries it: the run's configuration with the policy changed.
struct DemoCounterfactual {
    rlab::Counterfactual counterfactual; // predicted peak: predictedPeakActivationBytes
    rlab::demo::PlannedRun plan; // one run, not timed (memory is exact after a step)
};
// Up to three policies that lower this run's peak (rlab::peakCounterfactuals), each planned as a
// run; empty where the predictor refuses (the card then offers none).
std::vector<DemoCounterfactual> demoCounterfactuals(const DemoResult& result);
// What a counterfactual changes, in the learner's language ("offload what this policy keeps ...").
QString counterfactualText(const rlab::Counterfactual& counterfactual);

} // namespace rlab::demo
