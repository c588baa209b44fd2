#include "engine_cases.h"

#include <stdexcept>

namespace rlab::test {

namespace {

constexpr std::string_view kOffload = "+offload";

// What tells one of the tests' runs from another: their shapes, storage, attention and settings.
std::string runKey(const RunConfig& c)
{
    const ModelShape& s = c.shape;
    std::string key;
    for (const int n :
        {s.layers, s.width, s.heads, s.seq, s.batch, s.vocab, static_cast<int>(s.arch), s.kvHeads, s.ffn,
            int(s.qkvBias), static_cast<int>(c.savePrecision), int(c.fusedAttention), c.steps, c.warmupSteps,
            c.threads, int(c.rngReplay), int(c.keepGradients), int(c.recordTimeline)})
        key += std::to_string(n) + "/";
    return key + std::to_string(c.dropout) + "/" + std::to_string(c.seed);
}

} // namespace

RecomputePolicy parsePolicy(const std::string& policy)
{
    std::string error;
    const std::optional<RecomputePolicy> parsed = RecomputePolicy::parse(policy, &error);
    if (!parsed)
        throw std::invalid_argument("the test's policy '" + policy + "' does not parse: " + error);
    return *parsed;
}

RunConfig invariantConfig(const ModelShape& shape, const std::string& policy)
{
    RunConfig c;
    c.shape = shape;
    c.steps = 2;
    c.warmupSteps = 0;
    c.dropout = 0.1f;
    c.keepGradients = true;
    c.recordTimeline = false;
    c.policy = parsePolicy(policy);
    return c;
}

RowPolicy rowPolicy(const std::string& policy)
{
    const bool offload = policy.ends_with(kOffload);
    return {offload ? policy.substr(0, policy.size() - kOffload.size()) : policy, offload};
}

RunConfig withRowPolicy(RunConfig c, const std::string& policy)
{
    const RowPolicy row = rowPolicy(policy);
    c.policy = parsePolicy(row.base == "budget" ? "none" : row.base);
    if (row.base == "budget") {
        RunConfig probe = c;
        const std::uint64_t none = predictPeakActivationBytes(probe);
        probe.policy.kind = PolicyKind::Selective;
        const std::uint64_t selective = predictPeakActivationBytes(probe);
        c.policy.kind = PolicyKind::Budget;
        c.policy.budgetBytes = (none + selective) / 2;
    }
    c.policy.offload = row.offload;
    return c;
}

std::vector<Case<PolicyCase>> policyCases(std::span<const NamedShape> shapes,
    std::initializer_list<const char*> policies, std::initializer_list<bool> bf16)
{
    std::vector<Case<PolicyCase>> rows;
    for (const NamedShape& s : shapes)
        for (const char* p : policies)
            for (const bool half : bf16) {
                const std::string shapeName = *s.name ? std::string(s.name) + " " : std::string();
                rows.push_back({shapeName + p + (half ? " bf16" : ""), {s.shape, p, half}});
            }
    return rows;
}

std::string gradientSetDifference(const Gradients& actual, const Gradients& expected)
{
    if (expected.empty())
        return "no gradients to compare with (were they kept?)";
    if (actual.empty())
        return "no gradients to compare (were they kept?)";
    for (const auto& [name, grad] : expected) {
        const auto found = actual.find(name);
        if (found == actual.end())
            return name + " is missing";
        if (found->second.size() != grad.size())
            return name + " has " + std::to_string(found->second.size()) + " elements, not "
                + std::to_string(grad.size());
    }
    for (const auto& entry : actual)
        if (!expected.contains(entry.first))
            return entry.first + " is one too many";
    return {};
}

std::string gradientBitDifference(const Gradients& actual, const Gradients& expected)
{
    if (std::string set = gradientSetDifference(actual, expected); !set.empty())
        return set;
    for (const auto& [name, grad] : expected)
        if (!sameBits(actual.at(name), grad))
            return name + " differs";
    return {};
}

const RunResult& noneRun(const RunConfig& like)
{
    static std::map<std::string, RunResult> runs;
    RunConfig c = like;
    c.policy = RecomputePolicy {};
    const std::string key = runKey(c);
    auto found = runs.find(key);
    if (found == runs.end())
        found = runs.emplace(key, run(c)).first;
    return found->second;
}

} // namespace rlab::test
