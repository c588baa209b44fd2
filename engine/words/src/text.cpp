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

} // namespace rlab::text
