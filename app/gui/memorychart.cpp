#include "memorychart.h"

#include <algorithm>

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>

#include "chartstyle.h"
#include "demotexts.h"

MemoryChart::MemoryChart(QWidget* parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setObjectName(QStringLiteral("memoryChart"));
    rebuild();
}

void MemoryChart::setResults(const QList<DemoResult>& results)
{
    m_results = results;
    rebuild();
}

void MemoryChart::retranslate()
{
    rebuild();
}

void MemoryChart::rebuild()
{
    QChart* chart = resetDemoChart(this, tr("Peak memory by category, MiB (measured)"));
    setAccessibleName(chart->title());
    if (m_results.isEmpty())
        return;

    auto* series = new QBarSeries;
    double highest = 0;
    int colour = 0;
    for (std::size_t i = 0; i < rlab::kMemoryCategoryCount; ++i) {
        const auto category = rlab::MemoryCategory(i);
        const std::string key(rlab::memoryCategoryName(category));
        QList<qreal> values;
        bool any = false;
        for (const DemoResult& result : m_results) {
            const auto found = result.run.bytesByCategory.find(key);
            const double value
                = found == result.run.bytesByCategory.end() ? 0 : bytesToMiB(double(found->second));
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
    chart->addSeries(series);

    QStringList runs;
    for (const DemoResult& result : m_results)
        runs.push_back(result.title());
    auto* x = new QBarCategoryAxis;
    x->append(runs);
    auto* y = new QValueAxis;
    y->setTitleText(tr("MiB"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    fitFromZero(y, highest);
}
