#pragma once
// Test helpers for the backend tests: a tensor in one backend's memory, released on scope
// exit, and the CUDA backend or a skip with the probe's reason.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "engine_cases.h"
#include "plain_reference.h"
#include "rlab/backend.h"
#include "rlab/engine.h"
#include "rlab_test.h"

namespace rlab::test {

class DeviceTensor {
public:
    DeviceTensor(Backend& backend, std::size_t bytes)
        : m_backend(backend)
        , m_bytes(bytes)
        , m_ptr(backend.allocator().allocate(bytes, MemoryCategory::Temporaries))
    {
    }
    template<typename T>
    DeviceTensor(Backend& backend, const std::vector<T>& host)
        : DeviceTensor(backend, host.size() * sizeof(T))
    {
        backend.copyToDevice(m_ptr, host.data(), m_bytes);
    }
    ~DeviceTensor() { m_backend.allocator().release(m_ptr, m_bytes, MemoryCategory::Temporaries); }
    DeviceTensor(const DeviceTensor&) = delete;
    DeviceTensor& operator=(const DeviceTensor&) = delete;

    float* f() const { return static_cast<float*>(m_ptr); }
    std::int32_t* i() const { return static_cast<std::int32_t*>(m_ptr); }
    std::uint16_t* h() const { return static_cast<std::uint16_t*>(m_ptr); }
    template<typename T = float> std::vector<T> read() const
    {
        std::vector<T> host(m_bytes / sizeof(T));
        m_backend.copyToHost(host.data(), m_ptr, m_bytes);
        return host;
    }

private:
    Backend& m_backend;
    std::size_t m_bytes;
    void* m_ptr;
};

inline std::vector<std::int32_t> randomInts(std::size_t n, int bound, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> dist(0, bound - 1);
    std::vector<std::int32_t> v(n);
    for (auto& x : v)
        x = dist(rng);
    return v;
}

// The CPU backend the twins run on (all cores), made once.
inline Backend& cpuBackend()
{
    static const std::unique_ptr<Backend> cpu = makeCpuBackend(0);
    return *cpu;
}

// Tolerances of the twins' comparisons, per element: elementwise ops and row reductions in fp32
// against double...
constexpr double kAtol = 1e-5, kRtol = 1e-5;
// ...and products or long sums, whose fp32 summation order differs between the three.
constexpr double kProductAtol = 1e-4, kProductRtol = 1e-4;

} // namespace rlab::test

// |actual - expected| <= atol + rtol * |expected| for every element, or the case fails naming
// the first element that is not (plain_reference.h's mismatch).
#define RLAB_CHECK_CLOSE(actual, expected, atol, rtol)                                                       \
    do {                                                                                                     \
        const std::string why = ::rlab::reference::mismatch((actual), (expected), (atol), (rtol));           \
        RLAB_CHECK_MSG(why.empty(), std::string(#actual " against " #expected ": ") + why);                  \
    } while (false)

// Skips the case with the probe's reason where no usable GPU is present. Written after a case's
// CPU side, so that part runs on every machine.
#define RLAB_SKIP_WITHOUT_GPU()                                                                              \
    if (!::rlab::cudaUsable())                                                                               \
    RLAB_SKIP(::rlab::probeCuda().reason)

// The same, then declares `name`: a CUDA backend of the case's own.
#define RLAB_NEED_GPU(name)                                                                                  \
    RLAB_SKIP_WITHOUT_GPU();                                                                                 \
    const std::unique_ptr<::rlab::Backend> name = ::rlab::makeCudaBackend()
