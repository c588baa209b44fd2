#pragma once
// The page of one question, as a lesson read top to bottom: the question, then on the left what the
// demo shows (predict, run, the one view the question is about with its caption) and on the right the
// learner's answer with its verdict and explanation. What is not this question's lesson is one click
// or key away, on a page of its own that Esc leaves for the lesson as it was: the guide section (G)
// and every table and chart of the run (E). It renders QuizSession; it decides nothing.

#include <utility>

#include <QHash>
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
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QFrame;
class QStackedWidget;
class QVBoxLayout;
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
    bool isGuideShown() const; // the guide page is in front with the section itself, not its cover
    OptionButton* optionButton(int index) const;
    // The lesson, the guide page and the explore page, one in front at a time.
    QStackedWidget* pages() const { return m_stack; }
    QWidget* lessonPage() const { return m_lesson; }
    bool isLessonShown() const;
    bool isExploreShown() const; // the demo's explore page (E) is the page shown
    QScrollArea* answerColumn() const { return m_scroll; }

public slots:
    // Shows the demo tab and runs it; from another tab with a prediction still to make, only shows it.
    // A question with a Planner view instead opens it (plannerViewRequested).
    void runDemo();
    void openPlannerView();
    void confirmOrNext(); // Enter: answers with the focused option, or moves on once answered
    // Opens the guide page; before an answer it shows a cover whose button opens the section (recorded).
    void showGuide();
    // Opens the guide page on the section itself, as a search hit does: before an answer, recorded.
    void readGuide();
    void showExplore(); // the demo's every table and chart, its sizes and claims (E)
    void showLesson(); // back from the guide or the explore page, where the lesson was left (Esc)

signals:
    void showAllRequested();
    void backRequested();
    // A "see also" link: question `question` (0-based) of quiz `quizId`, which teaches the same point.
    void seeAlsoRequested(const QString& quizId, int question);
    // The question's prepared Planner view, to open on the Planner page; `from` names the question.
    void plannerViewRequested(const rlab::planner::Scenario& view, const QString& from);

protected:
    void changeEvent(QEvent* event) override;
    // Up/Down on the options; a Tab onto an option counts as choosing where Enter goes.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void showVerdict(); // after an answer or a hint: the verdict and Next in view where both fit
    void buildHeader(QVBoxLayout* page);
    QWidget* buildAnswerColumn();
    QWidget* buildGuidePage();
    void addKeys();
    const rlab::content::Quiz* quiz() const;
    const rlab::content::Question* question() const;
    void render();
    void renderFeedback(const rlab::content::Question& question);
    void renderHint(const rlab::content::Question& question, int hinted); // a wrong first try's
    void renderFigures(); // the texts again, with the live figures as they are now
    void renderGuide(const rlab::content::Quiz& quiz, const rlab::content::Question& question);
    void ensureOptionButtons(int count);
    QWidget* buildNumberBox(); // a `number:` question's answer: a figure read off the run
    void renderNumber(const rlab::content::Question& question);
    void checkNumber(); // answers a `number:` question with the figure typed, against the run's
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
    QLabel* m_answerStep; // "④ Your answer"
    QPushButton* m_guideButton; // the header's way to the guide page
    QPushButton* m_guideBack;
    QLabel* m_guideTitle;
    QScrollArea* m_scroll = nullptr; // the answer column
    QStackedWidget* m_stack; // the lesson, the guide page, the explore page
    QWidget* m_lesson;
    QWidget* m_guidePage;
    QStackedWidget* m_evidence; // the demo, a Planner view, or that the question has neither
    QLabel* m_noEvidence;
    GuideView* m_guide;
    QWidget* m_guideTab;
    QWidget* m_guideCover;
    QLabel* m_guideCoverText;
    QPushButton* m_uncoverGuide;
    QWidget* m_numberBox = nullptr;
    QLabel* m_numberPrompt = nullptr;
    QDoubleSpinBox* m_number = nullptr;
    QPushButton* m_check = nullptr;
    QHash<int, std::pair<double, double>> m_numbers; // per question: the figure given, the run's
    QList<int> m_order; // the shown options' indices in the content, in page order
    int m_shownQuestion = -1; // the question last rendered: a new one resets what follows
    int m_uncoveredFor = -1; // the question whose guide was opened before its answer
    std::string m_guideSection; // a section chosen in the guide's contents; empty: the question's own
    bool m_optionPicked = false; // focus moved to an option by key or click since the question appeared
    DemoPanel* m_demo;
    PlannerViewPanel* m_plannerView;
};
