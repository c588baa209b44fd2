#include "mainwindow.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QRegularExpression>
#include <QScreen>
#include <QStackedWidget>
#include <QStatusBar>
#include <QUrl>
#include <QVBoxLayout>

#include "appicon.h"
#include "demo/demopanel.h"
#include "glossarydialog.h"
#include "packdialog.h"
#include "pages/contenttext.h"
#include "pages/noticebanner.h"
#include "pages/questionlistpage.h"
#include "pages/questionpage.h"
#include "pages/resultspage.h"
#include "pages/startpage.h"
#include "planner/plannerpage.h"
#include "quizrecord.h"
#include "quizsession.h"
#include "reviewschedule.h"
#include "searchdialog.h"
#include "tones.h"
#include "windowdialogs.h"

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
    central->setStyleSheet(buttonStyleSheet());
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
    showPage(m_session->isFinished() ? static_cast<QWidget*>(m_results) : m_question);
    return true;
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
    if (m_pages->currentWidget() != m_planner)
        m_beforePlanner = m_pages->currentWidget();
    showPage(m_planner);
}

DemoPanel* MainWindow::demoPanel() const
{
    return m_question->demoPanel();
}

QAction* MainWindow::languageAction(const QString& code) const
{
    for (QAction* action : m_languages->actions())
        if (action->data().toString() == code)
            return action;
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
    m_openPacksFolder = add(m_fileMenu, QKeySequence(), this, [this] {
        const QString folder = ContentLibrary::userPackFolder();
        QDir().mkpath(folder);
        if (!QDesktopServices::openUrl(QUrl::fromLocalFile(folder)))
            statusBar()->showMessage(
                tr("Your packs folder is %1.").arg(QDir::toNativeSeparators(folder)), 10000);
    });
    m_reloadContent = add(m_fileMenu, QKeySequence(Qt::Key_F5), this, [this] {
        reloadContent();
        statusBar()->showMessage(tr("Content reloaded."), 5000);
    });
    m_removePack = add(m_fileMenu, QKeySequence(), this, [this] { removePackWithDialog(); });
    m_removePack->setObjectName(QStringLiteral("removePack"));
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
    m_search = add(m_quizMenu, QKeySequence::Find, this, [this] {
        SearchDialog dialog(m_content, this);
        connect(&dialog, &SearchDialog::hitChosen, this, &MainWindow::openSearchHit);
        dialog.exec();
    });
    m_search->setObjectName(QStringLiteral("searchContent"));

    m_languageMenu = menuBar()->addMenu(QString());
    m_languages = new QActionGroup(this);
    fillLanguageMenu();
    // The same key in every language: the menu's Alt letter is the translation's (Alt+Я in Russian).
    m_chooseLanguage = new QAction(this);
    m_chooseLanguage->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_chooseLanguage->setShortcutContext(Qt::WindowShortcut);
    addAction(m_chooseLanguage);
    connect(m_chooseLanguage, &QAction::triggered, this,
        [this] { menuBar()->setActiveAction(m_languageMenu->menuAction()); });

    m_helpMenu = menuBar()->addMenu(QString());
    m_shortcuts = add(m_helpMenu, QKeySequence::HelpContents, this, [this] { showShortcuts(); });
    m_glossary = add(m_helpMenu, QKeySequence(), this, [this] {
        GlossaryDialog dialog(m_library->packFolders().value(0), m_language.current(), this);
        dialog.exec();
    });
    m_glossary->setObjectName(QStringLiteral("showGlossary"));
    m_about = add(m_helpMenu, QKeySequence(), this, [this] { showAboutBox(this); });
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
        m_question->showGuide();
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
    const QStringList opened = m_library->openedPacks();
    if (opened.isEmpty())
        return;
    QStringList names;
    for (const QString& pack : opened)
        names << QDir::toNativeSeparators(pack);
    QString chosen = opened.constFirst();
    if (opened.size() > 1) {
        bool ok = false;
        const QString name = QInputDialog::getItem(
            this, tr("Remove pack"), tr("Which pack do you want to remove?"), names, 0, false, &ok);
        if (!ok)
            return;
        chosen = opened.value(names.indexOf(name));
    }
    const auto answer = QMessageBox::question(this, tr("Remove pack"),
        tr("Remove the pack %1 from the app? Its files stay where they are, and your answers to its "
           "quizzes are kept for when you open it again.")
            .arg(QDir::toNativeSeparators(chosen)),
        QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer == QMessageBox::Yes)
        removePack(chosen);
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
    m_openPacksFolder->setText(tr("Open the packs &folder"));
    m_openPacksFolder->setToolTip(tr("The folder where packs you drop in are loaded from at every start."));
    m_reloadContent->setText(tr("Re&load content"));
    m_removePack->setText(tr("&Remove pack…"));
    m_removePack->setToolTip(
        tr("Take a pack you opened out of the app again; its files and your answers stay."));
    m_quit->setText(tr("&Quit"));
    m_quizMenu->setTitle(tr("&Quiz"));
    m_backToQuizzes->setText(tr("Back to &quizzes"));
    m_allQuestions->setText(tr("View &all questions"));
    m_previous->setText(tr("&Previous question"));
    m_next->setText(tr("&Next question"));
    m_runDemo->setText(tr("&Run the demo"));
    m_retryWrong->setText(tr("Retry the &wrong ones"));
    m_openPlanner->setText(tr("Plan your own mo&del…"));
    m_search->setText(tr("&Search questions and guides…"));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_shortcuts->setText(tr("&Keyboard shortcuts"));
    m_glossary->setText(tr("&Glossary"));
    m_about->setText(tr("&About Recompute Lab"));
    m_aboutQt->setText(tr("About &Qt"));
    m_chooseLanguage->setText(tr("Open the Language menu"));
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
    m_removePack->setEnabled(!m_library->openedPacks().isEmpty());
    const bool onQuestion = m_pages->currentWidget() == m_question;
    const bool inQuiz = m_session->current() >= 0;
    m_backToQuizzes->setEnabled(m_pages->currentWidget() != m_start);
    m_allQuestions->setEnabled(inQuiz);
    m_previous->setEnabled(onQuestion && (m_session->positionInRound() > 0));
    m_next->setEnabled(onQuestion);
    m_runDemo->setEnabled(onQuestion && !demoPanel()->presetId().isEmpty() && !demoPanel()->isRunning());
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
        tr("Enter: confirm the option you moved to, or go to the next question once answered, wherever "
           "the focus is"),
        tr("Enter in a demo size field or the prediction: run the demo"),
        tr("Space: press the focused button"),
        tr("%1: %2").arg(
            m_chooseLanguage->shortcut().toString(QKeySequence::NativeText), m_chooseLanguage->text())};
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
