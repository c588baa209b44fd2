// rlab: the headless face of the engine and the content code (docs/cli.md).
#include <cstdio>
#include <string_view>

#include "commands.h"

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

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fputs(kUsage, stderr);
        return 2;
    }
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
    std::fprintf(stderr,
        "rlab: unknown command '%.*s'; use run, sweep, devices, plan, ledger, check-content, check-claims, "
        "export or import.\n",
        static_cast<int>(command.size()), command.data());
    return 2;
}
