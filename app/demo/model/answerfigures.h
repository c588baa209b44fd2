#pragma once
// The lesson's answer view as figures: the one quantity a preset's question is about
// (DemoPreset::lessonAnswer), one bar a run, and one sentence made from this run's figures in the
// learner's language ("full kept 3.63 MiB of activations at the peak, 20% of none's 18.5 MiB").
// No widgets: the lesson draws it, tests and screen readers read it.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <QList>
#include <QString>

#include "rlab/content/content.h"
#include "rlab/demo/demo.h"

namespace rlab::demo {

struct AnswerBar {
    QString label; // the run's label ("full + offload"; with a sweep, at the value shown)
    double value = 0; // in AnswerFigures::unit
    double low = 0, high = 0; // the 95% interval of a step time; == value for exact figures
    QString text; // the value as read: "3.63 MiB", "12.4 ms (11.9 to 13.0)"
    bool compared = false; // the answer's run or the run it is compared with: drawn in colour
};

struct AnswerFigures {
    QString title; // "Peak activation memory, MiB"
    QString unit; // "MiB", "GFLOP", "ms", "%", or empty
    QList<AnswerBar> bars; // in the preset's order of runs
    QString caption; // one sentence from these figures; empty without them
    bool predicted = false; // the engine's predictor, not a run (memory and FLOPs only)
    QString sweepParameter; // with a sweep: the parameter and the value the bars are at (the largest)
    int sweepValue = 0;
    bool empty() const { return bars.isEmpty(); }
};

// `answer` (a question's, else DemoPreset::lessonAnswer) read off `outcomes` of `preset` (a run's, or
// the predictor's with `predicted`). Runs that do not measure the quantity (a step time predicted)
// are left out; no run: empty figures. `runNames` says a run's label as the lesson shows it (a
// question may hide a name that gives its answer away until the learner answers); empty: as it is.
using RunNames = std::function<QString(const std::string& label)>;
AnswerFigures answerFigures(const content::DemoPreset& preset, const content::DemoAnswer& answer,
    const std::vector<RunOutcome>& outcomes, bool predicted, const RunNames& runNames = {});

// `answer.run`'s quantity as a percent of `answer.than`'s in `outcomes` (at a sweep's largest value,
// as the bars): what a `number:` question is checked against. nullopt without both runs or a zero.
std::optional<double> answerPercent(
    const content::DemoAnswer& answer, const std::vector<RunOutcome>& outcomes);

// What the view says before there is anything to show, in the learner's language.
QString answerPlaceholder(const content::DemoAnswer& answer);

} // namespace rlab::demo
