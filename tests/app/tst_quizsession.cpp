// QuizSession without any widget: answering, scoring, moving, finishing, retrying the wrong ones.
#include <QSignalSpy>
#include <QTest>

#include "quizsession.h"

class QuizSessionTest : public QObject {
    Q_OBJECT

private slots:
    void answeringAndScoring();
    void answerIsLocked();
    void movesWithinTheQuiz();
    void finishesAfterTheLastQuestion();
    void retriesOnlyTheWrongOnes();
    void restoresSavedAnswers();
    void fullyAnsweredQuizOpensOnResults();
    void restartClearsEverything();
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

QTEST_GUILESS_MAIN(QuizSessionTest)
#include "tst_quizsession.moc"
