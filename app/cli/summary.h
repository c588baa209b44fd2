#pragma once
// The readable report of `rlab run` and the table of `rlab sweep` (without --json).

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "rlab/result.h"

std::string mibText(std::uint64_t bytes); // "12.34 MiB"
void printRunSummary(std::FILE* out, const rlab::RunResult& result);
void printSweepTable(std::FILE* out, const std::vector<rlab::RunResult>& results);
