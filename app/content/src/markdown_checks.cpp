#include "markdown_checks.h"

// The body is parsed by md4c, the parser Qt's QTextDocument::setMarkdown uses to render it, with
// the flags GuideView passes (kRendererFlags), so a link, an image or a table is found exactly where
// the renderer will make one: inside code it is text, in a reference definition it is a link.
// Raw HTML is looked for in a second parse without the no-HTML flags: the renderer shows it as
// literal text, which is never what the author meant.

#include <cctype>
#include <md4c.h>
#include <utility>

#include "file_report.h"
#include "rlab/content/markdown.h"
#include "yaml_tree.h"

namespace rlab::content {

namespace {

// QTextDocument::MarkdownDialectGitHub (Qt passes its MarkdownFeatures to md4c unchanged), and no
// HTML: GuideView::showMarkdown renders with markdownRendererFlags().
constexpr unsigned kGitHubDialect = MD_FLAG_PERMISSIVEURLAUTOLINKS | MD_FLAG_PERMISSIVEEMAILAUTOLINKS
    | MD_FLAG_PERMISSIVEWWWAUTOLINKS | MD_FLAG_TABLES | MD_FLAG_STRIKETHROUGH | MD_FLAG_TASKLISTS
    | MD_FLAG_UNDERLINE;
constexpr unsigned kRendererFlags = kGitHubDialect | MD_FLAG_NOHTML;

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

// One walk of md4c's callbacks over a body, keeping the first problem found.
class Walk {
public:
    explicit Walk(const std::string& body)
        : m_body(body)
    {
    }

    std::optional<MarkdownProblem> run(unsigned flags)
    {
        MD_PARSER parser {};
        parser.flags = flags;
        parser.enter_block = [](MD_BLOCKTYPE type, void* detail, void* self) {
            return static_cast<Walk*>(self)->enterBlock(type, detail);
        };
        parser.leave_block = [](MD_BLOCKTYPE, void*, void*) { return 0; };
        parser.enter_span = [](MD_SPANTYPE type, void* detail, void* self) {
            return static_cast<Walk*>(self)->enterSpan(type, detail);
        };
        parser.leave_span = [](MD_SPANTYPE, void*, void*) { return 0; };
        parser.text = [](MD_TEXTTYPE type, const MD_CHAR* text, MD_SIZE, void* self) {
            return static_cast<Walk*>(self)->onText(type, text);
        };
        m_htmlPass = (flags & MD_FLAG_NOHTML) == 0;
        md_parse(m_body.data(), static_cast<MD_SIZE>(m_body.size()), &parser, this);
        return m_problem;
    }

private:
    // Where md4c's pointer lies in the body; md4c hands out pointers into it for text and for most
    // link targets, and into its own buffer for a target it had to unescape.
    std::optional<std::size_t> offsetOf(const MD_CHAR* at) const
    {
        if (at < m_body.data() || at > m_body.data() + m_body.size())
            return std::nullopt;
        return static_cast<std::size_t>(at - m_body.data());
    }

    int stop(std::size_t offset, std::string message)
    {
        m_problem = MarkdownProblem {offset, std::move(message)};
        return 1; // md_parse stops at a non-zero return
    }

    int enterBlock(MD_BLOCKTYPE type, void*)
    {
        if (m_htmlPass) {
            if (type == MD_BLOCK_HTML)
                m_pending = Pending::Html;
            return 0;
        }
        if (type == MD_BLOCK_TABLE)
            m_tableRows = 0;
        if (type == MD_BLOCK_TR && ++m_tableRows > kMostTableRows)
            m_pending = Pending::TooManyRows;
        return 0;
    }

    int enterSpan(MD_SPANTYPE type, void* detail)
    {
        if (m_htmlPass) {
            return 0;
        } else if (type == MD_SPAN_IMG) {
            m_pending = Pending::Image;
        } else if (type == MD_SPAN_A) {
            const MD_ATTRIBUTE& href = static_cast<MD_SPAN_A_DETAIL*>(detail)->href;
            const std::string target(href.text ? href.text : "", href.size);
            if (!isAllowedLink(target)) {
                m_linkTarget = target;
                // The target's own place where md4c points into the body, else the link's text.
                if (const std::optional<std::size_t> at = offsetOf(href.text); at && href.size > 0)
                    return stop(*at, linkMessage(target));
                m_pending = Pending::Link;
            }
        }
        return 0;
    }

    int onText(MD_TEXTTYPE type, const MD_CHAR* text)
    {
        const std::size_t at = offsetOf(text).value_or(0);
        if (type == MD_TEXT_HTML && m_htmlPass && m_pending == Pending::None)
            m_pending = Pending::Html;
        switch (std::exchange(m_pending, Pending::None)) {
        case Pending::None:
            return 0;
        case Pending::Image: // the alt text follows "!["
            return stop(
                at >= 2 ? at - 2 : at, "a guide shows no images ('![...](...)'); describe it in words");
        case Pending::Link:
            return stop(at, linkMessage(m_linkTarget));
        case Pending::TooManyRows: {
            const std::size_t lineStart = m_body.rfind('\n', at);
            return stop(lineStart == std::string::npos ? 0 : lineStart + 1,
                "a table has more than " + std::to_string(kMostTableRows)
                    + " rows; split it (the app would take too long to show it)");
        }
        case Pending::Html: {
            std::size_t end = at + 1;
            while (end < m_body.size()
                && (std::isalnum(static_cast<unsigned char>(m_body[end])) || m_body[end] == '/'
                    || m_body[end] == '!' || m_body[end] == '?' || m_body[end] == '-'))
                ++end;
            return stop(at,
                "raw HTML ('" + shortened(m_body.substr(at, end - at))
                    + "') is not part of the guide Markdown; write Markdown instead");
        }
        }
        return 0;
    }

    static std::string linkMessage(const std::string& target)
    {
        return "the link '" + shortened(target)
            + "' is neither an http(s) address nor a #section of this guide; the app opens only those";
    }

    enum class Pending { None, Image, Link, TooManyRows, Html }; // reported at the next text's place

    const std::string& m_body;
    std::optional<MarkdownProblem> m_problem;
    Pending m_pending = Pending::None;
    std::string m_linkTarget;
    int m_tableRows = 0;
    bool m_htmlPass = false; // the second parse, HTML recognised: only raw HTML is looked for
};

} // namespace

unsigned markdownRendererFlags()
{
    return kRendererFlags;
}

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
    // What is rendered first (links, images, tables as the app shows them), then raw HTML.
    if (std::optional<MarkdownProblem> shown = Walk(body).run(kRendererFlags))
        return shown;
    return Walk(body).run(kGitHubDialect);
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
