#pragma once
// What a demo measured: the results table and the charts (memory, step time, one run's timeline,
// the sweep, the loss curves). It renders a DemoResultsModel; which run's timeline shows first is the model's
// call.

#include <QHash>
#include <QWidget>

namespace rlab::demo {
class DemoResultsModel;
}
class FrontierView;
class LedgerView;
class PeakCard;
class LossChart;
class MemoryChart;
class StepTimeChart;
class SweepChart;
class TimelineChart;
class QCheckBox;
class QComboBox;
class QLabel;
class QScrollArea;
class QTabWidget;
class QTableView;
class QVBoxLayout;

class DemoResultsView : public QWidget {
    Q_OBJECT

public:
    explicit DemoResultsView(rlab::demo::DemoResultsModel* results, QWidget* parent = nullptr);

    void setSweepShown(bool shown); // the sweep chart's tab, for presets with a sweep
    // Opens the view that tells the preset's claim (DemoPreset::view: "memory", "step-time",
    // "timeline", "sweep", "loss", "ledger", "frontier"); empty or "table": the table first.
    void showStoryFirst(const QString& view);
    QTabWidget* tabs() const { return m_tabs; }

protected:
    void changeEvent(QEvent* event) override; // QEvent::LanguageChange → retranslate own strings
    bool eventFilter(QObject* watched, QEvent* event) override; // the table's resizes move the Run column

private:
    void buildTable(); // the table and its frozen Run column
    QVBoxLayout* buildCharts(); // the charts and the timeline's page; its layout, for the hint above
    void buildTabs(QVBoxLayout* timelineLayout); // each result's tab, the charts' with their hints
    void retranslate();
    void showHints();
    void onResultsAdded();
    void onResultsCleared();
    void showTimeline();
    void showColumns(); // the used ones; the less-used only with "More columns"
    void fitRunColumn(); // the frozen Run column over the table's first column

    rlab::demo::DemoResultsModel* m_results;
    QVBoxLayout* m_layout = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTableView* m_table = nullptr;
    QTableView* m_runColumn
        = nullptr; // the Run column again, on top: stays put while the table scrolls sideways
    QCheckBox* m_moreColumns = nullptr;
    // Each chart's tab page: a line that says how to read the chart, and the chart.
    QWidget* m_memoryPage = nullptr;
    QWidget* m_stepTimePage = nullptr;
    QWidget* m_sweepPage = nullptr;
    QWidget* m_lossPage = nullptr;
    QLabel* m_memoryHint = nullptr;
    QLabel* m_stepTimeHint = nullptr;
    QLabel* m_timelineHint = nullptr;
    QLabel* m_sweepHint = nullptr;
    QLabel* m_lossHint = nullptr;
    QHash<QLabel*, QString> m_hintTexts; // each hint's whole text in the current language
    MemoryChart* m_memoryChart = nullptr;
    StepTimeChart* m_stepTimeChart = nullptr;
    QWidget* m_timelinePage = nullptr;
    QLabel* m_timelineRunLabel = nullptr;
    QComboBox* m_timelineRun = nullptr;
    TimelineChart* m_timelineChart = nullptr;
    SweepChart* m_sweepChart = nullptr;
    LossChart* m_lossChart = nullptr;
    LedgerView* m_ledger = nullptr; // the tensor ledger of each run (ledgerview.h)
    FrontierView* m_frontier = nullptr; // shown for presets with budget runs (frontierview.h)
    QString m_storyView; // the view showStoryFirst was asked for, kept for the frontier's late tab
    PeakCard* m_peakCard = nullptr; // under the timeline: the shown run's peak and counterfactuals
    QScrollArea* m_peakScroll = nullptr; // holds m_timelineBelow
    QWidget* m_timelineBelow = nullptr; // under the timeline: the "Run:" picker and the card
    class QSplitter* m_timelineSplit = nullptr; // the chart above, the picker and card below
};
