#include "rlab/text.h"

#include <array>
#include <cmath>

namespace rlab::text {

namespace {

// Room for any double in fixed notation with up to 40 decimals (1e308 has 309 digits).
using Buffer = std::array<char, 400>;

template<typename... Format> std::string print(double value, Format... format)
{
    Buffer buffer {};
    const auto [end, status] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, format...);
    if (status != std::errc())
        return "?";
    return std::string(buffer.data(), end);
}

} // namespace

std::optional<double> parseNumber(std::string_view text)
{
    if (text.starts_with('+') && text.size() > 1 && text[1] != '-')
        text.remove_prefix(1);
    double value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, status] = std::from_chars(text.data(), end, value);
    if (status != std::errc() || stop != end || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::string shortest(double value)
{
    return print(value);
}

std::string shortest(float value)
{
    Buffer buffer {};
    const auto [end, status] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return status == std::errc() ? std::string(buffer.data(), end) : std::string("?");
}

std::string fixed(double value, int decimals)
{
    return print(value, std::chars_format::fixed, decimals);
}

std::string general(double value, int digits)
{
    return print(value, std::chars_format::general, digits);
}

std::string signedPercent(double percent)
{
    std::string text = percent >= 0 ? "+" : "";
    return text.append(fixed(percent, 1)).append("%");
}

std::string mebibytes(std::uint64_t bytes, int decimals)
{
    return fixed(static_cast<double>(bytes) / (1024.0 * 1024.0), decimals) + " MiB";
}

std::string gibibytes(double bytes, int decimals)
{
    return fixed(bytes / (1024.0 * 1024.0 * 1024.0), decimals) + " GiB";
}

std::string bytesShown(std::uint64_t bytes)
{
    const auto value = static_cast<double>(bytes);
    if (bytes < 1024)
        return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
    // Past 1023.95 of a unit the next one: "1.0 MiB", never "1024.0 KiB".
    if (value < 1023.95 * 1024.0)
        return fixed(value / 1024.0, 1) + " KiB";
    if (value < 1023.95 * 1024.0 * 1024.0)
        return mebibytes(bytes, 1);
    return gibibytes(value, 2);
}

namespace {

// The length of the UTF-8 sequence starting text[i], or 0 when it is not one (overlong forms,
// surrogates and code points past U+10FFFF included).
std::size_t utf8Length(std::string_view text, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    const std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
    if (length == 0 || lead > 0xF4 || i + length > text.size())
        return 0;
    for (std::size_t k = 1; k < length; ++k)
        if ((byte(i + k) & 0xC0) != 0x80)
            return 0;
    const unsigned char second = byte(i + 1);
    if ((lead == 0xE0 && second < 0xA0) || (lead == 0xED && second >= 0xA0) || (lead == 0xF0 && second < 0x90)
        || (lead == 0xF4 && second >= 0x90))
        return 0;
    return length;
}

void appendEscaped(std::string& out, std::string_view text)
{
    constexpr char hex[] = "0123456789abcdef";
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x7F) {
            out += static_cast<char>(c);
            ++i;
            continue;
        }
        const std::size_t length = c >= 0x80 ? utf8Length(text, i) : 0;
        // U+0080..U+009F (C1 controls: CSI, OSC, ...) are C2 80..C2 9F.
        if (length == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) {
            out += "\\u00";
            out += hex[static_cast<unsigned char>(text[i + 1]) >> 4];
            out += hex[static_cast<unsigned char>(text[i + 1]) & 15];
            i += 2;
        } else if (length > 0) {
            out.append(text.substr(i, length));
            i += length;
        } else {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
            ++i;
        }
    }
}

} // namespace

std::string forTerminal(std::string_view text, std::size_t most)
{
    std::string out;
    if (text.size() <= most) {
        appendEscaped(out, text);
        return out;
    }
    // The start and the end, which says what is wrong; cut where no UTF-8 sequence is split.
    std::size_t head = most * 2 / 3, tail = text.size() - most / 3;
    while (head > 0 && (static_cast<unsigned char>(text[head]) & 0xC0) == 0x80)
        --head;
    while (tail < text.size() && (static_cast<unsigned char>(text[tail]) & 0xC0) == 0x80)
        ++tail;
    appendEscaped(out, text.substr(0, head));
    out += " ... " + std::to_string(tail - head) + " bytes cut ... ";
    appendEscaped(out, text.substr(tail));
    return out;
}

std::string jsonString(std::string_view text)
{
    constexpr char hex[] = "0123456789abcdef";
    const auto escaped
        = [&](unsigned code) { return std::string("\\u00") + hex[code >> 4] + hex[code & 15]; };
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c == '\n') {
            out += "\\n";
        } else if (c < 0x20 || c == 0x7f) {
            out += escaped(c);
        } else if (c == 0xc2 && next >= 0x80 && next < 0xa0) { // U+0080..U+009F
            out += escaped(next);
            ++i;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + '"';
}

} // namespace rlab::text
