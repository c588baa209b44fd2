#include "text_checks.h"

#include <algorithm>

namespace rlab::content {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

// Just past the quoted scalar that starts at `at` (a ' or "), or text.size() when it never closes.
std::size_t skipQuoted(const std::string& text, std::size_t at)
{
    const char quote = text[at];
    for (std::size_t i = at + 1; i < text.size(); ++i) {
        if (quote == '"' && text[i] == '\\') {
            ++i;
        } else if (text[i] == quote) {
            if (quote == '\'' && i + 1 < text.size() && text[i + 1] == '\'')
                ++i; // '' is an escaped quote
            else
                return i + 1;
        }
    }
    return text.size();
}

// The start of the line after the one holding `at`.
std::size_t nextLine(const std::string& text, std::size_t at)
{
    return std::min(text.find('\n', at), text.size()) + 1;
}

// The ':' ending a mapping key in [from, end), or npos.
std::size_t keyColon(const std::string& text, std::size_t from, std::size_t end)
{
    for (std::size_t i = from; i < end; ++i) {
        if (text[i] == '#' && i > from && isSpace(text[i - 1]))
            return std::string::npos;
        if (text[i] == ':' && (i + 1 == end || isSpace(text[i + 1])))
            return i;
    }
    return std::string::npos;
}

} // namespace

TextPlace placeOf(const std::string& text, std::size_t offset)
{
    TextPlace place {1, 1};
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n')
            place = {place.line + 1, 1};
        else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80)
            ++place.column;
    }
    return place;
}

std::optional<TextPlace> tooDeepFlow(const std::string& text, int maxDepth)
{
    const std::size_t size = text.size();
    int blockIndent = -1; // inside a block scalar: its lines are indented more than this
    std::size_t i = 0;
    while (i < size) {
        // At a line start, in block context.
        const std::size_t lineEnd = std::min(text.find('\n', i), size);
        std::size_t p = i;
        while (p < lineEnd && text[p] == ' ')
            ++p;
        const int indent = static_cast<int>(p - i);
        const bool blank = p == lineEnd || text[p] == '\r' || text[p] == '#';
        if (blockIndent >= 0 && (blank || indent > blockIndent)) {
            i = lineEnd + 1;
            continue;
        }
        blockIndent = -1;
        int owner = indent; // the column a block scalar's lines must be indented past
        while (p < lineEnd && text[p] == '-' && (p + 1 == lineEnd || isSpace(text[p + 1]))) {
            owner = static_cast<int>(p - i);
            for (++p; p < lineEnd && isSpace(text[p]);)
                ++p;
        }
        if (p < lineEnd && text[p] != '[' && text[p] != '{' && text[p] != '|' && text[p] != '>') {
            const int keyColumn = static_cast<int>(p - i);
            const std::size_t keyEnd = (text[p] == '"' || text[p] == '\'') ? skipQuoted(text, p) : p;
            const std::size_t colon = keyEnd <= lineEnd ? keyColon(text, keyEnd, lineEnd) : std::string::npos;
            if (colon == std::string::npos) {
                i = nextLine(text, std::max(keyEnd, p));
                continue;
            }
            owner = keyColumn;
            for (p = colon + 1; p < lineEnd && isSpace(text[p]);)
                ++p;
        }
        if (p >= lineEnd) {
            i = lineEnd + 1;
            continue;
        }
        const char c = text[p];
        if (c == '|' || c == '>') {
            blockIndent = owner;
            i = lineEnd + 1;
            continue;
        }
        if (c == '"' || c == '\'') {
            i = nextLine(text, skipQuoted(text, p));
            continue;
        }
        if (c != '[' && c != '{') {
            i = lineEnd + 1;
            continue;
        }
        // Flow context, across lines, until its brackets close.
        int depth = 0;
        char previous = ' ';
        std::size_t q = p;
        for (; q < size; ++q) {
            const char f = text[q];
            if (f == '[' || f == '{') {
                if (++depth > maxDepth)
                    return placeOf(text, q);
            } else if (f == ']' || f == '}') {
                if (--depth == 0)
                    break;
            } else if ((f == '"' || f == '\'')
                && (isSpace(previous) || previous == '\n' || previous == '[' || previous == '{'
                    || previous == ',' || previous == ':')) {
                q = skipQuoted(text, q) - 1;
            } else if (f == '#' && (isSpace(previous) || previous == '\n')) {
                q = std::min(text.find('\n', q), size) - 1;
            }
            previous = text[q];
        }
        i = nextLine(text, q);
    }
    return std::nullopt;
}

} // namespace rlab::content
