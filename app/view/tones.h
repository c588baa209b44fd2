#pragma once
// The few colours that carry meaning (right, wrong, within noise, a notice, a tag), derived from
// the application palette so they stay readable on a dark theme as on a light one. Everything else
// the widgets draw takes the palette's own roles.

#include <functional>

#include <QColor>
#include <QPalette>
#include <QString>

class QWidget;

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

// Gives `widget` the style sheet `style` builds, now and again whenever the palette changes (a
// desktop switching to its dark theme while the app runs), so tones written into it follow.
void setToneStyleSheet(QWidget* widget, std::function<QString()> style);

// Buttons drawn from the palette's roles, with keyboard focus drawn plainly (some styles draw it
// faintly or not at all); every state has the same outer size, so focus never cuts a text short.
QString buttonStyleSheet();

// Fusion's dark palette: what `recompute-lab --dark` uses where the desktop offers no dark theme.
QPalette darkPalette();
