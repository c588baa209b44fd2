#pragma once
// "View all questions": the quiz at a glance, each question with its answered/correct state.

#include "quiz/view/quizpage.h"

class QLabel;
class QPushButton;
class QTreeWidget;

class QuestionListPage : public QuizPage {
    Q_OBJECT

public:
    QuestionListPage(
        rlab::quiz::QuizSession* session, rlab::demo::LiveFigures& figures, QWidget* parent = nullptr);

    QTreeWidget* list() const { return m_list; }

public slots:
    void render() override;

private:
    QLabel* m_title;
    QLabel* m_summary;
    QTreeWidget* m_list;
    QPushButton* m_back;
};
