#pragma once
// The whole content tree read once: the English sources with their structure, every language's
// translations by text path, and every problem found on the way.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "rlab/content/content.h"
#include "translations.h"

namespace rlab::content {

struct Catalog {
    Content source; // English; source.errors holds all problems
    std::vector<std::string> languages; // "en" first, then those with translation files
    std::map<std::string, Translations> translations; // by language
};

Catalog readCatalog(const std::filesystem::path& root);

// The language of "<base>.<language>.yaml" ("quiz.ru.yaml" -> "ru"), or empty when the name differs.
std::string translationLanguage(const std::string& fileName, std::string_view base);

} // namespace rlab::content
