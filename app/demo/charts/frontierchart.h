#pragma once
// The memory-time frontier: each run a point at its measured peak activation memory, against its
// measured step time (with the 95% interval) or its counted recompute FLOPs; the budget runs
// filled, the named policies each in their own marker, and the frontier drawn through the budget
// runs (demofrontier.h), so a named policy below it would stand out.

#include "demo/charts/demochart.h"

class FrontierChart : public DemoChart {
    Q_OBJECT

public:
    enum class Against { StepTime, RecomputeFlops };
    explicit FrontierChart(QWidget* parent = nullptr);
    void setAgainst(Against against);
    Against against() const { return m_against; }

private:
    void rebuild() override;

    Against m_against = Against::StepTime;
};
