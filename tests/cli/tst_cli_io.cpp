// The engine's file formats: .npy arrays, the --dump / --init-from folder and the --json object.
#include <cmath>
#include <csignal>
#include <limits>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "dump.h"
#include "npy.h"
#include "rlab/engine.h"

using namespace rlab::detail;

namespace {

QString errorOf(const std::function<void()>& action)
{
    try {
        action();
    } catch (const rlab::RunError& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

void writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

// A one-sentence message: ends with a full stop and holds no line break.
bool isOneSentence(const QString& message)
{
    return message.endsWith(QLatin1Char('.')) && !message.contains(QLatin1Char('\n'));
}

} // namespace

class TestCliIo : public QObject {
    Q_OBJECT

private slots:
    void npyRoundTripsFloatsAndInts();
    void npyFileIsWhatNumpyWrites();
    void npyRefusesWhatItCannotRead();
    void npyIsNeverWrittenThroughALink();
    void dumpThenInitReadsTheSameTensors();
    void initRefusesMismatches();
    void readsRegularFilesOnly();
    void initRefusesNonFiniteWeights();
    void dumpFolderIsCheckedFirst();
    void dumpIsNeverWrittenThroughALink();
    void dumpOnAFullDiskKeepsTheOldDump();
    void initChecksTheShapeBeforeReadingData();
    void jsonHasTheContractKeys();
    void jsonEscapesAndRoundTripsNumbers();
};

void TestCliIo::npyRoundTripsFloatsAndInts()
{
    QTemporaryDir dir;
    const std::string floats = dir.filePath("f.npy").toStdString();
    const std::string ints = dir.filePath("i.npy").toStdString();
    const std::vector<float> values {
        1.0f, -2.5f, 3.14159274f, std::numeric_limits<float>::denorm_min(), 1e30f, 0.0f};
    writeNpy(floats, {2, 3}, values);
    writeNpy(ints, {3}, std::vector<std::int32_t> {7, -1, 2147483647});

    const NpyArray f = readNpy(floats);
    QCOMPARE(f.type, NpyType::Float32);
    QCOMPARE(f.shape, (std::vector<std::size_t> {2, 3}));
    QCOMPARE(f.floats, values); // bit-exact: the format stores raw IEEE words
    const NpyArray i = readNpy(ints);
    QCOMPARE(i.type, NpyType::Int32);
    QCOMPARE(i.count(), std::size_t {3});
    QCOMPARE(i.ints, (std::vector<std::int32_t> {7, -1, 2147483647}));
}

void TestCliIo::npyFileIsWhatNumpyWrites()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("a.npy");
    writeNpy(path.toStdString(), {2, 2}, std::vector<float> {1, 2, 3, 4});
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.startsWith(QByteArray("\x93NUMPY\x01\x00", 8)));
    const int headerLength
        = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
    QCOMPARE((10 + headerLength) % 64, 0); // NumPy aligns the data to 64 bytes
    const QByteArray header = bytes.mid(10, headerLength);
    QVERIFY(header.startsWith("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }"));
    QVERIFY(header.endsWith('\n'));
    QCOMPARE(bytes.size(), 10 + headerLength + 16);
    QCOMPARE(shapeText({5}), std::string("(5,)"));
    QCOMPARE(shapeText({}), std::string("()"));
}

void TestCliIo::npyRefusesWhatItCannotRead()
{
    QTemporaryDir dir;
    const QString good = dir.filePath("good.npy");
    writeNpy(good.toStdString(), {4}, std::vector<float> {1, 2, 3, 4});
    QFile file(good);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();

    const QString truncated = dir.filePath("truncated.npy");
    writeBytes(truncated, bytes.left(bytes.size() - 3));
    QString error = errorOf([&] { readNpy(truncated.toStdString()); });
    QVERIFY2(error.contains("truncated.npy") && error.contains("needs 16"), qPrintable(error));
    QVERIFY(isOneSentence(error));

    const QString int64 = dir.filePath("int64.npy");
    writeBytes(int64, QByteArray(bytes).replace("<f4", "<i8"));
    error = errorOf([&] { readNpy(int64.toStdString()); });
    QVERIFY2(error.contains("'<i8'"), qPrintable(error));

    const QString fortran = dir.filePath("fortran.npy");
    writeBytes(fortran, QByteArray(bytes).replace("False", "True "));
    error = errorOf([&] { readNpy(fortran.toStdString()); });
    QVERIFY2(error.contains("Fortran order"), qPrintable(error));

    const QString text = dir.filePath("text.npy");
    writeBytes(text, "hello, world");
    error = errorOf([&] { readNpy(text.toStdString()); });
    QVERIFY2(error.contains("not a NumPy .npy file"), qPrintable(error));

    error = errorOf([&] { readNpy(dir.filePath("absent.npy").toStdString()); });
    QVERIFY2(error.contains("absent.npy") && isOneSentence(error), qPrintable(error));

    error = errorOf([&] {
        writeNpy(dir.filePath("x.npy").toStdString(), {2, 2}, std::vector<float> {1, 2, 3});
    });
    QVERIFY2(error.contains("do not fill the shape (2, 2)"), qPrintable(error));
}

// `--dump DIR` wrote tokens.npy through a link there into the link's target (an ofstream follows
// it): the link is refused in a sentence and its target keeps its bytes.
void TestCliIo::npyIsNeverWrittenThroughALink()
{
    QTemporaryDir dir;
    const QString victim = dir.filePath("victim.txt");
    writeBytes(victim, "precious");
    const QString link = dir.filePath("tokens.npy");
    QVERIFY(QFile::link(victim, link));
    const QString error = errorOf([&] {
        writeNpy(link.toStdString(), {2}, std::vector<std::int32_t> {1, 2});
    });
    QVERIFY2(error.contains("tokens.npy") && error.contains("symbolic link"), qPrintable(error));
    QVERIFY(isOneSentence(error));
    QFile file(victim);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("precious"));
    QVERIFY(QFileInfo(link).isSymLink());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::System).size(), 2); // no temporary left
}

void TestCliIo::dumpThenInitReadsTheSameTensors()
{
    QTemporaryDir dir;
    const std::string root = dir.filePath("nested/dump").toStdString(); // parents are created
    const std::vector<NamedTensor> params {
        {"wte.weight", {5, 2}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}, {"blocks.0.ln1.bias", {2}, {-1.5f, 0.25f}}};
    const std::vector<NamedTensor> grads {
        {"wte.weight", {5, 2}, std::vector<float>(10, 0.5f)}, {"blocks.0.ln1.bias", {2}, {1e-8f, -3}}};
    const std::vector<std::int32_t> tokens {0, 1, 2, 3, 4, 0}, targets {1, 2, 3, 4, 0, 1};
    writeDump(root, tokens, targets, 2, 3, params, grads, R"({"loss":[1.5]})");

    QVERIFY(QFile::exists(dir.filePath("nested/dump/grads/blocks.0.ln1.bias.npy")));
    QFile result(dir.filePath("nested/dump/result.json"));
    QVERIFY(result.open(QIODevice::ReadOnly));
    QCOMPARE(
        QJsonDocument::fromJson(result.readAll()).object().value("loss").toArray().at(0).toDouble(), 1.5);
    QCOMPARE(readNpy(root + "/grads/blocks.0.ln1.bias.npy").floats, grads[1].data);

    std::vector<NamedTensor> expected = params;
    for (NamedTensor& tensor : expected)
        tensor.data.clear(); // readInit only looks at names and shapes
    const InitData init = readInit(root, expected, 2, 3, 5);
    QCOMPARE(init.params.size(), params.size());
    for (std::size_t i = 0; i < params.size(); ++i) {
        QCOMPARE(init.params[i].name, params[i].name);
        QCOMPARE(init.params[i].shape, params[i].shape);
        QCOMPARE(init.params[i].data, params[i].data);
    }
    QVERIFY(init.hasBatch);
    QCOMPARE(init.tokens, tokens);
    QCOMPARE(init.targets, targets);
}

void TestCliIo::initRefusesMismatches()
{
    QTemporaryDir dir;
    const std::string root = dir.path().toStdString();
    const std::vector<NamedTensor> params {{"head.weight", {3, 2}, {1, 2, 3, 4, 5, 6}}};
    writeDump(root, {0, 1, 2, 2}, {1, 2, 2, 0}, 2, 2, params, params, "{}");

    // Wrong shape for this model.
    QString error = errorOf([&] { readInit(root, {{"head.weight", {2, 3}, {}}}, 2, 2, 3); });
    QVERIFY2(error.contains("head.weight.npy") && error.contains("(3, 2)") && error.contains("(2, 3)"),
        qPrintable(error));
    QVERIFY(isOneSentence(error));
    // A parameter the folder lacks.
    error = errorOf([&] { readInit(root, {{"lnf.bias", {2}, {}}}, 2, 2, 3); });
    QVERIFY2(error.contains("lnf.bias"), qPrintable(error));
    // Batch of another shape, and token ids beyond the vocabulary.
    error = errorOf([&] { readInit(root, params, 1, 4, 3); });
    QVERIFY2(error.contains("tokens.npy") && error.contains("(1, 4)"), qPrintable(error));
    error = errorOf([&] { readInit(root, params, 2, 2, 2); });
    QVERIFY2(error.contains("token id 2") && error.contains("0..1"), qPrintable(error));
    // Tokens without targets.
    QVERIFY(QFile::remove(dir.filePath("targets.npy")));
    error = errorOf([&] { readInit(root, params, 2, 2, 3); });
    QVERIFY2(error.contains("without targets.npy"), qPrintable(error));
    // Without tokens and targets, the weights alone are fine.
    QVERIFY(QFile::remove(dir.filePath("tokens.npy")));
    QVERIFY(!readInit(root, params, 2, 2, 3).hasBatch);
    // No folder at all.
    error = errorOf([&] { readInit(root + "/missing", params, 2, 2, 3); });
    QVERIFY2(error.contains("does not exist"), qPrintable(error));
}

void TestCliIo::jsonHasTheContractKeys()
{
    rlab::RunResult result;
    result.policyName = "sqrt+offload";
    result.deviceName = "cpu (Eigen, 2 threads)";
    result.config.shape.layers = 7;
    result.config.policy.offload = true;
    result.loss = {5.5f, 5.25f};
    result.stepMs = {3.0, 2.0};
    result.stepMsMedian = 2.0;
    result.peakBytes = 1000;
    result.peakActivationBytes = 400;
    result.predictedPeakActivationBytes = 404;
    result.bytesByCategory = {{"parameters", 100}, {"saved_activations", 300}};
    result.recomputeFlops = 12345;
    result.gradChecksum = 0.125;
    result.timeline.push_back({0.0, 0.5, rlab::Phase::Recompute, 3, "gelu", 10, 5, 2});

    QJsonParseError parseError;
    const QJsonDocument document
        = QJsonDocument::fromJson(QByteArray::fromStdString(result.toJson()), &parseError);
    QCOMPARE(parseError.error, QJsonParseError::NoError);
    const QJsonObject json = document.object();
    for (const char* key : {"policy", "device", "layers", "loss", "peak_bytes", "peak_activation_bytes",
             "predicted_peak_activation_bytes", "bytes_by_category", "step_ms", "step_ms_all",
             "forward_flops", "recompute_flops", "grad_checksum"})
        QVERIFY2(json.contains(QLatin1String(key)), key);
    QCOMPARE(json["policy"].toString(), QString("sqrt+offload"));
    QCOMPARE(json["device"].toString(), QString("cpu"));
    QCOMPARE(json["layers"].toInt(), 7);
    QCOMPARE(json["loss"].toArray().size(), 2);
    QCOMPARE(json["step_ms_all"].toArray().at(0).toDouble(), 3.0);
    QCOMPARE(json["bytes_by_category"].toObject()["saved_activations"].toInteger(), 300);
    QCOMPARE(json["predicted_peak_activation_bytes"].toInteger(), 404);
    QCOMPARE(json["recompute_flops"].toDouble(), 12345.0);
    QCOMPARE(json["offload"].toBool(), true);
    QCOMPARE(json["measured"].toBool(), true);
    QCOMPARE(
        json["provenance"].toObject()["predicted_peak_activation_bytes"].toString(), QString("predicted"));
    QCOMPARE(json["provenance"].toObject()["peak_activation_bytes"].toString(), QString("measured"));
    QVERIFY(json["grad_max_abs_diff_vs_none"].isNull()); // not compared: null, not a fake number
    const QJsonObject event = json["timeline"].toArray().at(0).toObject();
    QCOMPARE(event["phase"].toString(), QString("recompute"));
    QCOMPARE(event["op"].toString(), QString("gelu"));
}

void TestCliIo::jsonEscapesAndRoundTripsNumbers()
{
    rlab::RunResult result;
    result.policyName = "a \"quoted\"\\ name\n\twith \x01 control, ключ";
    const float awkward = 0.1f + 1e-8f;
    result.loss = {awkward, std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()};
    result.gradChecksum = 1.0 / 3.0;
    result.peakBytes = 18446744073709551615ull;

    const std::string text = result.toJson();
    QJsonParseError parseError;
    const QJsonObject json = QJsonDocument::fromJson(QByteArray::fromStdString(text), &parseError).object();
    QCOMPARE(parseError.error, QJsonParseError::NoError);
    QCOMPARE(json["policy"].toString(), QString::fromStdString(result.policyName));
    const QJsonArray loss = json["loss"].toArray();
    QCOMPARE(static_cast<float>(loss.at(0).toDouble()), awkward); // %.9g: the float comes back exactly
    QVERIFY(loss.at(1).isNull()); // NaN is not JSON
    QVERIFY(loss.at(2).isNull());
    QCOMPARE(json["grad_checksum"].toDouble(), 1.0 / 3.0); // %.17g: the double comes back exactly
    QVERIFY(text.find("\"peak_bytes\":18446744073709551615") != std::string::npos); // integers stay integers
}

void TestCliIo::readsRegularFilesOnly()
{
    // A FIFO blocked the open for ever and a device never ended; both are refused before opening.
    QTemporaryDir dir;
    const QString fifo = dir.filePath("pipe.npy");
    QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
    QString error = errorOf([&] { readNpy(fifo.toStdString()); });
    QVERIFY2(error.contains("named pipe") && isOneSentence(error), qPrintable(error));
    const QString zero = dir.filePath("zero.npy");
    QVERIFY(QFile::link("/dev/zero", zero));
    error = errorOf([&] { readNpy(zero.toStdString()); });
    QVERIFY2(error.contains("a device") && isOneSentence(error), qPrintable(error));
    error = errorOf([&] { readNpy(dir.path().toStdString()); });
    QVERIFY2(error.contains("a folder"), qPrintable(error));
}

void TestCliIo::initRefusesNonFiniteWeights()
{
    QTemporaryDir dir;
    const std::string root = dir.path().toStdString();
    for (const float bad :
        {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
        const std::vector<NamedTensor> params {{"head.weight", {2}, {1, bad}}};
        writeDump(root, {0}, {1}, 1, 1, params, params, "{}");
        const QString error = errorOf([&] { readInit(root, params, 1, 1, 3); });
        QVERIFY2(error.contains("head.weight.npy") && error.contains("position 1") && error.contains("finite")
                && isOneSentence(error),
            qPrintable(error));
    }
}

void TestCliIo::dumpFolderIsCheckedFirst()
{
    QTemporaryDir dir;
    QVERIFY(!dumpFolderProblem(dir.filePath("new/nested").toStdString())); // made when written
    writeBytes(dir.filePath("file"), "x");
    const QString error
        = QString::fromStdString(dumpFolderProblem(dir.filePath("file/dump").toStdString()).value_or(""));
    QVERIFY2(error.contains("is not a folder") && isOneSentence(error), qPrintable(error));
    if (::geteuid() != 0) { // root writes anywhere
        const QString locked = dir.filePath("locked");
        QVERIFY(QDir().mkdir(locked));
        QVERIFY(QFile::setPermissions(locked, QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        QVERIFY(dumpFolderProblem((locked + "/dump").toStdString()).value_or("").find("not writable")
            != std::string::npos);
        QFile::setPermissions(
            locked, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }
    // The engine refuses it in validate(), before any training.
    rlab::RunConfig config;
    config.dumpDir = dir.filePath("file/dump").toStdString();
    QCOMPARE(QString::fromStdString(rlab::validate(config).value_or("")), error);
}

// `--dump DIR` wrote result.json through a link there, and params/ into the folder a link named
// params pointed to (issue 47): both are refused, the links' targets untouched, and the old dump
// is kept whole (a dump is replaced all or none).
void TestCliIo::dumpIsNeverWrittenThroughALink()
{
    QTemporaryDir dir;
    const std::string root = dir.filePath("dump").toStdString();
    const std::vector<NamedTensor> params {{"head.weight", {2}, {1, 2}}};
    writeDump(root, {0}, {1}, 1, 1, params, params, "{}");
    writeBytes(dir.filePath("victim.txt"), "precious");
    QVERIFY(QFile::remove(dir.filePath("dump/result.json")));
    QVERIFY(QFile::link(dir.filePath("victim.txt"), dir.filePath("dump/result.json")));
    const std::vector<NamedTensor> changed {{"head.weight", {2}, {3, 4}}};
    QString error = errorOf([&] { writeDump(root, {0}, {1}, 1, 1, changed, changed, R"({"new":1})"); });
    QVERIFY2(error.contains("result.json") && error.contains("symbolic link") && isOneSentence(error),
        qPrintable(error));
    QCOMPARE(readNpy(root + "/params/head.weight.npy").floats, params[0].data); // the old dump, whole
    QFile victim(dir.filePath("victim.txt"));
    QVERIFY(victim.open(QIODevice::ReadOnly));
    QCOMPARE(victim.readAll(), QByteArray("precious"));

    QVERIFY(QFile::remove(dir.filePath("dump/result.json")));
    QVERIFY(QDir().mkdir(dir.filePath("elsewhere")));
    QVERIFY(QDir(dir.filePath("dump/params")).removeRecursively());
    QVERIFY(QFile::link(dir.filePath("elsewhere"), dir.filePath("dump/params")));
    error = errorOf([&] { writeDump(root, {0}, {1}, 1, 1, changed, changed, "{}"); });
    QVERIFY2(error.contains("params") && error.contains("symbolic link") && isOneSentence(error),
        qPrintable(error));
    QVERIFY(QDir(dir.filePath("elsewhere"))
                .isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System));
    QVERIFY(!QFile::exists(dir.filePath("dump/result.json")));
}

// `--dump` over an old dump on a nearly full disk exited 1 and left 4 new files among 57 old: the
// write fails (RLIMIT_FSIZE stands in for the full disk, in a child) and every old file is kept.
void TestCliIo::dumpOnAFullDiskKeepsTheOldDump()
{
    QTemporaryDir dir;
    const std::string root = dir.filePath("dump").toStdString();
    std::vector<NamedTensor> small;
    for (const char* name : {"a.weight", "b.weight", "c.weight"})
        small.push_back({name, {2}, {1, 2}});
    writeDump(root, {0}, {1}, 1, 1, small, small, R"({"old":1})");
    const auto listing = [&] {
        QStringList files;
        QDirIterator it(
            dir.filePath("dump"), QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
        while (it.hasNext())
            files.append(it.next());
        files.sort();
        return files;
    };
    const QStringList before = listing();
    std::vector<NamedTensor> big = small;
    big[2].shape = {4096};
    big[2].data.assign(4096, 0.5f);
    const pid_t child = ::fork();
    if (child == 0) {
        std::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit {4096, 4096};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        const QString error = errorOf([&] { writeDump(root, {1}, {0}, 1, 1, big, big, R"({"new":1})"); });
        ::_exit(error.contains("Cannot write") && isOneSentence(error) ? 0 : 1);
    }
    int status = -1;
    ::waitpid(child, &status, 0);
    QVERIFY(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    QCOMPARE(listing(), before); // no new file, no temporary
    QCOMPARE(readNpy(root + "/tokens.npy").ints, std::vector<std::int32_t> {0});
    QCOMPARE(readNpy(root + "/params/a.weight.npy").floats, small[0].data);
    QFile result(dir.filePath("dump/result.json"));
    QVERIFY(result.open(QIODevice::ReadOnly));
    QCOMPARE(result.readAll().trimmed(), QByteArray(R"({"old":1})"));
}

// `--init-from DIR` where a parameter's .npy was a sparse 10 GB file whose header matched its size
// (and a 16 GB tokens.npy) hung past 60 s, or said "ran out of host memory" under a limit: the data
// was read before its shape was checked against the model's. Now the header decides first; the
// child runs under a 2 GiB address-space limit, so reading the data would fail another way.
void TestCliIo::initChecksTheShapeBeforeReadingData()
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    // The child's 2 GiB address-space limit leaves a sanitizer no room for its shadow memory.
    QSKIP("a sanitizer build cannot run under the 2 GiB address-space limit this test sets");
#endif
    QTemporaryDir dir;
    const std::string root = dir.path().toStdString();
    const std::vector<NamedTensor> params {{"head.weight", {3, 2}, {1, 2, 3, 4, 5, 6}}};
    writeDump(root, {0, 1}, {1, 0}, 1, 2, params, params, "{}");
    const auto sparse = [](const QString& path, const QByteArray& descr, std::uint64_t count) {
        QByteArray header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': ("
            + QByteArray::number(static_cast<qulonglong>(count)) + ",), }";
        header += QByteArray(static_cast<int>((64 - (10 + header.size() + 1) % 64) % 64), ' ') + '\n';
        const quint16 length = static_cast<quint16>(header.size());
        QByteArray bytes
            = QByteArray("\x93NUMPY\x01\x00", 8) + QByteArray(reinterpret_cast<const char*>(&length), 2);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(bytes + header) > 0);
        QVERIFY(file.resize(file.size() + static_cast<qint64>(count) * 4)); // sparse: no block written
    };
    sparse(dir.filePath("params/head.weight.npy"), "<f4", 10ULL << 28); // 10 GiB of data
    const auto inChild = [&](const std::function<QString()>& attempt) {
        const pid_t child = ::fork();
        if (child == 0) {
            const rlimit limit {2ULL << 30, 2ULL << 30};
            ::setrlimit(RLIMIT_AS, &limit);
            QString error;
            try {
                error = attempt();
            } catch (...) {
                ::_exit(3);
            }
            ::_exit(error.contains("has shape (2684354560,)") && isOneSentence(error) ? 0 : 1);
        }
        int status = -1;
        ::waitpid(child, &status, 0);
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    };
    QElapsedTimer timer;
    timer.start();
    QCOMPARE(inChild([&] { return errorOf([&] { readInit(root, params, 1, 2, 3); }); }), 0);
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
    writeDump(root, {0, 1}, {1, 0}, 1, 2, params, params, "{}");
    sparse(dir.filePath("tokens.npy"), "<i4", 10ULL << 28);
    QCOMPARE(inChild([&] { return errorOf([&] { readInit(root, params, 1, 2, 3); }); }), 0);
}

QTEST_GUILESS_MAIN(TestCliIo)
#include "tst_cli_io.moc"
