#pragma once
// NumPy .npy (format 1.0) for the --dump / --init-from folders: float32 and int32 arrays,
// little-endian, C order. Anything else is refused with one sentence naming the file.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace rlab::detail {

enum class NpyType { Float32, Int32 };

struct NpyArray {
    NpyType type = NpyType::Float32;
    std::vector<std::size_t> shape;
    std::vector<float> floats; // when type == Float32
    std::vector<std::int32_t> ints; // when type == Int32
    std::size_t count() const; // product of shape (1 for a scalar)
};

// Throws rlab::RunError with one sentence naming `path` when the file is missing, truncated,
// not .npy 1.0, Fortran-ordered, big-endian, or of another dtype. `checkHeader`, when given, sees
// the array's type and shape (no data yet) and throws to refuse it: a file of the wrong shape, 16 GB
// of it, is refused before a byte of its data is read.
NpyArray readNpy(const std::string& path, const std::function<void(const NpyArray&)>& checkHeader = {});

// Throw rlab::RunError when the file cannot be written or data.size() != product(shape).
void writeNpy(const std::string& path, const std::vector<std::size_t>& shape, const std::vector<float>& data);
void writeNpy(
    const std::string& path, const std::vector<std::size_t>& shape, const std::vector<std::int32_t>& data);

// The bytes writeNpy writes (`path` names the file in the sentence when data does not fill shape).
std::string npyBytes(
    const std::string& path, const std::vector<std::size_t>& shape, const std::vector<float>& data);
std::string npyBytes(
    const std::string& path, const std::vector<std::size_t>& shape, const std::vector<std::int32_t>& data);

// "(2, 3)" as NumPy prints it, for messages.
std::string shapeText(const std::vector<std::size_t>& shape);

} // namespace rlab::detail
