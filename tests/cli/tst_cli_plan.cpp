// rlab plan: the planner's choice at two budgets, refusals with exit status 2, the --json
// contract (a boolean "fits" per policy), and every predicted figure equal to what rlab run
// measures at a size this machine trains.
#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

namespace {

// tests/support/slowness.h's factor (its namespace would clash with rlab() below).
#ifdef RLAB_TEST_SLOWNESS
constexpr int kSlowness = RLAB_TEST_SLOWNESS;
#else
constexpr int kSlowness = 1;
#endif

struct Finished {
    int status = -1; // -1: crashed, timed out or did not start
    QByteArray stdOut, stdErr;
};

Finished rlab(const QStringList& args)
{
    QProcess process;
    process.setProgram(
        QDir(qEnvironmentVariable("RLAB_BIN_DIR", QCoreApplication::applicationDirPath())).filePath("rlab"));
    process.setArguments(args);
    process.start();
    Finished finished;
    if (process.waitForFinished(600000) && process.exitStatus() == QProcess::NormalExit)
        finished.status = process.exitCode();
    else
        process.kill();
    finished.stdOut = process.readAllStandardOutput();
    finished.stdErr = process.readAllStandardError();
    return finished;
}

QJsonObject planJson(const QStringList& args)
{
    const Finished finished = rlab(QStringList {"plan", "--json"} + args);
    if (finished.status != 0)
        qWarning("rlab plan failed: %s", finished.stdErr.constData());
    QJsonParseError error;
    const QJsonObject json = QJsonDocument::fromJson(finished.stdOut, &error).object();
    if (error.error != QJsonParseError::NoError)
        qWarning("rlab plan --json did not parse: %s", qPrintable(error.errorString()));
    return json;
}

QJsonObject policyRow(const QJsonObject& plan, const QString& policy, bool offload)
{
    for (const QJsonValue row : plan["policies"].toArray())
        if (row["policy"].toString() == policy && row["offload"].toBool() == offload)
            return row.toObject();
    return {};
}

} // namespace

class TestCliPlan : public QObject {
    Q_OBJECT

private slots:
    void choosesByBudget();
    void marksFitPerPolicy();
    void marksFitPerRank();
    void llamaPresetPerRank();
    void refusesImpossibleInputs_data();
    void refusesImpossibleInputs();
    void configWhereNothingFitsSaysSoAtOnce_data();
    void configWhereNothingFitsSaysSoAtOnce();
    void customWithoutSizesSaysItPlannedTheDefaults();
    void predictionEqualsMeasurement_data();
    void predictionEqualsMeasurement();
};

// GPT-2 124M at T=1024, B=8: with AdamW nothing needs recomputing in 80 GB, but 16 GB does.
void TestCliPlan::choosesByBudget()
{
    const QStringList shape {"--model", "gpt2-124m", "--seq", "1024", "--batch", "8"};
    const QJsonObject large = planJson(shape + QStringList {"--budget", "80GB"});
    const QJsonObject small = planJson(shape + QStringList {"--budget", "16GB"});
    QCOMPARE(large["cheapest_fitting_policy"].toString(), QString("none"));
    QVERIFY(policyRow(large, "none", false)["fits"].toBool());
    QVERIFY(!policyRow(small, "none", false)["fits"].toBool());
    const QString choice = small["cheapest_fitting_policy"].toString();
    QVERIFY2(!choice.isEmpty() && choice != "none", qPrintable(choice));
    QVERIFY(small["policies"].toArray().size() == large["policies"].toArray().size());
    // The choice fits and recomputes least among the rows that fit on the device alone.
    double least = 1e300;
    for (const QJsonValue row : small["policies"].toArray())
        if (row["fits"].toBool() && !row["offload"].toBool())
            least = std::min(least, row["predicted_recompute_flops"].toDouble());
    bool found = false;
    for (const QJsonValue row : small["policies"].toArray())
        if (row["policy"].toString() == choice && !row["offload"].toBool()) {
            QVERIFY(row["fits"].toBool());
            found = true;
            QCOMPARE(row["predicted_recompute_flops"].toDouble(), least);
            QVERIFY(row["predicted_peak_bytes"].toInteger() <= small["budget_bytes"].toInteger());
        }
    QVERIFY(found);
    // none's largest micro-batch at 16 GB is below 8 and, one more, would not fit.
    const int largest = policyRow(small, "none", false)["largest_fitting_batch"].toInt();
    QVERIFY(largest >= 1 && largest < 8);
    const QJsonObject atLargest = planJson(QStringList {
        "--model", "gpt2-124m", "--seq", "1024", "--batch", QString::number(largest), "--budget", "16GB"});
    QVERIFY(policyRow(atLargest, "none", false)["fits"].toBool());
    const QJsonObject pastLargest = planJson(QStringList {"--model", "gpt2-124m", "--seq", "1024", "--batch",
        QString::number(largest + 1), "--budget", "16GB"});
    QVERIFY(!policyRow(pastLargest, "none", false)["fits"].toBool());
}

void TestCliPlan::marksFitPerPolicy()
{
    const QJsonObject plan
        = planJson({"--model", "gpt2-1.5b", "--seq", "1024", "--batch", "4", "--budget", "80GB"});
    QVERIFY(plan["predicted"].toBool());
    const QJsonArray rows = plan["policies"].toArray();
    QCOMPARE(
        rows.size(), 12); // none, selective, full, sqrt, segment:best, budget; each with and without offload
    for (const QJsonValue row : rows) {
        QVERIFY2(row["fits"].isBool(), qPrintable(row["policy"].toString()));
        QVERIFY(row["offload"].isBool());
        if (row["policy"].toString() != "budget")
            QVERIFY(row["predicted_peak_bytes"].toInteger() > 0);
    }
}

// Many GPUs: a row per pipeline rank with a boolean fit, per policy, the peaking rank, what is left
// out; GPT-2 1.5B's 25 heads split over --tp 5 (--tp 2 is refused below).
void TestCliPlan::marksFitPerRank()
{
    const QJsonObject plan = planJson({"--model", "gpt2-1.5b", "--dp", "8", "--tp", "5", "--pp", "2",
        "--microbatches", "8", "--zero", "1", "--budget", "80GB"});
    QVERIFY(plan["predicted"].toBool());
    QVERIFY(plan["left_out"].toString().contains("communication buffers"));
    QCOMPARE(plan["parallelism"]["gpus"].toInteger(), 80);
    const QJsonArray rows = plan["policies"].toArray();
    QCOMPARE(rows.size(), 9); // the engine's 6, megatron-selective, megatron-uniform:1, megatron-block:1
    for (const QJsonValue row : rows) {
        QVERIFY2(row["fits"].isBool(), qPrintable(row["policy"].toString()));
        const QJsonArray ranks = row["ranks"].toArray();
        QCOMPARE(ranks.size(), 2);
        QCOMPARE(ranks[0]["in_flight_chunks"].toInt(), 2); // min(P, M) on the first stage
        QCOMPARE(ranks[1]["in_flight_chunks"].toInt(), 1);
        for (const QJsonValue rank : ranks) {
            QVERIFY(rank["fits"].isBool());
            QCOMPARE(rank["total"].toInteger(),
                rank["parameters"].toInteger() + rank["gradients"].toInteger()
                    + rank["optimizer_state"].toInteger() + rank["saved_activations"].toInteger()
                    + rank["recompute_workspace"].toInteger());
        }
        const int peak = row["peak_stage"].toInt();
        QCOMPARE(row["predicted_peak_bytes"].toInteger(), ranks[peak]["total"].toInteger());
        QCOMPARE(row["fits"].toBool(), ranks[peak]["fits"].toBool());
    }
}

// The same for a llama preset (issue 28's must-show): Llama 3 8B, its published parameter count,
// grouped-query attention's 8 key/value heads split over --tp 2, a boolean fit per rank and policy.
void TestCliPlan::llamaPresetPerRank()
{
    const QJsonObject plan = planJson({"--model", "llama-3-8b", "--dp", "8", "--tp", "2", "--pp", "2",
        "--microbatches", "8", "--zero", "1", "--budget", "80GB"});
    QCOMPARE(plan["arch"].toString(), QStringLiteral("llama"));
    QCOMPARE(plan["kv_heads"].toInt(), 8);
    QCOMPARE(plan["ffn"].toInt(), 14336);
    QCOMPARE(plan["seq"].toInt(), 8192);
    QCOMPARE(plan["parameters"].toInteger(), 8030261248LL);
    QCOMPARE(plan["parallelism"]["gpus"].toInteger(), 32);
    const QJsonArray rows = plan["policies"].toArray();
    QCOMPARE(rows.size(), 9);
    for (const QJsonValue row : rows) {
        QVERIFY2(row["fits"].isBool(), qPrintable(row["policy"].toString()));
        QCOMPARE(row["ranks"].toArray().size(), 2);
        for (const QJsonValue rank : row["ranks"].toArray())
            QVERIFY(rank["fits"].isBool());
    }
    QCOMPARE(rows[0]["policy"].toString(), QStringLiteral("none"));
    QVERIFY(!rows[0]["fits"].toBool()); // 298 GiB of activations on the first stage
    QVERIFY(rows[2]["fits"].toBool()); // full
}

void TestCliPlan::refusesImpossibleInputs_data()
{
    QTest::addColumn<QStringList>("args");
    const QStringList budget {"--budget", "24GB"};
    QTest::newRow("width not divisible by heads")
        << QStringList {"--model", "custom", "--width", "100", "--heads", "3"} + budget;
    QTest::newRow("zero batch") << QStringList {"--model", "gpt2-124m", "--batch", "0"} + budget;
    QTest::newRow("negative seq") << QStringList {"--model", "gpt2-124m", "--seq", "-5"} + budget;
    QTest::newRow("zero budget") << QStringList {"--model", "gpt2-124m", "--budget", "0"};
    QTest::newRow("no budget") << QStringList {"--model", "gpt2-124m"};
    QTest::newRow("unknown model") << QStringList {"--model", "gpt5"} + budget;
    QTest::newRow("no model") << budget;
    QTest::newRow("preset past its context")
        << QStringList {"--model", "gpt2-124m", "--seq", "2048"} + budget;
    QTest::newRow("preset with custom sizes")
        << QStringList {"--model", "gpt2-124m", "--layers", "4"} + budget;
    QTest::newRow("fp16 parameters") << QStringList {"--model", "gpt2-124m", "--param-precision", "fp16"}
            + budget;
    QTest::newRow("code for an unknown row")
        << QStringList {"--model", "gpt2-124m", "--code", "fastest"} + budget;
    QTest::newRow("size past int") << QStringList {"--model", "custom", "--layers", "99999999999"} + budget;
    const QStringList cluster {"--model", "gpt2-1.5b", "--budget", "80GB"};
    QTest::newRow("25 heads over --tp 2") << cluster + QStringList {"--dp", "8", "--tp", "2", "--pp", "2"};
    QTest::newRow("48 layers over --pp 5") << cluster + QStringList {"--pp", "5"};
    QTest::newRow("8 key/value heads over --tp 16")
        << QStringList {"--model", "llama-3-70b", "--budget", "80GB", "--tp", "16"};
    QTest::newRow("llama preset past its context")
        << QStringList {"--model", "mistral-7b", "--seq", "8192", "--budget", "80GB"};
    QTest::newRow("--zero 4") << cluster + QStringList {"--zero", "4"};
    QTest::newRow("--dp 0") << cluster + QStringList {"--dp", "0"};
    QTest::newRow("--sp without --tp") << cluster + QStringList {"--sp"};
    QTest::newRow("unknown --config") << cluster + QStringList {"--dp", "2", "--config", "jax"};
    QTest::newRow("--code with --dp") << cluster + QStringList {"--dp", "2", "--code", "full"};
    QTest::newRow("--recompute-num-layers past a chunk's") << cluster
            + QStringList {"--pp", "2", "--recompute-method", "uniform", "--recompute-num-layers", "30",
                "--config", "megatron", "--config-policy", "megatron-uniform:30"};
    QTest::newRow("count past 64 bits")
        << QStringList {"--model", "custom", "--layers", "4096", "--width", "65536", "--heads", "1", "--seq",
               "65536", "--batch", "65536", "--vocab", "16777216"}
            + budget;
}

void TestCliPlan::refusesImpossibleInputs()
{
    QFETCH(QStringList, args);
    const Finished finished = rlab(QStringList {"plan"} + args);
    QCOMPARE(finished.status, 2);
    QVERIFY(finished.stdOut.isEmpty());
    const QByteArray sentence = finished.stdErr.trimmed();
    QVERIFY2(!sentence.isEmpty() && !sentence.contains('\n') && sentence.endsWith('.'), sentence.constData());
}

// `--config all` where no policy fits took 401 s at 4096 layers (80 s at 2048: the planner walked
// every block's ledger rows once per block), then blamed --config-policy, which nobody gave. The
// plan is linear in the layers now, and the refusal says that nothing fits.
void TestCliPlan::configWhereNothingFitsSaysSoAtOnce_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("4096 layers") << QStringList {"--model", "custom", "--layers", "4096", "--width", "64",
        "--heads", "1", "--vocab", "2", "--seq", "1", "--batch", "1", "--budget", "1GB", "--pp", "1"};
    QTest::newRow("gpt2-124m in 1MB")
        << QStringList {"--model", "gpt2-124m", "--seq", "1024", "--batch", "8", "--budget", "1MB"};
}

void TestCliPlan::configWhereNothingFitsSaysSoAtOnce()
{
    QFETCH(QStringList, args);
    QElapsedTimer timer;
    timer.start();
    const Finished finished = rlab(QStringList {"plan"} + args + QStringList {"--config", "all"});
    QVERIFY2(timer.elapsed() < 40000 * kSlowness, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(finished.status, 2);
    const QByteArray sentence = finished.stdErr.trimmed();
    QVERIFY2(sentence.contains("No policy fits") && !sentence.contains("--config-policy needs")
            && !sentence.contains('\n') && sentence.endsWith('.'),
        sentence.constData());
}

// `--model custom` with no size planned rlab run's defaults without a word (issue 47).
void TestCliPlan::customWithoutSizesSaysItPlannedTheDefaults()
{
    Finished finished = rlab({"plan", "--model", "custom", "--budget", "1GB"});
    QCOMPARE(finished.status, 0);
    QVERIFY2(finished.stdErr.contains("--model custom with no sizes plans rlab run's defaults, --layers 12"),
        finished.stdErr.constData());
    finished = rlab({"plan", "--model", "custom", "--layers", "4", "--budget", "1GB"});
    QCOMPARE(finished.status, 0);
    QVERIFY2(finished.stdErr.isEmpty(), finished.stdErr.constData());
    finished = rlab({"plan", "--model", "gpt2-124m", "--budget", "80GB", "--dp", "+2"});
    QCOMPARE(finished.status, 2);
}

void TestCliPlan::predictionEqualsMeasurement_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<bool>("offload");
    for (const char* policy : {"none", "selective", "full", "sqrt"})
        for (const bool offload : {false, true})
            QTest::newRow(qPrintable(QString(policy) + (offload ? "+offload" : "")))
                << QString(policy) << offload;
}

// Every predicted byte and FLOP of rlab plan equals what rlab run measures for the same step.
void TestCliPlan::predictionEqualsMeasurement()
{
    QFETCH(QString, policy);
    QFETCH(bool, offload);
    const QStringList shape {
        "--layers", "3", "--width", "32", "--heads", "2", "--seq", "16", "--batch", "2", "--vocab", "40"};
    const QJsonObject plan = planJson(QStringList {"--model", "custom", "--budget", "1GB"} + shape);
    const QJsonObject predicted = policyRow(plan, policy, offload);
    QVERIFY(!predicted.isEmpty());
    QStringList runArgs
        = QStringList {"run", "--json", "--policy", policy, "--steps", "2", "--warmup", "1", "--threads", "2"}
        + shape;
    if (offload)
        runArgs << "--offload";
    const Finished run = rlab(runArgs);
    QVERIFY2(run.status == 0, run.stdErr.constData());
    const QJsonObject measured = QJsonDocument::fromJson(run.stdOut).object();
    QCOMPARE(predicted["predicted_peak_bytes"].toInteger(), measured["peak_bytes"].toInteger());
    QCOMPARE(predicted["predicted_peak_activation_bytes"].toInteger(),
        measured["peak_activation_bytes"].toInteger());
    const QJsonObject predictedByCategory = predicted["predicted_bytes_by_category"].toObject();
    const QJsonObject measuredByCategory = measured["bytes_by_category"].toObject();
    QCOMPARE(predictedByCategory.keys(), measuredByCategory.keys());
    for (const QString& category : predictedByCategory.keys())
        QVERIFY2(predictedByCategory[category].toInteger() == measuredByCategory[category].toInteger(),
            qPrintable(category));
    // FLOPs are sums of doubles added in another order: equal to rounding.
    for (const char* key : {"forward_flops", "backward_flops", "recompute_flops"}) {
        const double p = predicted[QString("predicted_") + key].toDouble(), m = measured[key].toDouble();
        QVERIFY2(std::abs(p - m) <= 1e-9 * std::max(1.0, m), key);
    }
}

QTEST_GUILESS_MAIN(TestCliPlan)
#include "tst_cli_plan.moc"
