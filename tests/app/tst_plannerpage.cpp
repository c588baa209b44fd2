// The Planner page: reached from the start page and from a question's demo, Back returns there;
// what it shows is rlab::planner's report for the form's inputs (the same function `rlab plan`
// uses), so its choice at two budgets matches; impossible inputs give a sentence, not a table;
// every language labels the figures as predicted.
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>

#include "demo/demopanel.h"
#include "mainwindow.h"
#include "pages/startpage.h"
#include "planner/plannerpage.h"
#include "rlab/planner/planner.h"

class PlannerPageTest : public QObject {
    Q_OBJECT

private slots:
    void reachedFromStartAndDemo();
    void showsTheSharedPlansChoice_data();
    void showsTheSharedPlansChoice();
    void impossibleInputsAreExplained();
    void russianFiguresUseADecimalComma();
};

void PlannerPageTest::reachedFromStartAndDemo()
{
    MainWindow window(QStringLiteral(RLAB_APP_FIXTURES), ProgressStore::inMemory(), QStringLiteral("en"));
    auto* open = window.startPage()->findChild<QPushButton*>(QStringLiteral("openPlanner"));
    QVERIFY(open);
    open->click();
    QCOMPARE(window.pages()->currentWidget(), window.plannerPage());
    window.plannerPage()->findChild<QPushButton*>(QStringLiteral("plannerBack"))->click();
    QCOMPARE(window.pages()->currentWidget(), window.startPage());

    QVERIFY(window.openQuiz(QStringLiteral("mini-quiz")));
    QWidget* question = window.pages()->currentWidget();
    auto* fromDemo = window.demoPanel()->findChild<QPushButton*>(QStringLiteral("planRealModel"));
    QVERIFY(fromDemo);
    fromDemo->click();
    QCOMPARE(window.pages()->currentWidget(), window.plannerPage());
    window.plannerPage()->findChild<QPushButton*>(QStringLiteral("plannerBack"))->click();
    QCOMPARE(window.pages()->currentWidget(), question);
}

void PlannerPageTest::showsTheSharedPlansChoice_data()
{
    QTest::addColumn<qulonglong>("budget");
    QTest::addColumn<QString>("choice");
    // GPT-2 124M, T=1024, B=8, AdamW: 80 GB keeps everything; 16 GB must recompute something.
    QTest::newRow("80 GB") << qulonglong(80'000'000'000) << QStringLiteral("none");
    QTest::newRow("16 GB") << qulonglong(16'000'000'000) << QString();
}

void PlannerPageTest::showsTheSharedPlansChoice()
{
    QFETCH(qulonglong, budget);
    QFETCH(QString, choice);
    PlannerPage page;
    QVERIFY(page.setModel(QStringLiteral("gpt2-124m")));
    page.setSeqAndBatch(1024, 8);
    page.setBudgetBytes(budget);
    page.replan();
    QVERIFY(page.report());
    const rlab::planner::Request request = page.request();
    QCOMPARE(request.budgetBytes, std::uint64_t(budget));
    const std::optional<rlab::planner::Report> shared = rlab::planner::plan(request, nullptr);
    QVERIFY(shared && shared->cheapestRow());
    QCOMPARE(page.report()->cheapest, shared->cheapest);
    const QString chosen = QString::fromStdString(shared->cheapestRow()->name());
    if (!choice.isEmpty())
        QCOMPARE(chosen, choice);
    else
        QVERIFY(chosen != QLatin1String("none"));
    // The table shows every row, the cheapest in bold, and code for it.
    QCOMPARE(page.table()->rowCount(), static_cast<int>(shared->rows.size()));
    QVERIFY(page.table()->item(shared->cheapest, 0)->font().bold());
    QVERIFY(page.table()
                ->item(shared->cheapest, 0)
                ->text()
                .startsWith(
                    QString::fromStdString(shared->cheapestRow()->label).section(QLatin1Char(':'), 0, 0)));
    QVERIFY(page.codeTabs()->count() >= 3);
    QVERIFY(page.summaryText().contains(QStringLiteral("Predicted")));
}

void PlannerPageTest::impossibleInputsAreExplained()
{
    PlannerPage page;
    QVERIFY(page.setModel(QStringLiteral("custom")));
    page.findChild<QSpinBox*>(QStringLiteral("planner_width"))->setValue(100);
    page.findChild<QSpinBox*>(QStringLiteral("planner_heads"))->setValue(3);
    page.replan();
    QVERIFY(!page.report());
    QCOMPARE(page.table()->rowCount(), 0);
    QVERIFY2(page.summaryText().contains(QStringLiteral("Cannot plan")), qPrintable(page.summaryText()));
}

void PlannerPageTest::russianFiguresUseADecimalComma()
{
    // The window switches to Russian after the page was built: the table, the summary and the
    // budget field follow the language's number format, as the demo's table does.
    MainWindow window(QStringLiteral(RLAB_APP_FIXTURES), ProgressStore::inMemory(), QStringLiteral("en"));
    window.showPlanner();
    PlannerPage* page = window.plannerPage();
    QVERIFY(page->table()->rowCount() > 0);
    QVERIFY2(page->table()->item(0, 2)->text().contains(QLatin1Char('.')),
        qPrintable(page->table()->item(0, 2)->text()));
    QVERIFY(window.setLanguage(QStringLiteral("ru")));
    for (int i = 0; i < 3; ++i) // the language change reaches widgets as posted events
        QCoreApplication::processEvents();
    for (int row = 0; row < page->table()->rowCount(); ++row) {
        const QString peak = page->table()->item(row, 2)->text();
        if (peak.isEmpty() || !peak.at(0).isDigit())
            continue; // "no plan"
        QVERIFY2(peak.contains(QLatin1Char(',')) && !peak.contains(QLatin1Char('.')), qPrintable(peak));
    }
    QVERIFY2(!page->summaryText().contains(QRegularExpression(QStringLiteral("\\d\\.\\d"))),
        qPrintable(page->summaryText()));
    auto* budget = page->findChild<QDoubleSpinBox*>(QStringLiteral("plannerBudgetGb"));
    QVERIFY(budget);
    QVERIFY2(budget->text().contains(QStringLiteral("24,0")), qPrintable(budget->text()));
    QVERIFY(window.setLanguage(QStringLiteral("en")));
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
    QVERIFY2(budget->text().contains(QStringLiteral("24.0")), qPrintable(budget->text()));
}

QTEST_MAIN(PlannerPageTest)
#include "tst_plannerpage.moc"
