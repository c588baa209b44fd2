#include "losschart.h"

#include <algorithm>
#include <cmath>

#include <QChart>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include "rlab/demo/demo.h"
#include "view/chartstyle.h"

using rlab::demo::DemoResult;

namespace {

// The run others are compared with: a plain none run (the one rlab_demo's gradient error is from).
const DemoResult* noneRun(const QList<DemoResult>& results)
{
    for (const DemoResult& result : results)
        if (rlab::demo::isPlainNone(result.run.config))
            return &result;
    return nullptr;
}

} // namespace

LossChart::LossChart(QWidget* parent)
    : DemoChart(QStringLiteral("lossChart"), parent)
{
    rebuild();
}

void LossChart::rebuild()
{
    QChart* chart
        = resetDemoChart(this, tr("Loss per step (solid, left), distance from none's (dotted, right)"));
    setAccessibleName(chart->title());
    if (results().isEmpty() || !results().front().sweepParameter.isEmpty())
        return; // one curve per run; a sweep's many runs would hide each other
    const DemoResult* none = noneRun(results());

    auto* steps = new QValueAxis;
    steps->setTitleText(tr("training step"));
    steps->setLabelFormat(QStringLiteral("%.0f")); // localized labels need a precision
    auto* loss = new QValueAxis;
    loss->setTitleText(tr("loss"));
    auto* apart = new QValueAxis;
    apart->setTitleText(tr("|loss − none's loss|"));
    chart->addAxis(steps, Qt::AlignBottom);
    chart->addAxis(loss, Qt::AlignLeft);
    chart->addAxis(apart, Qt::AlignRight);

    double lowest = 0, highest = 0, widest = 0;
    int longest = 1;
    bool first = true;
    for (qsizetype i = 0; i < results().size(); ++i) {
        const DemoResult& result = results()[i];
        const std::vector<float>& values = result.run.loss;
        auto* curve = new QLineSeries;
        curve->setName(result.label);
        curve->setPen(QPen(seriesColor(int(i)), 2));
        for (std::size_t s = 0; s < values.size(); ++s) {
            curve->append(double(s + 1), values[s]);
            lowest = first ? values[s] : std::min(lowest, double(values[s]));
            highest = first ? values[s] : std::max(highest, double(values[s]));
            first = false;
        }
        longest = std::max(longest, int(values.size()));
        chart->addSeries(curve);
        curve->attachAxis(steps);
        curve->attachAxis(loss);
        if (!none || &result == none)
            continue;
        auto* gap = new QLineSeries;
        gap->setName(tr("%1 − none").arg(result.label));
        gap->setPen(QPen(seriesColor(int(i)), 1.5, Qt::DotLine));
        const std::size_t common = std::min(values.size(), none->run.loss.size());
        for (std::size_t s = 0; s < common; ++s) {
            const double d = std::abs(double(values[s]) - double(none->run.loss[s]));
            gap->append(double(s + 1), d);
            widest = std::max(widest, d);
        }
        chart->addSeries(gap);
        gap->attachAxis(steps);
        gap->attachAxis(apart);
    }
    fitWholeNumbers(steps, 1, static_cast<int>(longest));
    const double margin = std::max(1e-3, 0.05 * (highest - lowest));
    loss->setRange(lowest - margin, highest + margin);
    loss->applyNiceNumbers();
    fitFromZero(apart, widest);
}
