#pragma once
// Bars: each run's measured median step time, with the fastest and slowest step beside it.

#include <QChartView>
#include <QList>

#include "demoresult.h"

class StepTimeChart : public QChartView {
    Q_OBJECT

public:
    explicit StepTimeChart(QWidget* parent = nullptr);

    void setResults(const QList<DemoResult>& results);
    void retranslate();

private:
    void rebuild();

    QList<DemoResult> m_results;
};
