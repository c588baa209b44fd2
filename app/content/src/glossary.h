#pragma once
// The translators' glossary, content/glossary.<language>.yaml: for each English term the chosen
// rendering and the variants that must not be used. Every translation file of that language is
// searched for the variants, so terms stay consistent as content grows (see content/README.md).

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rlab::content {

class FileReport;
struct YamlNode;

struct GlossaryTerm {
    std::string term; // English
    std::string use; // the chosen rendering
    std::vector<std::string> forbidden; // each matches at a word's start, any ending, any case
};

struct Glossary {
    std::string file; // as shown in messages ("glossary.ru.yaml")
    std::vector<GlossaryTerm> terms;
};

// Reads a glossary file's tree; problems go to `report`. Nullopt when nothing usable was read.
std::optional<Glossary> readGlossary(const YamlNode& root, FileReport& report, const std::string& language);

// Reports each forbidden variant in `text` (a translation file's raw text) at its line and column.
// Comment lines are skipped; a variant broken across two lines is not seen.
void checkTerms(const Glossary& glossary, const std::string& text, FileReport& report);

// Reads every content/glossary.<language>.yaml under `root` and checks that language's files.
void checkGlossaries(const std::filesystem::path& root,
    const std::map<std::string, std::vector<std::filesystem::path>>& translationFiles,
    const std::function<FileReport(const std::filesystem::path&)>& reportFor);

} // namespace rlab::content
