#pragma once
// The page of one question: the question, its options, the verdict with explanations, the
// linked guide section and the live demo beside it. It renders QuizSession; it decides nothing.

#include <QList>
#include <QWidget>

#include "quiz/view/guideview.h"

class DemoPanel;
class PlannerViewPanel;
class OptionButton;
namespace rlab::quiz {
class QuizSession;
}
namespace rlab::demo {
class LiveFigures;
}
class QLabel;
class QPushButton;
class QSplitter;
class QScrollArea;
class QTabWidget;
class QFrame;
class QStackedWidget;
namespace rlab::planner {
struct Scenario;
}
namespace rlab::content {
struct Content;
struct Question;
struct Quiz;
} // namespace rlab::content

class QuestionPage : public QWidget {
    Q_OBJECT

public:
    // `figures` renders the texts' live figures; the demo records its runs there.
    QuestionPage(
        rlab::quiz::QuizSession* session, rlab::demo::LiveFigures& figures, QWidget* parent = nullptr);

    // The content in the current language; re-renders. The demo keeps its results.
    void setContent(const rlab::content::Content* content);

    DemoPanel* demoPanel() const { return m_demo; }
    // The side of a question with a prepared Planner view (`planner:`) instead of a demo.
    PlannerViewPanel* plannerViewPanel() const { return m_plannerView; }
    bool hasPlannerView() const; // the current question opens a Planner view (and has no demo)
    QLabel* questionLabel() const { return m_question; }
    QLabel* counterLabel() const { return m_counter; }
    QLabel* explanationLabel() const { return m_explanation; }
    QLabel* whyWrongLabel() const { return m_whyWrong; }
    GuideView* guideView() const { return m_guide; }
    QWidget* guideTab() const { return m_guideTab; } // the guide, or before an answer its cover
    bool isGuideShown() const; // the guide section itself, not the cover, is on its tab
    OptionButton* optionButton(int index) const;
    QTabWidget* sideTabs() const { return m_side; }
    QSplitter* splitter() const { return m_splitter; }
    // Where the learner left the question/demo split; a restored one replaces the default split.
    QByteArray splitterState() const;
    void restoreSplitterState(const QByteArray& state);

public slots:
    // Shows the demo tab and runs it; from another tab with a prediction still to make, only shows it.
    // A question with a Planner view instead opens it (plannerViewRequested).
    void runDemo();
    void openPlannerView();
    void confirmOrNext(); // Enter: answers with the focused option, or moves on once answered
    // Opens the guide tab; before an answer this uncovers the guide deliberately (recorded).
    void showGuide();

signals:
    void showAllRequested();
    void backRequested();
    // A "see also" link: question `question` (0-based) of quiz `quizId`, which teaches the same point.
    void seeAlsoRequested(const QString& quizId, int question);
    // The question's prepared Planner view, to open on the Planner page; `from` names the question.
    void plannerViewRequested(const rlab::planner::Scenario& view, const QString& from);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    // Up/Down on the options; a Tab onto an option counts as choosing where Enter goes.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    const rlab::content::Quiz* quiz() const;
    const rlab::content::Question* question() const;
    void render();
    void renderFeedback(const rlab::content::Question& question);
    void renderFigures(); // the texts again, with the live figures as they are now
    void renderGuide(const rlab::content::Quiz& quiz, const rlab::content::Question& question);
    void ensureOptionButtons(int count);
    void choose(int shownOption); // by its place on the page
    void uncoverGuide();
    bool answerShown() const; // the current question is answered: its answer may be given away
    void focusOption(int option);
    void retranslate();

    rlab::quiz::QuizSession* m_session;
    rlab::demo::LiveFigures& m_figures;
    const rlab::content::Content* m_content = nullptr;

    QPushButton* m_back;
    QLabel* m_quizTitle;
    QLabel* m_counter;
    QLabel* m_round;
    QPushButton* m_showAll;
    QLabel* m_question;
    QWidget* m_optionBox;
    QList<OptionButton*> m_options;
    QFrame* m_feedback;
    QLabel* m_verdict;
    QLabel* m_explanationTitle;
    QLabel* m_explanation;
    QLabel* m_whyWrongTitle;
    QLabel* m_whyWrong;
    QLabel* m_guideLink = nullptr;
    QLabel* m_seeAlso = nullptr;
    QPushButton* m_previous;
    QPushButton* m_next;
    QLabel* m_keys;
    QScrollArea* m_scroll = nullptr;
    QSplitter* m_splitter;
    QTabWidget* m_side;
    GuideView* m_guide;
    QWidget* m_guideTab;
    QWidget* m_guideCover;
    QLabel* m_guideCoverText;
    QPushButton* m_uncoverGuide;
    QList<int> m_order; // the shown options' indices in the content, in page order
    int m_shownQuestion = -1; // the question last rendered: a new one resets what follows
    int m_uncoveredFor = -1; // the question whose guide was opened before its answer
    std::string m_guideSection; // a section chosen in the guide's contents; empty: the question's own
    bool m_optionPicked = false; // focus moved to an option by key or click since the question appeared
    DemoPanel* m_demo;
    PlannerViewPanel* m_plannerView;
    bool m_splitPlaced = false;
};
