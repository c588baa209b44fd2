#pragma once
// Stacked bars, one per run side by side: the bytes live at each run's measured activation peak,
// one stack per term of the paper's per-layer formula (and the LayerNorm statistics, the tensors
// rebuilt for backward, the head), so the stacks that vanish under `selective` are the tensors it
// recomputes instead of keeping. One term has one colour in every bar.

#include "demo/charts/demochart.h"

class LedgerChart : public DemoChart {
    Q_OBJECT

public:
    explicit LedgerChart(QWidget* parent = nullptr);

private:
    void rebuild() override;
};
