#pragma once
// UTF-8, one strict reading for every layer: content files, glossary matching and the names inside
// a pack archive. Well-formed means RFC 3629: no overlong forms, no surrogates (U+D800..U+DFFF), no
// code point past U+10FFFF, no cut or stray continuation bytes.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace rlab::utf8 {

// The byte offset of the first sequence that is not well-formed; nullopt when all of `text` is.
std::optional<std::size_t> firstInvalid(std::string_view text);
inline bool isValid(std::string_view text)
{
    return !firstInvalid(text);
}
// A character a terminal acts on instead of showing: C0 controls but tab and line feed, DEL, and the
// C1 controls U+0080..U+009F (U+009B alone starts an escape sequence). A carriage return is a line
// break in a file's raw text (`lineBreakCr`), and overwrites the line in a text once parsed.
struct Control {
    std::size_t offset = 0; // of its first byte
    char32_t code = 0;
};
// The first such character in `text`; bytes that are not well-formed UTF-8 are skipped.
std::optional<Control> firstControl(std::string_view text, bool lineBreakCr = false);

// The code points of `text`; nullopt when it is not well-formed.
std::optional<std::u32string> decode(std::string_view text);

} // namespace rlab::utf8
