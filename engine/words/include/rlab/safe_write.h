#pragma once
// How the project writes every file a user keeps (progress, imported quizzes, --dump folders,
// exports, traces, memory snapshots, screenshots, the speed log): never through a symbolic link,
// whole or not at all, and the old file as it was on any failure, a full disk included. Plain C++
// with no Qt, so the engine and the app write alike.
//
// A file is written to a temporary beside it, `<name>.rlab-tmp-<pid>-<random>`, flushed to the
// disk and its size counted, then renamed over `<name>`. A temporary whose process was killed
// before the rename is removed by the next write of that file (sweepTemporaries).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rlab {

// Writes `bytes` to `path` whole or not at all: into a new file beside it, written, flushed to the
// disk (fsync) and its size counted before it is renamed over `path`, so a full disk or a crash
// leaves the old file as it was and no partial or empty file. A `path` that is a symbolic link, a
// named pipe, a device or a folder is refused, never written through. nullopt on success, else
// why not, as a phrase ("No space left on device", "it is a symbolic link") for the caller's
// sentence. The one way the project writes a file a user keeps (progress, exports, screenshots).
std::optional<std::string> replaceFileWhole(const std::string& path, std::string_view bytes);
// Why `path` cannot be replaced by replaceFileWhole, checked before work that would end in
// writing it (a link, a pipe, a device, a folder); nullopt when it is a regular file or missing.
std::optional<std::string> unwritableKind(const std::string& path);

// Files replaced together, all or none (a --dump folder, an imported quiz and its translations).
// add() writes each whole to a temporary beside its final name; commit() renames them all over
// their names. Until commit, and when add() fails (a full disk), every old file is as it was, and
// the temporaries go with the batch. The folders a relative path names below `base` are made when
// missing and never followed when they are symbolic links: `base` is the user's (it may be a
// link), what the project makes below it may not be.
class FileBatch {
public:
    // `base` must exist (the caller makes it); a base that cannot be opened fails every add().
    explicit FileBatch(const std::string& base);
    ~FileBatch();
    FileBatch(const FileBatch&) = delete;
    FileBatch& operator=(const FileBatch&) = delete;

    // `relative` is "name" or "folder/.../name", without "." or ".." parts. nullopt when the
    // temporary is whole on the disk, else why not, as a phrase naming what refused it.
    std::optional<std::string> add(const std::string& relative, std::string_view bytes);
    // Renames every added file over its name and flushes the folders; nullopt on success.
    std::optional<std::string> commit();

private:
    struct Staged {
        int folder; // an fd in m_folders
        std::string temporary, name;
    };
    std::optional<std::string> folderFor(const std::string& relative, int* folder, std::string* name);
    void discard();

    std::string m_base;
    int m_baseFd = -1;
    int m_baseErrno = 0;
    std::vector<std::pair<std::string, int>> m_folders; // relative folder -> its fd
    std::vector<Staged> m_staged;
};

// Removes the temporaries of `path` (see above) whose process no longer runs, or that are a day
// old. Writes call it for the file they write; a program calls it at its start for its own files.
void sweepTemporaries(const std::string& path);

// An exclusive lock (flock) on the file `path`, made when missing and never through a link, held
// until the object goes, which removes the file. The kernel lets a lock go when its process dies,
// so a killed program leaves no stale lock (only the empty file, taken by the next lock), and what
// the file holds (even 100 KB of garbage) does not matter.
class FileLock {
public:
    enum class Outcome { Locked, Busy, Failed };
    FileLock() = default;
    ~FileLock();
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;
    // Waits up to `waitMs` for the lock. Busy: another holder kept it that long; Failed: the file
    // cannot be made or is not a regular file (`*why` says why, as a phrase).
    Outcome lock(const std::string& path, int waitMs, std::string* why);

private:
    std::string m_path;
    int m_fd = -1;
    bool m_locked = false;
};

} // namespace rlab
