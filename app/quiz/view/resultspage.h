#pragma once
// The end of a round: the latest, first-try and best scores; every question with its first-try and
// latest outcome, its guide section and when it comes back for review; what to review next; each
// mistake with the right answer and why; the attempts so far; a retry of the wrong ones.

#include <QList>

#include "quiz/view/quizpage.h"

class QLabel;
class QPushButton;
class QTextBrowser;
namespace rlab::content {
struct Guide;
} // namespace rlab::content

class ResultsPage : public QuizPage {
    Q_OBJECT

public:
    ResultsPage(
        rlab::quiz::QuizSession* session, rlab::demo::LiveFigures& figures, QWidget* parent = nullptr);

    QLabel* scoreLabel() const { return m_score; }
    QTextBrowser* review() const { return m_review; }
    QPushButton* retryButton() const { return m_retry; }

    // The results as a spreadsheet (one row per question: number, question, first try, now, the
    // answer given, the right answer, its guide section) and as a page that prints well.
    QByteArray resultsCsv() const;
    QString resultsHtml() const;
    // Writes resultsCsv() to a .csv path, resultsHtml() to any other (.html). Empty on success,
    // else one sentence.
    QString exportResults(const QString& path) const;

public slots:
    void exportResultsWithDialog();

    // The open quiz's questions due for review today, and how many are due in every quiz.
    void setDueQuestions(const QList<int>& questions) { m_due = questions; }
    void setReviewsDue(int count) { m_reviewsDue = count; }

    void render() override;

signals:
    void guideChosen(int question); // the question's guide section, beside it
    void reviewRequested();
    void seeAlsoRequested(const QString& quizId, int question); // another quiz's question on the same point

private:
    void retranslateButtons(); // the buttons' texts, tooltips and the retry count
    void renderScore(const rlab::content::Quiz& shown); // the title and the latest, first-try and best scores
    // The review's parts: every question's outcomes and guide section; the sections to review next
    // and the questions not answered; each mistake with the right answer and why; the attempts.
    QString questionsHtml(const rlab::content::Quiz& shown, const rlab::content::Guide* guide) const;
    QString reviewNextHtml(
        const rlab::content::Quiz& shown, const rlab::content::Guide* guide, const QList<int>& wrong) const;
    QString mistakesHtml(const rlab::content::Quiz& shown, const QList<int>& wrong) const;
    QString attemptsHtml() const;

    QLabel* m_title;
    QLabel* m_score;
    QTextBrowser* m_review;
    QPushButton* m_retry;
    QPushButton* m_restart;
    QPushButton* m_back;
    QPushButton* m_reviewDue;
    QPushButton* m_export;
    QString m_reviewHtml; // what the review shows, kept for the exported page
    QList<int> m_due;
    int m_reviewsDue = 0;
};
