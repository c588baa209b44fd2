#pragma once
// Runs a demo preset on a worker thread through rlab_demo (the planner, the interleaved runner and
// the claim checks `rlab check-claims` uses), and reports on the GUI thread at most about ten
// times a second. No widgets: the panel renders what this reports, and tests drive it headless.

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <QList>
#include <QObject>
#include <QString>

class QTimer;

#include "common/orproblem.h"
#include "demo/model/demoresult.h"
#include "rlab/config.h"
#include "rlab/demo/demo.h"
#include "rlab/memory.h"

namespace rlab::demo {

// One engine run the preset asks for: rlab_demo's planner is the one home of that translation.
using DemoRunPlan = rlab::demo::PlannedRun;
// What the learner changed: the base sizes and, when the preset allows it, selective's op kinds.
using DemoChoice = rlab::demo::Choice;

// Where a running demo is: the progress bar and the status line read this.
struct DemoProgress {
    double fraction = 0; // of all runs, 0..1
    int run = 0; // 0-based index of the run under way
    int runs = 0;
    QString label; // that run's label
    int step = 0; // 0-based, of that run
    int steps = 0; // that run's steps in all (an estimate while its time budget is being spent)
    rlab::Phase phase = rlab::Phase::Setup;
};

// How a demo ended, in one value: finished, cancelled, failed in the engine, or refused before it began.
struct DemoOutcome {
    enum class Ending { Finished, Cancelled, Failed, Refused };
    Ending ending = Ending::Finished;
    QString message; // Failed: the engine's sentence; Refused: why it could not start
    int runs = 0; // Finished: the results shown
    double seconds = 0; // Finished: from start to the last result
    // Finished: the worker thread's CPU time over the wall time of the runs, the busy probe (below
    // kBusyShare another program had the processor); 1 where the system cannot say.
    double cpuShare = 1;
    std::vector<rlab::demo::ClaimCheck> claims; // Finished: the preset's claims against this run

    DemoOutcome() = default;
    explicit DemoOutcome(Ending how, QString why = {})
        : ending(how)
        , message(std::move(why))
    {
    }
    bool ok() const { return ending == Ending::Finished; }
};

class LiveFigures;

class DemoRunner : public QObject {
    Q_OBJECT

public:
    // Each finished run is recorded in `figures` (texts quote it); null: recorded nowhere.
    explicit DemoRunner(LiveFigures* figures, QObject* parent = nullptr);
    ~DemoRunner() override; // cancels and joins the worker

    // The preset's own sizes and selective keep list, as a starting choice.
    static DemoChoice defaultChoice(const rlab::content::DemoPreset& preset);
    // One sentence when the learner's sizes are outside the preset's limits; empty when fine.
    static QString checkChoice(const rlab::content::DemoPreset& preset, const DemoChoice& choice);
    // The preset as engine runs (rlab::demo::planRuns, timed per the preset's min_time); on a
    // problem no runs and one sentence.
    static rlab::app::OrProblem<QList<DemoRunPlan>> plan(
        const rlab::content::DemoPreset& preset, const DemoChoice& choice);
    static rlab::Device device(); // CUDA when it works, else the CPU
    static QString deviceName(); // the engine's name for device()
    static QString deviceText(); // deviceName() in the learner's language ("2 threads" translated)
    // What these runs used: on the CPU their thread count (tiny models run on one thread, so the
    // panel and the copied table agree); deviceText() when they do not say.
    static QString deviceText(const QList<DemoResult>& results);
    // The most CPU threads the results' runs used; 0 where a run was not on the CPU.
    static int cpuThreads(const QList<DemoResult>& results);

    // Starts the runs on the worker; false when a demo is already running or `plans` is empty.
    // With the preset, its claims are checked when the runs finish (DemoOutcome::claims).
    bool start(const QList<DemoRunPlan>& plans, const rlab::content::DemoPreset* preset = nullptr);
    bool isRunning() const;
    void cancel();
    void wait(); // blocks until the worker has returned

signals:
    void progressed(const DemoProgress& progress);
    void resultReady(const DemoResult& result);
    void ended(const DemoOutcome& outcome); // after the last result, a cancel or a failure

private:
    void work(const std::vector<DemoRunPlan>& plans, std::optional<rlab::content::DemoPreset> preset,
        const std::shared_ptr<std::atomic<bool>>& cancelFlag);
    void join();
    void end(DemoOutcome outcome); // on the runner's thread: no longer running, then ended()
    void post(std::function<void()> report); // worker: queue a report for the runner's thread
    void deliver(); // runner's thread: run the reports queued so far, in order

    LiveFigures* m_figures;
    std::thread m_worker;
    // The worker's reports wait here until the runner's thread takes them (see work()).
    std::mutex m_handoff;
    std::vector<std::function<void()>> m_reports; // under m_handoff
    QTimer* m_delivery = nullptr; // while a demo runs: takes the reports a few dozen times a second
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_running = false;
    std::chrono::steady_clock::time_point m_started;
    int m_shownRuns = 0; // runs of the last start() that give a result (not a hidden reference)
};

} // namespace rlab::demo
