#include "mainwindow.h"

#include <algorithm>

#include <QAction>
#include <QCloseEvent>
#include <QEvent>
#include <QFileInfo>
#include <QGuiApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScreen>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>

#include "demo/model/livefigures.h"
#include "demo/view/demopanel.h"
#include "planner/view/plannerpage.h"
#include "quiz/model/quizrecord.h"
#include "quiz/model/quizsession.h"
#include "quiz/model/reviewschedule.h"
#include "quiz/view/questionlistpage.h"
#include "quiz/view/questionpage.h"
#include "quiz/view/resultspage.h"
#include "quiz/view/startpage.h"
#include "view/contenttext.h"
#include "view/noticebanner.h"
#include "view/tones.h"
#include "view/wheelguard.h"
#include "window/appicon.h"
#include "window/glossarydialog.h"
#include "window/searchdialog.h"
#include "window/windowdialogs.h"
#include "window/windowmenus.h"

using rlab::app::InterfaceLanguage;
using rlab::demo::LiveFigures;
using rlab::quiz::ContentLibrary;
using rlab::quiz::ProgressStore;
using rlab::quiz::QuizProgress;
using rlab::quiz::QuizSession;
using rlab::quiz::QuizStandings;
using rlab::quiz::SavedAttempt;
namespace ReviewSchedule = rlab::quiz::ReviewSchedule;
using rlab::quiz::beginFromProgress;
using rlab::quiz::progressOf;
using rlab::quiz::questionId;
using rlab::quiz::scheduleEarlierMistakes;
using rlab::quiz::SearchHit;

namespace {
// A session's view as it begins: the store's, but for an attempt it starts now (a change to save).
QuizProgress begunView(QuizProgress view, const QuizProgress& stored)
{
    view.attempts.removeIf([&](const SavedAttempt& attempt) {
        return !attempt.id.isEmpty()
            && std::none_of(stored.attempts.cbegin(), stored.attempts.cend(),
                [&](const SavedAttempt& saved) { return saved.id == attempt.id; });
    });
    return view;
}

const QString ContentNotice = QStringLiteral("content");
const QString ProgressNotice = QStringLiteral("progress");
const QString PackNotice = QStringLiteral("pack");
const QString WindowGeometry = QStringLiteral("geometry");
const QString WindowPlace = QStringLiteral("place"); // JSON: {quiz, question, explore, demoSizes}
} // namespace

MainWindow::MainWindow(
    const QString& contentRoot, ProgressStore progress, const QString& language, QWidget* parent)
    : MainWindow(new ContentLibrary(contentRoot), std::move(progress), language, parent)
{
}

MainWindow::MainWindow(
    ContentLibrary* library, ProgressStore progress, const QString& language, QWidget* parent)
    : QMainWindow(parent)
    , m_library(library)
    , m_progress(std::move(progress))
    , m_clock([] { return QDateTime::currentDateTime(); })
    , m_session(new QuizSession(this))
    , m_figures(new LiveFigures(this))
    , m_banner(new NoticeBanner(this))
    , m_pages(new QStackedWidget(this))
    , m_start(new StartPage(*m_figures, this))
    , m_question(new QuestionPage(m_session, *m_figures, this))
    , m_list(new QuestionListPage(m_session, *m_figures, this))
    , m_results(new ResultsPage(m_session, *m_figures, this))
    , m_planner(new PlannerPage(this))
    , m_menus(new WindowMenus(this))
{
    m_library->setParent(this);
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(applicationIcon());
    setMinimumSize(640, 480);
    m_pages->addWidget(m_start);
    m_pages->addWidget(m_question);
    m_pages->addWidget(m_list);
    m_pages->addWidget(m_results);
    m_pages->addWidget(m_planner);
    guardWheel(m_pages); // the wheel reads on; it changes only a value clicked into first

    auto* central = new QWidget(this);
    central->setStyleSheet(buttonStyleSheet());
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->setSpacing(6);
    layout->addWidget(m_banner);
    layout->addWidget(m_pages, 1);
    setCentralWidget(central);
    statusBar()->setSizeGripEnabled(true);
    connectMenus();

    connect(m_start, &StartPage::openRequested, this, &MainWindow::openQuiz);
    connect(m_start, &StartPage::reviewRequested, this, &MainWindow::startReview);
    connect(m_start, &StartPage::resetRequested, this, [this](const QString& quizId) {
        if (confirmStartOver(this) && openQuiz(quizId))
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
    connect(m_question, &QuestionPage::plannerViewRequested, this,
        [this](const rlab::planner::Scenario& view, const QString& from) {
            showPlanner();
            m_planner->showView(view, from);
            m_planner->showCluster();
        });
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
}

MainWindow::~MainWindow() = default;

bool MainWindow::setLanguage(const QString& code)
{
    if (!m_library->offers(code))
        return false;
    // Content first: the LanguageChange events that the translator sends re-render the pages.
    loadContent(code);
    m_language.install(code);
    m_menus->setLanguages(m_library->languages(), m_language.current());
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
    m_sessionSavedQuiz.clear(); // the session begins anew (and saves from its first view)
    beginFromProgress(*m_session, *quiz, m_progress.quiz(quizId));
    showPage(m_session->isFinished() ? static_cast<QWidget*>(m_results) : m_question);
    return true;
}

bool MainWindow::restorePlace()
{
    const QJsonObject place = QJsonDocument::fromJson(m_progress.windowLayout(WindowPlace)).object();
    m_question->demoPanel()->setRunsToRepeat(place.value(QStringLiteral("demoSizes")).toObject());
    const QString quizId = place.value(QStringLiteral("quiz")).toString();
    const rlab::content::Quiz* quiz = m_content.quiz(quizId.toStdString());
    if (!quiz || !openQuiz(quizId))
        return false;
    const std::string wanted = place.value(QStringLiteral("question")).toString().toStdString();
    for (int k = 0; k < static_cast<int>(quiz->questions.size()); ++k) {
        if (quiz->questions[static_cast<std::size_t>(k)].id != wanted)
            continue;
        showQuestion(k);
        if (place.value(QStringLiteral("explore")).toBool())
            m_question->showExplore();
        return true;
    }
    return true; // the quiz, where its session resumes: the question is gone from the content
}

bool MainWindow::startReview(const QString& quizId)
{
    const QuizStandings today = standings();
    const QString chosen = quizId.isEmpty() ? today.firstQuizWithDue() : quizId;
    if (today.due(chosen).isEmpty() || !openQuiz(chosen))
        return false;
    m_session->review(today.due(chosen));
    return true;
}

void MainWindow::setClock(std::function<QDateTime()> clock)
{
    m_clock = std::move(clock);
    m_session->setClock(m_clock);
    refreshQuizzes();
}

QuizStandings MainWindow::standings() const
{
    return QuizStandings(m_content, m_progress, m_clock().date());
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

void MainWindow::showQuizzes()
{
    refreshQuizzes();
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
    if (m_pages->currentWidget() != m_planner) {
        m_beforePlanner = m_pages->currentWidget();
        m_planner->clearView(); // opened by itself; a question's view sets its note after this
    }
    showPage(m_planner);
}

DemoPanel* MainWindow::demoPanel() const
{
    return m_question->demoPanel();
}

QAction* MainWindow::languageAction(const QString& code) const
{
    return m_menus->languageAction(code);
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
    QJsonObject place;
    const rlab::content::Quiz* quiz = m_content.quiz(m_session->quizId().toStdString());
    const QWidget* page = m_pages->currentWidget();
    if (quiz && m_session->current() >= 0 && (page == m_question || page == m_results || page == m_list)) {
        place[QStringLiteral("quiz")] = m_session->quizId();
        place[QStringLiteral("question")] = questionId(*quiz, m_session->current());
        place[QStringLiteral("explore")] = page == m_question && m_question->isExploreShown();
    }
    place[QStringLiteral("demoSizes")] = m_question->demoPanel()->lastRunSizes();
    m_progress.setWindowLayout(WindowPlace, QJsonDocument(place).toJson(QJsonDocument::Compact));
    if (!m_progress.save())
        reportProgressProblem();
}

bool MainWindow::openPack(const QString& folderOrArchive)
{
    if (const QString problem = m_library->openPack(folderOrArchive); !problem.isEmpty()) {
        m_banner->setNotice(PackNotice, problem);
        return false;
    }
    QStringList before;
    for (const auto& quiz : m_content.quizzes)
        before << fromUtf8(quiz.id);
    m_banner->clearNotice(PackNotice);
    reloadContent();
    // Say what came, and show it: the new quizzes marked on the start page, the first in view.
    QStringList added;
    QStringList titles;
    for (const auto& quiz : m_content.quizzes) {
        if (!before.contains(fromUtf8(quiz.id))) {
            added << fromUtf8(quiz.id);
            titles << fromUtf8(quiz.title.value);
        }
    }
    const QString name = QFileInfo(folderOrArchive).fileName();
    const QString said = added.isEmpty()
        ? tr("Opened the pack %1; it adds no quiz that is not already here.").arg(name)
        : tr("Opened the pack %1: %n new quiz(zes), %2.", nullptr, int(added.size()))
              .arg(name, titles.join(QStringLiteral(", ")));
    statusBar()->showMessage(said, 10000);
    m_banner->setNotice(PackNotice, said);
    showQuizzes();
    m_start->markNew(added);
    updateActions(); // Remove pack… has a pack to remove
    return true;
}

void MainWindow::openSearchHit(const SearchHit& hit)
{
    if (!openQuiz(hit.quizId))
        return;
    showQuestion(hit.question);
    if (hit.kind == SearchHit::Kind::GuideSection)
        m_question->readGuide();
}

bool MainWindow::removePack(const QString& folderOrArchive)
{
    if (!m_library->removePack(folderOrArchive))
        return false;
    const QString quiz = m_session->quizId();
    m_banner->clearNotice(PackNotice);
    reloadContent();
    if (!quiz.isEmpty() && !m_content.quiz(quiz.toStdString()))
        showQuizzes(); // its quiz went with it
    statusBar()->showMessage(tr("Removed the pack %1.").arg(QFileInfo(folderOrArchive).fileName()), 10000);
    updateActions();
    return true;
}

void MainWindow::removePackWithDialog()
{
    if (const QString chosen = choosePackToRemove(this, m_library->openedPacks()); !chosen.isEmpty())
        removePack(chosen);
}

void MainWindow::reloadContent()
{
    const QString code
        = m_library->offers(m_language.current()) ? m_language.current() : QStringLiteral("en");
    loadContent(code);
    if (code != m_language.current())
        m_language.install(code);
    m_menus->setLanguages(m_library->languages(), m_language.current());
    retranslate();
}

void MainWindow::retranslate()
{
    m_menus->retranslate();
    updateWindowTitle();
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
    m_figures->setContent(m_content); // the texts' figures name these presets
    scheduleEarlierMistakes(m_content, m_progress, m_clock().date());
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
    const QuizStandings today = standings();
    m_start->setQuizzes(&m_content, today.standings());
    const QList<int> hereDue = today.due(m_session->quizId());
    m_results->setDueQuestions(hereDue);
    // The button reviews this quiz's due questions when it has some, else every quiz's: it counts those.
    m_results->setReviewsDue(hereDue.isEmpty() ? today.dueCount() : static_cast<int>(hereDue.size()));
}

void MainWindow::saveAnswers()
{
    const rlab::content::Quiz* quiz = m_content.quiz(m_session->quizId().toStdString());
    if (!quiz)
        return;
    // Only what this session changed since its last save: the whole view would take answers another
    // window saved (merged in by that save, unseen here) and retired questions' answers for removed.
    const QuizProgress stored = m_progress.quiz(m_session->quizId());
    const QuizProgress now = progressOf(*m_session, *quiz, stored);
    if (m_sessionSavedQuiz != m_session->quizId())
        m_sessionSaved = begunView(now, stored);
    m_progress.updateQuiz(m_session->quizId(), m_sessionSaved, now);
    m_sessionSaved = now;
    m_sessionSavedQuiz = m_session->quizId();
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
    updateWindowTitle();
    updateActions();
}

void MainWindow::updateWindowTitle()
{
    const rlab::content::Quiz* quiz = m_content.quiz(m_session->quizId().toStdString());
    if (m_pages->currentWidget() == m_planner)
        setWindowTitle(tr("Planner — Recompute Lab"));
    else if (m_pages->currentWidget() == m_start || !quiz)
        setWindowTitle(tr("Recompute Lab"));
    else
        setWindowTitle(tr("%1 — Recompute Lab").arg(fromUtf8(quiz->title.value)));
}

void MainWindow::updateActions()
{
    WindowMenus::State state;
    state.packsOpened = !m_library->openedPacks().isEmpty();
    state.onStartPage = m_pages->currentWidget() == m_start;
    state.onQuestion = m_pages->currentWidget() == m_question;
    state.inQuiz = m_session->current() >= 0;
    state.hasPrevious = m_session->positionInRound() > 0;
    state.canRunDemo = (!demoPanel()->presetId().isEmpty() && !demoPanel()->isRunning())
        || m_question->hasPlannerView(); // R opens the question's Planner view
    state.allCorrect = m_session->score() >= m_session->questionCount();
    m_menus->update(state);
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
    return m_menus->shortcutsText();
}

void MainWindow::connectMenus()
{
    connect(m_menus, &WindowMenus::packChosen, this, &MainWindow::openPack);
    connect(m_menus, &WindowMenus::reloadRequested, this, &MainWindow::reloadContent);
    connect(m_menus, &WindowMenus::removePackRequested, this, &MainWindow::removePackWithDialog);
    connect(m_menus, &WindowMenus::backToQuizzesRequested, this, &MainWindow::showQuizzes);
    connect(m_menus, &WindowMenus::allQuestionsRequested, this, &MainWindow::showAllQuestions);
    connect(m_menus, &WindowMenus::previousRequested, m_session, &QuizSession::previous);
    connect(m_menus, &WindowMenus::nextRequested, m_session, &QuizSession::next);
    connect(m_menus, &WindowMenus::runDemoRequested, m_question, &QuestionPage::runDemo);
    connect(m_menus, &WindowMenus::retryWrongRequested, m_session, &QuizSession::retryWrong);
    connect(m_menus, &WindowMenus::plannerRequested, this, &MainWindow::showPlanner);
    connect(m_menus, &WindowMenus::languageChosen, this, &MainWindow::setLanguage);
    connect(m_menus, &WindowMenus::searchRequested, this, [this] {
        SearchDialog dialog(m_content, this);
        connect(&dialog, &SearchDialog::hitChosen, this, &MainWindow::openSearchHit);
        dialog.exec();
    });
    connect(m_menus, &WindowMenus::glossaryRequested, this, [this] {
        GlossaryDialog dialog(m_library->packFolders().value(0), m_language.current(), this);
        dialog.exec();
    });
    updateActions();
}
