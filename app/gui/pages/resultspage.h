#pragma once
// The end of a round: the score, a review of every mistake with the right answer and why, and
// a retry of the wrong ones.

#include "quizpage.h"

class QLabel;
class QPushButton;
class QTextBrowser;

class ResultsPage : public QuizPage {
    Q_OBJECT

public:
    explicit ResultsPage(QuizSession* session, QWidget* parent = nullptr);

    QLabel* scoreLabel() const { return m_score; }
    QTextBrowser* review() const { return m_review; }
    QPushButton* retryButton() const { return m_retry; }

public slots:
    void render() override;

private:
    QLabel* m_title;
    QLabel* m_score;
    QTextBrowser* m_review;
    QPushButton* m_retry;
    QPushButton* m_restart;
    QPushButton* m_back;
};
