#pragma once
// Quizzes in the formats learning platforms import: GIFT (Moodle's text format) and Moodle XML.
// An export holds one quiz in one language: each question as single-answer multiple choice, each
// wrong option's "why wrong" as that answer's feedback, the explanation as the general feedback.
// What makes it a Recompute Lab quiz (ids, level, guide, each question's demo, guide section and
// see-also) travels with it, in GIFT comments and in Moodle tags, so an import rebuilds the pack:
// the structure from the English file, the texts of each other language from its own file.
// What a platform's file holds beyond that is skipped and listed (docs/cli.md, "rlab export").

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rlab/content/content.h"

namespace rlab::content {

enum class LmsFormat { Gift, MoodleXml };
std::optional<LmsFormat> parseLmsFormat(std::string_view name); // "gift", "moodle-xml"

// `quiz` as loaded in `language` (fallback fields hold the English text).
std::string exportQuiz(const Quiz& quiz, LmsFormat format, const std::string& language);

// A quiz read from an export: its structure and its texts in `language`.
struct ImportedQuiz {
    Quiz quiz;
    std::string language = "en";
    std::vector<std::string> skipped; // one sentence per thing the file held that a quiz cannot
    // The question types skipped, in the order first met, and how many of each ("truefalse", 2).
    std::vector<std::pair<std::string, int>> skippedTypes;
};

// Reads `text` (the file `name`, for messages). nullopt with one sentence naming the file and the
// line in `error` when the file is not a quiz rlab can make a pack from. A platform's own file,
// without the rlab structure, is read too: the quiz id comes from the file's name, each question's
// id from its name (or its text's first words), made lowercase letters, digits and '-' and unique;
// a UTF-8 byte order mark, CR line endings and Moodle XML's declared encoding are handled.
std::optional<ImportedQuiz> importQuiz(
    const std::string& text, LmsFormat format, const std::string& name, std::string* error);

// Writes DIR/quizzes/<id>/quiz.yaml from `source` (English) and quiz.<lang>.yaml for each of
// `translations`, matched by question id and option order. Empty on success, else one sentence.
std::string writeQuizPack(const ImportedQuiz& source, const std::vector<ImportedQuiz>& translations,
    const std::filesystem::path& dir);

} // namespace rlab::content
