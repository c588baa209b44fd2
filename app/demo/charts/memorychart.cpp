#include "memorychart.h"

#include <algorithm>

#include <QBarSeries>
#include <QBarSet>
#include <QChart>

#include "demo/model/demotexts.h"
#include "view/chartstyle.h"

using rlab::demo::DemoResult;
using rlab::demo::differingLabels;
using rlab::demo::memoryCategoryTitle;
using rlab::demo::sweepParameterTitle;
using rlab::demo::sweepValueText;

MemoryChart::MemoryChart(QWidget* parent)
    : DemoChart(QStringLiteral("memoryChart"), parent)
{
    rebuild();
}

void MemoryChart::rebuild()
{
    // A sweep has too many runs for grouped bars: show its largest size, where the policies differ most.
    QList<DemoResult> shown = results();
    QString title = tr("Peak memory by category, MiB (measured)");
    if (!results().isEmpty() && !results().front().sweepParameter.isEmpty()) {
        const auto largest = std::max_element(results().begin(), results().end(),
            [](const auto& a, const auto& b) { return a.sweepValue < b.sweepValue; });
        shown.clear();
        for (const DemoResult& result : results()) {
            if (result.sweepValue == largest->sweepValue)
                shown.push_back(result);
        }
        title = tr("Peak memory by category at %1 %2, MiB (measured)")
                    .arg(sweepParameterTitle(largest->sweepParameter),
                        sweepValueText(largest->sweepParameter, largest->sweepValue));
    }
    QChart* chart = resetDemoChart(this, title);
    setAccessibleName(chart->title());
    if (shown.isEmpty())
        return;

    auto* series = new QBarSeries;
    double highest = 0;
    int colour = 0;
    for (std::size_t i = 0; i < rlab::kMemoryCategoryCount; ++i) {
        const auto category = rlab::MemoryCategory(i);
        QList<qreal> values;
        bool any = false;
        for (const DemoResult& result : shown) {
            const double value = bytesToMiB(double(result.peakBytes(category)));
            any = any || value > 0;
            highest = std::max(highest, value);
            values.push_back(value);
        }
        if (!any) // a kind no run used only crowds the legend
            continue;
        auto* set = new QBarSet(memoryCategoryTitle(category));
        set->append(values);
        set->setColor(seriesColor(colour++));
        series->append(set);
    }
    addBarSeries(chart, series, differingLabels(shown), tr("MiB"), highest);
    setLegendBesideWhenWide(true); // seven kinds do not fit in one row below
}
