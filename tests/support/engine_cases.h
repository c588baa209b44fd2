#pragma once
// The engine tests' shared fixtures (tst_engine_policies, tst_engine_llama, tst_engine_attention;
// the policy parser of the memory, ledger and gpu suites; sameBits everywhere): the configuration of
// the runs that check the invariants, their rows of policies, the run of none that the other
// policies are compared with, and bit-for-bit comparisons that fail when there is nothing to compare.

#include <cstring>
#include <initializer_list>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "rlab/engine.h"
#include "rlab_test.h"

namespace rlab::test {

// The same number of elements, equal bit for bit.
template<typename T> bool sameBits(const std::vector<T>& a, const std::vector<T>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

// The policy a test names, parsed. A misspelt one throws, failing its case, rather than train the
// default policy against none and pass.
RecomputePolicy parsePolicy(const std::string& policy);

// `shape` under `policy` as the invariant tests run it: two steps without warm-up, dropout 0.1 (so
// recomputation has masks to replay), the first step's gradients kept, no timeline.
RunConfig invariantConfig(const ModelShape& shape, const std::string& policy);

// A row's policy: a name parsePolicy reads, or "budget", either with "+offload".
struct RowPolicy {
    std::string base; // the name without "+offload"
    bool offload = false;
};
RowPolicy rowPolicy(const std::string& policy);

// `c` under a row's policy. "budget" is halfway between selective's and none's predicted activation
// peaks for `c` (its shape, storage and attention): the planner has to mix kept and recomputed blocks.
RunConfig withRowPolicy(RunConfig c, const std::string& policy);

struct NamedShape {
    const char* name; // "" for a test of one shape
    ModelShape shape;
};

struct PolicyCase {
    ModelShape shape;
    std::string policy; // as rowPolicy reads it
    bool bf16 = false;
};

// One row per shape, policy and storage, named "<shape> <policy>", with " bf16" for bf16 storage
// (the policy alone for a shape without a name).
std::vector<Case<PolicyCase>> policyCases(std::span<const NamedShape> shapes,
    std::initializer_list<const char*> policies, std::initializer_list<bool> bf16 = {false, true});

using Gradients = std::map<std::string, std::vector<float>>;

// Empty when `actual` holds the tensors `expected` holds, at least one, each with as many elements,
// so that a loop over them compares something; else a sentence saying what differs.
std::string gradientSetDifference(const Gradients& actual, const Gradients& expected);

// Empty when the sets agree (gradientSetDifference) and every tensor is the same bits; else the
// sentence naming the first that is not.
std::string gradientBitDifference(const Gradients& actual, const Gradients& expected);

// The run of `like` under none (its shape, storage, attention and the rest as they are), which the
// other policies' runs are compared with: made once per configuration, by the first case that asks.
const RunResult& noneRun(const RunConfig& like);

} // namespace rlab::test
