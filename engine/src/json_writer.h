#pragma once
// A small JSON writer for the engine's outputs (rlab run --json, the memory exports): no library,
// locale-independent numbers, commas tracked so callers only name keys and values.

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include "rlab/text.h"

namespace rlab::detail {

// Appends JSON text; tracks commas so callers only name keys and values.
class JsonWriter {
public:
    void beginObject(std::string_view key = {}) { open(key, '{'); }
    void endObject() { close('}'); }
    void beginArray(std::string_view key = {}) { open(key, '['); }
    void endArray() { close(']'); }

    void string(std::string_view key, std::string_view value)
    {
        prefix(key);
        quote(value);
    }
    void boolean(std::string_view key, bool value)
    {
        prefix(key);
        m_text += value ? "true" : "false";
    }
    void integer(std::string_view key, std::uint64_t value)
    {
        prefix(key);
        m_text += std::to_string(value);
    }
    void integer(std::string_view key, std::int64_t value)
    {
        prefix(key);
        m_text += std::to_string(value);
    }
    // The shortest text that reads back as the same float or double, whatever the C locale;
    // NaN and infinities are not JSON, so null.
    void number(std::string_view key, float value)
    {
        if (finite(key, value))
            m_text += text::shortest(value);
    }
    void number(std::string_view key, double value)
    {
        if (finite(key, value))
            m_text += text::shortest(value);
    }
    void null(std::string_view key)
    {
        prefix(key);
        m_text += "null";
    }

    std::string take() { return std::move(m_text); }

private:
    // Writes the key (or null for a value JSON cannot hold) and says whether the value follows.
    bool finite(std::string_view key, double value)
    {
        if (!std::isfinite(value)) {
            null(key);
            return false;
        }
        prefix(key);
        return true;
    }
    void open(std::string_view key, char bracket)
    {
        prefix(key);
        m_text += bracket;
        m_first = true;
    }
    void close(char bracket)
    {
        m_text += bracket;
        m_first = false;
    }
    // Keys are given inside objects and empty inside arrays.
    void prefix(std::string_view key)
    {
        if (!m_first)
            m_text += ',';
        m_first = false;
        if (!key.empty()) {
            quote(key);
            m_text += ':';
        }
    }
    void quote(std::string_view text)
    {
        m_text += '"';
        for (const char c : text) {
            switch (c) {
            case '"':
                m_text += "\\\"";
                break;
            case '\\':
                m_text += "\\\\";
                break;
            case '\b':
                m_text += "\\b";
                break;
            case '\f':
                m_text += "\\f";
                break;
            case '\n':
                m_text += "\\n";
                break;
            case '\r':
                m_text += "\\r";
                break;
            case '\t':
                m_text += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    constexpr std::string_view hex = "0123456789abcdef";
                    m_text += "\\u00";
                    m_text += hex[static_cast<unsigned char>(c) >> 4];
                    m_text += hex[static_cast<unsigned char>(c) & 15];
                } else {
                    m_text += c; // UTF-8 bytes pass through unchanged
                }
            }
        }
        m_text += '"';
    }

    std::string m_text;
    bool m_first = true;
};

} // namespace rlab::detail
