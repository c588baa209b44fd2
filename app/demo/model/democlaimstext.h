#pragma once
// A demo's claims as the learner reads them after a run: holds, does not hold at these sizes (with
// the content's reason), or same within noise, each with the measured figures, and next to a
// measured time overhead the counted FLOP overhead, which does not vary from run to run.

#include <vector>

#include <QList>
#include <QString>

#include "demo/model/demoresult.h"
#include "rlab/demo/demo.h"

namespace rlab::demo {

class LiveFigures;

// What a claim quantity is, in the learner's words ("peak activation memory").
QString quantityTitle(rlab::content::ClaimQuantity quantity);
// A figure in the learner's locale ("1.53 MiB", "12.4 ms [11.9, 13.0]").
QString figureText(rlab::content::ClaimQuantity quantity, const rlab::demo::Figure& figure);

// A number in the learner's locale with three significant digits, and outside 0.001..999999 as
// "1.2 × 10⁻⁵", never "1E-05".
QString readableNumber(double value);
// A run's name in a claim: its label, a budget policy's as "budget 6 MiB" (not "budget:6MiB", nor the
// engine's "budget:6291456"), with "+offload" as " + offload".
QString runNameText(const std::string& run);

// The marks' colours as "#rrggbb"; the window passes its palette's (this layer has no palette).
struct VerdictColors {
    QString holds = QStringLiteral("#2e7d32");
    QString fails = QStringLiteral("#c62828");
    QString withinNoise = QStringLiteral("#8d6e00");
};

// The claims' verdicts on one line: "What this run shows: 3 of 4 hold · same within noise: 1".
QString demoClaimsSummary(const std::vector<rlab::demo::ClaimCheck>& checks);
// One line of rich text per claim, in the learner's language; empty without claims. A claim's
// reason quotes live figures, which `figures` renders.
QString demoClaimsHtml(const LiveFigures& figures, const rlab::content::DemoPreset& preset,
    const std::vector<rlab::demo::ClaimCheck>& checks, const QList<DemoResult>& results,
    const VerdictColors& colors = {});

} // namespace rlab::demo
