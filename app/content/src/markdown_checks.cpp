#include "markdown_checks.h"

#include <cctype>

#include "file_report.h"
#include "yaml_tree.h"

namespace rlab::content {

namespace {

bool startsWithNoCase(const std::string& text, std::size_t at, std::string_view prefix)
{
    if (text.size() - at < prefix.size())
        return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(text[at + i])) != prefix[i])
            return false;
    return true;
}

std::string shortened(const std::string& text)
{
    return text.size() <= 60 ? text : text.substr(0, 57) + "...";
}

std::optional<MarkdownProblem> linkProblem(const std::string& target, std::size_t at)
{
    if (isAllowedLink(target))
        return std::nullopt;
    return MarkdownProblem {at,
        "the link '" + shortened(target)
            + "' is neither an http(s) address nor a #section of this guide; the app opens only those"};
}

// The target of an inline link whose '(' is at `open`: up to the ')' or the first space.
std::string inlineTarget(const std::string& line, std::size_t open)
{
    std::size_t i = open + 1;
    while (i < line.size() && line[i] == ' ')
        ++i;
    if (i < line.size() && line[i] == '<') {
        const std::size_t close = line.find('>', i);
        return line.substr(i + 1, close == std::string::npos ? std::string::npos : close - i - 1);
    }
    std::size_t end = i;
    while (end < line.size() && line[end] != ')' && line[end] != ' ')
        ++end;
    return line.substr(i, end - i);
}

// Links, images and raw HTML in one line outside code spans; `base` is the line's offset.
std::optional<MarkdownProblem> lineProblem(const std::string& line, std::size_t base)
{
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '\\') {
            ++i; // an escaped character is literal
        } else if (c == '`') {
            std::size_t run = i;
            while (run < line.size() && line[run] == '`')
                ++run;
            const std::string fence(run - i, '`');
            const std::size_t close = line.find(fence, run);
            if (close != std::string::npos)
                i = close + fence.size() - 1; // code spans render as text
            else
                i = run - 1;
        } else if (c == '!' && i + 1 < line.size() && line[i + 1] == '[') {
            return MarkdownProblem {
                base + i, "a guide shows no images ('![...](...)'); describe it in words"};
        } else if (c == ']' && i + 1 < line.size() && line[i + 1] == '(') {
            if (auto problem = linkProblem(inlineTarget(line, i + 1), base + i + 1))
                return problem;
        } else if (c == '<' && i + 1 < line.size()) {
            std::size_t s = i + 1;
            while (s < line.size()
                && (std::isalnum(static_cast<unsigned char>(line[s])) || line[s] == '+' || line[s] == '.'
                    || line[s] == '-'))
                ++s;
            const bool letter = std::isalpha(static_cast<unsigned char>(line[i + 1])) != 0;
            if (letter && s < line.size() && line[s] == ':') { // an autolink <scheme:...>
                const std::size_t close = line.find('>', s);
                if (close != std::string::npos) {
                    if (auto problem = linkProblem(line.substr(i + 1, close - i - 1), base + i))
                        return problem;
                    i = close;
                }
            } else if (letter || line[i + 1] == '/' || line[i + 1] == '!' || line[i + 1] == '?') {
                return MarkdownProblem {base + i,
                    "raw HTML ('" + shortened(line.substr(i, s - i))
                        + "') is not part of the guide Markdown; write Markdown instead"};
            }
        }
    }
    return std::nullopt;
}

} // namespace

bool isAllowedLink(const std::string& target)
{
    for (const std::string_view scheme : {"https://", "http://"})
        if (startsWithNoCase(target, 0, scheme))
            return target.size() > scheme.size();
    if (target.size() < 2 || target[0] != '#')
        return false;
    for (std::size_t i = 1; i < target.size(); ++i) {
        const auto c = static_cast<unsigned char>(target[i]);
        if (!(std::isalnum(c) || c == '-' || c == '_' || c >= 0x80))
            return false;
    }
    return true;
}

std::optional<MarkdownProblem> markdownProblem(const std::string& body)
{
    bool inFence = false;
    int tableRows = 0;
    for (std::size_t start = 0; start < body.size();) {
        const std::size_t end = std::min(body.find('\n', start), body.size());
        const std::string line = body.substr(start, end - start);
        const std::size_t indent = line.find_first_not_of(" \t");
        const std::string trimmed = indent == std::string::npos ? std::string() : line.substr(indent);
        if (trimmed.starts_with("```") || trimmed.starts_with("~~~")) {
            inFence = !inFence;
        } else if (!inFence) {
            tableRows = trimmed.starts_with('|') ? tableRows + 1 : 0;
            if (tableRows > kMostTableRows)
                return MarkdownProblem {start,
                    "a table has more than " + std::to_string(kMostTableRows)
                        + " rows; split it (the app would take too long to show it)"};
            // A reference definition: [label]: target
            if (trimmed.starts_with('[')) {
                const std::size_t colon = trimmed.find("]:");
                if (colon != std::string::npos) {
                    std::size_t t = colon + 2;
                    while (t < trimmed.size() && trimmed[t] == ' ')
                        ++t;
                    std::string target = trimmed.substr(t, trimmed.find(' ', t) - t);
                    if (target.starts_with('<') && target.ends_with('>'))
                        target = target.substr(1, target.size() - 2);
                    const bool definition = !target.empty(); // not "[Chen 2016]:" ending a sentence
                    if (auto problem = definition ? linkProblem(target, start + indent + t) : std::nullopt)
                        return problem;
                }
            }
            if (auto problem = lineProblem(line, start))
                return problem;
        }
        start = end + 1;
    }
    return std::nullopt;
}

void checkMarkdown(const YamlNode& node, FileReport& report, const std::string& name)
{
    if (node.kind != YamlNode::Kind::Scalar)
        return;
    const std::optional<MarkdownProblem> problem = markdownProblem(node.scalar);
    if (!problem)
        return;
    // The place in the file: block scalars start on the line after their '|', at their indentation.
    int line = node.line;
    int column = node.column;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < problem->offset; ++i)
        if (node.scalar[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    int characters = 0;
    for (std::size_t i = lineStart; i < problem->offset; ++i)
        characters += (static_cast<unsigned char>(node.scalar[i]) & 0xC0) != 0x80 ? 1 : 0;
    if (node.blockIndent > 0) {
        line += 1;
        column = node.blockIndent + 1 + characters;
    } else {
        column += characters + (node.plain ? 0 : 1);
    }
    report.error(line, column, "'" + name + "': " + problem->message);
}

} // namespace rlab::content
