#pragma once
// Grouped bars: each run's measured peak memory, one bar per memory category.

#include "demo/charts/demochart.h"

class MemoryChart : public DemoChart {
    Q_OBJECT

public:
    explicit MemoryChart(QWidget* parent = nullptr);

private:
    void rebuild() override;
};
