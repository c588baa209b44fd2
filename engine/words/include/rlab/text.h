#pragma once
// Numbers as text, the same on every machine: content, the command line, JSON and messages read
// and write them here with std::from_chars/std::to_chars, which ignore the C locale. The app's
// QApplication sets that locale from the system (a comma decimal point in ru_RU or de_DE), so
// strtod, stod and printf's %f must not touch anything a file or a program reads back.

#include <charconv>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rlab::text {

// The whole of `text` as an integer: nullopt when it is not one, with *tooLarge set when it is
// one that does not fit in Int. A leading '+' is accepted, as YAML and people write it.
template<std::integral Int> std::optional<Int> parseInteger(std::string_view text, bool* tooLarge = nullptr)
{
    if (tooLarge)
        *tooLarge = false;
    if (text.starts_with('+') && text.size() > 1 && text[1] != '-')
        text.remove_prefix(1);
    Int value {};
    const char* end = text.data() + text.size();
    const auto [stop, status] = std::from_chars(text.data(), end, value);
    if (status == std::errc::result_out_of_range && stop == end && tooLarge)
        *tooLarge = true;
    if (status != std::errc() || stop != end)
        return std::nullopt;
    return value;
}

// The whole of `text` as a finite number with '.' as the decimal point ("0.1", "1e-3", "+2").
std::optional<double> parseNumber(std::string_view text);

// 0.1 -> "0.1": the shortest text that reads back as the same value; NaN/inf as "nan"/"inf".
std::string shortest(double value);
std::string shortest(float value);
// printf's "%.<decimals>f" in the C locale: fixed(3.14159, 2) -> "3.14".
std::string fixed(double value, int decimals);
// printf's "%.<digits>g" in the C locale: general(123456789.0, 3) -> "1.23e+08".
std::string general(double value, int digits);
// A signed percentage with one decimal, as "+4.2%" or "-0.5%".
std::string signedPercent(double percent);
// Bytes in binary units for people: mebibytes(1572864, 1) -> "1.5 MiB".
std::string mebibytes(std::uint64_t bytes, int decimals);
std::string gibibytes(double bytes, int decimals);
// A size in the unit that shows it, for sentences: "1 byte", "512 bytes", "3.5 KiB", "12.4 MiB",
// "9.04 GiB" (never "0.00 GiB" for a limit of a few bytes).
std::string bytesShown(std::uint64_t bytes);

// Text from content or an argument as a terminal may show it: control characters (C0, DEL, C1:
// ESC, CSI, OSC, a carriage return, a newline) and bytes that are not UTF-8 become visible
// escapes ("\x1b", "\u009b"), so a run label cannot colour, retitle or overwrite a terminal; and
// past `most` bytes the middle is cut ("... 119000 bytes cut ..."), so a 120 KB argument is not
// echoed whole.
std::string forTerminal(std::string_view text, std::size_t most = 2000);

// `text` as a quoted JSON string: '"' and '\\' escaped, and every control character (C0, DEL and
// the C1 controls U+0080..U+009F, which JSON itself would let through raw) written as \u00XX,
// so JSON printed to a terminal cannot act on it either.
std::string jsonString(std::string_view text);

} // namespace rlab::text
