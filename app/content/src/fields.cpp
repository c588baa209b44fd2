#include "fields.h"

#include "file_report.h"
#include "markdown_checks.h"
#include "rlab/text.h"

namespace rlab::content {

namespace {

std::string quoted(std::string_view name)
{
    std::string text = "'";
    return text.append(name).append("'");
}

// Names a wrong value in a message: its text when short, else its kind.
std::string shown(const YamlNode& node)
{
    if (node.kind != YamlNode::Kind::Scalar)
        return std::string(kindName(node.kind));
    if (node.scalar.size() > 40)
        return "'" + node.scalar.substr(0, 37) + "...'";
    return "'" + node.scalar + "'";
}

std::string joined(std::span<const std::string_view> required, std::span<const std::string_view> optional)
{
    std::string all;
    for (const auto list : {required, optional})
        for (std::string_view key : list)
            all += (all.empty() ? "" : ", ") + std::string(key);
    return all;
}

} // namespace

bool isId(std::string_view text)
{
    if (text.empty() || text.front() == '-')
        return false;
    for (char c : text)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
            return false;
    return true;
}

std::optional<std::string> readText(const YamlNode& node, FileReport& report, std::string_view name)
{
    if (node.kind == YamlNode::Kind::Sequence || node.kind == YamlNode::Kind::Mapping) {
        report.error(node, quoted(name) + " must be text, not " + std::string(kindName(node.kind)));
        return std::nullopt;
    }
    std::string text = node.kind == YamlNode::Kind::Scalar ? node.scalar : std::string();
    if (text.size() > kMostFieldBytes) {
        report.error(node,
            quoted(name) + " is " + std::to_string(text.size()) + " bytes long; a text field holds at most "
                + std::to_string(kMostFieldBytes) + " bytes");
        return std::nullopt;
    }
    // Block scalars end in a newline; trailing space carries no meaning in a field.
    const auto end = text.find_last_not_of(" \t\r\n");
    text.erase(end == std::string::npos ? 0 : end + 1);
    if (text.empty()) {
        report.error(node, quoted(name) + " is empty");
        return std::nullopt;
    }
    return text;
}

std::optional<std::string> readId(const YamlNode& node, FileReport& report, std::string_view name)
{
    auto text = readText(node, report, name);
    if (text && !isId(*text)) {
        report.error(node,
            quoted(name) + " must be lowercase letters, digits and '-' (like 'what-is-traded'), not "
                + shown(node));
        return std::nullopt;
    }
    return text;
}

std::optional<long long> readInteger(const YamlNode& node, FileReport& report, std::string_view name)
{
    if (node.kind == YamlNode::Kind::Scalar && node.plain)
        if (const auto value = text::parseInteger<long long>(node.scalar))
            return value;
    report.error(node, quoted(name) + " must be a whole number, not " + shown(node));
    return std::nullopt;
}

std::optional<double> readNumber(const YamlNode& node, FileReport& report, std::string_view name)
{
    // Not strtod: it follows the C locale, and the app's locale may want "0,1" for 0.1.
    if (node.kind == YamlNode::Kind::Scalar && node.plain)
        if (const auto value = text::parseNumber(node.scalar))
            return value;
    report.error(node, quoted(name) + " must be a number, not " + shown(node));
    return std::nullopt;
}

std::optional<bool> readBoolean(const YamlNode& node, FileReport& report, std::string_view name)
{
    if (node.kind == YamlNode::Kind::Scalar && node.plain) {
        const std::string& text = node.scalar;
        if (text == "true" || text == "True" || text == "TRUE")
            return true;
        if (text == "false" || text == "False" || text == "FALSE")
            return false;
    }
    report.error(node, quoted(name) + " must be true or false, not " + shown(node));
    return std::nullopt;
}

bool expectList(const YamlNode& node, FileReport& report, std::string_view name)
{
    if (node.kind == YamlNode::Kind::Sequence)
        return true;
    report.error(node, quoted(name) + " must be a list, not " + shown(node));
    return false;
}

bool expectMapping(const YamlNode& node, FileReport& report, std::string_view name)
{
    if (node.kind == YamlNode::Kind::Mapping)
        return true;
    report.error(node, quoted(name) + " must be a mapping of keys to values, not " + shown(node));
    return false;
}

std::string describe(const YamlNode& node, std::string_view noun)
{
    const YamlEntry* id = node.kind == YamlNode::Kind::Mapping ? node.find("id") : nullptr;
    if (id && id->value->kind == YamlNode::Kind::Scalar && !id->value->scalar.empty())
        return std::string(noun) + " '" + id->value->scalar + "'";
    const char first = noun.empty() ? 'x' : noun.front();
    const bool vowel = first == 'a' || first == 'e' || first == 'i' || first == 'o' || first == 'u';
    return (vowel ? "an " : "a ") + std::string(noun);
}

Fields::Fields(const YamlNode& node, FileReport& report, std::string what,
    std::span<const std::string_view> required, std::span<const std::string_view> optional)
    : m_node(node)
    , m_report(report)
    , m_what(std::move(what))
{
    if (node.kind != YamlNode::Kind::Mapping) {
        report.error(node, m_what + " must be a mapping of keys to values, not " + shown(node));
        return;
    }
    m_isMapping = true;
    for (const YamlEntry& entry : node.entries) {
        bool known = false;
        for (const auto list : {required, optional})
            for (std::string_view key : list)
                known = known || key == entry.key;
        if (!known)
            report.error(entry,
                "unknown key '" + entry.key + "' in " + m_what + " (allowed: " + joined(required, optional)
                    + ")");
    }
    for (std::string_view key : required)
        if (!node.find(key))
            report.error(node, m_what + " is missing the required key '" + std::string(key) + "'");
}

void UniqueIds::add(const std::string& id, const YamlNode& at, FileReport& report)
{
    const auto [first, inserted] = m_lines.emplace(id, at.line);
    if (!inserted)
        report.error(at,
            "duplicate " + m_noun + " id '" + id + "' (first at line " + std::to_string(first->second) + ")");
}

const YamlNode* Fields::node(std::string_view key) const
{
    if (!m_isMapping)
        return nullptr;
    const YamlEntry* entry = m_node.find(key);
    return entry ? entry->value.get() : nullptr;
}

std::optional<std::string> Fields::text(std::string_view key) const
{
    const YamlNode* value = node(key);
    return value ? readText(*value, m_report, key) : std::nullopt;
}

std::optional<std::string> Fields::id(std::string_view key) const
{
    const YamlNode* value = node(key);
    return value ? readId(*value, m_report, key) : std::nullopt;
}

std::optional<long long> Fields::integer(std::string_view key) const
{
    const YamlNode* value = node(key);
    return value ? readInteger(*value, m_report, key) : std::nullopt;
}

std::optional<double> Fields::number(std::string_view key) const
{
    const YamlNode* value = node(key);
    return value ? readNumber(*value, m_report, key) : std::nullopt;
}

std::optional<bool> Fields::boolean(std::string_view key) const
{
    const YamlNode* value = node(key);
    return value ? readBoolean(*value, m_report, key) : std::nullopt;
}

const YamlNode* Fields::list(std::string_view key) const
{
    const YamlNode* value = node(key);
    return value && expectList(*value, m_report, key) ? value : nullptr;
}

const YamlNode* Fields::mapping(std::string_view key) const
{
    const YamlNode* value = node(key);
    return value && expectMapping(*value, m_report, key) ? value : nullptr;
}

} // namespace rlab::content
