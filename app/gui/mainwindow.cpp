#include "mainwindow.h"

#include <algorithm>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QEvent>
#include <QMenuBar>
#include <QMessageBox>
#include <QRegularExpression>
#include <QScreen>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>

#include "appicon.h"
#include "contenttext.h"
#include "demopanel.h"
#include "noticebanner.h"
#include "packdialog.h"
#include "plannerpage.h"
#include "questionlistpage.h"
#include "questionpage.h"
#include "quizrecord.h"
#include "quizsession.h"
#include "resultspage.h"
#include "reviewschedule.h"
#include "startpage.h"

namespace {
const QString ContentNotice = QStringLiteral("content");
const QString ProgressNotice = QStringLiteral("progress");
const QString PackNotice = QStringLiteral("pack");
const QString WindowGeometry = QStringLiteral("geometry");
const QString QuestionSplit = QStringLiteral("question-split");
} // namespace

MainWindow::MainWindow(
    const QString& contentRoot, ProgressStore progress, const QString& language, QWidget* parent)
    : QMainWindow(parent)
    , m_library(new ContentLibrary(contentRoot, this))
    , m_progress(std::move(progress))
    , m_clock([] { return QDateTime::currentDateTime(); })
    , m_session(new QuizSession(this))
    , m_banner(new NoticeBanner(this))
    , m_pages(new QStackedWidget(this))
    , m_start(new StartPage(this))
    , m_question(new QuestionPage(m_session, this))
    , m_list(new QuestionListPage(m_session, this))
    , m_results(new ResultsPage(m_session, this))
    , m_planner(new PlannerPage(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(applicationIcon());
    setMinimumSize(640, 480);
    m_pages->addWidget(m_start);
    m_pages->addWidget(m_question);
    m_pages->addWidget(m_list);
    m_pages->addWidget(m_results);
    m_pages->addWidget(m_planner);

    auto* central = new QWidget(this);
    // Keyboard focus is drawn plainly on every button: some styles draw it faintly or not at all.
    // Every state has the same outer size, so a focused button never cuts its text short.
    central->setStyleSheet(
        QStringLiteral("QPushButton { border: 1px solid palette(mid); border-radius: 4px; padding: 4px 12px;"
                       " background: palette(button); }"
                       "QPushButton:hover { border-color: palette(highlight); }"
                       "QPushButton:pressed { background: palette(midlight); }"
                       "QPushButton:disabled { color: palette(mid); }"
                       "QPushButton:focus { border: 2px solid palette(highlight); padding: 3px 11px; }"));
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->setSpacing(6);
    layout->addWidget(m_banner);
    layout->addWidget(m_pages, 1);
    setCentralWidget(central);
    statusBar()->setSizeGripEnabled(true);
    createMenus();

    connect(m_start, &StartPage::openRequested, this, &MainWindow::openQuiz);
    connect(m_start, &StartPage::reviewRequested, this, &MainWindow::startReview);
    connect(m_start, &StartPage::resetRequested, this, [this](const QString& quizId) {
        const auto answer = QMessageBox::question(this, tr("Start over"),
            tr("Clear every answer of this quiz and start again? Your earlier attempts stay in its history."),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer == QMessageBox::Yes && openQuiz(quizId))
            m_session->restart();
    });
    // The open quiz's due questions first, then the other quizzes'.
    connect(m_results, &ResultsPage::reviewRequested, this, [this] {
        if (!startReview(m_session->quizId()))
            startReview({});
    });
    connect(m_question, &QuestionPage::backRequested, this, &MainWindow::showQuizzes);
    connect(m_question, &QuestionPage::showAllRequested, this, &MainWindow::showAllQuestions);
    connect(m_list, &QuestionListPage::backRequested, this,
        [this] { showPage(m_session->isFinished() ? static_cast<QWidget*>(m_results) : m_question); });
    connect(m_list, &QuestionListPage::questionChosen, this, &MainWindow::showQuestion);
    connect(m_results, &ResultsPage::questionChosen, this, &MainWindow::showQuestion);
    connect(m_results, &ResultsPage::backRequested, this, &MainWindow::showQuizzes);
    // "See also": the other quiz, at the question on the same point (its progress is kept as saved).
    const auto seeAlso = [this](const QString& quizId, int question) {
        if (openQuiz(quizId))
            showQuestion(question);
    };
    // Queued: the link's label or browser is rewritten by the switch, not from inside its own click.
    connect(m_question, &QuestionPage::seeAlsoRequested, this, seeAlso, Qt::QueuedConnection);
    connect(m_results, &ResultsPage::seeAlsoRequested, this, seeAlso, Qt::QueuedConnection);
    connect(m_results, &ResultsPage::guideChosen, this, [this](int question) {
        showQuestion(question);
        m_question->showGuide();
    });
    connect(m_session, &QuizSession::currentChanged, this, [this] {
        if (!m_session->isFinished() && m_session->current() >= 0)
            showPage(m_question);
        updateActions();
    });
    connect(m_session, &QuizSession::roundChanged, this, &MainWindow::updateActions);
    connect(m_session, &QuizSession::finished, this, [this] { showPage(m_results); });
    connect(m_session, &QuizSession::answered, this, &MainWindow::scheduleReview);
    connect(m_session, &QuizSession::answersChanged, this, &MainWindow::saveAnswers);
    connect(m_question->demoPanel(), &DemoPanel::runningChanged, this, &MainWindow::updateActions);
    connect(m_start, &StartPage::plannerRequested, this, &MainWindow::showPlanner);
    connect(m_question->demoPanel(), &DemoPanel::plannerRequested, this, &MainWindow::showPlanner);
    connect(m_planner, &PlannerPage::backRequested, this,
        [this] { showPage(m_beforePlanner ? m_beforePlanner : static_cast<QWidget*>(m_start)); });

    m_progress.load();
    reportProgressProblem();
    connect(m_library, &ContentLibrary::changed, this, &MainWindow::reloadContent);
    const QStringList offered = m_library->languages();
    QString code = language;
    if (!offered.contains(code))
        code = m_progress.language();
    if (!offered.contains(code))
        code = InterfaceLanguage::systemDefault(offered);
    setLanguage(code);
    showQuizzes();
    // Where the learner left it; else roomy, but never larger than the screen it opens on.
    if (!restoreGeometry(m_progress.windowLayout(WindowGeometry))) {
        QSize size(1280, 800);
        if (const QScreen* screen = QGuiApplication::primaryScreen())
            size = size.boundedTo(screen->availableSize() * 9 / 10);
        resize(size);
    }
    m_question->restoreSplitterState(m_progress.windowLayout(QuestionSplit));
}

MainWindow::~MainWindow() = default;

bool MainWindow::setLanguage(const QString& code)
{
    if (!m_library->offers(code))
        return false;
    // Content first: the LanguageChange events that the translator sends re-render the pages.
    loadContent(code);
    m_language.install(code);
    fillLanguageMenu();
    if (m_progress.language() != code) {
        m_progress.setLanguage(code);
        if (!m_progress.save())
            reportProgressProblem();
    }
    retranslate();
    return true;
}

bool MainWindow::openQuiz(const QString& quizId)
{
    const rlab::content::Quiz* quiz = m_content.quiz(quizId.toStdString());
    if (!quiz)
        return false;
    beginFromProgress(*m_session, *quiz, m_progress.quiz(quizId));
    setWindowTitle(tr("%1 — Recompute Lab").arg(fromUtf8(quiz->title.value)));
    showPage(m_session->isFinished() ? static_cast<QWidget*>(m_results) : m_question);
    return true;
}

bool MainWindow::startReview(const QString& quizId)
{
    const QHash<QString, QList<int>> due = dueQuestions();
    QString chosen = quizId;
    if (chosen.isEmpty()) {
        for (const auto& quiz : m_content.quizzes) {
            if (!due.value(fromUtf8(quiz.id)).isEmpty()) {
                chosen = fromUtf8(quiz.id);
                break;
            }
        }
    }
    if (due.value(chosen).isEmpty() || !openQuiz(chosen))
        return false;
    m_session->review(due.value(chosen));
    return true;
}

void MainWindow::setClock(std::function<QDateTime()> clock)
{
    m_clock = std::move(clock);
    m_session->setClock(m_clock);
    refreshQuizzes();
}

QHash<QString, QList<int>> MainWindow::dueQuestions() const
{
    QHash<QString, QList<int>> due;
    const QDate today = m_clock().date();
    for (const auto& quiz : m_content.quizzes) {
        const QString id = fromUtf8(quiz.id);
        QList<int> questions;
        for (const QString& question : ReviewSchedule::due(m_progress.quiz(id).review, today)) {
            const int index = questionIndex(quiz, question);
            if (index >= 0)
                questions.append(index);
        }
        std::sort(questions.begin(), questions.end());
        if (!questions.isEmpty())
            due.insert(id, questions);
    }
    return due;
}

void MainWindow::scheduleReview(int question, int, bool correct)
{
    const rlab::content::Quiz* quiz = m_content.quiz(m_session->quizId().toStdString());
    if (!quiz)
        return;
    QuizProgress saved = m_progress.quiz(m_session->quizId());
    ReviewSchedule::record(saved.review, questionId(*quiz, question), correct, m_clock().date());
    m_progress.setQuiz(m_session->quizId(), saved); // saved with the answer (answersChanged follows)
}

// Answers given wrongly before the schedule existed (format 1) are due from the day they are seen.
void MainWindow::scheduleEarlierMistakes()
{
    for (const auto& quiz : m_content.quizzes) {
        const QString id = fromUtf8(quiz.id);
        QuizProgress saved = m_progress.quiz(id);
        bool added = false;
        for (int i = 0; i < static_cast<int>(quiz.questions.size()); ++i) {
            const QString question = questionId(quiz, i);
            const QString answer = saved.answers.value(question);
            if (!answer.isEmpty()
                && optionIndex(quiz, i, answer) != quiz.questions[static_cast<std::size_t>(i)].answer
                && !saved.review.contains(question)) {
                saved.review.insert(question, ReviewCard {1, m_clock().date()});
                added = true;
            }
        }
        if (added)
            m_progress.setQuiz(id, saved);
    }
}

void MainWindow::showQuizzes()
{
    refreshQuizzes();
    setWindowTitle(tr("Recompute Lab"));
    showPage(m_start);
}

void MainWindow::showQuestion(int question)
{
    if (m_session->goTo(question))
        showPage(m_question);
}

void MainWindow::showAllQuestions()
{
    if (m_session->current() < 0)
        return;
    m_list->render();
    showPage(m_list);
}

void MainWindow::showPlanner()
{
    if (m_pages->currentWidget() != m_planner)
        m_beforePlanner = m_pages->currentWidget();
    setWindowTitle(tr("Planner — Recompute Lab"));
    showPage(m_planner);
}

DemoPanel* MainWindow::demoPanel() const
{
    return m_question->demoPanel();
}

QAction* MainWindow::languageAction(const QString& code) const
{
    for (QAction* action : m_languages->actions()) {
        if (action->data().toString() == code)
            return action;
    }
    return nullptr;
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveWindowLayout();
    QMainWindow::closeEvent(event);
}

void MainWindow::saveWindowLayout()
{
    m_progress.setWindowLayout(WindowGeometry, saveGeometry());
    m_progress.setWindowLayout(QuestionSplit, m_question->splitterState());
    if (!m_progress.save())
        reportProgressProblem();
}

void MainWindow::createMenus()
{
    // One helper instead of QMenu::addAction overloads, whose shortcut forms changed across Qt 6.
    auto add = [](QMenu* menu, const QKeySequence& shortcut, const QObject* receiver, auto slot) {
        QAction* action = menu->addAction(QString());
        action->setShortcut(shortcut);
        connect(action, &QAction::triggered, receiver, slot);
        return action;
    };
    m_fileMenu = menuBar()->addMenu(QString());
    m_openPack = add(m_fileMenu, QKeySequence::Open, this, [this] {
        PackDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted && !dialog.chosen().isEmpty())
            openPack(dialog.chosen());
    });
    m_fileMenu->addSeparator();
    m_quit = add(m_fileMenu, QKeySequence::Quit, this, [this] { close(); });

    m_quizMenu = menuBar()->addMenu(QString());
    m_backToQuizzes = add(m_quizMenu, QKeySequence(Qt::CTRL | Qt::Key_Home), this, [this] { showQuizzes(); });
    m_allQuestions
        = add(m_quizMenu, QKeySequence(Qt::CTRL | Qt::Key_L), this, [this] { showAllQuestions(); });
    m_quizMenu->addSeparator();
    m_previous = add(m_quizMenu, QKeySequence(Qt::Key_Left), m_session, [this] { m_session->previous(); });
    m_next = add(m_quizMenu, QKeySequence(Qt::Key_Right), m_session, [this] { m_session->next(); });
    m_runDemo = add(m_quizMenu, QKeySequence(Qt::Key_R), m_question, [this] { m_question->runDemo(); });
    m_quizMenu->addSeparator();
    m_retryWrong = add(m_quizMenu, QKeySequence(), m_session, [this] { m_session->retryWrong(); });
    m_quizMenu->addSeparator();
    m_openPlanner = add(m_quizMenu, QKeySequence(Qt::CTRL | Qt::Key_P), this, [this] { showPlanner(); });

    m_languageMenu = menuBar()->addMenu(QString());
    m_languages = new QActionGroup(this);
    fillLanguageMenu();

    m_helpMenu = menuBar()->addMenu(QString());
    m_shortcuts = add(m_helpMenu, QKeySequence::HelpContents, this, [this] { showShortcuts(); });
    m_about = add(m_helpMenu, QKeySequence(), this, [this] { showAbout(); });
    m_aboutQt = add(m_helpMenu, QKeySequence(), qApp, [] { QApplication::aboutQt(); });
    updateActions();
}

void MainWindow::fillLanguageMenu()
{
    // Rebuilt when packs bring or take a language: one is offered once some content exists in it.
    const QStringList codes = m_library->languages();
    QStringList shown;
    for (const QAction* action : m_languages->actions())
        shown << action->data().toString();
    if (shown == codes) {
        for (QAction* action : m_languages->actions())
            action->setChecked(action->data().toString() == m_language.current());
        return;
    }
    for (QAction* action : m_languages->actions())
        delete action;
    for (const QString& code : codes) {
        QAction* action = m_languageMenu->addAction(InterfaceLanguage::nativeName(code));
        action->setData(code);
        action->setCheckable(true);
        action->setChecked(code == m_language.current());
        m_languages->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { setLanguage(code); });
    }
}

bool MainWindow::openPack(const QString& folderOrArchive)
{
    if (const QString problem = m_library->openPack(folderOrArchive); !problem.isEmpty()) {
        m_banner->setNotice(PackNotice, problem);
        return false;
    }
    m_banner->clearNotice(PackNotice);
    reloadContent();
    return true;
}

void MainWindow::setWatchingContent(bool on)
{
    m_library->setWatching(on);
}

void MainWindow::reloadContent()
{
    const QString code
        = m_library->offers(m_language.current()) ? m_language.current() : QStringLiteral("en");
    loadContent(code);
    if (code != m_language.current())
        m_language.install(code);
    fillLanguageMenu();
    retranslate();
}

void MainWindow::retranslate()
{
    m_fileMenu->setTitle(tr("&File"));
    m_openPack->setText(tr("&Open pack…"));
    m_quit->setText(tr("&Quit"));
    m_quizMenu->setTitle(tr("&Quiz"));
    m_backToQuizzes->setText(tr("Back to &quizzes"));
    m_allQuestions->setText(tr("View &all questions"));
    m_previous->setText(tr("&Previous question"));
    m_next->setText(tr("&Next question"));
    m_runDemo->setText(tr("&Run the demo"));
    m_retryWrong->setText(tr("Retry the &wrong ones"));
    m_openPlanner->setText(tr("Plan your own mo&del…"));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_shortcuts->setText(tr("&Keyboard shortcuts"));
    m_about->setText(tr("&About Recompute Lab"));
    m_aboutQt->setText(tr("About &Qt"));
    const rlab::content::Quiz* quiz = m_content.quiz(m_session->quizId().toStdString());
    if (m_pages->currentWidget() == m_planner)
        setWindowTitle(tr("Planner — Recompute Lab"));
    else if (m_pages->currentWidget() == m_start || !quiz)
        setWindowTitle(tr("Recompute Lab"));
    else
        setWindowTitle(tr("%1 — Recompute Lab").arg(fromUtf8(quiz->title.value)));
    if (!m_content.errors.empty()) {
        QStringList details;
        for (const auto& error : m_content.errors)
            details << fromUtf8(error.toString());
        m_banner->setNotice(ContentNotice,
            tr("Some content could not be loaded; everything else works. %n problem(s):", nullptr,
                static_cast<int>(details.size())),
            details);
    } else {
        m_banner->clearNotice(ContentNotice);
    }
    showProgressProblem();
    refreshQuizzes();
}

void MainWindow::loadContent(const QString& code)
{
    m_content = m_library->load(code);
    // A quiz that no longer loads cannot stay open.
    if (!m_session->quizId().isEmpty() && !m_content.quiz(m_session->quizId().toStdString())) {
        m_session->clear();
        showPage(m_start);
    }
    m_question->setContent(&m_content);
    m_list->setContent(&m_content);
    m_results->setContent(&m_content);
}

void MainWindow::refreshQuizzes()
{
    scheduleEarlierMistakes();
    const QHash<QString, QList<int>> due = dueQuestions();
    QHash<QString, QuizStanding> standings;
    for (const auto& quiz : m_content.quizzes) {
        const QString id = fromUtf8(quiz.id);
        const QuizProgress saved = m_progress.quiz(id);
        // The saved history replayed in a session of its own: the open quiz is left alone.
        QuizSession replay;
        beginFromProgress(replay, quiz, saved);
        QuizStanding standing;
        standing.answered = replay.answeredCount();
        standing.correct = replay.score();
        standing.attempts = static_cast<int>(saved.attempts.size());
        standing.firstTry = replay.firstTryScore();
        standing.best = replay.bestScore();
        standing.due = static_cast<int>(due.value(id).size());
        const rlab::content::Guide* guide = m_content.guide(quiz.guide);
        for (int i = 0; i < static_cast<int>(quiz.questions.size()); ++i) {
            const auto& question = quiz.questions[static_cast<std::size_t>(i)];
            QString topic = fromUtf8(question.guideSection);
            if (guide) {
                for (const auto& section : guide->sections) {
                    if (section.id == question.guideSection)
                        topic = fromUtf8(section.title.value);
                }
            }
            auto at = std::find_if(standing.topics.begin(), standing.topics.end(),
                [&topic](const TopicMastery& known) { return known.topic == topic; });
            if (at == standing.topics.end()) {
                standing.topics.append(TopicMastery {topic, 0, 0});
                at = standing.topics.end() - 1;
            }
            ++at->questions;
            // Mastered: answered right and not waiting for a review.
            if (replay.isCorrect(i) && !due.value(id).contains(i))
                ++at->mastered;
        }
        standings.insert(id, standing);
    }
    m_start->setQuizzes(&m_content, standings);
    m_results->setDueQuestions(due.value(m_session->quizId()));
    int allDue = 0;
    for (const QList<int>& questions : due)
        allDue += static_cast<int>(questions.size());
    // The button reviews this quiz's due questions when it has some, else every quiz's: it counts those.
    const int hereDue = static_cast<int>(due.value(m_session->quizId()).size());
    m_results->setReviewsDue(hereDue > 0 ? hereDue : allDue);
}

void MainWindow::saveAnswers()
{
    const rlab::content::Quiz* quiz = m_content.quiz(m_session->quizId().toStdString());
    if (!quiz)
        return;
    m_progress.setQuiz(
        m_session->quizId(), progressOf(*m_session, *quiz, m_progress.quiz(m_session->quizId())));
    if (!m_progress.save())
        reportProgressProblem();
}

void MainWindow::showPage(QWidget* page)
{
    if (page == m_results || page == m_start)
        refreshQuizzes();
    if (page == m_results)
        m_results->render();
    m_pages->setCurrentWidget(page);
    updateActions();
}

void MainWindow::updateActions()
{
    const bool onQuestion = m_pages->currentWidget() == m_question;
    const bool inQuiz = m_session->current() >= 0;
    m_backToQuizzes->setEnabled(m_pages->currentWidget() != m_start);
    m_allQuestions->setEnabled(inQuiz);
    m_previous->setEnabled(onQuestion && (m_session->positionInRound() > 0));
    m_next->setEnabled(onQuestion);
    m_runDemo->setEnabled(onQuestion && !demoPanel()->isRunning());
    m_retryWrong->setEnabled(inQuiz && m_session->score() < m_session->questionCount());
}

void MainWindow::reportProgressProblem()
{
    if (m_progress.problem().isEmpty())
        return;
    ++m_progressProblems;
    showProgressProblem();
}

void MainWindow::showProgressProblem()
{
    if (m_progress.problem().isEmpty())
        return;
    m_banner->setNotice(ProgressNotice, m_progress.problem(), {}, QString::number(m_progressProblems));
    statusBar()->showMessage(m_progress.problem());
}

QString MainWindow::shortcutsText() const
{
    QStringList lines {tr("1–%1: choose the option with that number").arg(rlab::content::kMostOptions),
        tr("↑ ↓: move between the options"), tr("Tab, Shift+Tab: move between the controls"),
        tr("Enter: confirm the option you moved to, or go to the next question once answered"),
        tr("Enter in the demo: press the focused button; in a size field or the prediction, run the demo"),
        tr("Space: press the focused button")};
    // Every menu item that has a key, in the menus' own words: the list cannot miss one.
    for (QAction* title : menuBar()->actions()) {
        if (!title->menu())
            continue;
        for (QAction* item : title->menu()->actions()) {
            if (item->shortcut().isEmpty())
                continue;
            QString name = item->text();
            name.remove(QRegularExpression(QStringLiteral("&(?=[^&])")))
                .replace(QStringLiteral("&&"), QStringLiteral("&"));
            if (name.endsWith(QChar(0x2026)))
                name.chop(1);
            lines.push_back(tr("%1: %2").arg(item->shortcut().toString(QKeySequence::NativeText), name));
        }
    }
    lines.push_back(tr("Alt+underlined letter: open that menu or go to that field"));
    return lines.join(QLatin1Char('\n'));
}

void MainWindow::showShortcuts()
{
    QMessageBox::information(this, tr("Keyboard shortcuts"), shortcutsText());
}

void MainWindow::showAbout()
{
    // A build that names no address (RLAB_HOMEPAGE_URL empty) shows no links rather than broken ones.
    const QString source = QStringLiteral(RLAB_SOURCE_URL);
    const QString bugs = source + QStringLiteral("/issues");
    const auto link = [](const QString& url) { return QStringLiteral("<a href=\"%1\">%1</a>").arg(url); };
    const QString links = source.isEmpty()
        ? QString()
        : QStringLiteral("<p>%1<br>%2</p>")
              .arg(tr("Source code: %1").arg(link(source)), tr("Report a problem: %1").arg(link(bugs)));
    QMessageBox box(this);
    box.setWindowTitle(tr("About Recompute Lab"));
    box.setIconPixmap(windowIcon().pixmap(64, 64));
    box.setTextFormat(Qt::RichText);
    box.setText(
        QStringLiteral("<h3>Recompute Lab %1</h3>").arg(QApplication::applicationVersion().toHtmlEscaped()));
    box.setInformativeText(
        QStringLiteral("<p>%1</p><p>%2</p>%3")
            .arg(tr("Recompute Lab teaches activation recomputation (gradient checkpointing) with quizzes "
                    "and live demos that train a small GPT-style model and measure its memory and time."),
                tr("Free software under the MIT licence."), links));
    box.setTextInteractionFlags(Qt::TextBrowserInteraction);
    box.setStandardButtons(QMessageBox::Close);
    box.exec();
}
