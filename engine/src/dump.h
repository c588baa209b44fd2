#pragma once
// The --dump / --init-from folder layout (docs/cli.md "--dump and --init-from"):
//   DIR/tokens.npy, DIR/targets.npy  int32 (B, T)
//   DIR/params/<name>.npy            float32, initial weights
//   DIR/grads/<name>.npy             float32, first-step gradients
//   DIR/result.json

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rlab::detail {

struct NamedTensor {
    std::string name; // PyTorch state_dict name, e.g. "blocks.0.qkv.weight"
    std::vector<std::size_t> shape;
    std::vector<float> data;
};

struct InitData {
    std::vector<NamedTensor> params; // same order and shapes as `expected`
    bool hasBatch = false; // tokens.npy and targets.npy were present
    std::vector<std::int32_t> tokens, targets; // (B, T) when hasBatch
};

// Reads DIR/params/<name>.npy for every expected tensor (shapes must match; data of `expected`
// is ignored) and tokens/targets when present (shape must be (B, T), values < vocab).
// Throws rlab::RunError with one sentence naming the file on any problem.
InitData readInit(const std::string& dir, const std::vector<NamedTensor>& expected, int B, int T, int vocab);

// nullopt when DIR can hold the layout: it is a writable folder, or the nearest existing folder
// above it is writable so it can be made. Else one sentence; checked before any training.
std::optional<std::string> dumpFolderProblem(const std::string& dir);
// nullopt when DIR is a folder to read the layout from; else one sentence, checked before training.
std::optional<std::string> initFolderProblem(const std::string& dir);

// Writes the whole layout; creates DIR (and parents). Throws rlab::RunError on failure.
void writeDump(const std::string& dir, const std::vector<std::int32_t>& tokens,
    const std::vector<std::int32_t>& targets, int B, int T, const std::vector<NamedTensor>& params,
    const std::vector<NamedTensor>& grads, const std::string& resultJson);

} // namespace rlab::detail
