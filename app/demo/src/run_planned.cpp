// Runs a demo's planned runs, those of one sweep value interleaved in rounds: each run spends
// its time budget in a few turns, alternating with the others, so a slow spell of a shared
// machine lands on every policy and their intervals stay comparable. Each run keeps its own
// backend and allocator, so memory figures are unaffected by the others being alive.
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
    {
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
            shown.phase = p.phase;
            m_callback(shown);
        };
    }

private:
    const ProgressCallback& m_callback;
    std::vector<double> m_done;
    std::chrono::steady_clock::time_point m_last;
};

// Steps every training of one sweep value in turns until each is finished.
void interleave(std::vector<std::unique_ptr<Training>>& trainings, const Settings& settings)
{
    double budgetMs = 0;
    bool any = true;
    while (any) {
        any = false;
        for (const std::unique_ptr<Training>& training : trainings) {
            if (training->finished())
                continue;
            any = true;
            const double start = training->measuredMs();
            do
                training->step();
            while (!training->finished() && training->measuredMs() - start < budgetMs);
        }
        // The first turn is one step each (the warm-up); then slices of the time budget.
        budgetMs = 1000.0 * std::max(0.0, settings.minTimeSeconds) / std::max(1, settings.rounds);
    }
}

} // namespace

std::string RunOutcome::title() const
{
    if (sweepParameter.empty())
        return label;
    return label + ", " + sweepParameter + " = " + std::to_string(sweepValue);
}

std::vector<RunOutcome> runPlanned(const std::vector<PlannedRun>& runs, const Settings& settings,
    const ProgressCallback& progress, const std::atomic<bool>* cancel)
{
    std::vector<RunOutcome> outcomes(runs.size());
    ProgressReport report(progress, static_cast<int>(runs.size()));
    std::size_t first = 0;
    while (first < runs.size()) {
        std::size_t last = first;
        while (last < runs.size() && runs[last].sweepValue == runs[first].sweepValue)
            ++last;
        std::vector<std::unique_ptr<Training>> trainings;
        double minTime = 0;
        for (std::size_t i = first; i < last; ++i) {
            trainings.push_back(std::make_unique<Training>(
                runs[i].config, report.forRun(static_cast<int>(i), runs[i].label), cancel));
            minTime = std::max(minTime, runs[i].config.minTimeSeconds);
        }
        Settings group = settings;
        group.minTimeSeconds = minTime;
        interleave(trainings, group);

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
                const std::size_t common = std::min(referenceLoss.size(), out.result.loss.size());
                if (common > 0)
                    out.lossDifference = std::abs(
                        static_cast<double>(out.result.loss[common - 1]) - referenceLoss[common - 1]);
            }
            out.result.gradients.clear();
        }
        first = last;
    }
    return outcomes;
}

} // namespace rlab::demo
