#pragma once
// The window: the pages (quizzes, question, all questions, results, Planner), the language
// switch, packs and saving progress. The quiz logic lives in QuizSession, what is due and mastered
// in QuizStandings, the demo in DemoPanel, the menu bar and its keys in WindowMenus.

#include <functional>

#include <QDateTime>
#include <QHash>
#include <QMainWindow>

#include "common/interfacelanguage.h"
#include "quiz/model/contentlibrary.h"
#include "quiz/model/contentsearch.h"
#include "quiz/model/progressstore.h"
#include "quiz/model/quizstandings.h"
#include "rlab/content/content.h"

class DemoPanel;
class NoticeBanner;
class PlannerPage;
class QuestionListPage;
class QuestionPage;
namespace rlab::quiz {
class QuizSession;
}
namespace rlab::demo {
class LiveFigures;
}
class ResultsPage;
class StartPage;
class WindowMenus;
class QAction;
class QStackedWidget;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    // Loads `progress` (a corrupt file is set aside and reported) and the content under
    // `contentRoot` in `language`, or the saved language, or the system's when offered.
    MainWindow(const QString& contentRoot, rlab::quiz::ProgressStore progress, const QString& language = {},
        QWidget* parent = nullptr);
    // The same on a library already made (the command line's check of --lang read it): the window
    // takes it over.
    MainWindow(rlab::quiz::ContentLibrary* library, rlab::quiz::ProgressStore progress,
        const QString& language = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Switches the interface strings and the content at once, keeping the quiz state and the
    // demo's results; false for a language that is not offered (ContentLibrary::languages).
    bool setLanguage(const QString& code);

    // Adds the quiz pack in `folderOrArchive` (a folder, or a .zip/.tar/.tar.gz/.tgz of one) to the
    // content (File > Open pack…); false, with the reason in the banner, when it is not a pack or
    // the archive is refused. Its own content errors show in the banner as any content's.
    bool openPack(const QString& folderOrArchive);
    // Takes a pack opened with openPack out of the content (File > Remove pack…, after asking): its
    // files and the answers given to its quizzes stay. False when it was not opened.
    bool removePack(const QString& folderOrArchive);
    // Reloads the content whenever a pack's files change (recompute-lab --watch, for authors).
    void setWatchingContent(bool on) { m_library->setWatching(on); }
    rlab::quiz::ContentLibrary* library() const { return m_library; }
    QString language() const { return m_language.current(); }

    // Opens a quiz where the learner left it; false when no quiz has this id.
    bool openQuiz(const QString& quizId);
    // Where the learner was when the window last closed (saved with its geometry): the quiz, the
    // question and whether its explore page was open; and each demo's sizes of its last run, which
    // the demo measures again when its question opens (figures are not kept between sessions) and
    // says so. False, on the start page, when nothing was saved or its quiz or question is gone.
    bool restorePlace();
    // Opens a review of the questions due in `quizId` (empty: the first quiz with any due);
    // false when none is due.
    bool startReview(const QString& quizId);
    // Where "today" comes from for attempts and the review schedule (tests inject a date).
    void setClock(std::function<QDateTime()> clock);
    // Per quiz id, the questions due for review today.
    QHash<QString, QList<int>> dueQuestions() const { return standings().due(); }
    rlab::quiz::QuizStandings standings() const; // today's, from the content and the progress
    void showQuizzes();
    void showQuestion(int question);
    void showAllQuestions();
    // Opens what a search found: its question, and for a guide section the guide beside it.
    void openSearchHit(const rlab::quiz::SearchHit& hit);
    // The Planner page; Back returns to the page it was opened from.
    void showPlanner();

    const rlab::content::Content& content() const { return m_content; }
    rlab::quiz::QuizSession* session() const { return m_session; }
    StartPage* startPage() const { return m_start; }
    QuestionPage* questionPage() const { return m_question; }
    QuestionListPage* questionListPage() const { return m_list; }
    ResultsPage* resultsPage() const { return m_results; }
    PlannerPage* plannerPage() const { return m_planner; }
    DemoPanel* demoPanel() const;
    NoticeBanner* banner() const { return m_banner; }
    QStackedWidget* pages() const { return m_pages; }
    QAction* languageAction(const QString& code) const;
    // The keyboard help (F1): the page's keys, then every menu item's key, in the current language.
    QString shortcutsText() const;
    WindowMenus* menus() const { return m_menus; }

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override; // remembers the window's geometry and split

private:
    void connectMenus(); // what each menu item asks for, done here
    void reloadContent(); // the packs changed: the same language again, the banner says what is wrong
    void retranslate();
    void loadContent(const QString& code);
    void refreshQuizzes();
    void saveAnswers();
    void scheduleReview(int question, int option, bool correct);
    void showPage(QWidget* page);
    void updateWindowTitle(); // the page's: the quiz's title on its pages, the Planner's on its own
    void updateActions();
    void reportProgressProblem(); // a new problem: shown even if an earlier one was dismissed
    void showProgressProblem(); // the current one, in the current language
    void removePackWithDialog(); // which opened pack (when several), then a confirmation
    void saveWindowLayout();

    rlab::quiz::ContentLibrary* m_library;
    rlab::quiz::ProgressStore m_progress;
    // The open quiz as its session last saved it: a save makes only the change since (saveAnswers).
    rlab::quiz::QuizProgress m_sessionSaved;
    QString m_sessionSavedQuiz;
    int m_progressProblems = 0; // reported so far; numbers the notice so re-wording is not news
    rlab::app::InterfaceLanguage m_language;
    rlab::content::Content m_content;
    std::function<QDateTime()> m_clock;
    rlab::quiz::QuizSession* m_session;
    rlab::demo::LiveFigures* m_figures; // the texts' live figures, shared by every page

    NoticeBanner* m_banner;
    QStackedWidget* m_pages;
    StartPage* m_start;
    QuestionPage* m_question;
    QuestionListPage* m_list;
    ResultsPage* m_results;
    PlannerPage* m_planner;
    QWidget* m_beforePlanner = nullptr; // where the Planner's Back goes

    WindowMenus* m_menus; // the menu bar, its keys and words
};
