#include "timelinechart.h"

#include <algorithm>
#include <set>

#include <QChart>
#include <QEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include "chartstyle.h"
#include "demotexts.h"
#include "rlab/demo/demo.h"

TimelineChart::TimelineChart(QWidget* parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setObjectName(QStringLiteral("timelineChart"));
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
    x->setTitleText(tr("ops of the step, in the order they ran"));
    auto* y = new QValueAxis;
    y->setTitleText(tr("MiB"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);

    // All device memory, drawn thin behind the activation line.
    auto* live = new QLineSeries;
    live->setName(tr("all memory")); // coloured lines: activations, by phase
    live->setPen(QPen(QColor(0xAAAAAA), 1.5));
    // x is the op's position rather than its time: the shape stays readable when one op is slow.
    double highest = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const rlab::TimelineEvent& event = events[i];
        live->append(double(i + 1), bytesToMiB(double(event.liveBytes)));
        highest = std::max(highest, bytesToMiB(double(event.liveBytes)));
    }
    chart->addSeries(live);
    live->attachAxis(x);
    live->attachAxis(y);

    // The other runs' activations, dashed, on the same axes: a longer line is a step with more ops.
    double ops = double(events.size());
    for (qsizetype k = 0; k < m_others.size(); ++k) {
        const std::vector<rlab::TimelineEvent>& theirs = m_others[k].run.timeline;
        auto* other = new QLineSeries;
        other->setName(tr("%1: activations").arg(m_others[k].title()));
        other->setPen(QPen(seriesColor(int(4 + k)), 1.5, Qt::DashLine));
        for (std::size_t i = 0; i < theirs.size(); ++i) {
            other->append(double(i + 1), bytesToMiB(double(theirs[i].activationBytes)));
            highest = std::max(highest, bytesToMiB(double(theirs[i].activationBytes)));
        }
        ops = std::max(ops, double(theirs.size()));
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
            if (!named.insert(phase).second) {
                for (QLegendMarker* marker : chart->legend()->markers(segment))
                    marker->setVisible(false);
            }
        }
        previous = QPointF(double(i + 1), bytesToMiB(double(event.activationBytes)));
        segment->append(previous);
        highest = std::max(highest, previous.y());
    }
    fitFromZero(x, ops);
    fitFromZero(y, highest);
}
