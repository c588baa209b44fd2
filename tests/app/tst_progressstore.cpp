// ProgressStore: answers, attempts, review boxes and language survive a new store on the same
// folder; today's format 1 migrates without loss; a corrupt file is set aside and reported, never
// fatal; writes are atomic (no temporary left behind), checked to the last byte (a full disk keeps
// the old file) and merged with what another window saved; a newer format, a link and a read-only
// store's file are left as they are.
#include <cerrno>
#include <csignal>
#include <cstring>
#include <optional>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include "quiz/model/progressstore.h"
#include "rlab/safe_write.h"

using rlab::quiz::ProgressStore;
using rlab::quiz::QuizProgress;
using rlab::quiz::ReviewCard;
using rlab::quiz::SavedAttempt;

// Sets (or unsets, given a null value) an environment variable for its scope and puts the old value
// back when it ends, a failed QVERIFY's early return included: a test never leaks its environment.
class ScopedEnvironment {
public:
    ScopedEnvironment(const char* name, const QByteArray& value)
        : m_name(name)
        , m_old(qgetenv(name))
        , m_wasSet(qEnvironmentVariableIsSet(name))
    {
        value.isNull() ? qunsetenv(name) : qputenv(name, value);
    }
    ~ScopedEnvironment() { m_wasSet ? qputenv(m_name, m_old) : qunsetenv(m_name); }
    ScopedEnvironment(const ScopedEnvironment&) = delete;
    ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

private:
    const char* m_name;
    QByteArray m_old;
    bool m_wasSet;
};

class ProgressStoreTest : public QObject {
    Q_OBJECT

private slots:
    void roundTrip();
    void historyAndReviewRoundTrip();
    void migratesTodaysFormat();
    void missingFileIsEmptyProgress();
    void corruptFileIsSetAside_data();
    void corruptFileIsSetAside();
    void inMemoryStoreWritesNothing();
    void environmentChoosesTheFolder();
    void windowLayoutIsStateNotData();
    void unwritableFolderIsReported();
    void unreadableFileIsKept();
    void specialFilesAreNotRead_data();
    void specialFilesAreNotRead();
    void fullDiskKeepsTheOldFile();
    void twoWindowsKeepEachOthersAnswers();
    void attemptsStartedInOneMillisecondAreBothKept();
    void attemptsWithoutIdsStillMerge();
    void aLockThatCannotBeTakenKeepsTheFile_data();
    void aLockThatCannotBeTakenKeepsTheFile();
    void newerFormatIsLeftAlone_data();
    void newerFormatIsLeftAlone();
    void readOnlyStoreNeverRenames();
    void linkIsNotWrittenThrough();
    void growingHistoryStaysLoadable();
    void garbageAndKilledLocksDoNotBlock();
    void oneAttemptAnsweredInTwoWindowsKeepsBoth();
    void killedSavesLeaveNothingBehind();
    void partlyReadableFileIsSetAsideKeepingWhatWasRead_data();
    void partlyReadableFileIsSetAsideKeepingWhatWasRead();
    void partlyReadableAtSaveKeepsThisWindowsChange();
};

namespace {

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeAll(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes), bytes.size());
}

SavedAttempt attemptAt(const QDateTime& started, const QString& question, const QString& option)
{
    return SavedAttempt {QStringLiteral("first"), started, {question}, {{question, option}}, {}};
}

} // namespace

void ProgressStoreTest::roundTrip()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    {
        ProgressStore store(dir.path());
        store.load();
        store.setLanguage(QStringLiteral("sn"));
        store.setAnswers(QStringLiteral("quiz-a"), {{QStringLiteral("q1"), QStringLiteral("b")}});
        store.setAnswers(QStringLiteral("quiz-b"), {{QStringLiteral("x"), QStringLiteral("d")}});
        QVERIFY(store.save());
        QVERIFY(store.problem().isEmpty());
    }
    // Only the file itself: QSaveFile removed its temporary.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList {QStringLiteral("progress.json")});

    ProgressStore again(dir.path());
    again.load();
    QVERIFY(again.problem().isEmpty());
    QCOMPARE(again.language(), QStringLiteral("sn"));
    QCOMPARE(again.answers(QStringLiteral("quiz-a")).value(QStringLiteral("q1")), QStringLiteral("b"));
    QCOMPARE(again.answers(QStringLiteral("quiz-b")).value(QStringLiteral("x")), QStringLiteral("d"));
    QVERIFY(again.answers(QStringLiteral("nope")).isEmpty());
}

void ProgressStoreTest::historyAndReviewRoundTrip()
{
    QTemporaryDir dir;
    QuizProgress quiz;
    quiz.answers = {{QStringLiteral("q1"), QStringLiteral("b")}, {QStringLiteral("q2"), QStringLiteral("a")}};
    const QDateTime started(QDate(2026, 11, 30), QTime(10, 15), Qt::UTC);
    quiz.attempts.append(
        SavedAttempt {QStringLiteral("first"), started, {QStringLiteral("q1"), QStringLiteral("q2")},
            {{QStringLiteral("q1"), QStringLiteral("c")}, {QStringLiteral("q2"), QStringLiteral("a")}}, {}});
    quiz.attempts.append(SavedAttempt {QStringLiteral("retry"), started.addSecs(60), {QStringLiteral("q1")},
        {{QStringLiteral("q1"), QStringLiteral("b")}}, {QStringLiteral("q1")}});
    quiz.review.insert(QStringLiteral("q1"), ReviewCard {2, QDate(2026, 12, 2)});
    {
        ProgressStore store(dir.path());
        store.setQuiz(QStringLiteral("quiz-a"), quiz);
        QVERIFY(store.save());
    }
    ProgressStore again(dir.path());
    again.load();
    QVERIFY2(again.problem().isEmpty(), qPrintable(again.problem()));
    const QuizProgress read = again.quiz(QStringLiteral("quiz-a"));
    QCOMPARE(read.answers, quiz.answers);
    QCOMPARE(read.attempts.size(), 2);
    QCOMPARE(read.attempts[0].kind, QStringLiteral("first"));
    QCOMPARE(read.attempts[0].started, started);
    QCOMPARE(read.attempts[0].answers, quiz.attempts[0].answers);
    QCOMPARE(read.attempts[1].questions, QStringList {QStringLiteral("q1")});
    QCOMPARE(read.attempts[1].guideOpened, QStringList {QStringLiteral("q1")});
    QCOMPARE(read.review.value(QStringLiteral("q1")).box, 2);
    QCOMPARE(read.review.value(QStringLiteral("q1")).due, QDate(2026, 12, 2));
}

// Proves: a file in format 1 (what the app wrote before attempts were kept: the answers alone)
// loads without loss, its answers becoming the latest answers and the first attempt, and is
// written back in format 2 with the same answers.
void ProgressStoreTest::migratesTodaysFormat()
{
    QTemporaryDir dir;
    const QString path = QDir(dir.path()).filePath(QStringLiteral("progress.json"));
    QVERIFY(QFile::copy(QStringLiteral(RLAB_APP_FIXTURE_DIR "/progress-v1.json"), path));
    QVERIFY(QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    const QHash<QString, QString> answers {{QStringLiteral("sqrt-rule"), QStringLiteral("a")},
        {QStringLiteral("what-is-traded"), QStringLiteral("b")}};
    {
        ProgressStore store(dir.path());
        store.load();
        QVERIFY2(store.problem().isEmpty(), qPrintable(store.problem()));
        QCOMPARE(store.language(), QStringLiteral("ru"));
        const QuizProgress quiz = store.quiz(QStringLiteral("mini-quiz"));
        QCOMPARE(quiz.answers, answers);
        QCOMPARE(quiz.attempts.size(), 1);
        QCOMPARE(quiz.attempts.first().kind, QStringLiteral("first"));
        QCOMPARE(quiz.attempts.first().answers, answers);
        QVERIFY(!quiz.attempts.first().started.isValid()); // unknown, not invented
        QVERIFY(store.save());
    }
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("\"version\": 2"));
    ProgressStore again(dir.path());
    again.load();
    QVERIFY(again.problem().isEmpty());
    QCOMPARE(again.answers(QStringLiteral("mini-quiz")), answers);
    QCOMPARE(again.quiz(QStringLiteral("mini-quiz")).attempts.size(), 1);
}

void ProgressStoreTest::missingFileIsEmptyProgress()
{
    QTemporaryDir dir;
    ProgressStore store(dir.path());
    store.load();
    QVERIFY(store.problem().isEmpty());
    QVERIFY(store.language().isEmpty());
    QVERIFY(store.answers(QStringLiteral("quiz-a")).isEmpty());
}

void ProgressStoreTest::corruptFileIsSetAside_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("truncated") << QByteArray(R"({"version":1,"language":"ru","quizzes":{"a":{"q1":"b")");
    // A NUL, control bytes, then " not json".
    QTest::newRow("garbage") << QByteArray::fromHex("0001ff206e6f74206a736f6e");
    QTest::newRow("array") << QByteArray("[1,2,3]");
    QTest::newRow("no such version") << QByteArray(R"({"version":0})");
    QTest::newRow("wrong types") << QByteArray(R"({"version":1,"quizzes":{"a":["b"]}})");
}

void ProgressStoreTest::corruptFileIsSetAside()
{
    QFETCH(QByteArray, bytes);
    QTemporaryDir dir;
    const QString path = QDir(dir.path()).filePath(QStringLiteral("progress.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
    file.close();

    ProgressStore store(dir.path());
    store.load();
    QVERIFY(!store.problem().isEmpty());
    QVERIFY(store.problem().contains(QStringLiteral("corrupt-")));
    QVERIFY(!QFile::exists(path));
    QVERIFY(QFile::exists(store.setAsidePath()));
    QFile aside(store.setAsidePath());
    QVERIFY(aside.open(QIODevice::ReadOnly));
    QCOMPARE(aside.readAll(), bytes); // kept byte for byte, for the learner to inspect
    QVERIFY(store.answers(QStringLiteral("a")).isEmpty());

    // The app goes on: saving works and the next start is clean.
    store.setAnswers(QStringLiteral("a"), {{QStringLiteral("q1"), QStringLiteral("c")}});
    QVERIFY(store.save());
    ProgressStore again(dir.path());
    again.load();
    QVERIFY(again.problem().isEmpty());
    QCOMPARE(again.answers(QStringLiteral("a")).value(QStringLiteral("q1")), QStringLiteral("c"));
}

void ProgressStoreTest::inMemoryStoreWritesNothing()
{
    QTemporaryDir dir;
    const ScopedEnvironment folder("RLAB_STATE_DIR", dir.path().toUtf8());
    ProgressStore store = ProgressStore::inMemory();
    store.load();
    store.setLanguage(QStringLiteral("ru"));
    QVERIFY(store.save());
    QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
}

void ProgressStoreTest::environmentChoosesTheFolder()
{
    QTemporaryDir dir;
    const ScopedEnvironment folder("RLAB_STATE_DIR", dir.path().toUtf8());
    ProgressStore store;
    QCOMPARE(store.filePath(), QDir(dir.path()).filePath(QStringLiteral("progress.json")));
}

// The window's layout is kept apart from the progress: beside it where a folder is given, else in
// $XDG_STATE_HOME/recompute-lab/window.json; a progress file from before keeps its layout once.
void ProgressStoreTest::windowLayoutIsStateNotData()
{
    QTemporaryDir dir;
    {
        ProgressStore store(dir.path());
        store.load();
        store.setWindowLayout(QStringLiteral("geometry"), QByteArray("\x01\x02size"));
        QVERIFY(store.save());
    }
    QFile progress(QDir(dir.path()).filePath(QStringLiteral("progress.json")));
    QVERIFY(progress.open(QIODevice::ReadOnly));
    QVERIFY(!progress.readAll().contains("\"window\""));
    QVERIFY(QFileInfo::exists(QDir(dir.path()).filePath(QStringLiteral("window.json"))));
    ProgressStore again(dir.path());
    again.load();
    QCOMPARE(again.windowLayout(QStringLiteral("geometry")), QByteArray("\x01\x02size"));

    QTemporaryDir legacy;
    QFile old(QDir(legacy.path()).filePath(QStringLiteral("progress.json")));
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.write(R"({"version": 2, "language": "en", "quizzes": {}, "window": {"geometry": "YWJj"}})");
    old.close();
    ProgressStore migrated(legacy.path());
    migrated.load();
    QCOMPARE(migrated.windowLayout(QStringLiteral("geometry")), QByteArray("abc"));

    // No folder given: the progress in XDG_DATA_HOME (Qt's AppDataLocation), the layout in XDG_STATE_HOME.
    QTemporaryDir home;
    const ScopedEnvironment folder("RLAB_STATE_DIR", QByteArray());
    const ScopedEnvironment state(
        "XDG_STATE_HOME", QDir(home.path()).filePath(QStringLiteral("state")).toUtf8());
    const ScopedEnvironment data(
        "XDG_DATA_HOME", QDir(home.path()).filePath(QStringLiteral("data")).toUtf8());
    {
        ProgressStore store;
        store.load();
        QVERIFY2(store.filePath().startsWith(QDir(home.path()).filePath(QStringLiteral("data"))),
            qPrintable(store.filePath()));
        store.setWindowLayout(QStringLiteral("geometry"), QByteArray("xyz"));
        QVERIFY(store.save());
    }
    QVERIFY(QFileInfo::exists(QDir(home.path()).filePath(QStringLiteral("state/recompute-lab/window.json"))));
    ProgressStore reread;
    reread.load();
    QCOMPARE(reread.windowLayout(QStringLiteral("geometry")), QByteArray("xyz"));
}

void ProgressStoreTest::unwritableFolderIsReported()
{
    QTemporaryDir dir;
    // A file where the folder should be: nothing can be saved below it, whoever runs the test.
    const QString blocker = QDir(dir.path()).filePath(QStringLiteral("blocker"));
    QFile file(blocker);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    ProgressStore store(QDir(blocker).filePath(QStringLiteral("state")));
    store.setLanguage(QStringLiteral("en"));
    QVERIFY(!store.save());
    QVERIFY(!store.problem().isEmpty());
}

void ProgressStoreTest::unreadableFileIsKept()
{
    if (::geteuid() == 0)
        QSKIP("root reads any file, so no file is unreadable");
    QTemporaryDir dir;
    const QString path = QDir(dir.path()).filePath(QStringLiteral("progress.json"));
    const QByteArray answers = R"({"version":1,"quizzes":{"a":{"q1":"b"}}})";
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(answers);
    file.close();
    QVERIFY(file.setPermissions(QFileDevice::WriteOwner)); // writable, not readable

    ProgressStore store(dir.path());
    store.load();
    QVERIFY2(store.problem().contains(QStringLiteral("kept as it is")), qPrintable(store.problem()));
    // The answers used to be replaced by an empty file here; now the file is left alone.
    store.setAnswers(QStringLiteral("a"), {{QStringLiteral("q1"), QStringLiteral("c")}});
    QVERIFY(!store.save());
    QVERIFY(file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), answers);
}

void ProgressStoreTest::specialFilesAreNotRead_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("named pipe") << QStringLiteral("fifo"); // blocked before any window appeared
    QTest::newRow("link to /dev/zero") << QStringLiteral("zero"); // grew memory without end
    QTest::newRow("folder") << QStringLiteral("folder");
}

void ProgressStoreTest::specialFilesAreNotRead()
{
    QFETCH(QString, kind);
    QTemporaryDir dir;
    const QString path = QDir(dir.path()).filePath(QStringLiteral("progress.json"));
    if (kind == QLatin1String("fifo"))
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    else if (kind == QLatin1String("zero"))
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), path));
    else
        QVERIFY(QDir().mkdir(path));

    ProgressStore store(dir.path());
    store.load();
    QVERIFY2(store.problem().contains(QStringLiteral("not a regular file")), qPrintable(store.problem()));
    // Not through the link: QSaveFile writes a link's target, so a save() that forgot the file was kept
    // would replace /dev/zero itself when the suite runs as root. The pipe and the folder check it.
    if (kind != QLatin1String("zero"))
        QVERIFY(!store.save());
    QVERIFY(QFileInfo(path).exists() || QFileInfo(path).isSymLink()); // still there, untouched
}

// A full disk: the write fails part-way, and the old file must stay whole. Qt 6.4's QSaveFile
// renamed its truncated temporary over progress.json although its last flush failed, and the next
// start set the "damaged" file aside: every attempt gone.
void ProgressStoreTest::fullDiskKeepsTheOldFile()
{
    QTemporaryDir dir;
    const QByteArray folder = QFile::encodeName(dir.path());
    if (::mount("tmpfs", folder.constData(), "tmpfs", 0, "size=64k") != 0)
        QSKIP(qPrintable(QStringLiteral("a 64 KiB tmpfs cannot be mounted here (%1); needs root")
                             .arg(QString::fromLocal8Bit(std::strerror(errno)))));
    const auto unmount = qScopeGuard([&] { ::umount(folder.constData()); });
    const QDateTime started(QDate(2026, 12, 1), QTime(9, 0), Qt::UTC);
    {
        ProgressStore store(dir.path());
        store.load();
        QuizProgress quiz;
        quiz.answers = {{QStringLiteral("q1"), QStringLiteral("b")}};
        quiz.attempts.append(attemptAt(started, QStringLiteral("q1"), QStringLiteral("b")));
        store.setQuiz(QStringLiteral("quiz-a"), quiz);
        QVERIFY2(store.save(), qPrintable(store.problem()));
    }
    const QString path = QDir(dir.path()).filePath(QStringLiteral("progress.json"));
    const QByteArray before = readAll(path);

    ProgressStore store(dir.path());
    store.load();
    QuizProgress quiz = store.quiz(QStringLiteral("quiz-a"));
    // 100 KiB of answers cannot fit beside the 64 KiB disk's old file.
    for (int i = 0; i < 100; ++i)
        quiz.attempts.append(
            attemptAt(started.addSecs(60 * (i + 1)), QStringLiteral("q1"), QString(1024, QLatin1Char('x'))));
    store.setQuiz(QStringLiteral("quiz-a"), quiz);
    QVERIFY(!store.save());
    QVERIFY2(store.problem().contains(QStringLiteral("No space left on device"))
            && store.problem().contains(QStringLiteral("keeps the progress saved before")),
        qPrintable(store.problem()));
    QCOMPARE(readAll(path), before);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList {QStringLiteral("progress.json")});

    ProgressStore again(dir.path());
    again.load();
    QVERIFY2(again.problem().isEmpty(), qPrintable(again.problem()));
    QCOMPARE(again.quiz(QStringLiteral("quiz-a")).attempts.size(), 1);
}

// Two windows on one folder: each save re-reads the file under the lock and merges, so neither
// window's answers overwrite the other's (save() wrote its whole memory and the second won).
void ProgressStoreTest::twoWindowsKeepEachOthersAnswers()
{
    QTemporaryDir dir;
    const QDateTime started(QDate(2026, 12, 1), QTime(9, 0), Qt::UTC);
    ProgressStore first(dir.path()), second(dir.path());
    first.load();
    second.load();

    QuizProgress a;
    a.answers = {{QStringLiteral("q1"), QStringLiteral("b")}};
    a.attempts.append(attemptAt(started, QStringLiteral("q1"), QStringLiteral("b")));
    first.setQuiz(QStringLiteral("quiz-a"), a);
    first.setQuiz(QStringLiteral("shared"), a);
    QVERIFY(first.save());

    QuizProgress b;
    b.answers = {{QStringLiteral("q2"), QStringLiteral("c")}};
    b.attempts.append(attemptAt(started.addSecs(30), QStringLiteral("q2"), QStringLiteral("c")));
    b.review.insert(QStringLiteral("q2"), ReviewCard {2, QDate(2026, 12, 3)});
    second.setQuiz(QStringLiteral("quiz-b"), b);
    second.setQuiz(QStringLiteral("shared"), b);
    second.setLanguage(QStringLiteral("ru"));
    QVERIFY(second.save());

    // The first window saves again (its layout): the second's answers stay.
    first.setWindowLayout(QStringLiteral("geometry"), QByteArray("abc"));
    QVERIFY(first.save());

    ProgressStore again(dir.path());
    again.load();
    QVERIFY2(again.problem().isEmpty(), qPrintable(again.problem()));
    QCOMPARE(again.quiz(QStringLiteral("quiz-a")).answers, a.answers);
    QCOMPARE(again.quiz(QStringLiteral("quiz-b")).answers, b.answers);
    QCOMPARE(again.quiz(QStringLiteral("quiz-b")).review, b.review);
    const QuizProgress shared = again.quiz(QStringLiteral("shared"));
    QCOMPARE(shared.attempts.size(), 2); // one attempt from each window, oldest first
    QCOMPARE(shared.attempts.at(0), a.attempts.at(0));
    QCOMPARE(shared.attempts.at(1), b.attempts.at(0));
    QCOMPARE(shared.answers.size(), 2); // q1 from the first, q2 from the second
    QCOMPARE(again.language(), QStringLiteral("ru"));
    QCOMPARE(again.windowLayout(QStringLiteral("geometry")), QByteArray("abc"));
    // The first window now holds the second's answers too.
    QCOMPARE(first.quiz(QStringLiteral("quiz-b")).answers, b.answers);
}

// Two windows start alike attempts (kind, start to the millisecond, questions) and save in turn:
// their ids tell them apart, so both are kept, and the first window's next save keeps the second's.
// Known by kind, start and questions alone, the second save overwrote the first window's attempt.
void ProgressStoreTest::attemptsStartedInOneMillisecondAreBothKept()
{
    QTemporaryDir dir;
    const QDateTime started(QDate(2026, 12, 1), QTime(9, 0, 0, 123), Qt::UTC);
    ProgressStore first(dir.path()), second(dir.path());
    first.load();
    second.load();

    QuizProgress a;
    a.attempts.append(attemptAt(started, QStringLiteral("q1"), QStringLiteral("b")));
    a.attempts.last().id = QStringLiteral("first-window");
    first.setQuiz(QStringLiteral("shared"), a);
    QVERIFY(first.save());

    QuizProgress b;
    b.attempts.append(attemptAt(started, QStringLiteral("q1"), QStringLiteral("c")));
    b.attempts.last().id = QStringLiteral("second-window");
    second.setQuiz(QStringLiteral("shared"), b);
    QVERIFY(second.save());

    // The first window's attempt grows (it saved before the second's came in) and is saved again.
    a.attempts.last().answers.insert(QStringLiteral("q2"), QStringLiteral("a"));
    a.attempts.last().questions.append(QStringLiteral("q2"));
    first.setQuiz(QStringLiteral("shared"), a);
    QVERIFY(first.save());

    ProgressStore again(dir.path());
    again.load();
    QVERIFY2(again.problem().isEmpty(), qPrintable(again.problem()));
    const QList<SavedAttempt> attempts = again.quiz(QStringLiteral("shared")).attempts;
    QCOMPARE(attempts.size(), 2);
    QVERIFY(attempts.contains(a.attempts.last()));
    QVERIFY(attempts.contains(b.attempts.last()));
}

// Files written before attempts had ids: alike attempts are told apart by their place, as before.
void ProgressStoreTest::attemptsWithoutIdsStillMerge()
{
    QTemporaryDir dir;
    writeAll(QDir(dir.path()).filePath(QStringLiteral("progress.json")),
        R"({"version":2,"language":"en","quizzes":{"shared":{"answers":{},"review":{},"attempts":[)"
        R"({"kind":"first","started":"2026-12-01T09:00:00.000Z","questions":["q1"],"answers":{"q1":"b"}}]}}})");
    ProgressStore first(dir.path()), second(dir.path());
    first.load();
    second.load();
    QVERIFY2(first.problem().isEmpty(), qPrintable(first.problem()));
    QCOMPARE(first.quiz(QStringLiteral("shared")).attempts.size(), 1);
    QVERIFY(first.quiz(QStringLiteral("shared")).attempts.first().id.isEmpty());

    QuizProgress b = second.quiz(QStringLiteral("shared"));
    b.attempts.append(attemptAt(
        QDateTime(QDate(2026, 12, 2), QTime(9, 0), Qt::UTC), QStringLiteral("q1"), QStringLiteral("c")));
    b.attempts.last().id = QStringLiteral("new");
    second.setQuiz(QStringLiteral("shared"), b);
    QVERIFY(second.save());
    first.setLanguage(QStringLiteral("ru"));
    QVERIFY(first.save());

    ProgressStore again(dir.path());
    again.load();
    const QList<SavedAttempt> attempts = again.quiz(QStringLiteral("shared")).attempts;
    QCOMPARE(attempts.size(), 2);
    QVERIFY(attempts.at(0).id.isEmpty());
    QCOMPARE(attempts.at(1).id, QStringLiteral("new"));
    QCOMPARE(again.language(), QStringLiteral("ru"));
}

void ProgressStoreTest::aLockThatCannotBeTakenKeepsTheFile_data()
{
    QTest::addColumn<bool>("pipe");
    QTest::addColumn<QString>("said");
    QTest::newRow("held by another window") << false << QStringLiteral("another Recompute Lab window");
    // A named pipe there blocked every save forever: QLockFile reads an existing lock to see whether
    // it is stale. It is refused in a sentence.
    QTest::newRow("a named pipe") << true << QStringLiteral("progress.json.lock is not a regular file");
}

void ProgressStoreTest::aLockThatCannotBeTakenKeepsTheFile()
{
    QFETCH(bool, pipe);
    QFETCH(QString, said);
    QTemporaryDir dir;
    ProgressStore store(dir.path());
    store.load();
    store.setLanguage(QStringLiteral("en"));
    QVERIFY(store.save());
    const QString path = store.filePath();
    const QByteArray before = readAll(path);
    std::optional<rlab::FileLock> held; // as another window holds it while it saves
    held.emplace();
    std::string why;
    if (pipe)
        QCOMPARE(::mkfifo(QFile::encodeName(path + QStringLiteral(".lock")).constData(), 0600), 0);
    else
        QVERIFY(held->lock(QFile::encodeName(path + QStringLiteral(".lock")).toStdString(), 100, &why)
            == rlab::FileLock::Outcome::Locked);
    store.setLanguage(QStringLiteral("sn"));
    QElapsedTimer timer;
    timer.start();
    QVERIFY(!store.save());
    QVERIFY(timer.elapsed() < 10000);
    QVERIFY2(store.problem().contains(said), qPrintable(store.problem()));
    QCOMPARE(readAll(path), before);
    if (pipe)
        return;
    held.reset();
    QVERIFY(store.save()); // and the next save, the lock given back, goes through
}

// A file from a newer app is the learner's progress too: left by name and byte, not "damaged".
void ProgressStoreTest::newerFormatIsLeftAlone_data()
{
    QTest::addColumn<QByteArray>("version");
    QTest::addColumn<QString>("said");
    QTest::newRow("3") << QByteArray("3") << QStringLiteral("format 3");
    // 1e10 overflowed toInt() to "no version" and the file was moved aside as damaged.
    QTest::newRow("1e10") << QByteArray("1e10") << QStringLiteral("format 10000000000");
}

void ProgressStoreTest::newerFormatIsLeftAlone()
{
    QFETCH(QByteArray, version);
    QFETCH(QString, said);
    QTemporaryDir dir;
    const QString path = QDir(dir.path()).filePath(QStringLiteral("progress.json"));
    const QByteArray newer = R"({"version":)" + version + R"(,"quizzes":{"a":{"future":true}}})";
    writeAll(path, newer);
    ProgressStore store(dir.path());
    store.load();
    QVERIFY2(store.problem().contains(QStringLiteral("newer Recompute Lab in ") + said)
            && store.problem().contains(QStringLiteral("kept as it is")),
        qPrintable(store.problem()));
    QVERIFY(store.setAsidePath().isEmpty());
    store.setAnswers(QStringLiteral("a"), {{QStringLiteral("q1"), QStringLiteral("c")}});
    QVERIFY(!store.save());
    QCOMPARE(readAll(path), newer);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList {QStringLiteral("progress.json")});
}

// `--progress FILE` reads a prepared state and never writes it: a file that is not progress
// (notes.txt became notes.txt.corrupt-...) is reported and left where it is.
void ProgressStoreTest::readOnlyStoreNeverRenames()
{
    QTemporaryDir dir;
    const QString path = QDir(dir.path()).filePath(QStringLiteral("notes.txt"));
    writeAll(path, "my notes");
    ProgressStore store = ProgressStore::readOnly(path);
    store.load();
    QVERIFY2(store.problem().contains(QStringLiteral("left as it is")), qPrintable(store.problem()));
    QVERIFY(store.setAsidePath().isEmpty());
    QVERIFY(store.save());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList {QStringLiteral("notes.txt")});
    QCOMPARE(readAll(path), QByteArray("my notes"));
}

// A progress.json that is a symbolic link is neither written through (QSaveFile wrote the link's
// target) nor replaced.
void ProgressStoreTest::linkIsNotWrittenThrough()
{
    QTemporaryDir dir;
    const QString target = QDir(dir.path()).filePath(QStringLiteral("elsewhere.json"));
    const QByteArray progress = R"({"version":2,"quizzes":{}})";
    writeAll(target, progress);
    const QString path = QDir(dir.path()).filePath(QStringLiteral("progress.json"));
    QVERIFY(QFile::link(target, path));
    ProgressStore store(dir.path());
    store.load();
    QVERIFY2(store.problem().contains(QStringLiteral("symbolic link")), qPrintable(store.problem()));
    store.setAnswers(QStringLiteral("a"), {{QStringLiteral("q1"), QStringLiteral("c")}});
    QVERIFY(!store.save());
    QCOMPARE(readAll(target), progress);
    QVERIFY(QFileInfo(path).isSymLink());
}

// However long the history grows, the file saved stays under the 4 MiB a load accepts: the oldest
// attempts go first (a 5 MiB file was saved, then set aside as damaged at the next start).
void ProgressStoreTest::growingHistoryStaysLoadable()
{
    QTemporaryDir dir;
    const QDateTime started(QDate(2026, 1, 1), QTime(9, 0), Qt::UTC);
    ProgressStore store(dir.path());
    store.load();
    QuizProgress quiz;
    for (int i = 0; i < 500; ++i)
        quiz.attempts.append(
            attemptAt(started.addSecs(60 * i), QStringLiteral("q1"), QString(10000, QLatin1Char('y'))));
    store.setQuiz(QStringLiteral("big"), quiz);
    QVERIFY2(store.save(), qPrintable(store.problem()));
    QVERIFY(QFileInfo(store.filePath()).size() <= 4 * 1024 * 1024);
    ProgressStore again(dir.path());
    again.load();
    QVERIFY2(again.problem().isEmpty(), qPrintable(again.problem()));
    const QList<SavedAttempt> kept = again.quiz(QStringLiteral("big")).attempts;
    QVERIFY(kept.size() > 300 && kept.size() < 500);
    QCOMPARE(kept.last(), quiz.attempts.last()); // the newest stay
}

namespace {

// A child process that takes the progress lock (as a window mid-save does) and is killed with it.
void lockAndDie(const QString& lockPath)
{
    int ready[2];
    QCOMPARE(::pipe(ready), 0);
    const pid_t child = ::fork();
    if (child == 0) {
        rlab::FileLock held;
        std::string why;
        held.lock(QFile::encodeName(lockPath).toStdString(), 1000, &why);
        (void)::write(ready[1], "x", 1);
        ::pause();
        ::_exit(0);
    }
    char byte = 0;
    QCOMPARE(::read(ready[0], &byte, 1), ssize_t(1));
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
    ::close(ready[0]);
    ::close(ready[1]);
}

} // namespace

// Two windows answering in one attempt each saved the attempt whole, so the later save dropped the
// other's answer in it (issue 47: attempt answers lost in 23 of 25 rounds): merged question by question.
void ProgressStoreTest::oneAttemptAnsweredInTwoWindowsKeepsBoth()
{
    QTemporaryDir dir;
    const QDateTime started(QDate(2026, 12, 1), QTime(9, 0), Qt::UTC);
    QuizProgress shared;
    shared.attempts.append(attemptAt(started, QStringLiteral("q1"), QStringLiteral("a")));
    shared.attempts.last().id = QStringLiteral("one");
    {
        ProgressStore store(dir.path());
        store.setQuiz(QStringLiteral("quiz"), shared);
        QVERIFY(store.save());
    }
    ProgressStore first(dir.path()), second(dir.path());
    first.load();
    second.load();
    QuizProgress a = shared, b = shared;
    a.attempts.last().answers.insert(QStringLiteral("q2"), QStringLiteral("b"));
    a.attempts.last().questions.append(QStringLiteral("q2"));
    a.attempts.last().firstTries.insert(QStringLiteral("q2"), QStringLiteral("a"));
    b.attempts.last().answers.insert(QStringLiteral("q3"), QStringLiteral("c"));
    b.attempts.last().guideOpened.append(QStringLiteral("q3"));
    b.attempts.last().firstTries.insert(QStringLiteral("q3"), QStringLiteral("b"));
    first.setQuiz(QStringLiteral("quiz"), a);
    QVERIFY(first.save());
    second.setQuiz(QStringLiteral("quiz"), b);
    QVERIFY(second.save());

    ProgressStore again(dir.path());
    again.load();
    const QList<SavedAttempt> attempts = again.quiz(QStringLiteral("quiz")).attempts;
    QCOMPARE(attempts.size(), 1);
    QCOMPARE(attempts.first().answers.size(), 3);
    QVERIFY(attempts.first().questions.contains(QStringLiteral("q2")));
    QCOMPARE(attempts.first().guideOpened, QStringList {QStringLiteral("q3")});
    QCOMPARE(attempts.first().firstTries.size(), 2); // the wrong first tries of both windows
}

// A garbage lock file of 100 KB blocked saving (8.6 s, then no save), and a window killed while it
// held the lock wedged every later save: the lock is flock's, let go by the kernel when its holder
// dies, and what the file holds does not matter.
void ProgressStoreTest::garbageAndKilledLocksDoNotBlock()
{
    QTemporaryDir dir;
    ProgressStore store(dir.path());
    store.load();
    const QString lock = store.filePath() + QStringLiteral(".lock");
    writeAll(lock, QByteArray(100 * 1024, '\x7f'));
    store.setLanguage(QStringLiteral("ru"));
    QElapsedTimer timer;
    timer.start();
    QVERIFY2(store.save(), qPrintable(store.problem()));
    QVERIFY2(timer.elapsed() < 1000, qPrintable(QString::number(timer.elapsed())));

    lockAndDie(lock);
    store.setLanguage(QStringLiteral("sn"));
    timer.restart();
    QVERIFY2(store.save(), qPrintable(store.problem()));
    QVERIFY2(timer.elapsed() < 1000, qPrintable(QString::number(timer.elapsed())));
    ProgressStore again(dir.path());
    again.load();
    QCOMPARE(again.language(), QStringLiteral("sn"));
}

// kill -9 while saving left a progress.json.XXXXXX per kill and a chain of QLockFile's
// progress.json.lock.rmlock.rmlock... files, and from then on every save failed ("another window
// held it") with no other window open. The next start sweeps what killed saves left, and saves.
void ProgressStoreTest::killedSavesLeaveNothingBehind()
{
    QTemporaryDir dir;
    const QDir folder(dir.path());
    const pid_t gone = ::fork();
    if (gone == 0)
        ::_exit(0);
    ::waitpid(gone, nullptr, 0);
    const QString dead = QStringLiteral("progress.json.rlab-tmp-%1-abcdefgh").arg(gone);
    writeAll(folder.filePath(dead), R"({"version":2)");
    QString chain = QStringLiteral("progress.json.lock");
    for (int i = 0; i < 20; ++i) {
        chain += QStringLiteral(".rmlock");
        writeAll(folder.filePath(chain), "1\nrecompute-lab\nhost\n");
    }
    lockAndDie(folder.filePath(QStringLiteral("progress.json.lock")));
    ProgressStore store(dir.path());
    store.load();
    QVERIFY2(store.problem().isEmpty(), qPrintable(store.problem()));
    store.setLanguage(QStringLiteral("ru"));
    QVERIFY2(store.save(), qPrintable(store.problem()));
    QCOMPARE(folder.entryList(QDir::Files | QDir::Hidden | QDir::System, QDir::Name),
        QStringList {QStringLiteral("progress.json")});
}

// A file the store cannot fully read (an attempt's start that is not a date, a language holding an
// escape sequence, one quiz's progress malformed beside a good one) was rewritten at the next save
// with what was read, the rest gone without a word. It is moved aside, byte for byte, with one
// sentence, and what could be read is kept and saved.
void ProgressStoreTest::partlyReadableFileIsSetAsideKeepingWhatWasRead_data()
{
    QTest::addColumn<QByteArray>("bytes");
    const QByteArray good = R"("good":{"answers":{"q1":"b"}})";
    QTest::newRow("a start that is not a date") << QByteArray(R"({"version":2,"language":"en","quizzes":{)"
        + good + R"(,"old":{"attempts":[{"kind":"first","started":"not a date","answers":{"x":"a"}}]}}})");
    QTest::newRow("a language holding an escape")
        << QByteArray(R"({"version":2,"language":"\u001b[31mred","quizzes":{)" + good + "}}");
    QTest::newRow("one quiz malformed")
        << QByteArray(R"({"version":2,"language":"en","quizzes":{)" + good + R"(,"bad":{"answers":[1]}}})");
    QByteArray many;
    for (int i = 0; i < 501; ++i)
        many += QByteArray(i ? "," : "") + R"({"kind":"retry","answers":{"x":"a"}})";
    QTest::newRow("501 attempts of a quiz, more than a store keeps")
        << QByteArray(R"({"version":2,"quizzes":{)" + good + R"(,"gone":{"attempts":[)" + many + "]}}}");
    QTest::newRow("an answer that is not text, format 1")
        << QByteArray(R"({"version":1,"language":"en","quizzes":{"good":{"q1":"b"},"bad":{"x":7}}})");
}

void ProgressStoreTest::partlyReadableFileIsSetAsideKeepingWhatWasRead()
{
    QFETCH(QByteArray, bytes);
    QTemporaryDir dir;
    const QString path = QDir(dir.path()).filePath(QStringLiteral("progress.json"));
    writeAll(path, bytes);
    ProgressStore store(dir.path());
    store.load();
    QVERIFY2(store.problem().contains(QStringLiteral("could not be read"))
            && store.problem().contains(QStringLiteral("corrupt-")),
        qPrintable(store.problem()));
    QCOMPARE(readAll(store.setAsidePath()), bytes); // kept byte for byte
    QCOMPARE(store.answers(QStringLiteral("good")).value(QStringLiteral("q1")), QStringLiteral("b"));
    store.setAnswers(QStringLiteral("other"), {{QStringLiteral("q9"), QStringLiteral("a")}});
    QVERIFY(store.save());
    ProgressStore again(dir.path());
    again.load();
    QVERIFY2(again.problem().isEmpty(), qPrintable(again.problem()));
    QCOMPARE(again.answers(QStringLiteral("good")).value(QStringLiteral("q1")), QStringLiteral("b"));
    QCOMPARE(again.answers(QStringLiteral("other")).value(QStringLiteral("q9")), QStringLiteral("a"));
}

// Proves: a file that another program made partly unreadable after this store read it is set aside
// at the next save, and the new file holds this window's change, what the other program wrote
// readably, and nothing of the unreadable part. The save answers false, as for any file set aside,
// so the window shows the problem; the new file is written all the same.
void ProgressStoreTest::partlyReadableAtSaveKeepsThisWindowsChange()
{
    QTemporaryDir dir;
    const QString path = QDir(dir.path()).filePath(QStringLiteral("progress.json"));
    writeAll(path, R"({"version":2,"language":"en","quizzes":{"mine":{"answers":{"q1":"a"}}}})");
    ProgressStore store(dir.path());
    store.load();
    QVERIFY(store.problem().isEmpty());
    const QByteArray written
        = R"({"version":2,"language":"en","quizzes":{"theirs":{"answers":{"t1":"c"}},"bad":{"answers":[1]}}})";
    writeAll(path, written); // another program, since
    store.setAnswers(QStringLiteral("mine"),
        {{QStringLiteral("q1"), QStringLiteral("a")}, {QStringLiteral("q2"), QStringLiteral("b")}});
    QVERIFY(!store.save());
    QVERIFY2(store.problem().contains(QStringLiteral("could not be read")), qPrintable(store.problem()));
    QCOMPARE(readAll(store.setAsidePath()), written); // kept byte for byte
    ProgressStore again(dir.path());
    again.load();
    QVERIFY2(again.problem().isEmpty(), qPrintable(again.problem()));
    QCOMPARE(again.answers(QStringLiteral("mine")).value(QStringLiteral("q2")), QStringLiteral("b"));
    QCOMPARE(again.answers(QStringLiteral("theirs")).value(QStringLiteral("t1")), QStringLiteral("c"));
    QVERIFY(again.answers(QStringLiteral("bad")).isEmpty());
}

QTEST_GUILESS_MAIN(ProgressStoreTest)
#include "tst_progressstore.moc"
