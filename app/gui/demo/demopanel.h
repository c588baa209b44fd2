#pragma once
// The live demo beside a question: the preset's sizes, Run and Cancel, progress, the measured
// results as a table and charts, and copy/export. Engine work runs on DemoRunner's worker thread.

#include <functional>
#include <memory>

#include <QWidget>

namespace rlab::content {
struct DemoPreset;
}

class DemoRunner;
class DemoResultsModel;
class MemoryChart;
class StepTimeChart;
class SweepChart;
class TimelineChart;
class QCheckBox;
class QComboBox;
class QGroupBox;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QScrollArea;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableView;
struct DemoChoice;
struct DemoResult;

class DemoPanel : public QWidget {
    Q_OBJECT

public:
    explicit DemoPanel(QWidget* parent = nullptr);
    ~DemoPanel() override; // cancels and joins a running demo; the engine frees everything

    // Shows this preset. A different preset id clears the results; the same id only refreshes
    // the translated texts (title, look_for) so a language switch loses nothing.
    void setPreset(const rlab::content::DemoPreset& preset);
    QString presetId() const;
    bool isRunning() const;

    // The results table as tab-separated text (what Copy puts on the clipboard).
    QString resultsTsv() const;
    // Writes the results as CSV or JSON, chosen by the file's suffix. Empty on success, else one sentence.
    QString exportResults(const QString& path) const;

public slots:
    void run(); // runs the preset's runs (and sweep) on a worker thread
    void cancel();
    void copyResults();
    void exportResultsWithDialog();

signals:
    void runningChanged(bool running);
    void finished(bool ok, const QString& message); // after success, failure or cancel

protected:
    void changeEvent(QEvent* event) override; // QEvent::LanguageChange → retranslate own strings
    void resizeEvent(QResizeEvent* event) override; // tall enough: the table moves above the charts

private:
    void buildUi();
    void retranslate();
    void placeTable();
    QList<QPair<QLabel*, QSpinBox*>> sizeFields() const;
    void arrangeForWidth();
    void placeSizes(int perRow);
    void placeProgress(bool amongButtons);
    void showPresetTexts();
    void loadChoice();
    void showSweptTips();
    void updateValidity();
    void updateButtons();
    void clearResults();
    void replaceRunner();
    void onProgress(double fraction, int run, int runs, const QString& label, int step, int steps, int phase);
    void onResult(const DemoResult& result);
    void onEnded(bool ok, std::function<QString()> message, bool error = false);
    void showTimeline();
    void setStatus(std::function<QString()> text, bool error = false);
    DemoChoice currentChoice() const;
    QString currentProblem() const;

    std::unique_ptr<rlab::content::DemoPreset> m_preset;
    DemoRunner* m_runner = nullptr;
    DemoResultsModel* m_results = nullptr;
    bool m_timelineChosen = false; // the learner picked a run for the timeline: keep it
    int m_sizesPerRow = 0; // label and box pairs a row in the sizes grid, as many as fit
    qint64 m_startedMs = 0;
    std::function<QString()> m_statusText; // rebuilt on a language change

    QLabel* m_title = nullptr;
    QLabel* m_lookFor = nullptr;
    QGroupBox* m_sizesBox = nullptr;
    QLabel* m_layersLabel = nullptr;
    QLabel* m_widthLabel = nullptr;
    QLabel* m_headsLabel = nullptr;
    QLabel* m_seqLabel = nullptr;
    QLabel* m_batchLabel = nullptr;
    QSpinBox* m_layers = nullptr;
    QSpinBox* m_width = nullptr;
    QSpinBox* m_heads = nullptr;
    QSpinBox* m_seq = nullptr;
    QSpinBox* m_batch = nullptr;
    QPushButton* m_resetSizes = nullptr;
    QGroupBox* m_keepBox = nullptr;
    QList<QCheckBox*> m_keep;
    QLabel* m_problem = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_copy = nullptr;
    QPushButton* m_export = nullptr;
    QProgressBar* m_progress = nullptr;
    QHBoxLayout* m_buttonRow = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_device = nullptr;
    QScrollArea* m_scroll = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTableView* m_table = nullptr;
    MemoryChart* m_memoryChart = nullptr;
    StepTimeChart* m_stepTimeChart = nullptr;
    QWidget* m_timelinePage = nullptr;
    QLabel* m_timelineRunLabel = nullptr;
    QComboBox* m_timelineRun = nullptr;
    TimelineChart* m_timelineChart = nullptr;
    SweepChart* m_sweepChart = nullptr;
};
