#pragma once
// The flags of `rlab run` and `rlab sweep` (docs/cli.md), parsed into the
// engine's RunConfig. Parsing allocates nothing large and never runs the engine, so bad
// arguments are refused before any work starts.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rlab/config.h"

struct RunOptions {
    rlab::RunConfig config;
    bool json = false;
    std::string tracePath; // --trace: the recorded step as a Chrome/Perfetto trace
    std::string memorySnapshotPath; // --memory-snapshot: as PyTorch's memory snapshot pickle
};

// `rlab sweep` takes comma lists where `rlab run` takes one value; every combination is run.
struct SweepOptions {
    RunOptions base;
    std::vector<rlab::RecomputePolicy> policies;
    // Each sweepable shape field (layers, width, seq, batch) with the values it takes.
    std::vector<std::pair<const rlab::ShapeField*, std::vector<int>>> sizes;
};

// nullopt on bad arguments, with *error set to one sentence.
std::optional<RunOptions> parseRunOptions(const std::vector<std::string>& args, std::string* error);
std::optional<SweepOptions> parseSweepOptions(const std::vector<std::string>& args, std::string* error);

// Every configuration a sweep runs, policies outermost.
std::vector<rlab::RunConfig> sweepConfigs(const SweepOptions& options);

extern const char* const kRunUsage;
extern const char* const kSweepUsage;
