#pragma once
// quizzes/<id>/quiz.yaml (structure + English) and quiz.<language>.yaml (text by id).

#include <map>
#include <optional>
#include <set>
#include <string>

#include "rlab/content/content.h"
#include "translations.h"
#include "yaml_tree.h"

namespace rlab::content {

class FileReport;

// What a quiz may refer to. Ids that exist but failed to load are not reported again.
struct QuizTargets {
    const std::map<std::string, Guide>& guides;
    const std::set<std::string>& brokenGuides;
    const std::map<std::string, DemoPreset>& presets;
    const std::set<std::string>& brokenPresets;
    bool presetsUnavailable = false; // demos/presets.yaml as a whole failed: demo links go unchecked
};

// The quiz, or nullopt when anything in it is wrong (all of it reported).
std::optional<Quiz> readQuiz(
    const YamlNode& root, FileReport& report, const std::string& folderId, const QuizTargets& targets);

// Adds the translation's texts to `table`; nothing is added when anything in the file is wrong.
bool readQuizTranslation(const YamlNode& root, FileReport& report, const Quiz& source,
    const std::string& language, Translations& table);

} // namespace rlab::content
