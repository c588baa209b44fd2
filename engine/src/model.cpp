// Parameter layout, initialisation and the synthetic training data.
#include "model.h"

#include <cmath>
#include <numbers>
#include <span>

#include "byte_count.h"

namespace rlab::detail {

namespace {

// SplitMix64: a tiny, portable generator (std:: distributions differ between libraries).
class SplitMix {
public:
    explicit SplitMix(std::uint64_t seed)
        : m_state(seed)
    {
    }
    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double uniform() { return (static_cast<double>(next() >> 11) + 0.5) * (1.0 / 9007199254740992.0); }
    double normal()
    {
        const double u1 = uniform(), u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
    }

private:
    std::uint64_t m_state;
};

// The sizes a parameter's dimensions are made of.
enum class Extent { None, Width, Width3, Width4, Seq, Vocab, KvWidth, Ffn };

std::uint64_t extent(const ModelShape& shape, Extent e)
{
    switch (e) {
    case Extent::KvWidth: // G * dh
        return product(kvHeadsOf(shape), shape.heads > 0 ? shape.width / shape.heads : 0);
    case Extent::Ffn:
        return static_cast<std::uint64_t>(ffnOf(shape));
    case Extent::Width:
        return static_cast<std::uint64_t>(shape.width);
    case Extent::Width3:
        return product(3, shape.width);
    case Extent::Width4:
        return product(4, shape.width);
    case Extent::Seq:
        return static_cast<std::uint64_t>(shape.seq);
    case Extent::Vocab:
        return static_cast<std::uint64_t>(shape.vocab);
    case Extent::None:
        break;
    }
    return 1;
}

// One tensor: a vector (cols None) or a rows x cols matrix.
struct ParamSpec {
    const char* name;
    Extent rows;
    Extent cols;
};

std::uint64_t floats(const ModelShape& shape, const ParamSpec& spec)
{
    return product(extent(shape, spec.rows), extent(shape, spec.cols));
}

struct ModelParam {
    ParamSpec spec;
    std::size_t ModelLayout::*offset;
};
struct BlockParam {
    ParamSpec spec {};
    std::size_t BlockParams::*offset = nullptr;
    bool onlyWithQkvBias = false; // llama's wq, wk and wv biases (--qkv-bias)
};

// The parameters in PyTorch state_dict order: the embeddings, each block's, the final norm and head.
constexpr ModelParam kBeforeBlocks[] = {
    {{"wte.weight", Extent::Vocab, Extent::Width}, &ModelLayout::wte},
    {{"wpe.weight", Extent::Seq, Extent::Width}, &ModelLayout::wpe},
};
constexpr BlockParam kBlockParams[] = {
    {{"ln1.weight", Extent::Width, Extent::None}, &BlockParams::ln1w},
    {{"ln1.bias", Extent::Width, Extent::None}, &BlockParams::ln1b},
    {{"qkv.weight", Extent::Width3, Extent::Width}, &BlockParams::qkvw},
    {{"qkv.bias", Extent::Width3, Extent::None}, &BlockParams::qkvb},
    {{"proj.weight", Extent::Width, Extent::Width}, &BlockParams::projw},
    {{"proj.bias", Extent::Width, Extent::None}, &BlockParams::projb},
    {{"ln2.weight", Extent::Width, Extent::None}, &BlockParams::ln2w},
    {{"ln2.bias", Extent::Width, Extent::None}, &BlockParams::ln2b},
    {{"fc1.weight", Extent::Width4, Extent::Width}, &BlockParams::fc1w},
    {{"fc1.bias", Extent::Width4, Extent::None}, &BlockParams::fc1b},
    {{"fc2.weight", Extent::Width, Extent::Width4}, &BlockParams::fc2w},
    {{"fc2.bias", Extent::Width, Extent::None}, &BlockParams::fc2b},
};
constexpr ModelParam kAfterBlocks[] = {
    {{"lnf.weight", Extent::Width, Extent::None}, &ModelLayout::lnfw},
    {{"lnf.bias", Extent::Width, Extent::None}, &ModelLayout::lnfb},
    {{"head.weight", Extent::Vocab, Extent::Width}, &ModelLayout::headw},
};

// Llama's, with the names of docs/llama.md "The contract" (its PyTorch state_dict).
constexpr ModelParam kLlamaBeforeBlocks[] = {
    {{"wte.weight", Extent::Vocab, Extent::Width}, &ModelLayout::wte},
};
constexpr BlockParam kLlamaBlockParams[] = {
    {{"attn_norm.weight", Extent::Width, Extent::None}, &BlockParams::ln1w},
    {{"wq.weight", Extent::Width, Extent::Width}, &BlockParams::qkvw},
    {{"wk.weight", Extent::KvWidth, Extent::Width}, nullptr}, // right after wq
    {{"wv.weight", Extent::KvWidth, Extent::Width}, nullptr}, // right after wk
    // Qwen2's q, k and v biases, after the three weights (not in state_dict order) so that the
    // weights and the biases each stay one run of floats for the one matmul.
    {{"wq.bias", Extent::Width, Extent::None}, &BlockParams::qkvb, true},
    {{"wk.bias", Extent::KvWidth, Extent::None}, nullptr, true}, // right after wq's
    {{"wv.bias", Extent::KvWidth, Extent::None}, nullptr, true}, // right after wk's
    {{"wo.weight", Extent::Width, Extent::Width}, &BlockParams::projw},
    {{"mlp_norm.weight", Extent::Width, Extent::None}, &BlockParams::ln2w},
    {{"w1.weight", Extent::Ffn, Extent::Width}, &BlockParams::fc1w},
    {{"w2.weight", Extent::Width, Extent::Ffn}, &BlockParams::fc2w},
    {{"w3.weight", Extent::Ffn, Extent::Width}, &BlockParams::w3},
};
constexpr ModelParam kLlamaAfterBlocks[] = {
    {{"norm.weight", Extent::Width, Extent::None}, &ModelLayout::lnfw},
    {{"head.weight", Extent::Vocab, Extent::Width}, &ModelLayout::headw},
};

struct ParamTables {
    std::span<const ModelParam> before;
    std::span<const BlockParam> block;
    std::span<const ModelParam> after;
};

bool inModel(const ModelShape& shape, const BlockParam& param)
{
    return !param.onlyWithQkvBias || shape.qkvBias;
}

ParamTables tablesOf(const ModelShape& shape)
{
    if (shape.arch == Arch::Llama)
        return {kLlamaBeforeBlocks, kLlamaBlockParams, kLlamaAfterBlocks};
    return {kBeforeBlocks, kBlockParams, kAfterBlocks};
}

} // namespace

ModelLayout makeLayout(const ModelShape& shape)
{
    ModelLayout layout;
    const auto add = [&](const std::string& name, const ParamSpec& spec) {
        ParamTensor t;
        t.name = name;
        t.shape = {static_cast<std::size_t>(extent(shape, spec.rows))};
        if (spec.cols != Extent::None)
            t.shape.push_back(static_cast<std::size_t>(extent(shape, spec.cols)));
        t.size = static_cast<std::size_t>(floats(shape, spec));
        t.offset = layout.total;
        layout.total += t.size;
        layout.tensors.push_back(std::move(t));
        return layout.tensors.back().offset;
    };
    const ParamTables tables = tablesOf(shape);
    for (const ModelParam& p : tables.before)
        layout.*p.offset = add(p.spec.name, p.spec);
    for (int i = 0; i < shape.layers; ++i) {
        const std::string prefix = "blocks." + std::to_string(i) + ".";
        BlockParams b;
        for (const BlockParam& p : tables.block) {
            if (!inModel(shape, p))
                continue;
            const std::size_t offset = add(prefix + p.spec.name, p.spec);
            if (p.offset)
                b.*p.offset = offset;
        }
        layout.blocks.push_back(b);
    }
    for (const ModelParam& p : tables.after)
        layout.*p.offset = add(p.spec.name, p.spec);
    return layout;
}

std::uint64_t parameterCount(const ModelShape& shape)
{
    std::uint64_t model = 0, block = 0;
    const ParamTables tables = tablesOf(shape);
    for (const ModelParam& p : tables.before)
        model = checkedAdd(model, floats(shape, p.spec));
    for (const ModelParam& p : tables.after)
        model = checkedAdd(model, floats(shape, p.spec));
    for (const BlockParam& p : tables.block)
        if (inModel(shape, p))
            block = checkedAdd(block, floats(shape, p.spec));
    return checkedAdd(model, product(block, shape.layers));
}

std::vector<float> initialParameters(const ModelLayout& layout, const ModelShape& shape, std::uint64_t seed)
{
    std::vector<float> params(layout.total, 0.0f);
    SplitMix rng(seed ^ 0x5EEDull);
    const double residualStd = 0.02 / std::sqrt(2.0 * shape.layers);
    for (const ParamTensor& t : layout.tensors) {
        float* p = params.data() + t.offset;
        const bool isWeight = t.name.ends_with(".weight");
        const bool isNorm
            = t.name.find("ln") != std::string::npos || t.name.find("norm") != std::string::npos;
        if (isNorm && isWeight) {
            std::fill(p, p + t.size, 1.0f);
        } else if (isWeight) {
            const bool residual = t.name.ends_with("proj.weight") || t.name.ends_with("fc2.weight")
                || t.name.ends_with(".wo.weight") || t.name.ends_with(".w2.weight");
            const double stdev = residual ? residualStd : 0.02;
            for (std::size_t i = 0; i < t.size; ++i)
                p[i] = static_cast<float>(rng.normal() * stdev);
        }
    }
    return params;
}

void syntheticBatch(std::uint64_t seed, int step, const ModelShape& shape, std::vector<std::int32_t>* tokens,
    std::vector<std::int32_t>* targets)
{
    constexpr std::int64_t kStrides[] = {1, 2, 3, 5};
    const auto count = static_cast<std::size_t>(shape.batch) * static_cast<std::size_t>(shape.seq);
    tokens->resize(count);
    targets->resize(count);
    SplitMix rng(seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(step) + 1);
    for (int b = 0; b < shape.batch; ++b) {
        const auto start = static_cast<std::int64_t>(rng.next() % static_cast<std::uint64_t>(shape.vocab));
        const std::int64_t stride = kStrides[rng.next() % 4];
        for (int t = 0; t < shape.seq; ++t) {
            const std::size_t i = static_cast<std::size_t>(b) * shape.seq + t;
            (*tokens)[i] = static_cast<std::int32_t>((start + stride * t) % shape.vocab);
            (*targets)[i] = static_cast<std::int32_t>((start + stride * (t + 1)) % shape.vocab);
        }
    }
}

} // namespace rlab::detail
