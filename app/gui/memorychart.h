#pragma once
// Grouped bars: each run's measured peak memory, one bar per memory category.

#include <QChartView>
#include <QList>

#include "demoresult.h"

class MemoryChart : public QChartView {
    Q_OBJECT

public:
    explicit MemoryChart(QWidget* parent = nullptr);

    void setResults(const QList<DemoResult>& results);
    void retranslate();

private:
    void rebuild();

    QList<DemoResult> m_results;
};
