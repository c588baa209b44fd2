#pragma once
// Byte and element counts at real model sizes (GPT-2 1.5B and far beyond): 64-bit, and a count
// that would not fit is an error (RunError, one sentence), never a wrapped number.

#include <cstdint>

namespace rlab::detail {

[[noreturn]] void countTooLarge();

inline std::uint64_t checkedAdd(std::uint64_t a, std::uint64_t b)
{
    std::uint64_t sum = 0;
    if (__builtin_add_overflow(a, b, &sum))
        countTooLarge();
    return sum;
}

inline std::uint64_t checkedMul(std::uint64_t a, std::uint64_t b)
{
    std::uint64_t result = 0;
    if (__builtin_mul_overflow(a, b, &result))
        countTooLarge();
    return result;
}

// The product of sizes (ints from a ModelShape, or counts), checked.
template<typename... Sizes> std::uint64_t product(Sizes... sizes)
{
    std::uint64_t result = 1;
    ((result = checkedMul(result, static_cast<std::uint64_t>(sizes))), ...);
    return result;
}

} // namespace rlab::detail
