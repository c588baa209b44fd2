#pragma once
// The end of a round: the score, a review of every mistake with the right answer and why, and
// a retry of the wrong ones.

#include <QWidget>

class QuizSession;
class QLabel;
class QPushButton;
class QTextBrowser;
namespace rlab::content {
struct Content;
}

class ResultsPage : public QWidget {
    Q_OBJECT

public:
    explicit ResultsPage(QuizSession* session, QWidget* parent = nullptr);

    void setContent(const rlab::content::Content* content);
    QLabel* scoreLabel() const { return m_score; }
    QTextBrowser* review() const { return m_review; }
    QPushButton* retryButton() const { return m_retry; }

public slots:
    void render();

signals:
    void questionChosen(int question);
    void backRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    QuizSession* m_session;
    const rlab::content::Content* m_content = nullptr;
    QLabel* m_title;
    QLabel* m_score;
    QTextBrowser* m_review;
    QPushButton* m_retry;
    QPushButton* m_restart;
    QPushButton* m_back;
};
