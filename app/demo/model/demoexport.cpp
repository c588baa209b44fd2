#include "demoexport.h"

#include <cmath>

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "rlab/memory.h"
#include "rlab/memory_export.h"
#include "rlab/words.h"

namespace rlab::demo {

namespace {

// Each run under its title, as the charts name it; `results` must outlive the list.
std::vector<rlab::ExportedRun> exportedRuns(const QList<DemoResult>& results)
{
    std::vector<rlab::ExportedRun> runs;
    for (const DemoResult& result : results)
        runs.push_back({result.title().toStdString(), &result.run});
    return runs;
}

QString csvField(const QString& text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"'))
        && !text.contains(QLatin1Char('\n')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString csvNumber(double value)
{
    return std::isfinite(value) ? QString::number(value, 'g', 12) : QString();
}

// Writes `data` to `path` in one piece; empty on success, else one sentence.
QString writeDemoExport(const QString& path, const QByteArray& data)
{
    // Whole or not at all, and never through a link or into a pipe (rlab::replaceFileWhole).
    if (const std::optional<std::string> why
        = rlab::replaceFileWhole(QFile::encodeName(path).toStdString(), data.toStdString()))
        return QCoreApplication::translate("DemoExport", "Could not write %1: %2")
            .arg(path, QString::fromLocal8Bit(why->c_str()));
    return {};
}

} // namespace

QByteArray demoResultsCsv(const QList<DemoResult>& results)
{
    QStringList header
        = {QStringLiteral("label"), QStringLiteral("policy"), QStringLiteral("sweep_parameter"),
            QStringLiteral("sweep_value"), QStringLiteral("device"), QStringLiteral("peak_bytes")};
    for (std::size_t i = 0; i < rlab::kMemoryCategoryCount; ++i)
        header.push_back(
            QString::fromStdString(std::string(rlab::memoryCategoryName(rlab::MemoryCategory(i))))
            + QStringLiteral("_bytes"));
    header += {QStringLiteral("peak_activation_bytes"), QStringLiteral("predicted_peak_activation_bytes"),
        QStringLiteral("step_ms_median"), QStringLiteral("step_ms_min"), QStringLiteral("step_ms_max"),
        QStringLiteral("forward_flops"), QStringLiteral("backward_flops"), QStringLiteral("recompute_flops"),
        QStringLiteral("offload_bytes"), QStringLiteral("offload_ms"), QStringLiteral("final_loss"),
        QStringLiteral("grad_max_abs_diff_vs_none"), QStringLiteral("step_ms_ci95_low"),
        QStringLiteral("step_ms_ci95_high"), QStringLiteral("grad_error_relative"),
        QStringLiteral("step_ms_rounds_ci95_low"), QStringLiteral("step_ms_rounds_ci95_high"),
        QStringLiteral("step_ms_wander_sd")};

    QString out = header.join(QLatin1Char(',')) + QLatin1Char('\n');
    for (const DemoResult& result : results) {
        const rlab::RunResult& run = result.run;
        QStringList row = {csvField(result.label), csvField(QString::fromStdString(run.policyName)),
            csvField(result.sweepParameter),
            result.sweepParameter.isEmpty() ? QString() : QString::number(result.sweepValue),
            csvField(QString::fromStdString(run.deviceName)), QString::number(run.peakBytes)};
        for (std::size_t i = 0; i < rlab::kMemoryCategoryCount; ++i)
            row.push_back(QString::number(result.peakBytes(rlab::MemoryCategory(i))));
        row += {QString::number(run.peakActivationBytes), QString::number(run.predictedPeakActivationBytes),
            csvNumber(run.stepMsMedian), csvNumber(run.stepMsMin), csvNumber(run.stepMsMax),
            csvNumber(run.forwardFlops), csvNumber(run.backwardFlops), csvNumber(run.recomputeFlops),
            QString::number(run.offloadBytes), csvNumber(run.offloadMs),
            run.loss.empty() ? QString() : csvNumber(run.loss.back()),
            run.gradMaxAbsDiffVsNone < 0 ? QString() : csvNumber(run.gradMaxAbsDiffVsNone),
            csvNumber(run.stepMsCi95Low), csvNumber(run.stepMsCi95High),
            result.gradError < 0 ? QString() : csvNumber(result.gradError),
            csvNumber(run.stepMsRoundsCi95Low), csvNumber(run.stepMsRoundsCi95High),
            run.stepMsWanderRuns > 0 ? csvNumber(run.stepMsWanderSd) : QString()};
        out += row.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return out.toUtf8();
}

QByteArray demoResultsJson(const QString& presetId, const QList<DemoResult>& results,
    const std::vector<rlab::demo::ClaimCheck>& claims)
{
    QJsonArray runs;
    for (const DemoResult& result : results) {
        QJsonObject entry;
        entry[QStringLiteral("label")] = result.label;
        if (!result.sweepParameter.isEmpty()) {
            entry[QStringLiteral("sweep_parameter")] = result.sweepParameter;
            entry[QStringLiteral("sweep_value")] = result.sweepValue;
        }
        if (result.run.gradMaxAbsDiffVsNone >= 0)
            entry[QStringLiteral("grad_max_abs_diff_vs_none")] = result.run.gradMaxAbsDiffVsNone;
        if (result.gradError >= 0) // relative to the largest gradient of `none`
            entry[QStringLiteral("grad_error_relative")] = result.gradError;
        QJsonParseError error {};
        const QJsonDocument engine
            = QJsonDocument::fromJson(QByteArray::fromStdString(result.run.toJson()), &error);
        if (engine.isObject())
            entry[QStringLiteral("result")] = engine.object();
        else // keep the engine's text rather than lose it
            entry[QStringLiteral("result_text")] = QString::fromStdString(result.run.toJson());
        runs.push_back(entry);
    }
    QJsonObject root;
    root[QStringLiteral("preset")] = presetId;
    root[QStringLiteral("runs")] = runs;
    QJsonArray checked; // as `rlab check-claims --json` names them
    for (const rlab::demo::ClaimCheck& check : claims) {
        QJsonObject entry;
        entry[QStringLiteral("claim")] = QString::fromStdString(check.claimId);
        entry[QStringLiteral("statement")] = QString::fromStdString(check.statement);
        entry[QStringLiteral("verdict")]
            = QString::fromStdString(std::string(rlab::demo::verdictName(check.verdict)));
        entry[QStringLiteral("measured")] = QString::fromStdString(check.measured);
        if (!check.reason.empty())
            entry[QStringLiteral("reason")] = QString::fromStdString(check.reason);
        checked.push_back(entry);
    }
    if (!claims.empty())
        root[QStringLiteral("claims")] = checked;
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QString exportDemoResults(const QString& path, const QString& presetId, const QList<DemoResult>& results,
    const std::vector<rlab::demo::ClaimCheck>& claims)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("csv"))
        return writeDemoExport(path, demoResultsCsv(results));
    if (path.endsWith(QLatin1String(".trace.json"), Qt::CaseInsensitive))
        return writeDemoExport(path, QByteArray::fromStdString(rlab::chromeTraceJson(exportedRuns(results))));
    if (suffix == QLatin1String("json"))
        return writeDemoExport(path, demoResultsJson(presetId, results, claims));
    if (suffix == QLatin1String("pickle"))
        return writeDemoExport(
            path, QByteArray::fromStdString(rlab::torchMemorySnapshotPickle(exportedRuns(results))));
    return QCoreApplication::translate(
        "DemoExport", "Choose a file name ending in .csv, .json, .trace.json or .pickle.");
}

} // namespace rlab::demo
