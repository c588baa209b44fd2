#pragma once
// The flags of `rlab run` and `rlab sweep` (docs/cli.md), parsed into the
// engine's RunConfig. Parsing allocates nothing large and never runs the engine, so bad
// arguments are refused before any work starts.

#include <optional>
#include <string>
#include <vector>

#include "rlab/config.h"

struct RunOptions {
    rlab::RunConfig config;
    bool json = false;
};

// `rlab sweep` takes comma lists where `rlab run` takes one value; every combination is run.
struct SweepOptions {
    RunOptions base;
    std::vector<rlab::RecomputePolicy> policies;
    std::vector<int> layers, widths, seqs, batches;
};

// nullopt on bad arguments, with *error set to one sentence.
std::optional<RunOptions> parseRunOptions(const std::vector<std::string>& args, std::string* error);
std::optional<SweepOptions> parseSweepOptions(const std::vector<std::string>& args, std::string* error);

// Every configuration a sweep runs, policies outermost.
std::vector<rlab::RunConfig> sweepConfigs(const SweepOptions& options);

extern const char* const kRunUsage;
extern const char* const kSweepUsage;
