// The demo's model layer without any widget: the runner maps presets to engine runs, checks the
// learner's sizes, reports progress as one struct and its end as one outcome; the results model
// picks the timeline worth showing. This program links rlab_model only (QtCore, no Gui, Widgets
// or Charts).

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>

#include <QLocale>
#include <QSet>
#include <QSignalSpy>
#include <QTest>

#include "common/sizewords.h"
#include "demo/model/demoresultsmodel.h"
#include "demo/model/demorunner.h"
#include "demo/model/demotexts.h"
#include "demo/model/livefigures.h"
#include "demo_presets.h"
#include "rlab/engine.h"
#include "rlab/wander.h"
#include "slowness.h"

using rlab::app::OrProblem;
using rlab::app::sizeLimitText;
using rlab::app::SizeWords;
using rlab::app::sizeWords;
using rlab::demo::DemoChoice;
using rlab::demo::DemoOutcome;
using rlab::demo::demoOutcomeText;
using rlab::demo::DemoProgress;
using rlab::demo::demoProgressText;
using rlab::demo::DemoResult;
using rlab::demo::DemoResultsModel;
using rlab::demo::DemoRunner;
using rlab::demo::DemoRunPlan;
using rlab::demo::differingLabels;
using rlab::demo::LiveFigures;
using rlab::demo::stepOverheadPercent;
using rlab::demo::sweepParameterTitle;

using rlab::content::DemoPreset;
using rlab::content::DemoRun;

namespace {

// DemoRunner::plan's runs, with its sentence (empty when they can run) in `problem`.
QList<DemoRunPlan> plannedRuns(const DemoPreset& preset, const DemoChoice& choice, QString& problem)
{
    OrProblem<QList<DemoRunPlan>> planned = DemoRunner::plan(preset, choice);
    problem = planned.problem;
    return planned.value;
}

} // namespace

class DemoRunnerTest : public QObject {
    Q_OBJECT

private slots:
    void presetThreadsAreKept();
    void planMapsRunsToEngineConfigs();
    void planAppliesSweepAndOverrides();
    void planAddsNoneReferenceForGradientError();
    void planCarriesArchAndAttention();
    void planRejectsBadSizesWithASentence();
    void demoMemoryIsCheckedAsAWhole();
    void sizeProblemsAreDataTheAppWords();
    void everySizeHasItsWordsInOneHome();
    void pairedRatioAndFitsReadTheRuns();
    void presetsInContentAllPlan();
    void runsOfASweepValueStepInLockstep();
    void runnerReportsProgressAndOneOutcome();
    void cancelEndsAsCancelled();
    void outcomesAndProgressReadAsSentences();
    void timelineShowsARecomputingRunUnlessPicked();
    void chartLabelsSayWhatDiffers();
    void stepTimeInsideTheNoiseHasNoSign();
    void liveFiguresShowTheLearnersRunOrThePrediction();
};

void DemoRunnerTest::planMapsRunsToEngineConfigs()
{
    DemoPreset preset = tinyPreset();
    DemoRun selective = demoRun("selective");
    selective.keep = {"qkv", "fc1"};
    DemoRun offload = demoRun("full", "full + offload");
    offload.offload = true;
    DemoRun bf16 = demoRun("none");
    bf16.savePrecision = "bf16";
    bf16.optimizer = "sgd";
    preset.runs = {demoRun("none"), demoRun("sqrt"), selective, offload, demoRun("budget:1MiB"), bf16};

    const OrProblem<QList<DemoRunPlan>> planned = DemoRunner::plan(preset, DemoRunner::defaultChoice(preset));
    const QList<DemoRunPlan>& plans = planned.value;
    const QString& error = planned.problem;
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(plans.size(), 6);
    QCOMPARE(plans[0].config.policy.kind, rlab::PolicyKind::None);
    QCOMPARE(plans[0].label, std::string("none"));
    QCOMPARE(plans[1].config.policy.kind, rlab::PolicyKind::Sqrt);
    QCOMPARE(plans[2].config.policy.kind, rlab::PolicyKind::Selective);
    QCOMPARE(plans[2].config.policy.keep, (std::vector<rlab::OpKind> {rlab::OpKind::Qkv, rlab::OpKind::Fc1}));
    QCOMPARE(plans[3].config.policy.kind, rlab::PolicyKind::Full);
    QVERIFY(plans[3].config.policy.offload);
    QCOMPARE(plans[3].label, std::string("full + offload"));
    QCOMPARE(plans[4].config.policy.kind, rlab::PolicyKind::Budget);
    QCOMPARE(plans[4].config.policy.budgetBytes, std::uint64_t(1024 * 1024));
    // bf16 storage makes the gradients differ, so every run keeps them and none runs first.
    QCOMPARE(plans[5].config.savePrecision, rlab::SavePrecision::Bf16);
    QCOMPARE(plans[5].config.optimizer, rlab::Optimizer::Sgd);
    QVERIFY(plans[0].reference);
    for (const DemoRunPlan& plan : plans) {
        QCOMPARE(plan.config.steps, 3);
        QCOMPARE(plan.config.warmupSteps, 1);
        QCOMPARE(plan.config.dropout, 0.1f);
        QCOMPARE(plan.config.shape.layers, 2);
        QCOMPARE(plan.config.shape.vocab, 64);
        QVERIFY(plan.config.keepGradients);
        QVERIFY(plan.sweepParameter.empty());
    }
}

void DemoRunnerTest::planAppliesSweepAndOverrides()
{
    DemoPreset preset = tinyPreset();
    preset.runs = {demoRun("none"), demoRun("sqrt")};
    preset.sweep = rlab::content::DemoSweep {"layers", {1, 4, 8}};
    DemoChoice choice = DemoRunner::defaultChoice(preset);
    choice.shape.width = 48;
    choice.shape.heads = 3;
    choice.shape.batch = 4;

    const OrProblem<QList<DemoRunPlan>> planned = DemoRunner::plan(preset, choice);
    const QList<DemoRunPlan>& plans = planned.value;
    const QString& error = planned.problem;
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(plans.size(), 6);
    const int layers[] = {1, 1, 4, 4, 8, 8};
    for (int i = 0; i < plans.size(); ++i) {
        QCOMPARE(plans[i].config.shape.layers, layers[i]);
        QCOMPARE(plans[i].sweepValue, layers[i]);
        QCOMPARE(plans[i].sweepParameter, std::string("layers"));
        QCOMPARE(plans[i].config.shape.width, 48);
        QCOMPARE(plans[i].config.shape.heads, 3);
        QCOMPARE(plans[i].config.shape.batch, 4);
        QCOMPARE(plans[i].config.policy.kind, i % 2 == 0 ? rlab::PolicyKind::None : rlab::PolicyKind::Sqrt);
        QVERIFY(!plans[i].config.keepGradients); // nothing here should change gradients
    }

    // The learner's ticks replace a selective run's keep list when the preset allows it.
    preset.sweep.reset();
    preset.runs = {demoRun("selective")};
    preset.userKeepChoice = true;
    choice = DemoRunner::defaultChoice(preset);
    QCOMPARE(choice.keep, rlab::defaultSelectiveKeep());
    choice.keep = {rlab::OpKind::Gelu};
    const QList<DemoRunPlan> ticked = DemoRunner::plan(preset, choice).value;
    QCOMPARE(ticked.size(), 1);
    QCOMPARE(ticked[0].config.policy.keep, std::vector<rlab::OpKind> {rlab::OpKind::Gelu});
}

void DemoRunnerTest::planAddsNoneReferenceForGradientError()
{
    const DemoPreset preset = replayPreset();
    const OrProblem<QList<DemoRunPlan>> planned = DemoRunner::plan(preset, DemoRunner::defaultChoice(preset));
    const QList<DemoRunPlan>& plans = planned.value;
    const QString& error = planned.problem;
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(plans.size(), 3);
    QVERIFY(plans[0].reference);
    QVERIFY(plans[0].hiddenReference);
    QCOMPARE(plans[0].config.policy.kind, rlab::PolicyKind::None);
    QVERIFY(plans[0].config.rngReplay);
    QVERIFY(!plans[2].config.rngReplay);
    QVERIFY(plans[2].config.keepGradients);
}

// A preset's arch, kv_heads, ffn and attention reach every run's engine config, and a run's own
// override them; the gradients of a fused run are compared with plain attention's none.
void DemoRunnerTest::planCarriesArchAndAttention()
{
    DemoPreset preset = tinyPreset();
    preset.shape.arch = rlab::Arch::Llama;
    preset.shape.kvHeads = 1;
    preset.fusedAttention = true;
    DemoRun gpt2 = demoRun("selective", "gpt2 plain");
    gpt2.arch = rlab::Arch::Gpt2;
    gpt2.fusedAttention = false;
    DemoRun grouped = demoRun("full", "two kv heads");
    grouped.kvHeads = 2;
    grouped.ffn = 64;
    preset.runs = {demoRun("none"), gpt2, grouped};
    preset.claims = {rlab::content::DemoClaim {}};
    preset.claims[0].quantity = rlab::content::ClaimQuantity::GradError;

    const OrProblem<QList<DemoRunPlan>> planned = DemoRunner::plan(preset, DemoRunner::defaultChoice(preset));
    QVERIFY2(planned.ok(), qPrintable(planned.problem));
    const QList<DemoRunPlan>& plans = planned.value;
    QCOMPARE(plans.size(), 4);
    // The fused `none` is not the plain none the others are compared with: one is added, plain.
    QVERIFY(plans[0].hiddenReference);
    QVERIFY(!plans[0].config.fusedAttention);
    QCOMPARE(plans[0].config.shape.arch, rlab::Arch::Llama);
    QCOMPARE(plans[1].config.shape.arch, rlab::Arch::Llama);
    QCOMPARE(plans[1].config.shape.kvHeads, 1);
    QVERIFY(plans[1].config.fusedAttention);
    QCOMPARE(plans[2].config.shape.arch, rlab::Arch::Gpt2);
    QCOMPARE(plans[2].config.shape.kvHeads, 0); // GPT-2 has no key/value heads of its own
    QVERIFY(!plans[2].config.fusedAttention);
    QCOMPARE(plans[3].config.shape.arch, rlab::Arch::Llama);
    QCOMPARE(plans[3].config.shape.kvHeads, 2);
    QCOMPARE(plans[3].config.shape.ffn, 64);
    QVERIFY(plans[3].config.fusedAttention);

    // Key/value heads that do not divide the learner's heads are refused before any run is planned
    // (the app words it: sizeProblemsAreDataTheAppWords).
    DemoChoice choice = DemoRunner::defaultChoice(preset);
    QCOMPARE(choice.shape.kvHeads, 1);
    preset.runs = {grouped};
    choice.shape.heads = 1;
    const OrProblem<QList<DemoRunPlan>> refused = DemoRunner::plan(preset, choice);
    QVERIFY(refused.value.isEmpty());
    QVERIFY2(refused.problem.contains("2 key/value heads must divide the number of heads (1)"),
        qPrintable(refused.problem));
}

// A preset's `threads` is every run's thread count; without it a tiny model runs on one thread.
void DemoRunnerTest::presetThreadsAreKept()
{
    DemoPreset preset = tinyPreset();
    const OrProblem<QList<DemoRunPlan>> automatic
        = DemoRunner::plan(preset, DemoRunner::defaultChoice(preset));
    QVERIFY2(automatic.ok(), qPrintable(automatic.problem));
    QVERIFY(!automatic.value.isEmpty());
    for (const DemoRunPlan& run : automatic.value)
        QCOMPARE(run.config.threads, 1);
    preset.threads = 3;
    const OrProblem<QList<DemoRunPlan>> three = DemoRunner::plan(preset, DemoRunner::defaultChoice(preset));
    QVERIFY2(three.ok(), qPrintable(three.problem));
    for (const DemoRunPlan& run : three.value)
        QCOMPARE(run.config.threads, 3);
}

// One sweep value's runs live together, so their predicted peaks add up and are checked before
// anything is built: four runs that fit one by one climbed to 7.4 GB together before failing.
void DemoRunnerTest::demoMemoryIsCheckedAsAWhole()
{
    DemoPreset preset = tinyPreset();
    preset.runs = {demoRun("none", "a"), demoRun("none", "b"), demoRun("none", "c"), demoRun("none", "d")};
    std::string error;
    const std::vector<rlab::demo::PlannedRun> unlimited
        = rlab::demo::planRuns(preset, rlab::demo::defaultChoice(preset), {}, &error);
    QCOMPARE(unlimited.size(), std::size_t {4});
    const std::uint64_t one = rlab::predictPeakBytes(unlimited.front().config);
    rlab::demo::Settings settings;
    settings.memoryLimitBytes = 2 * one; // each run fits alone, four do not
    const std::vector<rlab::demo::PlannedRun> limited
        = rlab::demo::planRuns(preset, rlab::demo::defaultChoice(preset), settings, &error);
    QVERIFY(limited.empty());
    QVERIFY2(error.starts_with("This demo's 4 runs run together and are predicted to need"), error.c_str());
    QVERIFY2(error.find("more than the given limit") != std::string::npos, error.c_str());
    settings.memoryLimitBytes = 16 * one + (std::uint64_t {1} << 20);
    QCOMPARE(rlab::demo::planRuns(preset, rlab::demo::defaultChoice(preset), settings, &error).size(),
        std::size_t {4});
}

void DemoRunnerTest::planRejectsBadSizesWithASentence()
{
    const DemoPreset preset = tinyPreset();
    QString error;
    DemoChoice choice = DemoRunner::defaultChoice(preset);
    choice.shape.heads = 3; // 32 is not a multiple of 3
    QVERIFY(plannedRuns(preset, choice, error).isEmpty());
    QVERIFY2(error.contains(QStringLiteral("divide")), qPrintable(error));
    QVERIFY(error.endsWith(QLatin1Char('.')));

    choice = DemoRunner::defaultChoice(preset);
    choice.shape.layers = 9; // the preset allows 8
    QVERIFY(plannedRuns(preset, choice, error).isEmpty());
    QVERIFY2(error.contains(QStringLiteral("8")), qPrintable(error));

    choice = DemoRunner::defaultChoice(preset);
    choice.shape.seq = 0;
    QVERIFY(plannedRuns(preset, choice, error).isEmpty());
    QVERIFY(!error.isEmpty());

    DemoPreset badPolicy = tinyPreset();
    badPolicy.runs = {demoRun("sometimes")};
    QVERIFY(plannedRuns(badPolicy, DemoRunner::defaultChoice(badPolicy), error).isEmpty());
    QVERIFY2(error.contains(QStringLiteral("sometimes")), qPrintable(error));

    DemoPreset badSweep = tinyPreset();
    badSweep.sweep = rlab::content::DemoSweep {"vocab", {8}};
    QVERIFY(plannedRuns(badSweep, DemoRunner::defaultChoice(badSweep), error).isEmpty());
    QVERIFY2(error.contains(QStringLiteral("vocab")), qPrintable(error));
}

// Proves: every size of the model has its learner's words in sizewords.h (noun, label with its
// shortcut, accessible name, limit sentence), none of them the bare key, and the sweep's axis title
// is that noun: the sizes form, the planner, the charts and the limit sentences read one home.
void DemoRunnerTest::everySizeHasItsWordsInOneHome()
{
    for (const rlab::ShapeField& field : rlab::shapeFields()) {
        const QString key = QString::fromUtf8(field.key.data(), qsizetype(field.key.size()));
        const SizeWords words = sizeWords(field);
        QVERIFY2(!words.noun.isEmpty(), qPrintable(key));
        const QString shown = QString(words.label).remove(QLatin1Char('&'));
        QVERIFY2(shown.at(0).isUpper(), qPrintable(key + QStringLiteral(": ") + words.label)); // not the key
        QVERIFY2(words.accessibleName.size() > key.size(),
            qPrintable(key + QStringLiteral(": ") + words.accessibleName));
        QCOMPARE(sizeWords(field.member).label, words.label);
        const QString limit = sizeLimitText(field, 7);
        QVERIFY2(limit.contains(QStringLiteral("7")) && limit.endsWith(QLatin1Char('.')), qPrintable(limit));
        if (field.sweepable)
            QCOMPARE(sweepParameterTitle(key), words.noun);
    }
    QCOMPARE(sizeWords(&rlab::ModelShape::layers).label, QStringLiteral("La&yers"));
    QCOMPARE(sizeWords(&rlab::ModelShape::seq).noun, QStringLiteral("sequence length"));
}

void DemoRunnerTest::sizeProblemsAreDataTheAppWords()
{
    // rlab_demo says what is wrong as data; the app words it (translated), rlab in English.
    const DemoPreset preset = tinyPreset();
    DemoChoice choice = DemoRunner::defaultChoice(preset);
    choice.shape.layers = 9; // the preset allows 8
    const std::optional<rlab::demo::ChoiceProblem> tooDeep = rlab::demo::checkChoice(preset, choice);
    QVERIFY(tooDeep);
    QCOMPARE(tooDeep->kind, rlab::demo::ChoiceProblem::Kind::SizeAboveLimit);
    QCOMPARE(tooDeep->size, std::string("layers"));
    QCOMPARE(tooDeep->value, 9);
    QCOMPARE(tooDeep->limit, 8);
    QCOMPARE(DemoRunner::checkChoice(preset, choice),
        QStringLiteral("At most 8 layers are allowed for this demo."));
    QCOMPARE(rlab::demo::describe(*tooDeep), std::string("layers may be at most 8 for this demo."));

    choice = DemoRunner::defaultChoice(preset);
    choice.shape.heads = 3;
    const std::optional<rlab::demo::ChoiceProblem> split = rlab::demo::checkChoice(preset, choice);
    QVERIFY(split);
    QCOMPARE(split->kind, rlab::demo::ChoiceProblem::Kind::HeadsDoNotDivideWidth);
    QCOMPARE(DemoRunner::checkChoice(preset, choice),
        QStringLiteral("The number of heads (3) must divide the width (%1).").arg(choice.shape.width));
    QVERIFY(!rlab::demo::checkChoice(preset, DemoRunner::defaultChoice(preset)));
    QVERIFY(DemoRunner::checkChoice(preset, DemoRunner::defaultChoice(preset)).isEmpty());

    // Llama's rules on the learner's sizes were the engine's English sentence in every language.
    DemoPreset llama = tinyPreset();
    llama.runs[1].arch = rlab::Arch::Llama;
    llama.runs[1].kvHeads = 2;
    choice = DemoRunner::defaultChoice(llama);
    QVERIFY(!rlab::demo::checkChoice(llama, choice)); // 2 heads, 2 key/value heads, head size 16
    choice.shape.heads = 1;
    const std::optional<rlab::demo::ChoiceProblem> grouped = rlab::demo::checkChoice(llama, choice);
    QVERIFY(grouped);
    QCOMPARE(grouped->kind, rlab::demo::ChoiceProblem::Kind::KvHeadsDoNotDivideHeads);
    QCOMPARE(DemoRunner::checkChoice(llama, choice),
        QStringLiteral("A llama run's 2 key/value heads must divide the number of heads (1)."));
    choice.shape.heads = 4;
    choice.shape.width = 36; // head size 9
    const std::optional<rlab::demo::ChoiceProblem> odd = rlab::demo::checkChoice(llama, choice);
    QVERIFY(odd);
    QCOMPARE(odd->kind, rlab::demo::ChoiceProblem::Kind::OddHeadSize);
    QVERIFY(DemoRunner::checkChoice(llama, choice).contains(QStringLiteral("head size (width / heads = 9)")));
    QVERIFY(!rlab::demo::checkChoice(preset, choice)); // GPT-2 runs take an odd head size
}

void DemoRunnerTest::pairedRatioAndFitsReadTheRuns()
{
    // Paired steps: b's k-th timed step against a's, warm-up left out; the faster run's extra
    // steps have no partner.
    rlab::RunResult a, b;
    a.config.warmupSteps = b.config.warmupSteps = 1;
    a.stepMs = {100, 12, 24, 12, 12, 12, 12, 12};
    b.stepMs = {90, 10, 20, 10, 10, 10, 10, 10, 10, 10};
    const rlab::MedianInterval ratio = rlab::demo::pairedStepRatio(a, b);
    QCOMPARE(ratio.median, 1.2);
    QCOMPARE(ratio.low, 1.2);
    QCOMPARE(ratio.high, 1.2);

    // Rounds, not steps: 48 paired steps form 12 rounds of 4. A slow spell over rounds 4-7 slows
    // both runs alike and cancels in each round's ratio; a one-step hiccup of a's does not move
    // its round's median.
    rlab::RunResult c, d;
    c.config.warmupSteps = d.config.warmupSteps = 1;
    c.stepMs = {50};
    d.stepMs = {40};
    for (int k = 0; k < 48; ++k) {
        const double slow = k >= 16 && k < 32 ? 2.0 : 1.0;
        c.stepMs.push_back(11 * slow * (k == 5 ? 3 : 1));
        d.stepMs.push_back(10 * slow);
    }
    const rlab::MedianInterval rounds = rlab::demo::pairedStepRatio(c, d);
    QCOMPARE(rounds.median, 1.1);
    QCOMPARE(rounds.low, 1.1);
    QCOMPARE(rounds.high, 1.1);

    // y = 3 x^0.5 exactly.
    const rlab::demo::PowerFit fit = rlab::demo::fitPowerLaw({{4, 6}, {16, 12}, {64, 24}});
    QVERIFY(fit.valid);
    QVERIFY(std::abs(fit.exponent - 0.5) < 1e-12);
    QVERIFY(std::abs(fit.scale - 3) < 1e-9);
    QVERIFY(!rlab::demo::fitPowerLaw({{4, 6}}).valid);

    // full keeps c = 1 byte per block plus a = 20 for the block rebuilt; sqrt keeps (a + c) sqrt(N):
    // they cross at N = (a / c)^2 = 400 layers, where both keep 420.
    std::vector<rlab::RunResult> runs;
    for (const int layers : {4, 16, 64})
        for (const rlab::PolicyKind kind : {rlab::PolicyKind::Full, rlab::PolicyKind::Sqrt}) {
            rlab::RunResult r;
            r.config.policy.kind = kind;
            r.peakActivationBytes = kind == rlab::PolicyKind::Full ? std::uint64_t(20 + layers)
                                                                   : std::uint64_t(21 * std::sqrt(layers));
            runs.push_back(r);
        }
    std::vector<std::pair<int, const rlab::RunResult*>> sweep;
    for (std::size_t i = 0; i < runs.size(); ++i)
        sweep.emplace_back(std::array {4, 16, 64}[i / 2], &runs[i]);
    const std::optional<rlab::demo::Crossing> crossing = rlab::demo::sqrtOvertakesFull(sweep);
    QVERIFY(crossing);
    QVERIFY2(std::abs(crossing->layers - 400) < 1, qPrintable(QString::number(crossing->layers)));
    QVERIFY(std::abs(crossing->bytes - 420) < 1);
}

void DemoRunnerTest::presetsInContentAllPlan()
{
    const QByteArray source = qgetenv("RLAB_SOURCE_DIR");
    const std::filesystem::path root
        = std::filesystem::path(source.isEmpty() ? RLAB_CONTENT_DIR : source.toStdString() + "/content");
    // The shipped presets are there: a wrong path must fail here, not pass as a skip.
    QVERIFY2(std::filesystem::is_regular_file(root / "demos" / "presets.yaml"),
        qPrintable(QString::fromStdString((root / "demos" / "presets.yaml").string()) + " is not there"));
    const rlab::content::Content content = rlab::content::loadContent(root, "en");
    QVERIFY(!content.presets.empty());
    for (const auto& [id, preset] : content.presets) {
        const OrProblem<QList<DemoRunPlan>> planned
            = DemoRunner::plan(preset, DemoRunner::defaultChoice(preset));
        const QList<DemoRunPlan>& plans = planned.value;
        const QString& error = planned.problem;
        QVERIFY2(!plans.isEmpty(), qPrintable(QString::fromStdString(id) + QStringLiteral(": ") + error));
    }
    // Every demo a question names exists, so no question opens an empty panel (a question may
    // name none: its side shows the guide alone).
    for (const auto& quiz : content.quizzes) {
        for (const auto& question : quiz.questions)
            QVERIFY2(question.demo.empty() || content.preset(question.demo), question.demo.c_str());
    }
}

void DemoRunnerTest::runsOfASweepValueStepInLockstep()
{
    // Two runs of different speed with a time budget: after their own steps both take the same
    // timing rounds (6 to 12, so their k-th rounds cover the same time), and each reports the median
    // of its round medians with the interval over them; the steps of the rounds follow the run's own
    // in step_ms_all.
    DemoPreset preset = tinyPreset();
    preset.runs = {demoRun("none"), demoRun("sqrt")};
    preset.shape.layers = 4;
    preset.minTimeSeconds = 0.04;
    std::string error;
    const std::vector<rlab::demo::PlannedRun> runs
        = rlab::demo::planRuns(preset, rlab::demo::defaultChoice(preset), {}, &error);
    QCOMPARE(runs.size(), std::size_t {2});
    const std::vector<rlab::demo::RunOutcome> outcomes = rlab::demo::runPlanned(runs);
    QCOMPARE(outcomes.size(), std::size_t {2});
    const rlab::RunResult &a = outcomes[0].result, &b = outcomes[1].result;
    QCOMPARE(a.stepMs.size(), b.stepMs.size());
    QCOMPARE(a.stepMsRounds.size(), b.stepMsRounds.size());
    QVERIFY(a.stepMsRounds.size() >= std::size_t(rlab::kMinTimedSteps));
    QVERIFY(a.stepMsRounds.size() <= std::size_t(rlab::kTimingRounds));
    QVERIFY(a.stepMs.size() >= std::size_t(preset.steps) + a.stepMsRounds.size());
    QCOMPARE(a.loss.size(), b.loss.size());
    for (const rlab::RunResult* r : {&a, &b}) {
        QCOMPARE(r->stepMsMedian, rlab::medianInterval95(r->stepMsRounds).median);
        const rlab::MedianInterval rounds = rlab::medianInterval95(r->stepMsRounds);
        QCOMPARE(r->stepMsRoundsCi95Low, rounds.low);
        QCOMPARE(r->stepMsRoundsCi95High, rounds.high);
        QVERIFY(r->stepMsMin <= r->stepMsRoundsCi95Low && r->stepMsRoundsCi95High <= r->stepMsMax);
        // The reported interval is the rounds' widened by the machine's wander (rlab/wander.h).
        QVERIFY(r->stepMsWanderRuns >= 1);
        const rlab::MedianInterval wide = rlab::withWander(rounds, r->stepMsWanderSd);
        QCOMPARE(r->stepMsCi95Low, wide.low);
        QCOMPARE(r->stepMsCi95High, wide.high);
        QVERIFY(r->stepMsCi95Low <= r->stepMsRoundsCi95Low && r->stepMsRoundsCi95High <= r->stepMsCi95High);
    }
    // The runs of one sweep value share one yardstick, so one wander.
    QCOMPARE(a.stepMsWanderSd, b.stepMsWanderSd);
    const rlab::MedianInterval ratio = rlab::demo::pairedStepRatio(b, a);
    QVERIFY(ratio.low <= ratio.median && ratio.median <= ratio.high);
}

void DemoRunnerTest::runnerReportsProgressAndOneOutcome()
{
    const DemoPreset preset = replayPreset(); // three runs (a hidden reference), two results
    const QList<DemoRunPlan> plans = DemoRunner::plan(preset, DemoRunner::defaultChoice(preset)).value;
    QCOMPARE(plans.size(), 3);

    DemoRunner runner(nullptr);
    QSignalSpy progressed(&runner, &DemoRunner::progressed);
    QSignalSpy results(&runner, &DemoRunner::resultReady);
    QSignalSpy ended(&runner, &DemoRunner::ended);
    QVERIFY(runner.start(plans));
    QVERIFY(runner.isRunning());
    QVERIFY(!runner.start(plans)); // one demo at a time
    QVERIFY(ended.wait(60000 * rlab::test::kSlowness));
    QCOMPARE(ended.count(), 1);
    const auto outcome = ended.first().at(0).value<DemoOutcome>();
    QVERIFY(outcome.ok());
    QCOMPARE(outcome.runs, 2);
    QVERIFY(outcome.seconds > 0);
    QCOMPARE(results.count(), 2);
    QVERIFY(!runner.isRunning());

    QVERIFY(!progressed.isEmpty());
    double last = 0;
    for (const QList<QVariant>& signal : progressed) {
        const auto progress = signal.at(0).value<DemoProgress>();
        QCOMPARE(progress.runs, 3);
        QVERIFY(progress.run >= 0 && progress.run < 3);
        QVERIFY(progress.fraction >= last && progress.fraction <= 1);
        QVERIFY(!progress.label.isEmpty());
        // "step N of M": M is known (or estimated) and never below N.
        QVERIFY(progress.steps >= progress.step + 1);
        last = progress.fraction;
    }
    QCOMPARE(rlab::liveEngineBytes(), std::uint64_t(0));
}

void DemoRunnerTest::cancelEndsAsCancelled()
{
    const DemoPreset preset = longPreset();
    DemoRunner runner(nullptr);
    QSignalSpy progressed(&runner, &DemoRunner::progressed);
    QSignalSpy ended(&runner, &DemoRunner::ended);
    QVERIFY(runner.start(DemoRunner::plan(preset, DemoRunner::defaultChoice(preset)).value));
    QVERIFY(progressed.wait(60000 * rlab::test::kSlowness)); // under way
    runner.cancel();
    QVERIFY(ended.wait(10000 * rlab::test::kSlowness));
    QCOMPARE(ended.count(), 1);
    QCOMPARE(ended.first().at(0).value<DemoOutcome>().ending, DemoOutcome::Ending::Cancelled);
    QCOMPARE(rlab::liveEngineBytes(), std::uint64_t(0));
}

void DemoRunnerTest::outcomesAndProgressReadAsSentences()
{
    DemoOutcome finished {DemoOutcome::Ending::Finished};
    finished.runs = 2;
    finished.seconds = 1.5;
    QCOMPARE(demoOutcomeText(finished),
        QStringLiteral("Finished 2 run(s) in %1 s.").arg(QLocale().toString(1.5, 'f', 1)));
    QCOMPARE(demoOutcomeText(DemoOutcome(DemoOutcome::Ending::Cancelled)),
        QStringLiteral("The demo was cancelled."));
    const DemoOutcome failed {DemoOutcome::Ending::Failed, QStringLiteral("out of memory")};
    QVERIFY(!failed.ok());
    QCOMPARE(demoOutcomeText(failed), QStringLiteral("The demo failed: out of memory"));
    const DemoOutcome refused {DemoOutcome::Ending::Refused, QStringLiteral("At most 8 layers.")};
    QCOMPARE(demoOutcomeText(refused), QStringLiteral("At most 8 layers."));

    DemoProgress progress {0.5, 1, 2, QStringLiteral("full"), 2, 5, rlab::Phase::Setup};
    QCOMPARE(demoProgressText(progress), QStringLiteral("Run 2 of 2 (full): setup"));
    progress.phase = rlab::Phase::Recompute;
    QCOMPARE(demoProgressText(progress), QStringLiteral("Run 2 of 2 (full): step 3 of 5, recompute"));
}

void DemoRunnerTest::timelineShowsARecomputingRunUnlessPicked()
{
    auto result = [](const char* label, int sweepValue, double recomputeFlops) {
        DemoResult made;
        made.label = QString::fromLatin1(label);
        made.sweepParameter = QStringLiteral("layers");
        made.sweepValue = sweepValue;
        made.run.recomputeFlops = recomputeFlops;
        return made;
    };
    DemoResultsModel model;
    QCOMPARE(model.timelineRow(), -1);
    model.append(result("none", 1, 0));
    QCOMPARE(model.timelineRow(), 0); // nothing recomputes yet: the first run
    model.append(result("full", 1, 10));
    model.append(result("none", 4, 0));
    model.append(result("full", 4, 40));
    QCOMPARE(model.timelineRow(), 3); // recomputes, at the largest swept size

    model.pickTimeline(2); // the learner's pick stays as results arrive
    model.append(result("full", 8, 80));
    QCOMPARE(model.timelineRow(), 2);
    model.clear(); // a new run forgets it
    QCOMPARE(model.timelineRow(), -1);
    model.append(result("none", 1, 0));
    model.append(result("full", 1, 10));
    QCOMPARE(model.timelineRow(), 1);
}

void DemoRunnerTest::chartLabelsSayWhatDiffers()
{
    auto result = [](const char* label, const char* parameter, int value) {
        DemoResult made;
        made.label = QString::fromLatin1(label);
        made.sweepParameter = QString::fromLatin1(parameter);
        made.sweepValue = value;
        return made;
    };
    QLocale::setDefault(QLocale(QLocale::English));
    // Policies differ, one size: the policy.
    QCOMPARE(differingLabels({result("none", "", 0), result("full", "", 0)}), (QStringList {"none", "full"}));
    // One policy over a sweep: the size, by the letter the guides use.
    QCOMPARE(differingLabels({result("full", "seq", 32), result("full", "seq", 128)}),
        (QStringList {"T = 32", "T = 128"}));
    QCOMPARE(differingLabels({result("full", "layers", 8), result("full", "layers", 16)}),
        (QStringList {"N = 8", "N = 16"}));
    // Both differ: both, so no two bars read the same.
    const QStringList both = differingLabels({result("none", "seq", 32), result("full", "seq", 32),
        result("none", "seq", 128), result("full", "seq", 128)});
    QCOMPARE(both, (QStringList {"none, T = 32", "full, T = 32", "none, T = 128", "full, T = 128"}));
    QCOMPARE(QSet<QString>(both.begin(), both.end()).size(), both.size());
    QCOMPARE(differingLabels({result("full", "seq", 32)}), QStringList {"full"});
}

void DemoRunnerTest::stepTimeInsideTheNoiseHasNoSign()
{
    QLocale::setDefault(QLocale(QLocale::English));
    auto result = [](const char* label, rlab::PolicyKind kind, std::vector<double> steps) {
        DemoResult made;
        made.label = QString::fromLatin1(label);
        made.run.config.policy.kind = kind;
        made.run.config.warmupSteps = 1;
        made.run.stepMs = steps;
        const rlab::MedianInterval interval
            = rlab::medianInterval95(std::vector<double>(steps.begin() + 1, steps.end()));
        made.run.stepMsMedian = interval.median;
        made.run.stepMsCi95Low = interval.low;
        made.run.stepMsCi95High = interval.high;
        return made;
    };
    // full's steps are 1% slower on some steps and 1% faster on others: a paired interval around 1.
    const std::vector<double> none {50, 10, 11, 10, 12, 10, 11, 10, 12, 10, 11, 10, 12};
    std::vector<double> close = none;
    for (std::size_t k = 1; k < close.size(); ++k)
        close[k] *= k % 2 ? 1.01 : 0.99;
    std::vector<double> slower = none;
    for (std::size_t k = 1; k < slower.size(); ++k)
        slower[k] *= 1.3;
    DemoResultsModel model;
    model.append(result("none", rlab::PolicyKind::None, none));
    model.append(result("full", rlab::PolicyKind::Full, close));
    model.append(result("sqrt", rlab::PolicyKind::Sqrt, slower));
    QVERIFY(!stepOverheadPercent(model.results()[1].run, model.results()[0].run));
    const QString same = model.index(1, DemoResultsModel::StepMs).data().toString();
    QVERIFY2(same.endsWith(QStringLiteral("(same as none within noise)")), qPrintable(same));
    QVERIFY(!same.contains(QLatin1Char('%')));
    // A difference the paired steps resolve keeps its sign and size.
    const std::optional<double> overhead
        = stepOverheadPercent(model.results()[2].run, model.results()[0].run);
    QVERIFY(overhead && std::abs(*overhead - 30) < 0.5);
    const QString slow = model.index(2, DemoResultsModel::StepMs).data().toString();
    QVERIFY2(slow.endsWith(QStringLiteral("(+30% vs none)")), qPrintable(slow));
    // Without paired steps (figures alone), the runs' own intervals decide.
    rlab::RunResult a, b;
    a.stepMsMedian = 10, a.stepMsCi95Low = 9, a.stepMsCi95High = 11;
    b.stepMsMedian = 10.5, b.stepMsCi95Low = 10.8, b.stepMsCi95High = 12;
    QVERIFY(!stepOverheadPercent(b, a));
    b.stepMsCi95Low = 11.5;
    QVERIFY(stepOverheadPercent(b, a).has_value());
}

// Proves: a text's live figure shows the preset's default run as the predictor gives it (in the
// text's number format: 3,6 МиБ in Russian, 3.6 MiB in an English fallback field), then the
// learner's own run once one is recorded, and a time figure without a run its written value;
// each rendering says where its figures came from.
void DemoRunnerTest::liveFiguresShowTheLearnersRunOrThePrediction()
{
    const QByteArray source = qgetenv("RLAB_SOURCE_DIR");
    const std::filesystem::path root
        = std::filesystem::path(source.isEmpty() ? RLAB_CONTENT_DIR : source.toStdString() + "/content");
    rlab::content::Content content = rlab::content::loadContent(root, "ru");
    QVERIFY(content.errors.empty());
    LiveFigures figures;
    figures.setContent(content);
    const std::string memory = "{{memory-vs-time full peak_activation_bytes = 3.6 MiB ±5%}}";
    const std::string time = "{{memory-vs-time sqrt step_ms over none = 19% ±10}}";
    const rlab::content::Text russian {"около " + memory + ", время +" + time, false};
    LiveFigures::Rendered shown = figures.render(russian);
    QCOMPARE(shown.text, QString::fromUtf8("около 3,6\u00A0МиБ, время +19%"));
    QCOMPARE(shown.sources, LiveFigures::Predicted | LiveFigures::AsWritten);
    const rlab::content::Text english {"about " + memory, true}; // fell back to English
    QCOMPARE(figures.plain(english), QString::fromUtf8("about 3.6\u00A0MiB"));
    QVERIFY(!LiveFigures::sourcesNote(shown.sources).isEmpty());

    // The learner ran it at other sizes: their figures, measured.
    const rlab::content::DemoPreset* preset = content.preset("memory-vs-time");
    QVERIFY(preset);
    rlab::demo::Choice choice = rlab::demo::defaultChoice(*preset);
    choice.shape.layers = 12;
    std::string error;
    std::vector<rlab::demo::RunOutcome> mine = rlab::demo::predictOutcomes(*preset, choice, &error);
    QVERIFY2(!mine.empty(), error.c_str());
    for (rlab::demo::RunOutcome& out : mine)
        out.result.stepMsMedian = out.label == "sqrt" ? 12.0 : 10.0;
    QSignalSpy changed(&figures, &LiveFigures::changed);
    figures.recordRun("memory-vs-time", mine);
    QCOMPARE(changed.count(), 1);
    shown = figures.render(russian);
    const double full = *rlab::demo::figureValue(*rlab::content::findFigures(memory)[0].ref, mine);
    QVERIFY(full > 3.7); // twice the blocks keep more than the written 3.6 MiB
    QCOMPARE(shown.text,
        QString::fromUtf8("около %1\u00A0МиБ, время +20%")
            .arg(QString::number(full, 'f', 1).replace('.', ',')));
    QCOMPARE(shown.sources, int(LiveFigures::LearnerRun));
    figures.forgetRuns();
}

QTEST_MAIN(DemoRunnerTest)
#include "tst_demorunner.moc"
