#pragma once
// The learner's prediction before a demo runs, and what was measured beside it (content/README.md
// "Predictions"): which run has the least (or most) of a quantity, or one run's quantity as a
// percentage of another's. On a sweep the largest swept size counts: the interesting shape.

#include <optional>

#include <QList>
#include <QString>

#include "demo/model/democlaimstext.h" // VerdictColors
#include "demo/model/demoresult.h"
#include "rlab/content/content.h"

namespace rlab::demo {

// What the learner predicted; empty/nullopt until they choose.
struct LearnerPrediction {
    QString run; // choose-run
    std::optional<int> percent; // ratio
    bool isMade() const { return !run.isEmpty() || percent.has_value(); }
};

// A percentage in the learner's language and locale ("40 %" in Russian, "40%" in English).
QString percentText(double percent, int decimals = 0);

// The question asked before the run, in the learner's language.
QString predictionQuestion(const rlab::content::DemoPrediction& prediction);

// What was measured: the run with the least (most) of the quantity, or the percentage.
struct PredictionMeasurement {
    bool measured = false; // false until the runs it needs have a figure
    QString run; // choose-run
    double percent = 0; // ratio
    QString figures; // the figures it rests on, in the learner's locale
};
PredictionMeasurement measurePrediction(
    const rlab::content::DemoPrediction& prediction, const QList<DemoResult>& results);

// The prediction beside the measurement, as one line of rich text ("You predicted …; measured …"),
// right and wrong marked in the window's colours.
QString predictionComparisonHtml(const rlab::content::DemoPrediction& prediction,
    const LearnerPrediction& predicted, const PredictionMeasurement& measured,
    const VerdictColors& colors = {});

} // namespace rlab::demo
