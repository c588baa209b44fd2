// The engine's words read the same in every part (a byte size in content, in rlab and in the
// engine), and numbers read and print the same under comma-decimal locales (ru_RU, de_DE): the
// content loads, `rlab run --json` is JSON, and the app runs a question's demo.
#include <clocale>
#include <cstdio>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "rlab/content/content.h"
#include "rlab/engine.h"
#include "rlab/text.h"
#include "run_program.h"

namespace {

QString sourcePath(const QString& path)
{
    return QDir(qEnvironmentVariable("RLAB_SOURCE_DIR", QStringLiteral(RLAB_TEST_SOURCE_DIR))).filePath(path);
}

// Copies the folder `from` into `to`, replacing `before` with `after` in every file.
bool copyTree(const QString& from, const QString& to, const QByteArray& before, const QByteArray& after)
{
    QDirIterator files(from, QDir::Files, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString source = files.next();
        const QString target = QDir(to).filePath(QDir(from).relativeFilePath(source));
        QFile in(source);
        QFile out(target);
        if (!QDir().mkpath(QFileInfo(target).path()) || !in.open(QIODevice::ReadOnly)
            || !out.open(QIODevice::WriteOnly))
            return false;
        out.write(in.readAll().replace(before, after));
    }
    return true;
}

const QStringList kTinyRun {"--layers", "2", "--width", "16", "--heads", "2", "--seq", "8", "--batch", "2",
    "--vocab", "32", "--steps", "2", "--dropout", "0.1", "--threads", "1"};

rlab::RunConfig tinyConfig()
{
    rlab::RunConfig config;
    config.shape = {2, 16, 2, 8, 2, 32};
    config.steps = 2;
    config.dropout = 0.1f;
    config.threads = 1;
    return config;
}

// The environment a learner with this system locale starts programs in.
QProcessEnvironment localeEnvironment(const QString& locale)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("LANG"), locale);
    environment.insert(QStringLiteral("LC_ALL"), locale);
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    return environment;
}

} // namespace

class WordsTest : public QObject {
    Q_OBJECT

private slots:
    void terminalTextIsEscapedAndCut_data();
    void terminalTextIsEscapedAndCut();
    void jsonStringsHoldNoControl_data();
    void jsonStringsHoldNoControl();
    void sizesAreShownInTheirUnit();
    void byteSizesHaveOneGrammar_data();
    void byteSizesHaveOneGrammar();
    void budgetMeansTheSameEverywhere();
    void namesReadBackAsThemselves();
    void shapeRulesAreOneSentence();
    void numbersIgnoreTheLocale_data();
    void numbersIgnoreTheLocale();
    void contentLoadsUnderTheLocale_data();
    void contentLoadsUnderTheLocale();
    void jsonIsJsonUnderTheLocale_data();
    void jsonIsJsonUnderTheLocale();
    void demoRunsUnderTheLocale_data();
    void demoRunsUnderTheLocale();
    void cleanup();

private:
    void addLocaleRows();
};

// Switches this process to `locale`, as QApplication does from the environment; the reason when
// the locale cannot be had (empty when it is set).
static QString switchLocale(const char* locale)
{
    if (std::setlocale(LC_ALL, locale))
        return {};
    return QStringLiteral("locale %1 is not available (LOCPATH=%2); ctest builds it with localedef "
                          "from the Debian package 'locales'")
        .arg(QString::fromLatin1(locale), qEnvironmentVariable("LOCPATH"));
}

static bool writesDecimalComma()
{
    char printed[16];
    std::snprintf(printed, sizeof printed, "%.1f", 0.5);
    return QByteArray(printed) == "0,5";
}

// A macro, so that its QSKIP and QVERIFY2 end the test that uses it: a test function that goes on
// under the C locale would prove nothing. Skips where the locale is missing; fails where the
// locale is set but does not write a decimal comma.
#define USE_LOCALE(locale)                                                                                   \
    do {                                                                                                     \
        const QString missing = switchLocale(locale);                                                        \
        if (!missing.isEmpty())                                                                              \
            QSKIP(qPrintable(missing));                                                                      \
        QVERIFY2(writesDecimalComma(),                                                                       \
            "the locale is set but printf does not write 0,5: the test would prove nothing");                \
    } while (false)

void WordsTest::addLocaleRows()
{
    QTest::addColumn<QByteArray>("locale");
    QTest::newRow("ru_RU") << QByteArray("ru_RU.UTF-8");
    QTest::newRow("de_DE") << QByteArray("de_DE.UTF-8");
}

void WordsTest::cleanup()
{
    std::setlocale(LC_ALL, "C");
}

// Content and arguments reach a terminal through forTerminal: an OSC title, a colour, a carriage
// return or an 8-bit CSI in a run label passed check-content and check-claims printed it raw.
void WordsTest::terminalTextIsEscapedAndCut_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("shown");
    QTest::newRow("plain") << QByteArray("none + offload") << QByteArray("none + offload");
    QTest::newRow("UTF-8 kept") << QByteArray("нет, kwete") << QByteArray("нет, kwete");
    QTest::newRow("OSC title") << QByteArray("\x1b]0;pwned\x07x") << QByteArray("\\x1b]0;pwned\\x07x");
    QTest::newRow("colour") << QByteArray("\x1b[31mred") << QByteArray("\\x1b[31mred");
    QTest::newRow("carriage return and newline")
        << QByteArray("ok\rno\nyes") << QByteArray("ok\\x0dno\\x0ayes");
    QTest::newRow("C1 CSI") << QByteArray("a\xc2\x9b"
                                          "31m")
                            << QByteArray("a\\u009b31m");
    QTest::newRow("lone byte") << QByteArray("a\x9b"
                                             "b")
                               << QByteArray("a\\x9bb");
    QTest::newRow("overlong slash") << QByteArray("\xc0\xaf") << QByteArray("\\xc0\\xaf");
    QTest::newRow("DEL") << QByteArray("\x7f") << QByteArray("\\x7f");
}

void WordsTest::terminalTextIsEscapedAndCut()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, shown);
    QCOMPARE(QByteArray::fromStdString(rlab::text::forTerminal(text.toStdString())), shown);
    // A 120 KB argument is echoed by its start and end, not whole.
    const std::string huge = "--policy=" + std::string(120000, 'x') + "END";
    const std::string cut = rlab::text::forTerminal(huge);
    QVERIFY(cut.size() < 2100);
    QVERIFY(cut.starts_with("--policy=xxx") && cut.ends_with("xxEND"));
    QVERIFY(cut.find("bytes cut") != std::string::npos);
}

// check-claims --json printed a run label's U+009B (a one-character CSI) raw: JSON allows it, a
// terminal acts on it. Every control is written as \u00XX; other text, UTF-8 included, is kept.
void WordsTest::jsonStringsHoldNoControl_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("plain") << QByteArray("none + offload") << QByteArray(R"("none + offload")");
    QTest::newRow("UTF-8 kept") << QByteArray("нет, kwete") << QByteArray(R"("нет, kwete")");
    QTest::newRow("quote and backslash") << QByteArray(R"(a"b\c)") << QByteArray(R"("a\"b\\c")");
    QTest::newRow("newline") << QByteArray("a\nb") << QByteArray(R"("a\nb")");
    QTest::newRow("ESC and BEL") << QByteArray("\x1b]0;x\x07") << QByteArray(R"("\u001b]0;x\u0007")");
    QTest::newRow("NUL") << QByteArray("a\0b", 3) << QByteArray(R"("a\u0000b")");
    QTest::newRow("DEL") << QByteArray("\x7f") << QByteArray(R"("\u007f")");
    QTest::newRow("C1 CSI") << QByteArray("a\xc2\x9b"
                                          "31m")
                            << QByteArray(R"("a\u009b31m")");
    QTest::newRow("U+00A0 kept") << QByteArray("a\xc2\xa0"
                                               "b")
                                 << QByteArray("\"a\xc2\xa0"
                                               "b\"");
}

void WordsTest::jsonStringsHoldNoControl()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, json);
    QCOMPARE(QByteArray::fromStdString(rlab::text::jsonString(text.toStdString())), json);
}

void WordsTest::sizesAreShownInTheirUnit()
{
    QCOMPARE(rlab::text::bytesShown(0), std::string("0 bytes"));
    QCOMPARE(rlab::text::bytesShown(1), std::string("1 byte"));
    QCOMPARE(rlab::text::bytesShown(1023), std::string("1023 bytes"));
    QCOMPARE(rlab::text::bytesShown(3584), std::string("3.5 KiB"));
    QCOMPARE(rlab::text::bytesShown(1048570), std::string("1.0 MiB")); // not "1024.0 KiB"
    QCOMPARE(rlab::text::bytesShown(13002342), std::string("12.4 MiB"));
    QCOMPARE(rlab::text::bytesShown(9706585374ull), std::string("9.04 GiB"));
}

void WordsTest::byteSizesHaveOneGrammar_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qulonglong>("bytes"); // 0: refused
    QTest::newRow("plain") << "16777216" << 16777216ULL;
    QTest::newRow("B") << "512B" << 512ULL;
    QTest::newRow("K is KiB") << "64K" << 65536ULL;
    QTest::newRow("M is MiB") << "16M" << 16777216ULL;
    QTest::newRow("MiB") << "16MiB" << 16777216ULL;
    QTest::newRow("lower case") << "16mib" << 16777216ULL;
    QTest::newRow("G, fraction") << "1.5G" << 1610612736ULL;
    QTest::newRow("MB is SI") << "16MB" << 16000000ULL;
    QTest::newRow("GB is SI") << "24GB" << 24000000000ULL;
    QTest::newRow("unknown unit") << "16XB" << 0ULL;
    QTest::newRow("zero") << "0" << 0ULL;
    QTest::newRow("negative") << "-1M" << 0ULL;
    QTest::newRow("exponent") << "1e6" << 0ULL;
    QTest::newRow("comma") << "1,5G" << 0ULL;
    QTest::newRow("unit only") << "M" << 0ULL;
    QTest::newRow("space") << "16 M" << 0ULL;
    QTest::newRow("empty") << "" << 0ULL;
}

void WordsTest::byteSizesHaveOneGrammar()
{
    QFETCH(QString, text);
    QFETCH(qulonglong, bytes);
    const std::optional<std::uint64_t> parsed = rlab::parseByteSize(text.toStdString());
    QCOMPARE(parsed.value_or(0), bytes);
    // budget:<size> reads the same grammar.
    const auto policy = rlab::RecomputePolicy::parse("budget:" + text.toStdString(), nullptr);
    QCOMPARE(policy ? policy->budgetBytes : 0, bytes);
}

void WordsTest::budgetMeansTheSameEverywhere()
{
    constexpr std::uint64_t sixteenMiB = 16ULL * 1024 * 1024;
    // The engine.
    QCOMPARE(rlab::RecomputePolicy::parse("budget:16M", nullptr)->budgetBytes, sixteenMiB);

    // The content loader accepts budget:16M (the app hands that text to the same parser) and
    // refuses budget:16XB with the grammar in its sentence.
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const QString fixtures = sourcePath(QStringLiteral("tests/content/fixtures/minimal"));
    QVERIFY(copyTree(fixtures, folder.filePath("good"), "budget:64K", "budget:16M"));
    const rlab::content::Content good
        = rlab::content::loadContent(folder.filePath("good").toStdString(), "en");
    QVERIFY2(good.errors.empty(), good.errors.empty() ? "" : good.errors.front().toString().c_str());
    const std::string policy = good.preset("sweep-demo")->runs.at(1).policy;
    QCOMPARE(policy, std::string("budget:16M"));
    QCOMPARE(rlab::RecomputePolicy::parse(policy, nullptr)->budgetBytes, sixteenMiB);
    QVERIFY(copyTree(fixtures, folder.filePath("bad"), "budget:64K", "budget:16XB"));
    const rlab::content::Content bad = rlab::content::loadContent(folder.filePath("bad").toStdString(), "en");
    QCOMPARE(bad.errors.size(), std::size_t(1));
    QVERIFY2(bad.errors.front().message.find("powers of 1024") != std::string::npos,
        bad.errors.front().toString().c_str());

    // rlab.
    const rlab::test::Outcome outcome = rlab::test::execute(
        rlab::test::binaryPath("rlab"), QStringList {"run", "--policy", "budget:16M", "--json"} + kTinyRun);
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    QCOMPARE(QJsonDocument::fromJson(outcome.out).object().value("policy").toString(),
        QStringLiteral("budget:16777216"));
    // --keep reads llama's names: they keep what GPT-2's names for the same slots keep.
    const auto keptBy = [](const QString& keep) {
        const rlab::test::Outcome run = rlab::test::execute(rlab::test::binaryPath("rlab"),
            QStringList {"run", "--arch", "llama", "--policy", "selective", "--keep", keep, "--json"}
                + kTinyRun);
        return run.exitCode == 0
            ? QJsonDocument::fromJson(run.out).object().value("peak_activation_bytes").toDouble()
            : -1.0;
    };
    const double llamaNames = keptBy(QStringLiteral("block_input,rmsnorm,rope,swiglu"));
    QVERIFY(llamaNames > 0);
    QCOMPARE(llamaNames, keptBy(QStringLiteral("block_input,layernorm,qkv,gelu")));
    QVERIFY(llamaNames > keptBy(QStringLiteral("block_input")));
}

void WordsTest::namesReadBackAsThemselves()
{
    for (const rlab::OpKind kind : rlab::allOpKinds()) {
        QCOMPARE(rlab::parseOpKind(rlab::opKindName(kind)), kind);
        QCOMPARE(rlab::parseOpKind(rlab::opKindName(kind, rlab::Arch::Llama)), kind);
    }
    // Llama's names for the slots that hold its RMSNorms, its rotated q, k, v and its SwiGLU product.
    QCOMPARE(rlab::opKindName(rlab::OpKind::LayerNorm, rlab::Arch::Llama), std::string_view("rmsnorm"));
    QCOMPARE(rlab::opKindName(rlab::OpKind::Gelu, rlab::Arch::Llama), std::string_view("swiglu"));
    QCOMPARE(rlab::opKindName(rlab::OpKind::Qkv, rlab::Arch::Llama), std::string_view("rope"));
    QCOMPARE(rlab::opKindName(rlab::OpKind::Qkv), std::string_view("qkv"));
    QCOMPARE(rlab::parseOpKind("RMSNorm"), rlab::OpKind::LayerNorm);
    QCOMPARE(rlab::parseOpKind("RoPE"), rlab::OpKind::Qkv);
    QCOMPARE(rlab::opKindList(rlab::Arch::Llama),
        std::string("block_input, rmsnorm, rope, softmax, attn_dropout, attn_values, residual, fc1, swiglu"));
    for (const rlab::Optimizer optimizer : {rlab::Optimizer::Sgd, rlab::Optimizer::AdamW})
        QCOMPARE(rlab::parseOptimizer(rlab::optimizerName(optimizer)), optimizer);
    for (const rlab::SavePrecision precision : {rlab::SavePrecision::Fp32, rlab::SavePrecision::Bf16})
        QCOMPARE(rlab::parseSavePrecision(rlab::savePrecisionName(precision)), precision);
    for (const rlab::Device device : {rlab::Device::Cpu, rlab::Device::Cuda})
        QCOMPARE(rlab::parseDevice(rlab::deviceName(device)), device);
    for (const char* policy : {"none", "full", "sqrt", "selective", "budget:1048576", "sqrt+offload"})
        QCOMPARE(rlab::RecomputePolicy::parse(policy, nullptr)->name(), std::string(policy));
    QCOMPARE(rlab::optimizerChoices(), std::string("sgd or adamw"));
    QCOMPARE(rlab::sweepParameterList(), std::string("layers, width, seq, batch"));
    QVERIFY(!rlab::sweepParameter("heads"));
}

void WordsTest::shapeRulesAreOneSentence()
{
    rlab::ModelShape shape;
    QVERIFY(!rlab::shapeProblem(shape));
    shape.width = 30; // 4 heads do not split 30
    QVERIFY(!rlab::headsDivideWidth(shape));
    QCOMPARE(rlab::shapeProblem(shape).value_or(""),
        std::string("The width (30) must be divisible by the number of heads (4)."));
    shape = {};
    shape.layers = 0;
    QCOMPARE(rlab::shapeProblem(shape).value_or(""),
        std::string("The number of layers must be at least 1 (--layers was 0)."));
    // The engine's check before a run says the same.
    rlab::RunConfig config;
    config.shape = shape;
    QCOMPARE(rlab::validate(config).value_or(""), *rlab::shapeProblem(shape));
}

void WordsTest::numbersIgnoreTheLocale_data()
{
    addLocaleRows();
}

void WordsTest::numbersIgnoreTheLocale()
{
    QFETCH(QByteArray, locale);
    USE_LOCALE(locale.constData());
    QCOMPARE(rlab::text::parseNumber("0.1").value_or(-1), 0.1);
    QVERIFY(!rlab::text::parseNumber("0,1"));
    QCOMPARE(rlab::text::parseInteger<int>("+12").value_or(-1), 12);
    QCOMPARE(rlab::text::shortest(0.1f), std::string("0.1"));
    QCOMPARE(rlab::text::fixed(2.5, 2), std::string("2.50"));
    QCOMPARE(rlab::text::general(123456789.0, 3), std::string("1.23e+08"));
    QCOMPARE(rlab::text::mebibytes(1572864, 1), std::string("1.5 MiB"));
    QCOMPARE(rlab::parseByteSize("1.5G").value_or(0), 1610612736ULL);
}

void WordsTest::contentLoadsUnderTheLocale_data()
{
    addLocaleRows();
}

void WordsTest::contentLoadsUnderTheLocale()
{
    QFETCH(QByteArray, locale);
    USE_LOCALE(locale.constData());
    const std::string root = sourcePath(QStringLiteral("content")).toStdString();
    for (const std::string& language : rlab::content::availableLanguages(root)) {
        const rlab::content::Content content = rlab::content::loadContent(root, language);
        QVERIFY2(
            content.errors.empty(), content.errors.empty() ? "" : content.errors.front().toString().c_str());
        QVERIFY(!content.presets.empty());
        const rlab::content::DemoPreset* preset = content.preset("memory-vs-time");
        QVERIFY(preset);
        QCOMPARE(preset->dropout, 0.1f);
    }
}

void WordsTest::jsonIsJsonUnderTheLocale_data()
{
    addLocaleRows();
}

void WordsTest::jsonIsJsonUnderTheLocale()
{
    QFETCH(QByteArray, locale);
    USE_LOCALE(locale.constData());
    // In this process, where the locale is set, as it is in the app.
    const std::string json = rlab::run(tinyConfig()).toJson();
    QJsonParseError error {};
    const QJsonObject object = QJsonDocument::fromJson(QByteArray::fromStdString(json), &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    QCOMPARE(object.value("dropout").toDouble(), 0.1);
    QCOMPARE(object.value("loss").toArray().size(), 2);
    QVERIFY(object.value("step_ms").toDouble() > 0);

    // rlab started in that locale.
    const rlab::test::Outcome outcome = rlab::test::execute(rlab::test::binaryPath("rlab"),
        QStringList {"run", "--json"} + kTinyRun, 120000, localeEnvironment(QString::fromLatin1(locale)));
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    const QJsonObject fromRlab = QJsonDocument::fromJson(outcome.out, &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    QCOMPARE(fromRlab.value("dropout").toDouble(), 0.1);
}

void WordsTest::demoRunsUnderTheLocale_data()
{
    addLocaleRows();
}

void WordsTest::demoRunsUnderTheLocale()
{
    QFETCH(QByteArray, locale);
    USE_LOCALE(locale.constData()); // only to skip where the locale cannot be had
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const QString png = folder.filePath("demo.png");
    QProcessEnvironment environment = localeEnvironment(QString::fromLatin1(locale));
    environment.insert("RLAB_STATE_DIR", folder.filePath("state"));
    const rlab::test::Outcome outcome = rlab::test::execute(rlab::test::binaryPath("recompute-lab"),
        {"--lang", "ru", "--quiz", "gradient-checkpointing", "--question", "1", "--run-demo", "--screenshot",
            png},
        300000, environment);
    // 0: the demo ran to its end and the picture was written (a failed demo exits 1).
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    QFile picture(png);
    QVERIFY(picture.open(QIODevice::ReadOnly));
    QCOMPARE(picture.read(8), QByteArray("\x89PNG\r\n\x1a\n"));
}

QTEST_GUILESS_MAIN(WordsTest)
#include "tst_words.moc"
