#pragma once
// The translators' glossary, content/glossary.<language>.yaml: for each English term the chosen
// rendering and the variants that must not be used. Every translation file of that language is
// searched for the variants, so terms stay consistent as content grows (see content/README.md).

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rlab::content {

class FileReport;
struct YamlNode;

struct GlossaryTerm {
    std::string term; // English
    std::string use; // the chosen rendering
    // Each matches at a word's start, any ending, any case; one written with a leading '-' is a
    // stem ("-fanotaur") and matches anywhere in a word as well, behind any prefix or concord. A
    // space in a variant matches a space, or the line break before the text's next line, so a
    // phrase ("-sina kurongwa") is found wrapped across two lines.
    std::vector<std::string> forbidden;
    std::string note; // how to use it, for translators (and the app's glossary)
    // What the term means, for a learner (Help > Glossary): in English and in the glossary's
    // language. Optional (grammar notes have none); when given, both are, and the glossary's own
    // forbidden variants are not in it.
    std::string definitionEn;
    std::string definition;
};

// The longest forbidden variant, in characters: the matcher's cost per character of text.
inline constexpr std::size_t maxVariantCharacters = 64;
// The most forbidden-variant errors listed for one file; one more line counts the rest.
inline constexpr int maxVariantErrorsPerFile = 100;

class VariantMatcher; // every variant of a glossary in two tries (glossary.cpp)

struct Glossary {
    std::string file; // as shown in messages ("glossary.ru.yaml")
    std::vector<GlossaryTerm> terms;
    // Prefixes that are never a word of their own (Shona ye-, pa-, ne-): one standing alone before
    // a placeholder (%2), a number or a `code` span is reported, since it is joined with a hyphen.
    std::vector<std::string> joinedPrefixes;
    std::shared_ptr<const VariantMatcher> matcher; // built by readGlossary; checkTerms builds one if unset
};

// Reads a glossary file's tree; problems go to `report`. Nullopt when nothing usable was read.
std::optional<Glossary> readGlossary(const YamlNode& root, FileReport& report, const std::string& language);

// Reports each forbidden variant in `text` (a translation file's raw text) at its line and column.
// Comment lines and keys are skipped; a variant broken across two lines is seen where the second
// line goes on with the same text (no key, no comment, no list item), and reported at its start.
// The time is linear in the text, whatever the number of variants: each character starts at most
// one walk down a trie of the variants, at most maxVariantCharacters deep. Returns the number of
// trie steps taken (the test's measure of that bound).
std::size_t checkTerms(const Glossary& glossary, const std::string& text, FileReport& report);

// Reads every content/glossary.<language>.yaml under `root` and checks that language's files.
void checkGlossaries(const std::filesystem::path& root,
    const std::map<std::string, std::vector<std::filesystem::path>>& translationFiles,
    const std::function<FileReport(const std::filesystem::path&)>& reportFor);

} // namespace rlab::content
