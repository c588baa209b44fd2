#include "timelinechart.h"

#include <algorithm>
#include <set>

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include "chartstyle.h"
#include "demotexts.h"

TimelineChart::TimelineChart(QWidget* parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setObjectName(QStringLiteral("timelineChart"));
    rebuild();
}

void TimelineChart::setResult(const DemoResult& result)
{
    m_result = result;
    m_hasResult = true;
    rebuild();
}

void TimelineChart::clear()
{
    m_result = {};
    m_hasResult = false;
    rebuild();
}

void TimelineChart::retranslate()
{
    rebuild();
}

void TimelineChart::rebuild()
{
    const QString title = m_hasResult
        ? tr("Memory during one step of %1, MiB (measured)").arg(m_result.title())
        : tr("Memory during one step, MiB (measured)");
    QChart* chart = resetDemoChart(this, title);
    setAccessibleName(chart->title());
    const std::vector<rlab::TimelineEvent>& events = m_result.run.timeline;
    if (!m_hasResult || events.empty())
        return;

    auto* x = new QValueAxis;
    x->setTitleText(tr("time in the step, ms"));
    auto* y = new QValueAxis;
    y->setTitleText(tr("MiB"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);

    // All device memory, drawn thin behind the activation line.
    auto* live = new QLineSeries;
    live->setName(tr("all device memory"));
    live->setPen(QPen(QColor(0xAAAAAA), 1.5));
    live->append(0, bytesToMiB(double(events.front().liveBytes)));
    double highest = 0;
    for (const rlab::TimelineEvent& event : events) {
        live->append(event.endMs, bytesToMiB(double(event.liveBytes)));
        highest = std::max(highest, bytesToMiB(double(event.liveBytes)));
    }
    chart->addSeries(live);
    live->attachAxis(x);
    live->attachAxis(y);

    // Activations, one series per run of ops in the same phase so each phase has its colour.
    std::set<rlab::Phase> named;
    QLineSeries* segment = nullptr;
    QPointF previous;
    rlab::Phase phase = events.front().phase;
    for (const rlab::TimelineEvent& event : events) {
        if (!segment || event.phase != phase) {
            const bool joinPrevious = segment != nullptr;
            phase = event.phase;
            segment = new QLineSeries;
            segment->setName(phaseTitle(phase) + tr(": activations"));
            segment->setPen(QPen(phaseColor(phase), 2.5));
            segment->setProperty("phase", int(phase));
            if (joinPrevious) // the line stays continuous across a phase change
                segment->append(previous);
            chart->addSeries(segment);
            segment->attachAxis(x);
            segment->attachAxis(y);
            if (!named.insert(phase).second) {
                for (QLegendMarker* marker : chart->legend()->markers(segment))
                    marker->setVisible(false);
            }
        }
        previous = QPointF(event.endMs, bytesToMiB(double(event.activationBytes)));
        segment->append(previous);
        highest = std::max(highest, previous.y());
    }
    fitFromZero(x, events.back().endMs);
    fitFromZero(y, highest);
}
