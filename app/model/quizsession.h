#pragma once
// The quiz as a state machine (current question, chosen answers, score, rounds): no widgets,
// so the answering flow is tested headless and the pages only render it.

#include <QList>
#include <QObject>
#include <QString>

class QuizSession : public QObject {
    Q_OBJECT

public:
    static constexpr int NoAnswer = -1;

    explicit QuizSession(QObject* parent = nullptr);

    // Starts `quizId` whose question i is answered correctly by option answerKey[i] (0-based).
    // `chosen` restores earlier answers (NoAnswer where none); a finished quiz opens on its results.
    void begin(const QString& quizId, const QList<int>& answerKey, const QList<int>& chosen = {});
    void clear();

    QString quizId() const { return m_quizId; }
    int questionCount() const { return static_cast<int>(m_answerKey.size()); }
    int current() const { return m_current; } // 0-based question index, -1 when no quiz
    bool isFinished() const { return m_finished; }
    bool isRetry() const { return m_round.size() != m_answerKey.size(); }
    QList<int> round() const { return m_round; } // the questions of this round, in order
    int positionInRound() const; // 0-based place of current() in round()

    int chosen(int question) const;
    bool isAnswered(int question) const { return chosen(question) != NoAnswer; }
    bool isCorrect(int question) const;
    int correctOption(int question) const;
    QList<int> chosenAnswers() const { return m_chosen; }

    int score() const; // correctly answered questions
    int answeredCount() const;
    QList<int> mistakes() const; // answered wrongly
    QList<int> unanswered() const;

    // Answers the current question; false when it is already answered or `option` is out of range.
    bool choose(int option);
    bool next(); // to the next question of the round; past the last one the round finishes
    bool previous(); // to the previous question of the round
    bool goTo(int question); // any question of the quiz (leaves a retry round for the full quiz)
    void finish();
    void retryWrong(); // a new round of the wrong and unanswered questions, their answers cleared
    void restart(); // every answer cleared, back to question 1

signals:
    void currentChanged(int question);
    void answered(int question, int option, bool correct);
    void answersChanged(); // any change to chosen answers (for saving)
    void finished();
    void roundChanged();

private:
    bool validQuestion(int question) const { return question >= 0 && question < m_answerKey.size(); }
    QList<int> allQuestions() const;
    void setCurrent(int question);
    void startRound(const QList<int>& questions);

    QString m_quizId;
    QList<int> m_answerKey;
    QList<int> m_chosen;
    QList<int> m_round;
    int m_current = -1;
    bool m_finished = false;
};
