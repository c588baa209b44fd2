#include "demorunner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

#include <QMetaObject>

#include "rlab/content/content.h"
#include "rlab/engine.h"

namespace {

QString fromStd(const std::string& text)
{
    return QString::fromStdString(text);
}

bool isPlainNone(const rlab::RunConfig& config)
{
    return config.policy.kind == rlab::PolicyKind::None && !config.policy.offload && config.rngReplay
        && config.savePrecision == rlab::SavePrecision::Fp32;
}

// Gradient error is only worth a column when a run is expected to differ from `none`.
bool comparesGradients(const rlab::content::DemoPreset& preset)
{
    return std::any_of(preset.runs.begin(), preset.runs.end(),
        [](const rlab::content::DemoRun& run) { return !run.rngReplay || run.savePrecision == "bf16"; });
}

bool setSweepValue(rlab::ModelShape& shape, const std::string& parameter, int value)
{
    const rlab::ShapeField* field = rlab::sweepParameter(parameter);
    if (field)
        shape.*field->member = value;
    return field != nullptr;
}

// Largest elementwise |a - b| over every parameter's first-step gradient.
double maxAbsDifference(
    const std::map<std::string, std::vector<float>>& a, const std::map<std::string, std::vector<float>>& b)
{
    double worst = 0;
    for (const auto& [name, values] : a) {
        const auto other = b.find(name);
        if (other == b.end() || other->second.size() != values.size())
            return std::nan("");
        for (std::size_t i = 0; i < values.size(); ++i)
            worst = std::max(worst, std::abs(double(values[i]) - double(other->second[i])));
    }
    return worst;
}

} // namespace

DemoRunner::DemoRunner(QObject* parent)
    : QObject(parent)
{
}

DemoRunner::~DemoRunner()
{
    cancel();
    join();
}

DemoChoice DemoRunner::defaultChoice(const rlab::content::DemoPreset& preset)
{
    DemoChoice choice;
    choice.shape = preset.shape;
    choice.keep = rlab::defaultSelectiveKeep();
    for (const auto& run : preset.runs) {
        if (run.policy != "selective" || run.keep.empty())
            continue;
        choice.keep.clear();
        for (const auto& name : run.keep) {
            if (const auto kind = rlab::parseOpKind(name))
                choice.keep.push_back(*kind);
        }
        break;
    }
    return choice;
}

QString DemoRunner::checkChoice(const rlab::content::DemoPreset& preset, const DemoChoice& choice)
{
    const rlab::ModelShape& s = choice.shape;
    const rlab::content::DemoShape& max = preset.maxShape;
    if (s.layers < 1 || s.width < 1 || s.heads < 1 || s.seq < 1 || s.batch < 1 || s.vocab < 2)
        return tr("Every size must be at least 1.");
    if (s.layers > max.layers)
        return tr("At most %1 layers are allowed for this demo.").arg(max.layers);
    if (s.width > max.width)
        return tr("The width may be at most %1 for this demo.").arg(max.width);
    if (s.heads > max.heads)
        return tr("At most %1 heads are allowed for this demo.").arg(max.heads);
    if (s.seq > max.seq)
        return tr("The sequence length may be at most %1 for this demo.").arg(max.seq);
    if (s.batch > max.batch)
        return tr("The batch may be at most %1 for this demo.").arg(max.batch);
    if (s.vocab > max.vocab)
        return tr("The vocabulary may be at most %1 for this demo.").arg(max.vocab);
    if (!rlab::headsDivideWidth(s))
        return tr("The number of heads (%1) must divide the width (%2).").arg(s.heads).arg(s.width);
    if (preset.userKeepChoice && choice.keep.empty())
        return tr("Tick at least one kind of activation for selective recomputation to keep.");
    return {};
}

QList<DemoRunPlan> DemoRunner::plan(
    const rlab::content::DemoPreset& preset, const DemoChoice& choice, QString* error)
{
    auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return QList<DemoRunPlan>();
    };
    if (preset.runs.empty())
        return fail(tr("This demo has no runs."));
    if (const QString problem = checkChoice(preset, choice); !problem.isEmpty())
        return fail(problem);

    QList<DemoRunPlan> base;
    for (const auto& run : preset.runs) {
        DemoRunPlan item;
        item.label = fromStd(run.label.empty() ? rlab::content::defaultRunLabel(run) : run.label);
        std::string parseError;
        const auto policy = rlab::RecomputePolicy::parse(run.policy, &parseError);
        if (!policy)
            return fail(tr("Run \"%1\": %2").arg(item.label, fromStd(parseError)));
        rlab::RunConfig& config = item.config;
        config.shape = choice.shape;
        config.policy = *policy;
        config.policy.offload = policy->offload || run.offload;
        if (config.policy.kind == rlab::PolicyKind::Selective) {
            if (preset.userKeepChoice) {
                config.policy.keep = choice.keep;
            } else {
                for (const auto& name : run.keep) {
                    const auto kind = rlab::parseOpKind(name);
                    if (!kind)
                        return fail(tr("Run \"%1\": unknown op kind \"%2\".").arg(item.label, fromStd(name)));
                    config.policy.keep.push_back(*kind);
                }
            }
        }
        config.steps = preset.steps;
        config.warmupSteps = preset.steps > 1 ? 1 : 0;
        config.dropout = preset.dropout;
        config.rngReplay = run.rngReplay;
        if (const auto precision = rlab::parseSavePrecision(run.savePrecision))
            config.savePrecision = *precision;
        else
            return fail(
                tr("Run \"%1\": unknown save precision \"%2\".").arg(item.label, fromStd(run.savePrecision)));
        if (const auto optimizer = rlab::parseOptimizer(run.optimizer))
            config.optimizer = *optimizer;
        else
            return fail(tr("Run \"%1\": unknown optimizer \"%2\".").arg(item.label, fromStd(run.optimizer)));
        config.device = device();
        config.recordTimeline = true;
        base.push_back(item);
    }

    // Gradients are compared against a plain `none` run of the same sizes, which must run first.
    if (comparesGradients(preset)) {
        const auto none = std::find_if(
            base.begin(), base.end(), [](const DemoRunPlan& item) { return isPlainNone(item.config); });
        if (none != base.end()) {
            DemoRunPlan reference = *none;
            base.erase(none);
            base.prepend(reference);
        } else {
            DemoRunPlan reference = base.front();
            reference.label = tr("none (reference)");
            reference.config.policy = rlab::RecomputePolicy {};
            reference.config.rngReplay = true;
            reference.config.savePrecision = rlab::SavePrecision::Fp32;
            reference.hiddenReference = true;
            base.prepend(reference);
        }
        base.front().reference = true;
        for (auto& item : base)
            item.config.keepGradients = true;
    }

    QList<DemoRunPlan> plans;
    if (!preset.sweep) {
        plans = base;
    } else {
        const QString parameter = fromStd(preset.sweep->parameter);
        if (preset.sweep->values.empty())
            return fail(tr("The sweep over %1 has no values.").arg(parameter));
        for (const int value : preset.sweep->values) {
            for (DemoRunPlan item : base) {
                if (!setSweepValue(item.config.shape, preset.sweep->parameter, value))
                    return fail(tr("A sweep over \"%1\" is not supported.").arg(parameter));
                item.sweepParameter = parameter;
                item.sweepValue = value;
                plans.push_back(item);
            }
        }
    }

    for (const auto& item : plans) {
        if (const auto problem = rlab::validate(item.config)) {
            const QString where = item.sweepParameter.isEmpty()
                ? item.label
                : QStringLiteral("%1, %2 = %3").arg(item.label, item.sweepParameter).arg(item.sweepValue);
            return fail(tr("Run \"%1\": %2").arg(where, fromStd(*problem)));
        }
    }
    if (error)
        error->clear();
    return plans;
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

bool DemoRunner::start(const QList<DemoRunPlan>& plans)
{
    if (m_running || plans.isEmpty())
        return false;
    join(); // a finished worker whose last report was already delivered
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_running = true;
    m_started = std::chrono::steady_clock::now();
    m_shownRuns = int(std::count_if(
        plans.begin(), plans.end(), [](const DemoRunPlan& item) { return !item.hiddenReference; }));
    m_worker = std::thread([this, plans, flag = m_cancel] { work(plans, flag); });
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

// Runs on the worker thread. Everything it reports is posted to the runner's (GUI) thread, so
// signals are emitted there and receivers never see a half-finished result.
void DemoRunner::work(QList<DemoRunPlan> plans, std::shared_ptr<std::atomic<bool>> cancelFlag)
{
    using Clock = std::chrono::steady_clock;
    const int runs = int(plans.size());
    std::map<int, std::map<std::string, std::vector<float>>> referenceGradients; // by sweep value
    Clock::time_point lastReport;

    auto post = [this](auto function) {
        QMetaObject::invokeMethod(this, std::move(function), Qt::QueuedConnection);
    };
    try {
        for (int index = 0; index < runs; ++index) {
            const DemoRunPlan& item = plans[index];
            auto onProgress = [&](const rlab::Progress& progress) {
                const Clock::time_point now = Clock::now();
                if (now - lastReport < std::chrono::milliseconds(40))
                    return;
                lastReport = now;
                const DemoProgress report {(index + std::clamp(progress.fraction, 0.0, 1.0)) / runs, index,
                    runs, item.label, progress.step, progress.steps, progress.phase};
                post([this, report] { emit progressed(report); });
            };
            rlab::RunResult result = rlab::run(item.config, onProgress, cancelFlag.get());
            if (item.config.keepGradients) {
                if (item.reference) {
                    result.gradMaxAbsDiffVsNone = 0;
                    referenceGradients[item.sweepValue] = std::move(result.gradients);
                } else {
                    const auto reference = referenceGradients.find(item.sweepValue);
                    if (reference != referenceGradients.end())
                        result.gradMaxAbsDiffVsNone = maxAbsDifference(result.gradients, reference->second);
                }
                result.gradients.clear(); // the comparison is all the panel needs
            }
            if (item.hiddenReference)
                continue;
            DemoResult done {item.label, item.sweepParameter, item.sweepValue, std::move(result)};
            post([this, done = std::move(done)] { emit resultReady(done); });
        }
        post([this] { end(DemoOutcome(DemoOutcome::Ending::Finished)); });
    } catch (const rlab::Cancelled&) {
        post([this] { end(DemoOutcome(DemoOutcome::Ending::Cancelled)); });
    } catch (const std::exception& error) {
        post([this, message = fromStd(error.what())] {
            end(DemoOutcome(DemoOutcome::Ending::Failed, message));
        });
    }
}
