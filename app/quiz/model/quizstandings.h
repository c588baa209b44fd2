#pragma once
// Where the learner stands across every quiz on one day: which questions are due for review,
// which are mastered, and each quiz's and topic's standing. Headless, as Parley's session manager
// is: the main window asks and renders. Built from the content, the saved progress and the day.

#include <QDate>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace rlab::content {
struct Content;
}

namespace rlab::quiz {

class ProgressStore;

// How much of one topic (a guide section) is mastered.
struct TopicMastery {
    QString topic;
    int mastered = 0;
    int questions = 0;
};

struct QuizStanding {
    int answered = 0;
    int correct = 0; // latest answers that are right
    int attempts = 0;
    int firstTry = 0; // right on the first attempt
    int best = 0; // the most right at once
    int due = 0; // questions due for review today
    QList<TopicMastery> topics; // in the order the quiz first names them
};

class QuizStandings {
public:
    QuizStandings(const rlab::content::Content& content, const ProgressStore& progress, const QDate& today);

    // Question indexes due for review, sorted, by quiz id; quizzes with none are left out.
    const QHash<QString, QList<int>>& due() const { return m_due; }
    QList<int> due(const QString& quizId) const { return m_due.value(quizId); }
    int dueCount() const; // over every quiz
    QString firstQuizWithDue() const; // in the content's order; empty when nothing is due
    // Mastered: the latest answer is right and the question is not due for review.
    bool isMastered(const QString& quizId, int question) const;
    const QHash<QString, QuizStanding>& standings() const { return m_standings; }
    QuizStanding standing(const QString& quizId) const { return m_standings.value(quizId); }

private:
    QStringList m_order; // quiz ids in the content's order
    QHash<QString, QList<int>> m_due;
    QHash<QString, QList<bool>> m_mastered;
    QHash<QString, QuizStanding> m_standings;
};

// Progress saved before the review schedule existed (format 1) has wrong answers and no review
// cards: each such answer gets a box-1 card due `today`, the day it is first seen. Run when the
// content or the progress is loaded; true when it changed `progress`.
bool scheduleEarlierMistakes(
    const rlab::content::Content& content, ProgressStore& progress, const QDate& today);

} // namespace rlab::quiz
