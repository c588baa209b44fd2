#pragma once
// Peak activation memory against the swept size, one line per policy: measured points solid,
// the analytic prediction dashed (with `none` growing linearly in layers, `sqrt` about as sqrt(N)).

#include <QChartView>
#include <QList>

#include "demoresult.h"

class SweepChart : public QChartView {
    Q_OBJECT

public:
    explicit SweepChart(QWidget* parent = nullptr);

    void setResults(const QList<DemoResult>& results);
    void retranslate();

private:
    void rebuild();

    QList<DemoResult> m_results;
};
