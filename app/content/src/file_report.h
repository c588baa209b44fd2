#pragma once
// Where the problems of one content file go: the file as authors see it, and the shared list.

#include <filesystem>
#include <string>
#include <vector>

#include "rlab/content/content.h"

namespace rlab::content {

struct YamlNode;
struct YamlEntry;

class FileReport {
public:
    FileReport(std::filesystem::path shown, std::vector<Diagnostic>& errors);

    void error(int line, int column, std::string message);
    void error(const YamlNode& node, std::string message); // at the node's value
    void error(const YamlEntry& entry, std::string message); // at the entry's key
    int count() const { return m_count; } // errors reported through this file
    const std::filesystem::path& shown() const { return m_shown; }

private:
    std::filesystem::path m_shown;
    std::vector<Diagnostic>& m_errors;
    int m_count = 0;
};

} // namespace rlab::content
