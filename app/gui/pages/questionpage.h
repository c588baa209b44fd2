#pragma once
// The page of one question: the question, its options, the verdict with explanations, the
// linked guide section and the live demo beside it. It renders QuizSession; it decides nothing.

#include <QList>
#include <QWidget>

#include "guideview.h"

class DemoPanel;
class OptionButton;
class QuizSession;
class QLabel;
class QPushButton;
class QSplitter;
class QScrollArea;
class QTabWidget;
class QFrame;
namespace rlab::content {
struct Content;
struct Question;
struct Quiz;
} // namespace rlab::content

class QuestionPage : public QWidget {
    Q_OBJECT

public:
    explicit QuestionPage(QuizSession* session, QWidget* parent = nullptr);

    // The content in the current language; re-renders. The demo keeps its results.
    void setContent(const rlab::content::Content* content);

    DemoPanel* demoPanel() const { return m_demo; }
    QLabel* questionLabel() const { return m_question; }
    QLabel* counterLabel() const { return m_counter; }
    QLabel* explanationLabel() const { return m_explanation; }
    QLabel* whyWrongLabel() const { return m_whyWrong; }
    GuideView* guideView() const { return m_guide; }
    OptionButton* optionButton(int index) const;
    QTabWidget* sideTabs() const { return m_side; }
    QSplitter* splitter() const { return m_splitter; }
    // Where the learner left the question/demo split; a restored one replaces the default split.
    QByteArray splitterState() const;
    void restoreSplitterState(const QByteArray& state);

public slots:
    void runDemo(); // shows the demo tab and runs it
    void confirmOrNext(); // Enter: answers with the focused option, or moves on once answered

signals:
    void showAllRequested();
    void backRequested();

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override; // Up/Down on the options

private:
    const rlab::content::Quiz* quiz() const;
    const rlab::content::Question* question() const;
    void render();
    void renderFeedback(const rlab::content::Question& question);
    void renderGuide(const rlab::content::Quiz& quiz, const rlab::content::Question& question);
    void ensureOptionButtons(int count);
    void choose(int option);
    void focusOption(int option);
    void retranslate();

    QuizSession* m_session;
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
    QPushButton* m_previous;
    QPushButton* m_next;
    QLabel* m_keys;
    QScrollArea* m_scroll = nullptr;
    QSplitter* m_splitter;
    QTabWidget* m_side;
    GuideView* m_guide;
    DemoPanel* m_demo;
    bool m_splitPlaced = false;
};
