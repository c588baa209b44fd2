#include "sweepchart.h"

#include <algorithm>
#include <cmath>

#include <QChart>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>

#include "demo/model/demotexts.h"
#include "rlab/demo/demo.h"
#include "view/chartstyle.h"

using rlab::demo::DemoResult;
using rlab::demo::sweepParameterTitle;
using rlab::demo::sweepSymbol;

namespace {

// A log axis from a power of two below `low` to one above `high`, labelled plainly.
QLogValueAxis* logAxis(const QString& title, double low, double high, int base)
{
    auto* axis = new QLogValueAxis;
    axis->setTitleText(title);
    axis->setBase(base);
    axis->setLabelFormat(QStringLiteral("%.6g"));
    axis->setMinorTickCount(-1);
    const double b = base;
    axis->setRange(std::pow(b, std::floor(std::log(low) / std::log(b))),
        std::pow(b, std::ceil(std::log(high) / std::log(b))));
    return axis;
}

} // namespace

SweepChart::SweepChart(QWidget* parent)
    : DemoChart(QStringLiteral("sweepChart"), parent)
{
    rebuild();
}

void SweepChart::rebuild()
{
    QChart* chart = resetDemoChart(
        this, tr("Peak activation memory, MiB, log-log: measured (solid), predicted (dashed)"));
    setAccessibleName(chart->title());
    QList<QString> labels; // in run order
    QString parameter;
    double lowX = 0, highX = 0, lowY = 0, highY = 0;
    std::vector<std::pair<int, const rlab::RunResult*>> layersSweep;
    for (const DemoResult& result : results()) {
        if (result.sweepParameter.isEmpty() || result.sweepValue <= 0 || result.run.peakActivationBytes == 0)
            continue;
        parameter = result.sweepParameter;
        if (!labels.contains(result.label))
            labels.push_back(result.label);
        const double x = result.sweepValue, y = bytesToMiB(double(result.run.peakActivationBytes));
        lowX = lowX > 0 ? std::min(lowX, x) : x;
        highX = std::max(highX, x);
        lowY = lowY > 0 ? std::min(lowY, y) : y;
        highY = std::max(highY, y);
        if (rlab::sweepParameter(parameter.toStdString()) == rlab::shapeField("layers"))
            layersSweep.emplace_back(result.sweepValue, &result.run);
    }
    if (labels.isEmpty())
        return;

    // Where sqrt would start keeping less than full, from the measured bytes: drawn past the
    // measured sizes as dotted lines to the crossing, labelled as extrapolated.
    const std::optional<rlab::demo::Crossing> crossing = rlab::demo::sqrtOvertakesFull(layersSweep);
    if (crossing) {
        highX = std::max(highX, crossing->layers);
        highY = std::max(highY, bytesToMiB(crossing->bytes));
    }
    QLogValueAxis* x = logAxis(sweepParameterTitle(parameter), lowX, highX, 2);
    QLogValueAxis* y = logAxis(tr("peak activation MiB"), lowY, highY, 10);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    const auto add = [&](QAbstractSeries* series) {
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    };

    const QString symbol = sweepSymbol(parameter);
    for (int i = 0; i < labels.size(); ++i) {
        auto* measured = new QLineSeries;
        measured->setPen(QPen(seriesColor(i), 2.5));
        measured->setPointsVisible(true);
        auto* predicted = new QLineSeries;
        predicted->setPen(QPen(seriesColor(i), 1.5, Qt::DashLine));
        std::vector<std::pair<double, double>> points;
        const rlab::RunResult* last = nullptr;
        for (const DemoResult& result : results()) {
            if (result.label != labels[i] || result.sweepValue <= 0 || result.run.peakActivationBytes == 0)
                continue;
            const double value = bytesToMiB(double(result.run.peakActivationBytes));
            measured->append(result.sweepValue, value);
            if (result.run.predictedPeakActivationBytes > 0)
                predicted->append(
                    result.sweepValue, bytesToMiB(double(result.run.predictedPeakActivationBytes)));
            points.emplace_back(result.sweepValue, value);
            last = &result.run;
        }
        // The fitted exponent, the one the claims check: about 1 for none over layers, 0.5 for sqrt.
        const rlab::demo::PowerFit fit = rlab::demo::fitPowerLaw(points);
        measured->setName(fit.valid
                ? tr("%1 ∝ %2^%3").arg(labels[i], symbol, QLocale().toString(fit.exponent, 'f', 2))
                : labels[i]);
        add(predicted);
        add(measured);
        keepOutOfLegend(chart, predicted); // the title explains the dashes
        const bool fullOrSqrt = last && !last->config.policy.offload
            && (last->config.policy.kind == rlab::PolicyKind::Full
                || last->config.policy.kind == rlab::PolicyKind::Sqrt);
        if (crossing && fullOrSqrt && !points.empty()) {
            auto* onward = new QLineSeries;
            onward->setPen(QPen(seriesColor(i), 1.5, Qt::DotLine));
            onward->append(points.back().first, points.back().second);
            onward->append(crossing->layers, bytesToMiB(crossing->bytes));
            add(onward);
            keepOutOfLegend(chart, onward);
        }
    }
    if (crossing) {
        // Named under the axis, where the sentence has the chart's whole width.
        auto* meet = new QScatterSeries;
        meet->setMarkerSize(9);
        meet->setColor(Qt::black);
        meet->append(crossing->layers, bytesToMiB(crossing->bytes));
        add(meet);
        keepOutOfLegend(chart, meet);
        x->setTitleText(tr("%1 · dotted: extrapolated, sqrt keeps less than full from ≈%2")
                            .arg(x->titleText(), QLocale().toString(crossing->layers, 'f', 0)));
    }
}
