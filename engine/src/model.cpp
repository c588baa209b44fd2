// Parameter layout, initialisation and the synthetic training data.
#include "model.h"

#include <cmath>
#include <numbers>

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

} // namespace

ModelLayout makeLayout(const ModelShape& shape)
{
    ModelLayout layout;
    const auto d = static_cast<std::size_t>(shape.width);
    const auto add = [&](const std::string& name, std::vector<std::size_t> dims) {
        ParamTensor t;
        t.name = name;
        t.size = 1;
        for (std::size_t n : dims)
            t.size *= n;
        t.shape = std::move(dims);
        t.offset = layout.total;
        layout.total += t.size;
        layout.tensors.push_back(std::move(t));
        return layout.tensors.back().offset;
    };
    layout.wte = add("wte.weight", {static_cast<std::size_t>(shape.vocab), d});
    layout.wpe = add("wpe.weight", {static_cast<std::size_t>(shape.seq), d});
    for (int i = 0; i < shape.layers; ++i) {
        const std::string p = "blocks." + std::to_string(i) + ".";
        BlockParams b;
        b.ln1w = add(p + "ln1.weight", {d});
        b.ln1b = add(p + "ln1.bias", {d});
        b.qkvw = add(p + "qkv.weight", {3 * d, d});
        b.qkvb = add(p + "qkv.bias", {3 * d});
        b.projw = add(p + "proj.weight", {d, d});
        b.projb = add(p + "proj.bias", {d});
        b.ln2w = add(p + "ln2.weight", {d});
        b.ln2b = add(p + "ln2.bias", {d});
        b.fc1w = add(p + "fc1.weight", {4 * d, d});
        b.fc1b = add(p + "fc1.bias", {4 * d});
        b.fc2w = add(p + "fc2.weight", {d, 4 * d});
        b.fc2b = add(p + "fc2.bias", {d});
        layout.blocks.push_back(b);
    }
    layout.lnfw = add("lnf.weight", {d});
    layout.lnfb = add("lnf.bias", {d});
    layout.headw = add("head.weight", {static_cast<std::size_t>(shape.vocab), d});
    return layout;
}

std::vector<float> initialParameters(const ModelLayout& layout, const ModelShape& shape, std::uint64_t seed)
{
    std::vector<float> params(layout.total, 0.0f);
    SplitMix rng(seed ^ 0x5EEDull);
    const double residualStd = 0.02 / std::sqrt(2.0 * shape.layers);
    for (const ParamTensor& t : layout.tensors) {
        float* p = params.data() + t.offset;
        const bool isWeight = t.name.ends_with(".weight");
        const bool isNorm = t.name.find("ln") != std::string::npos;
        if (isNorm && isWeight) {
            std::fill(p, p + t.size, 1.0f);
        } else if (isWeight) {
            const bool residual = t.name.ends_with("proj.weight") || t.name.ends_with("fc2.weight");
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
