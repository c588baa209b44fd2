#include "dump.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <system_error>
#include <unistd.h>

#include "npy.h"
#include "rlab/engine.h"
#include "rlab/safe_write.h"

namespace rlab::detail {
namespace {

namespace fs = std::filesystem;

std::string describe(const fs::path& path)
{
    return path.string();
}

// Reads DIR/<name>.npy as an int32 (B, T) batch with values below `vocab`.
std::vector<std::int32_t> readBatch(const fs::path& path, int B, int T, int vocab)
{
    const std::vector<std::size_t> expected {static_cast<std::size_t>(B), static_cast<std::size_t>(T)};
    // Checked on the header, before any data is read.
    NpyArray array = readNpy(describe(path), [&](const NpyArray& header) {
        if (header.type != NpyType::Int32)
            throw RunError(
                "The file " + describe(path) + " holds float32 values, but token ids must be int32.");
        if (header.shape != expected)
            throw RunError("The file " + describe(path) + " has shape " + shapeText(header.shape)
                + ", but this run needs (batch, seq) = " + shapeText(expected) + ".");
    });
    for (std::size_t i = 0; i < array.ints.size(); ++i) {
        const std::int32_t id = array.ints[i];
        if (id < 0 || id >= vocab)
            throw RunError("The file " + describe(path) + " holds token id " + std::to_string(id)
                + " at position " + std::to_string(i) + ", outside the vocabulary 0.."
                + std::to_string(vocab - 1) + ".");
    }
    return std::move(array.ints);
}

void createFolder(const fs::path& path)
{
    std::error_code error;
    fs::create_directories(path, error);
    if (error)
        throw RunError("Cannot create the folder " + describe(path) + ": " + error.message() + ".");
}

// Adds DIR/<folder>/<name>.npy for each tensor to `batch`.
void addTensors(FileBatch& batch, const fs::path& root, const std::string& folder,
    const std::vector<NamedTensor>& tensors)
{
    for (const NamedTensor& tensor : tensors) {
        const std::string relative = folder + "/" + tensor.name + ".npy";
        const std::string path = describe(root / relative);
        if (const std::optional<std::string> problem
            = batch.add(relative, npyBytes(path, tensor.shape, tensor.data)))
            throw RunError("Cannot write " + path + ": " + *problem + ".");
    }
}

} // namespace

std::optional<std::string> dumpFolderProblem(const std::string& dir)
{
    std::error_code error;
    fs::path existing = fs::absolute(fs::path(dir), error);
    // The nearest part of the path that exists decides: a folder we may write in, or a refusal.
    while (!fs::exists(existing, error) && existing.has_parent_path() && existing != existing.parent_path())
        existing = existing.parent_path();
    if (!fs::is_directory(existing, error))
        return "The --dump folder " + dir + " cannot be made: " + describe(existing) + " is not a folder.";
    if (::access(existing.c_str(), W_OK | X_OK) != 0)
        return "The --dump folder " + dir + " cannot be written: " + describe(existing) + " is not writable.";
    return std::nullopt;
}

std::optional<std::string> initFolderProblem(const std::string& dir)
{
    std::error_code error;
    if (!fs::is_directory(fs::path(dir), error))
        return "The --init-from folder " + dir + " does not exist or is not a folder.";
    return std::nullopt;
}

InitData readInit(const std::string& dir, const std::vector<NamedTensor>& expected, int B, int T, int vocab)
{
    const fs::path root(dir);
    std::error_code error;
    if (auto problem = initFolderProblem(dir))
        throw RunError(*problem);

    InitData init;
    init.params.reserve(expected.size());
    for (const NamedTensor& want : expected) {
        const fs::path path = root / "params" / (want.name + ".npy");
        if (!fs::exists(path, error))
            throw RunError(
                "The --init-from folder lacks " + describe(path) + " (parameter " + want.name + ").");
        // Checked on the header, before any data is read (a 10 GB file of the wrong shape hung).
        NpyArray array = readNpy(describe(path), [&](const NpyArray& header) {
            if (header.type != NpyType::Float32)
                throw RunError(
                    "The file " + describe(path) + " holds int32 values, but parameters must be float32.");
            if (header.shape != want.shape)
                throw RunError("The file " + describe(path) + " has shape " + shapeText(header.shape)
                    + ", but " + want.name + " needs " + shapeText(want.shape) + " for this model shape.");
        });
        const auto bad = std::find_if_not(
            array.floats.begin(), array.floats.end(), [](float value) { return std::isfinite(value); });
        if (bad != array.floats.end())
            throw RunError("The file " + describe(path) + " holds " + std::to_string(*bad) + " at position "
                + std::to_string(bad - array.floats.begin()) + "; initial weights must be finite numbers.");
        init.params.push_back(NamedTensor {want.name, want.shape, std::move(array.floats)});
    }
    // A weight the model lacks would be dropped without a word: a folder of another block (a bias
    // without --qkv-bias, a llama folder read as GPT-2's) or of more layers.
    for (const fs::directory_entry& entry : fs::directory_iterator(root / "params", error)) {
        const fs::path& path = entry.path();
        if (path.extension() != ".npy")
            continue;
        const std::string name = path.stem().string();
        if (std::none_of(
                expected.begin(), expected.end(), [&](const NamedTensor& t) { return t.name == name; }))
            throw RunError("The --init-from folder holds " + describe(path) + ", which is not a parameter of "
                + "this model; give the shape and block the folder was made for (--layers, --arch, "
                  "--qkv-bias).");
    }

    const fs::path tokens = root / "tokens.npy";
    const fs::path targets = root / "targets.npy";
    const bool hasTokens = fs::exists(tokens, error);
    const bool hasTargets = fs::exists(targets, error);
    if (hasTokens != hasTargets)
        throw RunError("The --init-from folder " + dir + " has " + (hasTokens ? "tokens.npy" : "targets.npy")
            + " without " + (hasTokens ? "targets.npy" : "tokens.npy") + "; give both or neither.");
    if (hasTokens) {
        init.tokens = readBatch(tokens, B, T, vocab);
        init.targets = readBatch(targets, B, T, vocab);
        init.hasBatch = true;
    }
    return init;
}

void writeDump(const std::string& dir, const std::vector<std::int32_t>& tokens,
    const std::vector<std::int32_t>& targets, int B, int T, const std::vector<NamedTensor>& params,
    const std::vector<NamedTensor>& grads, const std::string& resultJson)
{
    const fs::path root(dir);
    createFolder(root);
    // All or none: every file is written whole beside its name before any is renamed over the old
    // dump, so a full disk leaves the old dump as it was; never through a link (rlab/safe_write.h).
    FileBatch batch(root.string());
    const auto add = [&](const std::string& relative, std::string_view bytes) {
        if (const std::optional<std::string> problem = batch.add(relative, bytes))
            throw RunError("Cannot write " + describe(root / relative) + ": " + *problem + ".");
    };
    const std::vector<std::size_t> batchShape {static_cast<std::size_t>(B), static_cast<std::size_t>(T)};
    add("tokens.npy", npyBytes(describe(root / "tokens.npy"), batchShape, tokens));
    add("targets.npy", npyBytes(describe(root / "targets.npy"), batchShape, targets));
    addTensors(batch, root, "params", params);
    addTensors(batch, root, "grads", grads);
    add("result.json", resultJson + "\n");
    if (const std::optional<std::string> problem = batch.commit())
        throw RunError("Cannot write the --dump folder " + dir + ": " + *problem + ".");
}

} // namespace rlab::detail
