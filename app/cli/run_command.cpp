// rlab run: one training run, reported as a summary or as the --json contract object.
#include <cstdio>

#include "commands.h"
#include "rlab/memory_export.h"
#include "run_options.h"
#include "summary.h"
#include "train.h"

int runCommand(int argc, char** argv)
{
    const std::vector<std::string> args = argumentsAfter(argc, argv);
    if (asksForHelp(args)) {
        std::fputs(kRunUsage, stdout);
        return 0;
    }
    std::string error;
    const std::optional<RunOptions> options = parseRunOptions(args, &error);
    if (!options)
        return complain(error, 2);
    if (const std::optional<std::string> refusal = rlab::validate(options->config))
        return complain(*refusal, 2);
    for (const auto& [flag, path] : {std::pair {"--trace", options->tracePath},
             std::pair {"--memory-snapshot", options->memorySnapshotPath}}) {
        if (const std::string problem = path.empty() ? std::string() : rlab::exportPathProblem(flag, path);
            !problem.empty())
            return complain(problem, 2);
    }

    rlab::RunResult result;
    if (const int status = train(options->config, "rlab run " + options->config.policy.name(), &result))
        return status;
    for (const auto& [path, write] : {std::pair {options->tracePath, &rlab::chromeTraceJson},
             std::pair {options->memorySnapshotPath, &rlab::torchMemorySnapshotPickle}}) {
        if (path.empty())
            continue;
        if (const std::string problem = rlab::writeExportFile(path, write({{result.policyName, &result}}));
            !problem.empty())
            return complain(problem, 1);
    }
    if (options->json)
        std::printf("%s\n", result.toJson().c_str());
    else
        printRunSummary(stdout, result);
    return 0;
}
