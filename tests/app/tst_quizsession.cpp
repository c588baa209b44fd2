// QuizSession without any widget: answering, scoring, moving, finishing, retrying the wrong ones,
// the attempt history across a retry and a restart, the shuffled option order of every attempt, and
// the second try after a wrong first one.
#include <algorithm>

#include <QSignalSpy>
#include <QTest>

#include "quiz/model/quizrecord.h"
#include "quiz/model/quizsession.h"

using rlab::quiz::attemptTimeText;
using rlab::quiz::QuizSession;

class QuizSessionTest : public QObject {
    Q_OBJECT

private slots:
    void attemptTimeIsInTheLongFormat();
    void answeringAndScoring();
    void answerIsLocked();
    void movesWithinTheQuiz();
    void finishesAfterTheLastQuestion();
    void retriesOnlyTheWrongOnes();
    void restoresSavedAnswers();
    void fullyAnsweredQuizOpensOnResults();
    void restartClearsEverything();
    void historySurvivesARetryAndARestart();
    void everyAttemptShufflesTheOptions();
    void wrongFirstTryGivesASecondTry();
    void reviewAsksOnlyTheDueQuestions();
};

namespace {
const QList<int> Key {1, 3, 2, 0}; // correct option per question, 0-based
}

void QuizSessionTest::answeringAndScoring()
{
    QuizSession session;
    QSignalSpy answered(&session, &QuizSession::answered);
    session.begin(QStringLiteral("q"), Key);
    QCOMPARE(session.current(), 0);
    QCOMPARE(session.questionCount(), 4);

    QVERIFY(session.choose(1)); // right
    QCOMPARE(answered.count(), 1);
    QCOMPARE(answered.first().at(2).toBool(), true);
    QVERIFY(session.next());
    QVERIFY(session.choose(0)); // wrong: the answer is 3
    QCOMPARE(answered.last().at(2).toBool(), false);
    QCOMPARE(session.score(), 1);
    QCOMPARE(session.answeredCount(), 2);
    QCOMPARE(session.mistakes(), QList<int> {1});
    QCOMPARE(session.unanswered(), (QList<int> {2, 3}));
    QVERIFY(session.isCorrect(0));
    QVERIFY(!session.isCorrect(1));
    QCOMPARE(session.correctOption(1), 3);
}

void QuizSessionTest::answerIsLocked()
{
    QuizSession session;
    session.begin(QStringLiteral("q"), Key);
    QVERIFY(!session.choose(-1));
    QVERIFY(!session.choose(99));
    QVERIFY(session.choose(2));
    QVERIFY(!session.choose(1)); // the first choice counts, as on the seed pages
    QCOMPARE(session.chosen(0), 2);
}

void QuizSessionTest::movesWithinTheQuiz()
{
    QuizSession session;
    QSignalSpy moved(&session, &QuizSession::currentChanged);
    session.begin(QStringLiteral("q"), Key);
    QVERIFY(!session.previous()); // already first
    QVERIFY(session.next());
    QVERIFY(session.next());
    QCOMPARE(session.current(), 2);
    QVERIFY(session.previous());
    QCOMPARE(session.current(), 1);
    QVERIFY(session.goTo(3));
    QCOMPARE(session.current(), 3);
    QVERIFY(!session.goTo(4));
    QVERIFY(!session.goTo(-1));
    QCOMPARE(moved.last().first().toInt(), 3);
}

void QuizSessionTest::finishesAfterTheLastQuestion()
{
    QuizSession session;
    QSignalSpy finished(&session, &QuizSession::finished);
    session.begin(QStringLiteral("q"), Key);
    for (int i = 0; i < Key.size(); ++i) {
        QVERIFY(session.choose(Key[i]));
        QVERIFY(session.next());
    }
    QCOMPARE(finished.count(), 1);
    QVERIFY(session.isFinished());
    QCOMPARE(session.score(), 4);
    QVERIFY(session.mistakes().isEmpty());
    // Previous from the results goes back to the last question.
    QVERIFY(session.previous());
    QVERIFY(!session.isFinished());
    QCOMPARE(session.current(), 3);
}

void QuizSessionTest::retriesOnlyTheWrongOnes()
{
    QuizSession session;
    session.begin(QStringLiteral("q"), Key);
    const QList<int> answers {1, 0, 2, 3}; // questions 2 and 4 wrong
    for (int answer : answers) {
        QVERIFY(session.choose(answer));
        session.next();
    }
    QVERIFY(session.isFinished());
    QCOMPARE(session.score(), 2);
    QCOMPARE(session.mistakes(), (QList<int> {1, 3}));

    session.retryWrong();
    QVERIFY(!session.isFinished());
    QVERIFY(session.isRetry());
    QCOMPARE(session.round(), (QList<int> {1, 3}));
    QCOMPARE(session.current(), 1);
    QVERIFY(!session.isAnswered(1));
    QVERIFY(session.isAnswered(0)); // right answers stay
    QVERIFY(session.choose(3));
    QVERIFY(session.next());
    QCOMPARE(session.current(), 3); // skips the right ones
    QCOMPARE(session.positionInRound(), 1);
    QVERIFY(session.choose(0));
    QVERIFY(session.next());
    QVERIFY(session.isFinished());
    QCOMPARE(session.score(), 4);
}

void QuizSessionTest::restoresSavedAnswers()
{
    QuizSession session;
    session.begin(QStringLiteral("q"), Key, {1, QuizSession::NoAnswer, 2, QuizSession::NoAnswer});
    QCOMPARE(session.current(), 1); // the first unanswered one
    QCOMPARE(session.score(), 2);
    QVERIFY(!session.isFinished());
}

void QuizSessionTest::fullyAnsweredQuizOpensOnResults()
{
    QuizSession session;
    QSignalSpy finished(&session, &QuizSession::finished);
    session.begin(QStringLiteral("q"), Key, {1, 3, 0, 0});
    QVERIFY(session.isFinished());
    QCOMPARE(finished.count(), 1);
    QCOMPARE(session.score(), 3);
}

void QuizSessionTest::restartClearsEverything()
{
    QuizSession session;
    QSignalSpy changed(&session, &QuizSession::answersChanged);
    session.begin(QStringLiteral("q"), Key, {1, 3, 0, 0});
    session.restart();
    QCOMPARE(session.answeredCount(), 0);
    QCOMPARE(session.current(), 0);
    QVERIFY(!session.isFinished());
    QVERIFY(changed.count() >= 2);
}

// Proves: every attempt is kept with its time and answers; leaving during a retry keeps the wrong
// answers (they are not "not answered"); a new session on the saved state resumes the retry.
void QuizSessionTest::historySurvivesARetryAndARestart()
{
    const QDateTime monday(QDate(2026, 11, 30), QTime(9, 0), Qt::UTC);
    QuizSession session;
    session.setClock([&monday] { return monday; });
    const QList<int> counts {4, 4, 4, 4};
    session.begin(QStringLiteral("q"), Key, {}, {}, counts);
    // Questions 2 and 4 wrong at the first try (a hint) and again at the second (2, then 1).
    const QList<int> secondTries {-1, 2, -1, 1};
    for (int answer : {1, 0, 2, 3}) {
        QVERIFY(session.choose(answer));
        if (!session.isAnswered(session.current()))
            QVERIFY(session.choose(secondTries[session.current()]));
        session.next();
    }
    QCOMPARE(session.attempts().size(), 1);
    QCOMPARE(session.attempts().first().kind, QuizSession::Kind::First);
    QCOMPARE(session.attempts().first().started, monday);

    const QDateTime later = monday.addSecs(3600);
    session.setClock([&later] { return later; });
    session.retryWrong();
    QCOMPARE(session.attempts().size(), 2);
    QCOMPARE(session.attempts().last().kind, QuizSession::Kind::Retry);
    QCOMPARE(session.attempts().last().started, later);
    QCOMPARE(session.attempts().last().questions, (QList<int> {1, 3}));
    QVERIFY(!session.isAnswered(1)); // open in the retry...
    QCOMPARE(session.latestAnswer(1), 2); // ...but the wrong answer is still the latest one
    QVERIFY(session.choose(3)); // question 2 now right; the learner leaves before question 4

    // A restart of the app: a new session on what was saved.
    QuizSession again;
    again.begin(QStringLiteral("q"), Key, session.latestAnswers(), session.attempts(), counts);
    QCOMPARE(again.attempts().size(), 2);
    QCOMPARE(again.current(), 3); // the retry resumes at its open question
    QVERIFY(again.isRetry());
    QCOMPARE(again.latestAnswer(3), 1); // still the wrong answer, not "not answered"
    QCOMPARE(again.mistakes(), QList<int> {3});
    QVERIFY(again.unanswered().isEmpty());
    QCOMPARE(again.score(), 3);
    QCOMPARE(again.firstTryScore(), 2);
    QCOMPARE(again.firstTryAnswer(1), 0); // the first try, not the second
    QCOMPARE(again.attemptScore(1), 1);
    QVERIFY(again.choose(0));
    again.next();
    QVERIFY(again.isFinished());
    QCOMPARE(again.score(), 4);
    QCOMPARE(again.bestScore(), 4);
    QCOMPARE(again.firstTryScore(), 2); // the first try is not overwritten

    again.restart();
    QCOMPARE(again.attempts().size(), 3);
    QCOMPARE(again.attempts().last().kind, QuizSession::Kind::Restart);
    QCOMPARE(again.answeredCount(), 0);
    QCOMPARE(again.bestScore(), 4); // the history keeps the best
}

// Proves: every attempt shuffles the options, the first included, each question its own way and the
// same again for the same attempt after a restart (its id is saved); another attempt another way; a
// seed makes the order the same on every run (screenshots); "view all questions" keeps the attempt's.
void QuizSessionTest::everyAttemptShufflesTheOptions()
{
    const QList<int> counts {4, 4, 4, 4};
    const QList<int> seed {0, 1, 2, 3};
    QuizSession session;
    session.begin(QStringLiteral("quiz"), Key, {}, {}, counts);
    QList<QList<int>> first;
    for (int question = 0; question < 4; ++question) {
        const QList<int> order = session.optionOrder(question);
        QVERIFY(order != seed); // never the order the content wrote, where the key may sit by habit
        QList<int> sorted = order;
        std::sort(sorted.begin(), sorted.end());
        QCOMPARE(sorted, seed);
        first.append(order);
    }
    QVERIFY(first[0] != first[1] || first[1] != first[2]); // per question, not one fixed order
    for (int question = 0; question < 4; ++question) { // right, first time, so no second try
        QVERIFY(session.choose(Key[question]));
        session.next();
    }
    QuizSession again;
    again.begin(QStringLiteral("quiz"), Key, session.latestAnswers(), session.attempts(), counts);
    QCOMPARE(again.optionOrder(0), first[0]); // the same attempt, after a restart
    again.restart();
    bool other = false;
    for (int question = 0; question < 4; ++question)
        other = other || again.optionOrder(question) != first[question];
    QVERIFY(other); // a new attempt, a new shuffle
    QVERIFY(again.goTo(3));
    QCOMPARE(again.optionOrder(3), again.optionOrder(3)); // stable while viewing all questions

    QuizSession seeded, seededAgain;
    seeded.setShuffleSeed(7);
    seededAgain.setShuffleSeed(7);
    seeded.begin(QStringLiteral("quiz"), Key, {}, {}, counts);
    seededAgain.begin(QStringLiteral("quiz"), Key, {}, {}, counts);
    for (int question = 0; question < 4; ++question)
        QCOMPARE(seeded.optionOrder(question), seededAgain.optionOrder(question));
}

// Proves: a wrong first try is a hint, not an answer: the question stays open, the same option
// cannot be chosen twice, the second choice answers it; the answer signal and the attempt's score
// count the first try (review and mastery follow it), and the first try is what firstTryAnswer says.
void QuizSessionTest::wrongFirstTryGivesASecondTry()
{
    QuizSession session;
    QSignalSpy hinted(&session, &QuizSession::hinted);
    QSignalSpy answered(&session, &QuizSession::answered);
    session.begin(QStringLiteral("q"), Key, {}, {}, {4, 4, 4, 2});
    QVERIFY(session.choose(0)); // wrong: the key is 1
    QCOMPARE(hinted.count(), 1);
    QCOMPARE(answered.count(), 0);
    QVERIFY(!session.isAnswered(0));
    QCOMPARE(session.hintedOption(0), 0);
    QVERIFY(!session.choose(0)); // already tried
    QVERIFY(session.choose(1)); // right, on the second try
    QCOMPARE(answered.count(), 1);
    QCOMPARE(answered.last().at(2).toBool(), false); // not right the first time: review counts that
    QVERIFY(session.isCorrect(0));
    QVERIFY(!session.isRightFirstTime(0));
    QCOMPARE(session.firstTryAnswer(0), 0);
    QCOMPARE(session.attemptScore(0), 0);
    QCOMPARE(session.score(), 1); // the latest answer is right
    QCOMPARE(session.attempts().last().firstTries.value(0), 0);

    session.next();
    QVERIFY(session.choose(3)); // right the first time
    QVERIFY(session.isRightFirstTime(1));
    QCOMPARE(session.attemptScore(0), 1);
    session.next();
    QVERIFY(session.choose(0)); // wrong, hinted
    QVERIFY(session.choose(1)); // wrong again: answered, wrong
    QVERIFY(session.isAnswered(2));
    QVERIFY(!session.isCorrect(2));
    session.next();
    QVERIFY(session.choose(1)); // two options: no second try, a wrong answer is final
    QVERIFY(session.isAnswered(3));
}

void QuizSessionTest::reviewAsksOnlyTheDueQuestions()
{
    QuizSession session;
    session.begin(QStringLiteral("q"), Key, {1, 0, 2, 0}, {}, {4, 4, 4, 4});
    QVERIFY(session.isFinished());
    session.review({1, 1, 9});
    QCOMPARE(session.attempts().last().kind, QuizSession::Kind::Review);
    QCOMPARE(session.round(), QList<int> {1});
    QVERIFY(!session.isAnswered(1));
    QVERIFY(session.optionOrder(1) != (QList<int> {0, 1, 2, 3}));
    QVERIFY(session.choose(3));
    QCOMPARE(session.score(), 4);
}

QTEST_GUILESS_MAIN(QuizSessionTest)
#include "tst_quizsession.moc"

// Proves: an attempt's time reads in the locale's long date and short time, not "12/2/26 1:13 AM".
void QuizSessionTest::attemptTimeIsInTheLongFormat()
{
    const QDateTime when(QDate(2026, 12, 2), QTime(1, 13));
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QVERIFY2(attemptTimeText(when).startsWith(QStringLiteral("Wednesday, December 2, 2026, 1:13")),
        qPrintable(attemptTimeText(when)));
    QVERIFY(!attemptTimeText(when).contains(QStringLiteral("12/2/26")));
    QLocale::setDefault(QLocale(QLocale::Russian, QLocale::Russia));
    QVERIFY2(
        attemptTimeText(when).contains(QStringLiteral("декабря 2026")), qPrintable(attemptTimeText(when)));
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}
