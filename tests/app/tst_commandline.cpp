// The built recompute-lab binary: --screenshot renders a PNG and exits 0; bad values are one
// sentence on stderr and exit 2; a screenshot that could not be written or shows a failed demo
// exits 1; without a display it says so in one sentence.
#include <cerrno>
#include <cstring>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include "run_program.h"

namespace {
struct Outcome {
    int exitCode = -1;
    QString errors;
};

Outcome run(const QStringList& arguments, const QProcessEnvironment& environment)
{
    const rlab::test::Outcome outcome = rlab::test::execute(
        rlab::test::binaryPath(QStringLiteral("recompute-lab")), arguments, 120000, environment);
    return {outcome.exitCode, QString::fromUtf8(outcome.err)};
}

// The app's fixture tree copied into `folder`, with its one preset broken so no question has a demo.
bool copyFixturesWithoutDemos(const QString& folder)
{
    const QDir source(QStringLiteral(RLAB_APP_FIXTURES));
    for (const QString& path : {QStringLiteral("quizzes/mini-quiz/quiz.yaml"),
             QStringLiteral("guides/mini-guide/guide.yaml"), QStringLiteral("demos/presets.yaml")}) {
        QFile in(source.filePath(path));
        if (!QDir().mkpath(QFileInfo(QDir(folder).filePath(path)).path()) || !in.open(QIODevice::ReadOnly))
            return false;
        QByteArray text = in.readAll();
        text.replace("dropout: 0.1", "dropout: lots");
        QFile out(QDir(folder).filePath(path));
        if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size())
            return false;
    }
    return true;
}
} // namespace

class CommandLineTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void screenshotOfAnAnsweredQuestion_data();
    void screenshotOfAnAnsweredQuestion();
    void screenshotAfterTheDemoRan();
    void counterfactualsRunBeforeTheScreenshot();
    void badValuesExitWithStatus2_data();
    void badValuesExitWithStatus2();
    void unwritableScreenshotExitsWithStatus1();
    void packArgumentOpensThePack();
    void outputPathsThatAreNoFileAreRefused_data();
    void outputPathsThatAreNoFileAreRefused();
    void screenshotOnAFullDiskLeavesNoFile();
    void terminatedAppRemovesItsUnpackedPacks();
    void sigtermEndsTheAppWithinTwoSeconds_data();
    void sigtermEndsTheAppWithinTwoSeconds();
    void startSweepsPacksOfEndedProcesses();
    void noDemoToRunIsNeverSuccess();
    void noDisplayIsOneSentence();
    void screenshotNeedsNoDisplay();
    void noRuntimeDirWarning();
    void relativeStateDirIsRefused();

private:
    QProcessEnvironment m_environment;
    QTemporaryDir m_dir;
};

void CommandLineTest::initTestCase()
{
    if (!QFile::exists(rlab::test::binaryPath(QStringLiteral("recompute-lab"))))
        QSKIP("recompute-lab is not built (RLAB_BIN_DIR unset or wrong)");
    QVERIFY(m_dir.isValid());
    m_environment = QProcessEnvironment::systemEnvironment();
    m_environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    m_environment.insert(QStringLiteral("RLAB_STATE_DIR"), m_dir.filePath(QStringLiteral("state")));
}

void CommandLineTest::screenshotOfAnAnsweredQuestion_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("ru") << QStringLiteral("ru");
    QTest::newRow("sn") << QStringLiteral("sn");
}

void CommandLineTest::screenshotOfAnAnsweredQuestion()
{
    QFETCH(QString, language);
    const QString png = m_dir.filePath(QStringLiteral("shot-%1.png").arg(language));
    const Outcome outcome = run(
        {QStringLiteral("--content"), QStringLiteral(RLAB_APP_FIXTURES), QStringLiteral("--lang"), language,
            QStringLiteral("--quiz"), QStringLiteral("mini-quiz"), QStringLiteral("--question"),
            QStringLiteral("2"), QStringLiteral("--answer"), QStringLiteral("1"),
            QStringLiteral("--screenshot"), png, QStringLiteral("--size"), QStringLiteral("900x640")},
        m_environment);
    QCOMPARE(outcome.exitCode, 0);
    const QImage image(png);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(900, 640));
    // Something was drawn: a blank grab would be one colour (a grid of samples, not two pixels
    // that a layout change can land on the same background).
    QSet<QRgb> colours;
    for (int y = 5; y < image.height(); y += 20)
        for (int x = 5; x < image.width(); x += 20)
            colours.insert(image.pixel(x, y));
    QVERIFY2(colours.size() > 8, qPrintable(QString::number(colours.size())));
    // A screenshot leaves the learner's progress alone.
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("state/progress.json"))));
}

void CommandLineTest::screenshotAfterTheDemoRan()
{
    const QString png = m_dir.filePath(QStringLiteral("demo.png"));
    const Outcome outcome
        = run({QStringLiteral("--content"), QStringLiteral(RLAB_APP_FIXTURES), QStringLiteral("--quiz"),
                  QStringLiteral("mini-quiz"), QStringLiteral("--question"), QStringLiteral("1"),
                  QStringLiteral("--run-demo"), QStringLiteral("--screenshot"), png},
            m_environment);
    QCOMPARE(outcome.exitCode, 0);
    // The demo finished before the grab: no "did not finish" complaint.
    QVERIFY2(!outcome.errors.contains(QStringLiteral("did not finish")), qPrintable(outcome.errors));
    QVERIFY(!QImage(png).isNull());
}

// Proves: --view timeline --try-counterfactuals runs every button of the "At the peak" card to its
// end before the grab (exit 0; a card with nothing to run exits 1, and a run that never ends would
// hang past the timeout), and the picture differs from the one without them, whose card
// shows no measured peak beside the predicted ones.
void CommandLineTest::counterfactualsRunBeforeTheScreenshot()
{
    // The built-in content's memory-vs-time demo: its selective run's card offers counterfactuals (the
    // fixture's two tiny runs leave none to try).
    const QStringList base {QStringLiteral("--quiz"), QStringLiteral("activation-recomputation-tradeoffs"),
        QStringLiteral("--question"), QStringLiteral("1"), QStringLiteral("--run-demo"),
        QStringLiteral("--view"), QStringLiteral("timeline"), QStringLiteral("--size"),
        QStringLiteral("1280x800"), QStringLiteral("--screenshot")};
    const QString plain = m_dir.filePath(QStringLiteral("peak.png"));
    const QString tried = m_dir.filePath(QStringLiteral("peak-tried.png"));
    const Outcome before = run(base + QStringList {plain}, m_environment);
    QVERIFY2(before.exitCode == 0, qPrintable(before.errors));
    const Outcome after
        = run(base + QStringList {tried, QStringLiteral("--try-counterfactuals")}, m_environment);
    QVERIFY2(after.exitCode == 0, qPrintable(after.errors));
    QVERIFY2(!after.errors.contains(QStringLiteral("did not finish")), qPrintable(after.errors));
    const QImage first(plain);
    const QImage second(tried);
    QVERIFY(!first.isNull() && !second.isNull());
    QCOMPARE(second.size(), QSize(1280, 800));
    QVERIFY(first != second);
}

void CommandLineTest::badValuesExitWithStatus2_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("says");
    const QString png = QDir::temp().filePath(QStringLiteral("rlab-never-written.png"));
    const QStringList base {
        QStringLiteral("--content"), QStringLiteral(RLAB_APP_FIXTURES), QStringLiteral("--screenshot"), png};
    QTest::newRow("question too large") << (base + QStringList {"--quiz", "mini-quiz", "--question", "9"})
                                        << QStringLiteral("Question 9 is out of range");
    QTest::newRow("question zero") << (base + QStringList {"--quiz", "mini-quiz", "--question", "0"})
                                   << QStringLiteral("counted from 1");
    QTest::newRow("answer too large")
        << (base + QStringList {"--quiz", "mini-quiz", "--question", "1", "--answer", "5"})
        << QStringLiteral("Answer 5 is out of range");
    QTest::newRow("unknown quiz") << (base + QStringList {"--quiz", "nope"})
                                  << QStringLiteral("Unknown quiz");
    QTest::newRow("unknown language")
        << (base + QStringList {"--lang", "xx"}) << QStringLiteral("Unknown language");
    QTest::newRow("no file name") << QStringList {"--content", RLAB_APP_FIXTURES, "--screenshot", ""}
                                  << QStringLiteral("--screenshot needs the name of a PNG file");
    QTest::newRow("bad size") << (base + QStringList {"--size", "big"}) << QStringLiteral("--size");
    QTest::newRow("bad day") << (base + QStringList {"--today", "1 December"})
                             << QStringLiteral("YYYY-MM-DD");
    QTest::newRow("missing progress file")
        << (base + QStringList {"--progress", "/nonexistent-folder/progress.json"})
        << QStringLiteral("--progress needs an existing progress file");
    QTest::newRow("prediction not a run") << (base + QStringList {"--quiz", "mini-quiz", "--predict", "sqrt"})
                                          << QStringLiteral("\"sqrt\" is not a run of this demo");
    QTest::newRow("pack that is not one") << (base + QStringList {"/nonexistent-folder/pack.zip"})
                                          << QStringLiteral("is neither a pack folder nor a pack archive");
    QTest::newRow("two packs") << (base + QStringList {RLAB_APP_FIXTURES, RLAB_APP_FIXTURES})
                               << QStringLiteral("one pack can be opened at a time");
    QTest::newRow("pack dialog without a screenshot") << QStringList {"--content", RLAB_APP_FIXTURES,
        "--pack-dialog"} << QStringLiteral("--pack-dialog needs --screenshot");
    QTest::newRow("search without a screenshot") << QStringList {"--content", RLAB_APP_FIXTURES, "--search",
        "stored"} << QStringLiteral("--search needs --screenshot");
    QTest::newRow("counterfactuals without a demo run")
        << (base + QStringList {"--try-counterfactuals"})
        << QStringLiteral("--try-counterfactuals needs --run-demo");
    QTest::newRow("view without a demo run")
        << (base + QStringList {"--view", "ledger"}) << QStringLiteral("--view needs --run-demo");
    QTest::newRow("unknown view") << (base
        + QStringList {"--quiz", "mini-quiz", "--question", "1", "--run-demo", "--view", "bars"})
                                  << QStringLiteral("--view \"bars\" is not a view");
    QTest::newRow("glossary without a screenshot") << QStringList {"--content", RLAB_APP_FIXTURES,
        "--glossary"} << QStringLiteral("--glossary needs --screenshot");
    // Qt's own sentence ends in a full stop: one, not "'bogus'..".
    QTest::newRow("unknown option") << (base + QStringList {"--bogus"})
                                    << QStringLiteral("Unknown option 'bogus'; see --help.");
}

void CommandLineTest::badValuesExitWithStatus2()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, says);
    const Outcome outcome = run(arguments, m_environment);
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY2(outcome.errors.contains(says), qPrintable(outcome.errors));
    // One line of ours (Qt itself may add its own warnings, e.g. about XDG_RUNTIME_DIR).
    const QStringList ours = outcome.errors.split(QLatin1Char('\n'))
                                 .filter(QRegularExpression(QStringLiteral("^recompute-lab:")));
    QVERIFY2(ours.size() == 1, qPrintable(outcome.errors));
}

// `recompute-lab PACK` (the desktop entry's Exec=recompute-lab %f) opens the pack beside the content,
// as File > Open pack does: its quiz can be shown at once.
void CommandLineTest::packArgumentOpensThePack()
{
    const QString pack
        = qEnvironmentVariable("RLAB_SOURCE_DIR") + QStringLiteral("/content/examples/first-pack");
    const QString png = m_dir.filePath(QStringLiteral("pack.png"));
    const Outcome outcome
        = run({QStringLiteral("--content"), QStringLiteral(RLAB_APP_FIXTURES), pack, QStringLiteral("--quiz"),
                  QStringLiteral("my-first-quiz"), QStringLiteral("--screenshot"), png},
            m_environment);
    QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.errors));
    QVERIFY(QFileInfo(png).size() > 0);
    const Outcome without
        = run({QStringLiteral("--content"), QStringLiteral(RLAB_APP_FIXTURES), QStringLiteral("--quiz"),
                  QStringLiteral("my-first-quiz"), QStringLiteral("--screenshot"), png},
            m_environment);
    QCOMPARE(without.exitCode, 2); // not in the content without the pack
}

void CommandLineTest::unwritableScreenshotExitsWithStatus1()
{
    // The arguments are fine; writing fails, so this is a failure (1), not a bad argument (2).
    const Outcome outcome
        = run({QStringLiteral("--content"), QStringLiteral(RLAB_APP_FIXTURES), QStringLiteral("--screenshot"),
                  QStringLiteral("/nonexistent-folder/x.png")},
            m_environment);
    QCOMPARE(outcome.exitCode, 1);
    QVERIFY2(
        outcome.errors.contains(QStringLiteral("Cannot write the screenshot")), qPrintable(outcome.errors));
}

// A pipe blocked the screenshot's write for ever, and a link was written through to its target:
// both are refused before anything runs, for --screenshot and --export alike.
void CommandLineTest::outputPathsThatAreNoFileAreRefused_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("says");
    QTest::newRow("screenshot to a pipe") << "--screenshot"
                                          << "fifo" << 1 << "it is a named pipe (FIFO)";
    QTest::newRow("screenshot to a link") << "--screenshot"
                                          << "link" << 1 << "it is a symbolic link";
    QTest::newRow("export to a pipe") << "--export"
                                      << "fifo" << 2 << "it is a named pipe (FIFO)";
    QTest::newRow("export to a link") << "--export"
                                      << "link" << 2 << "it is a symbolic link";
}

void CommandLineTest::outputPathsThatAreNoFileAreRefused()
{
    QFETCH(QString, option);
    QFETCH(QString, kind);
    QFETCH(int, status);
    QFETCH(QString, says);
    QTemporaryDir dir;
    const QString target = dir.filePath(QStringLiteral("target.json"));
    const QString path = dir.filePath(
        option == QLatin1String("--export") ? QStringLiteral("out.json") : QStringLiteral("out.png"));
    if (kind == QLatin1String("fifo")) {
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    } else {
        QFile file(target);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("kept");
        file.close();
        QVERIFY(QFile::link(target, path));
    }
    QStringList arguments {QStringLiteral("--content"), QStringLiteral(RLAB_APP_FIXTURES), option, path};
    if (option == QLatin1String("--export"))
        arguments += {QStringLiteral("--quiz"), QStringLiteral("mini-quiz"), QStringLiteral("--question"),
            QStringLiteral("1"), QStringLiteral("--run-demo")};
    const Outcome outcome = run(arguments, m_environment);
    QCOMPARE(outcome.exitCode, status);
    QVERIFY2(outcome.errors.contains(says), qPrintable(outcome.errors));
    if (kind == QLatin1String("link")) {
        QVERIFY(QFileInfo(path).isSymLink());
        QFile file(target);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("kept"));
    }
}

// A screenshot on a full disk said "Unknown error" and left a 0-byte PNG; now the disk's own words
// and no file.
void CommandLineTest::screenshotOnAFullDiskLeavesNoFile()
{
    QTemporaryDir dir;
    const QByteArray folder = QFile::encodeName(dir.path());
    if (::mount("tmpfs", folder.constData(), "tmpfs", 0, "size=16k") != 0)
        QSKIP(qPrintable(QStringLiteral("a 16 KiB tmpfs cannot be mounted here (%1); needs root")
                             .arg(QString::fromLocal8Bit(std::strerror(errno)))));
    const auto unmount = qScopeGuard([&] { ::umount(folder.constData()); });
    const QString png = dir.filePath(QStringLiteral("shot.png"));
    const Outcome outcome
        = run({QStringLiteral("--content"), QStringLiteral(RLAB_APP_FIXTURES), QStringLiteral("--screenshot"),
                  png, QStringLiteral("--size"), QStringLiteral("1280x800")},
            m_environment);
    QCOMPARE(outcome.exitCode, 1);
    QVERIFY2(outcome.errors.contains(QStringLiteral("No space left on device")), qPrintable(outcome.errors));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList());
}

// SIGTERM to the app left every pack it had unpacked in the temporary folder; now it ends the
// event loop and the window's content library removes them.
void CommandLineTest::terminatedAppRemovesItsUnpackedPacks()
{
    QTemporaryDir state, temporary;
    const QString packs = QDir(state.path()).filePath(QStringLiteral("content"));
    QVERIFY(QDir().mkpath(packs));
    QProcess zip;
    zip.setWorkingDirectory(QStringLiteral(RLAB_APP_FIXTURES) + QStringLiteral("/.."));
    zip.start(QStringLiteral("python3"),
        {QStringLiteral("-c"),
            QStringLiteral(
                "import shutil,sys; shutil.make_archive(sys.argv[1], 'zip', sys.argv[2], 'content')"),
            QDir(packs).filePath(QStringLiteral("pack")),
            QStringLiteral(RLAB_APP_FIXTURES) + QStringLiteral("/..")});
    QVERIFY(zip.waitForFinished(30000) && zip.exitCode() == 0);
    QProcessEnvironment environment = m_environment;
    environment.insert(QStringLiteral("RLAB_STATE_DIR"), state.path());
    environment.insert(QStringLiteral("TMPDIR"), temporary.path());
    QProcess app;
    app.setProcessEnvironment(environment);
    app.start(rlab::test::binaryPath(QStringLiteral("recompute-lab")),
        {QStringLiteral("--content"), QStringLiteral(RLAB_APP_FIXTURES)});
    QVERIFY(app.waitForStarted());
    const auto unpacked
        = [&] { return QDir(temporary.path()).entryList({QStringLiteral("rlab-pack-*")}, QDir::Dirs); };
    QTRY_VERIFY_WITH_TIMEOUT(!unpacked().isEmpty(), 30000 * rlab::test::kSlowness);
    // At once: the window is still being built (packs unpack during it), which is when a loaded
    // machine's SIGTERM used to kill the app before its handler was installed.
    app.terminate(); // SIGTERM
    QVERIFY(app.waitForFinished(30000 * rlab::test::kSlowness));
    QCOMPARE(app.exitStatus(), QProcess::NormalExit);
    QCOMPARE(unpacked(), QStringList());
}

// Proves: SIGTERM ends the app within 2 s whatever it is doing: while it builds and lays out a
// question whose demo opens on the Timeline (the view that once re-laid itself out for ever), and
// in the middle of a demo run (the worker is cancelled and joined). The moment is read off the
// process's own CPU time (/proc/PID/stat), so a slow machine waits for it rather than guessing.
void CommandLineTest::sigtermEndsTheAppWithinTwoSeconds_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<double>("cpuSecondsFirst"); // the app's CPU time before the signal
    QTest::newRow("laying out the timeline") << QStringList {QStringLiteral("--quiz"),
        QStringLiteral("activation-recomputation-tradeoffs"), QStringLiteral("--question"),
        QStringLiteral("2"), QStringLiteral("--run-demo"), QStringLiteral("--view"),
        QStringLiteral("timeline")} << 0.2;
    QTest::newRow("during a run") << QStringList {QStringLiteral("--quiz"),
        QStringLiteral("activation-recomputation-tradeoffs"), QStringLiteral("--question"),
        QStringLiteral("1"), QStringLiteral("--run-demo")}
                                  << 1.5;
}

void CommandLineTest::sigtermEndsTheAppWithinTwoSeconds()
{
    QFETCH(QStringList, arguments);
    QFETCH(double, cpuSecondsFirst);
    QProcess app;
    app.setProcessEnvironment(m_environment);
    app.start(rlab::test::binaryPath(QStringLiteral("recompute-lab")), arguments);
    QVERIFY(app.waitForStarted());
    const auto cpuSeconds = [pid = app.processId()] {
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            return -1.0;
        const QByteArray line = stat.readAll();
        const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
        if (fields.size() < 13)
            return -1.0;
        return double(fields[11].toLongLong() + fields[12].toLongLong()) / double(sysconf(_SC_CLK_TCK));
    };
    QTRY_VERIFY_WITH_TIMEOUT(cpuSeconds() >= cpuSecondsFirst || app.state() == QProcess::NotRunning,
        60000 * rlab::test::kSlowness);
    QCOMPARE(app.state(), QProcess::Running);
    QElapsedTimer ending;
    ending.start();
    app.terminate(); // SIGTERM
    QVERIFY(app.waitForFinished(30000 * rlab::test::kSlowness));
    const qint64 took = ending.elapsed();
    QCOMPARE(app.exitStatus(), QProcess::NormalExit);
    QVERIFY2(took < 2000 * rlab::test::kSlowness,
        qPrintable(QStringLiteral("ended %1 ms after SIGTERM").arg(took)));
    qInfo("ended %lld ms after SIGTERM", static_cast<long long>(took));
}

// A killed app's unpacked packs were removed only when a later one unpacked a pack of its own: a
// start with no pack left them in the temporary folder for good. Every start sweeps them now, and
// only those of processes that are gone.
void CommandLineTest::startSweepsPacksOfEndedProcesses()
{
    QTemporaryDir temporary;
    QFile pidMax(QStringLiteral("/proc/sys/kernel/pid_max"));
    const long gone = pidMax.open(QIODevice::ReadOnly) ? pidMax.readAll().trimmed().toLong() + 1 : 4194305;
    const QDir folder(temporary.path());
    const QString stale = QStringLiteral("rlab-pack-%1-Ab12Cd").arg(gone);
    const QString alive = QStringLiteral("rlab-pack-%1-Ef34Gh").arg(QCoreApplication::applicationPid());
    for (const QString& name : {stale, alive}) {
        QVERIFY(folder.mkpath(name + QStringLiteral("/quizzes")));
        QFile file(folder.filePath(name + QStringLiteral("/quizzes/quiz.yaml")));
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write("schema: 1\n") > 0);
    }
    QProcessEnvironment environment = m_environment;
    environment.insert(QStringLiteral("TMPDIR"), temporary.path());
    const Outcome outcome
        = run({QStringLiteral("--content"), QStringLiteral(RLAB_APP_FIXTURES), QStringLiteral("--screenshot"),
                  m_dir.filePath(QStringLiteral("sweep.png"))},
            environment);
    QCOMPARE(outcome.exitCode, 0);
    QCOMPARE(folder.entryList({QStringLiteral("rlab-pack-*")}, QDir::Dirs), QStringList {alive});
}

void CommandLineTest::noDemoToRunIsNeverSuccess()
{
    // What a learner met under a comma-decimal locale: every preset broken, so --run-demo has no demo.
    QTemporaryDir content;
    QVERIFY(content.isValid());
    QVERIFY(copyFixturesWithoutDemos(content.path()));
    const QString png = m_dir.filePath(QStringLiteral("no-demo.png"));
    const Outcome outcome
        = run({QStringLiteral("--content"), content.path(), QStringLiteral("--quiz"),
                  QStringLiteral("mini-quiz"), QStringLiteral("--question"), QStringLiteral("1"),
                  QStringLiteral("--run-demo"), QStringLiteral("--screenshot"), png},
            m_environment);
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY2(outcome.errors.contains(QStringLiteral("no demo to run")), qPrintable(outcome.errors));
    QVERIFY(!QFile::exists(png));
}

void CommandLineTest::noDisplayIsOneSentence()
{
    QProcessEnvironment bare = m_environment;
    for (const char* variable : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        bare.remove(QString::fromLatin1(variable));
    const Outcome outcome = run({}, bare);
    QCOMPARE(outcome.exitCode, 1);
    QVERIFY2(outcome.errors.startsWith(QStringLiteral("recompute-lab: no display found")),
        qPrintable(outcome.errors));
    QVERIFY(outcome.errors.contains(QStringLiteral("xvfb-run -a recompute-lab")));
}

void CommandLineTest::screenshotNeedsNoDisplay()
{
    QProcessEnvironment bare = m_environment;
    for (const char* variable : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        bare.remove(QString::fromLatin1(variable));
    const QString png = m_dir.filePath(QStringLiteral("start.png"));
    const Outcome outcome = run(
        {QStringLiteral("--content"), QStringLiteral(RLAB_APP_FIXTURES), QStringLiteral("--screenshot"), png},
        bare);
    QCOMPARE(outcome.exitCode, 0);
    QVERIFY(!QImage(png).isNull());
}

void CommandLineTest::noRuntimeDirWarning()
{
#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN)
    // Where XDG_RUNTIME_DIR is unset (root in a container, a bare offscreen session), Qt warns on
    // every start; the app sets up the private folder Qt would pick instead, and says nothing.
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    QProcessEnvironment environment = m_environment;
    environment.remove(QStringLiteral("XDG_RUNTIME_DIR"));
    environment.insert(QStringLiteral("TMPDIR"), temp.path());
    const Outcome outcome = run({QStringLiteral("--help")}, environment);
    QCOMPARE(outcome.exitCode, 0);
    QVERIFY2(!outcome.errors.contains(QStringLiteral("XDG_RUNTIME_DIR")), qPrintable(outcome.errors));
    const QStringList made = QDir(temp.path()).entryList({QStringLiteral("runtime-*")}, QDir::Dirs);
    QCOMPARE(made.size(), 1);
    QCOMPARE(QFileInfo(QDir(temp.path()).filePath(made.first())).permissions() & 0x7777,
        QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadUser | QFile::WriteUser
            | QFile::ExeUser);

    // A folder of that name that is not private is left alone: Qt's own checks then speak.
    QVERIFY(QFile::setPermissions(QDir(temp.path()).filePath(made.first()),
        QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther | QFile::ExeOther));
    const Outcome open = run({QStringLiteral("--help")}, environment);
    QCOMPARE(open.exitCode, 0);
    QVERIFY(open.errors.contains(QStringLiteral("XDG_RUNTIME_DIR")));
#else
    QSKIP("XDG_RUNTIME_DIR is a Linux and BSD matter");
#endif
}

// A relative RLAB_STATE_DIR kept progress under whatever folder the app was started in (issue 47):
// refused at the start, in one sentence, before anything is written.
void CommandLineTest::relativeStateDirIsRefused()
{
    QTemporaryDir cwd;
    QProcessEnvironment environment = m_environment;
    environment.insert(QStringLiteral("RLAB_STATE_DIR"), QStringLiteral("state-here"));
    QProcess process;
    process.setProcessEnvironment(environment);
    process.setWorkingDirectory(cwd.path());
    process.start(rlab::test::binaryPath(QStringLiteral("recompute-lab")),
        {QStringLiteral("--content"), QStringLiteral(RLAB_APP_FIXTURES), QStringLiteral("--quiz"),
            QStringLiteral("mini-quiz"), QStringLiteral("--screenshot"),
            QDir(cwd.path()).filePath("shot.png")});
    QVERIFY(process.waitForFinished(120000 * rlab::test::kSlowness));
    QCOMPARE(process.exitCode(), 2);
    const QString errors = QString::fromLocal8Bit(process.readAllStandardError());
    QVERIFY2(errors.contains(QStringLiteral("RLAB_STATE_DIR must be an absolute path, not \"state-here\"")),
        qPrintable(errors));
    QVERIFY(!QFileInfo::exists(QDir(cwd.path()).filePath(QStringLiteral("state-here"))));
}

QTEST_GUILESS_MAIN(CommandLineTest)
#include "tst_commandline.moc"
