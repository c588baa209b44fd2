#pragma once
// The live demo beside a question, a thin controller: it shows the preset, hands the sizes form's
// choice to DemoRunner (whose worker thread does the engine work), shows progress and how the run
// ended, and lets the learner copy or export what the results view shows.

#include <functional>
#include <memory>

#include <QHash>
#include <QList>
#include <QWidget>

#include "demorunner.h" // DemoOutcome, whole for the finished() signal

namespace rlab::content {
struct DemoPreset;
}

class DemoResultsModel;
class DemoResultsView;
class DemoSizesForm;
class PredictionBox;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QScrollArea;
class QPushButton;

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

    // Predict, then see: until the question is answered, the panel shows the setup and runs it,
    // but not the preset's title, "look for" text or claim marks, which may give the answer away.
    void setAnswerShown(bool shown);
    PredictionBox* predictionBox() const { return m_prediction; }

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
    void finished(const DemoOutcome& outcome); // after success, failure, cancel or a refused run
    void plannerRequested(); // "Plan this for a real model": the window opens the Planner page

protected:
    void changeEvent(QEvent* event) override; // QEvent::LanguageChange → retranslate own strings
    void resizeEvent(QResizeEvent* event) override; // tall enough: the table moves above the charts
    // Enter that no child took: a focused button is pressed; in a size field or the prediction it
    // runs the demo, as R does. (The quiz's Enter is off while the focus is here.)
    void keyPressEvent(QKeyEvent* event) override;

private:
    void buildUi();
    void retranslate();
    void arrangeForWidth();
    void placeProgress(bool amongButtons);
    void showPresetTexts();
    void updateValidity();
    void updateButtons();
    void clearResults();
    void showClaims();
    void replaceRunner();
    void onProgress(const DemoProgress& progress);
    void onEnded(const DemoOutcome& outcome);
    void setStatus(std::function<QString()> text, bool error = false);
    QString currentProblem() const;
    // The runs of the learner's choice, planned once; none, with *problem set, when it cannot run.
    QList<DemoRunPlan> plannedRuns(QString* problem) const;

    // The results of each preset run this session, kept when the learner moves to another
    // question and shown again on return.
    struct Kept {
        QList<DemoResult> results;
        std::vector<rlab::demo::ClaimCheck> claims;
    };
    void keepResults();
    void restoreResults(const QString& presetId);

    std::unique_ptr<rlab::content::DemoPreset> m_preset;
    QHash<QString, Kept> m_kept;
    bool m_answerShown = true;
    DemoRunner* m_runner = nullptr;
    DemoResultsModel* m_results = nullptr;
    std::function<QString()> m_statusText; // rebuilt on a language change

    QLabel* m_title = nullptr;
    QLabel* m_lookFor = nullptr;
    QLabel* m_claims = nullptr; // the preset's claims, marked after a run
    std::vector<rlab::demo::ClaimCheck> m_claimChecks; // of the last finished run
    DemoSizesForm* m_sizes = nullptr;
    PredictionBox* m_prediction = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_copy = nullptr;
    QPushButton* m_export = nullptr;
    QPushButton* m_plan = nullptr;
    QProgressBar* m_progress = nullptr;
    QHBoxLayout* m_buttonRow = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_device = nullptr;
    QScrollArea* m_scroll = nullptr;
    DemoResultsView* m_view = nullptr;
};
