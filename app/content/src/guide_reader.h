#pragma once
// guides/<id>/guide.yaml (English tutorial) and guide.<language>.yaml (text by section id).

#include <optional>
#include <string>

#include "rlab/content/content.h"
#include "translations.h"
#include "yaml_tree.h"

namespace rlab::content {

class FileReport;

// The guide, or nullopt when anything in it is wrong (all of it reported).
std::optional<Guide> readGuide(const YamlNode& root, FileReport& report, const std::string& folderId);

// Adds the translation's texts to `table`; nothing is added when anything in the file is wrong.
bool readGuideTranslation(const YamlNode& root, FileReport& report, const Guide& source,
    const std::string& language, Translations& table);

} // namespace rlab::content
