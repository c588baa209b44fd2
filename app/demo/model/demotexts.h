#pragma once
// The engine's names for phases and memory kinds, and what a running demo says, in the learner's
// language.

#include <QString>

#include "rlab/config.h"
#include "rlab/memory.h"

namespace rlab::demo {

struct DemoOutcome;
struct DemoProgress;

QString phaseTitle(rlab::Phase phase);
QString memoryCategoryTitle(rlab::MemoryCategory category);
QString opKindDescription(rlab::OpKind kind); // what keeping this kind stores
QString sweepParameterTitle(const QString& parameter); // "layers" → the learner's word for it
// The size's letter in the formulas the guides use: N layers, T tokens, d width, B batch.
QString sweepSymbol(const QString& parameter);
QString sweepValueText(const QString& parameter, int value); // "N = 8", "T = 128"
QString demoProgressText(const DemoProgress& progress); // "Run 1 of 2 (full): step 3 of 5, forward"
QString demoOutcomeText(const DemoOutcome& outcome); // "Finished 2 runs in 1.3 s.", or why not

} // namespace rlab::demo
