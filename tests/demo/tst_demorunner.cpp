// The demo's model layer without any widget: the runner maps presets to engine runs and checks
// the learner's sizes. This program links rlab_model only (QtCore, no Gui, Widgets or Charts).

#include <filesystem>

#include <QTest>

#include "demo_presets.h"
#include "demorunner.h"
#include "rlab/engine.h"

using rlab::content::DemoPreset;
using rlab::content::DemoRun;

class DemoRunnerTest : public QObject {
    Q_OBJECT

private slots:
    void planMapsRunsToEngineConfigs();
    void planAppliesSweepAndOverrides();
    void planAddsNoneReferenceForGradientError();
    void planRejectsBadSizesWithASentence();
    void presetsInContentAllPlan();
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

    QString error;
    const QList<DemoRunPlan> plans = DemoRunner::plan(preset, DemoRunner::defaultChoice(preset), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(plans.size(), 6);
    QCOMPARE(plans[0].config.policy.kind, rlab::PolicyKind::None);
    QCOMPARE(plans[0].label, QStringLiteral("none"));
    QCOMPARE(plans[1].config.policy.kind, rlab::PolicyKind::Sqrt);
    QCOMPARE(plans[2].config.policy.kind, rlab::PolicyKind::Selective);
    QCOMPARE(plans[2].config.policy.keep, (std::vector<rlab::OpKind> {rlab::OpKind::Qkv, rlab::OpKind::Fc1}));
    QCOMPARE(plans[3].config.policy.kind, rlab::PolicyKind::Full);
    QVERIFY(plans[3].config.policy.offload);
    QCOMPARE(plans[3].label, QStringLiteral("full + offload"));
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
        QVERIFY(plan.sweepParameter.isEmpty());
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

    QString error;
    const QList<DemoRunPlan> plans = DemoRunner::plan(preset, choice, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(plans.size(), 6);
    const int layers[] = {1, 1, 4, 4, 8, 8};
    for (int i = 0; i < plans.size(); ++i) {
        QCOMPARE(plans[i].config.shape.layers, layers[i]);
        QCOMPARE(plans[i].sweepValue, layers[i]);
        QCOMPARE(plans[i].sweepParameter, QStringLiteral("layers"));
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
    const QList<DemoRunPlan> ticked = DemoRunner::plan(preset, choice, &error);
    QCOMPARE(ticked.size(), 1);
    QCOMPARE(ticked[0].config.policy.keep, std::vector<rlab::OpKind> {rlab::OpKind::Gelu});
}

void DemoRunnerTest::planAddsNoneReferenceForGradientError()
{
    DemoPreset preset = tinyPreset();
    DemoRun noReplay = demoRun("full", "full, no RNG replay");
    noReplay.rngReplay = false;
    preset.runs = {demoRun("full"), noReplay};
    QString error;
    const QList<DemoRunPlan> plans = DemoRunner::plan(preset, DemoRunner::defaultChoice(preset), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(plans.size(), 3);
    QVERIFY(plans[0].reference);
    QVERIFY(plans[0].hiddenReference);
    QCOMPARE(plans[0].config.policy.kind, rlab::PolicyKind::None);
    QVERIFY(plans[0].config.rngReplay);
    QVERIFY(!plans[2].config.rngReplay);
    QVERIFY(plans[2].config.keepGradients);
}

void DemoRunnerTest::planRejectsBadSizesWithASentence()
{
    const DemoPreset preset = tinyPreset();
    QString error;
    DemoChoice choice = DemoRunner::defaultChoice(preset);
    choice.shape.heads = 3; // 32 is not a multiple of 3
    QVERIFY(DemoRunner::plan(preset, choice, &error).isEmpty());
    QVERIFY2(error.contains(QStringLiteral("divide")), qPrintable(error));
    QVERIFY(error.endsWith(QLatin1Char('.')));

    choice = DemoRunner::defaultChoice(preset);
    choice.shape.layers = 9; // the preset allows 8
    QVERIFY(DemoRunner::plan(preset, choice, &error).isEmpty());
    QVERIFY2(error.contains(QStringLiteral("8")), qPrintable(error));

    choice = DemoRunner::defaultChoice(preset);
    choice.shape.seq = 0;
    QVERIFY(DemoRunner::plan(preset, choice, &error).isEmpty());
    QVERIFY(!error.isEmpty());

    DemoPreset badPolicy = tinyPreset();
    badPolicy.runs = {demoRun("sometimes")};
    QVERIFY(DemoRunner::plan(badPolicy, DemoRunner::defaultChoice(badPolicy), &error).isEmpty());
    QVERIFY2(error.contains(QStringLiteral("sometimes")), qPrintable(error));

    DemoPreset badSweep = tinyPreset();
    badSweep.sweep = rlab::content::DemoSweep {"vocab", {8}};
    QVERIFY(DemoRunner::plan(badSweep, DemoRunner::defaultChoice(badSweep), &error).isEmpty());
    QVERIFY2(error.contains(QStringLiteral("vocab")), qPrintable(error));
}

void DemoRunnerTest::presetsInContentAllPlan()
{
    const QByteArray source = qgetenv("RLAB_SOURCE_DIR");
    const std::filesystem::path root
        = std::filesystem::path(source.isEmpty() ? RLAB_CONTENT_DIR : source.toStdString() + "/content");
    if (!std::filesystem::exists(root / "demos" / "presets.yaml"))
        QSKIP("content/demos/presets.yaml is not there yet");
    const rlab::content::Content content = rlab::content::loadContent(root, "en");
    QVERIFY(!content.presets.empty());
    for (const auto& [id, preset] : content.presets) {
        QString error;
        const QList<DemoRunPlan> plans = DemoRunner::plan(preset, DemoRunner::defaultChoice(preset), &error);
        QVERIFY2(!plans.isEmpty(), qPrintable(QString::fromStdString(id) + QStringLiteral(": ") + error));
    }
    // Every question's demo exists, so no question opens an empty panel.
    for (const auto& quiz : content.quizzes) {
        for (const auto& question : quiz.questions)
            QVERIFY2(content.preset(question.demo), question.demo.c_str());
    }
}

QTEST_MAIN(DemoRunnerTest)
#include "tst_demorunner.moc"
