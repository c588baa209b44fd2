#include "rlab/safe_write.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <random>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace rlab {

namespace {

constexpr std::string_view kTemporaryTag = ".rlab-tmp-";
constexpr long kStaleTemporarySeconds = 24 * 60 * 60; // a write takes seconds; a day is left behind

std::string systemError(int code)
{
    return std::strerror(code);
}

std::string temporaryPrefix(const std::string& name)
{
    return name + std::string(kTemporaryTag);
}

std::string newTemporaryName(const std::string& name)
{
    static thread_local std::mt19937_64 random {std::random_device {}()};
    static constexpr char kDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    std::string suffix;
    for (int i = 0; i < 8; ++i)
        suffix += kDigits[random() % 36];
    return temporaryPrefix(name) + std::to_string(::getpid()) + "-" + suffix;
}

// The temporaries of `name` in the open folder `folder` whose writer is gone (no such process) or
// that are a day old; a write in progress in a running process is left alone.
void sweepIn(int folder, const std::string& name)
{
    const int copy = ::dup(folder);
    if (copy < 0)
        return;
    DIR* listing = ::fdopendir(copy);
    if (!listing) {
        ::close(copy);
        return;
    }
    ::rewinddir(listing);
    const std::string prefix = temporaryPrefix(name);
    const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::vector<std::string> gone;
    while (const dirent* entry = ::readdir(listing)) {
        const std::string_view entryName = entry->d_name;
        if (!entryName.starts_with(prefix))
            continue;
        const std::string_view rest = entryName.substr(prefix.size());
        long pid = 0;
        std::size_t digits = 0;
        for (; digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9' && digits < 10; ++digits)
            pid = pid * 10 + (rest[digits] - '0');
        struct stat info { };
        if (::fstatat(folder, entry->d_name, &info, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(info.st_mode))
            continue;
        const bool writerGone = digits > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
        if (writerGone || now - info.st_mtime > kStaleTemporarySeconds)
            gone.emplace_back(entryName);
    }
    ::closedir(listing);
    for (const std::string& file : gone)
        ::unlinkat(folder, file.c_str(), 0);
}

std::optional<std::string> kindProblem(const struct stat& info)
{
    if (S_ISREG(info.st_mode))
        return std::nullopt;
    return S_ISLNK(info.st_mode) ? "it is a symbolic link, and no file is written through a link"
        : S_ISDIR(info.st_mode)  ? "it is a folder"
        : S_ISFIFO(info.st_mode) ? "it is a named pipe (FIFO), not a regular file"
                                 : "it is a device or another special file, not a regular file";
}

bool writeAll(int fd, std::string_view bytes, int* code)
{
    std::size_t written = 0;
    while (written < bytes.size()) {
        const ssize_t piece = ::write(fd, bytes.data() + written, bytes.size() - written);
        if (piece < 0 && errno == EINTR)
            continue;
        if (piece <= 0) {
            *code = piece < 0 ? errno : EIO;
            return false;
        }
        written += static_cast<std::size_t>(piece);
    }
    struct stat info { };
    if (::fsync(fd) != 0 || ::fstat(fd, &info) != 0) {
        *code = errno;
        return false;
    }
    if (static_cast<std::size_t>(info.st_size) != bytes.size()) {
        *code = EIO;
        return false;
    }
    return true;
}

std::pair<std::string, std::string> splitPath(const std::string& path)
{
    const std::size_t slash = path.rfind('/');
    if (slash == std::string::npos)
        return {".", path};
    return {slash == 0 ? "/" : path.substr(0, slash), path.substr(slash + 1)};
}

} // namespace

std::optional<std::string> unwritableKind(const std::string& path)
{
    struct stat info { };
    if (::lstat(path.c_str(), &info) != 0)
        return std::nullopt; // missing: made; unreachable: the write says why
    return kindProblem(info);
}

std::optional<std::string> replaceFileWhole(const std::string& path, std::string_view bytes)
{
    const auto [folder, name] = splitPath(path);
    if (name.empty())
        return "it names a folder, not a file";
    FileBatch batch(folder);
    if (std::optional<std::string> problem = batch.add(name, bytes))
        return problem;
    return batch.commit();
}

FileBatch::FileBatch(const std::string& base)
    : m_base(base)
{
    m_baseFd = ::open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (m_baseFd < 0)
        m_baseErrno = errno;
}

FileBatch::~FileBatch()
{
    discard();
    for (const auto& [relative, fd] : m_folders)
        ::close(fd);
    if (m_baseFd >= 0)
        ::close(m_baseFd);
}

void FileBatch::discard()
{
    for (const Staged& staged : m_staged)
        ::unlinkat(staged.folder, staged.temporary.c_str(), 0);
    m_staged.clear();
}

std::optional<std::string> FileBatch::folderFor(const std::string& relative, int* folder, std::string* name)
{
    if (m_baseFd < 0)
        return m_base + ": " + systemError(m_baseErrno);
    *folder = m_baseFd;
    std::string walked;
    std::size_t start = 0;
    for (std::size_t slash; (slash = relative.find('/', start)) != std::string::npos; start = slash + 1) {
        const std::string part = relative.substr(start, slash - start);
        if (part.empty() || part == "." || part == "..")
            return "'" + relative + "' is not a path below " + m_base;
        walked += (walked.empty() ? "" : "/") + part;
        const auto known = std::find_if(m_folders.begin(), m_folders.end(),
            [&](const std::pair<std::string, int>& entry) { return entry.first == walked; });
        if (known != m_folders.end()) {
            *folder = known->second;
            continue;
        }
        const std::string shown = m_base + "/" + walked;
        if (::mkdirat(*folder, part.c_str(), 0777) != 0 && errno != EEXIST)
            return "the folder " + shown + " cannot be made: " + systemError(errno);
        // O_NOFOLLOW: a link here (made by someone else) is refused, not entered.
        const int next = ::openat(*folder, part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (next < 0) {
            struct stat info { };
            if (::fstatat(*folder, part.c_str(), &info, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(info.st_mode))
                return shown + " is a symbolic link, and nothing is written through a link";
            if (errno == ENOTDIR)
                return shown + " is not a folder";
            return shown + ": " + systemError(errno);
        }
        m_folders.emplace_back(walked, next);
        *folder = next;
    }
    *name = relative.substr(start);
    if (name->empty() || *name == "." || *name == "..")
        return "'" + relative + "' does not name a file";
    return std::nullopt;
}

std::optional<std::string> FileBatch::add(const std::string& relative, std::string_view bytes)
{
    int folder = -1;
    std::string name;
    if (std::optional<std::string> problem = folderFor(relative, &folder, &name))
        return problem;
    struct stat old { };
    const bool exists = ::fstatat(folder, name.c_str(), &old, AT_SYMLINK_NOFOLLOW) == 0;
    if (exists)
        if (std::optional<std::string> problem = kindProblem(old))
            return problem;
    sweepIn(folder, name);
    std::string temporary;
    int fd = -1;
    for (int tries = 0; fd < 0 && tries < 100; ++tries) {
        temporary = newTemporaryName(name);
        // 0666 less the umask, as any new file; an old file's permissions are kept below.
        fd = ::openat(folder, temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            return systemError(errno);
    }
    if (fd < 0)
        return systemError(EEXIST);
    int code = 0;
    bool whole = !exists || ::fchmod(fd, old.st_mode & 07777) == 0;
    if (!whole)
        code = errno;
    whole = whole && writeAll(fd, bytes, &code);
    if (::close(fd) != 0 && whole) {
        code = errno;
        whole = false;
    }
    if (!whole) {
        ::unlinkat(folder, temporary.c_str(), 0);
        return systemError(code);
    }
    m_staged.push_back({folder, temporary, name});
    return std::nullopt;
}

std::optional<std::string> FileBatch::commit()
{
    std::vector<int> touched;
    for (std::size_t i = 0; i < m_staged.size(); ++i) {
        const Staged& staged = m_staged[i];
        if (::renameat(staged.folder, staged.temporary.c_str(), staged.folder, staged.name.c_str()) != 0) {
            const int code = errno;
            m_staged.erase(m_staged.begin(), m_staged.begin() + static_cast<std::ptrdiff_t>(i));
            discard();
            return systemError(code);
        }
        if (std::find(touched.begin(), touched.end(), staged.folder) == touched.end())
            touched.push_back(staged.folder);
    }
    m_staged.clear();
    // The renames reach the disk with each folder's own flush.
    for (const int folder : touched)
        ::fsync(folder);
    return std::nullopt;
}

void sweepTemporaries(const std::string& path)
{
    const auto [folder, name] = splitPath(path);
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return;
    sweepIn(fd, name);
    ::close(fd);
}

FileLock::~FileLock()
{
    if (m_fd < 0)
        return;
    // Removed while held, so the folder keeps no lock file; a waiter that opened it before finds
    // the name gone once it gets the lock, and opens the name again (lock() checks).
    struct stat held { };
    struct stat named { };
    if (m_locked && ::fstat(m_fd, &held) == 0 && ::lstat(m_path.c_str(), &named) == 0
        && held.st_dev == named.st_dev && held.st_ino == named.st_ino)
        ::unlink(m_path.c_str());
    ::close(m_fd); // closing the last descriptor lets the lock go
}

FileLock::Outcome FileLock::lock(const std::string& path, int waitMs, std::string* why)
{
    m_path = path;
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(waitMs);
    for (;;) {
        if (m_fd < 0) {
            m_fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
            if (m_fd < 0) {
                *why = errno == ELOOP ? "it is a symbolic link" : systemError(errno);
                return Outcome::Failed;
            }
            struct stat info { };
            if (::fstat(m_fd, &info) != 0 || !S_ISREG(info.st_mode)) {
                ::close(m_fd);
                m_fd = -1;
                *why = "it is not a regular file";
                return Outcome::Failed;
            }
        }
        if (::flock(m_fd, LOCK_EX | LOCK_NB) == 0) {
            // The holder before may have removed the name (see above): then this lock guards nothing.
            struct stat held { };
            struct stat named { };
            if (::fstat(m_fd, &held) == 0 && ::lstat(path.c_str(), &named) == 0 && held.st_dev == named.st_dev
                && held.st_ino == named.st_ino) {
                m_locked = true;
                return Outcome::Locked;
            }
            ::close(m_fd);
            m_fd = -1;
            continue;
        }
        if (errno != EWOULDBLOCK && errno != EINTR) {
            *why = systemError(errno);
            return Outcome::Failed;
        }
        if (std::chrono::steady_clock::now() >= until)
            return Outcome::Busy;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

} // namespace rlab
