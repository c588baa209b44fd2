#pragma once
// The readable report of `rlab run` and the table of `rlab sweep` (without --json).

#include <cstdio>
#include <vector>

#include "rlab/result.h"

void printRunSummary(std::FILE* out, const rlab::RunResult& result);
void printSweepTable(std::FILE* out, const std::vector<rlab::RunResult>& results);
