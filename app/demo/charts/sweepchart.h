#pragma once
// Peak activation memory against the swept size, one line per policy: measured points solid,
// the analytic prediction dashed (with `none` growing linearly in layers, `sqrt` about as sqrt(N)).

#include "demo/charts/demochart.h"

class SweepChart : public DemoChart {
    Q_OBJECT

public:
    explicit SweepChart(QWidget* parent = nullptr);

private:
    void rebuild() override;
};
