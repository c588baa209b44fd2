// ProgressStore: answers and language survive a new store on the same folder; a corrupt file is
// set aside and reported, never fatal; writes are atomic (no temporary left behind).
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "progressstore.h"

class ProgressStoreTest : public QObject {
    Q_OBJECT

private slots:
    void roundTrip();
    void missingFileIsEmptyProgress();
    void corruptFileIsSetAside_data();
    void corruptFileIsSetAside();
    void inMemoryStoreWritesNothing();
    void environmentChoosesTheFolder();
    void unwritableFolderIsReported();
};

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
    QTest::newRow("wrong version") << QByteArray(R"({"version":99})");
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
    qputenv("RLAB_STATE_DIR", dir.path().toUtf8());
    ProgressStore store = ProgressStore::inMemory();
    store.load();
    store.setLanguage(QStringLiteral("ru"));
    QVERIFY(store.save());
    QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    qunsetenv("RLAB_STATE_DIR");
}

void ProgressStoreTest::environmentChoosesTheFolder()
{
    QTemporaryDir dir;
    qputenv("RLAB_STATE_DIR", dir.path().toUtf8());
    ProgressStore store;
    QCOMPARE(store.filePath(), QDir(dir.path()).filePath(QStringLiteral("progress.json")));
    qunsetenv("RLAB_STATE_DIR");
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

QTEST_GUILESS_MAIN(ProgressStoreTest)
#include "tst_progressstore.moc"
