#include "steptimechart.h"

#include <algorithm>

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>

#include "chartstyle.h"

StepTimeChart::StepTimeChart(QWidget* parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setObjectName(QStringLiteral("stepTimeChart"));
    rebuild();
}

void StepTimeChart::setResults(const QList<DemoResult>& results)
{
    m_results = results;
    rebuild();
}

void StepTimeChart::retranslate()
{
    rebuild();
}

void StepTimeChart::rebuild()
{
    QChart* chart = resetDemoChart(this, tr("Step time, ms (measured, warm-up excluded)"));
    setAccessibleName(chart->title());
    if (m_results.isEmpty())
        return;

    auto* fastest = new QBarSet(tr("fastest step"));
    auto* median = new QBarSet(tr("median step"));
    auto* slowest = new QBarSet(tr("slowest step"));
    QStringList runs;
    double highest = 0;
    for (const DemoResult& result : m_results) {
        fastest->append(result.run.stepMsMin);
        median->append(result.run.stepMsMedian);
        slowest->append(result.run.stepMsMax);
        highest = std::max({highest, result.run.stepMsMax, result.run.stepMsMedian});
        runs.push_back(result.title());
    }
    fastest->setColor(seriesColor(5));
    median->setColor(seriesColor(0));
    slowest->setColor(seriesColor(3));
    auto* series = new QBarSeries;
    series->append({fastest, median, slowest});
    chart->addSeries(series);

    auto* x = new QBarCategoryAxis;
    x->append(runs);
    auto* y = new QValueAxis;
    y->setTitleText(tr("ms per step"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    fitFromZero(y, highest);
}
