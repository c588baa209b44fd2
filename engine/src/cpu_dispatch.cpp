// Picks the CPU backend's copy at start. A portable build (RLAB_NATIVE=OFF) holds one copy of the
// kernels per instruction set (engine/CMakeLists.txt): the widest this processor runs is taken,
// or the one RLAB_CPU=avx512|avx2|baseline names (the tests run every path that way).
#include <cstdlib>
#include <memory>
#include <string>

#include "rlab/backend.h"
#include "rlab/engine.h"

namespace rlab {

#if RLAB_CPU_DISPATCH

// Each defined by its copy of cpu_backend.cpp, in that copy's inline namespace.
namespace avx512 {
std::unique_ptr<Backend> makeIsaCpuBackend(int threads);
}
namespace avx2 {
std::unique_ptr<Backend> makeIsaCpuBackend(int threads);
}
namespace baseline {
std::unique_ptr<Backend> makeIsaCpuBackend(int threads);
}

namespace {

struct InstructionSet {
    const char* name;
    bool supported;
    std::unique_ptr<Backend> (*make)(int threads);
};

} // namespace

std::unique_ptr<Backend> makeCpuBackend(int threads)
{
    __builtin_cpu_init();
    // The features of -march=x86-64-v4 and -march=x86-64-v3, which the copies are compiled for.
    const bool v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")
        && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("f16c")
        && __builtin_cpu_supports("movbe");
    const bool v4 = v3 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
        && __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512dq")
        && __builtin_cpu_supports("avx512vl");
    const InstructionSet sets[] = {
        {"avx512", v4, avx512::makeIsaCpuBackend},
        {"avx2", v3, avx2::makeIsaCpuBackend},
        {"baseline", true, baseline::makeIsaCpuBackend},
    };
    const char* forced = std::getenv("RLAB_CPU");
    if (forced && *forced) {
        for (const InstructionSet& set : sets) {
            if (set.name != std::string(forced))
                continue;
            if (!set.supported)
                throw RunError(
                    "RLAB_CPU=" + std::string(forced) + " asks for instructions this processor lacks.");
            return set.make(threads);
        }
        throw RunError("RLAB_CPU=" + std::string(forced) + " is not one of avx512, avx2, baseline.");
    }
    for (const InstructionSet& set : sets)
        if (set.supported)
            return set.make(threads);
    return baseline::makeIsaCpuBackend(threads);
}

#else

namespace native {
std::unique_ptr<Backend> makeIsaCpuBackend(int threads);
}

std::unique_ptr<Backend> makeCpuBackend(int threads)
{
    const char* forced = std::getenv("RLAB_CPU");
    if (forced && *forced)
        throw RunError("RLAB_CPU=" + std::string(forced)
            + " needs a portable build (RLAB_NATIVE=OFF); this one has one copy, built for its own machine.");
    return native::makeIsaCpuBackend(threads);
}

#endif

} // namespace rlab
