#pragma once
// The mouse wheel changes only a value the learner clicked into: over a spin box, slider or combo box
// that does not have the keyboard focus, the wheel scrolls the page it sits in instead, so turning the
// wheel to read on never moves a size or a prediction by accident.

class QWidget;

// Guards every spin box, slider and combo box inside `root`, now and as they are added later.
void guardWheel(QWidget* root);
