#pragma once
// The learner's words for the model's sizes, in one home: the demo's size boxes, the planner's
// labels, the charts' axes and the demo's limit sentences all read them from here. Keyed by the
// engine's shape field (rlab/words.h), so a size's key is spelled only there.

#include <QString>

#include "rlab/words.h"

namespace rlab::app {

struct SizeWords {
    QString noun; // "layers", "sequence length": axis titles and sentences
    QString label; // "La&yers": a form's label, with its shortcut
    QString accessibleName; // "Number of layers": what a screen reader says for the size's box
};

SizeWords sizeWords(const rlab::ShapeField& field);
SizeWords sizeWords(int rlab::ModelShape::*member); // &rlab::ModelShape::layers → its words
// "At most 8 layers are allowed for this demo.": a demo preset's limit on the size.
QString sizeLimitText(const rlab::ShapeField& field, int limit);
// The planner's batch: one GPU's share of a step, a micro-batch once gradients accumulate.
QString microBatchLabel();

} // namespace rlab::app
