#pragma once
// Live memory over one measured training step: activation memory rises in the forward pass,
// falls in the backward pass, and spikes where blocks are recomputed. Segments are coloured by phase.

#include <QChartView>

#include "demoresult.h"

class TimelineChart : public QChartView {
    Q_OBJECT

public:
    explicit TimelineChart(QWidget* parent = nullptr);

    void setResult(const DemoResult& result);
    void clear();
    void retranslate();

private:
    void rebuild();

    DemoResult m_result;
    bool m_hasResult = false;
};
