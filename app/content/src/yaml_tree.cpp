#include "yaml_tree.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <unordered_map>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include "file_report.h"
#include "rlab/words.h"
#include "text_checks.h"

namespace rlab::content {

namespace {

// Thrown from inside the event handler to stop yaml-cpp at once.
struct StopParsing {
    TextPlace place;
    std::string message;
};

std::string tooDeepMessage()
{
    return "nesting is deeper than " + std::to_string(maxContentDepth)
        + " levels; content files need only a few";
}

// A control character in content text would reach a terminal through rlab's output and exports.
std::string controlMessage(char32_t code, const char* where)
{
    char name[8];
    std::snprintf(name, sizeof name, "U+%04X", static_cast<unsigned>(code));
    return std::string("the text holds the control character ") + name + " " + where
        + "; content text may hold tabs and line breaks, but no character a terminal acts on";
}

// Builds the tree from yaml-cpp's events, one document only.
class TreeBuilder final : public YAML::EventHandler {
public:
    TreeBuilder(const std::string& text, FileReport& report)
        : m_text(text)
        , m_report(report)
    {
    }

    // yaml-cpp counts columns in bytes; authors' editors count characters. Marks mostly come in
    // file order, so the count goes on from the last mark on the same line: one long line (a flow
    // list of 90,000 items) is read in linear time, not counted from its start for every node.
    TextPlace place(const YAML::Mark& mark) const
    {
        if (mark.is_null())
            return {0, 0};
        const auto end = std::min(static_cast<std::size_t>(std::max(mark.pos, 0)), m_text.size());
        const std::size_t start
            = end - std::min<std::size_t>(end, static_cast<std::size_t>(std::max(mark.column, 0)));
        if (m_counted.lineStart != start || m_counted.pos > end)
            m_counted = {start, start, 1};
        for (std::size_t i = m_counted.pos; i < end; ++i)
            m_counted.column += (static_cast<unsigned char>(m_text[i]) & 0xC0) != 0x80 ? 1 : 0;
        m_counted.pos = end;
        return {mark.line + 1, m_counted.column};
    }

    // The indentation of a block scalar's first non-blank line when `mark` is at its '|' or '>'.
    int blockIndent(const YAML::Mark& mark) const
    {
        auto at = static_cast<std::size_t>(std::max(mark.pos, 0));
        if (at >= m_text.size() || (m_text[at] != '|' && m_text[at] != '>'))
            return 0;
        for (at = m_text.find('\n', at); at != std::string::npos && at + 1 < m_text.size();
             at = m_text.find('\n', at + 1)) {
            std::size_t p = at + 1;
            while (p < m_text.size() && m_text[p] == ' ')
                ++p;
            if (p < m_text.size() && m_text[p] != '\n' && m_text[p] != '\r')
                return static_cast<int>(p - at - 1);
        }
        return 0;
    }

    YamlNodePtr root() const { return m_root; }

    void OnDocumentStart(const YAML::Mark& mark) override
    {
        if (++m_documents > 1)
            throw StopParsing {
                place(mark), "a second YAML document starts here; a content file holds one document"};
    }
    void OnDocumentEnd() override { }

    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override
    {
        complete(newNode(YamlNode::Kind::Null, mark), anchor);
    }

    void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override
    {
        const auto found = m_anchors.find(anchor);
        if (found == m_anchors.end()) {
            // A node that contains its own alias would make the tree cyclic.
            const TextPlace at = place(mark);
            m_report.error(at.line, at.column, "an alias may not refer to a node that contains it");
            complete(newNode(YamlNode::Kind::Null, mark), 0);
            return;
        }
        complete(found->second, 0, &mark);
    }

    void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
        const std::string& value) override
    {
        auto node = newNode(YamlNode::Kind::Scalar, mark);
        node->scalar = value;
        // Raw controls were refused before parsing; these came from escapes such as "\e" or "\x9b".
        while (const auto control = utf8::firstControl(node->scalar)) {
            if (node->scalar.size() == value.size())
                m_report.error(node->line, node->column, controlMessage(control->code, "as an escape"));
            node->scalar.erase(control->offset, control->code < 0x80 ? 1 : 2);
        }
        node->plain = tag == "?";
        node->blockIndent = blockIndent(mark);
        complete(std::move(node), anchor);
    }

    void OnSequenceStart(
        const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override
    {
        open(newNode(YamlNode::Kind::Sequence, mark), anchor);
    }
    void OnSequenceEnd() override { close(); }

    void OnMapStart(
        const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override
    {
        open(newNode(YamlNode::Kind::Mapping, mark), anchor);
    }
    void OnMapEnd() override { close(); }

private:
    struct OpenNode {
        std::shared_ptr<YamlNode> node;
        YAML::anchor_t anchor = 0;
        bool expectKey = true; // mappings alternate key, value
        bool skipValue = false; // the key was a duplicate or not text
        YamlEntry pending;
        std::unordered_map<std::string, int> keyLines;
    };

    std::shared_ptr<YamlNode> newNode(YamlNode::Kind kind, const YAML::Mark& mark) const
    {
        auto node = std::make_shared<YamlNode>();
        node->kind = kind;
        const TextPlace at = place(mark);
        node->line = at.line;
        node->column = at.column;
        return node;
    }

    void open(std::shared_ptr<YamlNode> node, YAML::anchor_t anchor)
    {
        if (static_cast<int>(m_stack.size()) >= maxContentDepth)
            throw StopParsing {{node->line, node->column}, tooDeepMessage()};
        m_stack.push_back(OpenNode {std::move(node), anchor, true, false, {}, {}});
    }

    void close()
    {
        OpenNode top = std::move(m_stack.back());
        m_stack.pop_back();
        complete(std::move(top.node), top.anchor);
    }

    // Attaches a finished node to its parent; `aliasMark` is where an alias was written.
    void complete(YamlNodePtr node, YAML::anchor_t anchor, const YAML::Mark* aliasMark = nullptr)
    {
        if (anchor != 0)
            m_anchors[anchor] = node;
        if (m_stack.empty()) {
            m_root = std::move(node);
            return;
        }
        OpenNode& parent = m_stack.back();
        if (parent.node->kind == YamlNode::Kind::Sequence) {
            parent.node->items.push_back(std::move(node));
            return;
        }
        if (parent.expectKey) {
            parent.expectKey = false;
            const TextPlace at = aliasMark ? place(*aliasMark) : TextPlace {node->line, node->column};
            const int line = at.line;
            const int column = at.column;
            parent.pending = YamlEntry {node->scalar, line, column, nullptr};
            parent.skipValue = false;
            if (node->kind != YamlNode::Kind::Scalar) {
                m_report.error(line, column, "a mapping key must be plain text");
                parent.skipValue = true;
                return;
            }
            const auto [first, inserted] = parent.keyLines.emplace(node->scalar, line);
            if (!inserted) {
                m_report.error(line, column,
                    "duplicate key '" + node->scalar + "' (first at line " + std::to_string(first->second)
                        + ")");
                parent.skipValue = true;
            }
            return;
        }
        parent.expectKey = true;
        if (!parent.skipValue) {
            parent.pending.value = std::move(node);
            parent.node->entries.push_back(std::move(parent.pending));
        }
    }

    const std::string& m_text;
    FileReport& m_report;
    // Where place() last counted to: the line's first byte, the byte reached, its column there.
    struct Counted {
        std::size_t lineStart = 0;
        std::size_t pos = 0;
        int column = 1;
    };
    mutable Counted m_counted;
    int m_documents = 0;
    std::vector<OpenNode> m_stack;
    std::map<YAML::anchor_t, YamlNodePtr> m_anchors;
    YamlNodePtr m_root;
};

} // namespace

const YamlEntry* YamlNode::find(std::string_view key) const
{
    for (const YamlEntry& entry : entries)
        if (entry.key == key)
            return &entry;
    return nullptr;
}

std::string_view kindName(YamlNode::Kind kind)
{
    switch (kind) {
    case YamlNode::Kind::Null:
        return "empty";
    case YamlNode::Kind::Scalar:
        return "text";
    case YamlNode::Kind::Sequence:
        return "a list";
    case YamlNode::Kind::Mapping:
        return "a mapping";
    }
    return "unknown";
}

YamlNodePtr parseYaml(const std::string& source, FileReport& report)
{
    // Columns are counted from the first character after a byte order mark.
    const std::string text = source.starts_with("\xEF\xBB\xBF") ? source.substr(3) : source;
    if (const auto offset = invalidUtf8(text)) {
        const TextPlace at = placeOf(text, *offset);
        report.error(at.line, at.column, "the file is not valid UTF-8 here; save it as UTF-8");
        return nullptr;
    }
    if (const auto control = utf8::firstControl(text, true)) {
        const TextPlace at = placeOf(text, control->offset);
        report.error(at.line, at.column, controlMessage(control->code, "here"));
        return nullptr;
    }
    if (const auto at = tooDeepFlow(text, maxContentDepth)) {
        report.error(at->line, at->column, tooDeepMessage());
        return nullptr;
    }
    std::istringstream stream(text);
    TreeBuilder builder(text, report);
    try {
        YAML::Parser parser(stream);
        if (!parser.HandleNextDocument(builder)) {
            report.error(0, 0, "the file holds no YAML document");
            return nullptr;
        }
        parser.HandleNextDocument(builder); // only to refuse a second document
    } catch (const StopParsing& stop) {
        report.error(stop.place.line, stop.place.column, stop.message);
        return nullptr;
    } catch (const YAML::Exception& error) {
        const TextPlace at = builder.place(error.mark);
        // A colon and a space inside plain text ("Note: ...") start a second key on the same line.
        const std::string hint = error.msg == YAML::ErrorMsg::MAP_VALUE
            ? "; a text holding \": \" (as in \"Note: ...\") must be quoted: put the whole text in double "
              "quotes, or write >- after the key and the text on the lines below"
            : "";
        report.error(at.line, at.column, "malformed YAML: " + error.msg + hint);
        return nullptr;
    }
    if (!builder.root()) {
        report.error(0, 0, "the file holds no YAML document");
        return nullptr;
    }
    return builder.root();
}

YamlNodePtr readYamlFile(const std::filesystem::path& file, FileReport& report)
{
    if (notRegularFile(file.string())) {
        report.error(0, 0, "the file is not a regular file (a pipe, a device or a folder); it is not read");
        return nullptr;
    }
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(file, error);
    if (error) {
        report.error(0, 0, "cannot read the file: " + error.message());
        return nullptr;
    }
    if (size > maxContentFileBytes) {
        report.error(0, 0,
            "the file is " + std::to_string(size) + " bytes, over the limit of "
                + std::to_string(maxContentFileBytes) + " bytes (1 MiB) for a content file");
        return nullptr;
    }
    std::ifstream in(file, std::ios::binary);
    std::string text(static_cast<std::size_t>(size), '\0');
    if (!in || !in.read(text.data(), static_cast<std::streamsize>(size))) {
        report.error(0, 0, "cannot read the file");
        return nullptr;
    }
    return parseYaml(text, report);
}

std::optional<std::string> readFileText(const std::filesystem::path& file)
{
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(file, error);
    if (error || size > maxContentFileBytes)
        return std::nullopt; // already reported by the file's own reader
    std::ifstream in(file, std::ios::binary);
    std::string text(static_cast<std::size_t>(size), '\0');
    if (!in || !in.read(text.data(), static_cast<std::streamsize>(size)))
        return std::nullopt;
    return text;
}

} // namespace rlab::content
