// rlab sweep: every combination of the given policies and sizes, as a table or a JSON array.
#include <cstdio>

#include "commands.h"
#include "run_options.h"
#include "summary.h"
#include "train.h"

int sweepCommand(int argc, char** argv)
{
    const std::vector<std::string> args = argumentsAfter(argc, argv);
    if (asksForHelp(args)) {
        std::fputs(kSweepUsage, stdout);
        return 0;
    }
    std::string error;
    const std::optional<SweepOptions> options = parseSweepOptions(args, &error);
    if (!options)
        return complain(error, 2);
    const std::vector<rlab::RunConfig> configs = sweepConfigs(*options);
    // Every configuration is checked before the first one runs, so a typo costs no training time.
    for (const rlab::RunConfig& config : configs)
        if (const std::optional<std::string> refusal = rlab::validate(config))
            return complain(*refusal, 2);

    std::vector<rlab::RunResult> results;
    results.reserve(configs.size());
    for (std::size_t i = 0; i < configs.size(); ++i) {
        const std::string label = "rlab sweep " + std::to_string(i + 1) + "/" + std::to_string(configs.size())
            + " " + configs[i].policy.name() + " N=" + std::to_string(configs[i].shape.layers);
        rlab::RunResult result;
        if (const int status = train(configs[i], label, &result))
            return status;
        results.push_back(std::move(result));
    }

    if (options->base.json) {
        std::fputs("[", stdout);
        for (std::size_t i = 0; i < results.size(); ++i)
            std::printf("%s%s", i > 0 ? ",\n" : "", results[i].toJson().c_str());
        std::fputs("]\n", stdout);
    } else {
        printSweepTable(stdout, results);
    }
    return 0;
}
