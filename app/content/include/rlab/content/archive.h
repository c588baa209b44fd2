#pragma once
// A quiz pack sent as one archive (.zip, .tar, .tar.gz/.tgz, .tar.xz/.txz or .tar.zst/.tzst), unpacked into a
// private temporary folder and loaded like a pack folder. Archives come from other people, so they are read
// as hostile: an entry with an absolute path or "..", a link, a device, an encrypted or damaged entry, or an
// archive past the limits below is refused with one sentence naming the archive and the entry, before
// anything is loaded. libarchive parses; the policy is this file's. Plain C++, shared by the app and `rlab
// check-content`.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "rlab/content/content.h"

namespace rlab::content {

// What an archive may hold (content/README.md "Sending a pack as one file").
struct ArchiveLimits {
    int maxEntries = 1000; // files and folders
    std::uint64_t maxFileBytes = 1024 * 1024; // one file: the loader reads no bigger content file
    std::uint64_t maxTotalBytes = 64 * 1024 * 1024; // all files together, and the archive itself
    std::uint64_t maxRatio = 100; // unpacked bytes per packed byte (a zip entry, the whole archive)
};

// True for the names the reader opens: .zip, .tar, .tar.gz, .tgz, .tar.xz, .txz, .tar.zst, .tzst, in
// any letter case.
bool isPackArchive(const std::filesystem::path& file);

// Removes the rlab-pack-* folders in the temporary folder whose process is gone (SIGKILL, a crash):
// only folders of this user, named with the id of a process that no longer exists. The app calls
// it at every start; UnpackedPack calls it before it unpacks.
void sweepStalePacks();

// A pack unpacked from an archive; the temporary folder goes with the object.
class UnpackedPack {
public:
    explicit UnpackedPack(const std::filesystem::path& archive, const ArchiveLimits& limits = {});
    ~UnpackedPack();
    UnpackedPack(const UnpackedPack&) = delete;
    UnpackedPack& operator=(const UnpackedPack&) = delete;

    bool ok() const { return m_error.empty(); }
    // Why the archive was refused: one sentence naming it (and the entry, where one is at fault).
    const std::string& error() const { return m_error; }
    // The pack's folder, holding quizzes/: the archive's top, or its only folder ("zip the folder").
    const std::filesystem::path& root() const { return m_root; }
    // Diagnostics from loading root() renamed to the archive's entries, as
    // "first-pack.zip/first-pack/quizzes/x/quiz.yaml", so they point into the file that was sent.
    void nameArchive(std::vector<Diagnostic>& diagnostics) const;

private:
    std::filesystem::path m_archive;
    std::filesystem::path m_temporary; // removed with the object
    std::filesystem::path m_top; // where the entries were written
    std::filesystem::path m_root;
    std::string m_error;
};

} // namespace rlab::content
