// The window as a learner uses it, offscreen, on the fixture content: answering by keys, the
// language switch (interface strings and content, fallback marked), progress across restarts and
// a corrupt progress file, content errors, and the demo started by its key.
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
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

#include "demo/model/demorunner.h"
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
    void twoWindowsOnOneQuizKeepEachOthersAttempts();
    void corruptProgressIsReportedNotFatal();
    void dismissedNoticeStaysDismissed();
    void brokenQuizIsLeftOutAndReported();
    void bannerTellsNoticesApart();
    void demoRunsFromItsKey();
    void demoPanelFitsItsLabels_data();
    void demoPanelFitsItsLabels();
    void storyChartKeepsItsRoom();
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

    QTest::keyClick(&window, Qt::Key_2); // right
    QCOMPARE(window.session()->chosen(0), 1);
    QCOMPARE(page->optionButton(1)->state(), OptionButton::State::Right);
    QVERIFY(page->explanationLabel()->isVisible());
    QVERIFY(page->explanationLabel()->text().contains(QStringLiteral("spending compute")));
    QVERIFY(!page->whyWrongLabel()->isVisible());
    // The verdict links to the question's guide section, which opens beside the question.
    auto* guideLink = page->findChild<QLabel*>(QStringLiteral("guideLink"));
    QVERIFY(guideLink && guideLink->isVisible());
    emit guideLink->linkActivated(QStringLiteral("guide"));
    QVERIFY(page->isGuideShown());
    QVERIFY(page->guideView()->toPlainText().contains(QStringLiteral("What recomputation trades")));

    QTest::keyClick(&window, Qt::Key_Return); // next
    QCOMPARE(window.session()->current(), 1);
    QCOMPARE(page->counterLabel()->text(), QStringLiteral("Question 2 of 3"));
    QTest::keyClick(&window, Qt::Key_1); // wrong: the answer is 4
    QCOMPARE(page->optionButton(0)->state(), OptionButton::State::Wrong);
    QCOMPARE(page->optionButton(3)->state(), OptionButton::State::Right);
    QVERIFY(page->whyWrongLabel()->isVisible());
    QVERIFY(page->whyWrongLabel()->text().contains(QStringLiteral("Nobody looks at them.")));
    QTest::keyClick(&window, Qt::Key_2); // locked: the first choice counts
    QCOMPARE(window.session()->chosen(1), 0);

    QTest::keyClick(&window, Qt::Key_Left);
    QCOMPARE(window.session()->current(), 0);
    QTest::keyClick(&window, Qt::Key_Right);
    QTest::keyClick(&window, Qt::Key_Right);
    QCOMPARE(window.session()->current(), 2);
    QTest::keyClick(&window, Qt::Key_3); // right
    QTest::keyClick(&window, Qt::Key_Enter); // past the last question: the results
    QCOMPARE(window.pages()->currentWidget(), window.resultsPage());
    QCOMPARE(window.resultsPage()->scoreLabel()->text(), QStringLiteral("2 of 3 correct"));
    QVERIFY(window.resultsPage()->review()->toPlainText().contains(
        QStringLiteral("Why are activations stored?")));

    QTest::mouseClick(window.resultsPage()->retryButton(), Qt::LeftButton);
    QCOMPARE(window.pages()->currentWidget(), page);
    QCOMPARE(window.session()->current(), 1);
    QVERIFY(window.session()->isRetry());
    // A retry shuffles the options: the right one (the 4th) is elsewhere now.
    const QList<int> order = window.session()->optionOrder(1);
    QVERIFY(order != (QList<int> {0, 1, 2, 3}));
    QTest::keyClick(&window, Qt::Key(Qt::Key_1 + order.indexOf(3)));
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
        QVERIFY(session->choose(
            question == 0 ? session->correctOption(0) : (session->correctOption(question) + 1) % 2));
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
    window.setLanguage(QStringLiteral("ru"));
    QVERIFY2(!results->resultsCsv().startsWith("Number,"), results->resultsCsv().left(80).constData());
}

// Proves: the guide pane opens with the guide's contents, every section a link that shows it (and
// a way back to the question's own), and a #id cross-reference to a section opens that section.
void MainWindowTest::guideHasContentsWithWorkingLinks()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(Quiz));
    QVERIFY(window.session()->choose(0));
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
    QTest::keyClick(&window, Qt::Key_Return);
    QCOMPARE(window.session()->chosen(1), 2);
    QCOMPARE(page->optionButton(2)->state(), OptionButton::State::Wrong);
    // Answered, the arrows still move the focus; the number keys still choose on the next question.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
    QCOMPARE(focused(), 3);
    QTest::keyClick(&window, Qt::Key_Return); // next
    QCOMPARE(window.session()->current(), 2);
    QTest::keyClick(&window, Qt::Key_3);
    QCOMPARE(window.session()->chosen(2), 2);
}

void MainWindowTest::enterInTheDemoStaysInTheDemo()
{
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(Quiz));
    showAndActivate(window);
    QTest::keyClick(&window, Qt::Key_1);
    QVERIFY(window.session()->isAnswered(0));
    auto* size = window.demoPanel()->findChild<QSpinBox*>();
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
    auto* run = demo->findChild<QPushButton*>(QStringLiteral("runDemo"));
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
    QVERIFY(window.session()->choose(0));
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
    QCOMPARE(page->optionButton(0)->state(), OptionButton::State::Wrong);

    window.setLanguage(QStringLiteral("sn"));
    settle();
    QCOMPARE(page->counterLabel()->text(), QStringLiteral("Mubvunzo 2 pa-3"));
    QVERIFY(next->text() != QStringLiteral("Next"));
    // The Shona fixture lacks this question entirely: every field falls back, marked.
    QCOMPARE(page->questionLabel()->property("fallback").toBool(), true);
    QVERIFY(page->questionLabel()->text().contains(QStringLiteral("Why are activations stored?")));
    QVERIFY(page->optionButton(0)->optionText().contains(QStringLiteral("To show them")));

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
        QVERIFY(window.session()->choose(1));
        window.session()->next();
        QVERIFY(window.session()->choose(2));
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

// Two windows answer the same quiz: each saves, and each save merges the other's attempt in. The
// first window's next answer keeps the second's attempt (it used to save its own session's attempts
// only, so the second window's attempt went at the first window's next answer).
void MainWindowTest::twoWindowsOnOneQuizKeepEachOthersAttempts()
{
    MainWindow first(fixtures(), ProgressStore(), QStringLiteral("en"));
    MainWindow second(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(first.openQuiz(Quiz));
    QVERIFY(second.openQuiz(Quiz));
    QVERIFY(first.session()->choose(1));
    QVERIFY(second.session()->choose(2));
    first.session()->next();
    QVERIFY(first.session()->choose(2));

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
    QVERIFY(window.session()->choose(1));
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
    QVERIFY(window.session()->choose(1));
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
            // The panel scrolls up and down when it must, never sideways: its body fits the width...
            auto* scroll = demo->findChild<QScrollArea*>(QStringLiteral("demoScroll"));
            QVERIFY(scroll);
            QVERIFY2(!scroll->horizontalScrollBar()->isVisible(), qPrintable(where));
            QVERIFY2(scroll->widget()->minimumSizeHint().width() <= scroll->viewport()->width(),
                qPrintable(where
                    + QStringLiteral("needs %1 px, has %2")
                          .arg(scroll->widget()->minimumSizeHint().width())
                          .arg(scroll->viewport()->width())));
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
    QTabWidget* side = page->sideTabs();
    const QLabel* keyHint = page->findChild<QLabel*>(QStringLiteral("keyHint"));
    QVERIFY(keyHint);
    QVERIFY(side->isTabVisible(side->indexOf(demo)));
    QVERIFY2(keyHint->text().contains(QStringLiteral("R runs the demo")), qPrintable(keyHint->text()));
    window.showQuestion(1);
    QVERIFY(!side->isTabVisible(side->indexOf(demo)));
    // The key hint follows the question: no demo, no "R runs the demo".
    QVERIFY2(!keyHint->text().contains(QStringLiteral("R ")), qPrintable(keyHint->text()));
    QVERIFY(keyHint->text().contains(QStringLiteral("Enter next")));
    QCOMPARE(side->currentWidget(), page->guideTab());
    QVERIFY(demo->presetId().isEmpty());
    QTest::keyClick(&window, Qt::Key_R);
    QVERIFY(!demo->isRunning());
    QCOMPARE(side->currentWidget(), page->guideTab());
    window.showQuestion(0);
    QVERIFY(side->isTabVisible(side->indexOf(demo)));
    QCOMPARE(side->currentWidget(), static_cast<QWidget*>(demo));
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
// title is the quiz's again; R from the Guide tab shows the prediction still to make, R again runs.
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

    // R from the Guide tab: the demo tab with its prediction, not a run past it.
    QuestionPage* page = window.questionPage();
    DemoPanel* demo = window.demoPanel();
    page->sideTabs()->setCurrentWidget(page->guideTab());
    QTest::keyClick(&window, Qt::Key_R);
    QCOMPARE(page->sideTabs()->currentWidget(), static_cast<QWidget*>(demo));
    QVERIFY(!demo->isRunning());
    QVERIFY(demo->predictionBox()->isPending());
    QTRY_VERIFY(demo->predictionBox()->isAncestorOf(QApplication::focusWidget()));

    QTest::keyClick(&window, Qt::Key_1);
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
    auto* plan = demo->findChild<QPushButton*>(QStringLiteral("planRealModel"));
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

// Proves: once a question is answered and its demo has run, the chart that tells the demo's story
// keeps at least 60% of the panel's height, in every language, at 1280x800, 1024x700 and 640x480
// (the window on a 1280x960 screen at scale 2: Qt lays out in these logical pixels), with the
// claims folded to one line that says how many hold, and unfolded on a click; Run, Cancel and the
// progress stay whole and in view at each size.
void MainWindowTest::storyChartKeepsItsRoom()
{
    MainWindow window(QStringLiteral(RLAB_CONTENT_DIR), ProgressStore(), QStringLiteral("en"));
    QVERIFY(window.openQuiz(QStringLiteral("activation-recomputation-tradeoffs")));
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    DemoPanel* demo = window.demoPanel();
    QCOMPARE(demo->presetId(), QStringLiteral("memory-vs-time"));
    QVERIFY(window.session()->choose(0));
    QSignalSpy finished(demo, &DemoPanel::finished);
    demo->run();
    QVERIFY(finished.wait(120000 * rlab::test::kSlowness) || finished.count() == 1);
    QVERIFY(finished.first().at(0).value<DemoOutcome>().ok());
    auto* tabs = demo->findChild<QTabWidget*>(QStringLiteral("demoTabs"));
    auto* summary = demo->findChild<QToolButton*>(QStringLiteral("demoClaimsSummary"));
    auto* claims = demo->findChild<QLabel*>(QStringLiteral("demoClaims"));
    QVERIFY(tabs && summary && claims);
    QStringList english; // the result tabs' names, which every language translates
    for (const char* code : {"en", "ru", "sn"}) {
        window.setLanguage(QString::fromLatin1(code));
        settle();
        for (int tab = 0; tab < tabs->count(); ++tab) {
            if (english.size() < tabs->count())
                english.push_back(tabs->tabText(tab));
            else
                QVERIFY2(tabs->tabText(tab) != english[tab],
                    qPrintable(
                        QStringLiteral("%1: %2 untranslated").arg(QString::fromLatin1(code), english[tab])));
        }
        for (const QSize size : {QSize(1280, 800), QSize(1024, 700), QSize(640, 480)}) {
            window.resize(size);
            settle();
            const QString where = QStringLiteral("%1 %2x%3: ")
                                      .arg(QString::fromLatin1(code))
                                      .arg(size.width())
                                      .arg(size.height());
            QCOMPARE(window.size(), size);
            auto* chart = tabs->currentWidget()->findChild<QWidget*>(QStringLiteral("memoryChart"));
            QVERIFY2(chart, qPrintable(where + QStringLiteral("the memory chart opens first")));
            QVERIFY2(chart->height() >= 0.6 * demo->height(),
                qPrintable(
                    where + QStringLiteral("chart %1 px of %2").arg(chart->height()).arg(demo->height())));
            // The chart's title wraps to its width instead of ending in "…"; the legend's cut names
            // show whole in a tooltip.
            QChart* drawn = qobject_cast<QChartView*>(chart)->chart();
            QTRY_VERIFY2(!drawn->title().isEmpty(), qPrintable(where));
            settle();
            const QFontMetricsF titleMetrics(drawn->titleFont());
            for (QString line : drawn->title().split(QStringLiteral("<br>"))) {
                line.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
                QVERIFY2(titleMetrics.horizontalAdvance(line) <= drawn->size().width(),
                    qPrintable(where + drawn->title()));
            }
            QVERIFY(drawn->legend()->showToolTips());
            // The other controls keep a few lines to scroll in (at 640x480 they had none).
            auto* controls = demo->findChild<QScrollArea*>(QStringLiteral("demoScroll"));
            QVERIFY2(controls->height() >= 2 * controls->fontMetrics().lineSpacing(),
                qPrintable(where + QStringLiteral("controls %1 px").arg(controls->height())));
            // Run, Cancel and the progress are whole and in view without scrolling (1024x700 cut them).
            for (const char* name : {"runDemo", "cancelDemo", "demoProgress"}) {
                auto* control = demo->findChild<QWidget*>(QString::fromLatin1(name));
                QVERIFY2(control && control->isVisible(), qPrintable(where + QString::fromLatin1(name)));
                const QRect shown(control->mapTo(demo, QPoint(0, 0)), control->size());
                QVERIFY2(demo->rect().contains(shown)
                        && control->visibleRegion().boundingRect() == control->rect(),
                    qPrintable(where + QString::fromLatin1(name)));
            }
            // Every result tab's name whole, without scroll arrows (Russian read "Рее…" at 1024x700).
            // At 640x480 the bar scrolls: eight names do not fit in 300 px in any language.
            if (size.width() >= 1024) {
                QTabBar* bar = tabs->tabBar();
                const int padding = bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar);
                for (int tab = 0; tab < bar->count(); ++tab) {
                    const int needed = bar->fontMetrics().horizontalAdvance(bar->tabText(tab)) + padding;
                    QVERIFY2(!bar->isTabVisible(tab) || bar->tabRect(tab).width() >= needed,
                        qPrintable(where + bar->tabText(tab)
                            + QStringLiteral(" %1 of %2 px").arg(bar->tabRect(tab).width()).arg(needed)));
                }
                for (auto* arrow : bar->findChildren<QToolButton*>())
                    QVERIFY2(!arrow->isVisible(),
                        qPrintable(where
                            + QStringLiteral("scroll arrows: tabs %1 px in %2")
                                  .arg([bar] {
                                      int sum = 0;
                                      for (int tab = 0; tab < bar->count(); ++tab)
                                          sum += bar->isTabVisible(tab) ? bar->tabRect(tab).width() : 0;
                                      return sum;
                                  }())
                                  .arg(bar->width())));
            }
            // The timeline keeps the same share with the "At the peak" card under it: the card's
            // ten live tensors and counterfactuals scroll in what is left (they took the chart
            // down to 45% of the panel at 1024x700), the run picker first. At 640x480 the picker's
            // line and the controls' two lines leave it a little less (57% in Russian).
            const int memoryTab = tabs->currentIndex();
            auto* timeline = demo->findChild<QWidget*>(QStringLiteral("timelineChart"));
            auto* peak = demo->findChild<QScrollArea*>(QStringLiteral("peakScroll"));
            QVERIFY(timeline && peak);
            tabs->setCurrentWidget(timeline->parentWidget());
            settle();
            QVERIFY2(peak->isVisible() && peak->height() >= peak->fontMetrics().lineSpacing(),
                qPrintable(where + QStringLiteral("peak card %1 px").arg(peak->height())));
            QVERIFY2(timeline->height() >= (size.height() < 700 ? 0.55 : 0.6) * demo->height(),
                qPrintable(where
                    + QStringLiteral("timeline %1 px of %2").arg(timeline->height()).arg(demo->height())));
            tabs->setCurrentIndex(memoryTab);
            settle();
            // The claims are one line, whole, until unfolded.
            QVERIFY2(summary->isVisible() && !claims->isVisible(), qPrintable(where));
            QVERIFY2(summary->width() >= summary->sizeHint().width(), qPrintable(where + summary->text()));
            QVERIFY2(summary->text().contains(QRegularExpression(QStringLiteral("\\d+\\D+\\d+"))),
                qPrintable(where + summary->text()));
        }
    }
    window.setLanguage(QStringLiteral("en"));
    window.resize(1280, 800);
    settle();
    QVERIFY2(
        summary->text().startsWith(QStringLiteral("What this run shows: ")), qPrintable(summary->text()));
    QTest::mouseClick(summary, Qt::LeftButton);
    QVERIFY(claims->isVisible());
    QVERIFY(claims->text().contains(QStringLiteral("Holds in this run")));
    QTest::mouseClick(summary, Qt::LeftButton); // folded again, as the other tests expect
    QVERIFY(!claims->isVisible());
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
    auto* title = demo->findChild<QLabel*>(QStringLiteral("demoTitle"));
    auto* lookFor = demo->findChild<QLabel*>(QStringLiteral("demoLookFor"));
    auto* claims = demo->findChild<QLabel*>(QStringLiteral("demoClaims"));
    auto* summary = demo->findChild<QToolButton*>(QStringLiteral("demoClaimsSummary"));
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
    page->sideTabs()->setCurrentWidget(page->guideTab());
    QVERIFY(!page->isGuideShown());
    QVERIFY(!page->guideView()->toPlainText().contains(QStringLiteral("What recomputation trades")));
    QCOMPARE(page->sideTabs()->tabText(1), QStringLiteral("Guide")); // not the section's title either

    QTest::keyClick(&window, Qt::Key_2);
    QVERIFY2(shown(), qPrintable(title->text() + lookFor->text() + summary->text()));
    QVERIFY(page->isGuideShown());
    QVERIFY(page->guideView()->toPlainText().contains(QStringLiteral("What recomputation trades")));
    QVERIFY(window.session()->attempts().last().guideOpened.isEmpty());

    window.session()->next(); // covered again for the new question (same demo: its results stay)
    QVERIFY(!demo->resultsTsv().isEmpty());
    QVERIFY(hidden());
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
    QTest::mouseClick(page->optionButton(1), Qt::LeftButton);
    QVERIFY(window.session()->isAnswered(0));
    QTRY_VERIFY(page->optionButton(1)->hasFocus());
    QTest::keyClick(&window, Qt::Key_Return);
    QCOMPARE(window.session()->current(), 1);
    QTest::keyClick(&window, Qt::Key_Return);
    QCOMPARE(window.session()->current(), 1);
    QVERIFY(!window.session()->isAnswered(1));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
    QTest::keyClick(&window, Qt::Key_Return);
    QVERIFY(window.session()->isAnswered(1));
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
            QVERIFY(window.session()->choose(option));
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
        QVERIFY(window.session()->choose(1)); // question 1 right; question 2 left for later
    }
    MainWindow again(fixtures(), ProgressStore(), QStringLiteral("en"));
    QVERIFY(again.openQuiz(Quiz));
    QuizSession* session = again.session();
    QCOMPARE(session->attempts().size(), 2);
    QCOMPARE(session->current(), 1);
    QCOMPARE(session->latestAnswer(1), 0); // still the wrong answer
    QCOMPARE(session->mistakes(), QList<int> {1});
    QVERIFY(session->unanswered().isEmpty());
    QVERIFY(session->choose(3));
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
        QVERIFY(window.session()->choose(option));
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
    QVERIFY(window.session()->choose(window.session()->correctOption(0)));

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
        QVERIFY(window.session()->choose(option));
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
    QCOMPARE(window.session()->chosen(0), window.session()->optionOrder(0)[place]);
    // The button shown at that place is the one marked chosen (right or wrong).
    const QString state = window.questionPage()->optionButton(place)->property("answerState").toString();
    QVERIFY2(state == QLatin1String("right") || state == QLatin1String("wrong"), qPrintable(state));
    // Key N on the next question of the retry chooses the same way.
    window.session()->goTo(1);
    const int keyPlace = differingPlace(1);
    QVERIFY(keyPlace >= 0);
    QTest::keyClick(&window, Qt::Key(Qt::Key_1 + keyPlace));
    QCOMPARE(window.session()->chosen(1), window.session()->optionOrder(1)[keyPlace]);
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
    const int demo = static_cast<int>(
        stops.indexOf(window.demoPanel()->findChild<QPushButton*>(QStringLiteral("runDemo"))));
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
    QVERIFY(window.session()->choose(0)); // wrong: the review will list it
    QVERIFY(link->isVisible());
    QVERIFY2(link->text().contains(QStringLiteral("See also:"))
            && link->text().contains(QStringLiteral("Mini Recompute Quiz, question 2")),
        qPrintable(link->text()));
    emit link->linkActivated(QStringLiteral("seealso:mini-quiz/2"));
    QTRY_COMPARE(window.session()->current(), 1);
    QCOMPARE(window.pages()->currentWidget(), window.questionPage());
    QVERIFY(!link->isVisible()); // question 2 points nowhere and is not answered

    for (int option : {0, 2}) {
        QVERIFY(window.session()->choose(option));
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
