#include "demochart.h"

#include <QEvent>

#include "view/chartlegend.h"

using rlab::demo::DemoResult;

namespace {
constexpr int kWideChart = 600; // from this width a legend beside the plot leaves the bars room
}

DemoChart::DemoChart(const QString& objectName, QWidget* parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setObjectName(objectName);
    m_legend = new ChartLegend(this); // names in rows that wrap, never "Paramet…"
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
    m_legend->setBeside(m_legendBeside && width() >= kWideChart);
}
