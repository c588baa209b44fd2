#pragma once
// A chart's legend that wraps into as many rows as its names need and never cuts one short. Qt
// Charts lays a legend below the plot out in one row and ends a name that does not fit in "…"
// ("Paramet…" at 1024x700), and reads a name such as "budget:<bytes> runs" as markup (the text
// vanished). This one lives in the chart view: it shows each visible marker of the chart's own
// legend, which it hides, as a swatch and the whole name in plain text, in rows below the plot or
// in a column beside it, and keeps the chart's margin on that side as deep as itself.

#include <QList>
#include <QPointer>
#include <QStringList>
#include <QWidget>

class QChart;
class QChartView;
class QLabel;

class ChartLegend : public QWidget {
    Q_OBJECT

public:
    // Made by the chart view, on its viewport; resetDemoChart (chartstyle.h) then hands it each new chart.
    explicit ChartLegend(QChartView* view);
    static ChartLegend* of(const QChartView* view); // the legend `view` made, or nullptr

    // Hides `chart`'s own legend and, once the chart is built (queued), shows its visible markers.
    void follow(QChart* chart);
    // Beside the plot, in a column, when it leaves the plot at least half the width; else below.
    void setBeside(bool beside);
    bool beside() const { return m_beside; }
    bool shownBeside() const { return m_shownBeside; } // where it is now
    QList<QLabel*> labels() const; // one per entry, in the legend's order (tests)

protected:
    bool eventFilter(QObject* watched, QEvent* event) override; // the viewport resized: lay out again

private:
    struct Entry {
        QWidget* swatch = nullptr;
        QLabel* label = nullptr;
    };
    void takeMarkers();
    void arrange();
    // Lays the entries out in `width` and returns the height they take; `column`: one per row.
    int place(int width, bool column, bool apply);

    QChartView* m_view = nullptr;
    QPointer<QChart> m_chart;
    QList<Entry> m_entries;
    bool m_beside = false;
    bool m_shownBeside = false;
};
