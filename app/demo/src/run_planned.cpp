// Runs a demo's planned runs, those of one sweep value taking turns a step at a time in lockstep,
// so a slow spell of a shared machine lands on every policy alike and the k-th rounds of two runs
// can be compared as a pair. Each run keeps its own backend and allocator, so memory figures are
// unaffected by the others being alive.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
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

    // Run `index`'s steps in all, as far as can be told so far (see Progress::steps).
    void expect(int index, int steps) { m_steps[static_cast<std::size_t>(index)] = steps; }

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

// How long the runs of one sweep value train. They step in lockstep, so every run has the same
// number of steps and its k-th round (rlab::roundMedians) covers the same stretch of time as the
// others'; they stop together once each has its `steps` and, with time budgets, once together they
// have spent the sum of their budgets with at least kMinTimedSteps timed steps each.
struct GroupPlan {
    int steps = 0; // at least this many steps each
    int warmup = 0;
    double budgetMs = 0; // measured time of all the runs together; 0: none
    int cap = 0; // never more steps than this

    GroupPlan(const std::vector<PlannedRun>& runs, std::size_t first, std::size_t last)
    {
        cap = std::numeric_limits<int>::max();
        for (std::size_t i = first; i < last; ++i) {
            const RunConfig& c = runs[i].config;
            steps = std::max(steps, c.steps);
            warmup = std::max(warmup, c.warmupSteps);
            budgetMs += 1000.0 * std::max(0.0, c.minTimeSeconds);
            cap = std::min(cap, std::max(c.maxSteps, c.steps));
        }
    }

    bool finished(int done, double measuredMs) const
    {
        if (done >= cap)
            return true;
        if (done < steps)
            return false;
        return budgetMs <= 0 || (done - std::min(warmup, done) >= kMinTimedSteps && measuredMs >= budgetMs);
    }

    // The steps each run will take, as far as the pace so far tells.
    int expected(int done, double measuredMs) const
    {
        int total = std::max(steps, done);
        if (budgetMs > 0) {
            total = std::max(total, warmup + kMinTimedSteps);
            const int timed = done - std::min(warmup, done);
            if (timed > 0 && measuredMs > 0)
                total = std::max(total,
                    done
                        + static_cast<int>(
                            std::ceil(std::max(0.0, budgetMs - measuredMs) / (measuredMs / timed))));
            total = std::min(total, cap);
        }
        return std::max(total, done);
    }
};

// Steps every training of one sweep value in turns, one step each, until the group is finished.
void interleave(std::vector<std::unique_ptr<Training>>& trainings, const std::vector<PlannedRun>& runs,
    std::size_t first, ProgressReport& report)
{
    const GroupPlan plan(runs, first, first + trainings.size());
    int done = 0;
    double measuredMs = 0;
    while (!plan.finished(done, measuredMs)) {
        const int expected = plan.expected(done, measuredMs);
        for (std::size_t i = 0; i < trainings.size(); ++i)
            report.expect(static_cast<int>(first + i), expected);
        for (const std::unique_ptr<Training>& training : trainings)
            training->step();
        ++done;
        measuredMs = 0;
        for (const std::unique_ptr<Training>& training : trainings)
            measuredMs += training->measuredMs();
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
