#pragma once
// Reading one YAML mapping against the schema: unknown keys and missing required keys are
// reported when it is opened, and each value is read as the type the schema wants, or reported.

#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "yaml_tree.h"

namespace rlab::content {

class FileReport;

// Scalar readers: each reports a wrong type or value at `node` naming it `name`, and returns nullopt.
std::optional<std::string> readText(const YamlNode& node, FileReport& report, std::string_view name);
std::optional<std::string> readId(const YamlNode& node, FileReport& report, std::string_view name);
std::optional<long long> readInteger(const YamlNode& node, FileReport& report, std::string_view name);
std::optional<double> readNumber(const YamlNode& node, FileReport& report, std::string_view name);
std::optional<bool> readBoolean(const YamlNode& node, FileReport& report, std::string_view name);
bool isId(std::string_view text); // [a-z0-9-]+, not starting with '-'

class Fields {
public:
    // `what` names the mapping in messages ("question 'what-is-traded'").
    Fields(const YamlNode& node, FileReport& report, std::string what,
        std::initializer_list<std::string_view> required, std::initializer_list<std::string_view> optional)
        : Fields(node, report, std::move(what), std::span(required.begin(), required.size()),
            std::span(optional.begin(), optional.size()))
    {
    }
    Fields(const YamlNode& node, FileReport& report, std::string what,
        std::span<const std::string_view> required, std::span<const std::string_view> optional);

    bool isMapping() const { return m_isMapping; }
    const std::string& what() const { return m_what; }
    const YamlNode* node(std::string_view key) const; // null when absent

    // Absent keys give nullopt / null (missing required ones were reported on opening).
    std::optional<std::string> text(std::string_view key) const;
    std::optional<std::string> id(std::string_view key) const;
    std::optional<long long> integer(std::string_view key) const;
    std::optional<double> number(std::string_view key) const;
    std::optional<bool> boolean(std::string_view key) const;
    const YamlNode* list(std::string_view key) const; // a sequence, else reported
    const YamlNode* mapping(std::string_view key) const; // a mapping, else reported

private:
    const YamlNode& m_node;
    FileReport& m_report;
    std::string m_what;
    bool m_isMapping = false;
};

// "question 'x'" when the mapping has a text `id`, else "a question": names an entry before it is read.
std::string describe(const YamlNode& node, std::string_view noun);

// Reports `node` unless it is a sequence (a list), naming it `name`.
bool expectList(const YamlNode& node, FileReport& report, std::string_view name);
bool expectMapping(const YamlNode& node, FileReport& report, std::string_view name);

// The ids of one list: an id used twice is reported at its second use.
class UniqueIds {
public:
    explicit UniqueIds(std::string noun)
        : m_noun(std::move(noun))
    {
    }
    void add(const std::string& id, const YamlNode& at, FileReport& report);

private:
    std::string m_noun;
    std::unordered_map<std::string, int> m_lines;
};

} // namespace rlab::content
