#pragma once
// The reference model's parameters (docs/architecture.md "The engine"): names, shapes and where
// each lives in one contiguous buffer, in PyTorch state_dict order; and their seeded initial values.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rlab/config.h"

namespace rlab::detail {

struct ParamTensor {
    std::string name; // "blocks.0.qkv.weight"
    std::vector<std::size_t> shape;
    std::size_t offset = 0; // in floats, into the parameter buffer
    std::size_t size = 0; // in floats
};

// Offsets (in floats) of one block's parameters. Llama's (docs/llama.md "The contract")
// reuse the fields of the tensors in the same place: ln1w attn_norm, qkvw wq (wk and wv follow it,
// so q, k and v are one matmul), projw wo, ln2w mlp_norm, fc1w w1, fc2w w2, and w3 its own; the
// bias fields stay 0 (no biases) and are never read.
struct BlockParams {
    std::size_t ln1w = 0, ln1b = 0, qkvw = 0, qkvb = 0, projw = 0, projb = 0;
    std::size_t ln2w = 0, ln2b = 0, fc1w = 0, fc1b = 0, fc2w = 0, fc2b = 0;
    std::size_t w3 = 0; // llama: the SwiGLU up projection
};

struct ModelLayout {
    std::vector<ParamTensor> tensors;
    std::vector<BlockParams> blocks;
    // Llama: lnfw is norm.weight; wpe and lnfb are unused (no position table, no biases).
    std::size_t wte = 0, wpe = 0, lnfw = 0, lnfb = 0, headw = 0;
    std::size_t total = 0; // floats
};

ModelLayout makeLayout(const ModelShape& shape);
// Floats of all parameters, from the same table makeLayout builds from, without building it
// (checked 64-bit: the predictor asks at real model sizes).
std::uint64_t parameterCount(const ModelShape& shape);

// GPT-2 style: N(0, 0.02) weights, residual projections (proj, fc2; llama's wo, w2) scaled by
// 1/sqrt(2N), zero biases, LayerNorm and RMSNorm weights 1. Deterministic from the seed on every platform.
std::vector<float> initialParameters(const ModelLayout& layout, const ModelShape& shape, std::uint64_t seed);

// Tokens and next-token targets (B, T) for a step: arithmetic sequences mod V with a few
// strides, so the model can learn to continue them and the loss falls.
void syntheticBatch(std::uint64_t seed, int step, const ModelShape& shape, std::vector<std::int32_t>* tokens,
    std::vector<std::int32_t>* targets);

} // namespace rlab::detail
