#pragma once
// Content fields (rlab::content::Text) shown in Qt widgets, with the English-fallback mark.

#include <string>

#include <QString>

class QLabel;
namespace rlab::demo {
class LiveFigures;
}
namespace rlab::content {
struct Content;
struct Question;
struct Text;
} // namespace rlab::content

QString fromUtf8(const std::string& text);

// The field's text with its live figures shown (`figures`: the learner's run, or predicted).
QString contentPlainText(const rlab::demo::LiveFigures& figures, const rlab::content::Text& text);

// Rich text for a label: the text escaped, `code` spans in monospace, and a small "EN" tag when
// the field fell back to English because the translation is missing.
QString contentHtml(const rlab::demo::LiveFigures& figures, const rlab::content::Text& text);

// Shows `text` in `label`; a fallback field gets the tag, a tooltip saying why, and the dynamic
// property "fallback" = true (tests and style sheets read it). A text with live figures ends with a
// small line saying where they came from; "figureSources" holds LiveFigures::Source flags.
void showContentText(const rlab::demo::LiveFigures& figures, QLabel* label, const rlab::content::Text& text);

// The one marker of a field shown in English, "EN", and its forms: a badge for rich text, a
// bracketed suffix for plain-text views (lists), and the tooltip that says why.
QString fallbackTag();
QString fallbackTagHtml();
QString plainTextWithTag(const rlab::demo::LiveFigures& figures, const rlab::content::Text& text);
QString fallbackToolTip();

// "See also: <quiz title>, question k" for the questions `question` points to (its see_also), as
// rich-text links "seealso:<quiz-id>/<k>" (k from 1); empty when it points nowhere that is loaded.
QString seeAlsoHtml(const rlab::content::Content& content, const rlab::content::Question& question);
// Reads such a link; false for any other.
bool readSeeAlsoLink(const QString& link, QString* quizId, int* question);
