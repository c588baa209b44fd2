#include "demorunner.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <utility>

#include <QCoreApplication>
#include <QPointer>
#include <QRegularExpression>
#include <QTimer>

#include "common/sizewords.h"
#include "demo/model/livefigures.h"
#include "rlab/content/content.h"
#include "rlab/engine.h"

using rlab::app::OrProblem;
using rlab::app::sizeLimitText;

namespace rlab::demo {

namespace {
// The translation context of the .ts files: the class's name before it had a namespace.
struct Texts {
    Q_DECLARE_TR_FUNCTIONS(DemoRunner)
};
} // namespace

namespace {

QString fromStd(const std::string& text)
{
    return QString::fromStdString(text);
}

rlab::demo::Settings settings()
{
    rlab::demo::Settings chosen; // min_time from the preset (0.3 s when it gives none)
    chosen.device = DemoRunner::device();
    return chosen;
}

// How often the runner's thread takes the worker's reports while a demo runs: the worker reports
// at most ten times a second, and a result waits at most this long to be shown.
constexpr int kDeliveryMs = 25;

} // namespace

DemoRunner::DemoRunner(LiveFigures* figures, QObject* parent)
    : QObject(parent)
    , m_figures(figures)
    , m_delivery(new QTimer(this))
{
    m_delivery->setInterval(kDeliveryMs);
    connect(m_delivery, &QTimer::timeout, this, &DemoRunner::deliver);
}

DemoRunner::~DemoRunner()
{
    cancel();
    join();
}

DemoChoice DemoRunner::defaultChoice(const rlab::content::DemoPreset& preset)
{
    return rlab::demo::defaultChoice(preset);
}

QString DemoRunner::checkChoice(const rlab::content::DemoPreset& preset, const DemoChoice& choice)
{
    const std::optional<rlab::demo::ChoiceProblem> problem = rlab::demo::checkChoice(preset, choice);
    if (!problem)
        return {};
    using Kind = rlab::demo::ChoiceProblem::Kind;
    switch (problem->kind) {
    case Kind::SizeBelowOne:
        return Texts::tr("Every size must be at least 1.");
    case Kind::SizeAboveLimit:
        if (const rlab::ShapeField* field = rlab::shapeField(problem->size))
            return sizeLimitText(*field, problem->limit);
        return fromStd(rlab::demo::describe(*problem));
    case Kind::HeadsDoNotDivideWidth:
        return Texts::tr("The number of heads (%1) must divide the width (%2).")
            .arg(problem->value)
            .arg(problem->limit);
    case Kind::KvHeadsDoNotDivideHeads:
        return Texts::tr("A llama run's %1 key/value heads must divide the number of heads (%2).")
            .arg(problem->value)
            .arg(problem->limit);
    case Kind::OddHeadSize:
        return Texts::tr(
            "Rotary positions pair a head's dimensions, so the head size (width / heads = %1) must "
            "be even.")
            .arg(problem->value);
    case Kind::NothingKept:
        return Texts::tr("Tick at least one kind of activation for selective recomputation to keep.");
    }
    return fromStd(rlab::demo::describe(*problem));
}

OrProblem<QList<DemoRunPlan>> DemoRunner::plan(
    const rlab::content::DemoPreset& preset, const DemoChoice& choice)
{
    std::string problem;
    std::vector<DemoRunPlan> plans = rlab::demo::planRuns(preset, choice, settings(), &problem);
    return {QList<DemoRunPlan>(std::make_move_iterator(plans.begin()), std::make_move_iterator(plans.end())),
        fromStd(problem)};
}

rlab::Device DemoRunner::device()
{
    return rlab::cudaUsable() ? rlab::Device::Cuda : rlab::Device::Cpu;
}

QString DemoRunner::deviceName()
{
    const rlab::Device wanted = device();
    for (const auto& info : rlab::listDevices()) {
        if (info.device == wanted && !info.name.empty())
            return fromStd(info.name);
    }
    return fromStd(std::string(rlab::deviceName(wanted)));
}

namespace {
// The calling thread's CPU time in seconds (POSIX); -1 where the system cannot say.
double threadCpuSeconds()
{
#if defined(CLOCK_THREAD_CPUTIME_ID)
    timespec now {};
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0)
        return double(now.tv_sec) + double(now.tv_nsec) / 1e9;
#endif
    return -1;
}

// The fewest and most threads of the runs' CPU devices ("cpu (Eigen, 2 threads)"); {0, 0} where a
// run was not on the CPU or there is none.
std::pair<int, int> threadRange(const QList<DemoResult>& results)
{
    static const QRegularExpression threadCount(QStringLiteral("^cpu .*, (\\d+) threads?\\)$"));
    int fewest = 0;
    int most = 0;
    for (const DemoResult& result : results) {
        const QRegularExpressionMatch match
            = threadCount.match(QString::fromStdString(result.run.deviceName));
        if (!match.hasMatch())
            return {0, 0};
        const int threads = match.captured(1).toInt();
        fewest = fewest == 0 ? threads : std::min(fewest, threads);
        most = std::max(most, threads);
    }
    return {fewest, most};
}
} // namespace

int DemoRunner::cpuThreads(const QList<DemoResult>& results)
{
    return threadRange(results).second;
}

QString DemoRunner::deviceText(const QList<DemoResult>& results)
{
    const auto [fewest, most] = threadRange(results);
    if (most == 0)
        return deviceText();
    if (fewest == most)
        return Texts::tr("CPU (Eigen, %n threads)", nullptr, most);
    return Texts::tr("CPU (Eigen, %1 to %2 threads)").arg(fewest).arg(most);
}

QString DemoRunner::deviceText()
{
    // The engine's fields, not its English name, so the thread count can be worded.
    if (device() == rlab::Device::Cpu) {
        for (const auto& info : rlab::listDevices()) {
            if (info.device == rlab::Device::Cpu && info.threads > 0)
                return Texts::tr("CPU (Eigen, %n threads)", nullptr, info.threads);
        }
    }
    return deviceName();
}

bool DemoRunner::start(const QList<DemoRunPlan>& plans, const rlab::content::DemoPreset* preset)
{
    if (m_running || plans.isEmpty())
        return false;
    join(); // a finished worker whose last report was already delivered
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_running = true;
    m_started = std::chrono::steady_clock::now();
    m_shownRuns = int(std::count_if(
        plans.begin(), plans.end(), [](const DemoRunPlan& item) { return !item.hiddenReference; }));
    std::optional<rlab::content::DemoPreset> judged;
    if (preset)
        judged = *preset;
    m_delivery->start();
    m_worker = std::thread([this, runs = std::vector<DemoRunPlan>(plans.begin(), plans.end()), judged,
                               flag = m_cancel] { work(runs, judged, flag); });
    return true;
}

bool DemoRunner::isRunning() const
{
    return m_running;
}

void DemoRunner::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

void DemoRunner::wait()
{
    join();
}

void DemoRunner::join()
{
    if (m_worker.joinable())
        m_worker.join();
}

void DemoRunner::end(DemoOutcome outcome)
{
    m_running = false;
    if (outcome.ok()) {
        outcome.runs = m_shownRuns;
        outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_started).count();
    }
    emit ended(outcome);
}

void DemoRunner::post(std::function<void()> report)
{
    const std::lock_guard<std::mutex> queued(m_handoff);
    m_reports.push_back(std::move(report));
}

void DemoRunner::deliver()
{
    std::vector<std::function<void()>> reports;
    {
        const std::lock_guard<std::mutex> taken(m_handoff);
        reports.swap(m_reports);
    }
    const QPointer<DemoRunner> alive(this);
    for (const std::function<void()>& report : reports) {
        report(); // a receiver may start the next demo, or delete this runner
        if (!alive)
            return;
    }
    if (!m_running)
        m_delivery->stop();
}

// Runs on the worker thread. Everything it reports is queued for the runner's (GUI) thread, which
// takes the queue under the same mutex, so signals are emitted there, receivers never see a
// half-finished result, and the handoff is a lock ThreadSanitizer sees (the worker never touches
// Qt's event queue, whose locks it cannot see). rlab::demo reports progress at most ten times a
// second, so the GUI thread stays nearly idle while steps are timed.
void DemoRunner::work(const std::vector<DemoRunPlan>& plans, std::optional<rlab::content::DemoPreset> preset,
    const std::shared_ptr<std::atomic<bool>>& cancelFlag)
{
    try {
        const auto onProgress = [&](const rlab::demo::Progress& progress) {
            const DemoProgress report {progress.fraction, progress.run, progress.runs,
                fromStd(progress.label), progress.step, progress.steps, progress.phase};
            post([this, report] { emit progressed(report); });
        };
        const double cpuBefore = threadCpuSeconds();
        const auto wallBefore = std::chrono::steady_clock::now();
        std::vector<rlab::demo::RunOutcome> outcomes
            = rlab::demo::runPlanned(plans, onProgress, cancelFlag.get());
        const double wall
            = std::chrono::duration<double>(std::chrono::steady_clock::now() - wallBefore).count();
        DemoOutcome finished(DemoOutcome::Ending::Finished);
        if (cpuBefore >= 0 && wall > 0)
            finished.cpuShare = (threadCpuSeconds() - cpuBefore) / wall;
        if (preset) {
            finished.claims = rlab::demo::checkClaims(*preset, outcomes);
            // The texts' live figures show the learner's own run of this preset from now on.
            if (m_figures)
                post([this, id = preset->id, figures = outcomes] { m_figures->recordRun(id, figures); });
        }
        for (rlab::demo::RunOutcome& out : outcomes) {
            if (out.hiddenReference)
                continue;
            DemoResult done {
                fromStd(out.label), fromStd(out.sweepParameter), out.sweepValue, std::move(out.result)};
            done.gradError = out.gradError;
            done.lossDifference = out.lossDifference;
            done.predictedPcieMs = out.predictedPcieMs;
            post([this, done = std::move(done)] { emit resultReady(done); });
        }
        post([this, finished = std::move(finished)] { end(finished); });
    } catch (const rlab::Cancelled&) {
        post([this] { end(DemoOutcome(DemoOutcome::Ending::Cancelled)); });
    } catch (const std::exception& error) {
        post([this, message = fromStd(error.what())] {
            end(DemoOutcome(DemoOutcome::Ending::Failed, message));
        });
    }
}

} // namespace rlab::demo
