#include "file_report.h"

#include "yaml_tree.h"

namespace rlab::content {

FileReport::FileReport(std::filesystem::path shown, std::vector<Diagnostic>& errors)
    : m_shown(std::move(shown))
    , m_errors(errors)
{
}

void FileReport::error(int line, int column, std::string message)
{
    m_errors.push_back(Diagnostic {m_shown, line, column, std::move(message)});
    ++m_count;
}

void FileReport::error(const YamlNode& node, std::string message)
{
    error(node.line, node.column, std::move(message));
}

void FileReport::error(const YamlEntry& entry, std::string message)
{
    error(entry.line, entry.column, std::move(message));
}

} // namespace rlab::content
