#pragma once
// Bars: each run's measured median step time, with the fastest and slowest step beside it.

#include "demo/charts/demochart.h"

class StepTimeChart : public DemoChart {
    Q_OBJECT

public:
    explicit StepTimeChart(QWidget* parent = nullptr);

private:
    void rebuild() override;
};
