#pragma once
// Runs one configuration for rlab run and rlab sweep: a progress line while it trains, and a
// failure turned into one sentence on stderr.

#include <string>
#include <string_view>
#include <vector>

#include "rlab/engine.h"

// Returns the exit status: 0 with *result filled, or 1 after printing why the run failed.
int train(const rlab::RunConfig& config, const std::string& label, rlab::RunResult* result);

// argv after the subcommand name, as strings.
std::vector<std::string> argumentsAfter(int argc, char** argv);
bool asksForHelp(const std::vector<std::string>& args);

// "rlab: <sentence>" on stderr; returns `status` so callers can `return complain(...)`.
int complain(std::string_view sentence, int status);
