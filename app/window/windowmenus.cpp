#include "windowmenus.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QRegularExpression>
#include <QStatusBar>
#include <QUrl>

#include "common/interfacelanguage.h"
#include "quiz/model/contentlibrary.h"
#include "rlab/content/content.h"
#include "window/packdialog.h"
#include "window/windowdialogs.h"

using rlab::app::InterfaceLanguage;
using rlab::quiz::ContentLibrary;

namespace {
// The strings keep the main window's translation context, where they were written.
struct MainWindow {
    Q_DECLARE_TR_FUNCTIONS(MainWindow)
};
} // namespace

WindowMenus::WindowMenus(QMainWindow* window)
    : QObject(window)
    , m_window(window)
{
    // One helper instead of QMenu::addAction overloads, whose shortcut forms changed across Qt 6.
    auto add = [this](QMenu* menu, const QKeySequence& shortcut, auto slot) {
        QAction* action = menu->addAction(QString());
        action->setShortcut(shortcut);
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    QMenuBar* bar = window->menuBar();
    m_fileMenu = bar->addMenu(QString());
    m_openPack = add(m_fileMenu, QKeySequence::Open, [this] {
        PackDialog dialog(m_window);
        if (dialog.exec() == QDialog::Accepted && !dialog.chosen().isEmpty())
            emit packChosen(dialog.chosen());
    });
    m_openPacksFolder = add(m_fileMenu, QKeySequence(), [this] {
        const QString folder = ContentLibrary::userPackFolder();
        QDir().mkpath(folder);
        if (!QDesktopServices::openUrl(QUrl::fromLocalFile(folder)))
            m_window->statusBar()->showMessage(
                MainWindow::tr("Your packs folder is %1.").arg(QDir::toNativeSeparators(folder)), 10000);
    });
    m_reloadContent = add(m_fileMenu, QKeySequence(Qt::Key_F5), [this] {
        emit reloadRequested();
        m_window->statusBar()->showMessage(MainWindow::tr("Content reloaded."), 5000);
    });
    m_removePack = add(m_fileMenu, QKeySequence(), &WindowMenus::removePackRequested);
    m_removePack->setObjectName(QStringLiteral("removePack"));
    m_fileMenu->addSeparator();
    m_quit = add(m_fileMenu, QKeySequence::Quit, [this] { m_window->close(); });

    m_quizMenu = bar->addMenu(QString());
    m_backToQuizzes
        = add(m_quizMenu, QKeySequence(Qt::CTRL | Qt::Key_Home), &WindowMenus::backToQuizzesRequested);
    m_allQuestions = add(m_quizMenu, QKeySequence(Qt::CTRL | Qt::Key_L), &WindowMenus::allQuestionsRequested);
    m_quizMenu->addSeparator();
    m_previous = add(m_quizMenu, QKeySequence(Qt::Key_Left), &WindowMenus::previousRequested);
    m_next = add(m_quizMenu, QKeySequence(Qt::Key_Right), &WindowMenus::nextRequested);
    m_runDemo = add(m_quizMenu, QKeySequence(Qt::Key_R), &WindowMenus::runDemoRequested);
    m_quizMenu->addSeparator();
    m_retryWrong = add(m_quizMenu, QKeySequence(), &WindowMenus::retryWrongRequested);
    m_quizMenu->addSeparator();
    m_openPlanner = add(m_quizMenu, QKeySequence(Qt::CTRL | Qt::Key_P), &WindowMenus::plannerRequested);
    m_search = add(m_quizMenu, QKeySequence::Find, &WindowMenus::searchRequested);
    m_search->setObjectName(QStringLiteral("searchContent"));

    m_languageMenu = bar->addMenu(QString());
    m_languages = new QActionGroup(this);
    // The same key in every language: the menu's Alt letter is the translation's (Alt+Я in Russian).
    m_chooseLanguage = new QAction(window);
    m_chooseLanguage->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_chooseLanguage->setShortcutContext(Qt::WindowShortcut);
    window->addAction(m_chooseLanguage);
    connect(m_chooseLanguage, &QAction::triggered, this,
        [this] { m_window->menuBar()->setActiveAction(m_languageMenu->menuAction()); });

    m_helpMenu = bar->addMenu(QString());
    m_shortcuts = add(m_helpMenu, QKeySequence::HelpContents, [this] {
        QMessageBox::information(m_window, MainWindow::tr("Keyboard shortcuts"), shortcutsText());
    });
    m_glossary = add(m_helpMenu, QKeySequence(), &WindowMenus::glossaryRequested);
    m_glossary->setObjectName(QStringLiteral("showGlossary"));
    m_about = add(m_helpMenu, QKeySequence(), [this] { showAboutBox(m_window); });
    m_aboutQt = add(m_helpMenu, QKeySequence(), [] { QApplication::aboutQt(); });
}

void WindowMenus::update(const State& state)
{
    m_removePack->setEnabled(state.packsOpened);
    m_backToQuizzes->setEnabled(!state.onStartPage);
    m_allQuestions->setEnabled(state.inQuiz);
    m_previous->setEnabled(state.onQuestion && state.hasPrevious);
    m_next->setEnabled(state.onQuestion);
    m_runDemo->setEnabled(state.onQuestion && state.canRunDemo);
    m_retryWrong->setEnabled(state.inQuiz && !state.allCorrect);
}

void WindowMenus::setLanguages(const QStringList& codes, const QString& current)
{
    // Rebuilt when packs bring or take a language: one is offered once some content exists in it.
    m_currentLanguage = current;
    QStringList shown;
    for (const QAction* action : m_languages->actions())
        shown << action->data().toString();
    if (shown == codes) {
        for (QAction* action : m_languages->actions())
            action->setChecked(action->data().toString() == current);
        return;
    }
    for (QAction* action : m_languages->actions())
        delete action;
    for (const QString& code : codes) {
        QAction* action = m_languageMenu->addAction(InterfaceLanguage::nativeName(code));
        action->setData(code);
        action->setCheckable(true);
        action->setChecked(code == current);
        m_languages->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { emit languageChosen(code); });
    }
}

QAction* WindowMenus::languageAction(const QString& code) const
{
    for (QAction* action : m_languages->actions())
        if (action->data().toString() == code)
            return action;
    return nullptr;
}

void WindowMenus::retranslate()
{
    m_fileMenu->setTitle(MainWindow::tr("&File"));
    m_openPack->setText(MainWindow::tr("&Open pack…"));
    m_openPacksFolder->setText(MainWindow::tr("Open the packs &folder"));
    m_openPacksFolder->setToolTip(
        MainWindow::tr("The folder where packs you drop in are loaded from at every start."));
    m_reloadContent->setText(MainWindow::tr("Re&load content"));
    m_removePack->setText(MainWindow::tr("&Remove pack…"));
    m_removePack->setToolTip(
        MainWindow::tr("Take a pack you opened out of the app again; its files and your answers stay."));
    m_quit->setText(MainWindow::tr("&Quit"));
    m_quizMenu->setTitle(MainWindow::tr("&Quiz"));
    m_backToQuizzes->setText(MainWindow::tr("Back to &quizzes"));
    m_allQuestions->setText(MainWindow::tr("View &all questions"));
    m_previous->setText(MainWindow::tr("&Previous question"));
    m_next->setText(MainWindow::tr("&Next question"));
    m_runDemo->setText(MainWindow::tr("&Run the demo"));
    m_retryWrong->setText(MainWindow::tr("Retry the &wrong ones"));
    m_openPlanner->setText(MainWindow::tr("Plan your own mo&del…"));
    m_search->setText(MainWindow::tr("&Search questions and guides…"));
    m_languageMenu->setTitle(MainWindow::tr("&Language"));
    m_helpMenu->setTitle(MainWindow::tr("&Help"));
    m_shortcuts->setText(MainWindow::tr("&Keyboard shortcuts"));
    m_glossary->setText(MainWindow::tr("&Glossary"));
    m_about->setText(MainWindow::tr("&About Recompute Lab"));
    m_aboutQt->setText(MainWindow::tr("About &Qt"));
    m_chooseLanguage->setText(MainWindow::tr("Open the Language menu"));
}

QString WindowMenus::shortcutsText() const
{
    QStringList lines {
        MainWindow::tr("1–%1: choose the option with that number").arg(rlab::content::kMostOptions),
        MainWindow::tr("↑ ↓: move between the options"),
        MainWindow::tr("Tab, Shift+Tab: move between the controls"),
        MainWindow::tr("Enter: confirm the option you moved to, or go to the next question once answered, "
                       "wherever the focus is"),
        MainWindow::tr("Enter in a demo size field or the prediction: run the demo"),
        MainWindow::tr("Space: press the focused button"),
        MainWindow::tr("E: explore the demo's run: every table and chart, its sizes and claims"),
        MainWindow::tr("G: the question's guide section"),
        MainWindow::tr("Esc: back to the question from the guide or the run's page"),
        MainWindow::tr("%1: %2").arg(
            m_chooseLanguage->shortcut().toString(QKeySequence::NativeText), m_chooseLanguage->text())};
    // Every menu item that has a key, in the menus' own words: the list cannot miss one.
    for (QAction* title : m_window->menuBar()->actions()) {
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
            lines.push_back(
                MainWindow::tr("%1: %2").arg(item->shortcut().toString(QKeySequence::NativeText), name));
        }
    }
    lines.push_back(MainWindow::tr("Alt+underlined letter: open that menu or go to that field"));
    return lines.join(QLatin1Char('\n'));
}
