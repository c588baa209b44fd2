#pragma once
// A demo's claims as the learner reads them after a run: holds, does not hold at these sizes (with
// the content's reason), or same within noise, each with the measured figures, and next to a
// measured time overhead the counted FLOP overhead, which does not vary from run to run.

#include <vector>

#include <QList>
#include <QString>

#include "demoresult.h"
#include "rlab/demo/demo.h"

// The marks' colours as "#rrggbb"; the window passes its palette's (this layer has no palette).
struct VerdictColors {
    QString holds = QStringLiteral("#2e7d32");
    QString fails = QStringLiteral("#c62828");
    QString withinNoise = QStringLiteral("#8d6e00");
};

// One line of rich text per claim, in the learner's language; empty without claims.
QString demoClaimsHtml(const rlab::content::DemoPreset& preset,
    const std::vector<rlab::demo::ClaimCheck>& checks, const QList<DemoResult>& results,
    const VerdictColors& colors = {});
