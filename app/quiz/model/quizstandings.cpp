#include "quizstandings.h"

#include <algorithm>

#include "quiz/model/progressstore.h"
#include "quiz/model/quizrecord.h"
#include "quiz/model/quizsession.h"
#include "quiz/model/reviewschedule.h"
#include "rlab/content/content.h"

namespace rlab::quiz {

namespace {

QString fromUtf8(const std::string& text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

// A question's topic: its guide section's title, or the section id when the guide lacks it.
QString topicOf(const rlab::content::Content& content, const rlab::content::Quiz& quiz,
    const rlab::content::Question& question)
{
    if (const rlab::content::Guide* guide = content.guide(quiz.guide)) {
        for (const auto& section : guide->sections)
            if (section.id == question.guideSection)
                return fromUtf8(section.title.value);
    }
    return fromUtf8(question.guideSection);
}

} // namespace

QuizStandings::QuizStandings(
    const rlab::content::Content& content, const ProgressStore& progress, const QDate& today)
{
    for (const auto& quiz : content.quizzes) {
        const QString id = fromUtf8(quiz.id);
        m_order.append(id);
        const QuizProgress saved = progress.quiz(id);
        QList<int> due;
        for (const QString& question : ReviewSchedule::due(saved.review, today)) {
            const int index = questionIndex(quiz, question);
            if (index >= 0)
                due.append(index);
        }
        std::sort(due.begin(), due.end());
        if (!due.isEmpty())
            m_due.insert(id, due);

        // The saved history replayed in a session of its own: the open quiz is left alone.
        QuizSession replay;
        beginFromProgress(replay, quiz, saved);
        QuizStanding standing;
        standing.answered = replay.answeredCount();
        standing.correct = replay.score();
        standing.attempts = static_cast<int>(saved.attempts.size());
        standing.firstTry = replay.firstTryScore();
        standing.best = replay.bestScore();
        standing.due = static_cast<int>(due.size());
        QList<bool> mastered;
        for (int i = 0; i < static_cast<int>(quiz.questions.size()); ++i) {
            const QString topic = topicOf(content, quiz, quiz.questions[static_cast<std::size_t>(i)]);
            auto at = std::find_if(standing.topics.begin(), standing.topics.end(),
                [&topic](const TopicMastery& known) { return known.topic == topic; });
            if (at == standing.topics.end()) {
                standing.topics.append(TopicMastery {topic, 0, 0});
                at = standing.topics.end() - 1;
            }
            ++at->questions;
            mastered.append(
                ReviewSchedule::isMastered(saved.review, questionId(quiz, i), replay.isCorrect(i), today));
            if (mastered.last())
                ++at->mastered;
        }
        m_mastered.insert(id, mastered);
        m_standings.insert(id, standing);
    }
}

int QuizStandings::dueCount() const
{
    int all = 0;
    for (const QList<int>& questions : m_due)
        all += static_cast<int>(questions.size());
    return all;
}

QString QuizStandings::firstQuizWithDue() const
{
    for (const QString& id : m_order)
        if (m_due.contains(id))
            return id;
    return {};
}

bool QuizStandings::isMastered(const QString& quizId, int question) const
{
    return m_mastered.value(quizId).value(question, false);
}

bool scheduleEarlierMistakes(
    const rlab::content::Content& content, ProgressStore& progress, const QDate& today)
{
    bool changed = false;
    for (const auto& quiz : content.quizzes) {
        const QString id = fromUtf8(quiz.id);
        QuizProgress saved = progress.quiz(id);
        bool added = false;
        for (int i = 0; i < static_cast<int>(quiz.questions.size()); ++i) {
            const QString question = questionId(quiz, i);
            const QString answer = saved.answers.value(question);
            if (!answer.isEmpty()
                && optionIndex(quiz, i, answer) != quiz.questions[static_cast<std::size_t>(i)].answer
                && !saved.review.contains(question)) {
                saved.review.insert(question, ReviewCard {1, today});
                added = true;
            }
        }
        if (added)
            progress.setQuiz(id, saved);
        changed = changed || added;
    }
    return changed;
}

} // namespace rlab::quiz
