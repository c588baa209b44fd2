#include "rlab/words.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

#include "rlab/text.h"

namespace rlab {

namespace {

constexpr std::array<ShapeField, 6> kShapeFields {{
    {"layers", "number of layers", &ModelShape::layers, 1, 4096, true},
    {"width", "width", &ModelShape::width, 1, 65536, true},
    {"heads", "number of heads", &ModelShape::heads, 1, 65536, false},
    {"seq", "sequence length", &ModelShape::seq, 1, 65536, true},
    {"batch", "batch size", &ModelShape::batch, 1, 65536, true},
    {"vocab", "vocabulary size", &ModelShape::vocab, 2, 1 << 24, false},
}};

template<typename Word> using NameTable = std::span<const std::pair<Word, std::string_view>>;

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
// Llama's names for the same slots (docs/llama.md), each the op whose output the slot holds: its
// two norms are RMSNorms, the kind GPT-2 calls qkv holds q, k and v after the rotary embedding,
// and the kind GPT-2 calls gelu holds llama's SwiGLU product silu(w1 x) * w3 x.
constexpr std::array<std::pair<OpKind, std::string_view>, 3> kLlamaOpKindNames {{
    {OpKind::LayerNorm, "rmsnorm"},
    {OpKind::Qkv, "rope"},
    {OpKind::Gelu, "swiglu"},
}};
constexpr std::array<std::pair<MemoryCategory, std::string_view>, kMemoryCategoryCount> kMemoryCategoryNames {
    {
        {MemoryCategory::Parameters, "parameters"},
        {MemoryCategory::Gradients, "gradients"},
        {MemoryCategory::OptimizerState, "optimizer_state"},
        {MemoryCategory::SavedActivations, "saved_activations"},
        {MemoryCategory::RecomputeWorkspace, "recompute_workspace"},
        {MemoryCategory::Temporaries, "temporaries"},
        {MemoryCategory::HostOffloaded, "host_offloaded"},
    }};
constexpr std::array<std::pair<Arch, std::string_view>, 2> kArchNames {{
    {Arch::Gpt2, "gpt2"},
    {Arch::Llama, "llama"},
}};
constexpr std::array<std::pair<Device, std::string_view>, 2> kDeviceNames {{
    {Device::Cpu, "cpu"},
    {Device::Cuda, "cuda"},
}};
constexpr std::array<std::pair<Optimizer, std::string_view>, 2> kOptimizerNames {{
    {Optimizer::Sgd, "sgd"},
    {Optimizer::AdamW, "adamw"},
}};
constexpr std::array<std::pair<SavePrecision, std::string_view>, 2> kSavePrecisionNames {{
    {SavePrecision::Fp32, "fp32"},
    {SavePrecision::Bf16, "bf16"},
}};
constexpr std::array<std::pair<PolicyKind, std::string_view>, 4> kPlainPolicyNames {{
    {PolicyKind::None, "none"},
    {PolicyKind::Full, "full"},
    {PolicyKind::Sqrt, "sqrt"},
    {PolicyKind::Selective, "selective"},
}};
constexpr std::string_view kBudgetPrefix = "budget:";
constexpr std::string_view kSegmentPrefix = "segment:";
constexpr std::string_view kOffloadSuffix = "+offload";

std::string lower(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

template<typename Word> std::string_view nameIn(NameTable<Word> table, Word word)
{
    for (const auto& [w, name] : table)
        if (w == word)
            return name;
    return "unknown";
}

// Names match in any letter case: "AdamW" and "adamw" are the same word.
template<typename Word> std::optional<Word> parseIn(NameTable<Word> table, std::string_view text)
{
    const std::string wanted = lower(text);
    for (const auto& [w, name] : table)
        if (name == wanted)
            return w;
    return std::nullopt;
}

// "a, b or c" (with `last` " or ") or "a, b, c" (with `last` ", ").
template<typename Word> std::string listIn(NameTable<Word> table, std::string_view last)
{
    std::string text;
    for (std::size_t i = 0; i < table.size(); ++i)
        text.append(i == 0 ? "" : i + 1 == table.size() ? last : ", ").append(table[i].second);
    return text;
}

} // namespace

std::span<const ShapeField> shapeFields()
{
    return kShapeFields;
}

const ShapeField* shapeField(std::string_view key)
{
    const auto found = std::find_if(kShapeFields.begin(), kShapeFields.end(),
        [key](const ShapeField& field) { return field.key == key; });
    return found == kShapeFields.end() ? nullptr : &*found;
}

const ShapeField* sweepParameter(std::string_view key)
{
    const ShapeField* field = shapeField(key);
    return field && field->sweepable ? field : nullptr;
}

std::string sweepParameterList()
{
    std::string text;
    for (const ShapeField& field : kShapeFields)
        if (field.sweepable)
            text.append(text.empty() ? "" : ", ").append(field.key);
    return text;
}

bool headsDivideWidth(const ModelShape& shape)
{
    return shape.heads > 0 && shape.width % shape.heads == 0;
}

bool kvHeadsDivideHeads(const ModelShape& shape)
{
    return shape.kvHeads >= 0 && shape.kvHeads <= shape.heads && shape.heads % kvHeadsOf(shape) == 0;
}

bool headSizeIsEven(const ModelShape& shape)
{
    return (shape.width / shape.heads) % 2 == 0;
}

std::optional<std::string> shapeProblem(const ModelShape& shape)
{
    for (const ShapeField& field : kShapeFields) {
        const int value = shape.*field.member;
        if (value >= field.least && value <= field.most)
            continue;
        const bool low = value < field.least;
        return "The " + std::string(field.what) + " must be at " + (low ? "least " : "most ")
            + std::to_string(low ? field.least : field.most) + " (--" + std::string(field.key) + " was "
            + std::to_string(value) + ").";
    }
    if (!headsDivideWidth(shape))
        return "The width (" + std::to_string(shape.width) + ") must be divisible by the number of heads ("
            + std::to_string(shape.heads) + ").";
    if (shape.arch == Arch::Gpt2) {
        if (shape.kvHeads != 0 && shape.kvHeads != shape.heads)
            return std::string("--kv-heads is llama's (grouped-query attention); use it with --arch llama.");
        if (shape.ffn != 0)
            return std::string("--ffn is llama's (the SwiGLU hidden size); use it with --arch llama.");
        if (shape.qkvBias)
            return std::string(
                "--qkv-bias is llama's (GPT-2's qkv always has a bias); use it with --arch llama.");
        return std::nullopt;
    }
    if (!kvHeadsDivideHeads(shape))
        return "The number of key/value heads (" + std::to_string(shape.kvHeads)
            + ") must divide the number of heads (" + std::to_string(shape.heads) + ").";
    if (!headSizeIsEven(shape))
        return "Rotary positions pair a head's dimensions, so the head size (width / heads = "
            + std::to_string(shape.width / shape.heads) + ") must be even.";
    if (shape.ffn < 0 || shape.ffn > kMostFfn)
        return "The SwiGLU hidden size must be 1 to " + std::to_string(kMostFfn) + " (--ffn was "
            + std::to_string(shape.ffn) + ").";
    return std::nullopt;
}

std::string_view archName(Arch arch)
{
    return nameIn<Arch>(kArchNames, arch);
}

std::optional<Arch> parseArch(std::string_view text)
{
    return parseIn<Arch>(kArchNames, text);
}

std::string archChoices()
{
    return listIn<Arch>(kArchNames, " or ");
}

int kvHeadsOf(const ModelShape& shape)
{
    return shape.kvHeads > 0 ? shape.kvHeads : shape.heads;
}

int ffnOf(const ModelShape& shape)
{
    if (shape.ffn > 0)
        return shape.ffn;
    // ceil(8d / 3), then up to a multiple of 64 (in 64 bits: d is at most 65536).
    const std::int64_t hidden = (std::int64_t {8} * shape.width + 2) / 3;
    return static_cast<int>((hidden + 63) / 64 * 64);
}

std::string_view opKindName(OpKind kind, Arch arch)
{
    if (arch == Arch::Llama)
        for (const auto& [k, name] : kLlamaOpKindNames)
            if (k == kind)
                return name;
    return nameIn<OpKind>(kOpKindNames, kind);
}

std::optional<OpKind> parseOpKind(std::string_view name)
{
    if (const std::optional<OpKind> llama = parseIn<OpKind>(kLlamaOpKindNames, name))
        return llama;
    return parseIn<OpKind>(kOpKindNames, name);
}

std::string_view memoryCategoryName(MemoryCategory category)
{
    return nameIn<MemoryCategory>(kMemoryCategoryNames, category);
}

std::optional<MemoryCategory> parseMemoryCategory(std::string_view name)
{
    return parseIn<MemoryCategory>(kMemoryCategoryNames, name);
}

std::vector<OpKind> allOpKinds()
{
    std::vector<OpKind> kinds;
    kinds.reserve(kOpKindNames.size());
    for (const auto& entry : kOpKindNames)
        kinds.push_back(entry.first);
    return kinds;
}

std::string opKindList(Arch arch)
{
    std::string list;
    for (const auto& entry : kOpKindNames)
        list.append(list.empty() ? "" : ", ").append(opKindName(entry.first, arch));
    return list;
}

std::string opKindChoices()
{
    return opKindList() + " (llama's names for layernorm, qkv and gelu: rmsnorm, rope and swiglu)";
}

std::vector<OpKind> defaultSelectiveKeep()
{
    return {OpKind::BlockInput, OpKind::Qkv, OpKind::AttnValues, OpKind::Residual, OpKind::Fc1};
}

const char* const kByteSizeExamples = "16777216, 16M, 64MiB or 1.5G";

std::optional<std::uint64_t> parseByteSize(std::string_view text)
{
    // Digits and a decimal point, then the unit: no signs or exponents in a size.
    const std::size_t unitAt = std::min(text.size(), text.find_first_not_of("0123456789."));
    const std::optional<double> value = text::parseNumber(text.substr(0, unitAt));
    if (!value || unitAt == 0)
        return std::nullopt;
    const std::string unit = lower(text.substr(unitAt));
    double scale = 0;
    if (unit.empty() || unit == "b")
        scale = 1;
    else if (unit == "k" || unit == "kib")
        scale = 1024.0;
    else if (unit == "m" || unit == "mib")
        scale = 1024.0 * 1024;
    else if (unit == "g" || unit == "gib")
        scale = 1024.0 * 1024 * 1024;
    else if (unit == "kb")
        scale = 1e3; // the SI units as written, as GPU makers' and disk makers' "80GB"
    else if (unit == "mb")
        scale = 1e6;
    else if (unit == "gb")
        scale = 1e9;
    else
        return std::nullopt;
    const double bytes = std::floor(*value * scale);
    if (!(bytes >= 1) || bytes > 1.8e19)
        return std::nullopt;
    return static_cast<std::uint64_t>(bytes);
}

const char* const kPolicyChoices = "none, full, sqrt, selective, segment:<k>, segment:best or budget:<bytes>";

std::optional<RecomputePolicy> RecomputePolicy::parse(std::string_view text, std::string* error)
{
    RecomputePolicy policy;
    std::string body = lower(text);
    if (body.size() > kOffloadSuffix.size() && body.ends_with(kOffloadSuffix)) {
        policy.offload = true;
        body.resize(body.size() - kOffloadSuffix.size());
    }
    if (const auto plain = parseIn<PolicyKind>(kPlainPolicyNames, body)) {
        policy.kind = *plain;
    } else if (body.starts_with(kBudgetPrefix)) {
        const std::optional<std::uint64_t> bytes
            = parseByteSize(std::string_view(body).substr(kBudgetPrefix.size()));
        if (!bytes) {
            if (error)
                *error = "The budget in '" + std::string(text) + "' is not a positive byte count (examples: "
                    + kByteSizeExamples + "; K, M and G are powers of 1024).";
            return std::nullopt;
        }
        policy.kind = PolicyKind::Budget;
        policy.budgetBytes = *bytes;
    } else if (body.starts_with(kSegmentPrefix)) {
        const std::string_view count = std::string_view(body).substr(kSegmentPrefix.size());
        const std::optional<std::int64_t> blocks
            = count == "best" ? std::optional<std::int64_t>(0) : text::parseInteger<std::int64_t>(count);
        if (!blocks || (count != "best" && (*blocks < 1 || *blocks > 1 << 20))) {
            if (error)
                *error = "The segment length in '" + std::string(text)
                    + "' must be a whole number of blocks from 1, or best (examples: segment:4, "
                      "segment:best).";
            return std::nullopt;
        }
        policy.kind = PolicyKind::Segment;
        policy.segmentBlocks = static_cast<int>(*blocks);
    } else {
        if (error)
            *error = "Unknown recomputation policy '" + std::string(text) + "' (use " + kPolicyChoices + ").";
        return std::nullopt;
    }
    return policy;
}

std::string RecomputePolicy::name() const
{
    std::string text;
    if (kind == PolicyKind::Budget)
        text = std::string(kBudgetPrefix) + std::to_string(budgetBytes);
    else if (kind == PolicyKind::Segment)
        text = std::string(kSegmentPrefix)
            + (segmentBlocks > 0 ? std::to_string(segmentBlocks) : std::string("best"));
    else
        text = std::string(nameIn<PolicyKind>(kPlainPolicyNames, kind));
    if (offload)
        text += kOffloadSuffix;
    return text;
}

std::string_view deviceName(Device device)
{
    return nameIn<Device>(kDeviceNames, device);
}

std::string_view optimizerName(Optimizer optimizer)
{
    return nameIn<Optimizer>(kOptimizerNames, optimizer);
}

std::string_view savePrecisionName(SavePrecision precision)
{
    return nameIn<SavePrecision>(kSavePrecisionNames, precision);
}

std::optional<Device> parseDevice(std::string_view text)
{
    return parseIn<Device>(kDeviceNames, text);
}

std::optional<Optimizer> parseOptimizer(std::string_view text)
{
    return parseIn<Optimizer>(kOptimizerNames, text);
}

std::optional<SavePrecision> parseSavePrecision(std::string_view text)
{
    return parseIn<SavePrecision>(kSavePrecisionNames, text);
}

std::string deviceChoices()
{
    return listIn<Device>(kDeviceNames, " or ");
}

std::string optimizerChoices()
{
    return listIn<Optimizer>(kOptimizerNames, " or ");
}

std::string savePrecisionChoices()
{
    return listIn<SavePrecision>(kSavePrecisionNames, " or ");
}

std::optional<std::string> notRegularFile(const std::string& path)
{
    struct stat info { };
    if (::stat(path.c_str(), &info) != 0 || S_ISREG(info.st_mode))
        return std::nullopt; // missing or unreadable: opening it says why
    const char* what = S_ISDIR(info.st_mode)             ? "a folder"
        : S_ISFIFO(info.st_mode)                         ? "a named pipe (FIFO)"
        : S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode) ? "a device"
        : S_ISSOCK(info.st_mode)                         ? "a socket"
                                                         : "a special file";
    return path + " is " + what + ", not a regular file; only regular files are read.";
}

} // namespace rlab
