#pragma once
// The quiz as a state machine (current question, answers, score, attempts): no widgets, so the
// answering flow is tested headless and the pages only render it. Every attempt is kept: the
// first try, retries of the wrong ones, reviews and restarts, each with its time and answers. A
// question keeps its latest answer until a new one is given, so leaving a retry loses nothing.

#include <cstdint>
#include <functional>
#include <optional>

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>

namespace rlab::quiz {

class QuizSession : public QObject {
    Q_OBJECT

public:
    static constexpr int NoAnswer = -1;

    enum class Kind { First, Retry, Review, Restart };
    struct Attempt {
        Kind kind = Kind::First;
        QDateTime started; // invalid when unknown (progress from before attempts were kept)
        QList<int> questions; // this attempt's questions, in order
        QList<int> answers; // per question of the quiz: the option chosen in this attempt, or NoAnswer
        QList<int> guideOpened; // questions whose guide section was opened before answering
        QString
            id {}; // random, given when it starts: two windows' attempts never share one (empty in old files)
        // Per question of the quiz: a wrong first try the learner was given a second try after, or
        // NoAnswer (the answer above was the first try). Review and mastery count the first try.
        QList<int> firstTries {};
    };
    static QString kindName(Kind kind); // "first", "retry", ... as saved
    static Kind kindFromName(const QString& name); // unknown names read as Retry

    explicit QuizSession(QObject* parent = nullptr);

    // Where "now" comes from: attempt times (tests inject a fixed clock). Default: the system's.
    void setClock(std::function<QDateTime()> clock);
    QDateTime now() const { return m_clock(); }

    // Starts `quizId` whose question i is answered correctly by option answerKey[i] (0-based) and
    // has optionCounts[i] options (empty: unknown, and options are never shuffled). `latest`
    // restores the latest answers (NoAnswer where none) and `attempts` the history; the last
    // attempt resumes where it was left, a finished one opens on its results.
    void begin(const QString& quizId, const QList<int>& answerKey, const QList<int>& latest = {},
        const QList<Attempt>& attempts = {}, const QList<int>& optionCounts = {});
    void clear();

    QString quizId() const { return m_quizId; }
    int questionCount() const { return static_cast<int>(m_answerKey.size()); }
    int current() const { return m_current; } // 0-based question index, -1 when no quiz
    bool isFinished() const { return m_finished; }
    bool isRetry() const { return m_round.size() != m_answerKey.size(); }
    QList<int> round() const { return m_round; } // the questions of this round, in order
    int positionInRound() const; // 0-based place of current() in round()

    // The question as shown now: answered in this attempt (or earlier, when it is not asked
    // again), and with which option. A question asked again in a retry is open until answered.
    int chosen(int question) const;
    bool isAnswered(int question) const { return chosen(question) != NoAnswer; }
    bool isCorrect(int question) const;
    int correctOption(int question) const;
    // The latest answer ever given, open or not (what is saved).
    int latestAnswer(int question) const;
    QList<int> latestAnswers() const { return m_latest; }

    int score() const; // questions whose latest answer is right
    int answeredCount() const;
    QList<int> mistakes() const; // latest answer wrong
    QList<int> unanswered() const; // never answered

    // The display order of a question's options: element i is the option shown i-th. Shuffled on
    // every attempt, the first included, and fixed within it: by the attempt's id, so a restart of
    // the app shows the same order, or, once setShuffleSeed is called, by that seed and the attempt's
    // place (screenshots and tests that must look the same every time).
    QList<int> optionOrder(int question) const;
    static QList<int> shuffledOrder(const QString& quizId, int attempt, int question, int count);
    void setShuffleSeed(std::uint32_t seed);

    QList<Attempt> attempts() const { return m_attempts; }
    int attemptScore(int attempt) const; // right answers given in that attempt
    // The outcome on the first try: NoAnswer when not answered then, else the option chosen.
    int firstTryAnswer(int question) const;
    int firstTryScore() const { return attemptScore(0); }
    int bestScore() const; // the most questions right at once, over the whole history
    // The learner opened the guide before answering the current question: recorded in the attempt.
    void recordGuideOpened();

    // Answers the current question; false when it is already answered, `option` is out of range or
    // was the wrong first try. A wrong first try of a question with three options or more is a hint,
    // not an answer: it is kept (hinted), and the question stays open for one more choice.
    bool choose(int option);
    // The wrong first try the current attempt gave `question`, or NoAnswer.
    int hintedOption(int question) const;
    // Whether `question`'s latest answer in this attempt came on the first try.
    bool isRightFirstTime(int question) const;
    bool next(); // to the next question of the round; past the last one the round finishes
    bool previous(); // to the previous question of the round
    bool goTo(int question); // any question of the quiz (leaves a retry round for the full quiz)
    void finish();
    void retryWrong(); // a new attempt at the wrong and unanswered questions
    void review(const QList<int>& questions); // a new attempt at these (due for review)
    void restart(); // every answer cleared, a new attempt at every question

signals:
    void currentChanged(int question);
    // The final answer; `correct` is whether the first try was right (what review counts).
    void answered(int question, int option, bool correct);
    void hinted(int question, int option); // a wrong first try: one more choice follows
    void answersChanged(); // any change to answers or attempts (for saving)
    void finished();
    void roundChanged();

private:
    bool validQuestion(int question) const { return question >= 0 && question < m_answerKey.size(); }
    bool isOpen(int question) const; // asked in the current attempt and not answered there yet
    QList<int> allQuestions() const;
    void setCurrent(int question);
    void startAttempt(Kind kind, const QList<int>& questions);
    void startRound(const QList<int>& questions);

    std::function<QDateTime()> m_clock;
    QString m_quizId;
    QList<int> m_answerKey;
    QList<int> m_optionCounts;
    QList<int> m_latest;
    QList<Attempt> m_attempts;
    QList<int> m_round;
    bool m_viewingAll = false; // the round is every question, reached from "view all questions"
    int m_current = -1;
    bool m_finished = false;
    std::optional<std::uint32_t> m_shuffleSeed;
};

} // namespace rlab::quiz
