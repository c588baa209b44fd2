#pragma once
// Review that spaces itself: Leitner boxes. A question answered wrongly goes to box 1 and comes
// back one day later. A right answer on or after its due day moves it up a box, and box n comes
// back intervalDays(n) days later: 1, 2, 4, 8, 16 days for boxes 1 to 5. A right answer in box 5
// retires the question (learned); a wrong answer in any box sends it back to box 1. Right
// answers before the due day change nothing: only a spaced recall counts.

#include <QCoreApplication>
#include <QDate>
#include <QHash>
#include <QString>
#include <QStringList>

#include "quiz/model/progressstore.h" // ReviewCard

namespace rlab::quiz {

namespace ReviewSchedule {

constexpr int Boxes = 5;

int intervalDays(int box); // 1, 2, 4, 8, 16

// Updates `cards` for an answer to `questionId` given on `today`.
void record(QHash<QString, ReviewCard>& cards, const QString& questionId, bool correct, const QDate& today);

bool isDue(const ReviewCard& card, const QDate& today);
// Mastered: answered right (`correct`, the latest answer), not due, and not waiting for its first
// spaced recall: a question missed today and then answered right the same day is not mastered until
// it is answered right again on a later day (its card leaves box 1).
bool isMastered(
    const QHash<QString, ReviewCard>& cards, const QString& questionId, bool correct, const QDate& today);
QStringList due(const QHash<QString, ReviewCard>& cards, const QDate& today); // question ids, sorted

// "Review (3 due)" and the schedule in one sentence, in the learner's language, for every page.
QString reviewButtonText(int due);
QString scheduleExplanation();

} // namespace ReviewSchedule

} // namespace rlab::quiz
