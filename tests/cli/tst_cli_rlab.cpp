// The rlab command line: argument parsing, exit statuses, the --json contract, and the
// PyTorch cross-check through --dump / --init-from (tests/reference/torch_reference.py).
#include <limits>

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "rlab/engine.h"
#include "run_options.h"
#include "run_program.h"

namespace {

using rlab::test::execute;
using rlab::test::Outcome;

QString rlabPath()
{
    return rlab::test::binaryPath(QStringLiteral("rlab"));
}

QString referenceScript()
{
    const QString source = qEnvironmentVariable("RLAB_SOURCE_DIR", QStringLiteral(RLAB_TEST_SOURCE_DIR));
    return QDir(source).filePath("tests/reference/torch_reference.py");
}

Outcome runRlab(const QStringList& args)
{
    return execute(rlabPath(), args);
}

// The first python that imports torch: $RLAB_PYTHON, Debian's /usr/bin/python3, then python3 on PATH.
QString torchPython()
{
    static const QString found = [] {
        QStringList candidates {qEnvironmentVariable("RLAB_PYTHON"), "/usr/bin/python3", "python3"};
        for (const QString& candidate : candidates)
            if (!candidate.isEmpty() && execute(candidate, {"-c", "import torch"}, 60000).exitCode == 0)
                return candidate;
        return QString();
    }();
    return found;
}

const QStringList kTiny {"--layers", "2", "--width", "32", "--heads", "2", "--seq", "8", "--batch", "2",
    "--vocab", "20", "--steps", "3", "--warmup", "1", "--threads", "2"};

QStringList shapeArgs(const QString& shape)
{
    // "N,d,H,T,B,V"
    const QStringList v = shape.split(',');
    return {
        "--layers", v[0], "--width", v[1], "--heads", v[2], "--seq", v[3], "--batch", v[4], "--vocab", v[5]};
}

QJsonObject readJsonObject(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QByteArray npyData(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    if (bytes.size() < 10)
        return {};
    const int headerLength
        = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
    return bytes.mid(10 + headerLength);
}

} // namespace

class TestCliRlab : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void parsesEveryRunFlag();
    void refusesBadArguments_data();
    void refusesBadArguments();
    void expandsSweepLists();
    void boundsSweepsBeforeBuildingThem();
    void exitsWithStatus2BeforeRunning_data();
    void exitsWithStatus2BeforeRunning();
    void refusedBeforeAllocatingUnderALimit();
    void outputThatCannotBeWrittenIsAnError_data();
    void outputThatCannotBeWrittenIsAnError();
    void echoesAreSafeForATerminal();
    void printsHelpAndDevices();
    void jsonCarriesTheContract();
    void summaryIsReadable();
    void sweepPrintsOneObjectPerRun();
    void dumpThenInitFromGivesTheSameLoss();
    void matchesPyTorch_data();
    void matchesPyTorch();
    void trainsFromPyTorchWeights();
    void llamaTrainsFromPyTorchWeights();
};

void TestCliRlab::initTestCase()
{
    QVERIFY2(QFile::exists(rlabPath()), qPrintable("rlab not built at " + rlabPath()));
}

void TestCliRlab::parsesEveryRunFlag()
{
    std::string error;
    const std::vector<std::string> args {"--policy", "selective", "--layers", "3", "--width=96", "--heads",
        "6", "--seq", "13", "--batch", "5", "--vocab", "41", "--steps", "7", "--seed", "99", "--dropout",
        "0.25", "--device", "cuda", "--save-precision", "bf16", "--optimizer", "sgd", "--offload", "--keep",
        "qkv,fc1", "--no-rng-replay", "--json", "--dump", "out", "--init-from", "in", "--threads", "3",
        "--warmup", "2", "--lr", "0.01", "--memory-limit", "2MiB"};
    const std::optional<RunOptions> options = parseRunOptions(args, &error);
    QVERIFY2(options, error.c_str());
    const rlab::RunConfig& c = options->config;
    QCOMPARE(c.policy.kind, rlab::PolicyKind::Selective);
    QVERIFY(c.policy.offload);
    QCOMPARE(c.policy.keep, (std::vector<rlab::OpKind> {rlab::OpKind::Qkv, rlab::OpKind::Fc1}));
    QCOMPARE(c.shape.layers, 3);
    QCOMPARE(c.shape.width, 96);
    QCOMPARE(c.shape.heads, 6);
    QCOMPARE(c.shape.seq, 13);
    QCOMPARE(c.shape.batch, 5);
    QCOMPARE(c.shape.vocab, 41);
    QCOMPARE(c.steps, 7);
    QCOMPARE(c.seed, std::uint64_t {99});
    QCOMPARE(c.dropout, 0.25f);
    QCOMPARE(c.device, rlab::Device::Cuda);
    QCOMPARE(c.savePrecision, rlab::SavePrecision::Bf16);
    QCOMPARE(c.optimizer, rlab::Optimizer::Sgd);
    QVERIFY(!c.rngReplay);
    QVERIFY(options->json);
    QCOMPARE(c.dumpDir, std::string("out"));
    QCOMPARE(c.initFrom, std::string("in"));
    QCOMPARE(c.threads, 3);
    QCOMPARE(c.warmupSteps, 2);
    QCOMPARE(c.learningRate, 0.01f);
    QCOMPARE(c.memoryLimitBytes, std::uint64_t {2 * 1024 * 1024});

    // The order of --offload and --policy does not matter, and name()'s "+offload" spelling parses.
    QVERIFY(parseRunOptions({"--offload", "--policy", "sqrt"}, &error)->config.policy.offload);
    QVERIFY(parseRunOptions({"--policy", "full+offload"}, &error)->config.policy.offload);
    QCOMPARE(
        parseRunOptions({"--policy", "budget:8MiB"}, &error)->config.policy.kind, rlab::PolicyKind::Budget);
    QCOMPARE(parseRunOptions({}, &error)->config.policy.kind, rlab::PolicyKind::None);
}

void TestCliRlab::refusesBadArguments_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("says");
    QTest::newRow("zero layers") << QStringList {"--layers", "0"} << "--layers must be at least 1";
    QTest::newRow("negative width") << QStringList {"--width", "-8"} << "--width must be at least 1";
    QTest::newRow("not a number") << QStringList {"--seq", "twelve"} << "--seq needs a whole number";
    QTest::newRow("trailing junk") << QStringList {"--batch", "8x"} << "--batch needs a whole number";
    QTest::newRow("too large") << QStringList {"--steps", "99999999999999"} << "too large";
    QTest::newRow("missing value") << QStringList {"--policy", "full", "--steps"} << "--steps needs a value";
    QTest::newRow("unknown flag") << QStringList {"--layer", "2"} << "Unknown option --layer";
    // 1e308 is a double but no 32-bit float: it became inf and "not a positive number".
    QTest::newRow("learning rate past a float") << QStringList {
        "--lr", "1e308"} << "--lr must be above 0 and a 32-bit float (about 1.2e-38 to 3.4e38), not 1e308";
    QTest::newRow("stray word") << QStringList {"full"} << "Unexpected argument 'full'";
    QTest::newRow("unknown policy") << QStringList {"--policy", "fastest"} << "fastest";
    QTest::newRow("unknown op kind") << QStringList {"--policy", "selective", "--keep", "qkv,magic"}
                                     << "magic";
    QTest::newRow("keep without selective")
        << QStringList {"--policy", "full", "--keep", "qkv"} << "selective";
    QTest::newRow("dropout of 1") << QStringList {"--dropout", "1"} << "below 1";
    QTest::newRow("bad device") << QStringList {"--device", "tpu"} << "cpu or cuda";
    QTest::newRow("bad arch") << QStringList {"--arch", "mamba"}
                              << "--arch must be gpt2 or llama, not 'mamba'";
    QTest::newRow("zero kv heads") << QStringList {"--arch", "llama", "--kv-heads", "0"}
                                   << "--kv-heads must be at least 1";
    QTest::newRow("ffn not a number") << QStringList {"--ffn", "wide"} << "--ffn needs a whole number";
    QTest::newRow("bad precision") << QStringList {"--save-precision", "fp8"} << "fp32 or bf16";
    QTest::newRow("bad optimizer") << QStringList {"--optimizer", "lion"} << "sgd or adamw";
    QTest::newRow("bad memory limit") << QStringList {"--memory-limit", "lots"} << "size in bytes";
    QTest::newRow("no measured step") << QStringList {"--steps", "2", "--warmup", "2"} << "at least one step";
    QTest::newRow("value on a switch") << QStringList {"--json=yes"} << "takes no value";
    QTest::newRow("threads beyond the bound")
        << QStringList {"--threads", "100000"} << "--threads must be at most 1024";
    QTest::newRow("threads near int max")
        << QStringList {"--threads", "2147483647"} << "--threads must be at most 1024";
    QTest::newRow("steps beyond the bound")
        << QStringList {"--steps", "1000001"} << "--steps must be at most 1000000";
    // Issue 47: each was accepted (as 12, as GPT-2's heads, and one output over the other).
    QTest::newRow("a sign on a size")
        << QStringList {"--layers", "+12"} << "--layers takes a plain whole number such as 12, not '+12'";
    QTest::newRow("kv heads for gpt2") << QStringList {"--heads", "4", "--kv-heads", "4"}
                                       << "--kv-heads is llama's (grouped-query attention)";
    QTest::newRow("trace and snapshot in one file") << QStringList {"--trace", "out.bin", "--memory-snapshot",
        "./out.bin"} << "--trace and --memory-snapshot name the same file, out.bin";
}

void TestCliRlab::refusesBadArguments()
{
    QFETCH(QStringList, args);
    QFETCH(QString, says);
    std::vector<std::string> list;
    for (const QString& arg : args)
        list.push_back(arg.toStdString());
    std::string error;
    QVERIFY(!parseRunOptions(list, &error));
    const QString message = QString::fromStdString(error);
    QVERIFY2(message.contains(says), qPrintable(message));
    QVERIFY2(message.endsWith('.') && !message.contains('\n'), qPrintable(message));
}

void TestCliRlab::expandsSweepLists()
{
    std::string error;
    const std::optional<SweepOptions> options
        = parseSweepOptions({"--policies", "none,sqrt+offload", "--layers", "2,4,8", "--steps", "3"}, &error);
    QVERIFY2(options, error.c_str());
    const std::vector<rlab::RunConfig> configs = sweepConfigs(*options);
    QCOMPARE(configs.size(), std::size_t {6});
    QCOMPARE(configs[0].policy.kind, rlab::PolicyKind::None);
    QCOMPARE(configs[2].shape.layers, 8);
    QCOMPARE(configs[3].policy.kind, rlab::PolicyKind::Sqrt);
    QVERIFY(configs[3].policy.offload);
    QCOMPARE(configs[5].steps, 3);
    // Without --policies a sweep compares the four main policies.
    QCOMPARE(sweepConfigs(*parseSweepOptions({}, &error)).size(), std::size_t {4});
    // A sweep does not dump, and rlab run takes one size only.
    QVERIFY(!parseSweepOptions({"--dump", "x"}, &error));
    QVERIFY(!parseRunOptions({"--layers", "2,4"}, &error));
}

void TestCliRlab::boundsSweepsBeforeBuildingThem()
{
    // 1,000 values per list once built 10^12 configurations and died in std::bad_alloc.
    QStringList values;
    for (int i = 1; i <= 1000; ++i)
        values << QString::number(i);
    const std::string thousand = values.join(',').toStdString();
    std::string error;
    QVERIFY(!parseSweepOptions({"--layers", thousand}, &error));
    QVERIFY2(error == "--layers lists 1000 values; a sweep takes at most 64 per list.", error.c_str());
    const std::string eight = "1,2,3,4,5,6,7,8";
    QVERIFY(
        !parseSweepOptions({"--layers", eight, "--width", eight, "--seq", eight, "--batch", eight}, &error));
    QVERIFY2(error == "This sweep has 16384 runs (the product of its lists); a sweep runs at most 4096.",
        error.c_str());
    QVERIFY(parseSweepOptions({"--layers", eight, "--width", eight, "--seq", eight}, &error)); // 2048 runs
    // The bounds the usage text states are the ones enforced.
    for (const auto bound : {rlab::kMostThreads, rlab::kMostSteps})
        QVERIFY(QByteArray(kRunUsage).contains(QByteArray::number(bound)));
    QVERIFY(QByteArray(kSweepUsage).contains(QByteArray::number(qulonglong(rlab::kMostSweepValues))));
    QVERIFY(QByteArray(kSweepUsage).contains(QByteArray::number(qulonglong(rlab::kMostSweepRuns))));
    // The engine refuses the same counts for callers that skip the parser.
    rlab::RunConfig config;
    config.threads = 100000;
    QVERIFY(rlab::validate(config).value_or("").find("at most 1024 threads") != std::string::npos);
    config.threads = 0;
    config.steps = 2000000;
    QVERIFY(rlab::validate(config).value_or("").find("at most 1000000 steps") != std::string::npos);
}

void TestCliRlab::exitsWithStatus2BeforeRunning_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("zero layers") << QStringList {"run", "--layers", "0"};
    QTest::newRow("width not divisible by heads") << QStringList {"run", "--width", "50", "--heads", "3"};
    QTest::newRow("unknown policy") << QStringList {"run", "--policy", "sometimes"};
    QTest::newRow("unknown flag") << QStringList {"run", "--fast"};
    QTest::newRow("missing value") << QStringList {"run", "--layers"};
    QTest::newRow("not a number") << QStringList {"run", "--layers", "many"};
    QTest::newRow("over the memory limit") << QStringList {"run", "--memory-limit", "64KiB"};
    QTest::newRow("bigger than the machine")
        << QStringList {"run", "--layers", "4096", "--width", "8192", "--seq", "8192", "--batch", "64"};
    QTest::newRow("sweep with a bad size") << QStringList {"sweep", "--layers", "2,0"};
    QTest::newRow("threads beyond the bound") << QStringList {"run", "--threads", "100000"};
    QTest::newRow("sweep of 40 values per list") << [] {
        QStringList values;
        for (int i = 1; i <= 40; ++i)
            values << QString::number(i);
        const QString list = values.join(',');
        return QStringList {"sweep", "--layers", list, "--width", list, "--seq", list, "--batch", list};
    }();
    QTest::newRow("dump below a file") << QStringList {"run", "--dump", "/dev/null/dump"};
    QTest::newRow("unknown command") << QStringList {"train"};
}

void TestCliRlab::exitsWithStatus2BeforeRunning()
{
    QFETCH(QStringList, args);
    const Outcome outcome = runRlab(args);
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY(outcome.out.isEmpty());
    const QByteArray message = outcome.err.trimmed();
    QVERIFY2(message.startsWith("rlab: ") && !message.contains('\n'), outcome.err.constData());
    QVERIFY2(message.endsWith('.'), outcome.err.constData());
    // Refused up front: nothing reached stdout, so no run started (no timing assertion: a busy
    // machine makes any wall-clock bound flaky).
}

// The memory check counts what this process may take now, not the machine's total: under ulimit -v
// this run (9 GiB predicted) allocated for 15 s before failing with status 1; now it is refused
// before anything is allocated.
void TestCliRlab::refusedBeforeAllocatingUnderALimit()
{
    if (rlab::test::kSlowness > 1)
        QSKIP("a sanitizer's shadow memory needs more address space than the limit leaves");
    QElapsedTimer timer;
    timer.start();
    const Outcome outcome = execute(QStringLiteral("/bin/sh"),
        {"-c", "ulimit -v 3000000 && exec \"$0\" \"$@\"", rlabPath(), "run", "--layers", "1", "--width", "64",
            "--heads", "64", "--seq", "2048", "--batch", "3", "--steps", "2", "--threads", "1"});
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY2(outcome.err.contains("more than the address-space limit (RLIMIT_AS, ulimit -v)"),
        outcome.err.constData());
    QVERIFY(timer.elapsed() < 5000);
}

// JSON to a full disk or a closed stdout exited 0, cut short, with no word; now status 1 and one
// sentence, for each command that prints.
void TestCliRlab::outputThatCannotBeWrittenIsAnError_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("closed");
    const QStringList run = QStringList {"run"} + kTiny + QStringList {"--json"};
    const QStringList plan {"plan", "--model", "gpt2-124m", "--budget", "24GB", "--json"};
    QTest::newRow("run --json to /dev/full") << run << false;
    QTest::newRow("run --json to a closed stdout") << run << true;
    QTest::newRow("plan --json to /dev/full") << plan << false;
    QTest::newRow("plan --json to a closed stdout") << plan << true;
    QTest::newRow("plan's table to /dev/full") << plan.mid(0, 5) << false;
}

void TestCliRlab::outputThatCannotBeWrittenIsAnError()
{
    QFETCH(QStringList, args);
    QFETCH(bool, closed);
    QProcess process;
    if (closed) {
        process.start(
            QStringLiteral("/bin/sh"), QStringList {"-c", "exec \"$0\" \"$@\" >&-", rlabPath()} + args);
    } else {
        process.setStandardOutputFile(QStringLiteral("/dev/full"));
        process.start(rlabPath(), args);
    }
    QVERIFY(process.waitForFinished(120000 * rlab::test::kSlowness));
    const QByteArray err = process.readAllStandardError();
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 1);
    QVERIFY2(err.contains("rlab: the output could not all be written to standard output ("), err.constData());
    QVERIFY2(err.contains(closed ? "(it is closed)" : ")"), err.constData());
}

// What rlab echoes reaches a terminal: an unknown policy's ESC was printed raw and a 120 KB
// argument whole; check-claims --preset "" ran every preset.
void TestCliRlab::echoesAreSafeForATerminal()
{
    const Outcome escape = runRlab({"run", "--policy", QString::fromUtf8("\x1b]0;pwned\x07\x1b[31mred\rx")});
    QCOMPARE(escape.exitCode, 2);
    QVERIFY2(escape.err.contains("\\x1b]0;pwned\\x07\\x1b[31mred\\x0dx"), escape.err.constData());
    QVERIFY(!escape.err.contains('\x1b') && !escape.err.contains('\r') && !escape.err.contains('\x07'));
    const Outcome command = runRlab({QString::fromUtf8("\x1b[2Jrun")});
    QCOMPARE(command.exitCode, 2);
    QVERIFY2(
        !command.err.contains('\x1b') && command.err.contains("unknown command"), command.err.constData());
    // rlab export and import echoed their arguments raw.
    const QString osc = QString::fromUtf8("gi\x1b]0;x\x07"
                                          "ft");
    for (const QStringList& args : {QStringList {"export", "--format", osc, "q"},
             QStringList {"export", "--format", "gift", "--lang", osc, "gradient-checkpointing"},
             QStringList {"export", "--format", "gift", osc},
             QStringList {"import", "--format", osc, "f", "d"},
             QStringList {"import", "--format", "gift", osc, "d"}}) {
        const Outcome echoed = runRlab(args);
        QVERIFY2(echoed.exitCode != 0 && echoed.err.contains("gi\\x1b]0;x\\x07ft"), echoed.err.constData());
        QVERIFY2(!echoed.err.contains('\x1b') && !echoed.err.contains('\x07'), echoed.err.constData());
    }
    const Outcome huge = runRlab({"run", "--policy", QString(120000, QLatin1Char('x'))});
    QCOMPARE(huge.exitCode, 2);
    QVERIFY2(huge.err.size() < 2200 && huge.err.contains("bytes cut"), huge.err.left(300).constData());
    const QString content
        = QDir(qEnvironmentVariable("RLAB_SOURCE_DIR", QStringLiteral(RLAB_TEST_SOURCE_DIR)))
              .filePath(QStringLiteral("content"));
    const Outcome empty = runRlab({"check-claims", content, "--preset", ""});
    QCOMPARE(empty.exitCode, 2);
    QVERIFY2(empty.err.contains("--preset needs a preset id, not an empty one"), empty.err.constData());
    const Outcome twice = runRlab({"check-claims", content, "--preset", "offload", "--preset", "x"});
    QCOMPARE(twice.exitCode, 2);
    QVERIFY2(twice.err.contains("--preset is given twice"), twice.err.constData());

    // A run label from content with an OSC title, a colour and a carriage return, written as YAML
    // escapes: the loader places the first in a sentence and keeps the label without them.
    QTemporaryDir pack;
    const QDir fixture(QDir(qEnvironmentVariable("RLAB_SOURCE_DIR", QStringLiteral(RLAB_TEST_SOURCE_DIR)))
                           .filePath(QStringLiteral("tests/content/fixtures/minimal")));
    QDirIterator files(fixture.path(), QDir::Files, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString from = files.next();
        const QString to = QDir(pack.path()).filePath(fixture.relativeFilePath(from));
        QVERIFY(QDir().mkpath(QFileInfo(to).path()) && QFile::copy(from, to));
    }
    QFile presets(QDir(pack.path()).filePath(QStringLiteral("demos/presets.yaml")));
    QVERIFY(presets.open(QIODevice::ReadOnly));
    QByteArray text = presets.readAll();
    presets.close();
    QVERIFY(text.count("      - policy: none\n      - {policy: full") == 1);
    text.replace("      - policy: none\n      - {policy: full",
        "      - {policy: none, label: \"\\e]0;owned\\a\\e[31mred\\rx\"}\n      - {policy: full");
    QVERIFY(presets.open(QIODevice::WriteOnly | QIODevice::Truncate) && presets.write(text) == text.size());
    presets.close();
    const Outcome label = runRlab({"check-claims", pack.path(), "--preset", "small-demo", "--min-time", "0"});
    QVERIFY2(label.out.contains("run ]0;owned[31mredx "), (label.out + label.err).constData());
    QVERIFY2(label.err.contains("presets.yaml:11:31: error: the text holds the control character U+001B"),
        label.err.constData());
    QVERIFY(!label.out.contains('\x1b') && !label.err.contains('\x1b') && !label.out.contains('\r'));
}

void TestCliRlab::printsHelpAndDevices()
{
    Outcome outcome = runRlab({"--help"});
    QCOMPARE(outcome.exitCode, 0);
    QVERIFY(outcome.out.contains("sweep"));
    outcome = runRlab({"run", "--help"});
    QCOMPARE(outcome.exitCode, 0);
    for (const char* flag : {"--policy", "--offload", "--keep", "--no-rng-replay", "--dump", "--init-from",
             "--json", "--threads", "--warmup", "--lr", "--memory-limit", "--save-precision"})
        QVERIFY2(outcome.out.contains(flag), flag);
    QCOMPARE(runRlab({"sweep", "--help"}).exitCode, 0);
    // No command: one line on stderr (it printed the whole usage there, 11 lines).
    outcome = runRlab({});
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY2(outcome.err.trimmed().count('\n') == 0 && outcome.err.contains("name a command"),
        outcome.err.constData());

    outcome = runRlab({"devices"});
    QCOMPARE(outcome.exitCode, 0);
    QVERIFY2(outcome.out.startsWith("cpu"), outcome.out.constData());
    QVERIFY2(outcome.out.contains("\ncuda"), outcome.out.constData()); // usable, or why not
}

void TestCliRlab::jsonCarriesTheContract()
{
    const Outcome outcome = runRlab(QStringList {"run", "--policy", "sqrt", "--json"} + kTiny);
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    QJsonParseError parseError;
    const QJsonObject json = QJsonDocument::fromJson(outcome.out, &parseError).object();
    QCOMPARE(parseError.error, QJsonParseError::NoError);
    for (const char* key : {"policy", "device", "layers", "loss", "peak_bytes", "peak_activation_bytes",
             "predicted_peak_activation_bytes", "bytes_by_category", "step_ms", "step_ms_all",
             "forward_flops", "recompute_flops", "grad_checksum"})
        QVERIFY2(json.contains(QLatin1String(key)), key);
    QCOMPARE(json["policy"].toString(), QString("sqrt"));
    QCOMPARE(json["device"].toString(), QString("cpu"));
    QCOMPARE(json["layers"].toInt(), 2);
    QCOMPARE(json["loss"].toArray().size(), 3);
    QCOMPARE(json["step_ms_all"].toArray().size(), 3);
    QVERIFY(json["step_ms"].toDouble() > 0);
    QVERIFY(json["peak_activation_bytes"].toInteger() > 0);
    QVERIFY(json["peak_bytes"].toInteger() >= json["peak_activation_bytes"].toInteger());
    QVERIFY(json["forward_flops"].toDouble() > 0);
    QVERIFY(json["recompute_flops"].toDouble() > 0); // sqrt recomputes segments
    QVERIFY(json["grad_checksum"].toDouble() > 0);
    QVERIFY(json["bytes_by_category"].toObject().contains("parameters"));
}

void TestCliRlab::summaryIsReadable()
{
    const Outcome outcome = runRlab(QStringList {"run", "--policy", "full"} + kTiny);
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    for (const char* text :
        {"policy      full", "loss", "->", "step time", "median", "MiB", "predicted", "recompute"})
        QVERIFY2(outcome.out.contains(text), text);
    QVERIFY(outcome.err.isEmpty()); // no progress line when stderr is not a terminal
}

void TestCliRlab::sweepPrintsOneObjectPerRun()
{
    const Outcome outcome = runRlab(
        QStringList {"sweep", "--policies", "none,full"} + kTiny + QStringList {"--layers", "1,2", "--json"});
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    const QJsonArray runs = QJsonDocument::fromJson(outcome.out).array();
    QCOMPARE(runs.size(), 4);
    QCOMPARE(runs[0].toObject()["policy"].toString(), QString("none"));
    QCOMPARE(runs[1].toObject()["layers"].toInt(), 2);
    QCOMPARE(runs[3].toObject()["policy"].toString(), QString("full"));
    // Same weights and data for each policy: recomputation changes no loss.
    QCOMPARE(runs[1].toObject()["loss"].toArray(), runs[3].toObject()["loss"].toArray());

    const Outcome table = runRlab(QStringList {"sweep", "--policies", "none,selective"} + kTiny);
    QVERIFY2(table.exitCode == 0, table.err.constData());
    QCOMPARE(table.out.count('\n'), 4); // two header lines, one line per run
    QVERIFY(table.out.contains("selective"));
}

void TestCliRlab::dumpThenInitFromGivesTheSameLoss()
{
    QTemporaryDir dir;
    const QString dump = dir.filePath("dump");
    const QStringList args = QStringList {"run", "--policy", "full", "--seed", "7", "--json"} + kTiny;
    const Outcome first = runRlab(args + QStringList {"--dump", dump});
    QVERIFY2(first.exitCode == 0, first.err.constData());
    for (const char* file : {"tokens.npy", "targets.npy", "result.json", "params/wte.weight.npy",
             "params/blocks.1.fc2.bias.npy", "grads/head.weight.npy", "grads/blocks.0.qkv.weight.npy"})
        QVERIFY2(QFile::exists(QDir(dump).filePath(file)), file);
    const QJsonObject dumped = readJsonObject(QDir(dump).filePath("result.json"));
    QCOMPARE(dumped["loss"].toArray(), QJsonDocument::fromJson(first.out).object()["loss"].toArray());

    const Outcome second = runRlab(args + QStringList {"--init-from", dump});
    QVERIFY2(second.exitCode == 0, second.err.constData());
    const QJsonObject again = QJsonDocument::fromJson(second.out).object();
    // The same weights, batch and dropout masks: the first step's loss and gradients, bit for bit. (Later
    // steps differ: the folder holds one batch, which --init-from trains on at every step.)
    QCOMPARE(again["loss"].toArray().at(0).toDouble(), dumped["loss"].toArray().at(0).toDouble());
    QCOMPARE(again["grad_checksum"].toDouble(), dumped["grad_checksum"].toDouble());

    // Non-finite weights are refused before training instead of training to NaN.
    QFile weight(QDir(dump).filePath("params/lnf.bias.npy"));
    QVERIFY(weight.open(QIODevice::ReadWrite));
    weight.seek(weight.size() - 4);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    weight.write(reinterpret_cast<const char*>(&nan), 4);
    weight.close();
    const Outcome poisoned = runRlab(args + QStringList {"--init-from", dump});
    QCOMPARE(poisoned.exitCode, 1);
    QVERIFY2(
        poisoned.err.contains("lnf.bias.npy") && poisoned.err.contains("finite"), poisoned.err.constData());

    // A folder for another shape is refused with one sentence and status 1 (the arguments were fine).
    const Outcome mismatch
        = runRlab(QStringList {"run", "--width", "48", "--heads", "2", "--init-from", dump});
    QCOMPARE(mismatch.exitCode, 1);
    QVERIFY2(mismatch.err.startsWith("rlab: ") && mismatch.err.trimmed().count('\n') == 0,
        mismatch.err.constData());

    // A folder that is not there is a bad argument (status 2), refused before any training.
    const Outcome missing = runRlab(args + QStringList {"--init-from", dump + "-missing"});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains("does not exist or is not a folder"), missing.err.constData());
}

void TestCliRlab::matchesPyTorch_data()
{
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QStringList>("extra"); // llama's flags (docs/llama.md "The contract")
    QTest::newRow("N2 d48 H3 T13 B2 V37 none") << "2,48,3,13,2,37"
                                               << "none" << QStringList();
    QTest::newRow("N3 d64 H4 T16 B3 V50 selective") << "3,64,4,16,3,50"
                                                    << "selective" << QStringList();
    QTest::newRow("N3 d40 H5 T7 B2 V29 sqrt") << "3,40,5,7,2,29"
                                              << "sqrt" << QStringList();
    // Llama, loss and every gradient within 1e-5 of the scale (torch_reference.py): multi-query
    // with a given F, grouped with the default F, multi-head, and offloaded full recomputation.
    QTest::newRow("llama N2 d24 H3 G1 F40 T9 B2 V29 none")
        << "2,24,3,9,2,29"
        << "none" << QStringList {"--arch", "llama", "--kv-heads", "1", "--ffn", "40"};
    QTest::newRow("llama N3 d64 H4 G2 T16 B3 V50 selective")
        << "3,64,4,16,3,50"
        << "selective" << QStringList {"--arch", "llama", "--kv-heads", "2"};
    QTest::newRow("llama N3 d48 H6 G6 T13 B2 V37 sqrt") << "3,48,6,13,2,37"
                                                        << "sqrt" << QStringList {"--arch", "llama"};
    QTest::newRow("llama N4 d32 H4 G1 T7 B2 V31 full+offload")
        << "4,32,4,7,2,31"
        << "full" << QStringList {"--arch", "llama", "--kv-heads", "1", "--offload"};
    QTest::newRow("llama N3 d48 H4 G2 T13 B2 V37 selective, q/k/v biases")
        << "3,48,4,13,2,37"
        << "selective" << QStringList {"--arch", "llama", "--kv-heads", "2", "--qkv-bias"};
}

void TestCliRlab::matchesPyTorch()
{
    QFETCH(QString, shape);
    QFETCH(QString, policy);
    QFETCH(QStringList, extra);
    if (torchPython().isEmpty())
        QSKIP("no python here imports torch (install python3-torch, or set RLAB_PYTHON)");
    QTemporaryDir dir;
    const Outcome run = runRlab(QStringList {"run", "--policy", policy, "--dropout", "0", "--steps", "1",
                                    "--warmup", "0", "--seed", "5", "--dump", dir.path()}
        + shapeArgs(shape) + extra);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const Outcome check = execute(torchPython(), {referenceScript(), "check", dir.path()});
    QVERIFY2(check.exitCode == 0, (check.out + check.err).constData());
    QVERIFY2(check.out.contains("\nPASS: "), check.out.constData());
    // The reference compared was the architecture asked for.
    const bool llama = extra.contains("llama");
    QVERIFY2(check.out.contains(llama ? "PASS: llama" : "PASS: gpt2"), check.out.constData());
    QCOMPARE(check.out.contains("with qkv biases"), extra.contains("--qkv-bias"));
}

void TestCliRlab::llamaTrainsFromPyTorchWeights()
{
    if (torchPython().isEmpty())
        QSKIP("no python here imports torch (install python3-torch, or set RLAB_PYTHON)");
    QTemporaryDir dir;
    const QString init = dir.filePath("torch-init");
    const QString dump = dir.filePath("rlab-dump");
    const QString shape = "2,32,4,11,2,37";
    const QStringList llama {"--arch", "llama", "--kv-heads", "2"};
    const Outcome written = execute(torchPython(),
        QStringList {referenceScript(), "init", init, "--seed", "3"} + shapeArgs(shape) + llama);
    QVERIFY2(written.exitCode == 0, (written.out + written.err).constData());
    const Outcome run = runRlab(QStringList {"run", "--dropout", "0", "--steps", "1", "--warmup", "0",
                                    "--init-from", init, "--dump", dump}
        + shapeArgs(shape) + llama);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(
        npyData(dump + "/params/blocks.1.wk.weight.npy"), npyData(init + "/params/blocks.1.wk.weight.npy"));
    QCOMPARE(
        npyData(dump + "/params/blocks.0.w3.weight.npy"), npyData(init + "/params/blocks.0.w3.weight.npy"));
    const Outcome check = execute(torchPython(), {referenceScript(), "check", dump});
    QVERIFY2(check.exitCode == 0, (check.out + check.err).constData());
    QVERIFY2(check.out.contains("PASS: llama G=2 F=128"), check.out.constData());

    // Qwen2's block: PyTorch's nonzero q, k and v biases read in and trained as PyTorch does; the
    // same folder read as a block without them is refused, not half read.
    const QString biased = dir.filePath("torch-init-biased");
    const QString biasedDump = dir.filePath("rlab-dump-biased");
    const Outcome withBias = execute(torchPython(),
        QStringList {referenceScript(), "init", biased, "--seed", "4", "--qkv-bias"} + shapeArgs(shape)
            + llama);
    QVERIFY2(withBias.exitCode == 0, (withBias.out + withBias.err).constData());
    const Outcome biasedRun = runRlab(QStringList {"run", "--dropout", "0", "--steps", "1", "--warmup", "0",
                                          "--init-from", biased, "--dump", biasedDump, "--qkv-bias"}
        + shapeArgs(shape) + llama);
    QVERIFY2(biasedRun.exitCode == 0, biasedRun.err.constData());
    QCOMPARE(npyData(biasedDump + "/params/blocks.1.wk.bias.npy"),
        npyData(biased + "/params/blocks.1.wk.bias.npy"));
    const Outcome biasedCheck = execute(torchPython(), {referenceScript(), "check", biasedDump});
    QVERIFY2(biasedCheck.exitCode == 0, (biasedCheck.out + biasedCheck.err).constData());
    QVERIFY2(biasedCheck.out.contains("PASS: llama G=2 F=128 with qkv biases"), biasedCheck.out.constData());
    const Outcome unbiased = runRlab(
        QStringList {"run", "--dropout", "0", "--steps", "1", "--warmup", "0", "--init-from", biased}
        + shapeArgs(shape) + llama);
    QCOMPARE(unbiased.exitCode, 1);
    QVERIFY2(unbiased.err.contains("which is not a parameter of this model"), unbiased.err.constData());
}

void TestCliRlab::trainsFromPyTorchWeights()
{
    if (torchPython().isEmpty())
        QSKIP("no python here imports torch (install python3-torch, or set RLAB_PYTHON)");
    QTemporaryDir dir;
    const QString init = dir.filePath("torch-init");
    const QString dump = dir.filePath("rlab-dump");
    const QString shape = "2,48,3,13,2,37";
    const Outcome written = execute(
        torchPython(), QStringList {referenceScript(), "init", init, "--seed", "3"} + shapeArgs(shape));
    QVERIFY2(written.exitCode == 0, (written.out + written.err).constData());
    const Outcome run = runRlab(QStringList {"run", "--dropout", "0", "--steps", "1", "--warmup", "0",
                                    "--init-from", init, "--dump", dump}
        + shapeArgs(shape));
    QVERIFY2(run.exitCode == 0, run.err.constData());
    // The engine took PyTorch's weights and batch exactly...
    QCOMPARE(
        npyData(dump + "/params/blocks.1.qkv.weight.npy"), npyData(init + "/params/blocks.1.qkv.weight.npy"));
    QCOMPARE(npyData(dump + "/tokens.npy"), npyData(init + "/tokens.npy"));
    QVERIFY(!npyData(dump + "/targets.npy").isEmpty());
    // ...and its loss and gradients from them agree with PyTorch's.
    const Outcome check = execute(torchPython(), {referenceScript(), "check", dump});
    QVERIFY2(check.exitCode == 0, (check.out + check.err).constData());
}

QTEST_GUILESS_MAIN(TestCliRlab)
#include "tst_cli_rlab.moc"
