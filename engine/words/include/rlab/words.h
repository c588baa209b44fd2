#pragma once
// The engine's words, defined once: the model's sizes and the rules on them, the recomputation
// policies and their grammar, op kinds, memory categories, optimizer, save precision and device
// names, byte sizes and sweep parameters. Plain C++ with no Qt, no YAML and no engine behind it, so the
// content loader, `rlab` and the app all read and write the same words (docs/architecture.md).

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rlab/safe_write.h"

namespace rlab {

// The reference model's architecture: GPT-2's block (LayerNorm, GELU MLP, learned positions) or
// llama's (RMSNorm, rotary positions, grouped-query attention, SwiGLU MLP, no biases; docs/llama.md).
enum class Arch { Gpt2, Llama };

// Decoder sizes (docs/architecture.md "The reference model"). kvHeads, ffn and qkvBias are llama's only.
struct ModelShape {
    int layers = 12; // N
    int width = 128; // d
    int heads = 4; // H
    int seq = 64; // T
    int batch = 8; // B
    int vocab = 256; // V
    Arch arch = Arch::Gpt2;
    int kvHeads = 0; // G, key/value heads (llama); 0: as many as heads
    int ffn = 0; // F, the SwiGLU hidden size (llama); 0: 8d/3 rounded up to a multiple of 64
    bool qkvBias = false; // biases on wq, wk and wv (llama; Qwen2's block), --qkv-bias
};

std::string_view archName(Arch arch); // "gpt2", "llama"
std::optional<Arch> parseArch(std::string_view text);
std::string archChoices(); // "gpt2 or llama"
// Llama's sizes with their defaults applied: G (heads when 0) and F (8d/3 up to a multiple of 64).
int kvHeadsOf(const ModelShape& shape);
int ffnOf(const ModelShape& shape);
inline constexpr int kMostFfn = 1 << 20; // --ffn

// One size of the model as users name it ("layers", "--layers") and the engine's limits on it.
struct ShapeField {
    std::string_view key; // "layers": the content key and, with "--", the rlab flag
    std::string_view what; // "number of layers": for sentences
    int ModelShape::*member;
    int least;
    int most;
    bool sweepable; // a sweep may vary it (layers, seq, width, batch)
};
std::span<const ShapeField> shapeFields(); // layers, width, heads, seq, batch, vocab
const ShapeField* shapeField(std::string_view key); // nullptr for an unknown key
const ShapeField* sweepParameter(std::string_view key); // nullptr unless a sweepable field
std::string sweepParameterList(); // "layers, width, seq, batch"
// The attention heads split the width evenly: d = H * dh.
bool headsDivideWidth(const ModelShape& shape);
// Llama's: the key/value heads split the heads evenly (G divides H), and the head size is even
// (rotary positions pair its dimensions).
bool kvHeadsDivideHeads(const ModelShape& shape);
bool headSizeIsEven(const ModelShape& shape);
// nullopt when every size is within its limits and the heads divide the width (for llama also: the
// key/value heads divide the heads, the head size is even for rotary pairs), else one sentence.
std::optional<std::string> shapeProblem(const ModelShape& shape);

// Upper bounds on the other counts users give, checked before anything is allocated
// (docs/limits.md lists them with the shape limits above). Each keeps a run or a sweep within what one
// machine can do in a day; beyond them thread creation or the allocator fails instead.
inline constexpr int kMostThreads = 1024; // --threads
inline constexpr int kMostSteps = 1000000; // --steps (the step times and losses are kept)
inline constexpr std::size_t kMostSweepValues = 64; // values in one sweep list (--layers 1,2,...)
inline constexpr std::size_t kMostSweepRuns = 4096; // runs in one sweep: the lists' product
// nullopt when `path` names a regular file (after symbolic links), else one sentence saying what
// it is instead ("is a named pipe (FIFO)") so reading it neither blocks nor runs forever.
std::optional<std::string> notRegularFile(const std::string& path);

// Writing files (replaceFileWhole, unwritableKind, FileBatch): rlab/safe_write.h.

// The activations a block can keep for backward, by the op that produced them.
// `selective` keeps the kinds named in RecomputePolicy::keep and recomputes the rest.
enum class OpKind {
    BlockInput, // residual stream entering the block (always kept by full/sqrt at boundaries)
    LayerNorm, // ln1/ln2 outputs (+ mean, rstd)
    Qkv, // qkv matmul output (B,T,3d)
    Softmax, // attention probabilities (B,H,T,T)
    AttnDropout, // attention probabilities after dropout (when dropout > 0)
    AttnValues, // P v, merged heads (B,T,d): a (batched) matmul output
    Residual, // residual stream after the attention half
    Fc1, // fc1 matmul output (B,T,4d)
    Gelu, // GELU output (B,T,4d)
};
// "layernorm", "qkv", ...; for llama its names of three kinds: "rmsnorm" (LayerNorm's slots hold its
// RMSNorms), "rope" (Qkv's slot holds q, k and v after the rotary embedding) and "swiglu" (Gelu's
// slot holds its SwiGLU product).
std::string_view opKindName(OpKind kind, Arch arch = Arch::Gpt2);
// The inverse of opKindName for either arch (both names of a kind are read), any letter case.
std::optional<OpKind> parseOpKind(std::string_view name);
std::vector<OpKind> allOpKinds();
std::string opKindList(Arch arch = Arch::Gpt2); // "block_input, layernorm, ..., gelu"
// For a sentence that refuses an unknown kind: opKindList() and llama's three names.
std::string opKindChoices();
// The matmul outputs qkv, attn_values and fc1, with the block input and the residual.
std::vector<OpKind> defaultSelectiveKeep();

// Byte sizes, one grammar everywhere: a positive number with an optional unit, K/KiB, M/MiB or
// G/GiB (powers of 1024), KB/MB/GB (powers of 1000, the SI units as written) or B; letter case is
// ignored. "16M" = "16MiB" = 16777216, "1.5G" = 1610612736, "24GB" = 24000000000.
std::optional<std::uint64_t> parseByteSize(std::string_view text);
extern const char* const kByteSizeExamples; // "16777216, 16M, 64MiB or 1.5G"

enum class PolicyKind { None, Full, Sqrt, Selective, Budget, Segment };

struct RecomputePolicy {
    PolicyKind kind = PolicyKind::None;
    std::uint64_t budgetBytes = 0; // for Budget
    int segmentBlocks = 0; // for Segment: blocks per segment; 0: the best length (bestSegmentBlocks)
    bool offload = false; // modifier: kept checkpoints live in the host pool
    std::vector<OpKind> keep; // for Selective; empty means defaultSelectiveKeep()

    // Parses "none", "full", "sqrt", "selective", "budget:<size>" (parseByteSize), "segment:<k>"
    // (segments of k blocks, as sqrt's with any k) and "segment:best", each with an optional
    // "+offload". On failure returns nullopt and sets *error to one sentence.
    static std::optional<RecomputePolicy> parse(std::string_view text, std::string* error);
    std::string name() const; // canonical text, e.g. "budget:16777216", "selective+offload"
};
extern const char* const kPolicyChoices; // "none, full, sqrt, selective, segment:<k>, ... or budget:<bytes>"

// What the engine's tracking allocator counts memory by. Every layer that lists the categories
// (the results table, the planner, claims, `rlab plan`) loops over kMemoryCategories.
enum class MemoryCategory {
    Parameters,
    Gradients,
    OptimizerState,
    SavedActivations,
    RecomputeWorkspace,
    Temporaries,
    HostOffloaded,
    Count
};
constexpr std::size_t kMemoryCategoryCount = static_cast<std::size_t>(MemoryCategory::Count);
inline constexpr std::array<MemoryCategory, kMemoryCategoryCount> kMemoryCategories {
    MemoryCategory::Parameters, MemoryCategory::Gradients, MemoryCategory::OptimizerState,
    MemoryCategory::SavedActivations, MemoryCategory::RecomputeWorkspace, MemoryCategory::Temporaries,
    MemoryCategory::HostOffloaded};
// "parameters", "saved_activations", ...: the keys of `rlab run --json` bytes_by_category.
std::string_view memoryCategoryName(MemoryCategory category);
std::optional<MemoryCategory> parseMemoryCategory(std::string_view name);
// Device memory is every category but HostOffloaded; activations are SavedActivations and
// RecomputeWorkspace (what the predictor's peak covers).
constexpr bool isDeviceCategory(MemoryCategory category)
{
    return category != MemoryCategory::HostOffloaded;
}
constexpr bool isActivationCategory(MemoryCategory category)
{
    return category == MemoryCategory::SavedActivations || category == MemoryCategory::RecomputeWorkspace;
}

enum class Device { Cpu, Cuda };
enum class Optimizer { Sgd, AdamW };
enum class SavePrecision { Fp32, Bf16 };
constexpr Optimizer kDefaultOptimizer = Optimizer::AdamW;
constexpr SavePrecision kDefaultSavePrecision = SavePrecision::Fp32; // compute is always fp32

std::string_view deviceName(Device device); // "cpu", "cuda"
std::string_view optimizerName(Optimizer optimizer); // "sgd", "adamw"
std::string_view savePrecisionName(SavePrecision precision); // "fp32", "bf16"
std::optional<Device> parseDevice(std::string_view text);
std::optional<Optimizer> parseOptimizer(std::string_view text);
std::optional<SavePrecision> parseSavePrecision(std::string_view text);
// "cpu or cuda", "sgd or adamw", "fp32 or bf16": the choices, for sentences.
std::string deviceChoices();
std::string optimizerChoices();
std::string savePrecisionChoices();

} // namespace rlab
