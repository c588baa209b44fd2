#include "demochart.h"

#include <QEvent>

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
