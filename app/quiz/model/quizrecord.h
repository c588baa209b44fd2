#pragma once
// Between QuizSession, which counts questions and options by position, and the progress file,
// which names them by id so that content edits (a new question, reordered options) keep the
// learner's history. Ids no longer in the quiz are dropped when read.

#include "quiz/model/progressstore.h"
#include "quiz/model/quizsession.h"

namespace rlab::content {
struct Quiz;
}

namespace rlab::quiz {

// Opens `quiz` in `session` where the saved progress left it.
void beginFromProgress(QuizSession& session, const rlab::content::Quiz& quiz, const QuizProgress& saved);

// The session's answers and attempts in the file's terms; the review cards are `saved`'s.
QuizProgress progressOf(
    const QuizSession& session, const rlab::content::Quiz& quiz, const QuizProgress& saved);

// The option at `index` of question `question`, or NoAnswer; and back.
int optionIndex(const rlab::content::Quiz& quiz, int question, const QString& optionId);
QString optionId(const rlab::content::Quiz& quiz, int question, int index);
int questionIndex(const rlab::content::Quiz& quiz, const QString& questionId);
QString questionId(const rlab::content::Quiz& quiz, int question);
// When an attempt began, in the learner's locale: the long date and the short time ("Wednesday,
// December 2, 2026, 1:13 AM"), not the ambiguous short form ("12/2/26 1:13 AM").
QString attemptTimeText(const QDateTime& started);

} // namespace rlab::quiz
