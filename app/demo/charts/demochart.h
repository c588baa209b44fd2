#pragma once
// A chart of a demo's measured results, rebuilt from them when they change, when the language
// does and when the palette does (a desktop switching to a dark theme while the app runs). Memory,
// step time and the sweep are such charts.

#include <QChartView>
#include <QList>

#include "demo/model/demoresult.h"

class ChartLegend;

class DemoChart : public QChartView {
    Q_OBJECT

public:
    void setResults(const QList<rlab::demo::DemoResult>& results);
    void retranslate();

protected:
    explicit DemoChart(const QString& objectName, QWidget* parent = nullptr);

    const QList<rlab::demo::DemoResult>& results() const { return m_results; }
    void changeEvent(QEvent* event) override; // QEvent::PaletteChange → rebuild in its colours
    // Draws the chart again from results() in the current language.
    virtual void rebuild() = 0;
    // A long legend beside the plot where the chart is wide, below it where it is narrow, so the
    // categories along the bottom keep the width their names need.
    void setLegendBesideWhenWide(bool beside);
    void resizeEvent(QResizeEvent* event) override;

private:
    void placeLegend();

    QList<rlab::demo::DemoResult> m_results;
    ChartLegend* m_legend = nullptr;
    bool m_legendBeside = false;
};
