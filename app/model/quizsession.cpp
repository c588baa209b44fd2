#include "quizsession.h"

QuizSession::QuizSession(QObject* parent)
    : QObject(parent)
{
}

void QuizSession::begin(const QString& quizId, const QList<int>& answerKey, const QList<int>& chosen)
{
    m_quizId = quizId;
    m_answerKey = answerKey;
    m_chosen = QList<int>(answerKey.size(), NoAnswer);
    for (int i = 0; i < answerKey.size() && i < chosen.size(); ++i) {
        if (chosen[i] >= 0 && chosen[i] < 16)
            m_chosen[i] = chosen[i];
    }
    startRound(allQuestions());
    // Resume at the first unanswered question; a fully answered quiz resumes on its results.
    const QList<int> open = unanswered();
    if (!open.isEmpty()) {
        setCurrent(open.first());
    } else if (!answerKey.isEmpty()) {
        setCurrent(static_cast<int>(answerKey.size()) - 1);
        finish();
    }
    emit answersChanged();
}

void QuizSession::clear()
{
    m_quizId.clear();
    m_answerKey.clear();
    m_chosen.clear();
    m_round.clear();
    m_finished = false;
    setCurrent(-1);
}

int QuizSession::positionInRound() const
{
    return static_cast<int>(m_round.indexOf(m_current));
}

int QuizSession::chosen(int question) const
{
    return validQuestion(question) ? m_chosen[question] : NoAnswer;
}

bool QuizSession::isCorrect(int question) const
{
    return validQuestion(question) && m_chosen[question] == m_answerKey[question];
}

int QuizSession::correctOption(int question) const
{
    return validQuestion(question) ? m_answerKey[question] : NoAnswer;
}

int QuizSession::score() const
{
    int n = 0;
    for (int i = 0; i < m_answerKey.size(); ++i)
        n += isCorrect(i) ? 1 : 0;
    return n;
}

int QuizSession::answeredCount() const
{
    return static_cast<int>(m_chosen.size() - m_chosen.count(NoAnswer));
}

QList<int> QuizSession::mistakes() const
{
    QList<int> wrong;
    for (int i = 0; i < m_answerKey.size(); ++i) {
        if (isAnswered(i) && !isCorrect(i))
            wrong.append(i);
    }
    return wrong;
}

QList<int> QuizSession::unanswered() const
{
    QList<int> open;
    for (int i = 0; i < m_chosen.size(); ++i) {
        if (m_chosen[i] == NoAnswer)
            open.append(i);
    }
    return open;
}

bool QuizSession::choose(int option)
{
    // Options are at most a handful; the content loader guarantees 2..6 of them.
    if (!validQuestion(m_current) || isAnswered(m_current) || option < 0 || option >= 16)
        return false;
    m_chosen[m_current] = option;
    emit answered(m_current, option, isCorrect(m_current));
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
    for (int i = 0; i < m_answerKey.size(); ++i) {
        if (!isCorrect(i))
            again.append(i);
    }
    if (again.isEmpty())
        return;
    for (int i : again)
        m_chosen[i] = NoAnswer;
    startRound(again);
    setCurrent(again.first());
    emit answersChanged();
}

void QuizSession::restart()
{
    m_chosen.fill(NoAnswer);
    startRound(allQuestions());
    setCurrent(m_answerKey.isEmpty() ? -1 : 0);
    emit answersChanged();
}

QList<int> QuizSession::allQuestions() const
{
    QList<int> all;
    for (int i = 0; i < m_answerKey.size(); ++i)
        all.append(i);
    return all;
}

// Always emits, even for the same question: leaving the results page re-shows it.
void QuizSession::setCurrent(int question)
{
    m_current = question;
    emit currentChanged(question);
}

void QuizSession::startRound(const QList<int>& questions)
{
    m_round = questions;
    m_finished = false;
    emit roundChanged();
}
