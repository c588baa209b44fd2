// QuizStandings, headless: from the content, the saved progress and a day it says what is due for
// review, what is mastered and each quiz's and topic's standing; and old progress (format 1, no
// review cards) gets its wrong answers scheduled once, on the day it is first seen.
#include <QTest>

#include "quiz/model/progressstore.h"
#include "quiz/model/quizsession.h"
#include "quiz/model/quizstandings.h"
#include "quiz/model/reviewschedule.h"
#include "rlab/content/content.h"

using rlab::quiz::ProgressStore;
using rlab::quiz::QuizProgress;
using rlab::quiz::QuizStanding;
using rlab::quiz::QuizStandings;
using rlab::quiz::ReviewCard;
namespace ReviewSchedule = rlab::quiz::ReviewSchedule;
using rlab::quiz::scheduleEarlierMistakes;

namespace {

const QString Quiz = QStringLiteral("mini-quiz");
const QDate Monday(2026, 11, 30);

rlab::content::Content fixtureContent()
{
    return rlab::content::loadContent(RLAB_APP_FIXTURE_DIR "/content", "en");
}

// The fixture's format-1 file: what-is-traded answered right (b), sqrt-rule wrong (a), why-stored
// not answered.
ProgressStore oldProgress()
{
    ProgressStore progress
        = ProgressStore::readOnly(QStringLiteral(RLAB_APP_FIXTURE_DIR "/progress-v1.json"));
    progress.load();
    return progress;
}

} // namespace

class QuizStandingsTest : public QObject {
    Q_OBJECT

private slots:
    void oldMistakesAreScheduledOnce();
    void standingsPerQuizAndTopic();
    void dueFollowsTheDay();
};

void QuizStandingsTest::oldMistakesAreScheduledOnce()
{
    const rlab::content::Content content = fixtureContent();
    QVERIFY(content.errors.empty());
    ProgressStore progress = oldProgress();
    QVERIFY2(progress.problem().isEmpty(), qPrintable(progress.problem()));
    QVERIFY(progress.quiz(Quiz).review.isEmpty());
    QVERIFY(QuizStandings(content, progress, Monday).due().isEmpty()); // no cards yet: nothing due

    QVERIFY(scheduleEarlierMistakes(content, progress, Monday));
    const QHash<QString, ReviewCard> review = progress.quiz(Quiz).review;
    QCOMPARE(review.keys(), QList<QString> {QStringLiteral("sqrt-rule")}); // the wrong one only
    QCOMPARE(review.value(QStringLiteral("sqrt-rule")).box, 1);
    QCOMPARE(review.value(QStringLiteral("sqrt-rule")).due, Monday);
    // Once: a later load (another language, a pack) neither adds nor moves a card.
    QVERIFY(!scheduleEarlierMistakes(content, progress, Monday.addDays(3)));
    QCOMPARE(progress.quiz(Quiz).review.value(QStringLiteral("sqrt-rule")).due, Monday);
}

void QuizStandingsTest::standingsPerQuizAndTopic()
{
    const rlab::content::Content content = fixtureContent();
    ProgressStore progress = oldProgress();
    scheduleEarlierMistakes(content, progress, Monday);
    const QuizStandings standings(content, progress, Monday);

    const QuizStanding standing = standings.standing(Quiz);
    QCOMPARE(standing.answered, 2);
    QCOMPARE(standing.correct, 1);
    QCOMPARE(standing.due, 1);
    QCOMPARE(standing.attempts, 1); // format 1's answers became the first attempt
    QCOMPARE(standing.topics.size(), 2);
    QCOMPARE(standing.topics[0].topic, QStringLiteral("What recomputation trades"));
    QCOMPARE(standing.topics[0].questions, 2);
    QCOMPARE(standing.topics[0].mastered, 1); // what-is-traded: right, not due; why-stored: open
    QCOMPARE(standing.topics[1].topic, QStringLiteral("Square-root placement"));
    QCOMPARE(standing.topics[1].questions, 1);
    QCOMPARE(standing.topics[1].mastered, 0);

    QVERIFY(standings.isMastered(Quiz, 0));
    QVERIFY(!standings.isMastered(Quiz, 1));
    QVERIFY(!standings.isMastered(Quiz, 2));
    QVERIFY(!standings.isMastered(QStringLiteral("no-such-quiz"), 0));
    QCOMPARE(standings.standings().size(), static_cast<qsizetype>(content.quizzes.size()));
}

void QuizStandingsTest::dueFollowsTheDay()
{
    const rlab::content::Content content = fixtureContent();
    ProgressStore progress = oldProgress();
    scheduleEarlierMistakes(content, progress, Monday);

    const QuizStandings before(content, progress, Monday.addDays(-1));
    QVERIFY(before.due().isEmpty());
    QCOMPARE(before.dueCount(), 0);
    QVERIFY(before.firstQuizWithDue().isEmpty());

    const QuizStandings today(content, progress, Monday);
    QCOMPARE(today.due(Quiz), QList<int> {2});
    QCOMPARE(today.dueCount(), 1);
    QCOMPARE(today.firstQuizWithDue(), Quiz);

    // Answered right on its day it goes to box 2: not due tomorrow, due two days later, and
    // mastered meanwhile.
    QuizProgress saved = progress.quiz(Quiz);
    ReviewSchedule::record(saved.review, QStringLiteral("sqrt-rule"), true, Monday);
    saved.answers.insert(QStringLiteral("sqrt-rule"), QStringLiteral("c"));
    progress.setQuiz(Quiz, saved);
    QVERIFY(QuizStandings(content, progress, Monday.addDays(1)).due().isEmpty());
    QVERIFY(QuizStandings(content, progress, Monday.addDays(1)).isMastered(Quiz, 2));
    QCOMPARE(QuizStandings(content, progress, Monday.addDays(2)).due(Quiz), QList<int> {2});
    QVERIFY(!QuizStandings(content, progress, Monday.addDays(2)).isMastered(Quiz, 2));
}

QTEST_GUILESS_MAIN(QuizStandingsTest)
#include "tst_quizstandings.moc"
