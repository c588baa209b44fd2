#include "rlab/utf8.h"

#include <cstdint>

namespace rlab::utf8 {

namespace {

// The sequence at `at`: its code point and length, or a length of 0 when it is not well-formed.
struct Sequence {
    char32_t code = 0;
    std::size_t length = 0;
};

Sequence read(std::string_view text, std::size_t at)
{
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    const std::size_t length = lead < 0x80 ? 1
        : (lead >> 5) == 0x6               ? 2
        : (lead >> 4) == 0xe               ? 3
        : (lead >> 3) == 0x1e              ? 4
                                           : 0;
    if (length == 0 || at + length > text.size())
        return {};
    char32_t code = length == 1 ? lead : lead & (0x7f >> length);
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(at + k) & 0xc0) != 0x80)
            return {};
        code = (code << 6) | (byte(at + k) & 0x3f);
    }
    static constexpr std::uint32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000}; // below: overlong
    if (code < kLeast[length] || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return {};
    return {code, length};
}

} // namespace

std::optional<std::size_t> firstInvalid(std::string_view text)
{
    for (std::size_t i = 0; i < text.size();) {
        const Sequence sequence = read(text, i);
        if (sequence.length == 0)
            return i;
        i += sequence.length;
    }
    return std::nullopt;
}

std::optional<Control> firstControl(std::string_view text, bool lineBreakCr)
{
    for (std::size_t i = 0; i < text.size();) {
        const Sequence sequence = read(text, i);
        const char32_t code = sequence.code;
        if (sequence.length != 0
            && ((code < 0x20 && code != '\t' && code != '\n' && (code != '\r' || !lineBreakCr))
                || (code >= 0x7f && code <= 0x9f)))
            return Control {i, code};
        i += sequence.length == 0 ? 1 : sequence.length;
    }
    return std::nullopt;
}

std::optional<std::u32string> decode(std::string_view text)
{
    std::u32string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const Sequence sequence = read(text, i);
        if (sequence.length == 0)
            return std::nullopt;
        out.push_back(sequence.code);
        i += sequence.length;
    }
    return out;
}

} // namespace rlab::utf8
