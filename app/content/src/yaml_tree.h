#pragma once
// A content file read into a small YAML tree that keeps every node's place (1-based line and
// column). Duplicate keys, which yaml-cpp 0.7 accepts silently, and excessive nesting are caught
// while parsing; oversized files are refused before they are read.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rlab::content {

class FileReport;
struct YamlNode;
using YamlNodePtr = std::shared_ptr<const YamlNode>;

inline constexpr std::uintmax_t maxContentFileBytes = 1024 * 1024;
inline constexpr int maxContentDepth = 32;

struct YamlEntry {
    std::string key;
    int line = 0; // of the key
    int column = 0;
    YamlNodePtr value;
};

struct YamlNode {
    enum class Kind { Null, Scalar, Sequence, Mapping };
    Kind kind = Kind::Null;
    int line = 0;
    int column = 0;
    std::string scalar; // Kind::Scalar
    bool plain = false; // unquoted scalar: may be read as a number or a boolean
    int blockIndent = 0; // a block scalar (| or >): its lines' indentation, from the next line on
    std::vector<YamlNodePtr> items; // Kind::Sequence
    std::vector<YamlEntry> entries; // Kind::Mapping, in file order, duplicates left out

    const YamlEntry* find(std::string_view key) const;
};

// "text", "a list", "a mapping" or "empty": what authors wrote, for type errors.
std::string_view kindName(YamlNode::Kind kind);

// Parses YAML text; problems go to `report`. Null when it is not a usable YAML document.
YamlNodePtr parseYaml(const std::string& text, FileReport& report);

// The bytes of `file`, or nullopt when it cannot be read or passes maxContentFileBytes (which its
// own reader reports): for checks that read a file's text beside its YAML.
std::optional<std::string> readFileText(const std::filesystem::path& file);

// Reads and parses `file`, refusing files over maxContentFileBytes unread.
YamlNodePtr readYamlFile(const std::filesystem::path& file, FileReport& report);

} // namespace rlab::content
