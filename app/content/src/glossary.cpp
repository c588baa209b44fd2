#include "glossary.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <fstream>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "catalog.h"
#include "fields.h"
#include "file_report.h"
#include "rlab/content/content.h"
#include "rlab/content/figures.h"
#include "text_checks.h"
#include "translations.h"
#include "yaml_tree.h"

namespace fs = std::filesystem;

namespace rlab::content {

namespace {

// Decodes valid UTF-8 (the caller has checked it) into code points.
std::u32string decode(const std::string& text)
{
    return utf8::decode(text).value_or(std::u32string());
}

std::string encode(std::u32string_view text)
{
    std::string out;
    for (const char32_t code : text) {
        if (code < 0x80) {
            out.push_back(static_cast<char>(code));
        } else if (code < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (code >> 6)));
            out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
        } else if (code < 0x10000) {
            out.push_back(static_cast<char>(0xE0 | (code >> 12)));
            out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xF0 | (code >> 18)));
            out.push_back(static_cast<char>(0x80 | ((code >> 12) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
        }
    }
    return out;
}

// Lower case for the scripts the content uses (Latin, Cyrillic); other characters stay as they are.
char32_t lower(char32_t c)
{
    if ((c >= U'A' && c <= U'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7))
        return c + 0x20;
    if (c >= 0x410 && c <= 0x42F)
        return c + 0x20;
    if (c >= 0x400 && c <= 0x40F)
        return c + 0x50;
    return c;
}

std::u32string lowered(const std::string& text)
{
    std::u32string out = decode(text);
    std::transform(out.begin(), out.end(), out.begin(), lower);
    return out;
}

// Letters and digits of the scripts the content uses: a variant must start a word, not sit inside one.
bool isWordCharacter(char32_t c)
{
    return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= U'0' && c <= U'9')
        || (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7) || (c >= 0x400 && c <= 0x4FF);
}

// Splits `text` into its lines (without the line ends).
std::vector<std::string> linesOf(const std::string& text)
{
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        std::string line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        lines.push_back(std::move(line));
        start = end + 1;
    }
    return lines;
}

// Where a line's text starts, in characters: after a leading key ("why-store-activations:",
// "- id:"), since keys and ids are names, not prose.
std::size_t textStart(const std::string& line, std::size_t first)
{
    std::size_t at = first;
    if (line.compare(at, 2, "- ") == 0)
        at += 2;
    const std::size_t key = at;
    while (at < line.size()
        && (std::isalnum(static_cast<unsigned char>(line[at])) || line[at] == '-' || line[at] == '_'))
        ++at;
    if (at == key || at >= line.size() || line[at] != ':')
        return 0;
    return at + 1; // the key is ASCII, so bytes and characters agree
}

// A line that goes on with the text of the line before it: not blank, not a comment, no key at
// its start, not a list item. Where its text starts, or npos.
std::size_t continuationStart(const std::string& line)
{
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#' || textStart(line, first) != 0)
        return std::string::npos;
    if (line.compare(first, 2, "- ") == 0 || line.compare(first, 2, "* ") == 0)
        return std::string::npos;
    return first; // the indentation is ASCII, so bytes and characters agree
}

// A trie of lowered variants: one hash lookup per character walked, so a walk costs at most the
// longest variant's length, however many variants there are.
class Trie {
public:
    bool empty() const { return m_firstEnd.size() == 1; }

    void insert(std::u32string_view word, int variant)
    {
        std::uint32_t node = 0;
        for (const char32_t c : word) {
            const auto [it, added]
                = m_edges.try_emplace(key(node, c), static_cast<std::uint32_t>(m_firstEnd.size()));
            if (added)
                m_firstEnd.push_back(-1);
            node = it->second;
        }
        if (m_firstEnd[node] >= 0)
            return; // listed twice (under another term too): reported once, as the first, so a
                    // walk's work stays bounded by its depth
        m_ends.push_back({variant, m_firstEnd[node]});
        m_firstEnd[node] = static_cast<int>(m_ends.size()) - 1;
    }

    // The child of `node` by `c`, or 0 (the root is never a child).
    std::uint32_t child(std::uint32_t node, char32_t c) const
    {
        const auto it = m_edges.find(key(node, c));
        return it == m_edges.end() ? 0 : it->second;
    }

    // Calls `found(variant)` for each variant that ends at `node`.
    template<typename Found> void endingAt(std::uint32_t node, Found&& found) const
    {
        for (int at = m_firstEnd[node]; at >= 0; at = m_ends[static_cast<std::size_t>(at)].next)
            found(m_ends[static_cast<std::size_t>(at)].variant);
    }

private:
    struct End {
        int variant;
        int next; // the next variant ending at the same node, or -1
    };
    static std::uint64_t key(std::uint32_t node, char32_t c) { return (std::uint64_t(node) << 32) | c; }

    std::unordered_map<std::uint64_t, std::uint32_t> m_edges;
    std::vector<int> m_firstEnd = {-1}; // per node: its first End, or -1
    std::vector<End> m_ends;
};

} // namespace

// Every forbidden variant of a glossary: `words` holds all of them (walked from a word's start),
// `stems` those written with a leading '-' (walked from inside a word too).
class VariantMatcher {
public:
    struct Variant {
        std::size_t term;
        std::string written;
        bool stem;
    };

    explicit VariantMatcher(const Glossary& glossary)
    {
        const std::vector<GlossaryTerm>& terms = glossary.terms;
        for (const std::string& prefix : glossary.joinedPrefixes)
            prefixes.insert(lowered(prefix));
        for (std::size_t term = 0; term < terms.size(); ++term) {
            for (const std::string& written : terms[term].forbidden) {
                const bool stem = !written.empty() && written.front() == '-';
                const std::u32string needle = lowered(stem ? written.substr(1) : written);
                if (needle.empty())
                    continue;
                const int index = static_cast<int>(variants.size());
                variants.push_back({term, written, stem});
                words.insert(needle, index);
                if (stem)
                    stems.insert(needle, index);
            }
        }
    }

    bool empty() const { return variants.empty() && prefixes.empty(); }

    std::vector<Variant> variants;
    Trie words;
    Trie stems;
    std::unordered_set<std::u32string> prefixes;
};

std::optional<Glossary> readGlossary(const YamlNode& root, FileReport& report, const std::string& language)
{
    const Fields fields(root, report, "the glossary", {"schema", "language", "terms"}, {"joined_prefixes"});
    if (!fields.isMapping())
        return std::nullopt;
    checkSchemaVersion(fields, report);
    if (auto code = fields.text("language"); code && *code != language)
        report.error(*fields.node("language"),
            "language '" + *code + "' must match the file name's '" + language + "'");
    Glossary glossary;
    glossary.file = report.shown().filename().string();
    if (const YamlNode* prefixes = fields.list("joined_prefixes")) {
        for (const YamlNodePtr& prefix : prefixes->items) {
            const std::optional<std::string> text = readText(*prefix, report, "a joined prefix");
            if (!text)
                continue;
            const std::u32string word = lowered(*text);
            if (word.size() > maxVariantCharacters || !std::all_of(word.begin(), word.end(), isWordCharacter))
                report.error(
                    *prefix, "a joined prefix is one word of letters, without the hyphen ('ye', not 'ye-')");
            else
                glossary.joinedPrefixes.push_back(*text);
        }
    }
    const YamlNode* list = fields.list("terms");
    if (!list)
        return std::nullopt;
    std::vector<std::pair<const YamlNode*, std::size_t>> definitions; // node, term: checked below
    for (const YamlNodePtr& item : list->items) {
        const Fields entry(
            *item, report, "a glossary term", {"term", "use"}, {"forbidden", "note", "definition"});
        GlossaryTerm term;
        term.term = entry.text("term").value_or("");
        term.use = entry.text("use").value_or("");
        term.note = entry.text("note").value_or(""); // reported if it is not text
        if (const YamlNode* definition = entry.mapping("definition")) {
            // {en: ..., <language>: ...}: the learner's definition in English and in this language.
            const std::array<std::string_view, 2> keys {"en", language};
            const Fields texts(*definition, report, "the definition of '" + term.term + "'", keys, {});
            term.definitionEn = texts.text("en").value_or("");
            term.definition = texts.text(language).value_or("");
            if (const YamlNode* own = texts.node(language))
                definitions.emplace_back(own, glossary.terms.size());
        }
        if (const YamlNode* variants = entry.list("forbidden")) {
            const std::u32string rendering = lowered(term.use);
            for (const YamlNodePtr& variant : variants->items) {
                const std::optional<std::string> text = readText(*variant, report, "a forbidden variant");
                if (!text)
                    continue;
                const bool stem = text->front() == '-'; // readText refuses empty text
                const std::u32string needle = lowered(stem ? text->substr(1) : *text);
                if (std::all_of(needle.begin(), needle.end(), [](char32_t c) { return c == U' '; }))
                    report.error(*variant, "a forbidden variant must not be blank");
                else if (needle.size() > maxVariantCharacters)
                    report.error(*variant,
                        "a forbidden variant is at most " + std::to_string(maxVariantCharacters)
                            + " characters (write the stem that every wrong form starts with)");
                else if (rendering.find(needle) != std::u32string::npos)
                    report.error(*variant,
                        "the forbidden variant '" + *text + "' is part of the chosen rendering '" + term.use
                            + "', so every correct use would be reported");
                else
                    term.forbidden.push_back(*text);
            }
        }
        glossary.terms.push_back(std::move(term));
    }
    glossary.matcher = std::make_shared<const VariantMatcher>(glossary);
    // A definition is prose in this language, so it follows the glossary it is part of; each
    // variant found is reported at the definition.
    for (const auto& [node, index] : definitions) {
        std::vector<Diagnostic> found;
        FileReport scratch(report.shown(), found);
        (void)checkTerms(glossary, glossary.terms[index].definition, scratch);
        for (const Diagnostic& variant : found)
            report.error(*node, "the definition of '" + glossary.terms[index].term + "': " + variant.message);
    }
    return glossary;
}

namespace {

// How many errors one file has listed, and how many more were found past the limit.
struct Listing {
    int listed = 0;
    int unlisted = 0;
    int firstUnlistedLine = 0;

    bool admit(int line)
    {
        if (listed < maxVariantErrorsPerFile) {
            ++listed;
            return true;
        }
        if (unlisted++ == 0)
            firstUnlistedLine = line;
        return false;
    }
};

// A joined prefix standing alone as the word at `at`, before a space and a placeholder (%2), a
// number or a `code` span, is reported: "ye %2" is written "ye-%2". One hash lookup per word.
void checkPrefix(const VariantMatcher& matcher, const std::u32string& haystack,
    const std::u32string& original, std::size_t at, int line, const std::string& file, FileReport& report,
    Listing& listing, std::size_t& steps)
{
    std::size_t end = at;
    while (end < haystack.size() && end - at <= maxVariantCharacters && isWordCharacter(haystack[end]))
        ++end;
    steps += end - at;
    if (end + 1 >= haystack.size() || haystack[end] != U' ')
        return;
    const char32_t next = haystack[end + 1];
    const bool placeholder
        = next == U'%' && end + 2 < haystack.size() && haystack[end + 2] >= U'0' && haystack[end + 2] <= U'9';
    if (!placeholder && !(next >= U'0' && next <= U'9') && next != U'`')
        return;
    if (matcher.prefixes.count(haystack.substr(at, end - at)) == 0 || !listing.admit(line))
        return;
    std::size_t to = end + 2;
    while (to < original.size() && original[to] != U' ')
        ++to;
    const std::string prefix = encode(std::u32string_view(original).substr(at, end - at));
    const std::string rest
        = encode(std::u32string_view(original).substr(end + 1, std::min<std::size_t>(to - end - 1, 40)));
    report.error(line, static_cast<int>(at) + 1,
        "'" + prefix + " " + rest + "': the prefix '" + prefix + "' (joined_prefixes in " + file
            + ") is joined with a hyphen, not a space: write '" + prefix + "-" + rest + "'");
}

} // namespace

std::size_t checkTerms(const Glossary& glossary, const std::string& text, FileReport& report)
{
    const std::shared_ptr<const VariantMatcher> built
        = glossary.matcher ? glossary.matcher : std::make_shared<const VariantMatcher>(glossary);
    const VariantMatcher& matcher = *built;
    if (matcher.empty())
        return 0;
    std::size_t steps = 0;
    Listing listing;
    const std::vector<std::string> lines = linesOf(text);
    std::vector<std::u32string> lowers(lines.size());
    std::vector<std::u32string> originals(lines.size());
    std::vector<std::size_t> continues(lines.size()); // where a continuation line's text starts, or npos
    for (std::size_t number = 0; number < lines.size(); ++number) {
        lowers[number] = lowered(lines[number]);
        originals[number] = decode(lines[number]);
        continues[number] = continuationStart(lines[number]);
    }
    // The word the variant found at line `from.first`, column `from.second` ends in, on line
    // `endLine` before column `to`: on one line as written, across lines with one space per break.
    const auto foundText
        = [&](std::pair<std::size_t, std::size_t> from, std::size_t endLine, std::size_t to) {
              std::u32string found;
              for (std::size_t line = from.first; line <= endLine; ++line) {
                  const std::u32string& original = originals[line];
                  const std::size_t begin = line == from.first ? from.second : continues[line];
                  const std::size_t stop = line == endLine ? std::min(to, original.size()) : original.size();
                  if (line != from.first)
                      found += U' ';
                  found += std::u32string_view(original).substr(begin, stop - begin);
                  if (line != endLine)
                      while (!found.empty() && found.back() == U' ')
                          found.pop_back();
              }
              return encode(found);
          };
    for (std::size_t number = 0; number < lines.size(); ++number) {
        const std::string& line = lines[number];
        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#')
            continue;
        const std::size_t prose = textStart(line, first);
        const std::u32string& haystack = lowers[number];
        const std::u32string& original = originals[number];
        // One pass: each character starts one walk, down `words` where a word starts and down
        // `stems` inside a word, and a walk stops where the trie has no edge (at most
        // maxVariantCharacters deep), so the work is at most that many steps per character. At a
        // line's end a space of the variant is also matched by the break before a continuation.
        std::size_t wordStart = 0;
        for (std::size_t at = prose; at < haystack.size(); ++at) {
            const bool starts = at == 0 || !isWordCharacter(haystack[at - 1]);
            if (starts) {
                wordStart = at;
                if (!matcher.prefixes.empty() && isWordCharacter(haystack[at]))
                    checkPrefix(matcher, haystack, original, at, static_cast<int>(number) + 1, glossary.file,
                        report, listing, steps);
            }
            const Trie& trie = starts ? matcher.words : matcher.stems;
            if (trie.empty())
                continue;
            std::uint32_t node = 0;
            std::size_t walkLine = number;
            std::size_t k = at; // the next character of lowers[walkLine] to walk
            for (;;) {
                char32_t c = 0;
                if (k < lowers[walkLine].size()) {
                    c = lowers[walkLine][k++];
                } else {
                    const std::size_t next = walkLine + 1;
                    if (next >= lines.size() || continues[next] == std::string::npos)
                        break;
                    c = U' '; // the line break before the text's next line
                    walkLine = next;
                    k = continues[next];
                }
                ++steps;
                node = trie.child(node, c);
                if (node == 0)
                    break;
                trie.endingAt(node, [&](int index) {
                    const VariantMatcher::Variant& variant
                        = matcher.variants[static_cast<std::size_t>(index)];
                    if (!starts && !variant.stem)
                        return; // only a stem is walked from inside a word
                    const std::size_t from = variant.stem ? wordStart : at;
                    const std::u32string& last = originals[walkLine];
                    std::size_t to = k; // the found word goes on to its end, within bounds
                    for (std::size_t more = 0;
                         to < last.size() && isWordCharacter(last[to]) && more <= 2 * maxVariantCharacters;
                         ++more)
                        ++to;
                    if (to < last.size() && last[to] == U'/')
                        return; // a folder's name (demos/) is a name, not prose
                    if (!listing.admit(static_cast<int>(number) + 1))
                        return;
                    std::string found = foundText({number, from}, walkLine, to);
                    if (to < last.size() && isWordCharacter(last[to]))
                        found += "...";
                    const GlossaryTerm& term = glossary.terms[variant.term];
                    report.error(static_cast<int>(number) + 1, static_cast<int>(from) + 1,
                        "'" + found + "' is a forbidden variant ('" + variant.written + "') of '" + term.term
                            + "' in " + glossary.file + "; write '" + term.use + "'");
                });
            }
        }
    }
    if (listing.unlisted > 0)
        report.error(listing.firstUnlistedLine, 1,
            std::to_string(listing.unlisted) + " more uses of forbidden variants of " + glossary.file
                + " from here on are not listed (the first " + std::to_string(maxVariantErrorsPerFile)
                + " are)");
    return steps;
}

void checkGlossaries(const fs::path& root,
    const std::map<std::string, std::vector<fs::path>>& translationFiles,
    const std::function<FileReport(const fs::path&)>& reportFor)
{
    std::vector<fs::path> glossaries;
    std::error_code error;
    for (fs::directory_iterator it(root, error), end; !error && it != end; it.increment(error))
        if (!translationLanguage(it->path().filename().string(), "glossary").empty())
            glossaries.push_back(it->path());
    std::sort(glossaries.begin(), glossaries.end());
    for (const fs::path& path : glossaries) {
        const std::string language = translationLanguage(path.filename().string(), "glossary");
        FileReport report = reportFor(path);
        if (language == "en") {
            report.error(0, 0, "English is the source and needs no glossary; this file is not read");
            continue;
        }
        const YamlNodePtr tree = readYamlFile(path, report);
        const std::optional<Glossary> glossary = tree ? readGlossary(*tree, report, language) : std::nullopt;
        const auto files = translationFiles.find(language);
        if (!glossary || files == translationFiles.end())
            continue;
        for (const fs::path& file : files->second) {
            const std::optional<std::string> text = readFileText(file);
            if (!text || invalidUtf8(*text))
                continue; // the file's reader reports why it cannot be read
            FileReport fileReport = reportFor(file);
            checkTerms(*glossary, withoutFigures(*text), fileReport);
        }
    }
}

std::vector<GlossaryEntry> glossaryEntries(const fs::path& root, const std::string& language)
{
    std::vector<Diagnostic> ignored; // check-content is where a glossary's problems are told
    const fs::path path = root / ("glossary." + language + ".yaml");
    FileReport report(path, ignored);
    const YamlNodePtr tree = fs::is_regular_file(path) ? readYamlFile(path, report) : nullptr;
    const std::optional<Glossary> glossary = tree ? readGlossary(*tree, report, language) : std::nullopt;
    std::vector<GlossaryEntry> entries;
    for (const GlossaryTerm& term : glossary ? glossary->terms : std::vector<GlossaryTerm> {})
        entries.push_back({term.term, term.use, term.note, term.definitionEn, term.definition});
    return entries;
}

} // namespace rlab::content
