#pragma once
// The engine's names for phases and memory kinds, in the learner's language.

#include <QString>

#include "rlab/config.h"
#include "rlab/memory.h"

QString phaseTitle(rlab::Phase phase);
QString memoryCategoryTitle(rlab::MemoryCategory category);
QString opKindDescription(rlab::OpKind kind); // what keeping this kind stores
QString sweepParameterTitle(const QString& parameter); // "layers" → the learner's word for it
