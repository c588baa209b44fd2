#pragma once
// The few colours that carry meaning (right, wrong, within noise, a notice, a tag), derived from
// the application palette so they stay readable on a dark theme as on a light one. Everything else
// the widgets draw takes the palette's own roles.

#include <QColor>
#include <QPalette>
#include <QString>

enum class Tone { Right, Wrong, Uncertain, Notice, Tag };

// Whether the palette draws light text on a dark window.
bool isDarkPalette(const QPalette& palette);
// The tone as text or a border on the palette's base and window colours.
QColor toneColor(Tone tone, const QPalette& palette);
// A card's background tinted with the tone: mostly the palette's base colour.
QColor toneBackground(Tone tone, const QPalette& palette);
// The application palette's tone as "#rrggbb", for style sheets and rich text.
QString toneName(Tone tone);
QString toneBackgroundName(Tone tone);

// Fusion's dark palette: what `recompute-lab --dark` uses where the desktop offers no dark theme.
QPalette darkPalette();
