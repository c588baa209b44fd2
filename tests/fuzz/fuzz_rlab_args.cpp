// libFuzzer target: one input is an `rlab run` or `rlab sweep` argument list, arguments separated
// by NUL bytes; the first byte chooses the command.
#include <string>
#include <vector>

#include "run_options.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const bool sweep = (data[0] & 1) != 0;
    std::vector<std::string> args(1);
    for (std::size_t i = 1; i < size; ++i) {
        if (data[i] == 0)
            args.emplace_back();
        else
            args.back().push_back(static_cast<char>(data[i]));
    }
    std::string error;
    if (sweep) {
        if (const auto options = parseSweepOptions(args, &error)) {
            // The bounds hold before anything is built: at most kMostSweepRuns configurations.
            if (sweepConfigs(*options).size() > rlab::kMostSweepRuns)
                __builtin_trap();
        } else if (error.empty() || error.back() != '.') {
            __builtin_trap(); // a refusal is one sentence
        }
    } else if (const auto options = parseRunOptions(args, &error)) {
        if (options->config.threads > rlab::kMostThreads || options->config.steps > rlab::kMostSteps)
            __builtin_trap();
    } else if (error.empty() || error.back() != '.') {
        __builtin_trap();
    }
    return 0;
}
