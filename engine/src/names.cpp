// Names of the engine's enums, and policy text parsing: the words users type and read.
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <string>

#include "rlab/config.h"
#include "rlab/memory.h"

namespace rlab {

namespace {

constexpr std::array<std::pair<OpKind, std::string_view>, 9> kOpKindNames {{
    {OpKind::BlockInput, "block_input"},
    {OpKind::LayerNorm, "layernorm"},
    {OpKind::Qkv, "qkv"},
    {OpKind::Softmax, "softmax"},
    {OpKind::AttnDropout, "attn_dropout"},
    {OpKind::AttnValues, "attn_values"},
    {OpKind::Residual, "residual"},
    {OpKind::Fc1, "fc1"},
    {OpKind::Gelu, "gelu"},
}};

std::string lower(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// "16777216", "16M", "16MiB", "1.5G": bytes, with decimal (K, M, G) or binary (KiB, MiB, GiB) units.
std::optional<std::uint64_t> parseBytes(std::string_view text)
{
    std::size_t digits = 0;
    while (digits < text.size()
        && (std::isdigit(static_cast<unsigned char>(text[digits])) || text[digits] == '.'))
        ++digits;
    if (digits == 0)
        return std::nullopt;
    double value = 0;
    try {
        std::size_t used = 0;
        value = std::stod(std::string(text.substr(0, digits)), &used);
        if (used != digits)
            return std::nullopt;
    } catch (...) {
        return std::nullopt;
    }
    const std::string unit = lower(text.substr(digits));
    double scale = 0;
    if (unit.empty() || unit == "b")
        scale = 1;
    else if (unit == "k" || unit == "kb")
        scale = 1e3;
    else if (unit == "m" || unit == "mb")
        scale = 1e6;
    else if (unit == "g" || unit == "gb")
        scale = 1e9;
    else if (unit == "kib")
        scale = 1024.0;
    else if (unit == "mib")
        scale = 1024.0 * 1024;
    else if (unit == "gib")
        scale = 1024.0 * 1024 * 1024;
    else
        return std::nullopt;
    const double bytes = std::floor(value * scale);
    if (!(bytes >= 1) || bytes > 1.8e19)
        return std::nullopt;
    return static_cast<std::uint64_t>(bytes);
}

} // namespace

std::string_view opKindName(OpKind kind)
{
    for (const auto& [k, name] : kOpKindNames)
        if (k == kind)
            return name;
    return "unknown";
}

std::optional<OpKind> parseOpKind(std::string_view name)
{
    const std::string wanted = lower(name);
    for (const auto& [k, n] : kOpKindNames)
        if (n == wanted)
            return k;
    return std::nullopt;
}

std::vector<OpKind> allOpKinds()
{
    std::vector<OpKind> kinds;
    kinds.reserve(kOpKindNames.size());
    for (const auto& entry : kOpKindNames)
        kinds.push_back(entry.first);
    return kinds;
}

std::vector<OpKind> defaultSelectiveKeep()
{
    return {OpKind::BlockInput, OpKind::Qkv, OpKind::AttnValues, OpKind::Residual, OpKind::Fc1};
}

std::optional<RecomputePolicy> RecomputePolicy::parse(std::string_view text, std::string* error)
{
    RecomputePolicy policy;
    std::string body = lower(text);
    const std::string offloadSuffix = "+offload";
    if (body.size() > offloadSuffix.size() && body.ends_with(offloadSuffix)) {
        policy.offload = true;
        body.resize(body.size() - offloadSuffix.size());
    }
    if (body == "none") {
        policy.kind = PolicyKind::None;
    } else if (body == "full") {
        policy.kind = PolicyKind::Full;
    } else if (body == "sqrt") {
        policy.kind = PolicyKind::Sqrt;
    } else if (body == "selective") {
        policy.kind = PolicyKind::Selective;
    } else if (body.starts_with("segment:")) {
        const std::string_view count = std::string_view(body).substr(8);
        int blocks = 0;
        const auto [end, status] = std::from_chars(count.data(), count.data() + count.size(), blocks);
        if (count != "best" && (status != std::errc() || end != count.data() + count.size() || blocks < 1)) {
            if (error)
                *error = "The segment length in '" + std::string(text)
                    + "' must be a whole number of blocks from 1, or best (examples: segment:4, "
                      "segment:best).";
            return std::nullopt;
        }
        policy.kind = PolicyKind::Segment;
        policy.segmentBlocks = count == "best" ? 0 : blocks;
    } else if (body.starts_with("budget:")) {
        const std::optional<std::uint64_t> bytes
            = parseBytes(std::string_view(text).substr(7, body.size() - 7));
        if (!bytes) {
            if (error)
                *error = "The budget in '" + std::string(text)
                    + "' is not a positive byte count (examples: budget:16777216, budget:64MiB).";
            return std::nullopt;
        }
        policy.kind = PolicyKind::Budget;
        policy.budgetBytes = *bytes;
    } else {
        if (error)
            *error = "Unknown recomputation policy '" + std::string(text)
                + "' (use none, full, sqrt, selective, segment:<k>, segment:best or budget:<bytes>).";
        return std::nullopt;
    }
    return policy;
}

std::string RecomputePolicy::name() const
{
    std::string text;
    switch (kind) {
    case PolicyKind::None:
        text = "none";
        break;
    case PolicyKind::Full:
        text = "full";
        break;
    case PolicyKind::Sqrt:
        text = "sqrt";
        break;
    case PolicyKind::Selective:
        text = "selective";
        break;
    case PolicyKind::Budget:
        text = "budget:" + std::to_string(budgetBytes);
        break;
    case PolicyKind::Segment:
        text = "segment:" + (segmentBlocks > 0 ? std::to_string(segmentBlocks) : std::string("best"));
        break;
    }
    if (offload)
        text += "+offload";
    return text;
}

std::string_view deviceName(Device device)
{
    return device == Device::Cuda ? "cuda" : "cpu";
}

std::string_view memoryCategoryName(MemoryCategory category)
{
    switch (category) {
    case MemoryCategory::Parameters:
        return "parameters";
    case MemoryCategory::Gradients:
        return "gradients";
    case MemoryCategory::OptimizerState:
        return "optimizer_state";
    case MemoryCategory::SavedActivations:
        return "saved_activations";
    case MemoryCategory::RecomputeWorkspace:
        return "recompute_workspace";
    case MemoryCategory::Temporaries:
        return "temporaries";
    case MemoryCategory::HostOffloaded:
        return "host_offloaded";
    case MemoryCategory::Count:
        break;
    }
    return "unknown";
}

std::string_view phaseName(Phase phase)
{
    switch (phase) {
    case Phase::Setup:
        return "setup";
    case Phase::Forward:
        return "forward";
    case Phase::Recompute:
        return "recompute";
    case Phase::Backward:
        return "backward";
    case Phase::Optimizer:
        return "optimizer";
    }
    return "unknown";
}

} // namespace rlab
