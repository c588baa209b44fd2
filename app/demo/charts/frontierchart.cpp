#include "frontierchart.h"

#include <algorithm>

#include <QChart>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include "demo/model/demofrontier.h"
#include "view/chartstyle.h"

using rlab::demo::frontierCorners;
using rlab::demo::FrontierPoint;
using rlab::demo::frontierPoints;

FrontierChart::FrontierChart(QWidget* parent)
    : DemoChart(QStringLiteral("frontierChart"), parent)
{
    rebuild();
}

void FrontierChart::setAgainst(Against against)
{
    m_against = against;
    rebuild();
}

void FrontierChart::rebuild()
{
    const bool time = m_against == Against::StepTime;
    QChart* chart = resetDemoChart(this,
        time ? tr("Peak activation memory against step time (both measured)")
             : tr("Peak activation memory (measured) against recompute FLOPs (counted)"));
    setAccessibleName(chart->title());
    const QList<FrontierPoint> points = frontierPoints(results());
    if (points.isEmpty())
        return;
    auto* x = new QValueAxis;
    x->setTitleText(tr("peak activation memory, MiB (measured)"));
    auto* y = new QValueAxis;
    y->setTitleText(
        time ? tr("step time, ms (measured, 95% interval)") : tr("recompute, MFLOP a step (counted)"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    const auto yOf = [&](const FrontierPoint& p) { return time ? p.stepMs : p.recomputeFlops / 1e6; };
    double highestX = 0, highestY = 0;
    const auto attach = [&](QXYSeries* series, bool listed) {
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
        if (!listed)
            keepOutOfLegend(chart, series);
    };

    // The frontier first, beneath the points: through the budget runs that beat every one keeping less.
    const QList<int> corners = frontierCorners(points);
    auto* frontier = new QLineSeries;
    frontier->setName(tr("frontier through the budget runs"));
    frontier->setPen(QPen(seriesColor(0), 2));
    for (qsizetype c = 0; c < corners.size(); ++c) {
        const FrontierPoint& p = points[corners[c]];
        const double px = bytesToMiB(double(p.peakBytes));
        if (!time && c > 0) // counted FLOPs step down where a larger budget lets the planner keep more
            frontier->append(px, yOf(points[corners[c - 1]]));
        frontier->append(px, yOf(p));
    }
    attach(frontier, true);

    auto* budgets = new QScatterSeries;
    budgets->setName(tr("budget:<bytes> runs"));
    budgets->setMarkerSize(9);
    budgets->setColor(seriesColor(0));
    budgets->setBorderColor(seriesColor(0));
    int colour = 1;
    for (const FrontierPoint& p : points) {
        const double px = bytesToMiB(double(p.peakBytes));
        highestX = std::max(highestX, px);
        highestY = std::max(highestY, time ? p.stepHigh : yOf(p));
        if (time && p.stepHigh > p.stepLow) { // the interval, a thin vertical line
            auto* interval = new QLineSeries;
            interval->setPen(QPen(p.budget ? seriesColor(0) : seriesColor(colour), 1));
            interval->append(px, p.stepLow);
            interval->append(px, p.stepHigh);
            attach(interval, false);
        }
        if (p.budget) {
            budgets->append(px, yOf(p));
            continue;
        }
        auto* named = new QScatterSeries;
        named->setName(p.label);
        named->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
        named->setMarkerSize(12);
        named->setColor(seriesColor(colour));
        named->setBorderColor(seriesColor(colour));
        named->append(px, yOf(p));
        attach(named, true);
        ++colour;
    }
    attach(budgets, true);
    fitFromZero(x, highestX);
    fitFromZero(y, highestY);
    setLegendBesideWhenWide(true);
}
