// How every file the project writes is written (rlab/safe_write.h): never through a link to a file
// or a folder, whole or not at all (a full disk, stood in for by RLIMIT_FSIZE in a child process,
// leaves every old file as it was), a batch of files all or none, temporaries of killed writers
// swept by the next write, and a lock that a killed holder or a garbage lock file cannot wedge.
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rlab/safe_write.h"
#include "rlab_test.h"

namespace {

namespace fs = std::filesystem;

fs::path freshFolder(const std::string& name)
{
    fs::path folder = fs::temp_directory_path() / ("rlab-files-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    fs::create_directories(folder);
    return folder;
}

void write(const fs::path& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

std::string read(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

int entries(const fs::path& folder)
{
    int count = 0;
    for ([[maybe_unused]] const auto& entry : fs::recursive_directory_iterator(folder))
        ++count;
    return count;
}

// Runs `body` in a child whose files cannot grow past `bytes` (as on a full disk: write fails);
// returns the child's exit status, the number `body` returned.
template<typename Body> int withFileSizeLimit(rlim_t bytes, Body body)
{
    const pid_t child = ::fork();
    if (child == 0) {
        std::signal(SIGXFSZ, SIG_IGN); // write fails with EFBIG instead of killing the child
        const rlimit limit {bytes, bytes};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        ::_exit(body());
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

} // namespace

RLAB_TEST(replacesWholeAndKeepsNoTemporary)
{
    const fs::path folder = freshFolder("whole");
    write(folder / "a.txt", "old");
    fs::permissions(folder / "a.txt", fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    RLAB_CHECK(!rlab::replaceFileWhole((folder / "a.txt").string(), "new text"));
    RLAB_CHECK_EQ(read(folder / "a.txt"), std::string("new text"));
    RLAB_CHECK(fs::status(folder / "a.txt").permissions()
        == (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
    RLAB_CHECK_EQ(entries(folder), 1);
    fs::remove_all(folder);
}

RLAB_TEST(neverWritesThroughALinkToAFileOrAFolder)
{
    const fs::path folder = freshFolder("links");
    fs::create_directories(folder / "elsewhere");
    write(folder / "victim.txt", "precious");
    fs::create_symlink(folder / "victim.txt", folder / "out.txt");
    const std::optional<std::string> refused = rlab::replaceFileWhole((folder / "out.txt").string(), "x");
    RLAB_CHECK(refused && refused->find("symbolic link") != std::string::npos);
    RLAB_CHECK_EQ(read(folder / "victim.txt"), std::string("precious"));

    // A folder the batch would make, found as a link: refused, nothing lands where it points.
    fs::create_directories(folder / "base");
    fs::create_directory_symlink(folder / "elsewhere", folder / "base" / "quizzes");
    rlab::FileBatch batch((folder / "base").string());
    const std::optional<std::string> linked = batch.add("quizzes/q/quiz.yaml", "x");
    RLAB_CHECK(linked && linked->find("quizzes is a symbolic link") != std::string::npos);
    RLAB_CHECK(fs::is_empty(folder / "elsewhere"));
    // The same for a deeper part, and for a file inside a made folder.
    fs::remove(folder / "base" / "quizzes");
    fs::create_directories(folder / "base" / "quizzes");
    fs::create_directory_symlink(folder / "elsewhere", folder / "base" / "quizzes" / "q");
    rlab::FileBatch second((folder / "base").string());
    RLAB_CHECK(second.add("quizzes/q/quiz.yaml", "x").has_value());
    RLAB_CHECK(fs::is_empty(folder / "elsewhere"));
    // The base itself is the user's, and may be a link.
    fs::create_directory_symlink(folder / "elsewhere", folder / "given");
    rlab::FileBatch third((folder / "given").string());
    RLAB_CHECK(!third.add("made/file.txt", "y"));
    RLAB_CHECK(!third.commit());
    RLAB_CHECK_EQ(read(folder / "elsewhere" / "made" / "file.txt"), std::string("y"));
    fs::remove_all(folder);
}

RLAB_TEST(batchIsAllOrNone)
{
    const fs::path folder = freshFolder("batch");
    fs::create_directories(folder / "params");
    write(folder / "params" / "a.npy", "old a");
    write(folder / "result.json", "old result");
    {
        rlab::FileBatch batch(folder.string());
        RLAB_CHECK(!batch.add("params/a.npy", "new a"));
        RLAB_CHECK(!batch.add("result.json", "new result"));
        // Dropped without commit: nothing changed, no temporary left.
    }
    RLAB_CHECK_EQ(read(folder / "params" / "a.npy"), std::string("old a"));
    RLAB_CHECK_EQ(read(folder / "result.json"), std::string("old result"));
    RLAB_CHECK_EQ(entries(folder), 3);
    rlab::FileBatch batch(folder.string());
    RLAB_CHECK(!batch.add("params/a.npy", "new a"));
    RLAB_CHECK(!batch.add("params/b.npy", "new b"));
    RLAB_CHECK(!batch.add("result.json", "new result"));
    RLAB_CHECK(!batch.commit());
    RLAB_CHECK_EQ(read(folder / "params" / "a.npy"), std::string("new a"));
    RLAB_CHECK_EQ(read(folder / "params" / "b.npy"), std::string("new b"));
    RLAB_CHECK_EQ(entries(folder), 4);
    RLAB_CHECK(batch.add("../escape.txt", "x").has_value());
    fs::remove_all(folder);
}

// A full disk: the write of the temporary fails, and the old files stay as they were, whole.
RLAB_TEST(fullDiskLeavesTheOldFiles)
{
    const fs::path folder = freshFolder("full");
    write(folder / "quiz.yaml", std::string(80, 'o'));
    write(folder / "result.json", "old result");
    const std::string big(8192, 'n');
    const int single = withFileSizeLimit(4096,
        [&] { return rlab::replaceFileWhole((folder / "quiz.yaml").string(), big).has_value() ? 1 : 0; });
    RLAB_CHECK_EQ(single, 1);
    RLAB_CHECK_EQ(read(folder / "quiz.yaml"), std::string(80, 'o'));
    const int batch = withFileSizeLimit(4096, [&] {
        rlab::FileBatch files(folder.string());
        if (files.add("result.json", "small"))
            return 2;
        return files.add("quiz.yaml", big).has_value() ? 1 : 0;
    });
    RLAB_CHECK_EQ(batch, 1);
    RLAB_CHECK_EQ(read(folder / "result.json"), std::string("old result"));
    RLAB_CHECK_EQ(read(folder / "quiz.yaml"), std::string(80, 'o'));
    RLAB_CHECK_EQ(entries(folder), 2);
    fs::remove_all(folder);
}

// A writer killed between its temporary and the rename leaves the temporary; the next write of
// that file removes it, and leaves a running writer's alone.
RLAB_TEST(temporariesOfKilledWritersAreSwept)
{
    const fs::path folder = freshFolder("sweep");
    const pid_t child = ::fork();
    if (child == 0) {
        ::pause();
        ::_exit(0);
    }
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
    const std::string dead = "progress.json.rlab-tmp-" + std::to_string(child) + "-abcdefgh";
    const std::string alive = "progress.json.rlab-tmp-" + std::to_string(::getpid()) + "-abcdefgh";
    write(folder / dead, "half");
    write(folder / alive, "in progress");
    write(folder / "progress.json.backup", "the learner's own");
    RLAB_CHECK(!rlab::replaceFileWhole((folder / "progress.json").string(), "{}"));
    RLAB_CHECK(!fs::exists(folder / dead));
    RLAB_CHECK(fs::exists(folder / alive));
    RLAB_CHECK(fs::exists(folder / "progress.json.backup"));
    write(folder / dead, "half");
    rlab::sweepTemporaries((folder / "progress.json").string());
    RLAB_CHECK(!fs::exists(folder / dead));
    fs::remove_all(folder);
}

// flock: a second holder waits and gives up; a killed holder's lock is gone at once; a lock file
// of garbage is a lock file; a link is refused.
RLAB_TEST(lockIsNeverStale)
{
    const fs::path folder = freshFolder("lock");
    const std::string path = (folder / "progress.json.lock").string();
    std::string why;
    {
        rlab::FileLock first;
        RLAB_CHECK(first.lock(path, 100, &why) == rlab::FileLock::Outcome::Locked);
        rlab::FileLock second;
        RLAB_CHECK(second.lock(path, 50, &why) == rlab::FileLock::Outcome::Busy);
    }
    int ready[2];
    RLAB_CHECK(::pipe(ready) == 0);
    const pid_t child = ::fork();
    if (child == 0) {
        rlab::FileLock held;
        std::string ignored;
        held.lock(path, 100, &ignored);
        (void)::write(ready[1], "x", 1);
        ::pause();
        ::_exit(0);
    }
    char byte = 0;
    RLAB_CHECK(::read(ready[0], &byte, 1) == 1);
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
    ::close(ready[0]);
    ::close(ready[1]);
    rlab::FileLock after;
    RLAB_CHECK(after.lock(path, 100, &why) == rlab::FileLock::Outcome::Locked);

    const std::string garbage = (folder / "garbage.lock").string();
    write(garbage, std::string(100 * 1024, '\x7f'));
    rlab::FileLock onGarbage;
    RLAB_CHECK(onGarbage.lock(garbage, 100, &why) == rlab::FileLock::Outcome::Locked);

    write(folder / "victim", "precious");
    fs::create_symlink(folder / "victim", folder / "linked.lock");
    rlab::FileLock linked;
    RLAB_CHECK(linked.lock((folder / "linked.lock").string(), 100, &why) == rlab::FileLock::Outcome::Failed);
    RLAB_CHECK_EQ(read(folder / "victim"), std::string("precious"));
    fs::remove_all(folder);
}

RLAB_TEST_MAIN(std::string())
