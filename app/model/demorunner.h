#pragma once
// Runs a demo preset's engine runs one after another on a worker thread. No widgets: the panel
// renders what this reports, and tests drive it headless.

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include <QList>
#include <QObject>
#include <QString>

#include "demoresult.h"
#include "rlab/config.h"

namespace rlab::content {
struct DemoPreset;
}

// One engine run the preset asks for, ready to hand to rlab::run.
struct DemoRunPlan {
    QString label;
    QString sweepParameter;
    int sweepValue = 0;
    rlab::RunConfig config;
    bool reference = false; // the `none` run others' gradients are compared against
    bool hiddenReference = false; // added only for that comparison; not in the preset
};

// What the learner changed: the base sizes and, when the preset allows it, selective's op kinds.
struct DemoChoice {
    rlab::ModelShape shape;
    std::vector<rlab::OpKind> keep; // used by selective runs when the preset has userKeepChoice
};

class DemoRunner : public QObject {
    Q_OBJECT

public:
    explicit DemoRunner(QObject* parent = nullptr);
    ~DemoRunner() override; // cancels and joins the worker

    // The preset's own sizes and selective keep list, as a starting choice.
    static DemoChoice defaultChoice(const rlab::content::DemoPreset& preset);
    // One sentence when the learner's sizes are outside the preset's limits; empty when fine.
    static QString checkChoice(const rlab::content::DemoPreset& preset, const DemoChoice& choice);
    // Turns the preset into engine runs (sweep values applied, value by value). On a problem
    // returns an empty list and sets *error to one sentence.
    static QList<DemoRunPlan> plan(
        const rlab::content::DemoPreset& preset, const DemoChoice& choice, QString* error);
    static rlab::Device device(); // CUDA when it works, else the CPU
    static QString deviceName(); // the engine's name for device()

    // Starts the runs on the worker; false when a demo is already running or `plans` is empty.
    bool start(const QList<DemoRunPlan>& plans);
    bool isRunning() const;
    void cancel();
    void wait(); // blocks until the worker has returned

signals:
    // fraction of all runs, 0..1; phase is an rlab::Phase.
    void progressed(double fraction, int run, int runs, const QString& label, int step, int steps, int phase);
    void resultReady(const DemoResult& result);
    void finished();
    void cancelled();
    void failed(const QString& message);

private:
    void work(QList<DemoRunPlan> plans, std::shared_ptr<std::atomic<bool>> cancelFlag);
    void join();

    std::thread m_worker;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_running = false;
};
