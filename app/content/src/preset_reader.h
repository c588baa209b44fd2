#pragma once
// demos/presets.yaml (demo presets + English) and presets.<language>.yaml (text by preset id).

#include <map>
#include <set>
#include <string>
#include <string_view>

#include "rlab/content/content.h"
#include "translations.h"
#include "yaml_tree.h"

namespace rlab::content {

class FileReport;

struct PresetCatalog {
    std::map<std::string, DemoPreset> presets; // the ones without errors
    std::set<std::string> broken; // ids of presets left out for their errors
    bool unavailable = false; // the file as a whole could not be read
};

// Each preset is read on its own: a broken one is left out and the others load.
PresetCatalog readPresets(const YamlNode& root, FileReport& report);

// Adds the translation's texts to `table`; nothing is added when anything in the file is wrong.
bool readPresetTranslation(const YamlNode& root, FileReport& report, const PresetCatalog& source,
    const std::string& language, Translations& table);

// One sentence saying what is wrong with a policy, or empty when the engine can read it.
std::string policyProblem(std::string_view policy);

} // namespace rlab::content
