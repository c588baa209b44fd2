#include "sweepchart.h"

#include <algorithm>
#include <cmath>

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QMap>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include "chartstyle.h"
#include "demotexts.h"

SweepChart::SweepChart(QWidget* parent)
    : DemoChart(QStringLiteral("sweepChart"), parent)
{
    rebuild();
}

void SweepChart::rebuild()
{
    QChart* chart
        = resetDemoChart(this, tr("Peak activation memory, MiB: measured (solid), predicted (dashed)"));
    setAccessibleName(chart->title());
    QList<QString> labels; // in run order
    QString parameter;
    for (const DemoResult& result : results()) {
        if (result.sweepParameter.isEmpty())
            continue;
        parameter = result.sweepParameter;
        if (!labels.contains(result.label))
            labels.push_back(result.label);
    }
    if (labels.isEmpty())
        return;

    auto* x = new QValueAxis;
    x->setTitleText(sweepParameterTitle(parameter));
    auto* y = new QValueAxis;
    y->setTitleText(tr("peak activation MiB"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);

    double highest = 0, highX = 1;
    for (int i = 0; i < labels.size(); ++i) {
        auto* measured = new QLineSeries;
        measured->setName(labels[i]);
        measured->setPen(QPen(seriesColor(i), 2.5));
        measured->setPointsVisible(true);
        auto* predicted = new QLineSeries;
        predicted->setName(tr("%1 (predicted)").arg(labels[i]));
        predicted->setPen(QPen(seriesColor(i), 1.5, Qt::DashLine));
        for (const DemoResult& result : results()) {
            if (result.label != labels[i] || result.sweepParameter.isEmpty())
                continue;
            const double value = bytesToMiB(double(result.run.peakActivationBytes));
            const double model = bytesToMiB(double(result.run.predictedPeakActivationBytes));
            measured->append(result.sweepValue, value);
            predicted->append(result.sweepValue, model);
            highest = std::max({highest, value, model});
            highX = std::max(highX, double(result.sweepValue));
        }
        // The measured growth exponent between the smallest and largest size: about 1 for none over
        // layers, about 0.5 for sqrt.
        if (measured->count() >= 2) {
            const QPointF first = measured->at(0), last = measured->at(measured->count() - 1);
            if (first.x() > 0 && first.y() > 0 && last.x() > first.x() && last.y() > 0) {
                const double exponent = std::log(last.y() / first.y()) / std::log(last.x() / first.x());
                measured->setName(tr("%1: grows as %2^%3")
                                      .arg(labels[i], sweepParameterTitle(parameter),
                                          QLocale().toString(exponent, 'f', 2)));
            }
        }
        for (QLineSeries* series : {predicted, measured}) {
            chart->addSeries(series);
            series->attachAxis(x);
            series->attachAxis(y);
        }
        for (QLegendMarker* marker : chart->legend()->markers(predicted)) // the title explains the dashes
            marker->setVisible(false);
    }
    fitFromZero(x, highX);
    fitFromZero(y, highest);
}
