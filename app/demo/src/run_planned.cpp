// Runs a demo's planned runs, those of one sweep value taking turns in lockstep rounds,
// so a slow spell of a shared machine lands on every policy alike and the k-th rounds of two runs
// can be compared as a pair. Each run keeps its own backend and allocator, so memory figures are
// unaffected by the others being alive.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <optional>

#include "rlab/demo/demo.h"
#include "rlab/engine.h"
#include "rlab/wander.h"

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

// Reports the demo's progress, at most ten times a second. Each run's share done is set by the
// schedule (its own steps first, then the timing rounds); the runs' engine callbacks add the phase.
class ProgressReport {
public:
    ProgressReport(const ProgressCallback& callback, const std::vector<PlannedRun>& runs)
        : m_callback(callback)
        , m_runs(runs)
        , m_done(runs.size(), 0.0)
        , m_step(runs.size(), 0)
        , m_steps(runs.size(), 1)
    {
        for (std::size_t i = 0; i < runs.size(); ++i)
            m_steps[i] = std::max(1, runs[i].config.steps);
    }

    // Run `index` has done `step` of about `steps` steps, `fraction` of its share.
    void set(std::size_t index, double fraction, int step, int steps)
    {
        m_done[index] = std::clamp(std::max(m_done[index], fraction), 0.0, 1.0);
        m_step[index] = step;
        m_steps[index] = std::max(steps, step + 1);
    }

    rlab::ProgressCallback forRun(std::size_t index)
    {
        if (!m_callback)
            return {};
        return [this, index](const rlab::Progress& p) { show(index, p.phase); };
    }

    void show(std::size_t index, Phase phase)
    {
        if (!m_callback)
            return;
        const auto now = std::chrono::steady_clock::now();
        if (now - m_last < std::chrono::milliseconds(100))
            return;
        m_last = now;
        Progress shown;
        double sum = 0;
        for (const double d : m_done)
            sum += d;
        shown.fraction = std::max(m_shown, sum / static_cast<double>(m_done.size()));
        m_shown = shown.fraction;
        shown.run = static_cast<int>(index);
        shown.runs = static_cast<int>(m_done.size());
        shown.label = m_runs[index].label;
        shown.step = m_step[index];
        shown.steps = m_steps[index];
        shown.phase = phase;
        m_callback(shown);
    }

private:
    const ProgressCallback& m_callback;
    const std::vector<PlannedRun>& m_runs;
    std::vector<double> m_done;
    std::vector<int> m_step, m_steps;
    double m_shown = 0;
    std::chrono::steady_clock::time_point m_last;
};

// At most this many layouts of a run share the timing rounds: the run itself and copies
// built beside it, whose buffers lie elsewhere in memory. Where a run's buffers land moves its
// step time by up to about 2% (measured: four copies of one run stepped in turns in one process,
// the same seconds for each); one layout per run would leave that out of the interval, and two
// passes of a demo would disagree by it.
constexpr int kLayouts = 4;
// Copies are built only while all of a sweep value's copies together are predicted to need at most
// this much memory (a learner's largest sizes run without them).
constexpr std::uint64_t kCopyBytes = kTimingCopyBytes;
// Building a copy (its weights copied, not drawn again) and its warm-up step cost about one and a
// half steps: copies get at most a third of the time budget.
constexpr double kCopyCostSteps = 1.5;
// Of a run's share of the progress bar, its own steps take this much when timing rounds follow.
constexpr double kOwnStepsShare = 0.3;

double median(std::vector<double> values)
{
    return values.empty() ? 0.0 : medianInterval95(std::move(values)).median;
}

// The runs of one sweep value: first each run's own `steps` in lockstep (memory, loss, timeline
// and gradients come from these), then, with time budgets, the timing rounds. Each round steps
// every shown run the same number of times in lockstep, so round r of two runs covers the same
// stretch of time; the layouts of each run (the run itself and its copies) take the rounds in L
// contiguous blocks, so both the machine's drift over the demo and where buffers land are
// sampled by the rounds.
// Returns each run's round medians and the steps timed in them (empty without rounds).
struct Rounds {
    int own = 0; // each run's own steps, before the rounds
    std::vector<std::vector<double>> medians, steps;
    // The machine's wander from the yardstick timed after every round (CPU runs; rlab/wander.h).
    std::optional<Wander> wander;
};

Rounds stepGroup(std::vector<std::unique_ptr<Training>>& trainings, const std::vector<PlannedRun>& runs,
    std::size_t first, ProgressReport& report, const std::atomic<bool>* cancel)
{
    const std::size_t count = trainings.size();
    int own = 1;
    double budgetMs = 0;
    int cap = std::numeric_limits<int>::max();
    std::vector<std::size_t> shown; // indices (in the group) of the runs timed in rounds
    for (std::size_t i = 0; i < count; ++i) {
        const RunConfig& c = runs[first + i].config;
        own = std::max(own, c.steps);
        cap = std::min(cap, std::max(c.maxSteps, c.steps));
        if (!runs[first + i].hiddenReference) {
            budgetMs += 1000.0 * std::max(0.0, c.minTimeSeconds);
            shown.push_back(i);
        }
    }
    const double ownShare = budgetMs > 0 ? kOwnStepsShare : 1.0;

    // The runs' own steps, in lockstep; the time of each (0 for warm-up steps).
    std::vector<std::vector<double>> ownMs(count);
    const auto stepOwn = [&](int done) {
        for (std::size_t i = 0; i < count; ++i) {
            const double before = trainings[i]->measuredMs();
            trainings[i]->step();
            ownMs[i].push_back(trainings[i]->measuredMs() - before);
            report.set(first + i, ownShare * (done + 1) / own, done, own);
        }
    };
    int done = 0;
    for (; done < own; ++done)
        stepOwn(done);

    Rounds rounds;
    if (budgetMs <= 0 || shown.empty())
        return rounds;
    // The pace: a lockstep turn of the shown runs, from their timed own steps (one more if none).
    const auto turnMs = [&] {
        double sum = 0;
        for (const std::size_t i : shown) {
            std::vector<double> timed;
            for (std::size_t k = 0; k < ownMs[i].size(); ++k)
                if (k >= static_cast<std::size_t>(runs[first + i].config.warmupSteps))
                    timed.push_back(ownMs[i][k]);
            sum += median(timed);
        }
        return sum;
    };
    if (turnMs() <= 0)
        stepOwn(done++);
    const double turn = std::max(turnMs(), 1e-3);
    // A round gives each run one untimed step before its timed ones (see the loop below): the
    // budget pays for at least two turns a round.
    const int roundCount = std::clamp(static_cast<int>(budgetMs / (2 * turn)), kMinTimedSteps, kTimingRounds);
    const int perRound = std::clamp(static_cast<int>(std::lround(budgetMs / (roundCount * turn))) - 1, 1,
        std::max(1, (cap - done) / roundCount - 1));

    std::uint64_t copyBytes = 0;
    for (const std::size_t i : shown)
        copyBytes += predictPeakBytes(runs[first + i].config);
    int copies = std::min(kLayouts - 1, static_cast<int>(budgetMs / 3 / (kCopyCostSteps * turn)));
    while (copies > 0 && copyBytes * static_cast<std::uint64_t>(copies) > kCopyBytes)
        --copies;
    // Built up front, all kept to the end: memory given back and taken again could land where
    // the last copy's was.
    std::vector<std::vector<std::unique_ptr<Training>>> layouts(shown.size());
    for (int c = 0; c < copies; ++c)
        for (std::size_t s = 0; s < shown.size(); ++s)
            layouts[s].push_back(trainings[shown[s]]->timingCopy(cancel));

    // The yardstick takes a turn after each round; every run's block starts with an untimed step,
    // so no timed step follows it.
    const RunConfig& timed = runs[first + shown.front()].config;
    std::optional<Yardstick> yardstick;
    if (timed.device == Device::Cpu)
        yardstick.emplace(timed.device, timed.threads);

    rounds.own = done;
    const int total = done + roundCount * perRound;
    rounds.medians.assign(count, {});
    rounds.steps.assign(count, {});
    for (int r = 0; r < roundCount; ++r) {
        // Layouts take the rounds in contiguous blocks, each copy's block after its warm-up turn
        // (buffers allocated, pages and caches filled): a step right after another layout's is
        // slower (measured 8% at memory-vs-time's shape), so switching each round would time the
        // switches. The run itself, warm from its own steps, takes the first block.
        const int layout = r * (copies + 1) / roundCount;
        if (layout > 0 && layout != (r - 1) * (copies + 1) / roundCount)
            for (std::size_t s = 0; s < shown.size(); ++s)
                layouts[s][layout - 1]->step();
        // In a round the runs take their steps in blocks, one after another, each block after one
        // untimed step: a step that follows another training's finds the caches holding that one's
        // data and is slower (measured 4-10% at tradeoffs Q2's shapes), while `rlab run` and a
        // training alone step after their own. The round is short beside the machine's drift.
        std::vector<std::vector<double>> ms(shown.size());
        for (std::size_t s = 0; s < shown.size(); ++s) {
            Training& training = layout == 0 ? *trainings[shown[s]] : *layouts[s][layout - 1];
            training.step();
            for (int t = 0; t < perRound; ++t) {
                const double before = training.measuredMs();
                training.step();
                ms[s].push_back(training.measuredMs() - before);
                const int at = done + r * perRound + t;
                report.set(first + shown[s],
                    ownShare + (1 - ownShare) * (r * perRound + t + 1) / (roundCount * perRound), at, total);
                report.show(first + shown[s], Phase::Optimizer);
            }
        }
        for (std::size_t s = 0; s < shown.size(); ++s) {
            rounds.medians[shown[s]].push_back(median(ms[s]));
            rounds.steps[shown[s]].insert(rounds.steps[shown[s]].end(), ms[s].begin(), ms[s].end());
        }
        if (yardstick)
            yardstick->sample();
    }
    if (yardstick)
        rounds.wander = recordYardstick(*yardstick);
    return rounds;
}

// A run's step time from its timing rounds: the median of the round medians, the interval over
// them, the spread of the steps in them; step_ms_all lists the run's own steps, then the rounds'.
void useRounds(RunResult& result, int own, const std::vector<double>& medians,
    const std::vector<double>& steps, const std::optional<Wander>& wander)
{
    if (medians.empty())
        return;
    result.stepMs.resize(std::min(result.stepMs.size(), static_cast<std::size_t>(own)));
    result.stepMsRounds = medians;
    const MedianInterval interval = medianInterval95(medians);
    result.stepMsMedian = interval.median;
    result.stepMsCi95Low = result.stepMsRoundsCi95Low = interval.low;
    result.stepMsCi95High = result.stepMsRoundsCi95High = interval.high;
    if (wander)
        applyWander(result, *wander);
    result.stepMsMin = *std::min_element(steps.begin(), steps.end());
    result.stepMsMax = *std::max_element(steps.begin(), steps.end());
    result.stepMs.insert(result.stepMs.end(), steps.begin(), steps.end());
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
    ProgressReport report(progress, runs);
    std::size_t first = 0;
    while (first < runs.size()) {
        std::size_t last = first;
        while (last < runs.size() && runs[last].sweepValue == runs[first].sweepValue)
            ++last;
        std::vector<std::unique_ptr<Training>> trainings;
        for (std::size_t i = first; i < last; ++i)
            trainings.push_back(std::make_unique<Training>(runs[i].config, report.forRun(i), cancel));
        const Rounds rounds = stepGroup(trainings, runs, first, report, cancel);

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
            if (!rounds.medians.empty())
                useRounds(out.result, rounds.own, rounds.medians[i - first], rounds.steps[i - first],
                    rounds.wander);
            out.predictedPcieMs = 1000.0 * static_cast<double>(out.result.offloadBytes) / kPcieBytesPerSecond;
            if (runs[i].reference) {
                reference = std::move(out.result.gradients);
                referenceLoss = out.result.loss;
                out.gradError = 0;
                out.lossDifference = 0;
            } else if (runs[i].config.keepGradients && !reference.empty()) {
                const double largest = largestMagnitude(reference);
                const double diff = maxAbsDifference(out.result.gradients, reference);
                out.gradError = largest > 0 ? diff / largest : diff;
                // The largest distance over the steps both ran, not the last step's: the curves
                // wander apart and back.
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
