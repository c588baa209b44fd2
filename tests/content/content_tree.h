#pragma once
// Content trees for the tests: copies of the fixtures with one file edited, and walks over what loaded.

#include <filesystem>
#include <string>
#include <vector>

#include "rlab/content/content.h"

namespace rlab::content::test {

std::filesystem::path fixtureTree(); // tests/content/fixtures/minimal
std::filesystem::path realContent(); // the repository's content/

// Copies `from` into `to` (which must exist).
void copyTree(const std::filesystem::path& from, const std::filesystem::path& to);

// Replaces the one occurrence of `find` in `file`; false when it occurs zero or several times.
bool replaceOnce(const std::filesystem::path& file, const std::string& find, const std::string& replacement);
void writeFile(const std::filesystem::path& file, const std::string& text);

// Paths of every Text that fell back to English ("quiz/alpha/questions/x/explanation", ...).
std::vector<std::string> fallbackFields(const Content& content);

// The first diagnostic whose message holds `part`, or null.
const Diagnostic* findDiagnostic(const Content& content, const std::string& part);
std::string listed(const std::vector<Diagnostic>& errors);

} // namespace rlab::content::test
