#include "timelinechart.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>

#include <QChart>
#include <QEvent>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include "demo/model/demoledger.h"
#include "demo/model/demotexts.h"
#include "rlab/demo/demo.h"
#include "view/chartlegend.h"
#include "view/chartstyle.h"

using rlab::demo::DemoResult;
using rlab::demo::peakEventIndex;
using rlab::demo::phaseTitle;

namespace {

// A step in three stretches: the forward pass, then backward with its recompute, then what
// follows (the optimizer). Runs of different policies have the same forward ops but not the same
// backward ones (full recomputes ~40 more), so each run's stretch is spread over the widest run's:
// the stretches start and end together and the lines can be read side by side, phase by phase.
struct Stretches {
    std::array<std::size_t, 3> ops {}; // per stretch, this run's ops
};

std::size_t stretchOf(const rlab::TimelineEvent& event, bool backwardSeen)
{
    if (event.phase == rlab::Phase::Recompute || event.phase == rlab::Phase::Backward)
        return 1;
    if (event.phase == rlab::Phase::Optimizer || backwardSeen)
        return 2;
    return 0;
}

std::vector<std::size_t> stretchesOf(const std::vector<rlab::TimelineEvent>& events, Stretches* counts)
{
    std::vector<std::size_t> which;
    bool backwardSeen = false;
    for (const rlab::TimelineEvent& event : events) {
        const std::size_t stretch = stretchOf(event, backwardSeen);
        backwardSeen = backwardSeen || stretch >= 1;
        which.push_back(stretch);
        ++counts->ops[stretch];
    }
    return which;
}

} // namespace

std::vector<double> alignedOpPositions(const std::vector<rlab::TimelineEvent>& events,
    const std::vector<const std::vector<rlab::TimelineEvent>*>& all)
{
    std::array<std::size_t, 3> widest {};
    for (const auto* run : all) {
        Stretches counts;
        stretchesOf(*run, &counts);
        for (std::size_t k = 0; k < 3; ++k)
            widest[k] = std::max(widest[k], counts.ops[k]);
    }
    Stretches counts;
    const std::vector<std::size_t> which = stretchesOf(events, &counts);
    std::array<double, 3> start {0, double(widest[0]), double(widest[0] + widest[1])};
    std::array<std::size_t, 3> seen {};
    std::vector<double> x;
    for (const std::size_t stretch : which) {
        const double step = double(widest[stretch]) / double(counts.ops[stretch]);
        x.push_back(start[stretch] + step * double(++seen[stretch]));
    }
    return x;
}

TimelineChart::TimelineChart(QWidget* parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setObjectName(QStringLiteral("timelineChart"));
    new ChartLegend(this); // names in rows that wrap, never cut short
    rebuild();
}

void TimelineChart::setResult(const DemoResult& result, const QList<DemoResult>& others)
{
    m_result = result;
    m_others = others;
    std::stable_partition(m_others.begin(), m_others.end(),
        [](const DemoResult& other) { return rlab::demo::isPlainNone(other.run.config); });
    m_hasResult = true;
    rebuild();
}

void TimelineChart::clear()
{
    m_result = {};
    m_others.clear();
    m_hasResult = false;
    rebuild();
}

void TimelineChart::retranslate()
{
    rebuild();
}

void TimelineChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        rebuild();
    QChartView::changeEvent(event);
}

void TimelineChart::rebuild()
{
    const QString title = m_hasResult
        ? tr("One step of %1: activations, MiB (measured)").arg(m_result.title())
        : tr("One step: activations, MiB (measured)");
    QChart* chart = resetDemoChart(this, title);
    setAccessibleName(chart->title());
    const std::vector<rlab::TimelineEvent>& events = m_result.run.timeline;
    if (!m_hasResult || events.empty())
        return;

    auto* x = new QValueAxis;
    x->setTitleText(
        tr("ops of the step: forward, then recompute and backward, each run lined up phase by phase"));
    auto* y = new QValueAxis;
    y->setTitleText(tr("MiB"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);

    // All device memory, drawn thin behind the activation line.
    auto* live = new QLineSeries;
    live->setName(tr("all memory")); // coloured lines: activations, by phase
    live->setPen(QPen(QColor(0xAAAAAA), 1.5));
    // x is the op's position rather than its time: the shape stays readable when one op is slow.
    std::vector<const std::vector<rlab::TimelineEvent>*> all {&events};
    for (const DemoResult& other : m_others)
        all.push_back(&other.run.timeline);
    const std::vector<double> at = alignedOpPositions(events, all);
    double highest = 0;
    double ops = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const rlab::TimelineEvent& event = events[i];
        live->append(at[i], bytesToMiB(double(event.liveBytes)));
        ops = std::max(ops, at[i]);
        highest = std::max(highest, bytesToMiB(double(event.liveBytes)));
    }
    chart->addSeries(live);
    live->attachAxis(x);
    live->attachAxis(y);

    // The other runs' activations, dashed, on the same axes: a longer line is a step with more ops.
    for (qsizetype k = 0; k < m_others.size(); ++k) {
        const std::vector<rlab::TimelineEvent>& theirs = m_others[k].run.timeline;
        const std::vector<double> theirAt = alignedOpPositions(theirs, all);
        auto* other = new QLineSeries;
        other->setName(tr("%1: activations").arg(m_others[k].title()));
        other->setPen(QPen(seriesColor(int(4 + k)), 1.5, Qt::DashLine));
        for (std::size_t i = 0; i < theirs.size(); ++i) {
            other->append(theirAt[i], bytesToMiB(double(theirs[i].activationBytes)));
            highest = std::max(highest, bytesToMiB(double(theirs[i].activationBytes)));
            ops = std::max(ops, theirAt[i]);
        }
        chart->addSeries(other);
        other->attachAxis(x);
        other->attachAxis(y);
    }

    // Activations, one series per run of ops in the same phase so each phase has its colour.
    std::set<rlab::Phase> named;
    QLineSeries* segment = nullptr;
    QPointF previous;
    rlab::Phase phase = events.front().phase;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const rlab::TimelineEvent& event = events[i];
        if (!segment || event.phase != phase) {
            const bool joinPrevious = segment != nullptr;
            phase = event.phase;
            segment = new QLineSeries;
            segment->setName(phaseTitle(phase));
            segment->setPen(QPen(phaseColor(phase), 2.5));
            segment->setProperty("phase", int(phase));
            if (joinPrevious) // the line stays continuous across a phase change
                segment->append(previous);
            chart->addSeries(segment);
            segment->attachAxis(x);
            segment->attachAxis(y);
            if (!named.insert(phase).second)
                keepOutOfLegend(chart, segment);
        }
        previous = QPointF(at[i], bytesToMiB(double(event.activationBytes)));
        segment->append(previous);
        highest = std::max(highest, previous.y());
    }
    // The activation peak, where the "At the peak" card below the chart looks (demoledger.h).
    if (const int peak = peakEventIndex(events); peak >= 0) {
        auto* marker = new QScatterSeries;
        marker->setName(tr("peak (measured)"));
        marker->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
        marker->setMarkerSize(13);
        marker->setColor(QColor(0xCC0000));
        marker->setBorderColor(QColor(0xCC0000));
        marker->append(at[std::size_t(peak)], bytesToMiB(double(events[std::size_t(peak)].activationBytes)));
        chart->addSeries(marker);
        marker->attachAxis(x);
        marker->attachAxis(y);
    }
    fitWholeNumbers(x, 0, int(std::ceil(ops))); // ends at the last op: no empty stretch after it
    fitFromZero(y, highest);
}
