#include "quizsession.h"

#include <algorithm>
#include <cstdint>
#include <random>

#include <QCoreApplication>
#include <QUuid>

#include "rlab/content/content.h"

namespace rlab::quiz {

namespace {
// The translation context of the .ts files: the class's name before it had a namespace.
struct Texts {
    Q_DECLARE_TR_FUNCTIONS(QuizSession)
};
} // namespace

namespace {
constexpr int MaxOptions = rlab::content::kMostOptions; // past it, a saved answer is not an option

// FNV-1a: a hash that is the same on every run and platform (qHash is seeded per process).
std::uint32_t stableHash(const QString& text)
{
    std::uint32_t hash = 2166136261u;
    for (const char byte : text.toUtf8()) {
        hash ^= static_cast<unsigned char>(byte);
        hash *= 16777619u;
    }
    return hash;
}
} // namespace

QuizSession::QuizSession(QObject* parent)
    : QObject(parent)
    , m_clock([] { return QDateTime::currentDateTimeUtc(); })
{
}

QString QuizSession::kindName(Kind kind)
{
    switch (kind) {
    case Kind::First:
        return QStringLiteral("first");
    case Kind::Retry:
        return QStringLiteral("retry");
    case Kind::Review:
        return QStringLiteral("review");
    case Kind::Restart:
        return QStringLiteral("restart");
    }
    return QStringLiteral("retry");
}

QuizSession::Kind QuizSession::kindFromName(const QString& name)
{
    for (const Kind kind : {Kind::First, Kind::Retry, Kind::Review, Kind::Restart}) {
        if (kindName(kind) == name)
            return kind;
    }
    return Kind::Retry;
}

void QuizSession::setClock(std::function<QDateTime()> clock)
{
    m_clock = std::move(clock);
}

void QuizSession::begin(const QString& quizId, const QList<int>& answerKey, const QList<int>& latest,
    const QList<Attempt>& attempts, const QList<int>& optionCounts)
{
    m_quizId = quizId;
    m_answerKey = answerKey;
    m_optionCounts = optionCounts.size() == answerKey.size() ? optionCounts : QList<int>();
    const int count = static_cast<int>(answerKey.size());
    auto validOption = [](int option) { return option >= 0 && option < MaxOptions ? option : NoAnswer; };
    m_latest = QList<int>(count, NoAnswer);
    for (int i = 0; i < count && i < latest.size(); ++i)
        m_latest[i] = validOption(latest[i]);
    m_attempts.clear();
    for (Attempt attempt : attempts) {
        attempt.answers.resize(count, NoAnswer);
        for (int& option : attempt.answers)
            option = validOption(option);
        attempt.firstTries.resize(count, NoAnswer);
        for (int& option : attempt.firstTries)
            option = validOption(option);
        attempt.questions.removeIf([this](int question) { return !validQuestion(question); });
        if (!attempt.questions.isEmpty())
            m_attempts.append(attempt);
    }
    // Answers saved before attempts were kept are the one attempt made so far.
    if (m_attempts.isEmpty() && m_latest.count(NoAnswer) < count)
        m_attempts.append(Attempt {Kind::First, QDateTime(), allQuestions(), m_latest, {}, {}, {}});
    m_viewingAll = false;
    if (m_attempts.isEmpty()) {
        startAttempt(Kind::First, allQuestions());
        return;
    }
    // Resume the last attempt at its first open question; a finished one resumes on its results.
    startRound(m_attempts.last().questions);
    const auto open = std::find_if(m_round.cbegin(), m_round.cend(), [this](int q) { return isOpen(q); });
    if (open != m_round.cend()) {
        setCurrent(*open);
    } else if (!answerKey.isEmpty()) {
        setCurrent(m_round.last());
        finish();
    }
    emit answersChanged();
}

void QuizSession::clear()
{
    m_quizId.clear();
    m_answerKey.clear();
    m_optionCounts.clear();
    m_latest.clear();
    m_attempts.clear();
    m_round.clear();
    m_viewingAll = false;
    m_finished = false;
    setCurrent(-1);
}

int QuizSession::positionInRound() const
{
    return static_cast<int>(m_round.indexOf(m_current));
}

bool QuizSession::isOpen(int question) const
{
    if (m_attempts.isEmpty() || !validQuestion(question))
        return false;
    const Attempt& last = m_attempts.last();
    return last.questions.contains(question) && last.answers[question] == NoAnswer;
}

int QuizSession::chosen(int question) const
{
    return validQuestion(question) && !isOpen(question) ? m_latest[question] : NoAnswer;
}

bool QuizSession::isCorrect(int question) const
{
    return validQuestion(question) && m_latest[question] == m_answerKey[question];
}

int QuizSession::correctOption(int question) const
{
    return validQuestion(question) ? m_answerKey[question] : NoAnswer;
}

int QuizSession::latestAnswer(int question) const
{
    return validQuestion(question) ? m_latest[question] : NoAnswer;
}

int QuizSession::score() const
{
    int n = 0;
    for (int i = 0; i < questionCount(); ++i)
        n += isCorrect(i) ? 1 : 0;
    return n;
}

int QuizSession::answeredCount() const
{
    return static_cast<int>(m_latest.size() - m_latest.count(NoAnswer));
}

QList<int> QuizSession::mistakes() const
{
    QList<int> wrong;
    for (int i = 0; i < questionCount(); ++i) {
        if (m_latest[i] != NoAnswer && !isCorrect(i))
            wrong.append(i);
    }
    return wrong;
}

QList<int> QuizSession::unanswered() const
{
    QList<int> open;
    for (int i = 0; i < questionCount(); ++i) {
        if (m_latest[i] == NoAnswer)
            open.append(i);
    }
    return open;
}

QList<int> QuizSession::optionOrder(int question) const
{
    const int count = m_optionCounts.value(question, 0); // unknown: none to shuffle
    const int attempt = static_cast<int>(m_attempts.size()) - 1;
    if (m_shuffleSeed)
        return shuffledOrder(m_quizId, static_cast<int>(*m_shuffleSeed) ^ (attempt * 7919), question, count);
    // The attempt's id is random and saved with it: a shuffle of its own, the same after a restart.
    const QString id = attempt >= 0 ? m_attempts.last().id : QString();
    return shuffledOrder(
        m_quizId, static_cast<int>(id.isEmpty() ? attempt : stableHash(id)), question, count);
}

void QuizSession::setShuffleSeed(std::uint32_t seed)
{
    m_shuffleSeed = seed;
    emit roundChanged(); // the pages show the options in their new order
}

QList<int> QuizSession::shuffledOrder(const QString& quizId, int attempt, int question, int count)
{
    QList<int> order;
    for (int i = 0; i < count; ++i)
        order.append(i);
    // Fisher-Yates with the engine's raw numbers: std::shuffle's draws differ between libraries.
    std::mt19937 engine(stableHash(quizId) ^ (static_cast<std::uint32_t>(attempt) * 7919u)
        ^ (static_cast<std::uint32_t>(question) * 104729u));
    for (int i = count - 1; i > 0; --i)
        std::swap(order[i], order[static_cast<int>(engine() % static_cast<std::uint32_t>(i + 1))]);
    // A shuffle that happens to keep the seed order would look like no shuffle at all.
    if (count > 1 && std::is_sorted(order.cbegin(), order.cend()))
        std::rotate(order.begin(), order.begin() + 1, order.end());
    return order;
}

int QuizSession::attemptScore(int attempt) const
{
    if (attempt < 0 || attempt >= m_attempts.size())
        return 0;
    int n = 0;
    const Attempt& shown = m_attempts[attempt];
    for (int i = 0; i < questionCount(); ++i) // right on the first try: a second try's answer is not counted
        n += shown.answers[i] == m_answerKey[i] && shown.firstTries.value(i, NoAnswer) == NoAnswer ? 1 : 0;
    return n;
}

int QuizSession::firstTryAnswer(int question) const
{
    if (m_attempts.isEmpty() || !validQuestion(question))
        return NoAnswer;
    const Attempt& first = m_attempts.first();
    return first.firstTries.value(question, NoAnswer) != NoAnswer ? first.firstTries[question]
                                                                  : first.answers[question];
}

int QuizSession::hintedOption(int question) const
{
    if (m_attempts.isEmpty() || !validQuestion(question))
        return NoAnswer;
    return m_attempts.last().firstTries.value(question, NoAnswer);
}

bool QuizSession::isRightFirstTime(int question) const
{
    return isCorrect(question) && hintedOption(question) == NoAnswer;
}

int QuizSession::bestScore() const
{
    // Replays the history: each attempt replaces the answers it gives; a restart clears them.
    QList<int> answers(questionCount(), NoAnswer);
    int best = 0;
    for (const Attempt& attempt : m_attempts) {
        if (attempt.kind == Kind::Restart)
            answers.fill(NoAnswer);
        int right = 0;
        for (int i = 0; i < questionCount(); ++i) {
            if (attempt.answers[i] != NoAnswer)
                answers[i] = attempt.answers[i];
            right += answers[i] == m_answerKey[i] ? 1 : 0;
        }
        best = std::max(best, right);
    }
    return best;
}

void QuizSession::recordGuideOpened()
{
    if (m_attempts.isEmpty() || !validQuestion(m_current) || isAnswered(m_current))
        return;
    QList<int>& opened = m_attempts.last().guideOpened;
    if (opened.contains(m_current))
        return;
    opened.append(m_current);
    emit answersChanged();
}

bool QuizSession::choose(int option)
{
    const int options = m_optionCounts.value(m_current, MaxOptions);
    if (!validQuestion(m_current) || isAnswered(m_current) || option < 0 || option >= options)
        return false;
    Attempt& attempt = m_attempts.last();
    attempt.firstTries.resize(questionCount(), NoAnswer);
    const int tried = attempt.firstTries[m_current];
    if (option == tried)
        return false; // already tried: its hint is on the page
    // A wrong first try where three options or more remain to think about: a hint and one more try
    // (options of unknown number, as in answers restored without content, take none).
    if (tried == NoAnswer && option != m_answerKey[m_current] && !m_optionCounts.isEmpty() && options >= 3) {
        attempt.firstTries[m_current] = option;
        emit hinted(m_current, option);
        emit answersChanged();
        return true;
    }
    m_latest[m_current] = option;
    attempt.answers[m_current] = option;
    emit answered(m_current, option, tried == NoAnswer && option == m_answerKey[m_current]);
    emit answersChanged();
    return true;
}

bool QuizSession::next()
{
    const int at = positionInRound();
    if (at < 0)
        return false;
    if (at + 1 < m_round.size()) {
        setCurrent(m_round[at + 1]);
        return true;
    }
    finish();
    return true;
}

bool QuizSession::previous()
{
    const int at = positionInRound();
    if (m_finished && !m_round.isEmpty()) {
        m_finished = false;
        setCurrent(m_round.last());
        return true;
    }
    if (at <= 0)
        return false;
    setCurrent(m_round[at - 1]);
    return true;
}

bool QuizSession::goTo(int question)
{
    if (!validQuestion(question))
        return false;
    if (!m_round.contains(question)) {
        m_viewingAll = true;
        startRound(allQuestions());
    }
    m_finished = false;
    setCurrent(question);
    return true;
}

void QuizSession::finish()
{
    if (m_answerKey.isEmpty())
        return;
    m_finished = true;
    emit finished();
}

void QuizSession::retryWrong()
{
    QList<int> again;
    for (int i = 0; i < questionCount(); ++i) {
        if (!isCorrect(i))
            again.append(i);
    }
    if (!again.isEmpty())
        startAttempt(Kind::Retry, again);
}

void QuizSession::review(const QList<int>& questions)
{
    QList<int> due;
    for (const int question : questions) {
        if (validQuestion(question) && !due.contains(question))
            due.append(question);
    }
    if (!due.isEmpty())
        startAttempt(Kind::Review, due);
}

void QuizSession::restart()
{
    if (m_answerKey.isEmpty())
        return;
    m_latest.fill(NoAnswer);
    startAttempt(Kind::Restart, allQuestions());
}

QList<int> QuizSession::allQuestions() const
{
    QList<int> all;
    for (int i = 0; i < questionCount(); ++i)
        all.append(i);
    return all;
}

// Always emits, even for the same question: leaving the results page re-shows it.
void QuizSession::setCurrent(int question)
{
    m_current = question;
    emit currentChanged(question);
}

void QuizSession::startAttempt(Kind kind, const QList<int>& questions)
{
    m_attempts.append(Attempt {kind, m_clock(), questions, QList<int>(questionCount(), NoAnswer), {},
        QUuid::createUuid().toString(QUuid::WithoutBraces), QList<int>(questionCount(), NoAnswer)});
    m_viewingAll = false;
    startRound(questions);
    setCurrent(questions.first());
    emit answersChanged();
}

void QuizSession::startRound(const QList<int>& questions)
{
    m_round = questions;
    m_finished = false;
    emit roundChanged();
}

} // namespace rlab::quiz
