#include "demochart.h"

#include <QChart>
#include <QEvent>
#include <QLegend>

namespace {
constexpr int kWideChart = 600; // from this width a legend beside the plot leaves the bars room
}

DemoChart::DemoChart(const QString& objectName, QWidget* parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setObjectName(objectName);
}

void DemoChart::setResults(const QList<DemoResult>& results)
{
    m_results = results;
    rebuild();
}

void DemoChart::retranslate()
{
    rebuild();
}

void DemoChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        rebuild();
    QChartView::changeEvent(event);
}

void DemoChart::setLegendBesideWhenWide(bool beside)
{
    m_legendBeside = beside;
    placeLegend();
}

void DemoChart::resizeEvent(QResizeEvent* event)
{
    placeLegend();
    QChartView::resizeEvent(event);
}

void DemoChart::placeLegend()
{
    if (!chart())
        return;
    const Qt::Alignment wanted = m_legendBeside && width() >= kWideChart ? Qt::AlignRight : Qt::AlignBottom;
    if (chart()->legend()->alignment() != wanted)
        chart()->legend()->setAlignment(wanted);
}
