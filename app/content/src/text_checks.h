#pragma once
// Checks on a content file's raw text, before yaml-cpp sees it: valid UTF-8, and no deeply nested
// flow collections ([[[[...). yaml-cpp holds every token of an unclosed flow collection until it
// closes, so a megabyte of '[' would take seconds and much memory before its events could stop it.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "rlab/utf8.h"

namespace rlab::content {

struct TextPlace {
    int line = 0; // 1-based
    int column = 0; // 1-based, in characters
};

// Where flow nesting first goes deeper than `maxDepth`, or nullopt. Block scalars, quoted text and
// comments are skipped. A heuristic: it may miss odd cases (the parser's own depth check remains
// behind it) and refuses only where more than `maxDepth` brackets are open at once.
std::optional<TextPlace> tooDeepFlow(const std::string& text, int maxDepth);

// The byte offset of the first invalid UTF-8 sequence in `text` (overlong forms and surrogates
// included), or nullopt when it is all valid: rlab/utf8.h's one strict reading.
inline std::optional<std::size_t> invalidUtf8(std::string_view text)
{
    return utf8::firstInvalid(text);
}

// The 1-based line and character column of byte `offset` in `text` (UTF-8).
TextPlace placeOf(const std::string& text, std::size_t offset);

} // namespace rlab::content
