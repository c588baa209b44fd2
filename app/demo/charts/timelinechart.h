#pragma once
// Live memory over one measured training step: activation memory rises in the forward pass,
// falls in the backward pass, and spikes where blocks are recomputed. Segments are coloured by phase;
// the other runs at the same sizes overlay it as dashed lines on the same axes, `none` first.
// Rebuilt when the palette changes, as the demo charts are.

#include <vector>

#include <QChartView>

#include "demo/model/demoresult.h"

// Where each of `events`' ops sits on the x axis when drawn with the runs `all` (which holds
// `events` too): forward, backward-with-recompute and the rest each span the widest run's ops.
std::vector<double> alignedOpPositions(const std::vector<rlab::TimelineEvent>& events,
    const std::vector<const std::vector<rlab::TimelineEvent>*>& all);

class TimelineChart : public QChartView {
    Q_OBJECT

public:
    explicit TimelineChart(QWidget* parent = nullptr);

    // `result` in colour; `others` (the runs at the same sizes) dashed behind it.
    void setResult(const rlab::demo::DemoResult& result, const QList<rlab::demo::DemoResult>& others = {});
    void clear();
    void retranslate();

protected:
    void changeEvent(QEvent* event) override; // QEvent::PaletteChange → rebuild in its colours

private:
    void rebuild();

    rlab::demo::DemoResult m_result;
    QList<rlab::demo::DemoResult> m_others; // `none` first
    bool m_hasResult = false;
};
