// The window as a learner uses it, offscreen, on the fixture content: answering by keys, the
// language switch (interface strings and content, fallback marked), progress across restarts and
// a corrupt progress file, content errors, and the demo started by its key.
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QIcon>
#include <QImage>
#include <QKeySequence>
#include <QLabel>
#include <QLegend>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTextEdit>
#include <QToolButton>
#include <QWheelEvent>

#include "demo/model/demorunner.h"
#include "demo/view/answerchart.h"
#include "demo/view/demopanel.h"
#include "demo/view/predictionbox.h"
#include "planner/view/plannerpage.h"
#include "quiz/model/quizsession.h"
#include "quiz/view/guideview.h"
#include "quiz/view/optionbutton.h"
#include "quiz/view/questionpage.h"
#include "quiz/view/resultspage.h"
#include "quiz/view/startpage.h"
#include "rlab/engine.h"
#include "slowness.h"
#include "view/noticebanner.h"
#include "window/glossarydialog.h"
#include "window/launchoptions.h"
#include "window/mainwindow.h"
#include "window/screenshotdriver.h"
#include "window/searchdialog.h"

using rlab::demo::DemoOutcome;
using rlab::quiz::ProgressStore;
using rlab::quiz::QuizProgress;
using rlab::quiz::QuizSession;
using rlab::quiz::SavedAttempt;
using rlab::quiz::searchContent;
using rlab::quiz::SearchHit;

namespace {
const QString Quiz = QStringLiteral("mini-quiz");

QString fixtures()
{
    return QStringLiteral(RLAB_APP_FIXTURES);
}

void showAndActivate(MainWindow& window)
{
    window.resize(1100, 760);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
}

// Where content option `option` of the current question is shown (every attempt shuffles them).
int placeOf(MainWindow& window, int option)
{
    return window.session()->optionOrder(window.session()->current()).indexOf(option);
}

// The number key that chooses content option `option` of the current question.
Qt::Key keyOf(MainWindow& window, int option)
{
    return Qt::Key(Qt::Key_1 + placeOf(window, option));
}

// Answers the current question for good with content option `option`: a wrong option of a question
// with three or more is the second try, after another wrong one as the first (which gives a hint).
bool answerWith(QuizSession* session, int option)
{
    const int question = session->current();
    const int count = static_cast<int>(session->optionOrder(question).size());
    if (option != session->correctOption(question) && count >= 3) {
        for (int other = 0; other < count; ++other) {
            if (other != option && other != session->correctOption(question)) {
                if (!session->choose(other))
                    return false;
                break;
            }
        }
    }
    return session->choose(option) && session->isAnswered(question);
}

// Language changes reach widgets as posted events.
void settle()
{
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
}
} // namespace

class MainWindowTest : public QObject {
    Q_OBJECT

private slots:
    void init();
    void windowShowsTheAppIcon();
    void answeringWithTheKeyboard();
    void arrowKeysMoveBetweenOptions();
    void resultsExportAsCsvAndHtml();
    void guideHasContentsWithWorkingLinks();
    void searchFindsQuestionsAndGuides();
    void glossaryShowsTheTermsInEachLanguage();
    void enterInTheDemoStaysInTheDemo();
    void languageSwitchRetranslatesWidgetsAndContent();
    void startPageCountsInEveryLanguage();
    void progressSurvivesARestart();
    void placeAndLastRunComeBackAfterARestart();
    void twoWindowsOnOneQuizKeepEachOthersAttempts();
    void twoWindowsOnOneQuizKeepEveryAnswer();
    void answersToRetiredQuestionsAreKept_data();
    void answersToRetiredQuestionsAreKept();
    void corruptProgressIsReportedNotFatal();
    void dismissedNoticeStaysDismissed();
    void brokenQuizIsLeftOutAndReported();
    void bannerTellsNoticesApart();
    void demoRunsFromItsKey();
    void demoPanelFitsItsLabels_data();
    void demoPanelFitsItsLabels();
    void lessonShowsItsAnswerInView();
    void runNamesThatGiveTheAnswerAwayWaitForIt();
    void wheelChangesOnlyWhatWasClicked();
    void numberIsCheckedAgainstTheRun();
    void questionWithoutADemo();
    void keysAreTheSameInEveryLanguage_data();
    void keysAreTheSameInEveryLanguage();
    void answerIsHiddenUntilAnswered();
    void secondEnterDoesNotAnswerANewQuestion();
    void demoResultsStayWithTheirPreset();
    void predictionThenMeasurement();
    void attemptsSurviveARetryAndARestart();
    void reviewsComeBackOnSchedule();
    void mnemonicsAreUniquePerLanguage_data();
    void mnemonicsAreUniquePerLanguage();
    void answerOptionCountsAsShownOnARetry();
    void shortcutHelpListsEveryKey();
    void tabFollowsTheReadingOrder();
    void seeAlsoOpensTheOtherQuestion();

private:
    std::unique_ptr<QTemporaryDir> m_state;
};

void MainWindowTest::init()
{
    m_state = std::make_unique<QTemporaryDir>();
    QVERIFY(m_state->isValid());
    qputenv("RLAB_STATE_DIR", m_state->path().toUtf8());
}

// The window, its task-bar entry and the About box show the app's icon (the theme's where installed,
// else the PNG sizes built in), not an empty one.
void MainWindowTest::windowShowsTheAppIcon()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(!window.windowIcon().isNull());
    QVERIFY(
        window.windowIcon().availableSizes().contains(QSize(48, 48)) || QIcon::hasThemeIcon("recompute-lab"));
    const QImage about = window.windowIcon().pixmap(64, 64).toImage(); // what the About box shows
    QCOMPARE(about.size(), QSize(64, 64));
    QVERIFY(about.pixelColor(32, 32).alpha() > 0);
}

void MainWindowTest::answeringWithTheKeyboard()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.content().errors.empty());
    QVERIFY(window.openQuiz(Quiz));
    showAndActivate(window);
    QuestionPage* page = window.questionPage();
    QCOMPARE(window.pages()->currentWidget(), page);
    QCOMPARE(page->counterLabel()->text(), QStringLiteral("Question 1 of 3"));
    QVERIFY(!page->explanationLabel()->isVisible());

    QTest::keyClick(&window, keyOf(window, 1)); // right
    QCOMPARE(window.session()->chosen(0), 1);
    QCOMPARE(page->optionButton(placeOf(window, 1))->state(), OptionButton::State::Right);
    QVERIFY(page->explanationLabel()->isVisible());
    QVERIFY(page->explanationLabel()->text().contains(QStringLiteral("spending compute")));
    QVERIFY(!page->whyWrongLabel()->isVisible());
    // The verdict links to the question's guide section, which opens on its own page.
    auto* guideLink = page->findChild<QLabel*>(QStringLiteral("guideLink"));
    QVERIFY(guideLink && guideLink->isVisible());
    emit guideLink->linkActivated(QStringLiteral("guide"));
    QVERIFY(page->isGuideShown());
    QVERIFY(page->guideView()->toPlainText().contains(QStringLiteral("What recomputation trades")));
    QTest::keyClick(&window, Qt::Key_Escape);
    QVERIFY(page->isLessonShown());

    QTest::keyClick(&window, Qt::Key_Return); // next
    QCOMPARE(window.session()->current(), 1);
    QCOMPARE(page->counterLabel()->text(), QStringLiteral("Question 2 of 3"));
    // A wrong first try: why that option is not it, as a hint, and one more try; the answer waits.
    QTest::keyClick(&window, keyOf(window, 0)); // wrong: the answer is the 4th
    QVERIFY(!window.session()->isAnswered(1));
    QCOMPARE(page->optionButton(placeOf(window, 0))->state(), OptionButton::State::Wrong);
    QCOMPARE(page->optionButton(placeOf(window, 3))->state(), OptionButton::State::Open);
    QVERIFY(page->whyWrongLabel()->isVisible());
    QVERIFY(page->whyWrongLabel()->text().contains(QStringLiteral("Nobody looks at them.")));
    QVERIFY(!page->explanationLabel()->isVisible());
    QTest::keyClick(&window, keyOf(window, 0)); // the same option again: nothing
    QVERIFY(!window.session()->isAnswered(1));
    QTest::keyClick(&window, keyOf(window, 1)); // wrong again: now the answer shows
    QVERIFY(window.session()->isAnswered(1));
    QCOMPARE(page->optionButton(placeOf(window, 1))->state(), OptionButton::State::Wrong);
    QCOMPARE(page->optionButton(placeOf(window, 3))->state(), OptionButton::State::Right);
    QVERIFY(page->explanationLabel()->isVisible());
    QTest::keyClick(&window, keyOf(window, 2)); // locked: the second choice counts
    QCOMPARE(window.session()->chosen(1), 1);
    QCOMPARE(window.session()->firstTryAnswer(1), 0); // review counts the first try

    QTest::keyClick(&window, Qt::Key_Left);
    QCOMPARE(window.session()->current(), 0);
    QTest::keyClick(&window, Qt::Key_Right);
    QTest::keyClick(&window, Qt::Key_Right);
    QCOMPARE(window.session()->current(), 2);
    QTest::keyClick(&window, keyOf(window, 2)); // right
    QTest::keyClick(&window, Qt::Key_Enter); // past the last question: the results
    QCOMPARE(window.pages()->currentWidget(), window.resultsPage());
    QCOMPARE(window.resultsPage()->scoreLabel()->text(), QStringLiteral("2 of 3 correct"));
    QVERIFY(window.resultsPage()->review()->toPlainText().contains(
        QStringLiteral("Why are activations stored?")));

    QTest::mouseClick(window.resultsPage()->retryButton(), Qt::LeftButton);
    QCOMPARE(window.pages()->currentWidget(), page);
    QCOMPARE(window.session()->current(), 1);
    QVERIFY(window.session()->isRetry());
    QTest::keyClick(&window, keyOf(window, 3));
    QTest::keyClick(&window, Qt::Key_Return);
    QCOMPARE(window.pages()->currentWidget(), window.resultsPage());
    QCOMPARE(window.session()->score(), 3);
}

// Proves: the results page exports as CSV (a header and one row per question, outcomes in words,
// in the interface language) and as an HTML page for printing (print styles, the score, no in-app
// links left), and an unwritable path gives one sentence.
void MainWindowTest::resultsExportAsCsvAndHtml()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(Quiz));
    QuizSession* session = window.session();
    const int questions = session->questionCount();
    for (int question = 0; question < questions; ++question) {
        QVERIFY(answerWith(
            session, question == 0 ? session->correctOption(0) : (session->correctOption(question) + 1) % 2));
        session->next();
    }
    QCOMPARE(window.pages()->currentWidget(), window.resultsPage());
    ResultsPage* results = window.resultsPage();
    QTemporaryDir folder;
    const QString csvPath = folder.filePath(QStringLiteral("results.csv"));
    QCOMPARE(results->exportResults(csvPath), QString());
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).trimmed().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), questions + 1);
    QVERIFY2(lines[0].startsWith(QStringLiteral("Number,Question,First try,Now")), qPrintable(lines[0]));
    QVERIFY2(lines[1].startsWith(QStringLiteral("1,\"")) && lines[1].contains(QStringLiteral("\"right\"")),
        qPrintable(lines[1]));
    QVERIFY2(lines[2].contains(QStringLiteral("\"wrong\"")), qPrintable(lines[2]));
    const QString htmlPath = folder.filePath(QStringLiteral("results.html"));
    QCOMPARE(results->exportResults(htmlPath), QString());
    QFile html(htmlPath);
    QVERIFY(html.open(QIODevice::ReadOnly));
    const QString page = QString::fromUtf8(html.readAll());
    QVERIFY(page.startsWith(QStringLiteral("<!DOCTYPE html>")));
    QVERIFY(page.contains(QStringLiteral("@media print")));
    QVERIFY(page.contains(results->scoreLabel()->text().section(QLatin1Char(' '), 0, 2)));
    QVERIFY2(
        !page.contains(QStringLiteral("href=\"question:")) && !page.contains(QStringLiteral("href=\"guide:")),
        qPrintable(page));
    QVERIFY(!results->exportResults(folder.filePath(QStringLiteral("missing/results.csv"))).isEmpty());
    // A link where the file goes is refused, its target untouched (QSaveFile wrote through it).
    const QString victim = folder.filePath(QStringLiteral("victim.txt"));
    QFile precious(victim);
    QVERIFY(precious.open(QIODevice::WriteOnly) && precious.write("precious") == 8);
    precious.close();
    QVERIFY(QFile::link(victim, folder.filePath(QStringLiteral("linked.csv"))));
    const QString refused = results->exportResults(folder.filePath(QStringLiteral("linked.csv")));
    QVERIFY2(refused.contains(QStringLiteral("symbolic link")), qPrintable(refused));
    QVERIFY(precious.open(QIODevice::ReadOnly));
    QCOMPARE(precious.readAll(), QByteArray("precious"));
    window.setLanguage(QStringLiteral("ru"));
    QVERIFY2(!results->resultsCsv().startsWith("Number,"), results->resultsCsv().left(80).constData());
}

// Proves: the guide pane opens with the guide's contents, every section a link that shows it (and
// a way back to the question's own), and a #id cross-reference to a section opens that section.
void MainWindowTest::guideHasContentsWithWorkingLinks()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(Quiz));
    QVERIFY(answerWith(window.session(), 0));
    QuestionPage* page = window.questionPage();
    page->showGuide();
    GuideView* guide = page->guideView();
    const QString shown = guide->toPlainText();
    QVERIFY2(shown.startsWith(QStringLiteral("Contents: What recomputation trades · Square-root placement")),
        qPrintable(shown));
    guide->follow(QUrl(QStringLiteral("section:sqrt")));
    QTRY_VERIFY2(guide->toPlainText().contains(QStringLiteral("\nSquare-root placement\n")),
        qPrintable(guide->toPlainText()));
    QVERIFY(guide->toPlainText().contains(
        QStringLiteral("Back to this question's section: What recomputation trades")));
    guide->follow(QUrl(QStringLiteral("section:the-trade")));
    QTRY_VERIFY(!guide->toPlainText().contains(QStringLiteral("Back to this question's section")));
    guide->follow(QUrl(QStringLiteral("#sqrt")));
    QTRY_VERIFY(guide->toPlainText().contains(QStringLiteral("\nSquare-root placement\n")));
    window.showQuestion(1); // another question opens its own section again
    QVERIFY(!guide->toPlainText().contains(QStringLiteral("Back to this question's section")));
}

// Proves: Quiz > Search finds questions (text, options, explanation) and guide sections, every word
// of the query, in the content's language; choosing a hit opens its question, a section's beside
// the question that teaches it; a blank or unmatched query lists nothing and says so.
void MainWindowTest::searchFindsQuestionsAndGuides()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QList<SearchHit> hits = searchContent(window.content(), QStringLiteral("activations STORED"));
    QVERIFY(!hits.isEmpty());
    QCOMPARE(hits.first().kind, SearchHit::Kind::Question);
    QCOMPARE(hits.first().quizId, Quiz);
    QCOMPARE(hits.first().question, 1);
    QVERIFY(searchContent(window.content(), QStringLiteral("   ")).isEmpty());
    QVERIFY(searchContent(window.content(), QStringLiteral("activations zebra")).isEmpty());
    hits = searchContent(window.content(), QStringLiteral("square-root placement"));
    QVERIFY(!hits.isEmpty());
    QCOMPARE(hits.last().kind, SearchHit::Kind::GuideSection);
    QCOMPARE(hits.last().sectionId, QStringLiteral("sqrt"));
    window.openSearchHit(hits.last());
    QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(window.questionPage()));
    QCOMPARE(window.content()
                 .quiz(Quiz.toStdString())
                 ->questions[std::size_t(window.session()->current())]
                 .guideSection,
        std::string("sqrt"));
    QVERIFY(window.questionPage()->isGuideShown());

    SearchDialog dialog(window.content());
    auto* count = dialog.findChild<QLabel*>(QStringLiteral("searchCount"));
    dialog.field()->setText(QStringLiteral("zebra"));
    QCOMPARE(dialog.results()->count(), 0);
    QCOMPARE(count->text(), QStringLiteral("No matches."));
    QSignalSpy chosen(&dialog, &SearchDialog::hitChosen);
    dialog.field()->setText(QStringLiteral("stored"));
    QVERIFY(dialog.results()->count() > 0);
    QTest::keyClick(dialog.field(), Qt::Key_Return);
    QCOMPARE(chosen.count(), 1);
    QVERIFY(window.findChild<QAction*>(QStringLiteral("searchContent")));
    window.setLanguage(QStringLiteral("ru")); // the content's language: Russian words match
    QVERIFY(!searchContent(window.content(), QStringLiteral("активации")).isEmpty());
}

// Proves: Help > Glossary lists the content's glossary terms in English, Russian and Shona (the
// learner's language first), with each term's definition in the learner's language and the
// translators' note under the pointer, and the filter finds a term by any of its renderings.
void MainWindowTest::glossaryShowsTheTermsInEachLanguage()
{
    GlossaryDialog glossary(QStringLiteral(RLAB_CONTENT_DIR), QStringLiteral("sn"));
    QTableWidget* table = glossary.table();
    QVERIFY(table->rowCount() >= 40);
    QCOMPARE(table->horizontalHeaderItem(1)->text(), QStringLiteral("chiShona"));
    QCOMPARE(table->horizontalHeaderItem(2)->text(), QStringLiteral("Русский"));
    glossary.filter()->setText(QStringLiteral("контрольная точка"));
    QVERIFY(glossary.shownRows() >= 1);
    QVERIFY(glossary.shownRows() < table->rowCount());
    int row = 0;
    while (table->isRowHidden(row))
        ++row;
    QVERIFY2(table->item(row, 0)->text().startsWith(QStringLiteral("checkpoint")),
        qPrintable(table->item(row, 0)->text()));
    glossary.filter()->setText(QStringLiteral("no such term anywhere"));
    QCOMPARE(glossary.shownRows(), 0);

    // Each term's definition, for a learner, in the interface's language: from the Shona glossary
    // in Shona, the Russian one in Russian; English where no glossary of that language lists it.
    const auto definitionOf = [](const GlossaryDialog& dialog, const QString& term) {
        const QTableWidget* shown = dialog.table();
        for (int at = 0; at < shown->rowCount(); ++at) {
            if (shown->item(at, 0)->text().startsWith(term))
                return shown->item(at, shown->columnCount() - 1)->text();
        }
        return QString();
    };
    const QString checkpoint = QStringLiteral("checkpoint (");
    QVERIFY2(
        definitionOf(glossary, checkpoint).startsWith(QStringLiteral("Activation inochengetwa mundangariro")),
        qPrintable(definitionOf(glossary, checkpoint)));
    QVERIFY2(definitionOf(glossary, QStringLiteral("overhead")).startsWith(QStringLiteral("The extra cost")),
        qPrintable(definitionOf(glossary, QStringLiteral("overhead")))); // only the Russian glossary has it
    GlossaryDialog russian(QStringLiteral(RLAB_CONTENT_DIR), QStringLiteral("ru"));
    QVERIFY2(definitionOf(russian, checkpoint).startsWith(QStringLiteral("Активация, которая хранится")),
        qPrintable(definitionOf(russian, checkpoint)));
    // The translators' note on how the words are used is under the pointer, not in a column.
    russian.filter()->setText(QStringLiteral("контрольная точка"));
    int first = 0;
    while (russian.table()->isRowHidden(first))
        ++first;
    QVERIFY2(
        russian.table()->item(first, 1)->toolTip().contains(QStringLiteral("The kept tensors themselves")),
        qPrintable(russian.table()->item(first, 1)->toolTip()));
    GlossaryDialog english(QStringLiteral(RLAB_CONTENT_DIR), QStringLiteral("en"));
    QVERIFY2(definitionOf(english, checkpoint).startsWith(QStringLiteral("An activation kept in memory")),
        qPrintable(definitionOf(english, checkpoint)));
    int defined = 0;
    for (int at = 0; at < english.table()->rowCount(); ++at)
        defined += english.table()->item(at, english.table()->columnCount() - 1)->text().isEmpty() ? 0 : 1;
    QVERIFY2(defined >= 40, qPrintable(QString::number(defined)));
    MainWindow window(QStringLiteral(RLAB_CONTENT_DIR), ProgressStore(), QStringLiteral("ru"));
    auto* action = window.findChild<QAction*>(QStringLiteral("showGlossary"));
    QVERIFY(action && action->text() != QStringLiteral("&Glossary"));
}

void MainWindowTest::arrowKeysMoveBetweenOptions()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(Quiz));
    showAndActivate(window);
    window.session()->goTo(1); // four options
    QuestionPage* page = window.questionPage();
    const auto focused = [page] {
        for (int i = 0; page->optionButton(i); ++i) {
            if (page->optionButton(i)->hasFocus())
                return i;
        }
        return -1;
    };
    page->optionButton(0)->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(focused(), 0);
    // Like a radio group: Down and Up move the focus (and its highlight) and wrap at the ends...
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
    QCOMPARE(focused(), 1);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
    QCOMPARE(focused(), 3);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
    QCOMPARE(focused(), 0);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Up);
    QCOMPARE(focused(), 3);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Up);
    QCOMPARE(focused(), 2);
    // ...but choose nothing: answering stays a deliberate Enter, click or number key.
    QVERIFY(!window.session()->isAnswered(1));
    const int wrong = placeOf(window, 0); // the 4th option is the answer
    while (focused() != wrong)
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
    QTest::keyClick(&window, Qt::Key_Return);
    QCOMPARE(window.session()->hintedOption(1), 0); // a first try: its hint, and one more
    QCOMPARE(page->optionButton(wrong)->state(), OptionButton::State::Wrong);
    QTest::keyClick(&window, keyOf(window, 3));
    QCOMPARE(window.session()->chosen(1), 3);
    // Answered, the arrows still move the focus; the number keys still choose on the next question.
    page->optionButton(0)->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(focused(), 0);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
    QCOMPARE(focused(), 1);
    QTest::keyClick(&window, Qt::Key_Return); // next
    QCOMPARE(window.session()->current(), 2);
    QTest::keyClick(&window, keyOf(window, 2));
    QCOMPARE(window.session()->chosen(2), 2);
}

void MainWindowTest::enterInTheDemoStaysInTheDemo()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(Quiz));
    showAndActivate(window);
    QTest::keyClick(&window, keyOf(window, 1));
    QVERIFY(window.session()->isAnswered(0));
    window.questionPage()->showExplore(); // the size fields are on the explore page (E)
    auto* size = window.demoPanel()->part<QSpinBox*>();
    QVERIFY(size);
    size->setFocus();
    QTRY_VERIFY(size->hasFocus());
    DemoPanel* demo = window.demoPanel();
    QSignalSpy finished(demo, &DemoPanel::finished);
    QTest::keyClick(size, Qt::Key_Return);
    QCOMPARE(window.session()->current(), 0); // still on the question
    // Enter in a size field runs the demo, as R does.
    QVERIFY(demo->isRunning() || finished.count() == 1);
    QVERIFY(finished.count() == 1 || finished.wait(120000 * rlab::test::kSlowness));
    QVERIFY(finished.first().at(0).value<DemoOutcome>().ok());
    // Space presses a focused button of the demo; Enter there goes on, as everywhere.
    auto* run = demo->part<QPushButton*>(QStringLiteral("runDemo"));
    QVERIFY(run && run->isEnabled());
    QSignalSpy clicked(run, &QPushButton::clicked);
    run->setFocus();
    QTRY_VERIFY(run->hasFocus());
    QTest::keyClick(run, Qt::Key_Space);
    QTRY_COMPARE(clicked.count(), 1);
    QVERIFY(finished.count() == 2 || finished.wait(120000 * rlab::test::kSlowness));
    QCOMPARE(window.session()->current(), 0);
    QTest::keyClick(run, Qt::Key_Return);
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(window.session()->current(), 1);
}

void MainWindowTest::languageSwitchRetranslatesWidgetsAndContent()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(Quiz));
    showAndActivate(window);
    window.session()->goTo(1);
    QVERIFY(answerWith(window.session(), 0));
    QuestionPage* page = window.questionPage();
    auto* next = page->findChild<QPushButton*>(QStringLiteral("nextButton"));
    QVERIFY(next);
    QCOMPARE(next->text(), QStringLiteral("Next"));
    QCOMPARE(page->explanationLabel()->property("fallback").toBool(), false);

    // The language menu drives the switch, as the learner would.
    window.languageAction(QStringLiteral("ru"))->trigger();
    settle();
    QCOMPARE(window.language(), QStringLiteral("ru"));
    QCOMPARE(page->counterLabel()->text(), QStringLiteral("Вопрос 2 из 3"));
    QCOMPARE(next->text(), QStringLiteral("Далее"));
    QCOMPARE(page->questionLabel()->property("fallback").toBool(), false);
    QVERIFY(page->questionLabel()->text().contains(QStringLiteral("Зачем хранятся активации?")));
    // The Russian explanation is missing from the fixture: English, visibly marked.
    QCOMPARE(page->explanationLabel()->property("fallback").toBool(), true);
    QVERIFY(page->explanationLabel()->text().contains(QStringLiteral("Backward needs them")));
    QVERIFY(page->explanationLabel()->text().contains(QStringLiteral("EN")));
    QVERIFY(!page->explanationLabel()->toolTip().isEmpty());
    QVERIFY(page->whyWrongLabel()->text().contains(QStringLiteral("Их никто не смотрит.")));
    QVERIFY(page->guideView()->toPlainText().contains(QStringLiteral("Чем жертвует перевычисление")));
    // The quiz state survived the switch.
    QCOMPARE(window.session()->current(), 1);
    QCOMPARE(window.session()->chosen(1), 0);
    QCOMPARE(page->optionButton(placeOf(window, 0))->state(), OptionButton::State::Wrong);

    window.setLanguage(QStringLiteral("sn"));
    settle();
    QCOMPARE(page->counterLabel()->text(), QStringLiteral("Mubvunzo 2 pa-3"));
    QVERIFY(next->text() != QStringLiteral("Next"));
    // The Shona fixture lacks this question entirely: every field falls back, marked.
    QCOMPARE(page->questionLabel()->property("fallback").toBool(), true);
    QVERIFY(page->questionLabel()->text().contains(QStringLiteral("Why are activations stored?")));
    QVERIFY(page->optionButton(placeOf(window, 0))->optionText().contains(QStringLiteral("To show them")));

    window.setLanguage(QStringLiteral("en"));
    settle();
    QCOMPARE(page->counterLabel()->text(), QStringLiteral("Question 2 of 3"));
    QCOMPARE(next->text(), QStringLiteral("Next"));
    QVERIFY(!window.setLanguage(QStringLiteral("xx")));
}

void MainWindowTest::startPageCountsInEveryLanguage()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("ru"));
    window.show();
    settle();
    auto* count = window.startPage()->findChild<QLabel*>(QStringLiteral("questionCount"));
    QVERIFY(count);
    QCOMPARE(count->text(), QStringLiteral("3 вопроса")); // Russian "few" form
    // Every Russian plural form, from the installed translation.
    const auto questions
        = [](int n) { return QCoreApplication::translate("StartPage", "%n question(s)", nullptr, n); };
    QCOMPARE(questions(1), QStringLiteral("1 вопрос"));
    QCOMPARE(questions(5), QStringLiteral("5 вопросов"));
    QCOMPARE(questions(11), QStringLiteral("11 вопросов"));
    QCOMPARE(questions(21), QStringLiteral("21 вопрос"));
    QCOMPARE(questions(24), QStringLiteral("24 вопроса"));
    window.setLanguage(QStringLiteral("en"));
    settle();
    count = window.startPage()->findChild<QLabel*>(QStringLiteral("questionCount"));
    QCOMPARE(count->text(), QStringLiteral("3 questions"));
    QCOMPARE(
        QCoreApplication::translate("StartPage", "%n question(s)", nullptr, 1), QStringLiteral("1 question"));
    window.setLanguage(QStringLiteral("sn"));
    settle();
    count = window.startPage()->findChild<QLabel*>(QStringLiteral("questionCount"));
    QCOMPARE(count->text(), QStringLiteral("3 mibvunzo"));
    QCOMPARE(
        QCoreApplication::translate("StartPage", "%n question(s)", nullptr, 1), QStringLiteral("1 mubvunzo"));
}

void MainWindowTest::progressSurvivesARestart()
{
    {
        MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
        QVERIFY(window.openQuiz(Quiz));
        QVERIFY(answerWith(window.session(), 1));
        window.session()->next();
        QVERIFY(answerWith(window.session(), 2));
        window.setLanguage(QStringLiteral("ru"));
    }
    QVERIFY(QFile::exists(QDir(m_state->path()).filePath(QStringLiteral("progress.json"))));

    MainWindow again(fixtures(), ProgressStore()); // no language given: the saved one
    settle();
    QCOMPARE(again.language(), QStringLiteral("ru"));
    QVERIFY(again.banner()->isHidden());
    QVERIFY(again.openQuiz(Quiz));
    QCOMPARE(again.session()->chosen(0), 1);
    QCOMPARE(again.session()->chosen(1), 2);
    QCOMPARE(again.session()->current(), 2); // resumes at the first open question
    QCOMPARE(again.session()->score(), 1);
}

// Proves: closing the window keeps where the learner was (the quiz, the question, the explore page)
// and the sizes of the demo's last run; the next start opens there and measures that run again at
// those sizes, saying so; a start that names a place of its own (here: none restored) does not.
void MainWindowTest::placeAndLastRunComeBackAfterARestart()
{
    {
        MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
        QVERIFY(window.openQuiz(Quiz));
        showAndActivate(window);
        window.showQuestion(1);
        DemoPanel* demo = window.demoPanel();
        auto* layers = demo->part<QSpinBox*>(QStringLiteral("layersSpin"));
        QVERIFY(layers);
        layers->setValue(layers->value() + 1); // the learner's own size
        QSignalSpy finished(demo, &DemoPanel::finished);
        demo->run();
        QVERIFY(finished.wait(120000 * rlab::test::kSlowness) || finished.count() == 1);
        window.questionPage()->showExplore();
        QVERIFY(window.questionPage()->isExploreShown());
        window.close();
    }
    MainWindow again(fixtures(), ProgressStore(), QStringLiteral("en"));
    QCOMPARE(again.pages()->currentWidget(), static_cast<QWidget*>(again.startPage()));
    QVERIFY(again.restorePlace());
    QCOMPARE(again.session()->quizId(), QString(Quiz));
    QCOMPARE(again.session()->current(), 1);
    QVERIFY(again.questionPage()->isExploreShown());
    DemoPanel* demo = again.demoPanel();
    QSignalSpy finished(demo, &DemoPanel::finished);
    QVERIFY(finished.wait(120000 * rlab::test::kSlowness) || finished.count() == 1); // measured again
    QVERIFY(finished.first().at(0).value<DemoOutcome>().ok());
    auto* layers = demo->part<QSpinBox*>(QStringLiteral("layersSpin"));
    auto* status = demo->part<QLabel*>(QStringLiteral("demoStatus"));
    QVERIFY(layers && status);
    const rlab::content::DemoPreset* preset = again.content().preset(demo->presetId().toStdString());
    QVERIFY(preset);
    QCOMPARE(layers->value(), preset->shape.layers + 1);
    QVERIFY2(status->text().contains(QStringLiteral("Measured again")), qPrintable(status->text()));
}

// Two windows answer the same quiz: each saves, and each save merges the other's attempt in. The
// first window's next answer keeps the second's attempt (it used to save its own session's attempts
// only, so the second window's attempt went at the first window's next answer).
void MainWindowTest::twoWindowsOnOneQuizKeepEachOthersAttempts()
{
    MainWindow first(fixtures(), ProgressStore(), QStringLiteral("en"));
    MainWindow second(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(first.openQuiz(Quiz));
    QVERIFY(second.openQuiz(Quiz));
    QVERIFY(answerWith(first.session(), 1));
    QVERIFY(answerWith(second.session(), 2));
    first.session()->next();
    QVERIFY(answerWith(first.session(), 2));

    ProgressStore check;
    check.load();
    QVERIFY2(check.problem().isEmpty(), qPrintable(check.problem()));
    const QList<SavedAttempt> attempts = check.quiz(Quiz).attempts;
    QCOMPARE(attempts.size(), 2);
    QVERIFY(!attempts.at(0).id.isEmpty());
    QVERIFY(!attempts.at(1).id.isEmpty());
    QVERIFY(attempts.at(0).id != attempts.at(1).id);
    int firstWindows = 0;
    int secondWindows = 0;
    for (const SavedAttempt& attempt : attempts) {
        if (attempt.answers.size() == 2)
            ++firstWindows; // two questions answered
        else if (attempt.answers.size() == 1)
            ++secondWindows;
    }
    QCOMPARE(firstWindows, 1);
    QCOMPARE(secondWindows, 1);
}

// Two windows answering different questions of one quiz at once (as two `recompute-lab --quiz Q
// --question N --answer N`) lost the newest answers in 19 of 25 rounds and attempt answers in 23: a
// window's session wrote its whole view, so an answer another window saved, merged in by this
// window's last save but never shown in its session, counted as removed here; and two windows in
// one attempt each wrote the attempt whole.
void MainWindowTest::twoWindowsOnOneQuizKeepEveryAnswer()
{
    const auto answered = [] {
        ProgressStore check;
        check.load();
        const QuizProgress quiz = check.quiz(Quiz);
        QSet<QString> inAttempts;
        for (const SavedAttempt& attempt : quiz.attempts)
            for (auto answer = attempt.answers.cbegin(); answer != attempt.answers.cend(); ++answer)
                inAttempts.insert(answer.key());
        return std::pair {QSet<QString>(quiz.answers.keyBegin(), quiz.answers.keyEnd()), inAttempts};
    };
    const QSet<QString> all {
        QStringLiteral("what-is-traded"), QStringLiteral("why-stored"), QStringLiteral("sqrt-rule")};
    // Right on the first try: a wrong first try would be a hint, not an answer.
    const auto answer = [](MainWindow& window, int question) {
        QuizSession* session = window.session();
        return session->goTo(question) && session->choose(session->correctOption(question));
    };
    {
        // Each in its own attempt; the second answers twice after the first saved.
        MainWindow first(fixtures(), ProgressStore(), QStringLiteral("en"));
        MainWindow second(fixtures(), ProgressStore(), QStringLiteral("en"));
        QVERIFY(first.openQuiz(Quiz));
        QVERIFY(second.openQuiz(Quiz));
        QVERIFY(answer(first, 0));
        QVERIFY(answer(second, 1));
        QVERIFY(answer(second, 2));
        QCOMPARE(answered().first, all);
        QCOMPARE(answered().second, all);
    }
    QVERIFY(QFile::remove(QDir(m_state->path()).filePath(QStringLiteral("progress.json"))));
    // Both in one attempt: the second window opens the quiz the first saved and resumes its attempt.
    MainWindow first(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(first.openQuiz(Quiz));
    QVERIFY(answer(first, 0));
    MainWindow second(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(second.openQuiz(Quiz));
    QCOMPARE(second.session()->attempts().size(), 1);
    QVERIFY(answer(second, 1));
    QVERIFY(answer(first, 2));
    QCOMPARE(answered().first, all);
    QCOMPARE(answered().second, all);
}

// A pack that renames or removes a question cost the learner its answers at the next save (4 of 4
// runs, formats 1 and 2; the review card was kept): answers and attempts for questions the content
// no longer has stay in the file.
void MainWindowTest::answersToRetiredQuestionsAreKept_data()
{
    QTest::addColumn<QByteArray>("file");
    QTest::newRow("format 1") << QByteArray(R"({"version":1,"quizzes":{"mini-quiz":{"gone":"a"}}})");
    QTest::newRow("format 2") << QByteArray(
        R"({"version":2,"quizzes":{"mini-quiz":{"answers":{"gone":"a"},"attempts":[{"kind":"first","id":"old",)"
        R"("started":"2026-11-01T10:00:00.000Z","questions":["gone","what-is-traded"],"answers":{"gone":"a"}}]}}})");
}

void MainWindowTest::answersToRetiredQuestionsAreKept()
{
    QFETCH(QByteArray, file);
    QFile progress(QDir(m_state->path()).filePath(QStringLiteral("progress.json")));
    QVERIFY(progress.open(QIODevice::WriteOnly) && progress.write(file) == file.size());
    progress.close();
    {
        MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
        QVERIFY(window.openQuiz(Quiz));
        QVERIFY(window.session()->choose(1));
    }
    ProgressStore check;
    check.load();
    const QuizProgress quiz = check.quiz(Quiz);
    QCOMPARE(quiz.answers.value(QStringLiteral("gone")), QStringLiteral("a"));
    QVERIFY(quiz.answers.contains(QStringLiteral("what-is-traded")));
    int holding = 0;
    for (const SavedAttempt& attempt : quiz.attempts)
        holding += attempt.answers.value(QStringLiteral("gone")) == QLatin1String("a") ? 1 : 0;
    QCOMPARE(holding, 1); // the old attempt, not duplicated
}

void MainWindowTest::corruptProgressIsReportedNotFatal()
{
    const QString path = QDir(m_state->path()).filePath(QStringLiteral("progress.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"version":1,"quizzes":{"mini-quiz":{"what-is-traded":)"); // cut off mid-write
    file.close();

    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    window.show();
    settle();
    QVERIFY(window.banner()->isVisible());
    QVERIFY(window.banner()->text().contains(QStringLiteral("progress.json.corrupt-")));
    const QStringList aside = QDir(m_state->path()).entryList({QStringLiteral("progress.json.corrupt-*")});
    QCOMPARE(aside.size(), 1);
    // The notice follows the language like every other string.
    window.setLanguage(QStringLiteral("ru"));
    settle();
    QVERIFY(window.banner()->text().contains(QStringLiteral("повреждён")));
    QVERIFY(window.banner()->text().contains(aside.first()));
    window.setLanguage(QStringLiteral("en"));

    // Not fatal: the quiz opens with empty progress and new answers are saved.
    QVERIFY(window.openQuiz(Quiz));
    QCOMPARE(window.session()->answeredCount(), 0);
    QVERIFY(answerWith(window.session(), 1));
    ProgressStore check;
    check.load();
    QVERIFY(check.problem().isEmpty());
    QCOMPARE(check.answers(Quiz).value(QStringLiteral("what-is-traded")), QStringLiteral("b"));
}

void MainWindowTest::dismissedNoticeStaysDismissed()
{
    QDir state(m_state->path());
    QFile file(state.filePath(QStringLiteral("progress.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("not json");
    file.close();

    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    window.show();
    settle();
    QVERIFY(window.banner()->isVisible());
    auto* dismiss = window.banner()->findChild<QToolButton*>();
    QVERIFY(dismiss);
    QTest::mouseClick(dismiss, Qt::LeftButton);
    QVERIFY(window.banner()->isHidden());
    // The same notice in another language is not news.
    for (const QString& code : {QStringLiteral("ru"), QStringLiteral("sn"), QStringLiteral("en")}) {
        window.setLanguage(code);
        settle();
        QVERIFY2(window.banner()->isHidden(), qPrintable(code));
    }

    // A new problem is: saving fails where a folder stands in the file's way.
    QVERIFY(state.remove(QStringLiteral("progress.json")));
    QVERIFY(state.mkdir(QStringLiteral("progress.json")));
    QVERIFY(window.openQuiz(Quiz));
    QVERIFY(answerWith(window.session(), 1));
    settle();
    QVERIFY(window.banner()->isVisible());
    QVERIFY(window.banner()->text().contains(QStringLiteral("Could not save")));
    QVERIFY(!window.banner()->text().contains(QStringLiteral("damaged")));
}

void MainWindowTest::brokenQuizIsLeftOutAndReported()
{
    // A copy of the fixtures plus one quiz whose answer is out of range.
    QTemporaryDir root;
    for (const QString& folder : {QStringLiteral("quizzes/mini-quiz"), QStringLiteral("guides/mini-guide"),
             QStringLiteral("demos"), QStringLiteral("quizzes/broken")})
        QVERIFY(QDir().mkpath(QDir(root.path()).filePath(folder)));
    for (const QString& name : {QStringLiteral("quizzes/mini-quiz/quiz.yaml"),
             QStringLiteral("guides/mini-guide/guide.yaml"), QStringLiteral("demos/presets.yaml")})
        QVERIFY(QFile::copy(QDir(fixtures()).filePath(name), QDir(root.path()).filePath(name)));
    QFile broken(QDir(root.path()).filePath(QStringLiteral("quizzes/broken/quiz.yaml")));
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write("schema: 1\nid: broken\nlevel: beginner\nguide: mini-guide\ntitle: Broken\ndescription: x\n"
                 "questions:\n  - id: q\n    demo: tiny-demo\n    guide_section: the-trade\n    answer: 9\n"
                 "    text: Q?\n    explanation: E.\n    options:\n      - {id: a, text: A, why_wrong: W.}\n"
                 "      - {id: b, text: B, why_wrong: W.}\n");
    broken.close();

    MainWindow window(root.path(), ProgressStore(), QStringLiteral("en"));
    window.show();
    settle();
    QVERIFY(!window.content().errors.empty());
    QVERIFY(window.banner()->isVisible());
    QVERIFY(window.banner()->text().contains(QStringLiteral("quiz.yaml")));
    QVERIFY(window.content().quiz("mini-quiz"));
    QVERIFY(!window.content().quiz("broken"));
    QVERIFY(window.openQuiz(Quiz));
    QVERIFY(!window.openQuiz(QStringLiteral("broken")));

    // Dismissed, the report stays away through language switches (the same files fail in each).
    QTest::mouseClick(window.banner()->findChild<QToolButton*>(), Qt::LeftButton);
    QVERIFY(window.banner()->isHidden());
    window.setLanguage(QStringLiteral("ru"));
    settle();
    QVERIFY(window.banner()->isHidden());
}

void MainWindowTest::bannerTellsNoticesApart()
{
    NoticeBanner banner;
    banner.show();
    const QString content = QStringLiteral("content");
    banner.setNotice(
        content, QStringLiteral("Some content could not be loaded:"), {QStringLiteral("a.yaml:1")});
    QVERIFY(banner.isVisible());
    QTest::mouseClick(banner.findChild<QToolButton*>(), Qt::LeftButton);
    QVERIFY(banner.isHidden());
    QVERIFY(banner.text().isEmpty()); // text() is what is shown
    // Re-worded (a language switch translates the heading only): still dismissed.
    banner.setNotice(
        content, QStringLiteral("Часть содержимого не загрузилась:"), {QStringLiteral("a.yaml:1")});
    QVERIFY(banner.isHidden());
    // Another notice shows alone; the dismissed one does not come back with it.
    banner.setNotice(QStringLiteral("progress"), QStringLiteral("Could not save your progress."));
    QVERIFY(banner.isVisible());
    QCOMPARE(banner.text(), QStringLiteral("Could not save your progress."));
    banner.clearNotice(QStringLiteral("progress"));
    QVERIFY(banner.isHidden());
    // Other details are a different notice under the same key.
    banner.setNotice(
        content, QStringLiteral("Some content could not be loaded:"), {QStringLiteral("b.yaml:2")});
    QVERIFY(banner.isVisible());
    QVERIFY(banner.text().contains(QStringLiteral("b.yaml:2")));
    // An explicit identity says when two notices without details are the same.
    const QString progress = QStringLiteral("progress");
    banner.setNotice(progress, QStringLiteral("Your progress file was damaged."), {}, QStringLiteral("1"));
    QTest::mouseClick(banner.findChild<QToolButton*>(), Qt::LeftButton);
    banner.setNotice(progress, QStringLiteral("Файл прогресса повреждён."), {}, QStringLiteral("1"));
    QVERIFY(banner.isHidden());
    banner.setNotice(progress, QStringLiteral("Could not save your progress."), {}, QStringLiteral("2"));
    QVERIFY(banner.isVisible());
}

void MainWindowTest::demoRunsFromItsKey()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(Quiz));
    showAndActivate(window);
    DemoPanel* demo = window.demoPanel();
    QCOMPARE(demo->presetId(), QStringLiteral("tiny-demo"));
    QSignalSpy finished(demo, &DemoPanel::finished);
    QTest::keyClick(&window, Qt::Key_R);
    QVERIFY(demo->isRunning() || finished.count() == 1);
    QVERIFY(finished.wait(120000 * rlab::test::kSlowness) || finished.count() == 1);
    QVERIFY(finished.first().at(0).value<DemoOutcome>().ok());
    QCOMPARE(rlab::liveEngineBytes(), std::uint64_t {0});
    QVERIFY(!demo->resultsTsv().isEmpty());

    // A language switch keeps the results (same preset id).
    const QString before = demo->resultsTsv();
    window.setLanguage(QStringLiteral("ru"));
    settle();
    QCOMPARE(demo->presetId(), QStringLiteral("tiny-demo"));
    QVERIFY(!demo->resultsTsv().isEmpty());
    QCOMPARE(demo->resultsTsv().count(QLatin1Char('\n')), before.count(QLatin1Char('\n')));
}

void MainWindowTest::demoPanelFitsItsLabels_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("size");
    for (const char* code : {"en", "ru", "sn"}) {
        QTest::addRow("%s 800x600", code) << QString::fromLatin1(code) << QSize(800, 600);
        QTest::addRow("%s 1280x800", code) << QString::fromLatin1(code) << QSize(1280, 800);
    }
}

void MainWindowTest::demoPanelFitsItsLabels()
{
    QFETCH(QString, language);
    QFETCH(QSize, size);
    // The real content and translations: their longest labels are what must fit.
    MainWindow window(QStringLiteral(RLAB_CONTENT_DIR), ProgressStore(), language);
    QVERIFY(window.content().errors.empty());
    window.resize(size);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    DemoPanel* demo = window.demoPanel();
    for (const auto& quiz : window.content().quizzes) {
        QVERIFY(window.openQuiz(QString::fromStdString(quiz.id)));
        for (int question = 0; question < static_cast<int>(quiz.questions.size()); ++question) {
            window.showQuestion(question);
            settle();
            if (quiz.questions[static_cast<std::size_t>(question)].demo.empty())
                continue; // no demo: the side shows the guide alone
            const QString where = QStringLiteral("%1 #%2: ").arg(demo->presetId()).arg(question + 1);
            QVERIFY(demo->isVisible());
            // The lesson's column fits its width...
            QVERIFY2(demo->minimumSizeHint().width() <= demo->width(),
                qPrintable(where
                    + QStringLiteral("needs %1 px, has %2")
                          .arg(demo->minimumSizeHint().width())
                          .arg(demo->width())));
            // ...so no label, button or size box is cut short, in either direction.
            for (QWidget* widget : demo->findChildren<QWidget*>()) {
                auto* label = qobject_cast<QLabel*>(widget);
                auto* button = qobject_cast<QAbstractButton*>(widget);
                auto* spin = qobject_cast<QSpinBox*>(widget);
                if (!widget->isVisible() || !(label || button || spin))
                    continue;
                if ((label && (label->wordWrap() || label->text().isEmpty()))
                    || (button && button->text().isEmpty()))
                    continue; // wrapped labels take any width; arrows without text are the tab bar's
                const QString name = where
                    + (label         ? label->text()
                            : button ? button->text()
                                     : spin->objectName());
                QVERIFY2(widget->width() >= widget->sizeHint().width(), qPrintable(name));
                QVERIFY2(widget->height() >= widget->minimumSizeHint().height(), qPrintable(name));
            }
        }
    }
}

// Proves: a question may have no demo: its side shows the guide alone (no demo tab, R and the menu
// item do nothing, the key hint does not offer R), and the next question's demo comes back.
void MainWindowTest::questionWithoutADemo()
{
    QTemporaryDir root;
    for (const QString& folder :
        {QStringLiteral("quizzes/mini-quiz"), QStringLiteral("guides/mini-guide"), QStringLiteral("demos")})
        QVERIFY(QDir().mkpath(QDir(root.path()).filePath(folder)));
    for (const QString& name : {QStringLiteral("quizzes/mini-quiz/quiz.yaml"),
             QStringLiteral("guides/mini-guide/guide.yaml"), QStringLiteral("demos/presets.yaml")})
        QVERIFY(QFile::copy(QDir(fixtures()).filePath(name), QDir(root.path()).filePath(name)));
    QFile quiz(QDir(root.path()).filePath(QStringLiteral("quizzes/mini-quiz/quiz.yaml")));
    QVERIFY(quiz.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(quiz.readAll());
    quiz.close();
    const QString withDemo = QStringLiteral("  - id: why-stored\n    demo: tiny-demo\n");
    QCOMPARE(text.count(withDemo), 1);
    text.replace(withDemo, QStringLiteral("  - id: why-stored\n"));
    QVERIFY(quiz.open(QIODevice::WriteOnly | QIODevice::Truncate));
    quiz.write(text.toUtf8());
    quiz.close();

    MainWindow window(root.path(), ProgressStore(), QStringLiteral("en"));
    QVERIFY2(window.content().errors.empty(), qPrintable(window.banner()->text()));
    QVERIFY(window.openQuiz(Quiz));
    showAndActivate(window);
    QuestionPage* page = window.questionPage();
    DemoPanel* demo = window.demoPanel();
    auto* evidence = page->findChild<QStackedWidget*>(QStringLiteral("evidence"));
    auto* noEvidence = page->findChild<QWidget*>(QStringLiteral("noEvidence"));
    const QLabel* keyHint = page->findChild<QLabel*>(QStringLiteral("keyHint"));
    QVERIFY(evidence && noEvidence && keyHint);
    QCOMPARE(evidence->currentWidget(), static_cast<QWidget*>(demo));
    QVERIFY2(keyHint->text().contains(QStringLiteral("R runs the demo")), qPrintable(keyHint->text()));
    window.showQuestion(1);
    QCOMPARE(evidence->currentWidget(), noEvidence);
    QVERIFY(noEvidence->isVisible());
    // The key hint follows the question: no demo, no "R runs the demo".
    QVERIFY2(!keyHint->text().contains(QStringLiteral("R ")), qPrintable(keyHint->text()));
    QVERIFY(keyHint->text().contains(QStringLiteral("Enter next")));
    QVERIFY(demo->presetId().isEmpty());
    QTest::keyClick(&window, Qt::Key_R);
    QVERIFY(!demo->isRunning());
    QVERIFY(page->isLessonShown());
    QTest::keyClick(&window, Qt::Key_E); // nothing to explore
    QVERIFY(page->isLessonShown());
    window.showQuestion(0);
    QCOMPARE(evidence->currentWidget(), static_cast<QWidget*>(demo));
    QVERIFY(demo->isVisible());
    QCOMPARE(demo->presetId(), QStringLiteral("tiny-demo"));
}

void MainWindowTest::keysAreTheSameInEveryLanguage_data()
{
    QTest::addColumn<QString>("language");
    for (const char* code : {"en", "ru", "sn"})
        QTest::addRow("%s", code) << QString::fromLatin1(code);
}

// Proves, in each language: Ctrl+Shift+L opens the Language menu and F1 lists it; Alt+L never moves
// into a demo size field (it did in Shona, where "Ma-layer" took the L); Enter goes on with the
// focus on "Plan this for a real model…" (it opened the Planner); after the Planner and Back the
// title is the quiz's again; R from the guide page shows the prediction still to make.
void MainWindowTest::keysAreTheSameInEveryLanguage()
{
    QFETCH(QString, language);
    MainWindow window(fixtures(), ProgressStore(), language);
    QVERIFY(window.openQuiz(Quiz));
    showAndActivate(window);
    QMenu* languages = nullptr;
    for (QAction* title : window.menuBar()->actions()) {
        if (title->menu() && title->menu()->actions().contains(window.languageAction(QStringLiteral("en"))))
            languages = title->menu();
    }
    QVERIFY(languages);
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(languages->isVisible());
    QTest::keyClick(languages, Qt::Key_Escape);
    QTest::keyClick(window.menuBar(), Qt::Key_Escape);
    QTRY_VERIFY(!languages->isVisible());
    QVERIFY(window.shortcutsText().contains(
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L).toString(QKeySequence::NativeText)
        + QLatin1Char(':')));
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));

    // R from the guide page: the lesson with its prediction, not a run past it.
    QuestionPage* page = window.questionPage();
    DemoPanel* demo = window.demoPanel();
    page->showGuide();
    QVERIFY(!page->isLessonShown());
    QTest::keyClick(&window, Qt::Key_R);
    QVERIFY(page->isLessonShown());
    QVERIFY(!demo->isRunning());
    QVERIFY(demo->predictionBox()->isPending());
    QTRY_VERIFY(demo->predictionBox()->isAncestorOf(QApplication::focusWidget()));

    QTest::keyClick(&window, keyOf(window, 1));
    QVERIFY(window.session()->isAnswered(0));
    window.questionPage()->optionButton(0)->setFocus();
    QTest::keyClick(&window, Qt::Key_L, Qt::AltModifier);
    settle();
    QWidget* focus = QApplication::focusWidget();
    QVERIFY2(!(focus && qobject_cast<QSpinBox*>(focus) && demo->isAncestorOf(focus)),
        qPrintable(QStringLiteral("Alt+L moved into %1").arg(focus->objectName())));
    if (languages->isVisible()) {
        QTest::keyClick(languages, Qt::Key_Escape);
        QTest::keyClick(window.menuBar(), Qt::Key_Escape);
    }
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));

    // Enter with the focus on the Planner button goes on, as the hint says.
    auto* plan = demo->part<QPushButton*>(QStringLiteral("planRealModel"));
    QVERIFY(plan);
    plan->setFocus();
    QTRY_VERIFY(plan->hasFocus());
    QTest::keyClick(plan, Qt::Key_Return);
    QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(page));
    QCOMPARE(window.session()->current(), 1);

    const QString quizTitle = window.windowTitle();
    QTest::mouseClick(plan, Qt::LeftButton);
    QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(window.plannerPage()));
    QVERIFY(window.windowTitle() != quizTitle);
    auto* back = window.plannerPage()->findChild<QPushButton*>(QStringLiteral("plannerBack"));
    QVERIFY(back);
    QTest::mouseClick(back, Qt::LeftButton);
    QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(page));
    QCOMPARE(window.windowTitle(), quizTitle);
}

namespace {
// Whether `widget` is shown whole inside the window's visible area (nothing clipped, not scrolled out).
bool wholeInWindow(const QWidget* widget)
{
    const QWidget* window = widget->window();
    const QRect shown(widget->mapTo(window, QPoint(0, 0)), widget->size());
    return widget->isVisible() && window->rect().contains(shown)
        && widget->visibleRegion().boundingRect() == widget->rect();
}
} // namespace

// Proves the lesson's layout rules: before and after an answer the answer view and its one-sentence
// caption are whole in the window without scrolling at 1280x800 and 1024x700, in en, ru and sn, with
// Run beside them; the explore page (E) keeps its result tabs where they are whichever tab is shown
// (the bar moved from y=349 to 189 as tabs changed), every tab named in each language, and Esc brings
// the lesson back; the claims are one line that says how many hold, unfolded on a click.
void MainWindowTest::lessonShowsItsAnswerInView()
{
    MainWindow window(QStringLiteral(RLAB_CONTENT_DIR), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(QStringLiteral("activation-recomputation-tradeoffs")));
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QuestionPage* page = window.questionPage();
    DemoPanel* demo = window.demoPanel();
    QCOMPARE(demo->presetId(), QStringLiteral("memory-vs-time"));
    QSignalSpy finished(demo, &DemoPanel::finished);
    demo->run();
    QVERIFY(finished.wait(120000 * rlab::test::kSlowness) || finished.count() == 1);
    QVERIFY(finished.first().at(0).value<DemoOutcome>().ok());
    auto* caption = demo->part<QLabel*>(QStringLiteral("answerCaption"));
    auto* tabs = demo->part<QTabWidget*>(QStringLiteral("demoTabs"));
    auto* summary = demo->part<QToolButton*>(QStringLiteral("demoClaimsSummary"));
    auto* claims = demo->part<QLabel*>(QStringLiteral("demoClaims"));
    auto* run = demo->part<QWidget*>(QStringLiteral("runDemo"));
    QVERIFY(caption && tabs && summary && claims && run);
    QStringList english; // the result tabs' names, which every language translates
    for (const bool answered : {false, true}) {
        if (answered)
            QVERIFY(answerWith(window.session(), 1));
        for (const char* code : {"en", "ru", "sn"}) {
            window.setLanguage(QString::fromLatin1(code));
            settle();
            for (int tab = 0; tab < tabs->count(); ++tab) {
                if (english.size() < tabs->count())
                    english.push_back(tabs->tabText(tab));
                else if (QString::fromLatin1(code) != QStringLiteral("en"))
                    QVERIFY2(tabs->tabText(tab) != english[tab],
                        qPrintable(QStringLiteral("%1: %2 untranslated")
                                       .arg(QString::fromLatin1(code), english[tab])));
            }
            for (const QSize size : {QSize(1280, 800), QSize(1024, 700)}) {
                window.resize(size);
                page->showLesson();
                settle();
                const QString where
                    = QStringLiteral("%1 %2x%3 %4: ")
                          .arg(QString::fromLatin1(code))
                          .arg(size.width())
                          .arg(size.height())
                          .arg(answered ? QStringLiteral("answered") : QStringLiteral("before"));
                QCOMPARE(window.size(), size);
                QVERIFY2(!caption->text().isEmpty(), qPrintable(where));
                for (QWidget* part :
                    {static_cast<QWidget*>(demo->answerChart()), static_cast<QWidget*>(caption), run})
                    QVERIFY2(wholeInWindow(part), qPrintable(where + part->objectName()));
                QVERIFY2(demo->answerChart()->height() >= 4 * caption->fontMetrics().lineSpacing(),
                    qPrintable(where + QStringLiteral("chart %1 px").arg(demo->answerChart()->height())));

                // The explore page: the tab bar stays put whichever tab is in front.
                QTest::keyClick(&window, Qt::Key_E);
                QVERIFY2(!page->isLessonShown(), qPrintable(where));
                settle();
                QTabBar* bar = tabs->tabBar();
                const QPoint home = bar->mapTo(&window, QPoint(0, 0));
                for (int tab = 0; tab < tabs->count(); ++tab) {
                    if (!bar->isTabVisible(tab))
                        continue;
                    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(tab).center());
                    settle();
                    QCOMPARE(tabs->currentIndex(), tab);
                    QVERIFY2(
                        bar->mapTo(&window, QPoint(0, 0)) == home, qPrintable(where + tabs->tabText(tab)));
                    QVERIFY2(wholeInWindow(bar), qPrintable(where + tabs->tabText(tab)));
                }
                tabs->setCurrentIndex(0);
                // The claims are one line, whole, until unfolded.
                QVERIFY2(answered == summary->isVisible(), qPrintable(where));
                if (answered) {
                    QVERIFY2(!claims->isVisible(), qPrintable(where));
                    QVERIFY2(
                        summary->width() >= summary->sizeHint().width(), qPrintable(where + summary->text()));
                    QVERIFY2(summary->text().contains(QRegularExpression(QStringLiteral("\\d+\\D+\\d+"))),
                        qPrintable(where + summary->text()));
                }
                QTest::keyClick(&window, Qt::Key_Escape);
                QVERIFY2(page->isLessonShown(), qPrintable(where));
            }
        }
    }
    window.setLanguage(QStringLiteral("en"));
    window.resize(1280, 800);
    page->showExplore();
    settle();
    QVERIFY2(
        summary->text().startsWith(QStringLiteral("What this run shows: ")), qPrintable(summary->text()));
    QTest::mouseClick(summary, Qt::LeftButton);
    QVERIFY(claims->isVisible());
    QVERIFY(claims->text().contains(QStringLiteral("Holds in this run")));
    QTest::mouseClick(summary, Qt::LeftButton); // folded again, as the other tests expect
    QVERIFY(!claims->isVisible());
    page->showLesson();
}

// Proves: a run whose name says the answer ("full + offload" beside "Which technique is combined
// with recomputation?", the question's hidden_runs) is "run A" in the bars, the caption and the
// progress until the learner answers, and the explore page, which names every run, waits too.
void MainWindowTest::runNamesThatGiveTheAnswerAwayWaitForIt()
{
    MainWindow window(QStringLiteral(RLAB_CONTENT_DIR), ProgressStore(), QStringLiteral("en"));
    const QString quizId = QStringLiteral("activation-recomputation-tradeoffs");
    QVERIFY(window.openQuiz(quizId));
    const rlab::content::Quiz* quiz = window.content().quiz(quizId.toStdString());
    int question = -1;
    for (int k = 0; k < static_cast<int>(quiz->questions.size()); ++k)
        if (quiz->questions[static_cast<std::size_t>(k)].id == "combine-with-offload")
            question = k;
    QVERIFY(question >= 0);
    QCOMPARE(quiz->questions[static_cast<std::size_t>(question)].hiddenRuns.size(), std::size_t(2));
    showAndActivate(window);
    window.showQuestion(question);
    QuestionPage* page = window.questionPage();
    DemoPanel* demo = window.demoPanel();
    auto* explore = demo->part<QPushButton*>(QStringLiteral("exploreRun"));
    QVERIFY(explore);
    QSignalSpy finished(demo, &DemoPanel::finished);
    QStringList statuses;
    auto* status = demo->part<QLabel*>(QStringLiteral("demoStatus"));
    QVERIFY(status);
    demo->run();
    QElapsedTimer waited;
    waited.start();
    while (finished.count() == 0 && waited.elapsed() < 120000 * rlab::test::kSlowness) {
        finished.wait(50); // each status the run shows on the way, read as it goes
        statuses << status->text();
    }
    QCOMPARE(finished.count(), 1);
    QVERIFY(finished.first().at(0).value<DemoOutcome>().ok());
    const auto said = [&] {
        return demo->captionText() + demo->answerChart()->accessibleDescription() + status->text()
            + statuses.join(QLatin1Char(' '));
    };
    QVERIFY2(!said().contains(QStringLiteral("offload")), qPrintable(said()));
    QVERIFY2(
        demo->answerChart()->accessibleDescription().contains(QStringLiteral("run A")), qPrintable(said()));
    QVERIFY(!explore->isEnabled());
    QTest::keyClick(&window, Qt::Key_E);
    QVERIFY(page->isLessonShown());

    QTest::keyClick(&window, keyOf(window, quiz->questions[static_cast<std::size_t>(question)].answer));
    QVERIFY(window.session()->isAnswered(question));
    QVERIFY2(demo->captionText().contains(QStringLiteral("full + offload")), qPrintable(demo->captionText()));
    QVERIFY(!demo->answerChart()->accessibleDescription().contains(QStringLiteral("run A")));
    QVERIFY(explore->isEnabled());
    QTest::keyClick(&window, Qt::Key_E);
    QVERIFY(!page->isLessonShown());
}

// Proves: the mouse wheel over a size slider or the prediction that the learner has not clicked
// into changes nothing (it moved the prediction once the panel reached its top); clicked into, the
// wheel moves it. A new question opens with its answer column at the top.
void MainWindowTest::wheelChangesOnlyWhatWasClicked()
{
    MainWindow window(QStringLiteral(RLAB_CONTENT_DIR), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(QStringLiteral("gradient-checkpointing")));
    window.showQuestion(1); // its prediction is a slider
    window.resize(1024, 700);
    showAndActivate(window);
    DemoPanel* demo = window.demoPanel();
    const auto wheel = [](QWidget* target) {
        const QPoint at(target->width() / 2, target->height() / 2);
        QWheelEvent event(at, target->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
            Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(target, &event);
    };
    QList<QAbstractSlider*> sliders; // the lesson's: a size's and the prediction's
    for (QAbstractSlider* slider : demo->findChildren<QAbstractSlider*>()) {
        if (slider->isVisible())
            sliders.push_back(slider);
    }
    QVERIFY(sliders.size() >= 2);
    window.questionPage()->optionButton(0)->setFocus();
    for (QAbstractSlider* slider : sliders) {
        const int before = slider->value();
        wheel(slider);
        QCOMPARE(slider->value(), before);
    }
    QAbstractSlider* layers = sliders.first();
    layers->setFocus(Qt::MouseFocusReason);
    QTRY_VERIFY(layers->hasFocus());
    const int before = layers->value();
    wheel(layers);
    QVERIFY(layers->value() != before);

    QScrollArea* column = window.questionPage()->answerColumn();
    column->verticalScrollBar()->setValue(column->verticalScrollBar()->maximum());
    window.showQuestion(2);
    settle();
    QCOMPARE(column->verticalScrollBar()->value(), 0);
    QVERIFY(window.questionPage()->isLessonShown());
}

// Proves: a `number:` question is answered with a figure read off the learner's own run: before a
// run there is nothing to check against (the field and Check are off); after it, a figure within
// the content's tolerance of the run's is right, one outside is wrong, and the verdict names both.
void MainWindowTest::numberIsCheckedAgainstTheRun()
{
    MainWindow window(QStringLiteral(RLAB_CONTENT_DIR), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(QStringLiteral("the-2026-block")));
    const rlab::content::Quiz* quiz = window.content().quiz("the-2026-block");
    QList<int> numeric;
    for (int k = 0; k < static_cast<int>(quiz->questions.size()); ++k) {
        if (quiz->questions[static_cast<std::size_t>(k)].number)
            numeric.push_back(k);
    }
    QCOMPARE(numeric.size(), 2);
    showAndActivate(window);
    QuestionPage* page = window.questionPage();
    auto* field = page->findChild<QDoubleSpinBox*>(QStringLiteral("numberAnswer"));
    auto* check = page->findChild<QPushButton*>(QStringLiteral("checkNumber"));
    QVERIFY(field && check);
    for (int round = 0; round < 2; ++round) {
        const int question = numeric[round];
        window.showQuestion(question);
        QVERIFY(field->isVisible() && !page->optionButton(0));
        QVERIFY(!check->isEnabled()); // nothing measured yet
        DemoPanel* demo = window.demoPanel();
        QSignalSpy finished(demo, &DemoPanel::finished);
        demo->run();
        QVERIFY(finished.wait(120000 * rlab::test::kSlowness) || finished.count() == 1);
        QTRY_VERIFY(check->isEnabled());
        const auto& number = *quiz->questions[static_cast<std::size_t>(question)].number;
        const std::optional<double> measured = demo->measuredPercent(number.figure);
        QVERIFY(measured && *measured > 0);
        const bool right = round == 1;
        field->setValue(*measured + (right ? number.tolerance / 2 : number.tolerance + 5));
        QTest::mouseClick(check, Qt::LeftButton);
        QVERIFY(window.session()->isAnswered(question));
        QCOMPARE(window.session()->isCorrect(question), right);
        QVERIFY2(
            page->findChild<QLabel*>(right ? QStringLiteral("verdictRight") : QStringLiteral("verdictWrong"))
                ->text()
                .contains(QStringLiteral("your run measured")),
            qPrintable(QString::number(*measured)));
        QVERIFY(!check->isEnabled()); // answered: it stays as given
    }
}

// Proves: before an answer the demo shows neither its title, its "look for" text nor its claims,
// and the guide tab covers the section holding the answer; all appear once answered; opening the
// guide before answering is allowed and recorded in the attempt (and the saved file).
void MainWindowTest::answerIsHiddenUntilAnswered()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(Quiz));
    showAndActivate(window);
    QuestionPage* page = window.questionPage();
    DemoPanel* demo = window.demoPanel();
    auto* title = demo->part<QLabel*>(QStringLiteral("demoTitle"));
    auto* lookFor = demo->part<QLabel*>(QStringLiteral("demoLookFor"));
    auto* claims = demo->part<QLabel*>(QStringLiteral("demoClaims"));
    auto* summary = demo->part<QToolButton*>(QStringLiteral("demoClaimsSummary"));
    QVERIFY(title && lookFor && claims && summary);
    const auto shown = [&] {
        return lookFor->text().contains(QStringLiteral("Full keeps less than none"))
            && title->text().contains(QStringLiteral("Tiny memory versus time")) && !summary->isHidden();
    };
    const auto hidden = [&] {
        return !lookFor->text().contains(QStringLiteral("Full keeps less"))
            && !title->text().contains(QStringLiteral("Tiny")) && claims->isHidden() && summary->isHidden();
    };
    QVERIFY(hidden());
    // The learner may run the demo before answering: the numbers appear, the claim marks do not.
    QSignalSpy finished(demo, &DemoPanel::finished);
    page->runDemo();
    QVERIFY(finished.wait(120000) || finished.count() == 1);
    QVERIFY(finished.first().at(0).value<DemoOutcome>().ok());
    QVERIFY(!demo->resultsTsv().isEmpty());
    QVERIFY(hidden());
    page->showGuide(); // G: the page, with a cover over the section that holds the answer
    QVERIFY(!page->isGuideShown());
    QVERIFY(!page->guideView()->toPlainText().contains(QStringLiteral("What recomputation trades")));
    auto* guideTitle = page->findChild<QLabel*>(QStringLiteral("guideTitle"));
    QVERIFY(guideTitle);
    QCOMPARE(guideTitle->text(), QStringLiteral("Guide")); // not the section's title either
    QTest::keyClick(&window, Qt::Key_Escape);
    QVERIFY(page->isLessonShown());

    QTest::keyClick(&window, keyOf(window, 1));
    QVERIFY2(shown(), qPrintable(title->text() + lookFor->text() + summary->text()));
    page->showGuide(); // answered: the section itself, no cover
    QVERIFY(page->isGuideShown());
    QVERIFY(page->guideView()->toPlainText().contains(QStringLiteral("What recomputation trades")));
    QVERIFY(window.session()->attempts().last().guideOpened.isEmpty());

    window.session()->next(); // covered again for the new question (same demo: its results stay)
    QVERIFY(!demo->resultsTsv().isEmpty());
    QVERIFY(hidden());
    QVERIFY(page->isLessonShown()); // a new question opens on its lesson
    page->showGuide();
    QVERIFY(!page->isGuideShown());
    auto* uncover = page->findChild<QPushButton*>(QStringLiteral("uncoverGuide"));
    QVERIFY(uncover && uncover->isVisible());
    QTest::mouseClick(uncover, Qt::LeftButton);
    QVERIFY(page->isGuideShown());
    QVERIFY(hidden()); // the guide was asked for, not the demo's answer
    QCOMPARE(window.session()->attempts().last().guideOpened, QList<int> {1});
    ProgressStore saved;
    saved.load();
    QCOMPARE(saved.quiz(Quiz).attempts.last().guideOpened, QStringList {QStringLiteral("why-stored")});
}

// Proves: a demo's results survive a visit to another question's demo and come back with it.
void MainWindowTest::demoResultsStayWithTheirPreset()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(Quiz));
    DemoPanel* demo = window.demoPanel();
    QSignalSpy finished(demo, &DemoPanel::finished);
    window.questionPage()->runDemo();
    QVERIFY(finished.wait(120000) || finished.count() == 1);
    const QString results = demo->resultsTsv();
    QVERIFY(!results.isEmpty());
    rlab::content::DemoPreset other = *window.content().preset("tiny-demo");
    other.id = "another-demo"; // as another question's demo would be
    demo->setPreset(other);
    QCOMPARE(demo->resultsTsv().count(QLatin1Char('\n')), 1); // the headers only
    demo->setPreset(*window.content().preset("tiny-demo"));
    QCOMPARE(demo->resultsTsv(), results);
}

// Proves: a preset's prediction is asked before the run, locked when the run starts, and shown
// beside the measured result afterwards.
void MainWindowTest::predictionThenMeasurement()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(Quiz));
    showAndActivate(window);
    PredictionBox* box = window.demoPanel()->predictionBox();
    QVERIFY(box->isVisible());
    auto* question = box->findChild<QLabel*>(QStringLiteral("predictionQuestion"));
    QVERIFY(
        question->text().contains(QStringLiteral("which run will have the least peak activation memory")));
    auto* runs = box->findChild<QComboBox*>(QStringLiteral("predictedRun"));
    QCOMPARE(runs->count(), 2);
    runs->setCurrentIndex(runs->findText(QStringLiteral("full")));
    emit runs->activated(runs->currentIndex());
    QCOMPARE(box->prediction().run, QStringLiteral("full"));
    QVERIFY(box->comparisonText().isEmpty());

    QSignalSpy finished(window.demoPanel(), &DemoPanel::finished);
    window.questionPage()->runDemo();
    QVERIFY(box->isLocked());
    QVERIFY(!runs->isEnabled());
    QVERIFY(finished.wait(120000) || finished.count() == 1);
    const QString comparison = box->comparisonText();
    QVERIFY2(comparison.startsWith(QStringLiteral("You predicted full. Measured: full (none ")),
        qPrintable(comparison));
    QVERIFY(comparison.endsWith(QStringLiteral("✔ Right.")));
}

// Proves: after Enter moves on, a second Enter does not answer the new question with the button
// that still has the focus; moving to an option (Down) and pressing Enter does.
void MainWindowTest::secondEnterDoesNotAnswerANewQuestion()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(Quiz));
    showAndActivate(window);
    QuestionPage* page = window.questionPage();
    QTest::mouseClick(page->optionButton(placeOf(window, 1)), Qt::LeftButton);
    QVERIFY(window.session()->isAnswered(0));
    QTRY_VERIFY(page->optionButton(placeOf(window, 1))->hasFocus());
    QTest::keyClick(&window, Qt::Key_Return);
    QCOMPARE(window.session()->current(), 1);
    QTest::keyClick(&window, Qt::Key_Return);
    QCOMPARE(window.session()->current(), 1);
    QVERIFY(!window.session()->isAnswered(1));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
    QTest::keyClick(&window, Qt::Key_Return);
    // Chosen: the answer, or a wrong first try's hint.
    QVERIFY(window.session()->isAnswered(1) || window.session()->hintedOption(1) != QuizSession::NoAnswer);
}

// Proves: the first try and a retry are both kept; leaving during the retry and starting the app
// again keeps the wrong answers (not "not answered") and resumes the retry; the results page lists
// each question's first-try and current outcome and the attempts; the start page shows first-try
// and best scores.
void MainWindowTest::attemptsSurviveARetryAndARestart()
{
    {
        MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
        QVERIFY(window.openQuiz(Quiz));
        for (int option : {0, 0, 2}) { // wrong, wrong, right
            QVERIFY(answerWith(window.session(), option));
            window.session()->next();
        }
        QCOMPARE(window.pages()->currentWidget(), window.resultsPage());
        QVERIFY(window.resultsPage()->scoreLabel()->text().startsWith(QStringLiteral("1 of 3")));
        // Questions 1 and 2 share a guide section: "What to review next" names it once (the table
        // names it on both rows).
        const QString first = window.resultsPage()->review()->toPlainText();
        const QString next = first.section(QStringLiteral("What to review next"), 1);
        QVERIFY2(next.section(QStringLiteral("Review of your mistakes"), 0, 0)
                     .count(QStringLiteral("What recomputation trades"))
                == 1,
            qPrintable(first));
        window.resultsPage()->retryButton()->click();
        QCOMPARE(window.session()->round(), (QList<int> {0, 1}));
        QVERIFY(answerWith(window.session(), 1)); // question 1 right; question 2 left for later
    }
    MainWindow again(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(again.openQuiz(Quiz));
    QuizSession* session = again.session();
    QCOMPARE(session->attempts().size(), 2);
    QCOMPARE(session->current(), 1);
    QCOMPARE(session->latestAnswer(1), 0); // still the wrong answer
    QCOMPARE(session->mistakes(), QList<int> {1});
    QVERIFY(session->unanswered().isEmpty());
    QVERIFY(answerWith(session, 3));
    session->next();
    QCOMPARE(again.pages()->currentWidget(), again.resultsPage());
    const QString score = again.resultsPage()->scoreLabel()->text();
    QVERIFY2(score.contains(QStringLiteral("3 of 3")) && score.contains(QStringLiteral("first try 1 of 3")),
        qPrintable(score));
    const QString review = again.resultsPage()->review()->toPlainText();
    QVERIFY2(review.contains(QStringLiteral("First try")) && review.contains(QStringLiteral("Your attempts"))
            && review.contains(QStringLiteral("Attempt 2 (retry of the wrong ones")),
        qPrintable(review));
    QVERIFY(review.contains(QStringLiteral("What recomputation trades"))); // question 1's guide section
    again.showQuizzes();
    auto* progress = again.startPage()->findChild<QLabel*>(QStringLiteral("progressText"));
    QVERIFY(progress);
    QVERIFY2(progress->text().contains(QStringLiteral("first try 1 of 3"))
            && progress->text().contains(QStringLiteral("best 3 of 3")),
        qPrintable(progress->text()));
}

// Proves, with the clock injected: a question missed today is not due today, is due tomorrow
// (box 1: one day), appears as "Review (1 due)" on the start page, opens in a review round with
// shuffled options, and once answered right is due again two days later (box 2).
void MainWindowTest::reviewsComeBackOnSchedule()
{
    QDateTime now(QDate(2026, 12, 1), QTime(10, 0));
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    window.setClock([&now] { return now; });
    QVERIFY(window.openQuiz(Quiz));
    for (int option : {0, 3, 2}) { // question 1 wrong
        QVERIFY(answerWith(window.session(), option));
        window.session()->next();
    }
    window.showQuizzes();
    auto* reviewAll = window.startPage()->findChild<QPushButton*>(QStringLiteral("reviewAll"));
    QVERIFY(reviewAll);
    QVERIFY(reviewAll->isHidden());
    QVERIFY(window.dueQuestions().isEmpty());

    now = now.addDays(1);
    showAndActivate(window);
    window.showQuizzes();
    QVERIFY(!reviewAll->isHidden());
    QCOMPARE(reviewAll->text(), QStringLiteral("Review (1 due)"));
    QVERIFY(window.startPage()->findChild<QPushButton*>(QStringLiteral("reviewQuiz")));
    // The page opens on the review: Enter starts it.
    QTRY_VERIFY(reviewAll->hasFocus());
    QTest::keyClick(reviewAll, Qt::Key_Return);
    QCOMPARE(window.pages()->currentWidget(), window.questionPage());
    QCOMPARE(window.session()->round(), QList<int> {0});
    QCOMPARE(window.session()->attempts().last().kind, QuizSession::Kind::Review);
    QVERIFY(window.session()->optionOrder(0) != (QList<int> {0, 1, 2, 3}));
    QVERIFY(answerWith(window.session(), window.session()->correctOption(0)));

    window.showQuizzes();
    QVERIFY(reviewAll->isHidden());
    now = now.addDays(1);
    window.showQuizzes();
    QVERIFY(reviewAll->isHidden());
    now = now.addDays(1);
    window.showQuizzes();
    QVERIFY(!reviewAll->isHidden()); // box 2: two days after the review
    ProgressStore saved;
    saved.load();
    QCOMPARE(saved.quiz(Quiz).review.value(QStringLiteral("what-is-traded")).box, 2);
}

void MainWindowTest::mnemonicsAreUniquePerLanguage_data()
{
    QTest::addColumn<QString>("language");
    for (const char* code : {"en", "ru", "sn"})
        QTest::newRow(code) << QString::fromLatin1(code);
}

// Proves: in each language, every Alt+letter reaches one thing: the menu bar's titles together
// with each page's buttons and labelled fields (the demo's sizes included), and within each menu
// its items. (The app's dialogs are message boxes with standard buttons only.)
void MainWindowTest::mnemonicsAreUniquePerLanguage()
{
    QFETCH(QString, language);
    MainWindow window(fixtures(), ProgressStore(), language);
    QVERIFY(window.openQuiz(Quiz));
    showAndActivate(window);
    settle();
    const auto key = [](const QString& text) { return QKeySequence::mnemonic(text).toString(); };
    const auto checkUnique = [](const QList<QPair<QString, QString>>& keyed, const QString& where) {
        QHash<QString, QString> seen;
        for (const auto& [mnemonic, text] : keyed) {
            if (mnemonic.isEmpty())
                continue;
            QVERIFY2(!seen.contains(mnemonic),
                qPrintable(QStringLiteral("%1: %2 is both \"%3\" and \"%4\"")
                               .arg(where, mnemonic, seen.value(mnemonic), text)));
            seen.insert(mnemonic, text);
        }
    };
    QList<QPair<QString, QString>> bar;
    for (QAction* title : window.menuBar()->actions()) {
        bar.append({key(title->text()), title->text()});
        QList<QPair<QString, QString>> items;
        for (QAction* item : title->menu()->actions())
            items.append({key(item->text()), item->text()});
        checkUnique(items, title->text());
    }
    for (int i = 0; i < window.pages()->count(); ++i) {
        QWidget* page = window.pages()->widget(i);
        QList<QPair<QString, QString>> keyed = bar;
        for (QAbstractButton* button : page->findChildren<QAbstractButton*>())
            keyed.append({key(button->text()), button->text()});
        for (QLabel* label : page->findChildren<QLabel*>()) {
            if (label->buddy())
                keyed.append({key(label->text()), label->text()});
        }
        checkUnique(keyed, page->objectName());
    }
}

// Proves: --answer N (screenshots, tests) picks the option shown N-th, as key N does, when a retry
// shows the options shuffled, not the seed's option N.
void MainWindowTest::answerOptionCountsAsShownOnARetry()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(Quiz));
    for (int option : {0, 0, 2}) { // wrong, wrong, right
        QVERIFY(answerWith(window.session(), option));
        window.session()->next();
    }
    window.resultsPage()->retryButton()->click();
    QCOMPARE(window.session()->round(), (QList<int> {0, 1}));
    showAndActivate(window);
    // A place whose shown option is not the seed's option there, so the two readings differ.
    const auto differingPlace = [&window](int question) {
        const QList<int> order = window.session()->optionOrder(question);
        for (int place = 0; place < order.size(); ++place)
            if (order[place] != place)
                return place;
        return -1;
    };
    const int place = differingPlace(0);
    QVERIFY(place >= 0); // shuffled on a retry
    LaunchOptions options;
    options.quiz = Quiz;
    options.question = 1;
    options.answer = place + 1;
    QCOMPARE(applyLaunchOptions(window, options), std::optional<QString>());
    // A wrong first try is a hint (kept as the first try), a right one the answer.
    const int chosen
        = window.session()->isAnswered(0) ? window.session()->chosen(0) : window.session()->hintedOption(0);
    QCOMPARE(chosen, window.session()->optionOrder(0)[place]);
    // The button shown at that place is the one marked chosen (right or wrong).
    const QString state = window.questionPage()->optionButton(place)->property("answerState").toString();
    QVERIFY2(state == QLatin1String("right") || state == QLatin1String("wrong"), qPrintable(state));
    // Key N on the next question of the retry chooses the same way.
    window.session()->goTo(1);
    const int keyPlace = differingPlace(1);
    QVERIFY(keyPlace >= 0);
    QTest::keyClick(&window, Qt::Key(Qt::Key_1 + keyPlace));
    const int keyed
        = window.session()->isAnswered(1) ? window.session()->chosen(1) : window.session()->hintedOption(1);
    QCOMPARE(keyed, window.session()->optionOrder(1)[keyPlace]);
}

// Proves: F1's list names every key a menu item has (Ctrl+O and Ctrl+P were missing), the page's
// keys, and Enter in the demo; in every language.
void MainWindowTest::shortcutHelpListsEveryKey()
{
    for (const char* code : {"en", "ru", "sn"}) {
        MainWindow window(fixtures(), ProgressStore(), QString::fromLatin1(code));
        const QString help = window.shortcutsText();
        int keyed = 0;
        for (QAction* title : window.menuBar()->actions()) {
            for (QAction* item : title->menu()->actions()) {
                if (item->shortcut().isEmpty())
                    continue;
                ++keyed;
                const QString key = item->shortcut().toString(QKeySequence::NativeText);
                QVERIFY2(help.contains(key + QLatin1Char(':')),
                    qPrintable(QStringLiteral("%1: %2 missing").arg(QLatin1String(code), key)));
            }
        }
        QVERIFY(keyed >= 8); // open, quit, back, all questions, previous, next, run, planner, help
        QVERIFY(help.contains(QStringLiteral("1–6")));
        QVERIFY(help.count(QStringLiteral("Enter")) >= 2); // answering, and in the demo
    }
}

// Proves: Tab from the first option walks the options, then Previous and Next, then the side
// (the demo), and every stop is a control that shows its focus: no scroll area, page or frame.
void MainWindowTest::tabFollowsTheReadingOrder()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(Quiz));
    showAndActivate(window);
    window.session()->goTo(1);
    QuestionPage* page = window.questionPage();
    page->optionButton(0)->setFocus();
    QTRY_VERIFY(page->optionButton(0)->hasFocus());
    QList<QWidget*> stops {QApplication::focusWidget()};
    for (int i = 0; i < 60; ++i) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QWidget* now = QApplication::focusWidget();
        if (now == stops.first())
            break;
        stops.append(now);
    }
    QStringList names;
    for (QWidget* stop : stops)
        names << (stop->objectName().isEmpty() ? QString::fromLatin1(stop->metaObject()->className())
                                               : stop->objectName());
    const QString walk = names.join(QStringLiteral(" → "));
    for (QWidget* stop : stops) {
        QVERIFY2(stop->isVisible(), qPrintable(walk));
        const bool blank = qobject_cast<QAbstractScrollArea*>(stop) && !qobject_cast<QAbstractItemView*>(stop)
            && !qobject_cast<QTextEdit*>(stop);
        QVERIFY2(!blank && QString::fromLatin1(stop->metaObject()->className()) != QLatin1String("QWidget")
                && !qobject_cast<QStackedWidget*>(stop),
            qPrintable(walk));
    }
    const int previous = static_cast<int>(names.indexOf(QStringLiteral("previousButton")));
    const int next = static_cast<int>(names.indexOf(QStringLiteral("nextButton")));
    const int demo
        = static_cast<int>(stops.indexOf(window.demoPanel()->part<QPushButton*>(QStringLiteral("runDemo"))));
    for (int option = 0; option < 4; ++option)
        QVERIFY2(stops.value(option) == page->optionButton(option), qPrintable(walk));
    QVERIFY2(previous > 3 && next > previous && demo > next, qPrintable(walk));
}

// Proves: a question whose content names another on the same point (see_also) links to it once
// answered, and the link opens that question; the results page's review links it too.
void MainWindowTest::seeAlsoOpensTheOtherQuestion()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(Quiz));
    showAndActivate(window);
    auto* link = window.questionPage()->findChild<QLabel*>(QStringLiteral("seeAlso"));
    QVERIFY(link);
    QVERIFY(!link->isVisible()); // nothing to read before the answer
    QVERIFY(answerWith(window.session(), 0)); // wrong: the review will list it
    QVERIFY(link->isVisible());
    QVERIFY2(link->text().contains(QStringLiteral("See also:"))
            && link->text().contains(QStringLiteral("Mini Recompute Quiz, question 2")),
        qPrintable(link->text()));
    emit link->linkActivated(QStringLiteral("seealso:mini-quiz/2"));
    QTRY_COMPARE(window.session()->current(), 1);
    QCOMPARE(window.pages()->currentWidget(), window.questionPage());
    QVERIFY(!link->isVisible()); // question 2 points nowhere and is not answered

    for (int option : {0, 2}) {
        QVERIFY(answerWith(window.session(), option));
        window.session()->next();
    }
    QCOMPARE(window.pages()->currentWidget(), window.resultsPage());
    const QString review = window.resultsPage()->review()->toHtml();
    QVERIFY2(review.contains(QStringLiteral("seealso:mini-quiz/2")), qPrintable(review));
    window.resultsPage()->review()->anchorClicked(QUrl(QStringLiteral("seealso:mini-quiz/2")));
    QTRY_COMPARE(window.pages()->currentWidget(), window.questionPage());
    QCOMPARE(window.session()->current(), 1);
}

QTEST_MAIN(MainWindowTest)
#include "tst_mainwindow.moc"
