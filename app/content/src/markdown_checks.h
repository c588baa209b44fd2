#pragma once
// What a guide body may hold (content/README.md "What text may hold"): the Markdown subset the
// app renders, with links only to http(s) addresses and to this guide's own #anchors, no images
// and no raw HTML, so rendering never loads a local file or a remote resource; and tables of at
// most kMostTableRows rows, so rendering time stays bounded.

#include <cstddef>
#include <optional>
#include <string>

namespace rlab::content {

class FileReport;
struct YamlNode;

inline constexpr std::size_t kMostFieldBytes
    = 16 * 1024; // any one text field (the largest real one: 3.6 KiB)
inline constexpr int kMostTableRows = 50; // rows of one Markdown table (real ones: 5)

struct MarkdownProblem {
    std::size_t offset = 0; // byte offset in the body
    std::string message;
};

// The first thing in `body` the app would refuse to render, or nullopt.
std::optional<MarkdownProblem> markdownProblem(const std::string& body);

// Reports markdownProblem(node's text) at its line and column in the file.
void checkMarkdown(const YamlNode& node, FileReport& report, const std::string& name);

// True for a link target the app follows: http(s) (after the user confirms) or "#anchor".
bool isAllowedLink(const std::string& target);

} // namespace rlab::content
