// The demo panel: it runs a preset off the GUI thread, can be cancelled without leaking engine
// memory, and shows and exports what was measured. (Preset to runs: tst_demorunner.cpp.)

#include <chrono>
#include <cstdlib>
#include <memory>

#include <QAbstractBarSeries>
#include <QAbstractItemModel>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QClipboard>
#include <QElapsedTimer>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QGuiApplication>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <QToolTip>
#include <QTranslator>
#include <QValueAxis>
#include <QWheelEvent>
#include <QXYSeries>

#include "common/interfacelanguage.h"
#include "demo/charts/frontierchart.h"
#include "demo/charts/memorychart.h"
#include "demo/charts/steptimechart.h"
#include "demo/charts/timelinechart.h"
#include "demo/model/democlaimstext.h"
#include "demo/model/demoestimate.h"
#include "demo/model/demoresultsmodel.h"
#include "demo/model/demorunner.h"
#include "demo/model/demotexts.h"
#include "demo/model/livefigures.h"
#include "demo/view/demopanel.h"
#include "demo/view/demoresultsview.h"
#include "demo/view/frontierview.h"
#include "demo_presets.h"
#include "rlab/engine.h"
#include "slowness.h"
#include "view/chartlegend.h"
#include "view/tones.h"

using rlab::app::InterfaceLanguage;
using rlab::demo::clearMeasuredSpeed;
using rlab::demo::demoClaimsHtml;
using rlab::demo::DemoOutcome;
using rlab::demo::demoOutcomeText;
using rlab::demo::DemoResult;
using rlab::demo::DemoResultsModel;
using rlab::demo::DemoRunner;
using rlab::demo::DemoRunPlan;
using rlab::demo::estimateDemoSeconds;
using rlab::demo::figureText;
using rlab::demo::measuredFlopsPerMs;
using rlab::demo::memoryCategoryTitle;
using rlab::demo::readableNumber;
using rlab::demo::runNameText;
using rlab::demo::stepOverheadPercent;

using rlab::content::DemoPreset;

namespace {

QChartView* chartView(DemoPanel& panel, const char* name)
{
    return panel.findChild<QChartView*>(QString::fromLatin1(name));
}

int pointsIn(QChartView* view)
{
    int points = 0;
    for (QAbstractSeries* series : view->chart()->series()) {
        if (auto* xy = qobject_cast<QXYSeries*>(series))
            points += int(xy->count());
    }
    return points;
}

// Fields of one CSV line; quoted fields may hold commas (the device name does).
QStringList csvFields(const QString& line)
{
    QStringList fields(QString {});
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (c == QLatin1Char('"') && quoted && i + 1 < line.size() && line[i + 1] == QLatin1Char('"'))
            fields.back() += line[++i];
        else if (c == QLatin1Char('"'))
            quoted = !quoted;
        else if (c == QLatin1Char(',') && !quoted)
            fields.push_back(QString {});
        else
            fields.back() += c;
    }
    return fields;
}

// Marks every demo string, so a test can see which texts followed a language switch.
class MarkingTranslator : public QTranslator {
public:
    bool isEmpty() const override { return false; }
    QString translate(
        const char* context, const char* source, const char* disambiguation, int n) const override
    {
        Q_UNUSED(disambiguation);
        Q_UNUSED(n);
        const QByteArray ours(context);
        if (!ours.startsWith("Demo") && !ours.endsWith("Chart"))
            return {};
        return QStringLiteral("«") + QString::fromUtf8(source) + QStringLiteral("»");
    }
};

// Every shown column at least as wide as its header's text, or the names of the columns cut off.
QString squeezedHeaders(QTableView* table)
{
    QStringList squeezed;
    QHeaderView* header = table->horizontalHeader();
    for (int column = 0; column < header->count(); ++column) {
        if (!header->isSectionHidden(column) && header->sectionSize(column) < header->sectionSizeHint(column))
            squeezed.push_back(table->model()->headerData(column, Qt::Horizontal).toString());
    }
    return squeezed.join(QStringLiteral(" | "));
}

DemoOutcome outcomeOf(const QSignalSpy& finished)
{
    return finished.first().at(0).value<DemoOutcome>();
}

bool runToEnd(DemoPanel& panel, QSignalSpy& finished, int timeoutMs = 60000 * rlab::test::kSlowness)
{
    panel.run();
    return finished.count() > 0 || finished.wait(timeoutMs);
}

// Shows the panel as a learner sees it, then runs its demo to the end.
bool showAndRunToEnd(DemoPanel& panel)
{
    panel.show();
    if (!QTest::qWaitForWindowExposed(&panel))
        return false;
    QSignalSpy finished(&panel, &DemoPanel::finished);
    return runToEnd(panel, finished);
}

// The explore page over the panel, as a question page shows it (E), for a panel tested alone.
void showExplore(DemoPanel& panel)
{
    QWidget* page = panel.explorePage();
    page->setGeometry(panel.rect());
    page->show();
    page->raise();
    QCoreApplication::processEvents();
}

} // namespace

class DemoTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void panelRunsAndShowsResults();
    void sweepFillsSweepChart();
    void dropoutReplayShowsGradientError();
    void lossChartShowsDistanceFromNone();
    void frontierPresetOpensOnItsFrontier();
    void cancelStopsSoonWithoutLeaking();
    void destroyingARunningPanelJoins();
    void exportWritesCsvAndJson(); // and the memory trace and snapshot
    void invalidSizesDisableRun();
    void samePresetKeepsResults();
    void languageChangeRetranslates();
    void paletteChangeRecoloursTheCharts();
    void tableStaysATab();
    void deviceLineSaysTheRunsThreads();
    void claimsReadInALearnersWords();
    void runTimeIsEstimated();
    void longRunIsAskedForFirst();
    void busyMachineIsSaid();
    void estimateLearnsWhatEachRunCosts();
    void timelineLinesUpByPhase();
    void runColumnScrollsWithItsRows();
    void ledgerFormulaIsNeverCut();
    void tableHeadersAreReadable();
    void runColumnStaysWhileScrolling();
    void runColumnFitsTheLastRunsLabel();
    void figuresComparedWithNone();
    void moreColumnsToggleIsRemembered();
    void russianFiguresUseADecimalComma();
    void sizeAboveLimitIsExplained();
    void stepTimeChartNamesRunsWithinNoise();
    void barChartNamesAreNeverCut_data();
    void barChartNamesAreNeverCut();
    void legendNamesAreNeverCut_data();
    void legendNamesAreNeverCut();
    void intervalTipTellsTheWander();

private:
    rlab::demo::LiveFigures m_figures; // the texts' live figures, as the window holds them
};

void DemoTest::initTestCase()
{
#if defined(__SANITIZE_THREAD__)
    // Qt 6.4's raster engine splits a large fill among QThreadPool::globalInstance()'s threads.
    // Two of them share the pool's queue behind Qt's own lock, which ThreadSanitizer cannot see,
    // and Debian's stripped QtCore leaves those frames unnamed, so no suppression can name them
    // (tests/sanitizers/tsan.supp). With one pool thread that pair cannot occur; our worker, the
    // GUI thread and everything they share are checked as before.
    QThreadPool::globalInstance()->setMaxThreadCount(1);
#endif
}

void DemoTest::panelRunsAndShowsResults()
{
    DemoPanel panel(m_figures);
    panel.resize(900, 700);
    panel.setPreset(tinyPreset());
    QCOMPARE(panel.presetId(), QStringLiteral("tiny"));
    QSignalSpy finished(&panel, &DemoPanel::finished);
    QSignalSpy running(&panel, &DemoPanel::runningChanged);
    panel.run();
    QVERIFY(panel.isRunning());
    QVERIFY(!panel.findChild<QPushButton*>(QStringLiteral("runDemo"))->isEnabled());
    QVERIFY(finished.wait(60000 * rlab::test::kSlowness));
    QVERIFY2(outcomeOf(finished).ok(), qPrintable(demoOutcomeText(outcomeOf(finished))));
    QVERIFY(!panel.isRunning());
    QCOMPARE(running.count(), 2);

    auto* table = panel.findChild<QTableView*>(QStringLiteral("resultsTable"));
    QAbstractItemModel* model = table->model();
    QCOMPARE(model->rowCount(), 2);
    for (int row = 0; row < 2; ++row) {
        for (const int column : {DemoResultsModel::PeakTotal, DemoResultsModel::PeakActivations,
                 DemoResultsModel::PredictedActivations, DemoResultsModel::StepMs,
                 DemoResultsModel::ForwardFlops, DemoResultsModel::FinalLoss}) {
            const double value = model->index(row, column).data(DemoResultsModel::RawValueRole).toDouble();
            QVERIFY2(value > 0, qPrintable(model->headerData(column, Qt::Horizontal).toString()));
        }
    }
    const double noneActivations
        = model->index(0, DemoResultsModel::PeakActivations).data(DemoResultsModel::RawValueRole).toDouble();
    const double fullActivations
        = model->index(1, DemoResultsModel::PeakActivations).data(DemoResultsModel::RawValueRole).toDouble();
    QVERIFY(fullActivations < noneActivations);
    QVERIFY(model->index(1, DemoResultsModel::RecomputeFlops).data(DemoResultsModel::RawValueRole).toDouble()
        > 0);
    for (int column = 1; column < DemoResultsModel::Device; ++column) {
        const QString header = model->headerData(column, Qt::Horizontal).toString();
        QVERIFY2(header.contains(QStringLiteral("measured")) || header.contains(QStringLiteral("predicted")),
            qPrintable(header));
    }

    QChartView* memory = chartView(panel, "memoryChart");
    QVERIFY(memory && !memory->chart()->series().isEmpty());
    QChartView* time = chartView(panel, "stepTimeChart");
    QVERIFY(time && !time->chart()->series().isEmpty());
    QVERIFY(pointsIn(chartView(panel, "timelineChart")) > 10);
    // The timeline shows `full` (the run that recomputes) with `none` overlaid on the same axes.
    QStringList timelineSeries;
    for (QAbstractSeries* series : chartView(panel, "timelineChart")->chart()->series())
        timelineSeries.push_back(series->name());
    QVERIFY2(
        timelineSeries.contains(QStringLiteral("none: activations")), qPrintable(timelineSeries.join(u'|')));
    QVERIFY(panel.resultsTsv().count(QLatin1Char('\n')) == 3);
    panel.copyResults();
    QCOMPARE(QGuiApplication::clipboard()->text(), panel.resultsTsv());
    const QString deviceLine = panel.findChild<QLabel*>(QStringLiteral("demoDevice"))->text();
    QVERIFY(!deviceLine.isEmpty());
    if (DemoRunner::deviceName().startsWith(QStringLiteral("cpu (Eigen"))) // in the learner's words
        QVERIFY2(deviceLine.contains(QStringLiteral("CPU (Eigen, ")), qPrintable(deviceLine));
    QCOMPARE(rlab::liveEngineBytes(), std::uint64_t(0));

    if (const QByteArray shot = qgetenv("RLAB_DEMO_SCREENSHOT"); !shot.isEmpty())
        panel.grab().save(QString::fromLocal8Bit(shot));
}

void DemoTest::sweepFillsSweepChart()
{
    DemoPreset preset = tinyPreset("tiny-sweep");
    preset.runs = {demoRun("none"), demoRun("sqrt")};
    preset.sweep = rlab::content::DemoSweep {"layers", {1, 4}};
    preset.steps = 2;
    DemoPanel panel(m_figures);
    panel.setPreset(preset);
    QSignalSpy finished(&panel, &DemoPanel::finished);
    QVERIFY(runToEnd(panel, finished));
    QVERIFY2(outcomeOf(finished).ok(), qPrintable(demoOutcomeText(outcomeOf(finished))));
    QCOMPARE(panel.findChild<QTableView*>(QStringLiteral("resultsTable"))->model()->rowCount(), 4);
    QChartView* sweep = chartView(panel, "sweepChart");
    // none and sqrt, measured and predicted, two sizes each.
    QCOMPARE(sweep->chart()->series().size(), 4);
    QCOMPARE(pointsIn(sweep), 8);
    int withGrowth = 0; // each measured line names its growth exponent
    for (QAbstractSeries* series : sweep->chart()->series())
        withGrowth += series->name().contains(QLatin1Char('^')) ? 1 : 0;
    QCOMPARE(withGrowth, 2);
    // The step-time chart's groups say which size they are, each a different one.
    QChartView* steps = chartView(panel, "stepTimeChart");
    auto* groups = qobject_cast<QBarCategoryAxis*>(steps->chart()->axes(Qt::Horizontal).value(0));
    QVERIFY(groups);
    QCOMPARE(groups->categories(), (QStringList {QStringLiteral("N = 1"), QStringLiteral("N = 4")}));
    QVERIFY2(groups->titleText().contains(QStringLiteral("(N)")), qPrintable(groups->titleText()));
}

void DemoTest::dropoutReplayShowsGradientError()
{
    DemoPreset preset = replayPreset();
    preset.steps = 2;
    preset.dropout = 0.2f;
    DemoPanel panel(m_figures);
    panel.setPreset(preset);
    QSignalSpy finished(&panel, &DemoPanel::finished);
    QVERIFY(runToEnd(panel, finished));
    QVERIFY2(outcomeOf(finished).ok(), qPrintable(demoOutcomeText(outcomeOf(finished))));
    QAbstractItemModel* model = panel.findChild<QTableView*>(QStringLiteral("resultsTable"))->model();
    QCOMPARE(model->rowCount(), 2); // the hidden none reference is not a row
    const QVariant replayed
        = model->index(0, DemoResultsModel::GradientError).data(DemoResultsModel::RawValueRole);
    const QVariant fresh
        = model->index(1, DemoResultsModel::GradientError).data(DemoResultsModel::RawValueRole);
    QVERIFY(replayed.isValid() && fresh.isValid());
    QCOMPARE(replayed.toDouble(), 0.0);
    QVERIFY(fresh.toDouble() > 0);
}

// Proves: a preset whose view is the frontier opens on it once its budget runs have come (the tab
// is hidden until then, and the panel stayed on the table: memory-time-frontier's question did).
void DemoTest::frontierPresetOpensOnItsFrontier()
{
    DemoPreset preset = tinyPreset("tiny-frontier");
    preset.runs = {demoRun("none"), demoRun("full"), demoRun("budget:120K"), demoRun("budget:90K")};
    preset.view = "frontier";
    DemoPanel panel(m_figures);
    panel.setPreset(preset);
    auto* tabs = panel.findChild<QTabWidget*>(QStringLiteral("demoTabs"));
    auto* table = panel.findChild<QTableView*>(QStringLiteral("resultsTable"));
    QCOMPARE(tabs->currentWidget(), table); // no budget run yet: no Frontier tab
    QSignalSpy finished(&panel, &DemoPanel::finished);
    QVERIFY(runToEnd(panel, finished));
    QVERIFY2(outcomeOf(finished).ok(), qPrintable(demoOutcomeText(outcomeOf(finished))));
    QVERIFY(tabs->isTabVisible(tabs->indexOf(panel.findChild<FrontierView*>())));
    QCOMPARE(tabs->currentWidget(), panel.findChild<FrontierView*>());
}

void DemoTest::lossChartShowsDistanceFromNone()
{
    // A preset that opens on its loss curves: each run's loss per step, and for each run but none a
    // dotted line of its distance from none's loss (zero throughout for an exact replay).
    DemoPreset preset = tinyPreset("tiny-loss");
    rlab::content::DemoRun noReplay = demoRun("full", "full, no RNG replay");
    noReplay.rngReplay = false;
    preset.runs = {demoRun("none"), demoRun("full"), noReplay};
    preset.steps = 4;
    preset.dropout = 0.2f;
    preset.view = "loss";
    DemoPanel panel(m_figures);
    panel.setPreset(preset);
    QSignalSpy finished(&panel, &DemoPanel::finished);
    QVERIFY(runToEnd(panel, finished));
    QVERIFY2(outcomeOf(finished).ok(), qPrintable(demoOutcomeText(outcomeOf(finished))));
    QChartView* loss = chartView(panel, "lossChart");
    QVERIFY(panel.findChild<QTabWidget*>(QStringLiteral("demoTabs"))->currentWidget()->isAncestorOf(loss));
    QCOMPARE(loss->chart()->series().size(), 5); // three curves, two distances from none
    double replayedApart = -1, freshApart = -1;
    for (QAbstractSeries* series : loss->chart()->series()) {
        auto* line = qobject_cast<QLineSeries*>(series);
        QVERIFY(line && line->count() >= 4);
        if (series->name() == QStringLiteral("full − none"))
            replayedApart = line->at(line->count() - 1).y();
        if (series->name() == QStringLiteral("full, no RNG replay − none"))
            freshApart = line->at(line->count() - 1).y();
    }
    QCOMPARE(replayedApart, 0.0);
    QVERIFY2(freshApart > 0, qPrintable(QString::number(freshApart)));
}

void DemoTest::cancelStopsSoonWithoutLeaking()
{
    const DemoPreset preset = longPreset();
    DemoPanel panel(m_figures);
    panel.setPreset(preset);
    QSignalSpy finished(&panel, &DemoPanel::finished);
    panel.run();
    // Under way (progress comes at most ten times a second, after every run's setup; slow when busy).
    QTRY_VERIFY_WITH_TIMEOUT(panel.findChild<QProgressBar*>(QStringLiteral("demoProgress"))->value() > 0,
        60000 * rlab::test::kSlowness);
    QVERIFY(panel.isRunning());
    const auto start = std::chrono::steady_clock::now();
    panel.cancel();
    QVERIFY(finished.wait(10000 * rlab::test::kSlowness));
    const auto elapsed = std::chrono::steady_clock::now() - start;
    QCOMPARE(outcomeOf(finished).ending, DemoOutcome::Ending::Cancelled);
    QVERIFY(elapsed < std::chrono::seconds(3 * rlab::test::kSlowness));
    QVERIFY(!panel.isRunning());
    QCOMPARE(rlab::liveEngineBytes(), std::uint64_t(0));
    QVERIFY(panel.findChild<QPushButton*>(QStringLiteral("runDemo"))->isEnabled());
}

void DemoTest::destroyingARunningPanelJoins()
{
    const DemoPreset preset = longPreset();
    {
        DemoPanel panel(m_figures);
        panel.setPreset(preset);
        panel.run();
        QTest::qWait(100);
        QVERIFY(panel.isRunning());
    }
    QCOMPARE(rlab::liveEngineBytes(), std::uint64_t(0));

    // Switching to another preset mid-run stops the old one too.
    DemoPanel panel(m_figures);
    panel.setPreset(preset);
    QSignalSpy finished(&panel, &DemoPanel::finished);
    panel.run();
    QTest::qWait(100);
    panel.setPreset(tinyPreset("other"));
    QVERIFY(!panel.isRunning());
    QCOMPARE(finished.count(), 1);
    QCOMPARE(outcomeOf(finished).ending, DemoOutcome::Ending::Cancelled);
    QCOMPARE(rlab::liveEngineBytes(), std::uint64_t(0));
    QTest::qWait(50); // nothing from the old run arrives late
    QCOMPARE(panel.findChild<QTableView*>(QStringLiteral("resultsTable"))->model()->rowCount(), 0);
}

void DemoTest::exportWritesCsvAndJson()
{
    DemoPanel panel(m_figures);
    panel.setPreset(tinyPreset());
    QSignalSpy finished(&panel, &DemoPanel::finished);
    QVERIFY(runToEnd(panel, finished));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());

    const QString csvPath = dir.filePath(QStringLiteral("out.csv"));
    QCOMPARE(panel.exportResults(csvPath), QString());
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    const QStringList header = csvFields(lines[0]);
    QVERIFY(header.contains(QStringLiteral("peak_activation_bytes")));
    QCOMPARE(csvFields(lines[1]).size(), header.size());
    QCOMPARE(csvFields(lines[1]).first(), QStringLiteral("none"));
    // The run's own device, as it ran (a tiny model runs on one thread of it).
    const QString device = csvFields(lines[1])[header.indexOf(QStringLiteral("device"))];
    QVERIFY2(device.startsWith(DemoRunner::deviceName().section(QLatin1Char(' '), 0, 0)), qPrintable(device));
    const qsizetype peakColumn = header.indexOf(QStringLiteral("peak_activation_bytes"));
    QVERIFY(csvFields(lines[2])[peakColumn].toULongLong() > 0);

    const QString jsonPath = dir.filePath(QStringLiteral("out.json"));
    QCOMPARE(panel.exportResults(jsonPath), QString());
    QFile json(jsonPath);
    QVERIFY(json.open(QIODevice::ReadOnly));
    QJsonParseError error {};
    const QJsonDocument document = QJsonDocument::fromJson(json.readAll(), &error);
    QVERIFY2(document.isObject(), qPrintable(error.errorString()));
    QCOMPARE(document[QStringLiteral("preset")].toString(), QStringLiteral("tiny"));
    const QJsonArray runs = document[QStringLiteral("runs")].toArray();
    QCOMPARE(runs.size(), 2);
    const QJsonObject full = runs[1].toObject()[QStringLiteral("result")].toObject();
    QCOMPARE(full[QStringLiteral("policy")].toString(), QStringLiteral("full"));
    QVERIFY(full[QStringLiteral("peak_activation_bytes")].toDouble() > 0);

    // The memory trace: per run a process whose counters peak at the run's measured peaks.
    const QString tracePath = dir.filePath(QStringLiteral("out.trace.json"));
    QCOMPARE(panel.exportResults(tracePath), QString());
    QFile traceFile(tracePath);
    QVERIFY(traceFile.open(QIODevice::ReadOnly));
    const QJsonDocument trace = QJsonDocument::fromJson(traceFile.readAll(), &error);
    QVERIFY2(trace.isObject(), qPrintable(error.errorString()));
    double devicePeak = 0;
    double activationPeak = 0;
    int slices = 0;
    for (const QJsonValue& event : trace[QStringLiteral("traceEvents")].toArray()) {
        if (event[QStringLiteral("pid")].toInt() != 2) // the second run: full
            continue;
        const QString name = event[QStringLiteral("name")].toString();
        const double bytes = event[QStringLiteral("args")][QStringLiteral("bytes")].toDouble();
        if (event[QStringLiteral("ph")].toString() == QLatin1String("X"))
            ++slices;
        else if (name == QLatin1String("device bytes"))
            devicePeak = std::max(devicePeak, bytes);
        else if (name == QLatin1String("activation bytes"))
            activationPeak = std::max(activationPeak, bytes);
    }
    QCOMPARE(slices, full[QStringLiteral("timeline")].toArray().size());
    QCOMPARE(devicePeak, full[QStringLiteral("peak_bytes")].toDouble());
    QCOMPARE(activationPeak, full[QStringLiteral("peak_activation_bytes")].toDouble());

    // The PyTorch snapshot: a protocol 2 pickle (tests/cli/check_memory_exports.py unpickles one).
    const QString snapshotPath = dir.filePath(QStringLiteral("out.pickle"));
    QCOMPARE(panel.exportResults(snapshotPath), QString());
    QFile snapshot(snapshotPath);
    QVERIFY(snapshot.open(QIODevice::ReadOnly));
    const QByteArray pickled = snapshot.readAll();
    QVERIFY(pickled.startsWith("\x80\x02") && pickled.endsWith('.'));
    QVERIFY(pickled.contains("device_traces") && pickled.contains("free_completed"));

    QVERIFY(!panel.exportResults(dir.filePath(QStringLiteral("out.txt"))).isEmpty());
    QVERIFY(!panel.exportResults(dir.filePath(QStringLiteral("missing/folder/out.csv"))).isEmpty());
}

void DemoTest::invalidSizesDisableRun()
{
    DemoPreset preset = tinyPreset();
    preset.userKeepChoice = true;
    preset.runs = {demoRun("none"), demoRun("selective")};
    DemoPanel panel(m_figures);
    panel.setPreset(preset);
    auto* run = panel.findChild<QPushButton*>(QStringLiteral("runDemo"));
    auto* problem = panel.findChild<QLabel*>(QStringLiteral("demoProblem"));
    QVERIFY(run->isEnabled());
    QVERIFY(problem->text().isEmpty());

    panel.findChild<QSpinBox*>(QStringLiteral("headsSpin"))->setValue(3);
    QVERIFY(!run->isEnabled());
    QVERIFY(problem->text().contains(QStringLiteral("divide")));
    QSignalSpy finished(&panel, &DemoPanel::finished);
    panel.run(); // refused with the same sentence, nothing started
    QCOMPARE(finished.count(), 1);
    QCOMPARE(outcomeOf(finished).ending, DemoOutcome::Ending::Refused);
    QCOMPARE(demoOutcomeText(outcomeOf(finished)), problem->text());
    QVERIFY(!panel.isRunning());
    {
        // The sentence is the app's, in the learner's language (rlab_demo gives only the numbers).
        MarkingTranslator translator;
        QCoreApplication::installTranslator(&translator);
        QCoreApplication::processEvents();
        QVERIFY2(problem->text().startsWith(QStringLiteral("«")), qPrintable(problem->text()));
        QCoreApplication::removeTranslator(&translator);
        QCoreApplication::processEvents();
    }
    panel.findChild<QSpinBox*>(QStringLiteral("headsSpin"))->setValue(4);
    QVERIFY(run->isEnabled());

    // Unticking every kind selective may keep is refused too.
    for (QCheckBox* box : panel.findChildren<QCheckBox*>()) {
        if (box->objectName().startsWith(QStringLiteral("keep_")))
            box->setChecked(false);
    }
    QVERIFY(!run->isEnabled());
    panel.findChild<QCheckBox*>(QStringLiteral("keep_qkv"))->setChecked(true);
    QVERIFY(run->isEnabled());
}

void DemoTest::samePresetKeepsResults()
{
    DemoPanel panel(m_figures);
    panel.setPreset(tinyPreset());
    QSignalSpy finished(&panel, &DemoPanel::finished);
    QVERIFY(runToEnd(panel, finished));
    auto* table = panel.findChild<QTableView*>(QStringLiteral("resultsTable"));
    QCOMPARE(table->model()->rowCount(), 2);

    DemoPreset translated = tinyPreset();
    translated.title.value = "Крошечная демонстрация";
    panel.setPreset(translated); // a language switch: same id
    QCOMPARE(table->model()->rowCount(), 2);
    QVERIFY(
        panel.findChild<QLabel*>(QStringLiteral("demoTitle"))->text().contains(QStringLiteral("Крошечная")));

    panel.setPreset(tinyPreset("another"));
    QCOMPARE(table->model()->rowCount(), 0);
}

// A desktop switching between light and dark while the app runs changes the application palette:
// every chart is drawn again in the new colours, its results kept.
void DemoTest::paletteChangeRecoloursTheCharts()
{
    DemoPanel panel(m_figures);
    panel.setPreset(tinyPreset());
    QSignalSpy finished(&panel, &DemoPanel::finished);
    QVERIFY(runToEnd(panel, finished));
    const QPalette before = QApplication::palette();
    const auto background
        = [&](const char* name) { return chartView(panel, name)->chart()->backgroundBrush().color(); };
    const int points = pointsIn(chartView(panel, "timelineChart"));
    QCOMPARE(background("memoryChart"), before.color(QPalette::Base));

    QApplication::setPalette(darkPalette());
    QCoreApplication::processEvents();
    for (const char* name : {"memoryChart", "stepTimeChart", "timelineChart"}) {
        QVERIFY2(chartView(panel, name), name);
        QCOMPARE(background(name), darkPalette().color(QPalette::Base));
        QCOMPARE(chartView(panel, name)->chart()->titleBrush().color(), darkPalette().color(QPalette::Text));
    }
    QCOMPARE(pointsIn(chartView(panel, "timelineChart")), points);
    QApplication::setPalette(before);
    QCoreApplication::processEvents();
    QCOMPARE(background("memoryChart"), before.color(QPalette::Base));
}

void DemoTest::languageChangeRetranslates()
{
    DemoPanel panel(m_figures);
    panel.setPreset(tinyPreset());
    QSignalSpy finished(&panel, &DemoPanel::finished);
    QVERIFY(runToEnd(panel, finished));
    auto* run = panel.findChild<QPushButton*>(QStringLiteral("runDemo"));
    QVERIFY(!run->text().startsWith(QStringLiteral("«")));

    MarkingTranslator translator;
    QCoreApplication::installTranslator(&translator); // sends LanguageChange to every widget
    QCoreApplication::processEvents();
    QVERIFY(run->text().startsWith(QStringLiteral("«")));
    QVERIFY(
        panel.findChild<QTabWidget*>(QStringLiteral("demoTabs"))->tabText(1).startsWith(QStringLiteral("«")));
    QAbstractItemModel* model = panel.findChild<QTableView*>(QStringLiteral("resultsTable"))->model();
    QVERIFY(model->headerData(DemoResultsModel::PeakActivations, Qt::Horizontal)
                .toString()
                .startsWith(QStringLiteral("«")));
    QVERIFY(chartView(panel, "memoryChart")->chart()->title().startsWith(QStringLiteral("«")));
    QVERIFY(chartView(panel, "timelineChart")->chart()->title().startsWith(QStringLiteral("«")));
    QVERIFY(panel.findChild<QLabel*>(QStringLiteral("demoStatus"))->text().startsWith(QStringLiteral("«")));
    QCOMPARE(model->rowCount(), 2); // results survive the switch

    QCoreApplication::removeTranslator(&translator);
    QCoreApplication::processEvents();
    QVERIFY(!run->text().startsWith(QStringLiteral("«")));
}

// Proves: the table is always the first tab, whatever the panel's height, and stays one while a
// run adds rows and the learner clicks through the tabs (it was moved above the charts in a tall
// panel, and a click during a run left it there, its tab gone).
void DemoTest::tableStaysATab()
{
    DemoPanel panel(m_figures);
    panel.setPreset(longPreset());
    panel.resize(1000, 1000);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto* tabs = panel.findChild<QTabWidget*>(QStringLiteral("demoTabs"));
    auto* table = panel.findChild<QTableView*>(QStringLiteral("resultsTable"));
    QCOMPARE(tabs->indexOf(table), 0);
    QSignalSpy finished(&panel, &DemoPanel::finished);
    panel.run();
    QVERIFY(panel.isRunning());
    for (int round = 0; round < 2; ++round) {
        for (int tab = 0; tab < tabs->count(); ++tab) {
            if (!tabs->isTabVisible(tab))
                continue;
            QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {}, tabs->tabBar()->tabRect(tab).center());
            QTest::qWait(20);
            QCOMPARE(tabs->currentIndex(), tab);
            QCOMPARE(tabs->indexOf(table), 0);
            QCOMPARE(tabs->tabText(0), DemoResultsView::tr("Table"));
        }
    }
    panel.resize(800, 560);
    QCoreApplication::processEvents();
    QCOMPARE(tabs->indexOf(table), 0);
    panel.cancel();
    QVERIFY(finished.count() == 1 || finished.wait(60000 * rlab::test::kSlowness));
}

// Proves: after a run the panel's device line gives the thread count the runs used, the one the
// copied table gives (it said "2 threads" while the table said "1 thread": tiny runs use one).
void DemoTest::deviceLineSaysTheRunsThreads()
{
    DemoPanel panel(m_figures);
    panel.setPreset(tinyPreset("tiny-threads"));
    QVERIFY(showAndRunToEnd(panel));
    auto* device = panel.findChild<QLabel*>(QStringLiteral("demoDevice"));
    const QList<DemoResult>& results = panel.findChild<DemoResultsModel*>()->results();
    QVERIFY(!results.isEmpty());
    const QString used = QString::fromStdString(results.front().run.deviceName);
    QVERIFY2(panel.resultsTsv().contains(used), qPrintable(panel.resultsTsv()));
    const QRegularExpression count(QStringLiteral("(\\d+) threads?\\)"));
    const QString inTable = count.match(used).captured(1);
    QVERIFY2(!inTable.isEmpty(), qPrintable(used));
    QVERIFY2(device->text().contains(QStringLiteral("%1 thread").arg(inTable)),
        qPrintable(device->text() + QStringLiteral(" / ") + used));
}

// Proves: claims say a budget run as "budget 6 MiB", not its policy string "budget:6MiB"; small
// numbers as "1.2 × 10⁻⁷", never "1E-05", in English and Russian; and a figure never breaks from its
// unit (a no-break space between them).
void DemoTest::claimsReadInALearnersWords()
{
    QCOMPARE(readableNumber(0.5), QStringLiteral("0.5"));
    QCOMPARE(readableNumber(1e-5), QStringLiteral("10⁻⁵"));
    QCOMPARE(readableNumber(1.2e-7), QStringLiteral("1.2 × 10⁻⁷"));
    QCOMPARE(readableNumber(2.5e7), QStringLiteral("2.5 × 10⁷"));
    QCOMPARE(runNameText("budget:6MiB"), QStringLiteral("budget 6\u00a0MiB"));
    QCOMPARE(runNameText("full"), QStringLiteral("full"));

    DemoPreset preset = tinyPreset("tiny-words");
    rlab::content::DemoClaim above;
    above.id = "more-budget-keeps-more";
    above.run = "budget:6MiB";
    above.is = rlab::content::ClaimRelation::Above;
    above.than = "budget:3MiB";
    rlab::content::DemoClaim exact;
    exact.id = "replay-is-exact";
    exact.quantity = rlab::content::ClaimQuantity::GradError;
    exact.run = "full";
    exact.is = rlab::content::ClaimRelation::AtMost;
    exact.value = 1e-5;
    preset.claims = {above, exact};
    rlab::demo::ClaimCheck first;
    first.claimId = above.id;
    first.figures = {{"budget:6MiB", 0, 5.9 * 1024 * 1024, 0, 0, false},
        {"budget:3MiB", 0, 2.9 * 1024 * 1024, 0, 0, false}};
    rlab::demo::ClaimCheck second;
    second.claimId = exact.id;
    second.quantity = exact.quantity;
    second.figures = {{"full", 0, 1.2e-7, 0, 0, false}};
    for (const QString& locale : {QStringLiteral("en_US"), QStringLiteral("ru_RU")}) {
        QLocale::setDefault(QLocale(locale));
        const QString html = demoClaimsHtml(m_figures, preset, {first, second}, {});
        QVERIFY2(!html.contains(QStringLiteral("budget:")), qPrintable(html));
        QVERIFY2(html.contains(QStringLiteral("budget 6\u00a0MiB")), qPrintable(html));
        QVERIFY2(!html.contains(QStringLiteral("E-0"), Qt::CaseInsensitive), qPrintable(html));
        QVERIFY2(html.contains(QStringLiteral("10⁻⁵")), qPrintable(html));
        const QString small
            = QStringLiteral("1%1\u00a0×\u00a010⁻⁷").arg(QLocale().decimalPoint() + QStringLiteral("2"));
        QVERIFY2(html.contains(small), qPrintable(html));
        const QString mib = locale == QStringLiteral("ru_RU") ? QStringLiteral("5,900\u00a0MiB")
                                                              : QStringLiteral("5.900\u00a0MiB");
        QVERIFY2(html.contains(mib), qPrintable(html));
    }
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

// Proves: a learner's Run estimated over 30 s is not started: the status says how long it would
// take and asks for Run again, which starts it; other sizes ask again. run() itself (the command
// line's, a test's) does not ask.
void DemoTest::longRunIsAskedForFirst()
{
    clearMeasuredSpeed();
    rlab::demo::clearEstimateCorrections();
    rlab::RunResult slow; // a machine of 1 FLOP a second: every estimate is long
    slow.forwardFlops = 1;
    slow.stepMsMedian = 1000;
    rlab::demo::recordMeasuredSpeed(slow);
    DemoPanel panel(m_figures);
    panel.setPreset(tinyPreset("tiny-ask"));
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto* status = panel.findChild<QLabel*>(QStringLiteral("demoStatus"));
    auto* runButton = panel.findChild<QPushButton*>(QStringLiteral("runDemo"));
    QVERIFY(status && runButton);
    QTest::mouseClick(runButton, Qt::LeftButton);
    QVERIFY(!panel.isRunning());
    QVERIFY2(status->text().contains(QStringLiteral("Press Run again")), qPrintable(status->text()));
    panel.setPreset(tinyPreset("tiny-ask-other")); // other runs: asked again
    panel.requestRun();
    QVERIFY(!panel.isRunning());
    QSignalSpy finished(&panel, &DemoPanel::finished);
    QTest::mouseClick(runButton, Qt::LeftButton); // asked, and pressed again: it starts
    QVERIFY(panel.isRunning() || finished.count() == 1);
    QVERIFY(finished.count() == 1 || finished.wait(60000 * rlab::test::kSlowness));
    QVERIFY(finished.first().at(0).value<DemoOutcome>().ok());
    clearMeasuredSpeed();
}

// Proves: the busy probe says a run had too little of the processor, and only then.
void DemoTest::busyMachineIsSaid()
{
    QCOMPARE(rlab::demo::cpuShare(0.45, 1.0, 1), 0.45);
    QCOMPARE(rlab::demo::cpuShare(1.9, 1.0, 2), 0.95);
    QVERIFY(rlab::demo::busyText(rlab::demo::cpuShare(1.9, 1.0, 2)).isEmpty());
    QVERIFY(rlab::demo::busyText(rlab::demo::cpuShare(0.0, 0.0, 1)).isEmpty()); // no time: no verdict
    const QString busy = rlab::demo::busyText(rlab::demo::cpuShare(0.45, 1.0, 1));
    QVERIFY2(busy.contains(QStringLiteral("busy")) && busy.contains(QStringLiteral("45%")), qPrintable(busy));
}

// Proves: before a preset's own first run its estimate is fitted over the presets run so far, time =
// a x FLOP estimate + b x runs, so a sweep of many small runs is not estimated at the ratio of
// presets with few; without a run count, the median ratio as before; its own run's ratio after.
void DemoTest::estimateLearnsWhatEachRunCosts()
{
    rlab::demo::clearEstimateCorrections();
    // A machine where a run costs 1.1 times its FLOP time plus 50 ms.
    rlab::demo::recordEstimateTaken(QStringLiteral("few"), 1.0, 1.1 * 1.0 + 0.05 * 4, 4);
    rlab::demo::recordEstimateTaken(QStringLiteral("many"), 0.5, 1.1 * 0.5 + 0.05 * 16, 16);
    QVERIFY(
        std::abs(rlab::demo::correctedEstimate(QStringLiteral("sweep"), 0.8, 10) - (1.1 * 0.8 + 0.05 * 10))
        < 1e-9);
    QVERIFY(std::abs(rlab::demo::correctedEstimate(QStringLiteral("sweep"), 0.8) - 0.8 * 2.7)
        < 1e-9); // median ratio
    QVERIFY(
        std::abs(rlab::demo::correctedEstimate(QStringLiteral("many"), 0.5, 16) - 1.35) < 1e-9); // its own
    rlab::demo::clearEstimateCorrections();
}

// Proves: before the first run no time estimate shows (the machine's speed is not measured yet);
// after it, the panel estimates the next run from the predicted FLOPs and the measured speed, within
// a factor of four of what that run then takes (a busy 2-core machine's spread); larger sizes give
// a longer estimate; and while a long demo runs, the progress bar moves and says the time left.
void DemoTest::runTimeIsEstimated()
{
    clearMeasuredSpeed();
    rlab::demo::clearEstimateCorrections();
    DemoPanel panel(m_figures);
    panel.setPreset(tinyPreset("tiny-estimate"));
    panel.resize(900, 700);
    auto* estimate = panel.findChild<QLabel*>(QStringLiteral("demoEstimate"));
    QVERIFY(estimate);
    QVERIFY(showAndRunToEnd(panel));
    QVERIFY(measuredFlopsPerMs().has_value());
    QVERIFY(estimate->isVisible());
    QVERIFY2(estimate->text().contains(QStringLiteral("estimate")), qPrintable(estimate->text()));

    const DemoPreset preset = tinyPreset("tiny-estimate");
    const QList<DemoRunPlan> plans = DemoRunner::plan(preset, rlab::demo::defaultChoice(preset)).value;
    // The FLOP estimate, corrected by how long the first run took against its own.
    const double flopEstimate = estimateDemoSeconds(plans, *measuredFlopsPerMs());
    const double predicted = rlab::demo::correctedEstimate(QStringLiteral("tiny-estimate"), flopEstimate);
    QVERIFY(predicted > 0);
    QElapsedTimer timer;
    timer.start();
    QSignalSpy finished(&panel, &DemoPanel::finished);
    QVERIFY(runToEnd(panel, finished));
    const double took = double(timer.elapsed()) / 1000.0;
    QVERIFY2(took > predicted / 4 && took < predicted * 4,
        qPrintable(QStringLiteral("estimated %1 s, took %2 s").arg(predicted).arg(took)));
    // That run had an estimate: the next one of this preset is corrected by how long it took.
    const double corrected = rlab::demo::correctedEstimate(QStringLiteral("tiny-estimate"), flopEstimate);
    // (the panel times the run from its start; this test's clock also counts the event loop around it)
    const double expected = std::clamp(took / flopEstimate, 0.5, 10.0);
    QVERIFY2(std::abs(corrected / flopEstimate - expected) < 0.25 * expected,
        qPrintable(QStringLiteral("corrected by %1, took %2 of the estimate")
                       .arg(corrected / flopEstimate)
                       .arg(expected)));
    qInfo("FLOP estimate %.2f s, took %.2f s; the next estimate %.2f s", flopEstimate, took, corrected);
    rlab::demo::Choice larger = rlab::demo::defaultChoice(preset);
    larger.shape.layers = preset.maxShape.layers;
    larger.shape.seq = preset.maxShape.seq;
    QVERIFY(estimateDemoSeconds(DemoRunner::plan(preset, larger).value, *measuredFlopsPerMs()) > predicted);

    DemoPanel longPanel(m_figures);
    longPanel.setPreset(longPreset("long-estimate"));
    longPanel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&longPanel));
    QSignalSpy longFinished(&longPanel, &DemoPanel::finished);
    longPanel.run();
    auto* bar = longPanel.findChild<QProgressBar*>(QStringLiteral("demoProgress"));
    QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0, 5000);
    QVERIFY2(
        bar->text().contains(QStringLiteral("left")) || bar->text().contains(QStringLiteral("finishing")),
        qPrintable(bar->text()));
    longPanel.cancel();
    QVERIFY(longFinished.count() == 1 || longFinished.wait(60000 * rlab::test::kSlowness));
}

// Proves: in the timeline, none's ops and full's line up phase by phase: both lines start their
// backward pass at the same x and end at the same x (full runs ~40% more ops, and before its line
// ran on past none's), and the x axis ends at the last op, not at a round number beyond it.
void DemoTest::timelineLinesUpByPhase()
{
    DemoPanel panel(m_figures);
    panel.setPreset(tinyPreset());
    panel.resize(900, 700);
    QVERIFY(showAndRunToEnd(panel));
    const QList<DemoResult>& results = panel.findChild<DemoResultsModel*>()->results();
    QCOMPARE(results.size(), 2);
    const std::vector<rlab::TimelineEvent>& none = results[0].run.timeline;
    const std::vector<rlab::TimelineEvent>& full = results[1].run.timeline;
    QVERIFY(full.size() > none.size()); // full recomputes: more ops in its step
    const auto forwardOps = [](const std::vector<rlab::TimelineEvent>& events) {
        std::size_t n = 0;
        while (n < events.size() && events[n].phase != rlab::Phase::Recompute
            && events[n].phase != rlab::Phase::Backward)
            ++n;
        return n;
    };
    QCOMPARE(forwardOps(none), forwardOps(full)); // the same forward ops
    const std::vector<const std::vector<rlab::TimelineEvent>*> both {&none, &full};
    const std::vector<double> noneAt = alignedOpPositions(none, both);
    const std::vector<double> fullAt = alignedOpPositions(full, both);
    const std::size_t forward = forwardOps(none);
    // Forward op for op; backward starts right after it in both; both end at the same place.
    QCOMPARE(noneAt[forward - 1], double(forward));
    QCOMPARE(fullAt[forward - 1], double(forward));
    QVERIFY(noneAt[forward] > double(forward) && fullAt[forward] > double(forward));
    QCOMPARE(noneAt.back(), fullAt.back());
    QVERIFY(std::is_sorted(noneAt.begin(), noneAt.end()) && std::is_sorted(fullAt.begin(), fullAt.end()));

    // The chart draws them so: the dashed none line ends where full's does, and the axis there.
    QChartView* timeline = chartView(panel, "timelineChart");
    double noneEnd = -1;
    double shownEnd = -1;
    for (QAbstractSeries* series : timeline->chart()->series()) {
        auto* line = qobject_cast<QLineSeries*>(series);
        if (!line || line->count() == 0)
            continue;
        if (line->name() == QStringLiteral("none: activations"))
            noneEnd = line->points().back().x();
        else if (line->property("phase").isValid())
            shownEnd = std::max(shownEnd, line->points().back().x());
    }
    QVERIFY2(noneEnd > 0 && shownEnd > 0, "full in colour, none dashed");
    QCOMPARE(noneEnd, shownEnd);
    auto* x = qobject_cast<QValueAxis*>(timeline->chart()->axes(Qt::Horizontal).value(0));
    QVERIFY(x);
    QVERIFY2(x->max() >= shownEnd && x->max() - shownEnd < 1, qPrintable(QString::number(x->max())));
}

// Proves: the frozen Run column shows the label of the row beside it after the table scrolls up or
// down by the wheel (over the figures or over the Run column itself), by keys and by its scroll
// bar; "full, layers = 4" once sat beside none's figures at 16 layers.
void DemoTest::runColumnScrollsWithItsRows()
{
    DemoPreset preset = tinyPreset("tiny-rows");
    preset.runs = {demoRun("none"), demoRun("full"), demoRun("sqrt")};
    preset.sweep = rlab::content::DemoSweep {"layers", {1, 2, 3, 4}};
    preset.steps = 2;
    DemoPanel panel(m_figures);
    panel.setPreset(preset);
    panel.resize(520, 330);
    QVERIFY(showAndRunToEnd(panel));
    showExplore(panel);
    auto* tabs = panel.findChild<QTabWidget*>(QStringLiteral("demoTabs"));
    auto* table = panel.findChild<QTableView*>(QStringLiteral("resultsTable"));
    auto* runColumn = panel.findChild<QTableView*>(QStringLiteral("resultsRunColumn"));
    tabs->setCurrentWidget(table);
    QCoreApplication::processEvents();
    QCOMPARE(table->model()->rowCount(), 12);
    QVERIFY2(table->verticalScrollBar()->maximum() > 0, "the panel must be short enough to scroll");
    // The label beside the figures at the top of the view, and the table's own label there.
    const auto aligned = [&](const char* how) {
        QCoreApplication::processEvents();
        const int top = table->rowAt(2);
        const QString beside = runColumn->indexAt(QPoint(4, 2)).data().toString();
        const QString own = table->model()->index(top, DemoResultsModel::Label).data().toString();
        if (beside == own && runColumn->rowViewportPosition(top) == table->rowViewportPosition(top))
            return true;
        qWarning("%s: row %d is %s, the Run column says %s", how, top, qPrintable(own), qPrintable(beside));
        return false;
    };
    QVERIFY(aligned("at first"));
    const auto wheel = [](QWidget* target, int steps) { // one event a notch: a slider takes a page at most
        const QPoint at(target->width() / 2, target->height() / 2);
        for (int notch = 0; notch < std::abs(steps); ++notch) {
            QWheelEvent event(at, target->mapToGlobal(at), QPoint(), QPoint(0, steps > 0 ? -120 : 120),
                Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
            QCoreApplication::sendEvent(target, &event);
        }
    };
    wheel(table->viewport(), 1);
    QVERIFY(table->verticalScrollBar()->value() > 0);
    QVERIFY(aligned("wheel over the figures"));
    wheel(runColumn->viewport(), 1);
    QVERIFY(aligned("wheel over the Run column"));
    wheel(table->viewport(), 20);
    QVERIFY(aligned("wheel to the end"));
    wheel(runColumn->viewport(), -20);
    QCOMPARE(table->verticalScrollBar()->value(), 0);
    QVERIFY(aligned("wheel over the Run column back to the top"));
    table->setFocus();
    table->setCurrentIndex(table->model()->index(0, DemoResultsModel::PeakTotal));
    QTest::keyClick(table, Qt::Key_End, Qt::ControlModifier);
    QVERIFY(aligned("Ctrl+End"));
    QTest::keyClick(table, Qt::Key_PageUp);
    QVERIFY(aligned("Page Up"));
    table->verticalScrollBar()->setValue(table->verticalScrollBar()->maximum() / 2 + 1);
    QVERIFY(aligned("scroll bar"));
    // Nothing is drawn under the vertical scroll bar: the Run column ends where the viewport does.
    QVERIFY(runColumn->geometry().bottom() <= table->viewport()->geometry().bottom());
}

// Proves: in a short, narrow panel the ledger's formula keeps every line (its last line, the
// measured total, was hidden under the tensor table at 1024x700 in Russian).
void DemoTest::ledgerFormulaIsNeverCut()
{
    DemoPanel panel(m_figures);
    panel.setPreset(tinyPreset("tiny-formula"));
    panel.resize(440, 520);
    QVERIFY(showAndRunToEnd(panel));
    auto* tabs = panel.findChild<QTabWidget*>(QStringLiteral("demoTabs"));
    tabs->setCurrentWidget(panel.findChild<QWidget*>(QStringLiteral("ledgerView")));
    auto* formula = panel.findChild<QLabel*>(QStringLiteral("ledgerFormula"));
    QVERIFY(formula);
    for (const int height : {520, 460, 600}) {
        panel.resize(440, height);
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QVERIFY2(formula->text().contains(QStringLiteral("Measured here")), qPrintable(formula->text()));
        QVERIFY2(formula->height() >= formula->heightForWidth(formula->width()),
            qPrintable(QStringLiteral("at height %1 the formula has %2 px of the %3 its lines need")
                           .arg(height)
                           .arg(formula->height())
                           .arg(formula->heightForWidth(formula->width()))));
    }
}

void DemoTest::tableHeadersAreReadable()
{
    DemoPanel panel(m_figures);
    panel.resize(800, 560);
    panel.setPreset(tinyPreset());
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto* table = panel.findChild<QTableView*>(QStringLiteral("resultsTable"));
    QHeaderView* header = table->horizontalHeader();
    // Before a run the empty table already names what will be measured, readably.
    QCOMPARE(squeezedHeaders(table), QString());

    QSignalSpy finished(&panel, &DemoPanel::finished);
    QVERIFY(runToEnd(panel, finished));
    QCOMPARE(squeezedHeaders(table), QString());
    // Long names also say it all in a tooltip; the last column takes the spare width.
    QVERIFY(!table->model()
                 ->headerData(DemoResultsModel::StepSpread, Qt::Horizontal, Qt::ToolTipRole)
                 .toString()
                 .isEmpty());
    QVERIFY(header->stretchLastSection());

    // Longer headers after a language switch get wider columns.
    MarkingTranslator translator;
    QCoreApplication::installTranslator(&translator);
    QCoreApplication::processEvents();
    QVERIFY(table->model()
                ->headerData(DemoResultsModel::PeakTotal, Qt::Horizontal)
                .toString()
                .startsWith(QStringLiteral("«")));
    QCOMPARE(squeezedHeaders(table), QString());
    QCoreApplication::removeTranslator(&translator);
    QCoreApplication::processEvents();
    QCOMPARE(squeezedHeaders(table), QString());
}

void DemoTest::runColumnStaysWhileScrolling()
{
    DemoPanel panel(m_figures);
    panel.resize(400, 560); // narrow, with every column: the table scrolls sideways
    panel.setPreset(tinyPreset());
    auto* more = panel.findChild<QCheckBox*>(QStringLiteral("moreColumns"));
    more->setChecked(true);
    QVERIFY(showAndRunToEnd(panel));
    showExplore(panel);
    auto* table = panel.findChild<QTableView*>(QStringLiteral("resultsTable"));
    auto* runColumn = panel.findChild<QTableView*>(QStringLiteral("resultsRunColumn"));
    QVERIFY(runColumn);
    QVERIFY(runColumn->isVisible());
    QCOMPARE(runColumn->model(), table->model());
    QCOMPARE(runColumn->selectionModel(), table->selectionModel());
    for (int column = 0; column < DemoResultsModel::ColumnCount; ++column)
        QCOMPARE(runColumn->isColumnHidden(column), column != DemoResultsModel::Label);
    QCOMPARE(runColumn->model()->index(0, DemoResultsModel::Label).data().toString(), QStringLiteral("none"));
    QCOMPARE(runColumn->model()->index(1, DemoResultsModel::Label).data().toString(), QStringLiteral("full"));
    QCOMPARE(runColumn->width(), table->columnWidth(DemoResultsModel::Label));

    // Scrolled to the far right, the Run column is still where it was, over the table's left edge.
    QVERIFY(table->horizontalScrollBar()->maximum() > 0);
    const QPoint pinned(table->frameWidth(), table->frameWidth());
    QCOMPARE(runColumn->pos(), pinned);
    table->horizontalScrollBar()->setValue(table->horizontalScrollBar()->maximum());
    QCoreApplication::processEvents();
    QVERIFY(table->columnViewportPosition(DemoResultsModel::Label) < 0); // the table's own copy scrolled away
    QCOMPARE(runColumn->pos(), pinned);
    QCOMPARE(runColumn->columnViewportPosition(DemoResultsModel::Label), 0);
    QVERIFY(runColumn->isVisible());
    // Selecting a row in the table selects it in the Run column too.
    table->selectRow(1);
    QVERIFY(runColumn->selectionModel()->isRowSelected(1, {}));
    more->setChecked(false); // the session's choice, as the other tests expect
}

// The frozen Run column is as wide as the table's own Run column when the last run added has the
// longest label: the header does not always report that sizing, and "sqrt + offload" was elided.
void DemoTest::runColumnFitsTheLastRunsLabel()
{
    DemoPreset preset = tinyPreset();
    const QString longest = QStringLiteral("full, the longest label of the three");
    preset.runs = {demoRun("none"), demoRun("full", "full, longer"), demoRun("full", longest.toStdString())};
    DemoPanel panel(m_figures);
    panel.resize(900, 700);
    panel.setPreset(preset);
    QVERIFY(showAndRunToEnd(panel));
    auto* table = panel.findChild<QTableView*>(QStringLiteral("resultsTable"));
    auto* runColumn = panel.findChild<QTableView*>(QStringLiteral("resultsRunColumn"));
    QCOMPARE(runColumn->model()->index(2, DemoResultsModel::Label).data().toString(), longest);
    QVERIFY(
        table->columnWidth(DemoResultsModel::Label) > runColumn->fontMetrics().horizontalAdvance(longest));
    QCOMPARE(runColumn->columnWidth(DemoResultsModel::Label), table->columnWidth(DemoResultsModel::Label));
    QCOMPARE(runColumn->width(), table->columnWidth(DemoResultsModel::Label));
}

void DemoTest::figuresComparedWithNone()
{
    DemoPanel panel(m_figures);
    panel.setPreset(tinyPreset());
    QSignalSpy finished(&panel, &DemoPanel::finished);
    QVERIFY(runToEnd(panel, finished));
    QAbstractItemModel* model = panel.findChild<QTableView*>(QStringLiteral("resultsTable"))->model();
    const auto raw = [model](int row, int column) {
        return model->index(row, column).data(DemoResultsModel::RawValueRole).toDouble();
    };
    const auto shown = [model](int row, int column) { return model->index(row, column).data().toString(); };
    // The `none` row is the baseline: no comparison with itself.
    QVERIFY2(!shown(0, DemoResultsModel::PeakActivations).contains(QLatin1Char('(')),
        qPrintable(shown(0, DemoResultsModel::PeakActivations)));
    for (const int column : {DemoResultsModel::PeakActivations, DemoResultsModel::PeakTotal}) {
        const QString percent = QLocale().toString(100 * raw(1, column) / raw(0, column), 'f', 0);
        QVERIFY2(shown(1, column).endsWith(QStringLiteral("(%1% of none)").arg(percent)),
            qPrintable(shown(1, column)));
    }
    // Step time from paired steps, as the claims read it; inside the noise, no sign and no ranking.
    const auto* results = qobject_cast<DemoResultsModel*>(model);
    QVERIFY(results);
    const std::optional<double> overhead
        = stepOverheadPercent(results->results()[1].run, results->results()[0].run);
    const QString expected = overhead
        ? QStringLiteral("%1% vs none)").arg(QLocale().toString(*overhead, 'f', 0))
        : QStringLiteral("(same as none within noise)");
    QVERIFY2(shown(1, DemoResultsModel::StepMs).endsWith(expected),
        qPrintable(shown(1, DemoResultsModel::StepMs)));
    const double flops
        = 100 * raw(1, DemoResultsModel::RecomputeFlops) / raw(0, DemoResultsModel::ForwardFlops);
    QVERIFY(flops > 0);
    QVERIFY2(shown(1, DemoResultsModel::RecomputeFlops)
                 .endsWith(QStringLiteral("(+%1% of none's forward)").arg(QLocale().toString(flops, 'f', 0))),
        qPrintable(shown(1, DemoResultsModel::RecomputeFlops)));
    // The copied table keeps plain numbers for a spreadsheet.
    QVERIFY(!panel.resultsTsv().contains(QStringLiteral("of none")));
}

void DemoTest::moreColumnsToggleIsRemembered()
{
    auto panel = std::make_unique<DemoPanel>(m_figures);
    panel->setPreset(tinyPreset());
    QSignalSpy finished(panel.get(), &DemoPanel::finished);
    QVERIFY(runToEnd(*panel, finished));
    auto* table = panel->findChild<QTableView*>(QStringLiteral("resultsTable"));
    auto* more = panel->findChild<QCheckBox*>(QStringLiteral("moreColumns"));
    QVERIFY(more);
    QVERIFY(!more->isChecked());
    QVERIFY(table->isColumnHidden(DemoResultsModel::categoryColumn(rlab::MemoryCategory::Parameters)));
    QVERIFY(table->isColumnHidden(DemoResultsModel::Device));
    QVERIFY(!table->isColumnHidden(DemoResultsModel::PeakActivations));
    QVERIFY(!table->isColumnHidden(DemoResultsModel::StepMs));
    QVERIFY(!table->isColumnHidden(DemoResultsModel::ForwardFlops)); // the quizzes name these columns
    QVERIFY(!table->isColumnHidden(DemoResultsModel::categoryColumn(rlab::MemoryCategory::OptimizerState)));
    more->setChecked(true);
    QVERIFY(!table->isColumnHidden(DemoResultsModel::categoryColumn(rlab::MemoryCategory::Parameters)));
    QVERIFY(!table->isColumnHidden(DemoResultsModel::Device));
    QVERIFY(table->isColumnHidden(DemoResultsModel::OffloadMs)); // still only the used ones

    // Another demo page later in the session starts with the learner's choice.
    panel = std::make_unique<DemoPanel>(m_figures);
    QVERIFY(panel->findChild<QCheckBox*>(QStringLiteral("moreColumns"))->isChecked());
    panel->setPreset(tinyPreset());
    QSignalSpy again(panel.get(), &DemoPanel::finished);
    QVERIFY(runToEnd(*panel, again));
    QVERIFY(!panel->findChild<QTableView*>(QStringLiteral("resultsTable"))
                 ->isColumnHidden(DemoResultsModel::categoryColumn(rlab::MemoryCategory::Parameters)));
    panel->findChild<QCheckBox*>(QStringLiteral("moreColumns"))
        ->setChecked(false); // as the other tests expect
}

void DemoTest::russianFiguresUseADecimalComma()
{
    rlab::demo::Figure figure;
    figure.value = 1.665 * 1024 * 1024;
    InterfaceLanguage language;
    language.install(QStringLiteral("ru"));
    const QString russian = figureText(rlab::content::ClaimQuantity::PeakActivationBytes, figure);
    DemoPanel panel(m_figures); // charts made in Russian label their axes with a decimal comma too
    QChart* chart = chartView(panel, "memoryChart")->chart();
    QVERIFY(chart->localizeNumbers());
    QCOMPARE(chart->locale().decimalPoint(), QStringLiteral(","));
    language.install(QStringLiteral("en"));
    const QString english = figureText(rlab::content::ClaimQuantity::PeakActivationBytes, figure);
    QVERIFY2(russian.startsWith(QStringLiteral("1,665")), qPrintable(russian));
    QVERIFY2(russian.contains(QStringLiteral("МиБ")), qPrintable(russian));
    QVERIFY2(english.startsWith(QStringLiteral("1.665")), qPrintable(english));
}

void DemoTest::sizeAboveLimitIsExplained()
{
    DemoPanel panel(m_figures);
    panel.setPreset(tinyPreset());
    auto* run = panel.findChild<QPushButton*>(QStringLiteral("runDemo"));
    auto* problem = panel.findChild<QLabel*>(QStringLiteral("demoProblem"));
    auto* layers = panel.findChild<QSpinBox*>(QStringLiteral("layersSpin"));
    layers->setFocus();
    layers->selectAll();
    QTest::keyClicks(layers, QStringLiteral("30"));
    QTest::keyClick(layers, Qt::Key_Return);
    QCOMPARE(layers->value(), 30); // what was typed stays, not silently changed
    QVERIFY(!run->isEnabled());
    QVERIFY2(
        problem->text().contains(QStringLiteral("8")) && problem->text().contains(QStringLiteral("layers")),
        qPrintable(problem->text()));
    layers->setValue(8);
    QVERIFY(run->isEnabled());
    QVERIFY(problem->text().isEmpty());
}

// Proves: bars side by side do not pass for a ranking where the paired steps cannot tell a run's
// time from none's: the chart names those runs; a resolved difference is not named.
void DemoTest::stepTimeChartNamesRunsWithinNoise()
{
    auto result = [](const char* label, rlab::PolicyKind kind, double factor) {
        DemoResult made;
        made.label = QString::fromLatin1(label);
        made.run.config.policy.kind = kind;
        made.run.config.warmupSteps = 1;
        made.run.stepMs = {50};
        for (int k = 1; k <= 12; ++k) // none: 10, 11, 10, 11, ...; others scaled step by step
            made.run.stepMs.push_back((10.0 + k % 2) * (factor > 0 ? factor : (k % 2 ? 1.01 : 0.99)));
        made.run.stepMsMedian = 10.5 * std::abs(factor);
        return made;
    };
    StepTimeChart chart;
    chart.setResults({result("none", rlab::PolicyKind::None, 1), result("full", rlab::PolicyKind::Full, -1),
        result("sqrt", rlab::PolicyKind::Sqrt, 1.3)});
    const QString title = chart.chart()->title();
    QVERIFY2(title.contains(QStringLiteral("Same as none within noise: full")), qPrintable(title));
    QVERIFY2(!title.contains(QStringLiteral("sqrt")), qPrintable(title));
}

void DemoTest::barChartNamesAreNeverCut_data()
{
    QTest::addColumn<int>("width");
    QTest::newRow("1280x800") << 620; // the width the demo pane gives a chart at each window size
    QTest::newRow("1024x700") << 500;
    QTest::newRow("QT_SCALE_FACTOR=2") << 300;
    QTest::newRow("narrow 330") << 330; // the chart's title, too, once ended in "…" at these two
    QTest::newRow("narrow 260") << 260;
}

// Proves: a bar chart's group names along the bottom are broken into lines that fit their group
// ("budget:" over "6MiB"), or lettered with a key under the axis where even a word is too wide,
// never cut short to "budget:6…" as Qt Charts does with a name too wide, at the widths the demo
// pane gives the chart; each name still reads whole, and so does the chart's title. (Below about
// 250 px for five runs the key needs a third line the chart's height no longer gives it.)
void DemoTest::barChartNamesAreNeverCut()
{
    QFETCH(int, width);
    QList<DemoResult> results;
    const QStringList labels {QStringLiteral("none"), QStringLiteral("budget:6MiB"),
        QStringLiteral("budget:3MiB + offload"), QStringLiteral("selective + offload"),
        QStringLiteral("full")};
    for (const QString& label : labels) {
        DemoResult made;
        made.label = label;
        made.run.config.warmupSteps = 1;
        made.run.stepMs = {50, 10, 11, 10, 11};
        made.run.stepMsMedian = 10.5;
        results.push_back(made);
    }
    StepTimeChart view;
    view.resize(width, 320);
    view.setResults(results);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTest::qWait(300); // the names are fitted once the chart has laid itself out
    QChart* chart = view.chart();
    const auto squeezed = [](const QString& text) { // without the spaces and line breaks
        QString kept;
        for (const QChar c : text)
            if (!c.isSpace())
                kept += c;
        return kept;
    };
    QStringList shown; // each text the chart draws, outside its legend
    for (QGraphicsItem* item : view.scene()->items()) {
        auto* text = dynamic_cast<QGraphicsTextItem*>(item);
        if (!text || !text->isVisible() || chart->legend()->isAncestorOf(item))
            continue;
        QVERIFY2(!text->toPlainText().contains(QStringLiteral("...")), qPrintable(text->toPlainText()));
        shown << squeezed(text->toPlainText());
    }
    // Each name whole: along the axis, or where the chart is too narrow for a word, in the key
    // under it ("C: budget:3MiB + offload").
    const auto whole = [&](const QString& label) {
        return std::any_of(shown.begin(), shown.end(), [&](const QString& text) {
            return text == squeezed(label);
        }) || std::any_of(shown.begin(), shown.end(), [&](const QString& text) {
            return text.contains(squeezed(label) + QStringLiteral("·")) || text.endsWith(squeezed(label));
        });
    };
    for (const QString& label : labels)
        QVERIFY2(whole(label), qPrintable(label + QStringLiteral(" in ") + shown.join(QLatin1Char('|'))));
    auto* axis = qobject_cast<QBarCategoryAxis*>(chart->axes(Qt::Horizontal).value(0));
    QVERIFY(axis);
    QCOMPARE(axis->categories().size(), labels.size());
    // A bar under the pointer names its group whole, however the axis shows it.
    auto* bars = qobject_cast<QAbstractBarSeries*>(chart->series().value(0));
    QVERIFY(bars && !bars->barSets().isEmpty());
    emit bars->hovered(true, 2, bars->barSets().value(0));
    QVERIFY2(QToolTip::text().startsWith(labels[2] + QLatin1Char('\n')), qPrintable(QToolTip::text()));
    emit bars->hovered(false, 2, bars->barSets().value(0));
}

void DemoTest::legendNamesAreNeverCut_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("size");
    for (const char* language : {"en", "ru", "sn"}) {
        // The sizes the demo pane gives a chart at 1280x800 (the legend beside), 1024x700, at scale 2.
        for (const QSize size : {QSize(620, 380), QSize(500, 330), QSize(300, 320)})
            QTest::newRow(qPrintable(QStringLiteral("%1 %2x%3")
                                         .arg(QString::fromLatin1(language))
                                         .arg(size.width())
                                         .arg(size.height())))
                << QString::fromLatin1(language) << size;
    }
}

// Proves: a chart's legend shows every name whole, in as many rows as it needs (Qt Charts' own
// legend laid seven memory kinds out in one row at 1024x700 and cut them to "Paramet…",
// "Optimiz…"), in plain text ("budget:<bytes> runs" had vanished, read as a tag), inside the view
// and clear of the plot; and a vertical axis's title wraps to the plot's height instead of ending
// in "..." (the frontier's, in Shona).
void DemoTest::legendNamesAreNeverCut()
{
    QFETCH(QString, language);
    QFETCH(QSize, size);
    InterfaceLanguage interface;
    interface.install(language);
    QList<DemoResult> memory;
    for (const char* label : {"none", "full + offload"}) {
        DemoResult made;
        made.label = QString::fromLatin1(label);
        for (const rlab::MemoryCategory category : rlab::kMemoryCategories)
            made.run.bytesByCategory[std::string(rlab::memoryCategoryName(category))] = 3 << 20;
        memory.push_back(made);
    }
    QList<DemoResult> frontier;
    for (int k = 0; k < 5; ++k) {
        DemoResult made;
        made.label = k < 3 ? QStringLiteral("budget:%1MiB").arg(k + 2) : QStringList {"none", "full"}[k - 3];
        made.run.config.policy.kind = k < 3 ? rlab::PolicyKind::Budget : rlab::PolicyKind::None;
        made.run.config.policy.budgetBytes = std::uint64_t(k + 2) << 20;
        made.run.peakActivationBytes = std::uint64_t(k + 2) << 20;
        made.run.stepMsMedian = 10.0 - k;
        made.run.stepMsCi95Low = 9.5 - k;
        made.run.stepMsCi95High = 10.5 - k;
        frontier.push_back(made);
    }
    MemoryChart memoryChart;
    memoryChart.setResults(memory);
    FrontierChart frontierChart;
    frontierChart.setResults(frontier);
    const QString budgetRuns = FrontierChart::tr("budget:<bytes> runs");
    QVERIFY(budgetRuns.contains(QStringLiteral("budget:<bytes>")));
    const QList<std::pair<QChartView*, QStringList>> charts {
        {&memoryChart,
            {memoryCategoryTitle(rlab::MemoryCategory::Parameters),
                memoryCategoryTitle(rlab::MemoryCategory::OptimizerState),
                memoryCategoryTitle(rlab::MemoryCategory::RecomputeWorkspace)}},
        {&frontierChart, {budgetRuns, QStringLiteral("none"), QStringLiteral("full")}}};
    for (const auto& [view, names] : charts) {
        view->resize(size);
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view));
        QTest::qWait(300); // the legend and the titles are fitted once the chart has laid itself out
        const QString where = view->objectName() + QLatin1Char(' ');
        QChart* chart = view->chart();
        ChartLegend* legend = ChartLegend::of(view);
        QVERIFY2(legend && legend->isVisible() && !chart->legend()->isVisible(), qPrintable(where));
        QVERIFY2(view->viewport()->rect().contains(legend->geometry()),
            qPrintable(where
                + QStringLiteral("legend at %1,%2 %3x%4 in %5x%6")
                      .arg(legend->x())
                      .arg(legend->y())
                      .arg(legend->width())
                      .arg(legend->height())
                      .arg(view->viewport()->width())
                      .arg(view->viewport()->height())));
        const QRectF plot = chart->plotArea();
        QVERIFY2(legend->shownBeside() ? legend->x() >= plot.right() : legend->y() >= plot.bottom(),
            qPrintable(where + QStringLiteral("the legend covers the plot")));
        QStringList shown;
        const QList<QLabel*> labels = legend->labels();
        for (QLabel* label : labels) {
            const QString text = label->text();
            shown << text;
            QVERIFY2(label->isVisible() && label->textFormat() == Qt::PlainText, qPrintable(where + text));
            QVERIFY2(
                !text.contains(QChar(0x2026)) && !text.contains(QStringLiteral("...")), qPrintable(text));
            // Whole: tall enough for its lines at its width, no word wider than it, inside the legend.
            QVERIFY2(label->height() >= label->heightForWidth(label->width()), qPrintable(where + text));
            for (const QString& word : text.split(QLatin1Char(' ')))
                QVERIFY2(
                    label->fontMetrics().horizontalAdvance(word) <= label->width(), qPrintable(where + text));
            QVERIFY2(legend->rect().contains(label->geometry()), qPrintable(where + text));
            for (QLabel* other : labels)
                QVERIFY2(other == label || !other->geometry().intersects(label->geometry()),
                    qPrintable(where + text + QStringLiteral(" overlaps ") + other->text()));
        }
        for (const QString& name : names)
            QVERIFY2(
                shown.contains(name), qPrintable(where + name + QStringLiteral(" in ") + shown.join('|')));
        // No text the chart draws is cut short, the vertical axes' titles included.
        for (QGraphicsItem* item : view->scene()->items()) {
            auto* text = dynamic_cast<QGraphicsTextItem*>(item);
            if (!text || !text->isVisible() || chart->legend()->isAncestorOf(item))
                continue;
            QVERIFY2(!text->toPlainText().contains(QStringLiteral("...")),
                qPrintable(where + text->toPlainText()
                    + QStringLiteral(" (plot %1x%2)").arg(plot.width()).arg(plot.height())));
        }
        for (QAbstractAxis* axis : chart->axes(Qt::Vertical)) {
            const QFontMetricsF metrics(axis->titleFont());
            for (QString line : axis->titleText().split(QStringLiteral("<br>"))) {
                line.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
                QVERIFY2(
                    metrics.horizontalAdvance(line) <= plot.height(), qPrintable(where + axis->titleText()));
            }
        }
        view->hide();
    }
}

QTEST_MAIN(DemoTest)
// The interval cell's tooltip gives the two parts of the interval: the rounds' own and the
// machine's wander between runs, or says that the first timed run has no wander to widen it yet.
void DemoTest::intervalTipTellsTheWander()
{
    DemoResultsModel model;
    DemoResult result;
    result.label = QStringLiteral("none");
    result.run.stepMsRounds = {4.0, 4.1, 4.2, 4.0, 4.1, 4.2};
    result.run.stepMsMedian = 4.1;
    result.run.stepMsRoundsCi95Low = 4.0;
    result.run.stepMsRoundsCi95High = 4.2;
    result.run.stepMsCi95Low = 3.8;
    result.run.stepMsCi95High = 4.4;
    result.run.stepMsWanderSd = 0.023;
    result.run.stepMsWanderRuns = 12;
    model.append(result);
    result.run.stepMsWanderSd = 0;
    result.run.stepMsWanderRuns = 1;
    result.run.stepMsCi95Low = 4.0;
    result.run.stepMsCi95High = 4.2;
    model.append(result);
    const auto tip = [&](int row) {
        return model.index(row, DemoResultsModel::StepSpread).data(Qt::ToolTipRole).toString();
    };
    QCOMPARE(model.index(0, DemoResultsModel::StepSpread).data().toString(), QStringLiteral("3.80 to 4.40"));
    QVERIFY2(tip(0).contains(QStringLiteral("rounds alone: 4.00 to 4.20 ms")), qPrintable(tip(0)));
    QVERIFY2(
        tip(0).contains(QStringLiteral("wandered by 2.3% (standard deviation) over its last 12 timed run")),
        qPrintable(tip(0)));
    QVERIFY2(tip(1).contains(QStringLiteral("Not widened yet")), qPrintable(tip(1)));
}

#include "tst_demo.moc"
