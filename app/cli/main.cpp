// rlab: the headless face of the engine and the content code (docs/cli.md).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <string>
#include <string_view>
#include <unistd.h>

#include "commands.h"
#include "train.h"

namespace {

constexpr const char* kUsage = R"(usage: rlab <command> [options]

  run            train the reference model under one recomputation policy, report memory and time
  sweep          run several policies and sizes, print a table or a JSON array
  devices        list cpu and cuda devices, or why cuda is unavailable
  plan           predict which policy fits a real-size model in a memory budget, and its cost
  ledger         every tensor a step keeps, recomputes or offloads, against the paper's formula
  check-content  validate a content folder or pack archive, print coverage per language
  check-claims   run every demo preset and check the claims it makes against the measurements
  export         write a quiz as GIFT or Moodle XML, for a learning platform to import
  import         make a quiz pack from a GIFT or Moodle XML export

rlab <command> --help shows a command's options; rlab --version prints the version.
)";

int dispatch(int argc, char** argv);

// Everything a command printed must reach standard output: to a full disk or a closed stdout,
// `rlab run --json` and `rlab plan --json` exited 0 with their JSON cut short and no word.
int finishOutput(int status, bool closedAtStart)
{
    errno = 0;
    std::cout.flush(); // with stdio in sync, this flushes stdout too
    const bool flushed = std::fflush(stdout) == 0;
    const int code = errno;
    if (!closedAtStart && flushed && !std::ferror(stdout) && !std::cout.fail())
        return status;
    std::fprintf(stderr,
        "rlab: the output could not all be written to standard output (%s); what it holds is incomplete.\n",
        closedAtStart   ? "it is closed"
            : code != 0 ? std::strerror(code)
                        : "a write failed");
    return status == 0 ? 1 : status;
}

} // namespace

int main(int argc, char** argv)
{
    // A closed stdout is held open on /dev/null, so that no file rlab opens becomes descriptor 1
    // and receives the output; it is reported at the end.
    const bool closed = ::fcntl(STDOUT_FILENO, F_GETFD) < 0 && errno == EBADF;
    if (closed && ::open("/dev/null", O_WRONLY) != STDOUT_FILENO)
        return 1;
    // Into a file or a pipe, the output is written once at the end, so a failure names its cause.
    if (!::isatty(STDOUT_FILENO))
        std::setvbuf(stdout, nullptr, _IOFBF, std::size_t {1} << 20);
    return finishOutput(dispatch(argc, argv), closed);
}

namespace {

int dispatch(int argc, char** argv)
{
    if (argc < 2) // one line, not the whole usage on stderr
        return complain("name a command: run, sweep, devices, plan, ledger, check-content, check-claims, "
                        "export or import (rlab --help says what each does).",
            2);
    const std::string_view command = argv[1];
    if (command == "--help" || command == "-h" || command == "help") {
        std::fputs(kUsage, stdout);
        return 0;
    }
    if (command == "--version") {
        std::puts("rlab " RLAB_VERSION);
        return 0;
    }
    // Each command sees its own name as argv[0].
    if (command == "run")
        return runCommand(argc - 1, argv + 1);
    if (command == "sweep")
        return sweepCommand(argc - 1, argv + 1);
    if (command == "devices")
        return devicesCommand(argc - 1, argv + 1);
    if (command == "plan")
        return planCommand(argc - 1, argv + 1);
    if (command == "ledger")
        return ledgerCommand(argc - 1, argv + 1);
    if (command == "check-content" || command == "check-claims" || command == "export"
        || command == "import") {
#ifdef RLAB_HAVE_CONTENT
        if (command == "export")
            return exportCommand(argc - 1, argv + 1);
        if (command == "import")
            return importCommand(argc - 1, argv + 1);
        return command == "check-content" ? checkContentCommand(argc - 1, argv + 1)
                                          : checkClaimsCommand(argc - 1, argv + 1);
#else
        std::fputs(
            "rlab: this build has no content loader (configure with -DRLAB_APP=ON and yaml-cpp).\n", stderr);
        return 1;
#endif
    }
    return complain("unknown command '" + std::string(command)
            + "'; use run, sweep, devices, plan, ledger, check-content, check-claims, export or import.",
        2);
}

} // namespace
