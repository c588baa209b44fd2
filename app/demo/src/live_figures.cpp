// Live figures (rlab/content/figures.h) read off a demo's outcomes: the learner's runs, a fresh
// check run, or the preset's runs as the engine's predictor gives them without training.
#include <algorithm>
#include <string>

#include "rlab/content/figures.h"
#include "rlab/demo/demo.h"
#include "rlab/engine.h"
#include "rlab/words.h"

namespace rlab::demo {

namespace {

const RunOutcome* outcomeOf(const std::vector<RunOutcome>& outcomes, const std::string& label, int sweepValue)
{
    for (const RunOutcome& out : outcomes)
        if (!out.hiddenReference && out.label == label && out.sweepValue == sweepValue)
            return &out;
    return nullptr;
}

std::optional<double> termsOf(const content::FigureRef& ref, const RunOutcome& out)
{
    double sum = 0;
    for (const content::FigureTerm& term : ref.terms) {
        if (term.forwardFlops) {
            sum += out.result.forwardFlops;
            continue;
        }
        const std::optional<Figure> figure = measureQuantity(term.quantity, out);
        if (!figure)
            return std::nullopt;
        sum += figure->value;
    }
    return sum;
}

} // namespace

std::optional<double> figureValue(const content::FigureRef& ref, const std::vector<RunOutcome>& outcomes)
{
    const int sweepValue = ref.at.value_or(0);
    const RunOutcome* run = outcomeOf(outcomes, ref.run, sweepValue);
    if (!run)
        return std::nullopt;
    const std::optional<double> value = termsOf(ref, *run);
    if (!value || ref.compare == content::FigureCompare::None)
        return value ? std::optional<double>(ref.shown(*value)) : std::nullopt;
    const RunOutcome* other = outcomeOf(outcomes, ref.other, sweepValue);
    const std::optional<double> base = other ? termsOf(ref, *other) : std::nullopt;
    if (!base || !(*base != 0))
        return std::nullopt;
    const double ratio = *value / *base;
    switch (ref.compare) {
    case content::FigureCompare::Of:
        return ref.shown(ratio);
    case content::FigureCompare::Under:
        return ref.shown(1 - ratio);
    case content::FigureCompare::Over:
        return ref.shown(ratio - 1);
    case content::FigureCompare::None:
        break;
    }
    return std::nullopt;
}

std::vector<RunOutcome> predictOutcomes(
    const content::DemoPreset& preset, const Choice& choice, std::string* error)
{
    Settings settings;
    settings.memoryLimitBytes = ~std::uint64_t {0}; // a prediction allocates nothing
    const std::vector<PlannedRun> planned = planRuns(preset, choice, settings, error);
    std::vector<RunOutcome> outcomes;
    for (const PlannedRun& run : planned) {
        if (run.hiddenReference)
            continue;
        const std::optional<Prediction> p = predict(run.config, error);
        if (!p)
            return {};
        RunOutcome out;
        out.label = run.label;
        out.sweepParameter = run.sweepParameter;
        out.sweepValue = run.sweepValue;
        RunResult& r = out.result;
        r.config = run.config;
        r.peakBytes = p->memory.peakTotal;
        r.peakActivationBytes = p->memory.peakActivations;
        r.predictedPeakActivationBytes = p->memory.peakActivations;
        for (const MemoryCategory category : kMemoryCategories)
            r.bytesByCategory[std::string(memoryCategoryName(category))]
                = p->memory.peak[static_cast<std::size_t>(category)];
        r.forwardFlops = p->forwardFlops;
        r.backwardFlops = p->backwardFlops;
        r.recomputeFlops = p->recomputeFlops;
        outcomes.push_back(std::move(out));
    }
    return outcomes;
}

} // namespace rlab::demo
