// Runs a demo's planned runs, those of one sweep value taking turns a step at a time, so a slow
// spell of a shared machine lands on every policy alike and the k-th timed steps of two runs can
// be compared as a pair. Each run keeps its own backend and allocator, so memory figures are
// unaffected by the others being alive.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>

#include "rlab/demo/demo.h"
#include "rlab/engine.h"

namespace rlab::demo {

namespace {

using Gradients = std::map<std::string, std::vector<float>>;

double largestMagnitude(const Gradients& gradients)
{
    double largest = 0;
    for (const auto& entry : gradients)
        for (const float g : entry.second)
            largest = std::max(largest, std::abs(static_cast<double>(g)));
    return largest;
}

double largestDifference(const Gradients& a, const Gradients& b)
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

// Reports the demo's progress from the runs' own callbacks, at most ten times a second.
class ProgressReport {
public:
    ProgressReport(const ProgressCallback& callback, int runs)
        : m_callback(callback)
        , m_done(static_cast<std::size_t>(runs), 0.0)
        , m_steps(static_cast<std::size_t>(runs), 0)
    {
    }

    // Run `index`'s steps in all, as far as can be told after `done` steps (see Progress::steps).
    void expect(int index, const RunConfig& config, int done, double measuredMs)
    {
        int total = config.steps;
        if (config.minTimeSeconds > 0) {
            const int warm = std::min(config.warmupSteps, std::max(0, done - 1));
            const int timed = done - warm;
            total = std::max(total, warm + kMinTimedSteps);
            if (timed > 0 && measuredMs > 0) {
                const double left = std::max(0.0, 1000.0 * config.minTimeSeconds - measuredMs);
                total = std::max(total, done + static_cast<int>(std::ceil(left / (measuredMs / timed))));
            }
            total = std::min(total, std::max(config.maxSteps, config.steps));
        }
        m_steps[static_cast<std::size_t>(index)] = std::max(total, done);
    }

    rlab::ProgressCallback forRun(int index, const std::string& label)
    {
        if (!m_callback)
            return {};
        return [this, index, label](const rlab::Progress& p) {
            m_done[static_cast<std::size_t>(index)] = std::clamp(p.fraction, 0.0, 1.0);
            const auto now = std::chrono::steady_clock::now();
            if (now - m_last < std::chrono::milliseconds(100))
                return;
            m_last = now;
            Progress shown;
            double sum = 0;
            for (const double d : m_done)
                sum += d;
            shown.fraction = sum / static_cast<double>(m_done.size());
            shown.run = index;
            shown.runs = static_cast<int>(m_done.size());
            shown.label = label;
            shown.step = p.step;
            shown.steps = m_steps[static_cast<std::size_t>(index)];
            shown.phase = p.phase;
            m_callback(shown);
        };
    }

private:
    const ProgressCallback& m_callback;
    std::vector<double> m_done;
    std::vector<int> m_steps;
    std::chrono::steady_clock::time_point m_last;
};

// Steps every training of one sweep value in turns, one step each, until each is finished.
void interleave(std::vector<std::unique_ptr<Training>>& trainings, const std::vector<PlannedRun>& runs,
    std::size_t first, ProgressReport& report)
{
    std::vector<int> done(trainings.size(), 0);
    bool any = true;
    while (any) {
        any = false;
        for (std::size_t i = 0; i < trainings.size(); ++i) {
            Training& training = *trainings[i];
            if (training.finished())
                continue;
            any = true;
            report.expect(
                static_cast<int>(first + i), runs[first + i].config, done[i], training.measuredMs());
            training.step();
            ++done[i];
        }
    }
}

} // namespace

std::string RunOutcome::title() const
{
    if (sweepParameter.empty())
        return label;
    return label + ", " + sweepParameter + " = " + std::to_string(sweepValue);
}

std::vector<RunOutcome> runPlanned(
    const std::vector<PlannedRun>& runs, const ProgressCallback& progress, const std::atomic<bool>* cancel)
{
    std::vector<RunOutcome> outcomes(runs.size());
    ProgressReport report(progress, static_cast<int>(runs.size()));
    std::size_t first = 0;
    while (first < runs.size()) {
        std::size_t last = first;
        while (last < runs.size() && runs[last].sweepValue == runs[first].sweepValue)
            ++last;
        std::vector<std::unique_ptr<Training>> trainings;
        for (std::size_t i = first; i < last; ++i)
            trainings.push_back(std::make_unique<Training>(
                runs[i].config, report.forRun(static_cast<int>(i), runs[i].label), cancel));
        interleave(trainings, runs, first, report);

        Gradients reference;
        std::vector<float> referenceLoss;
        for (std::size_t i = first; i < last; ++i) {
            RunOutcome& out = outcomes[i];
            out.label = runs[i].label;
            out.sweepParameter = runs[i].sweepParameter;
            out.sweepValue = runs[i].sweepValue;
            out.hiddenReference = runs[i].hiddenReference;
            out.result = trainings[i - first]->finish();
            trainings[i - first].reset();
            out.predictedPcieMs = 1000.0 * static_cast<double>(out.result.offloadBytes) / kPcieBytesPerSecond;
            if (runs[i].reference) {
                reference = std::move(out.result.gradients);
                referenceLoss = out.result.loss;
                out.gradError = 0;
                out.lossDifference = 0;
            } else if (runs[i].config.keepGradients && !reference.empty()) {
                const double largest = largestMagnitude(reference);
                const double diff = largestDifference(out.result.gradients, reference);
                out.gradError = largest > 0 ? diff / largest : diff;
                // The largest distance over the steps both ran, not the last step's: a run's step
                // count follows its time budget, and the curves wander apart and back.
                const std::size_t common = std::min(referenceLoss.size(), out.result.loss.size());
                if (common > 0)
                    out.lossDifference = 0;
                for (std::size_t k = 0; k < common; ++k)
                    out.lossDifference = std::max(out.lossDifference,
                        std::abs(static_cast<double>(out.result.loss[k]) - referenceLoss[k]));
            }
            out.result.gradients.clear();
        }
        first = last;
    }
    return outcomes;
}

} // namespace rlab::demo
