#include "demoprediction.h"

#include <cmath>

#include <QCoreApplication>
#include <QLocale>

#include "demo/model/democlaimstext.h"
#include "rlab/demo/demo.h"

namespace rlab::demo {

using rlab::content::DemoPrediction;

namespace {

// The strings' translation context.
struct PredictionTexts {
    Q_DECLARE_TR_FUNCTIONS(PredictionTexts)
};

std::optional<rlab::demo::Figure> figureOf(rlab::content::ClaimQuantity quantity, const DemoResult& result)
{
    rlab::demo::RunOutcome outcome;
    outcome.label = result.label.toStdString();
    outcome.sweepParameter = result.sweepParameter.toStdString();
    outcome.sweepValue = result.sweepValue;
    outcome.result = result.run;
    outcome.gradError = result.gradError;
    outcome.lossDifference = result.lossDifference;
    return rlab::demo::measureQuantity(quantity, outcome);
}

// The results at the largest swept size (all of them without a sweep).
QList<DemoResult> largestShape(const QList<DemoResult>& results)
{
    int largest = 0;
    for (const DemoResult& result : results)
        largest = std::max(largest, result.sweepValue);
    QList<DemoResult> kept;
    for (const DemoResult& result : results) {
        if (result.sweepValue == largest)
            kept.append(result);
    }
    return kept;
}

} // namespace

QString percentText(double percent, int decimals)
{
    return PredictionTexts::tr("%1%").arg(QLocale().toString(percent, 'f', decimals));
}

QString predictionQuestion(const DemoPrediction& prediction)
{
    const QString quantity = quantityTitle(prediction.quantity);
    if (prediction.kind == DemoPrediction::Kind::Ratio)
        return PredictionTexts::tr("Predict before you run: %1 of %2 as a percentage of %3's?")
            .arg(quantity, QString::fromStdString(prediction.run), QString::fromStdString(prediction.than));
    return prediction.most
        ? PredictionTexts::tr("Predict before you run: which run will have the most %1?").arg(quantity)
        : PredictionTexts::tr("Predict before you run: which run will have the least %1?").arg(quantity);
}

PredictionMeasurement measurePrediction(const DemoPrediction& prediction, const QList<DemoResult>& results)
{
    PredictionMeasurement measured;
    const QList<DemoResult> shown = largestShape(results);
    if (prediction.kind == DemoPrediction::Kind::Ratio) {
        std::optional<rlab::demo::Figure> run, than;
        for (const DemoResult& result : shown) {
            if (result.label.toStdString() == prediction.run)
                run = figureOf(prediction.quantity, result);
            else if (result.label.toStdString() == prediction.than)
                than = figureOf(prediction.quantity, result);
        }
        if (!run || !than || than->value == 0)
            return measured;
        measured.measured = true;
        measured.percent = 100.0 * run->value / than->value;
        measured.figures
            = QStringLiteral("%1 %2, %3 %4")
                  .arg(QString::fromStdString(prediction.run), figureText(prediction.quantity, *run),
                      QString::fromStdString(prediction.than), figureText(prediction.quantity, *than));
        return measured;
    }
    std::optional<double> best;
    QStringList figures;
    for (const DemoResult& result : shown) {
        const std::optional<rlab::demo::Figure> figure = figureOf(prediction.quantity, result);
        if (!figure)
            continue;
        figures << QStringLiteral("%1 %2").arg(result.label, figureText(prediction.quantity, *figure));
        if (!best || (prediction.most ? figure->value > *best : figure->value < *best)) {
            best = figure->value;
            measured.run = result.label;
        }
    }
    measured.measured = best.has_value() && figures.size() > 1;
    measured.figures = figures.join(QStringLiteral(", "));
    return measured;
}

QString predictionComparisonHtml(const DemoPrediction& prediction, const LearnerPrediction& predicted,
    const PredictionMeasurement& measured, const VerdictColors& colors)
{
    if (!measured.measured)
        return {};
    const QLocale locale;
    const auto marked = [&colors](bool right, const QString& text) {
        return QStringLiteral("<span style=\"color:%1\">%2 %3</span>")
            .arg(
                right ? colors.holds : colors.fails, right ? QStringLiteral("✔") : QStringLiteral("✘"), text);
    };
    QString mine;
    QString mark;
    QString actual;
    if (prediction.kind == DemoPrediction::Kind::Ratio) {
        actual = percentText(measured.percent, 1);
        if (predicted.percent) {
            mine = percentText(*predicted.percent);
            const double off = std::abs(*predicted.percent - measured.percent);
            mark = off <= 10
                ? marked(true, PredictionTexts::tr("Close."))
                : marked(false, PredictionTexts::tr("Off by %1 points.").arg(locale.toString(off, 'f', 0)));
        }
    } else {
        actual = measured.run.toHtmlEscaped();
        if (!predicted.run.isEmpty()) {
            mine = predicted.run.toHtmlEscaped();
            mark = predicted.run == measured.run ? marked(true, PredictionTexts::tr("Right."))
                                                 : marked(false, PredictionTexts::tr("Not this time."));
        }
    }
    const QString measuredLine
        = PredictionTexts::tr("Measured: <b>%1</b> (%2).").arg(actual, measured.figures.toHtmlEscaped());
    if (mine.isEmpty())
        return PredictionTexts::tr("You made no prediction.") + QLatin1Char(' ') + measuredLine;
    return PredictionTexts::tr("You predicted <b>%1</b>.").arg(mine) + QLatin1Char(' ') + measuredLine
        + QLatin1Char(' ') + mark;
}

} // namespace rlab::demo
