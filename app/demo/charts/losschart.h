#pragma once
// Each run's training loss step by step, and beside it (right axis) how far each run's loss is
// from none's at the same step: curves that look alike part visibly there (dropout-replay).

#include "demo/charts/demochart.h"

class LossChart : public DemoChart {
    Q_OBJECT

public:
    explicit LossChart(QWidget* parent = nullptr);

private:
    void rebuild() override;
};
