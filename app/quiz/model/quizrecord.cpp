#include "quizrecord.h"

#include <algorithm>

#include <QCoreApplication>
#include <QLocale>
#include <QSet>

#include "rlab/content/content.h"

namespace rlab::quiz {

namespace {
QString text(const std::string& utf8)
{
    return QString::fromStdString(utf8);
}

// questionId -> optionId as one option index per question.
QList<int> indexedAnswers(const rlab::content::Quiz& quiz, const QHash<QString, QString>& answers)
{
    QList<int> indexed;
    for (int i = 0; i < static_cast<int>(quiz.questions.size()); ++i)
        indexed.append(optionIndex(quiz, i, answers.value(questionId(quiz, i))));
    return indexed;
}

QHash<QString, QString> namedAnswers(const rlab::content::Quiz& quiz, const QList<int>& answers)
{
    QHash<QString, QString> named;
    for (int i = 0; i < answers.size(); ++i) {
        const QString option = optionId(quiz, i, answers[i]);
        if (!option.isEmpty())
            named.insert(questionId(quiz, i), option);
    }
    return named;
}

QList<int> indexedQuestions(const rlab::content::Quiz& quiz, const QStringList& ids)
{
    QList<int> indexed;
    for (const QString& id : ids) {
        const int index = questionIndex(quiz, id);
        if (index >= 0)
            indexed.append(index);
    }
    return indexed;
}

QStringList namedQuestions(const rlab::content::Quiz& quiz, const QList<int>& questions)
{
    QStringList named;
    for (const int index : questions)
        named.append(questionId(quiz, index));
    return named;
}
} // namespace

int questionIndex(const rlab::content::Quiz& quiz, const QString& id)
{
    for (int i = 0; i < static_cast<int>(quiz.questions.size()); ++i) {
        if (text(quiz.questions[static_cast<std::size_t>(i)].id) == id)
            return i;
    }
    return QuizSession::NoAnswer;
}

QString questionId(const rlab::content::Quiz& quiz, int question)
{
    if (question < 0 || question >= static_cast<int>(quiz.questions.size()))
        return {};
    return text(quiz.questions[static_cast<std::size_t>(question)].id);
}

int optionIndex(const rlab::content::Quiz& quiz, int question, const QString& id)
{
    if (question < 0 || question >= static_cast<int>(quiz.questions.size()) || id.isEmpty())
        return QuizSession::NoAnswer;
    const auto& options = quiz.questions[static_cast<std::size_t>(question)].options;
    for (int i = 0; i < static_cast<int>(options.size()); ++i) {
        if (text(options[static_cast<std::size_t>(i)].id) == id)
            return i;
    }
    return QuizSession::NoAnswer;
}

QString optionId(const rlab::content::Quiz& quiz, int question, int index)
{
    if (question < 0 || question >= static_cast<int>(quiz.questions.size()))
        return {};
    const auto& options = quiz.questions[static_cast<std::size_t>(question)].options;
    if (index < 0 || index >= static_cast<int>(options.size()))
        return {};
    return text(options[static_cast<std::size_t>(index)].id);
}

void beginFromProgress(QuizSession& session, const rlab::content::Quiz& quiz, const QuizProgress& saved)
{
    QList<int> key;
    QList<int> optionCounts;
    for (const auto& question : quiz.questions) {
        key.append(question.answer);
        optionCounts.append(static_cast<int>(question.options.size()));
    }
    QList<QuizSession::Attempt> attempts;
    for (const SavedAttempt& attempt : saved.attempts) {
        // Format 1 kept no question list: its one attempt asked every question.
        QList<int> questions = indexedQuestions(quiz, attempt.questions);
        if (attempt.questions.isEmpty()) {
            for (int i = 0; i < static_cast<int>(quiz.questions.size()); ++i)
                questions.append(i);
        }
        attempts.append(QuizSession::Attempt {QuizSession::kindFromName(attempt.kind), attempt.started,
            questions, indexedAnswers(quiz, attempt.answers), indexedQuestions(quiz, attempt.guideOpened),
            attempt.id, indexedAnswers(quiz, attempt.firstTries)});
    }
    session.begin(text(quiz.id), key, indexedAnswers(quiz, saved.answers), attempts, optionCounts);
}

QuizProgress progressOf(
    const QuizSession& session, const rlab::content::Quiz& quiz, const QuizProgress& saved)
{
    QuizProgress progress;
    progress.review = saved.review;
    progress.answers = namedAnswers(quiz, session.latestAnswers());
    QSet<QString> ours;
    for (const QuizSession::Attempt& attempt : session.attempts()) {
        progress.attempts.append(SavedAttempt {QuizSession::kindName(attempt.kind), attempt.started,
            namedQuestions(quiz, attempt.questions), namedAnswers(quiz, attempt.answers),
            namedQuestions(quiz, attempt.guideOpened), attempt.id, namedAnswers(quiz, attempt.firstTries)});
        // Format 1's attempt kept no question list (every question): it stays without one, so a
        // save knows it as the attempt the file holds.
        const bool formatOne
            = std::any_of(saved.attempts.cbegin(), saved.attempts.cend(), [&](const SavedAttempt& s) {
                  return s.id.isEmpty() && s.questions.isEmpty() && s.kind == progress.attempts.last().kind
                      && s.started == attempt.started;
              });
        if (attempt.id.isEmpty() && formatOne
            && attempt.questions.size() == static_cast<int>(quiz.questions.size()))
            progress.attempts.last().questions.clear();
        ours.insert(attempt.id);
    }
    // An attempt with an id this session never had is another window's, merged in by a save (or one
    // whose questions this content no longer has): it stays, in its place by time.
    bool kept = false;
    for (const SavedAttempt& attempt : saved.attempts) {
        if (!attempt.id.isEmpty() && !ours.contains(attempt.id)) {
            progress.attempts.append(attempt);
            kept = true;
        }
    }
    if (kept)
        std::stable_sort(progress.attempts.begin(), progress.attempts.end(),
            [](const SavedAttempt& a, const SavedAttempt& b) { return a.started < b.started; });
    return progress;
}

QString attemptTimeText(const QDateTime& started)
{
    const QDateTime local = started.toLocalTime();
    return QCoreApplication::translate("QuizRecord", "%1, %2")
        .arg(QLocale().toString(local.date(), QLocale::LongFormat),
            QLocale().toString(local.time(), QLocale::ShortFormat));
}

} // namespace rlab::quiz
