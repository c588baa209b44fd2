#pragma once
// Content fields (rlab::content::Text) shown in Qt widgets, with the English-fallback mark.

#include <string>

#include <QString>

class QLabel;
namespace rlab::content {
struct Text;
}

QString fromUtf8(const std::string& text);

// Rich text for a label: the text escaped, `code` spans in monospace, and a small "EN" tag when
// the field fell back to English because the translation is missing.
QString contentHtml(const rlab::content::Text& text);

// Shows `text` in `label`; a fallback field gets the tag, a tooltip saying why, and the dynamic
// property "fallback" = true (tests and style sheets read it).
void showContentText(QLabel* label, const rlab::content::Text& text);

// The marker alone, for places that build their own HTML.
QString fallbackTagHtml();
QString fallbackToolTip();
