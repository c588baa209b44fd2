// The models behind the Ledger view, the "At the peak" card and the frontier chart, headless (this
// program links rlab_model: QtCore, no widgets), and the claims that read the frontier preset.

#include <algorithm>
#include <numeric>

#include <QTest>

#include "demo/model/demofrontier.h"
#include "demo/model/demoledger.h"
#include "demo/model/demorunner.h"
#include "demo_presets.h"
#include "rlab/engine.h"

using rlab::app::OrProblem;
using rlab::demo::counterfactualText;
using rlab::demo::DemoCounterfactual;
using rlab::demo::demoCounterfactuals;
using rlab::demo::demoLedger;
using rlab::demo::demoLedgerProblem;
using rlab::demo::DemoOutcome;
using rlab::demo::DemoResult;
using rlab::demo::DemoRunner;
using rlab::demo::DemoRunPlan;
using rlab::demo::droppedGroups;
using rlab::demo::frontierCorners;
using rlab::demo::FrontierPoint;
using rlab::demo::LedgerFormula;
using rlab::demo::ledgerFormula;
using rlab::demo::ledgerFormulaText;
using rlab::demo::LedgerGroup;
using rlab::demo::ledgerGroups;
using rlab::demo::ledgerGroupTitle;
using rlab::demo::ledgerTermKeys;
using rlab::demo::peakEventIndex;
using rlab::demo::peakMomentText;

using rlab::content::ClaimQuantity;
using rlab::content::ClaimRelation;
using rlab::content::DemoClaim;
using rlab::demo::RunOutcome;
using rlab::demo::Verdict;

namespace {

// One measured run of the tiny preset's shape under `policy`, as the demo runs it.
DemoResult tinyRun(const std::string& policy, rlab::Arch arch = rlab::Arch::Gpt2)
{
    rlab::content::DemoPreset preset = tinyPreset("tiny-ledger");
    preset.shape = {3, 32, 2, 16, 2, 64};
    preset.shape.arch = arch;
    preset.maxShape = preset.shape;
    preset.runs = {demoRun(policy)};
    const OrProblem<QList<DemoRunPlan>> planned = DemoRunner::plan(preset, DemoRunner::defaultChoice(preset));
    const QList<DemoRunPlan>& plans = planned.value;
    if (plans.isEmpty())
        qFatal("%s", qPrintable(planned.problem));
    DemoRunPlan plan = plans.back();
    plan.config.minTimeSeconds = 0;
    DemoResult result;
    result.label = QString::fromStdString(policy);
    result.run = rlab::run(plan.config);
    return result;
}

std::uint64_t groupBytes(const QList<LedgerGroup>& groups, const QString& key)
{
    for (const LedgerGroup& group : groups)
        if (group.key == key)
            return group.keptBytes;
    return 0;
}

RunOutcome outcome(const std::string& label, const std::string& policy, std::uint64_t peak, double flops,
    std::vector<double> rounds = {})
{
    RunOutcome out;
    out.label = label;
    std::string error;
    out.result.config.policy = *rlab::RecomputePolicy::parse(policy, &error);
    out.result.peakActivationBytes = peak;
    out.result.recomputeFlops = flops;
    out.result.stepMsRounds = std::move(rounds);
    if (!out.result.stepMsRounds.empty())
        out.result.stepMsMedian = out.result.stepMsRounds.front();
    return out;
}

DemoClaim claim(const std::string& id, ClaimQuantity quantity, ClaimRelation is, const std::string& run = {})
{
    DemoClaim c;
    c.id = id;
    c.quantity = quantity;
    c.is = is;
    c.run = run;
    return c;
}

Verdict verdictOf(const DemoClaim& c, const std::vector<RunOutcome>& outcomes)
{
    rlab::content::DemoPreset preset;
    preset.id = "frontier-test";
    preset.claims = {c};
    return rlab::demo::checkClaims(preset, outcomes).front().verdict;
}

} // namespace

class DemoLedgerTest : public QObject {
    Q_OBJECT

private slots:
    void barsAddUpToTheMeasuredPeak();
    void selectiveDropsTheAttentionCore();
    void formulaSubstitutesTheShape();
    void llamaBarsShowLlamasTerms();
    void counterfactualsPeakAsPredicted();
    void peakIsMarkedOnTheTimeline();
    void frontierCornersBeatEverythingThatKeepsLess();
    void budgetClaimsReadEveryBudgetRun();
    void namedPolicyBelowTheFrontierFails();
};

// Proves: the bars' stacks (ledgerGroups) add up to each run's measured activation peak exactly,
// for keeping, recomputing, offloading and bf16-saving policies, so no byte of a bar is a guess.
void DemoLedgerTest::barsAddUpToTheMeasuredPeak()
{
    for (const std::string policy : {"none", "selective", "full", "sqrt", "budget:300K", "full+offload"}) {
        const DemoResult result = tinyRun(policy);
        const std::optional<rlab::TensorLedger> ledger = demoLedger(result);
        QVERIFY2(ledger, qPrintable(demoLedgerProblem(result)));
        const QList<LedgerGroup> groups = ledgerGroups(*ledger);
        const std::uint64_t sum = std::accumulate(groups.begin(), groups.end(), std::uint64_t {0},
            [](std::uint64_t total, const LedgerGroup& g) { return total + g.peakBytes; });
        QVERIFY2(sum == result.run.peakActivationBytes,
            qPrintable(QStringLiteral("%1: %2 against %3")
                           .arg(QString::fromStdString(policy))
                           .arg(sum)
                           .arg(result.run.peakActivationBytes)));
    }
}

// Proves: against none's ledger, selective no longer keeps the attention probabilities (the
// softmax output and its dropout output, the 2as²b terms) nor the GELU output, and still keeps the
// matmul outputs (QKV, fc1): what the learner must see vanish from its bar.
void DemoLedgerTest::selectiveDropsTheAttentionCore()
{
    const std::optional<rlab::TensorLedger> none = demoLedger(tinyRun("none"));
    const std::optional<rlab::TensorLedger> selective = demoLedger(tinyRun("selective"));
    QVERIFY(none && selective);
    const QStringList dropped = droppedGroups(*none, *selective);
    QVERIFY2(dropped.contains(QStringLiteral("softmax output")), qPrintable(dropped.join(u';')));
    QVERIFY2(dropped.contains(QStringLiteral("softmax dropout output (attention over values input)")),
        qPrintable(dropped.join(u';')));
    QVERIFY2(dropped.contains(QStringLiteral("fc2 input")), qPrintable(dropped.join(u';')));
    QVERIFY(!dropped.contains(QStringLiteral("GeLU input"))); // fc1's output: a matmul output, kept
    const QList<LedgerGroup> groups = ledgerGroups(*selective);
    QCOMPARE(groupBytes(groups, QStringLiteral("softmax output")), std::uint64_t {0});
    QVERIFY(groupBytes(groups, QStringLiteral("GeLU input")) > 0);
    QVERIFY(groupBytes(ledgerGroups(*none), QStringLiteral("softmax output")) > 0);
    QVERIFY(droppedGroups(*none, *none).isEmpty());
}

// Proves: the formula line substitutes the shape (s = 16, b = 2, h = 32, a = 2) into the paper's
// 34sbh + 5as²b for none, 34sbh for selective and 2sbh for full, with the right totals, and says
// the measured kept bytes beside it.
void DemoLedgerTest::formulaSubstitutesTheShape()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    const std::uint64_t sbh = 16 * 2 * 32, as2b = 2 * 16 * 16 * 2;
    const struct {
        const char* policy;
        std::uint64_t perLayer;
        const char* letters;
    } cases[] = {{"none", 34 * sbh + 5 * as2b, "34sbh + 5as²b"}, {"selective", 34 * sbh, "34sbh"},
        {"full", 2 * sbh, "2sbh"}};
    for (const auto& c : cases) {
        const std::optional<rlab::TensorLedger> ledger = demoLedger(tinyRun(c.policy));
        QVERIFY(ledger);
        const LedgerFormula formula = ledgerFormula(*ledger);
        QCOMPARE(formula.paperPerLayer, c.perLayer);
        QCOMPARE(formula.formula, QString::fromUtf8(c.letters));
        QVERIFY2(
            formula.substituted.contains(QStringLiteral("16 × 2 × 32")), qPrintable(formula.substituted));
        QVERIFY(formula.measuredKept > 0);
        const QString text = ledgerFormulaText(formula);
        QVERIFY2(text.contains(QStringLiteral("predicted")) && text.contains(QStringLiteral("Measured")),
            qPrintable(text));
    }
    const std::optional<rlab::TensorLedger> sqrt = demoLedger(tinyRun("sqrt"));
    QVERIFY(sqrt);
    QVERIFY(ledgerFormula(*sqrt).formula.isEmpty()); // no one row of the paper: its count of what is kept
}

// Proves: a llama run's bars are llama's terms. The chart drew only GPT-2's term keys, so a llama
// run showed one bar of "head and loss" and its formula line said 34sbh and LayerNorm.
void DemoLedgerTest::llamaBarsShowLlamasTerms()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    const QStringList keys = ledgerTermKeys(rlab::Arch::Llama);
    QCOMPARE(keys.size(), ledgerTermKeys().size()); // the k-th term of each model has one colour
    std::optional<rlab::TensorLedger> none;
    for (const std::string policy : {"none", "selective"}) {
        const std::optional<rlab::TensorLedger> ledger = demoLedger(tinyRun(policy, rlab::Arch::Llama));
        QVERIFY(ledger);
        std::uint64_t inTerms = 0;
        for (const LedgerGroup& group : ledgerGroups(*ledger)) {
            if (group.term.isEmpty())
                continue;
            QVERIFY2(keys.contains(group.key), qPrintable(group.key));
            inTerms += group.peakBytes;
        }
        QVERIFY(inTerms > 0);
        const LedgerFormula formula = ledgerFormula(*ledger);
        QVERIFY(formula.llama && formula.formula.isEmpty());
        const QString text = ledgerFormulaText(formula);
        QVERIFY2(text.contains(QStringLiteral("RMSNorm")) && !text.contains(QStringLiteral("34sbh")),
            qPrintable(text));
        if (!none)
            none = ledger;
    }
    const QStringList dropped = droppedGroups(*none, *demoLedger(tinyRun("selective", rlab::Arch::Llama)));
    QVERIFY2(
        dropped.contains(QStringLiteral("softmax output")) && dropped.contains(QStringLiteral("w2 input")),
        qPrintable(dropped.join(u';')));
    QCOMPARE(ledgerGroupTitle(QStringLiteral("statistics"), rlab::Arch::Llama),
        QStringLiteral("RMSNorm statistics (rstd; not in the paper)"));
}

// Proves: each counterfactual the card offers, run as its button runs it (the plan, on the demo
// runner's worker thread), peaks at exactly the predicted activation bytes, below the run's own.
void DemoLedgerTest::counterfactualsPeakAsPredicted()
{
    const DemoResult none = tinyRun("none");
    const std::vector<DemoCounterfactual> tries = demoCounterfactuals(none);
    QVERIFY2(tries.size() >= 2, qPrintable(QStringLiteral("%1 counterfactuals").arg(tries.size())));
    for (const DemoCounterfactual& c : tries) {
        QVERIFY(!counterfactualText(c.counterfactual).isEmpty());
        QVERIFY(c.counterfactual.predictedPeakActivationBytes < none.run.peakActivationBytes);
        DemoRunner runner(nullptr);
        QList<DemoResult> got;
        connect(&runner, &DemoRunner::resultReady, this, [&](const DemoResult& r) { got.push_back(r); });
        bool ended = false;
        connect(&runner, &DemoRunner::ended, this, [&](const DemoOutcome&) { ended = true; });
        QVERIFY(runner.start({c.plan}));
        QTRY_VERIFY_WITH_TIMEOUT(ended, 60000);
        QCOMPARE(got.size(), 1);
        QCOMPARE(got.front().run.peakActivationBytes, c.counterfactual.predictedPeakActivationBytes);
    }
}

// Proves: the timeline's marker sits at the first event with the most activation bytes, and the
// peak's moment reads as a measured phase, block and op.
void DemoLedgerTest::peakIsMarkedOnTheTimeline()
{
    std::vector<rlab::TimelineEvent> events(4);
    events[0].activationBytes = 5;
    events[1].activationBytes = 9;
    events[2].activationBytes = 9;
    events[3].activationBytes = 2;
    QCOMPARE(peakEventIndex(events), 1);
    QCOMPARE(peakEventIndex({}), -1);
    const DemoResult full = tinyRun("full");
    const std::optional<rlab::TensorLedger> ledger = demoLedger(full);
    QVERIFY(ledger);
    const QString moment = peakMomentText(*ledger);
    QVERIFY2(moment.contains(QStringLiteral("(measured)")), qPrintable(moment));
    const int peak = peakEventIndex(full.run.timeline);
    QVERIFY(peak >= 0);
    QCOMPARE(full.run.timeline[std::size_t(peak)].activationBytes, full.run.peakActivationBytes);
}

// Proves: the frontier's corners are the budget runs that recompute less than every budget run
// keeping no more, in order of memory; named runs are plotted but never corners.
void DemoLedgerTest::frontierCornersBeatEverythingThatKeepsLess()
{
    QList<FrontierPoint> points;
    const auto add = [&](bool budget, std::uint64_t peak, double flops) {
        FrontierPoint p;
        p.budget = budget;
        p.peakBytes = peak;
        p.recomputeFlops = flops;
        points.push_back(p);
    };
    add(true, 100, 50);
    add(true, 200, 60); // keeps more and recomputes more than the first: not on the frontier
    add(true, 300, 20);
    add(true, 400, 0);
    add(false, 150, 10); // a named run: plotted, never a corner
    QCOMPARE(frontierCorners(points), (QList<int> {0, 2, 3}));
}

// Proves: within_budget without a run checks every budget run; falls_with_budget holds when the
// recompute FLOPs never rise from one budget to the next and fall overall, and fails otherwise.
void DemoLedgerTest::budgetClaimsReadEveryBudgetRun()
{
    const std::vector<RunOutcome> falling
        = {outcome("a", "budget:100B", 90, 50), outcome("b", "budget:200B", 180, 50),
            outcome("c", "budget:300B", 250, 10), outcome("none", "none", 400, 0)};
    QCOMPARE(
        verdictOf(claim("fit", ClaimQuantity::PeakActivationBytes, ClaimRelation::WithinBudget), falling),
        Verdict::Holds);
    QCOMPARE(
        verdictOf(claim("falls", ClaimQuantity::RecomputeFlops, ClaimRelation::FallsWithBudget), falling),
        Verdict::Holds);
    std::vector<RunOutcome> rising = falling;
    rising[1].result.recomputeFlops = 70;
    QCOMPARE(verdictOf(claim("falls", ClaimQuantity::RecomputeFlops, ClaimRelation::FallsWithBudget), rising),
        Verdict::Fails);
    std::vector<RunOutcome> over = falling;
    over[2].result.peakActivationBytes = 301;
    QCOMPARE(verdictOf(claim("fit", ClaimQuantity::PeakActivationBytes, ClaimRelation::WithinBudget), over),
        Verdict::Fails);
    std::vector<RunOutcome> flat = falling;
    flat[2].result.recomputeFlops = 50;
    QCOMPARE(verdictOf(claim("falls", ClaimQuantity::RecomputeFlops, ClaimRelation::FallsWithBudget), flat),
        Verdict::Fails); // never falling is not falling
}

// Proves: on_frontier compares a named run with the budget run the planner would pick at its memory:
// counted FLOPs below that point fail; a step time whose paired interval lies wholly below it fails,
// one inside the noise holds; a run that keeps less than every budget run has no point to compare.
void DemoLedgerTest::namedPolicyBelowTheFrontierFails()
{
    const std::vector<double> slow(12, 10.0), fast(12, 8.0);
    std::vector<double> noisy;
    for (int r = 0; r < 12; ++r)
        noisy.push_back(r % 2 ? 9.5 : 10.5);
    const std::vector<RunOutcome> runs
        = {outcome("a", "budget:100B", 90, 50, slow), outcome("b", "budget:300B", 250, 10, slow),
            outcome("selective", "selective", 260, 10, noisy), outcome("full", "full", 80, 60, slow)};
    QCOMPARE(verdictOf(claim("flops", ClaimQuantity::RecomputeFlops, ClaimRelation::OnFrontier), runs),
        Verdict::Holds);
    QCOMPARE(verdictOf(claim("time", ClaimQuantity::StepMs, ClaimRelation::OnFrontier, "selective"), runs),
        Verdict::Holds);
    std::vector<RunOutcome> better = runs;
    better[2].result.recomputeFlops = 5;
    better[2].result.stepMsRounds = fast;
    QCOMPARE(verdictOf(claim("flops", ClaimQuantity::RecomputeFlops, ClaimRelation::OnFrontier), better),
        Verdict::Fails);
    QCOMPARE(verdictOf(claim("time", ClaimQuantity::StepMs, ClaimRelation::OnFrontier, "selective"), better),
        Verdict::Fails);
    QCOMPARE(verdictOf(claim("full", ClaimQuantity::RecomputeFlops, ClaimRelation::OnFrontier, "full"), runs),
        Verdict::Holds); // keeps less than every budget run: nothing on the frontier to its left
}

QTEST_GUILESS_MAIN(DemoLedgerTest)
#include "tst_demoledger.moc"
