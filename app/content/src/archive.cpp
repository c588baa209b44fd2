#include "rlab/content/archive.h"

#include <algorithm>
#include <archive.h>
#include <archive_entry.h>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <set>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

#include "rlab/utf8.h"

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

// An entry's name as a message shows it: printable, valid UTF-8 and not too long, since a hostile
// name could otherwise carry terminal escapes into `rlab check-content`'s output.
std::string shownName(std::string_view entry)
{
    std::string shown;
    for (const char c : entry.substr(0, 200))
        shown += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
    if (!rlab::utf8::isValid(shown))
        for (char& c : shown)
            if (static_cast<unsigned char>(c) >= 0x80)
                c = '?';
    return entry.size() > 200 ? shown + "..." : shown;
}

constexpr const char* kArchiveKinds = ".zip, .tar, .tar.gz, .tgz, .tar.xz or .tar.zst";

// Thrown inside the reader with the sentence the user sees; never leaves this file.
struct Refusal {
    std::string sentence;
};

// Frees libarchive's reader however the unpacking ends.
struct ArchiveReader {
    archive* const reader = archive_read_new();
    ~ArchiveReader() { archive_read_free(reader); }
};

// Unpacks an archive into `top` through libarchive, checking every entry before it is written.
// libarchive parses (zip through its central directory, tar in every dialect, gzip, xz and zstd);
// what a pack may hold is decided here.
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
            throw Refusal {m_name + " cannot be read; a pack archive must be a " + kArchiveKinds + " file."};
        if (size > m_limits.maxTotalBytes)
            throw Refusal {m_name + " is " + std::to_string(size) + " bytes, over the limit of "
                + mib(m_limits.maxTotalBytes) + " for a pack archive."};
        std::ifstream in(m_archive, std::ios::binary);
        std::string data(size, '\0');
        if (!in.read(data.data(), static_cast<std::streamsize>(size)))
            throw Refusal {m_name + " cannot be read."};
        m_archiveBytes = size;

        const ArchiveReader reader;
        archive* a = reader.reader;
        // Only the formats and filters a pack comes in: no other parser is reachable from a file
        // sent by someone else. A filter libarchive would run as an outside program (it was built
        // without the library) is refused rather than run.
        const int filters[] = {archive_read_support_filter_gzip(a), archive_read_support_filter_xz(a),
            archive_read_support_filter_zstd(a)};
        if (std::any_of(
                std::begin(filters), std::end(filters), [](int status) { return status != ARCHIVE_OK; }))
            throw Refusal {"This build's libarchive cannot read gzip, xz and zstd itself, so " + m_name
                + " is not opened."};
        archive_read_support_format_zip_seekable(a);
        archive_read_support_format_tar(a);
        if (archive_read_open_memory(a, data.data(), data.size()) != ARCHIVE_OK) {
            if (isEmptyZip(data))
                throw Refusal {m_name + " is an empty zip archive; it holds no pack."};
            damaged("not a zip or tar archive");
        }
        archive_entry* entry = nullptr;
        while (true) {
            const int status = archive_read_next_header(a, &entry);
            if (status == ARCHIVE_EOF)
                break;
            if (status == ARCHIVE_FATAL || status == ARCHIVE_RETRY || entry == nullptr) {
                if (m_entries == 0 && isEmptyZip(data))
                    throw Refusal {m_name + " is an empty zip archive; it holds no pack."};
                damaged(m_entries == 0 ? "not a zip or tar archive" : libarchiveSays(a));
            }
            // ARCHIVE_WARN: a name libarchive could not convert, read below as raw bytes.
            addEntry(a, entry);
        }
        if (m_entries == 0)
            throw Refusal {m_name + " is an empty archive; it holds no pack."};
    }

private:
    static std::string libarchiveSays(archive* a)
    {
        const char* said = archive_error_string(a);
        return said && *said ? shownName(said) : "libarchive gives no reason";
    }

    // An end-of-central-directory record alone: what zip tools write for an empty folder.
    static bool isEmptyZip(const std::string& data)
    {
        return data.size() >= 22 && data.compare(0, 4, "PK\x05\x06", 4) == 0;
    }

    [[noreturn]] void refuse(const std::string& entry, const std::string& what) const
    {
        throw Refusal {
            m_name + ": the entry '" + shownName(entry) + "' " + what + "; the archive is refused."};
    }

    [[noreturn]] void damaged(const std::string& what) const
    {
        throw Refusal {m_name + " is damaged or not a pack archive (" + what + ")."};
    }

    void addEntry(archive* a, archive_entry* entry)
    {
        // The name as stored (UTF-8 where the archive says so), never converted through the locale.
        const char* utf8 = archive_entry_pathname_utf8(entry);
        const char* raw = archive_entry_pathname(entry);
        const std::string name = utf8 ? utf8 : raw ? raw : "";
        if (++m_entries > m_limits.maxEntries)
            throw Refusal {m_name + " holds more than " + std::to_string(m_limits.maxEntries)
                + " entries, the limit for a pack archive."};
        const std::optional<fs::path> relative = place(name);
        const mode_t type = archive_entry_filetype(entry);
        if (type == AE_IFLNK)
            refuse(name, "is a symbolic link, and a pack holds only folders and files");
        if (archive_entry_hardlink(entry) != nullptr)
            refuse(name, "is a hard link, and a pack holds only folders and files");
        if (type == AE_IFDIR) {
            if (relative)
                addFolder(name, *relative);
            return;
        }
        if (type != AE_IFREG)
            refuse(name, "is a device or another special file, and a pack holds only folders and files");
        if (archive_entry_is_encrypted(entry))
            refuse(name, "is encrypted");
        if (archive_entry_size_is_set(entry) && archive_entry_size(entry) >= 0)
            checkSize(name, static_cast<std::uint64_t>(archive_entry_size(entry)), true);
        const std::string bytes = readData(a, name);
        if (relative)
            addFile(name, *relative, bytes);
    }

    // The entry's bytes, stopped as soon as they pass a limit (a size in the header can lie).
    std::string readData(archive* a, const std::string& name)
    {
        std::string bytes;
        const la_int64_t packedBefore = archive_filter_bytes(a, -1);
        char chunk[65536];
        while (true) {
            const la_ssize_t got = archive_read_data(a, chunk, sizeof chunk);
            if (got == 0)
                break;
            if (got < 0)
                damaged("the entry '" + shownName(name) + "': " + libarchiveSays(a));
            checkSize(name, bytes.size() + static_cast<std::size_t>(got), false);
            bytes.append(chunk, static_cast<std::size_t>(got));
            m_unpacked += static_cast<std::uint64_t>(got);
            if (m_unpacked > m_limits.maxTotalBytes)
                throw Refusal {m_name + "'s files add up to more than " + mib(m_limits.maxTotalBytes)
                    + ", the limit for a pack archive (at the entry '" + shownName(name) + "')."};
            if (m_unpacked > m_limits.maxRatio * m_archiveBytes + 65536)
                throw Refusal {m_name + " would unpack to more than " + std::to_string(m_limits.maxRatio)
                    + " times its size, as a compression bomb does (at the entry '" + shownName(name)
                    + "'); the archive is refused."};
        }
        // A zip entry is compressed on its own: the bytes read from the archive for it are its
        // packed size. (A tar's stream is compressed as a whole and checked as a whole, above.)
        const la_int64_t packed = archive_filter_bytes(a, -1) - packedBefore;
        if ((archive_format(a) & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_ZIP) {
            const std::uint64_t from = static_cast<std::uint64_t>(std::max<la_int64_t>(packed, 1));
            if (bytes.size() > m_limits.maxRatio * from)
                refuse(name,
                    "would unpack " + std::to_string(bytes.size()) + " bytes from " + std::to_string(from)
                        + ", over " + std::to_string(m_limits.maxRatio)
                        + " times its packed size, as a compression bomb does");
        }
        return bytes;
    }

    // The size an entry's header gives (`declared`), or the bytes unpacked from it so far.
    void checkSize(const std::string& entry, std::uint64_t size, bool declared) const
    {
        if (size > m_limits.maxFileBytes)
            refuse(entry,
                (declared ? "is " + std::to_string(size) + " bytes, over"
                          : std::string("unpacks to more than"))
                    + " the limit of " + mib(m_limits.maxFileBytes) + " for a content file");
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
        if (!rlab::utf8::isValid(entry))
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

    void addFolder(const std::string& entry, const fs::path& relative)
    {
        std::error_code error;
        fs::create_directories(m_top / relative, error);
        if (error)
            refuse(entry, "cannot be made a folder (a file of the same name comes first)");
    }

    void addFile(const std::string& entry, const fs::path& relative, const std::string& bytes)
    {
        if (!m_written.insert(relative.generic_string()).second)
            refuse(entry, "comes twice");
        const fs::path target = m_top / relative;
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

    fs::path m_archive;
    fs::path m_top;
    ArchiveLimits m_limits;
    std::string m_name;
    int m_entries = 0;
    std::uint64_t m_archiveBytes = 0;
    std::uint64_t m_unpacked = 0; // file bytes unpacked so far, all entries
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
    for (const std::string_view kind :
        {".zip", ".tar", ".tar.gz", ".tgz", ".tar.xz", ".txz", ".tar.zst", ".tzst"})
        if (endsWith(name, kind))
            return true;
    return false;
}

namespace {

// A killed process (SIGKILL, a crash, SIGTERM to rlab) cannot remove its unpacked packs: their
// folders carry the process id, and the next start removes the folders of processes that are gone.
void sweepStalePacksIn(const fs::path& temporary)
{
    std::error_code error;
    for (const fs::directory_entry& entry : fs::directory_iterator(temporary, error)) {
        const std::string name = entry.path().filename().string();
        constexpr std::string_view prefix = "rlab-pack-";
        if (!name.starts_with(prefix))
            continue;
        const std::size_t dash = name.find('-', prefix.size());
        long pid = 0;
        const auto [end, problem]
            = std::from_chars(name.data() + prefix.size(), name.data() + std::min(dash, name.size()), pid);
        struct stat info { };
        if (problem != std::errc() || dash == std::string::npos || end != name.data() + dash || pid <= 0
            || ::lstat(entry.path().c_str(), &info) != 0 || !S_ISDIR(info.st_mode)
            || info.st_uid != ::geteuid())
            continue;
        if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
            fs::remove_all(entry.path(), error);
    }
}

} // namespace

void sweepStalePacks()
{
    std::error_code error;
    const fs::path temporary = fs::temp_directory_path(error);
    if (!error)
        sweepStalePacksIn(temporary);
}

UnpackedPack::UnpackedPack(const fs::path& archive, const ArchiveLimits& limits)
    : m_archive(archive)
{
    std::error_code error;
    const fs::path temporary = fs::temp_directory_path(error);
    if (!error)
        sweepStalePacksIn(temporary);
    std::string pattern = (temporary / ("rlab-pack-" + std::to_string(::getpid()) + "-XXXXXX")).string();
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
