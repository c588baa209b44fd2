#pragma once
// The live demo of a question's lesson, in two places: the lesson's column (predict, run, and the one
// view the question is about, with its caption from this run's figures) and the explore page (every
// table and chart of the run, the sizes, the claims, copy and export), which the question page shows
// on a click or E. It hands the sizes to DemoRunner (whose worker thread does the engine work) and
// shows progress and how the run ended. Both places are laid out by layouts alone: nothing here
// measures or places a widget by hand.

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <QElapsedTimer>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QWidget>

#include "demo/model/demorunner.h" // DemoOutcome, whole for the finished() signal
#include "rlab/content/content.h" // DemoAnswer, held whole

namespace rlab::demo {
class DemoResultsModel;
class LiveFigures;
} // namespace rlab::demo
class AnswerChart;
class SizeSliders;
class DemoResultsView;
class DemoSizesForm;
class PredictionBox;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QToolButton;
class QTimer;

class DemoPanel : public QWidget {
    Q_OBJECT

public:
    // `figures` renders the preset's texts and records each finished run (texts quote it).
    explicit DemoPanel(rlab::demo::LiveFigures& figures, QWidget* parent = nullptr);
    ~DemoPanel() override; // cancels and joins a running demo; the engine frees everything

    // Shows this preset. A different preset id clears the results; the same id only refreshes
    // the translated texts (title, look_for) so a language switch loses nothing.
    // `view` is the results view the question's lesson is read in (Question::demoView); empty: the
    // preset's own view. The same preset for another question opens on that question's view.
    // `answer` is the quantity the question's lesson shows (its demo_answer), else the preset's.
    void setPreset(const rlab::content::DemoPreset& preset, const QString& view = {},
        const std::optional<rlab::content::DemoAnswer>& answer = std::nullopt);
    // A question without a demo: a running demo is cancelled, and the panel shows no preset.
    void clearPreset();
    QString presetId() const;
    // Brings this results view (a preset's `view` name: "ledger", "timeline", ...) to the front of
    // the explore page, as a question's demo_view does; an unknown or hidden one leaves the table.
    void showView(const QString& view);
    // Every table and chart of the run, the sizes and claims: a page of its own the question page
    // holds (objectName "explorePage"); a hidden child of the panel until a page takes it.
    QWidget* explorePage() const { return m_explore; }
    // A part of the panel by its object name, in the lesson or on the explore page (which the question
    // page holds, so it is not the panel's child): what tests and the screenshot driver click.
    template<class Pointer> Pointer part(const QString& name = {}) const
    {
        if (Pointer found = findChild<Pointer>(name))
            return found;
        return m_explore->findChild<Pointer>(name);
    }
    // The lesson's answer view and its caption (the one quantity of DemoPreset::lessonAnswer).
    AnswerChart* answerChart() const { return m_answer; }
    QString captionText() const;
    // `answer.run`'s figure as a percent of `answer.than`'s in this preset's last finished run (a
    // `number:` question's check); nullopt before a run, while one goes on, or without both runs.
    std::optional<double> measuredPercent(const rlab::content::DemoAnswer& answer) const;
    bool isRunning() const;

    // Predict, then see: until the question is answered, the panel shows the setup and runs it,
    // but not the preset's title, "look for" text or claim marks, which may give the answer away.
    void setAnswerShown(bool shown);
    // Runs whose names would give the question's answer away (Question::hiddenRuns): until the
    // answer is shown the lesson calls them "run A", "run B", ..., and the explore page, which names
    // every run, waits for the answer too.
    void setHiddenRuns(const std::vector<std::string>& labels);
    // The sizes of each preset's last run in this session, {preset id: {layers: 6, seq: 128, ...}}:
    // what the window saves when it closes.
    QJsonObject lastRunSizes() const;
    // Sizes an earlier session saved: a preset among them, shown before it has run in this session,
    // is measured again at those sizes (figures are not kept between sessions), and the status
    // says so; a run over kAskBeforeSeconds is asked for first, as the learner's Run is.
    void setRunsToRepeat(const QJsonObject& sizes);
    bool namesHidden() const { return !m_answerShown && !m_hiddenRuns.empty(); }
    // A run's label as the lesson shows it now: hidden (above), or said as the learner would.
    QString shownRunName(const std::string& label) const;
    PredictionBox* predictionBox() const { return m_prediction; }
    // Whether Enter with the focus on `focus` is the panel's (a size field, the prediction: it runs
    // the demo) rather than the quiz's.
    bool takesEnter(const QWidget* focus) const;

    // The results table as tab-separated text (what Copy puts on the clipboard).
    QString resultsTsv() const;
    // Writes the results as CSV or JSON, chosen by the file's suffix. Empty on success, else one sentence.
    QString exportResults(const QString& path) const;

public slots:
    void run(); // runs the preset's runs (and sweep) on a worker thread
    // The learner's Run (the button, R, Enter, letting go of a size): a run estimated over
    // kAskBeforeSeconds is asked for first, in the status line, and the next request starts it.
    void requestRun();
    void cancel();
    void copyResults();
    void exportResultsWithDialog();

signals:
    void runningChanged(bool running);
    void finished(const rlab::demo::DemoOutcome& outcome); // after success, failure, cancel or a refused run
    void plannerRequested(); // "Plan this for a real model": the window opens the Planner page
    void exploreRequested(); // "Explore this run": the question page shows the explore page
    void lessonRequested(); // the explore page's Back: the question page shows the lesson again

protected:
    void changeEvent(QEvent* event) override; // QEvent::LanguageChange → retranslate own strings
    // Enter in a size field or the prediction runs the demo, as R does; elsewhere in the panel
    // Enter is the quiz's (it goes on), and Space presses a focused button.
    void keyPressEvent(QKeyEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override; // the explore page's Enter

private:
    bool runOnEnter(QKeyEvent* event); // Enter in a size field or the prediction: runs
    void buildUi();
    void buildRunRow();
    void buildClaims();
    void buildExplorePage();
    void retranslate();
    void showPresetTexts();
    void showSteps();
    // The lesson's answer view: this preset's last run, or (while a size is dragged) the predictor's.
    void showAnswer();
    std::function<QString(const std::string&)> runNames() const; // shownRunName, for the figures
    void previewSizes(const rlab::demo::DemoChoice& choice);
    void updateValidity();
    void showDevice();
    double estimateSeconds() const; // of the chosen sizes' runs at the measured speed; 0: none yet
    void showEstimate(bool runnable);
    void showTimeLeft(); // the progress bar's estimate of the time left
    void updateButtons();
    void clearResults();
    void showClaims();
    void replaceRunner();
    void onProgress(const rlab::demo::DemoProgress& progress);
    void onEnded(const rlab::demo::DemoOutcome& outcome);
    void setStatus(std::function<QString()> text, bool error = false);
    QString currentProblem() const;
    // The runs of the learner's choice, planned once; none, with the sentence, when it cannot run.
    rlab::app::OrProblem<QList<rlab::demo::DemoRunPlan>> plannedRuns() const;

    // The results of each preset run this session, kept when the learner moves to another
    // question and shown again on return.
    struct Kept {
        QList<rlab::demo::DemoResult> results;
        std::vector<rlab::demo::ClaimCheck> claims;
    };
    void keepResults();
    void restoreResults(const QString& presetId);
    void repeatEarlierRun();

    rlab::demo::LiveFigures& m_figures;
    std::unique_ptr<rlab::content::DemoPreset> m_preset;
    rlab::content::DemoAnswer m_lessonAnswer; // what the answer view shows
    std::vector<std::string> m_hiddenRuns; // labels named "run A", "run B", ... until the answer
    QString m_storyView; // the results view shown first: the question's, else the preset's
    QHash<QString, Kept> m_kept;
    bool m_answerShown = true;
    int m_runCount = 0; // the engine runs of the run going on, for its estimate's correction
    bool m_askedToConfirm = false; // a long run was asked for; the next requestRun starts it
    std::map<QString, rlab::ModelShape> m_lastSizes; // each preset's last run this session
    std::map<QString, rlab::ModelShape> m_toRepeat; // an earlier session's, measured again when shown
    bool m_repeating = false; // this run measures an earlier session's again: its status says so
    QString m_busy; // the last run's busyText: said beside the next estimate
    rlab::demo::DemoRunner* m_runner = nullptr;
    rlab::demo::DemoResultsModel* m_results = nullptr;
    std::function<QString()> m_statusText; // rebuilt on a language change

    QLabel* m_title = nullptr;
    QLabel* m_lookFor = nullptr;
    QToolButton* m_claimsSummary = nullptr; // "What this run shows: 4 of 4 hold", unfolds the claims
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
    QLabel* m_estimate = nullptr; // before a run: how long it will take (estimated)
    QTimer* m_clock = nullptr;
    QElapsedTimer m_runClock;
    double m_runEstimate = 0; // seconds, for the running demo; 0: no estimate
    double m_runFlopEstimate = 0; // the same before its correction by earlier runs (demoestimate.h)
    QLabel* m_device = nullptr;
    QLabel* m_predictStep = nullptr; // the lesson's steps: predict, run, see
    QLabel* m_runStep = nullptr;
    QLabel* m_seeStep = nullptr;
    SizeSliders* m_sliders = nullptr; // the lesson's sizes to drag
    AnswerChart* m_answer = nullptr;
    QLabel* m_caption = nullptr; // one sentence from the run's figures
    QPushButton* m_exploreButton = nullptr;
    QPushButton* m_rerun = nullptr; // the explore page's Run: the sizes are there
    QPushButton* m_back = nullptr; // the explore page's way back to the lesson
    QLabel* m_exploreTitle = nullptr;
    QWidget* m_explore = nullptr;
    DemoResultsView* m_view = nullptr;
    bool m_previewing = false; // a size is being dragged: the answer view shows the predictor's bars
};
