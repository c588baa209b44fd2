#pragma once
// The first page: every quiz with its level, question count and the learner's progress (latest,
// first-try and best scores, mastery per topic), and the reviews due today.

#include <QHash>
#include <QWidget>

#include "quiz/model/quizstandings.h"

class QLabel;
namespace rlab::demo {
class LiveFigures;
}
class QPushButton;
class QVBoxLayout;
namespace rlab::content {
struct Content;
}

class StartPage : public QWidget {
    Q_OBJECT

public:
    // `figures` renders the live figures in the quizzes' titles and descriptions.
    explicit StartPage(const rlab::demo::LiveFigures& figures, QWidget* parent = nullptr);

    void setQuizzes(
        const rlab::content::Content* content, const QHash<QString, rlab::quiz::QuizStanding>& standings);

    static QString levelName(const QString& level); // translated "intermediate", ...
    // Quizzes a pack just brought: their cards say "New" and the first is scrolled into view, its
    // button focused.
    void markNew(const QStringList& quizIds);

signals:
    void openRequested(const QString& quizId);
    void resetRequested(const QString& quizId);
    void plannerRequested();
    void reviewRequested(const QString& quizId); // empty: every quiz's due questions, in turn

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    QWidget* card(int index);

    const rlab::demo::LiveFigures& m_figures;
    const rlab::content::Content* m_content = nullptr;
    QHash<QString, rlab::quiz::QuizStanding> m_standings;
    QLabel* m_title;
    QLabel* m_intro;
    QPushButton* m_planner;
    QPushButton* m_reviewAll;
    QVBoxLayout* m_cards;
    class QScrollArea* m_scroll = nullptr;
    QStringList m_new; // quiz ids shown as new
};
