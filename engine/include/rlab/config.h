#pragma once
// What to run: the model's shape, the recomputation policy and the training settings.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rlab {

// GPT-2-style decoder sizes (see DESIGN.md "Reference model").
struct ModelShape {
    int layers = 12; // N
    int width = 128; // d
    int heads = 4; // H
    int seq = 64; // T
    int batch = 8; // B
    int vocab = 256; // V
};

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
std::string_view opKindName(OpKind kind); // "layernorm", "qkv", ...
std::optional<OpKind> parseOpKind(std::string_view name); // inverse of opKindName
std::vector<OpKind> allOpKinds();
std::vector<OpKind>
defaultSelectiveKeep(); // the matmul outputs: qkv, attn_values, fc1 (+ block input, residual)

enum class PolicyKind { None, Full, Sqrt, Selective, Budget, Segment };

struct RecomputePolicy {
    PolicyKind kind = PolicyKind::None;
    std::uint64_t budgetBytes = 0; // for Budget
    int segmentBlocks = 0; // for Segment: blocks per segment; 0: the best length (bestSegmentBlocks)
    bool offload = false; // modifier: kept checkpoints live in the host pool
    std::vector<OpKind> keep; // for Selective; empty means defaultSelectiveKeep()

    // Parses "none", "full", "sqrt", "selective", "budget:<bytes>" (bytes may carry K/M/G, KiB/MiB/GiB),
    // "segment:<k>" (segments of k blocks, as sqrt's with any k) and "segment:best".
    // On failure returns nullopt and sets *error to one sentence.
    static std::optional<RecomputePolicy> parse(std::string_view text, std::string* error);
    std::string name() const; // canonical text, e.g. "budget:16777216", "selective+offload"
};

enum class Device { Cpu, Cuda };
enum class Optimizer { Sgd, AdamW };
enum class SavePrecision { Fp32, Bf16 };

std::string_view deviceName(Device device); // "cpu", "cuda"

// With a time budget, at least this many measured steps: the fewest whose order statistics
// bound the median with 95% confidence (1 - 2 / 2^6 = 0.969).
constexpr int kMinTimedSteps = 6;

struct RunConfig {
    ModelShape shape;
    RecomputePolicy policy;
    int steps = 10;
    int warmupSteps = 1; // excluded from step_ms
    // > 0: after `steps`, keep training until this much measured time (warm-up excluded) is spent
    // and at least kMinTimedSteps steps are measured, so step_ms_ci95 is a 95% interval; never
    // beyond maxSteps.
    double minTimeSeconds = 0;
    int maxSteps = 1000;
    std::uint64_t seed = 1234;
    float dropout = 0.1f;
    float learningRate = 1e-3f;
    Optimizer optimizer = Optimizer::AdamW;
    SavePrecision savePrecision = SavePrecision::Fp32;
    Device device = Device::Cpu;
    bool rngReplay = true; // false: recompute draws fresh dropout masks (wrong on purpose)
    int threads = 0; // 0: all cores
    std::uint64_t memoryLimitBytes = 0; // 0: the machine's physical memory; refuse larger predictions
    bool recordTimeline = true; // per-op timeline for one measured step
    std::string initFrom; // folder in --dump layout; empty: seeded init
    std::string dumpDir; // folder to write tokens, targets, params, first-step grads
    bool keepGradients = false; // copy first-step gradients into RunResult (tests)
};

} // namespace rlab
