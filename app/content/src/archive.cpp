#include "rlab/content/archive.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <set>
#include <string_view>
#include <utility>
#include <zlib.h>

namespace fs = std::filesystem;

namespace rlab::content {

namespace {

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

bool endsWith(std::string_view text, std::string_view end)
{
    return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

std::string mib(std::uint64_t bytes)
{
    return std::to_string(bytes) + " bytes (" + std::to_string(bytes / (1024 * 1024)) + " MiB)";
}

// True when `text` is well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF).
bool isUtf8(std::string_view text)
{
    for (std::size_t i = 0; i < text.size();) {
        const auto byte = [&](std::size_t at) { return static_cast<unsigned char>(text[at]); };
        const unsigned char lead = byte(i);
        const int length = lead < 0x80 ? 1
            : (lead >> 5) == 0x6       ? 2
            : (lead >> 4) == 0xe       ? 3
            : (lead >> 3) == 0x1e      ? 4
                                       : 0;
        if (length == 0 || i + static_cast<std::size_t>(length) > text.size())
            return false;
        std::uint32_t code = length == 1 ? lead : lead & (0x7f >> length);
        for (int k = 1; k < length; ++k) {
            if ((byte(i + static_cast<std::size_t>(k)) & 0xc0) != 0x80)
                return false;
            code = (code << 6) | (byte(i + static_cast<std::size_t>(k)) & 0x3f);
        }
        static constexpr std::uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
        if (code < least[length] || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
            return false;
        i += static_cast<std::size_t>(length);
    }
    return true;
}

// An entry's name as a message shows it: printable, valid UTF-8 and not too long, since a hostile
// name could otherwise carry terminal escapes into `rlab check-content`'s output.
std::string shownName(std::string_view entry)
{
    std::string shown;
    for (const char c : entry.substr(0, 200))
        shown += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
    if (!isUtf8(shown))
        for (char& c : shown)
            if (static_cast<unsigned char>(c) >= 0x80)
                c = '?';
    return entry.size() > 200 ? shown + "..." : shown;
}

// Thrown inside the reader with the sentence the user sees; never leaves this file.
struct Refusal {
    std::string sentence;
};

std::uint32_t le16(const std::string& data, std::size_t at)
{
    return static_cast<unsigned char>(data[at]) | static_cast<unsigned char>(data[at + 1]) << 8;
}

std::uint32_t le32(const std::string& data, std::size_t at)
{
    return le16(data, at) | le16(data, at + 2) << 16;
}

// Unpacks an archive into `top`, checking every entry before it is written.
class Unpacker {
public:
    Unpacker(const fs::path& archive, const fs::path& top, const ArchiveLimits& limits)
        : m_archive(archive)
        , m_top(top)
        , m_limits(limits)
        , m_name(archive.generic_string())
    {
    }

    void run()
    {
        std::error_code error;
        const std::uintmax_t size = fs::file_size(m_archive, error);
        if (error || !fs::is_regular_file(m_archive, error))
            throw Refusal {
                m_name + " cannot be read; a pack archive must be a .zip, .tar, .tar.gz or .tgz file."};
        if (size > m_limits.maxTotalBytes)
            throw Refusal {m_name + " is " + std::to_string(size) + " bytes, over the limit of "
                + mib(m_limits.maxTotalBytes) + " for a pack archive."};
        std::ifstream in(m_archive, std::ios::binary);
        std::string data(size, '\0');
        if (!in.read(data.data(), static_cast<std::streamsize>(size)))
            throw Refusal {m_name + " cannot be read."};
        if (data.size() >= 4 && le32(data, 0) == 0x04034b50)
            readZip(data);
        else if (data.size() >= 4 && le32(data, 0) == 0x06054b50)
            throw Refusal {m_name + " is an empty zip archive; it holds no pack."};
        else if (data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f
            && static_cast<unsigned char>(data[1]) == 0x8b)
            readTar(gunzip(data));
        else
            readTar(data);
    }

private:
    [[noreturn]] void refuse(const std::string& entry, const std::string& what) const
    {
        throw Refusal {
            m_name + ": the entry '" + shownName(entry) + "' " + what + "; the archive is refused."};
    }

    [[noreturn]] void damaged(const std::string& what) const
    {
        throw Refusal {m_name + " is damaged or not a pack archive (" + what + ")."};
    }

    void countEntry()
    {
        if (++m_entries > m_limits.maxEntries)
            throw Refusal {m_name + " holds more than " + std::to_string(m_limits.maxEntries)
                + " entries, the limit for a pack archive."};
    }

    void checkSize(const std::string& entry, std::uint64_t size)
    {
        if (size > m_limits.maxFileBytes)
            refuse(entry,
                "is " + std::to_string(size) + " bytes, over the limit of " + mib(m_limits.maxFileBytes)
                    + " for a content file");
        m_total += size;
        if (m_total > m_limits.maxTotalBytes)
            throw Refusal {m_name + "'s files add up to more than " + mib(m_limits.maxTotalBytes)
                + ", the limit for a pack archive (at the entry '" + shownName(entry) + "')."};
    }

    // The entry's path inside the top folder, or nothing for the top itself and macOS's __MACOSX
    // resource forks. Refuses absolute paths, "..", backslashes and control characters.
    std::optional<fs::path> place(const std::string& entry) const
    {
        if (entry.empty())
            refuse(entry, "has no name");
        if (entry.front() == '/'
            || (entry.size() >= 2 && std::isalpha(static_cast<unsigned char>(entry[0])) && entry[1] == ':'))
            refuse(entry, "has an absolute path");
        for (const char c : entry) {
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
                refuse(entry, "has a control character in its name");
            if (c == '\\')
                refuse(entry, "has a backslash in its name (write paths with /)");
        }
        if (!isUtf8(entry))
            refuse(entry, "has a name that is not UTF-8 text");
        fs::path relative;
        std::size_t start = 0;
        while (start <= entry.size()) {
            const std::size_t end = std::min(entry.find('/', start), entry.size());
            const std::string part = entry.substr(start, end - start);
            if (part == "..")
                refuse(entry, "climbs out of the pack with '..'");
            if (!part.empty() && part != ".")
                relative /= part;
            start = end + 1;
        }
        if (relative.empty() || *relative.begin() == "__MACOSX")
            return std::nullopt;
        return relative;
    }

    void addFolder(const std::string& entry)
    {
        const std::optional<fs::path> relative = place(entry);
        if (!relative)
            return;
        std::error_code error;
        fs::create_directories(m_top / *relative, error);
        if (error)
            refuse(entry, "cannot be made a folder (a file of the same name comes first)");
    }

    void addFile(const std::string& entry, const std::string& bytes)
    {
        const std::optional<fs::path> relative = place(entry);
        if (!relative)
            return;
        if (!m_written.insert(relative->generic_string()).second)
            refuse(entry, "comes twice");
        const fs::path target = m_top / *relative;
        std::error_code error;
        fs::create_directories(target.parent_path(), error);
        if (error || fs::exists(target, error))
            refuse(entry, "clashes with a folder or file of the same name");
        std::ofstream out(target, std::ios::binary);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        if (!out.good())
            throw Refusal {m_name + ": the entry '" + shownName(entry)
                + "' could not be written to the temporary folder."};
    }

    // --- zip: the central directory lists the entries; each one's data follows its local header.
    void readZip(const std::string& data)
    {
        const std::size_t searchFrom = data.size() > 22 + 65535 ? data.size() - 22 - 65535 : 0;
        std::size_t end = std::string::npos;
        for (std::size_t at = data.size() >= 22 ? data.size() - 22 : 0; at + 22 <= data.size(); --at) {
            if (le32(data, at) == 0x06054b50) {
                end = at;
                break;
            }
            if (at == searchFrom)
                break;
        }
        if (end == std::string::npos)
            damaged("no zip directory at its end; it may be truncated");
        const std::uint32_t count = le16(data, end + 10);
        const std::uint32_t directorySize = le32(data, end + 12);
        const std::uint32_t directoryAt = le32(data, end + 16);
        if (le16(data, end + 4) != 0 || le16(data, end + 6) != 0 || count != le16(data, end + 8))
            damaged("a zip split over several files");
        if (count == 0xffff || directoryAt == 0xffffffff)
            damaged("ZIP64, which a pack never needs");
        if (count > static_cast<std::uint32_t>(m_limits.maxEntries))
            throw Refusal {m_name + " holds " + std::to_string(count) + " entries, over the limit of "
                + std::to_string(m_limits.maxEntries) + " for a pack archive."};
        if (std::uint64_t(directoryAt) + directorySize > end)
            damaged("its zip directory lies outside the file");
        std::size_t at = directoryAt;
        for (std::uint32_t i = 0; i < count; ++i) {
            if (at + 46 > end || le32(data, at) != 0x02014b50)
                damaged("its zip directory is cut short");
            const std::uint32_t madeBy = le16(data, at + 4);
            const std::uint32_t flags = le16(data, at + 8);
            const std::uint32_t method = le16(data, at + 10);
            const std::uint32_t crc = le32(data, at + 16);
            const std::uint32_t packed = le32(data, at + 20);
            const std::uint32_t size = le32(data, at + 24);
            const std::uint32_t nameLength = le16(data, at + 28);
            const std::uint32_t extraLength = le16(data, at + 30);
            const std::uint32_t commentLength = le16(data, at + 32);
            const std::uint32_t attributes = le32(data, at + 38);
            const std::uint32_t local = le32(data, at + 42);
            if (at + 46 + nameLength > end)
                damaged("its zip directory is cut short");
            const std::string entry = data.substr(at + 46, nameLength);
            at += 46 + nameLength + extraLength + commentLength;
            countEntry();

            const std::uint32_t type = (madeBy >> 8) == 3 ? (attributes >> 16) & 0170000 : 0; // Unix st_mode
            if (type == 0120000)
                refuse(entry, "is a symbolic link, and a pack holds only folders and files");
            if (type != 0 && type != 0100000 && type != 0040000)
                refuse(entry, "is a device or another special file, and a pack holds only folders and files");
            if (endsWith(entry, "/") || type == 0040000) {
                addFolder(entry);
                continue;
            }
            if (flags & 1)
                refuse(entry, "is encrypted");
            if (method != 0 && method != 8)
                refuse(entry,
                    "is compressed with method " + std::to_string(method)
                        + ", and only stored and deflated entries are read");
            if (packed == 0xffffffff || size == 0xffffffff)
                damaged("ZIP64, which a pack never needs");
            checkSize(entry, size);
            if (size > m_limits.maxRatio * std::max<std::uint64_t>(packed, 1) && size > 0)
                refuse(entry,
                    "would unpack " + std::to_string(size) + " bytes from " + std::to_string(packed)
                        + ", over " + std::to_string(m_limits.maxRatio)
                        + " times its packed size, as a compression bomb does");
            if (std::uint64_t(local) + 30 > data.size() || le32(data, local) != 0x04034b50)
                damaged("the entry '" + shownName(entry) + "' has no local header where its directory says");
            const std::uint64_t from
                = std::uint64_t(local) + 30 + le16(data, local + 26) + le16(data, local + 28);
            if (from + packed > data.size())
                damaged("the entry '" + shownName(entry) + "' is cut short");
            std::string bytes
                = method == 0 ? data.substr(from, packed) : inflateRaw(data, from, packed, size, entry);
            if (bytes.size() != size)
                damaged("the entry '" + shownName(entry) + "' does not hold the size its directory gives");
            const uLong check
                = crc32(0L, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size()));
            if (check != crc)
                damaged("the entry '" + shownName(entry) + "' fails its CRC-32 check");
            addFile(entry, bytes);
        }
    }

    std::string inflateRaw(const std::string& data, std::uint64_t from, std::uint32_t packed,
        std::uint32_t size, const std::string& entry) const
    {
        z_stream stream {};
        if (inflateInit2(&stream, -MAX_WBITS) != Z_OK)
            damaged("zlib could not start");
        std::string out(size + 1, '\0'); // one byte more than promised shows an entry that lies
        stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data() + from));
        stream.avail_in = packed;
        stream.next_out = reinterpret_cast<Bytef*>(out.data());
        stream.avail_out = static_cast<uInt>(out.size());
        const int result = inflate(&stream, Z_FINISH);
        const std::size_t produced = out.size() - stream.avail_out;
        inflateEnd(&stream);
        if (result != Z_STREAM_END)
            damaged("the entry '" + shownName(entry) + "' does not inflate"
                + std::string(
                    result == Z_BUF_ERROR && produced > size ? " to the size its directory gives" : ""));
        out.resize(produced);
        return out;
    }

    // --- tar (plain or gzipped): 512-byte headers, each followed by its data.
    std::string gunzip(const std::string& data) const
    {
        // A tar of files within the limits: their bytes, a header and padding per entry, the end.
        const std::uint64_t most
            = m_limits.maxTotalBytes + std::uint64_t(m_limits.maxEntries) * 3 * 512 + 20480;
        z_stream stream {};
        if (inflateInit2(&stream, MAX_WBITS + 16) != Z_OK)
            damaged("zlib could not start");
        stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
        stream.avail_in = static_cast<uInt>(data.size());
        std::string out;
        char chunk[65536];
        int result = Z_OK;
        while (result == Z_OK) {
            stream.next_out = reinterpret_cast<Bytef*>(chunk);
            stream.avail_out = sizeof chunk;
            result = inflate(&stream, Z_NO_FLUSH);
            out.append(chunk, sizeof chunk - stream.avail_out);
            if (out.size() > most || out.size() > m_limits.maxRatio * data.size() + 65536) {
                inflateEnd(&stream);
                throw Refusal {m_name + " would unpack to more than "
                    + (out.size() > most ? mib(m_limits.maxTotalBytes)
                                         : std::to_string(m_limits.maxRatio)
                                + " times its size, as a compression bomb does")
                    + "; the archive is refused."};
            }
            if (result == Z_BUF_ERROR && stream.avail_in == 0)
                break;
        }
        inflateEnd(&stream);
        if (result != Z_STREAM_END)
            damaged("its gzip stream "
                + std::string(result == Z_BUF_ERROR ? "ends early; it may be truncated" : "is corrupt"));
        return out;
    }

    static std::optional<std::uint64_t> octal(const char* field, int length)
    {
        std::uint64_t value = 0;
        int i = 0;
        while (i < length && (field[i] == ' ' || field[i] == '\0'))
            ++i;
        bool digits = false;
        for (; i < length && field[i] >= '0' && field[i] <= '7'; ++i) {
            value = value * 8 + static_cast<std::uint64_t>(field[i] - '0');
            digits = true;
            if (value > (std::uint64_t(1) << 40))
                return std::nullopt;
        }
        for (; i < length; ++i)
            if (field[i] != ' ' && field[i] != '\0')
                return std::nullopt;
        return digits ? std::optional(value) : std::optional<std::uint64_t>(0);
    }

    static std::string field(const char* header, int at, int length)
    {
        return std::string(header + at, strnlen(header + at, static_cast<std::size_t>(length)));
    }

    void readTar(const std::string& data)
    {
        std::size_t at = 0;
        std::string longName; // a GNU 'L' entry or a pax "path" for the next entry
        while (true) {
            if (at + 512 > data.size())
                damaged(at == 0 ? "not a zip or tar archive"
                                : "it ends before its end-of-archive marker; it may be truncated");
            const char* header = data.data() + at;
            if (std::all_of(header, header + 512, [](char c) { return c == '\0'; }))
                break;
            const std::optional<std::uint64_t> checksum = octal(header + 148, 8);
            unsigned sum = 0;
            for (int i = 0; i < 512; ++i)
                sum += (i >= 148 && i < 156) ? ' ' : static_cast<unsigned char>(header[i]);
            if (!checksum || *checksum != sum)
                damaged(at == 0 ? "not a zip or tar archive" : "a tar header fails its checksum");
            const std::optional<std::uint64_t> size = octal(header + 124, 12);
            std::string entry = field(header, 0, 100);
            if (std::memcmp(header + 257, "ustar\0", 6) == 0 && header[345] != '\0')
                entry = field(header, 345, 155) + "/" + entry;
            if (!longName.empty())
                entry = std::exchange(longName, {});
            if (!size)
                damaged("the entry '" + shownName(entry) + "' gives no size a pack could have");
            const std::size_t dataAt = at + 512;
            if (dataAt + *size > data.size())
                damaged("the entry '" + shownName(entry) + "' is cut short; the archive may be truncated");
            const std::string bytes = data.substr(dataAt, *size);
            at = dataAt + (*size + 511) / 512 * 512;

            const char type = header[156];
            if (type == 'L' || type == 'x' || type == 'g') {
                if (*size > 65536)
                    damaged("an extended header of " + std::to_string(*size) + " bytes");
                if (type == 'L')
                    longName = field(bytes.data(), 0, static_cast<int>(bytes.size()));
                else if (type == 'x')
                    longName = paxPath(bytes);
                continue;
            }
            countEntry();
            if (type == '2')
                refuse(entry, "is a symbolic link, and a pack holds only folders and files");
            if (type == '1' || type == 'K')
                refuse(entry, "is a hard link, and a pack holds only folders and files");
            if (type == '5') {
                addFolder(entry);
                continue;
            }
            if (type != '0' && type != '\0' && type != '7')
                refuse(entry, "is a device or another special file, and a pack holds only folders and files");
            checkSize(entry, *size);
            addFile(entry, bytes);
        }
        if (m_entries == 0)
            throw Refusal {m_name + " is an empty archive; it holds no pack."};
    }

    // The "path" record of a pax extended header ("<length> path=<name>\n" records), if any.
    static std::string paxPath(const std::string& records)
    {
        std::size_t at = 0;
        std::string path;
        while (at < records.size()) {
            const std::size_t space = records.find(' ', at);
            if (space == std::string::npos)
                break;
            std::size_t length = 0;
            for (std::size_t i = at; i < space; ++i)
                length = length * 10
                    + static_cast<std::size_t>(
                        std::isdigit(static_cast<unsigned char>(records[i])) ? records[i] - '0' : 0);
            if (length <= space - at || at + length > records.size())
                break;
            const std::string record = records.substr(space + 1, at + length - space - 2);
            if (record.rfind("path=", 0) == 0)
                path = record.substr(5);
            at += length;
        }
        return path;
    }

    fs::path m_archive;
    fs::path m_top;
    ArchiveLimits m_limits;
    std::string m_name;
    int m_entries = 0;
    std::uint64_t m_total = 0;
    std::set<std::string> m_written;
};

bool isFolderWith(const fs::path& folder, const char* child)
{
    std::error_code error;
    return fs::is_directory(folder / child, error);
}

} // namespace

bool isPackArchive(const fs::path& file)
{
    const std::string name = lower(file.filename().string());
    return endsWith(name, ".zip") || endsWith(name, ".tar") || endsWith(name, ".tar.gz")
        || endsWith(name, ".tgz");
}

UnpackedPack::UnpackedPack(const fs::path& archive, const ArchiveLimits& limits)
    : m_archive(archive)
{
    std::error_code error;
    std::string pattern = (fs::temp_directory_path(error) / "rlab-pack-XXXXXX").string();
    if (error || !mkdtemp(pattern.data())) {
        m_error = "No temporary folder could be made to unpack " + archive.generic_string() + ".";
        return;
    }
    m_temporary = pattern;
    // Named as the archive, so the loader's paths ("<folder name>/quizzes/...") start with its name.
    m_top = m_temporary / archive.filename();
    fs::create_directory(m_top, error);
    try {
        Unpacker(archive, m_top, limits).run();
    } catch (const Refusal& refusal) {
        m_error = refusal.sentence;
        return;
    } catch (const std::exception& failure) {
        m_error = archive.generic_string() + " could not be unpacked (" + failure.what() + ").";
        return;
    }
    // "Zip the folder" makes an archive holding the pack's folder; an archive of its contents holds
    // quizzes/ at the top. Either way the pack is where quizzes/ is.
    if (isFolderWith(m_top, "quizzes")) {
        m_root = m_top;
        return;
    }
    std::vector<fs::path> folders;
    for (const fs::directory_entry& entry : fs::directory_iterator(m_top, error))
        folders.push_back(entry.path());
    if (folders.size() == 1 && isFolderWith(folders.front(), "quizzes")) {
        m_root = folders.front();
        return;
    }
    m_error = archive.generic_string()
        + " holds no quizzes folder, neither at its top nor in its one folder; a quiz pack is a folder "
          "holding quizzes/, guides/ and demos/.";
}

UnpackedPack::~UnpackedPack()
{
    if (!m_temporary.empty()) {
        std::error_code error;
        fs::remove_all(m_temporary, error);
    }
}

void UnpackedPack::nameArchive(std::vector<Diagnostic>& diagnostics) const
{
    if (m_root.empty())
        return;
    // The loader shows "<root's name>/<path in the pack>"; the archive's entry is
    // "<root relative to the top>/<path in the pack>".
    const fs::path inArchive = m_root.lexically_relative(m_top);
    for (Diagnostic& diagnostic : diagnostics) {
        auto part = diagnostic.file.begin();
        if (part == diagnostic.file.end() || *part != m_root.filename())
            continue;
        fs::path renamed = m_archive.filename();
        if (inArchive != ".")
            renamed /= inArchive;
        for (++part; part != diagnostic.file.end(); ++part)
            renamed /= *part;
        diagnostic.file = renamed;
    }
}

} // namespace rlab::content
