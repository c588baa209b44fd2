#pragma once
// Splits a loop over the backend's threads (thread_pool.h). The split never changes the order of
// any sum, so results are the same for every thread count and every call.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <Eigen/Core>

#include "cpu_isa.h"
#include "thread_pool.h"

namespace rlab {
inline namespace RLAB_CPU_ISA {
namespace cpu {

using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using MatrixMap = Eigen::Map<RowMatrix>;
using ConstMatrixMap = Eigen::Map<const RowMatrix>;
using StridedMap = Eigen::Map<RowMatrix, 0, Eigen::OuterStride<>>;
using ConstStridedMap = Eigen::Map<const RowMatrix, 0, Eigen::OuterStride<>>;
using ArrayMap = Eigen::Map<Eigen::ArrayXf>;
using ConstArrayMap = Eigen::Map<const Eigen::ArrayXf>;

struct Range {
    int begin = 0;
    int length = 0;
};

// Part `part` of `parts` nearly equal parts of [0, n), cut at multiples of `align` where possible.
inline Range splitRange(int n, int part, int parts, int align)
{
    const int units = (n + align - 1) / align;
    const int first = static_cast<int>(static_cast<std::int64_t>(units) * part / parts) * align;
    const int last = static_cast<int>(static_cast<std::int64_t>(units) * (part + 1) / parts) * align;
    const int begin = std::min(first, n);
    return {begin, std::min(last, n) - begin};
}

// Elementwise work is cut into chunks of this many floats, whatever the thread count.
constexpr std::int64_t kChunk = 16384;

// Below this much work (in floats touched) a loop stays on one thread: a parallel region costs a
// fork and a barrier (microseconds). Above it, splitting wins twice: the work halves, and each
// thread touches the rows the GEMM before it left in that core's cache (a single thread would
// read half of them from the other core's).
constexpr std::int64_t kParallelWork = std::int64_t {1} << 15;

// fn(part, parts) on `threads` threads at once (fewer when the team is busy elsewhere).
template<class Fn> void onThreads(int threads, Fn&& fn)
{
    using Part = std::remove_reference_t<Fn>;
    runParts(
        threads, [](void* context, int part, int parts) { (*static_cast<Part*>(context))(part, parts); },
        const_cast<void*>(static_cast<const void*>(&fn)));
}

// fn(i) for i in [0, count), in contiguous blocks, one per thread.
template<class Fn> void parallelFor(int threads, std::int64_t count, std::int64_t workPerItem, Fn&& fn)
{
    const bool parallel = threads > 1 && count > 1 && count * workPerItem >= kParallelWork;
    if (!parallel) {
        for (std::int64_t i = 0; i < count; ++i)
            fn(i);
        return;
    }
    onThreads(static_cast<int>(std::min<std::int64_t>(threads, count)), [&](int part, int parts) {
        const std::int64_t end = count * (part + 1) / parts;
        for (std::int64_t i = count * part / parts; i < end; ++i)
            fn(i);
    });
}

// fn(begin, length) over [0, n) in fixed chunks.
template<class Fn> void parallelChunks(int threads, std::size_t n, Fn&& fn)
{
    const auto total = static_cast<std::int64_t>(n);
    const std::int64_t chunks = (total + kChunk - 1) / kChunk;
    parallelFor(threads, chunks, kChunk, [&](std::int64_t c) {
        const std::int64_t begin = c * kChunk;
        fn(static_cast<std::size_t>(begin), static_cast<std::size_t>(std::min(kChunk, total - begin)));
    });
}

} // namespace cpu
} // namespace RLAB_CPU_ISA
} // namespace rlab
