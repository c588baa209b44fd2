#pragma once
// Translatable fields are named by a path ("quiz/<id>/questions/<qid>/explanation"): translation
// files fill a table by path, and the loaded content is walked by the same paths to apply it.

#include <functional>
#include <map>
#include <string>
#include <string_view>

#include "rlab/content/content.h"

namespace rlab::content {

class Fields;
class FileReport;

using Translations = std::map<std::string, std::string>; // path -> translated text

std::string quizTextPath(std::string_view quiz, std::string_view field);
std::string questionTextPath(std::string_view quiz, std::string_view question, std::string_view field);
std::string optionTextPath(
    std::string_view quiz, std::string_view question, std::string_view option, std::string_view field);
std::string guideTextPath(std::string_view guide, std::string_view field);
std::string sectionTextPath(std::string_view guide, std::string_view section, std::string_view field);
std::string presetTextPath(std::string_view preset, std::string_view field);

// Visits every translatable field of `content` in reading order (the correct option has no why_wrong).
void forEachText(Content& content, const std::function<void(const std::string& path, Text& text)>& visit);

// Reports `schema` other than 1.
void checkSchemaVersion(const Fields& fields, FileReport& report);

// Checks a translation file's `schema`, `language` (must match its file name) and the id it
// translates (`key`: quiz, guide; must match the source).
void checkTranslationHeader(const Fields& fields, FileReport& report, std::string_view language,
    std::string_view key, std::string_view sourceId);

// Reads the optional text `key` of `fields` into `table` at `path`.
void readTranslatedText(
    const Fields& fields, std::string_view key, const std::string& path, Translations& table);

} // namespace rlab::content
