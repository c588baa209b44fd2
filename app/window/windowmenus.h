#pragma once
// The window's menu bar: File, Quiz, Language and Help, with their keys and words, and the keyboard
// help (F1) that lists them. A view: each item says what the learner asked for and MainWindow does
// it; the items that need only the window (the packs folder, Quit, the help boxes) act themselves.

#include <QObject>
#include <QString>
#include <QStringList>

class QAction;
class QActionGroup;
class QMainWindow;
class QMenu;

class WindowMenus : public QObject {
    Q_OBJECT

public:
    explicit WindowMenus(QMainWindow* window);

    // What the items may do now; MainWindow says it after every change of page, quiz or demo.
    struct State {
        bool packsOpened = false; // Remove pack… has something to remove
        bool onStartPage = true;
        bool onQuestion = false;
        bool inQuiz = false;
        bool hasPrevious = false;
        bool canRunDemo = false;
        bool allCorrect = false;
    };
    void update(const State& state);
    // The languages offered, `current` checked; the items are made anew only when the list changed.
    void setLanguages(const QStringList& codes, const QString& current);
    QAction* languageAction(const QString& code) const;
    void retranslate();
    // The keyboard help (F1): the page's keys, then every menu item's key, in the current language.
    QString shortcutsText() const;

signals:
    void packChosen(const QString& folderOrArchive); // File > Open pack…, after its dialog
    void reloadRequested();
    void removePackRequested();
    void backToQuizzesRequested();
    void allQuestionsRequested();
    void previousRequested();
    void nextRequested();
    void runDemoRequested();
    void retryWrongRequested();
    void plannerRequested();
    void searchRequested();
    void languageChosen(const QString& code);
    void glossaryRequested();

private:
    QMainWindow* m_window;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_quizMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_openPack = nullptr;
    QAction* m_openPacksFolder = nullptr;
    QAction* m_reloadContent = nullptr; // F5: the packs read again (an edited pack, one dropped in)
    QAction* m_removePack = nullptr; // an opened pack out again, after asking
    QAction* m_quit = nullptr;
    QAction* m_backToQuizzes = nullptr;
    QAction* m_allQuestions = nullptr;
    QAction* m_previous = nullptr;
    QAction* m_next = nullptr;
    QAction* m_runDemo = nullptr;
    QAction* m_retryWrong = nullptr;
    QAction* m_openPlanner = nullptr;
    QAction* m_search = nullptr; // Ctrl+F: questions and guides
    QAction* m_shortcuts = nullptr;
    QAction* m_glossary = nullptr; // the content's terms in English, Russian and Shona
    QAction* m_about = nullptr;
    QAction* m_aboutQt = nullptr;
    QActionGroup* m_languages = nullptr;
    QAction* m_chooseLanguage = nullptr; // Ctrl+Shift+L opens the Language menu in every language
    QString m_currentLanguage;
};
