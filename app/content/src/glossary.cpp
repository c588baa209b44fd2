#include "glossary.h"

#include <algorithm>
#include <cctype>
#include <fstream>

#include "catalog.h"
#include "fields.h"
#include "file_report.h"
#include "text_checks.h"
#include "translations.h"
#include "yaml_tree.h"

namespace fs = std::filesystem;

namespace rlab::content {

namespace {

// Decodes valid UTF-8 (the caller has checked it) into code points.
std::u32string decode(const std::string& text)
{
    std::u32string out;
    for (std::size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const int length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4;
        char32_t code = length == 1 ? byte : byte & (0x3F >> (length - 1));
        for (int k = 1; k < length && i + k < text.size(); ++k)
            code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
        out.push_back(code);
        i += static_cast<std::size_t>(length);
    }
    return out;
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

std::optional<std::string> readFileText(const fs::path& file)
{
    std::error_code error;
    const std::uintmax_t size = fs::file_size(file, error);
    if (error || size > maxContentFileBytes)
        return std::nullopt; // already reported by the file's own reader
    std::ifstream in(file, std::ios::binary);
    std::string text(static_cast<std::size_t>(size), '\0');
    if (!in || !in.read(text.data(), static_cast<std::streamsize>(size)))
        return std::nullopt;
    return text;
}

} // namespace

std::optional<Glossary> readGlossary(const YamlNode& root, FileReport& report, const std::string& language)
{
    const Fields fields(root, report, "the glossary", {"schema", "language", "terms"}, {});
    if (!fields.isMapping())
        return std::nullopt;
    checkSchemaVersion(fields, report);
    if (auto code = fields.text("language"); code && *code != language)
        report.error(*fields.node("language"),
            "language '" + *code + "' must match the file name's '" + language + "'");
    Glossary glossary;
    glossary.file = report.shown().filename().string();
    const YamlNode* list = fields.list("terms");
    if (!list)
        return std::nullopt;
    for (const YamlNodePtr& item : list->items) {
        const Fields entry(*item, report, "a glossary term", {"term", "use"}, {"forbidden", "note"});
        GlossaryTerm term;
        term.term = entry.text("term").value_or("");
        term.use = entry.text("use").value_or("");
        (void)entry.text("note"); // reported if it is not text; for translators only
        if (const YamlNode* variants = entry.list("forbidden")) {
            for (const YamlNodePtr& variant : variants->items) {
                const std::optional<std::string> text = readText(*variant, report, "a forbidden variant");
                if (!text)
                    continue;
                const std::u32string needle = lowered(*text);
                const std::u32string rendering = lowered(term.use);
                if (std::all_of(needle.begin(), needle.end(), [](char32_t c) { return c == U' '; }))
                    report.error(*variant, "a forbidden variant must not be blank");
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
    return glossary;
}

void checkTerms(const Glossary& glossary, const std::string& text, FileReport& report)
{
    const std::vector<std::string> lines = linesOf(text);
    for (std::size_t number = 0; number < lines.size(); ++number) {
        const std::string& line = lines[number];
        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#')
            continue;
        const std::size_t prose = textStart(line, first);
        const std::u32string haystack = lowered(line);
        const std::u32string original = decode(line);
        for (const GlossaryTerm& term : glossary.terms) {
            for (const std::string& variant : term.forbidden) {
                const std::u32string needle = lowered(variant);
                for (std::size_t at = haystack.find(needle); at != std::u32string::npos;
                     at = haystack.find(needle, at + 1)) {
                    if (at < prose || (at > 0 && isWordCharacter(haystack[at - 1])))
                        continue;
                    std::size_t end = at + needle.size();
                    while (end < original.size() && isWordCharacter(original[end]))
                        ++end;
                    const std::string found = encode(std::u32string_view(original).substr(at, end - at));
                    report.error(static_cast<int>(number) + 1, static_cast<int>(at) + 1,
                        "'" + found + "' is a forbidden variant ('" + variant + "') of '" + term.term
                            + "' in " + glossary.file + "; write '" + term.use + "'");
                }
            }
        }
    }
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
            checkTerms(*glossary, *text, fileReport);
        }
    }
}

} // namespace rlab::content
