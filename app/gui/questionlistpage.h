#pragma once
// "View all questions": the quiz at a glance, each question with its answered/correct state.

#include <QWidget>

class QuizSession;
class QLabel;
class QPushButton;
class QTreeWidget;
namespace rlab::content {
struct Content;
}

class QuestionListPage : public QWidget {
    Q_OBJECT

public:
    explicit QuestionListPage(QuizSession* session, QWidget* parent = nullptr);

    void setContent(const rlab::content::Content* content);
    QTreeWidget* list() const { return m_list; }

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
    QLabel* m_summary;
    QTreeWidget* m_list;
    QPushButton* m_back;
};
