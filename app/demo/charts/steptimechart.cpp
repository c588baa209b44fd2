#include "steptimechart.h"

#include <algorithm>

#include <QAbstractAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>

#include "demo/model/demotexts.h"
#include "rlab/demo/demo.h"
#include "view/chartstyle.h"

using rlab::demo::DemoResult;
using rlab::demo::differingLabels;
using rlab::demo::stepOverheadPercent;
using rlab::demo::sweepParameterTitle;
using rlab::demo::sweepSymbol;
using rlab::demo::sweepValueText;

StepTimeChart::StepTimeChart(QWidget* parent)
    : DemoChart(QStringLiteral("stepTimeChart"), parent)
{
    rebuild();
}

void StepTimeChart::rebuild()
{
    QChart* chart = resetDemoChart(this, tr("Step time, ms (measured, warm-up excluded)"));
    setAccessibleName(chart->title());
    if (results().isEmpty())
        return;

    auto* series = new QBarSeries;
    QStringList categories;
    QString sizeTitle;
    double highest = 0;
    if (results().front().sweepParameter.isEmpty()) {
        // One group per run: fastest, median and slowest step show the spread.
        auto* fastest = new QBarSet(tr("fastest step"));
        auto* median = new QBarSet(tr("median step"));
        auto* slowest = new QBarSet(tr("slowest step"));
        for (const DemoResult& result : results()) {
            fastest->append(result.run.stepMsMin);
            median->append(result.run.stepMsMedian);
            slowest->append(result.run.stepMsMax);
            highest = std::max({highest, result.run.stepMsMax, result.run.stepMsMedian});
        }
        categories = differingLabels(results()); // each group named by what sets its run apart
        fastest->setColor(seriesColor(5));
        median->setColor(seriesColor(0));
        slowest->setColor(seriesColor(3));
        series->append({fastest, median, slowest});
    } else {
        // A sweep: one group per size, one bar per policy (median step), so the overhead's growth shows.
        QList<int> values;
        QStringList labels;
        for (const DemoResult& result : results()) {
            if (!values.contains(result.sweepValue))
                values.push_back(result.sweepValue);
            if (!labels.contains(result.label))
                labels.push_back(result.label);
        }
        // Groups named by the size that differs ("T = 128"), the axis saying which size that is.
        const QString parameter = results().front().sweepParameter;
        for (const int value : values)
            categories.push_back(sweepValueText(parameter, value));
        sizeTitle = tr("%1 (%2)").arg(sweepParameterTitle(parameter), sweepSymbol(parameter));
        for (int i = 0; i < labels.size(); ++i) {
            auto* set = new QBarSet(labels[i]);
            set->setColor(seriesColor(i));
            for (const int value : values) {
                double median = 0;
                for (const DemoResult& result : results()) {
                    if (result.label == labels[i] && result.sweepValue == value)
                        median = result.run.stepMsMedian;
                }
                set->append(median);
                highest = std::max(highest, median);
            }
            series->append(set);
        }
        chart->setTitle(tr("Median step time, ms (measured, warm-up excluded)"));
    }
    // Bars set side by side invite a ranking: name the runs whose time the paired steps cannot tell
    // from none's, at the same size.
    QStringList withinNoise;
    const QStringList names = differingLabels(results());
    for (int i = 0; i < results().size(); ++i) {
        const DemoResult& result = results()[i];
        if (rlab::demo::isPlainNone(result.run.config))
            continue;
        for (const DemoResult& none : results()) {
            if (rlab::demo::isPlainNone(none.run.config) && none.sweepValue == result.sweepValue
                && none.sweepParameter == result.sweepParameter && !stepOverheadPercent(result.run, none.run))
                withinNoise << names[i];
        }
    }
    if (!withinNoise.isEmpty())
        chart->setTitle(QStringLiteral("%1<br><small>%2</small>")
                            .arg(chart->title().toHtmlEscaped(),
                                tr("Same as none within noise: %1")
                                    .arg(withinNoise.join(QStringLiteral("; ")))
                                    .toHtmlEscaped()));
    addBarSeries(chart, series, categories, tr("ms per step"), highest);
    if (!sizeTitle.isEmpty())
        chart->axes(Qt::Horizontal).constFirst()->setTitleText(sizeTitle);
}
