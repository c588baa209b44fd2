// A kernel that faults must be reported as the CUDA error it is, never as "out of memory": the
// fault is sticky, so every later CUDA call fails with it, cudaMalloc included. Its own binary,
// because a faulted context cannot be used again in the same process; not run under
// compute-sanitizer (the fault is on purpose).

#include <string>

#include "device_tensor.h"

RLAB_TEST(kernelFaultIsACudaError)
{
    RLAB_NEED_GPU(gpu);
    gpu->fill(reinterpret_cast<float*>(std::uintptr_t {0x1000}), 1.0f, 1 << 20); // no such device address
    try {
        gpu->synchronize();
        RLAB_FAIL("writing to address 0x1000 did not fault");
    } catch (const rlab::OutOfMemory& error) {
        RLAB_FAIL(std::string("a fault was reported as out of memory: ") + error.what());
    } catch (const rlab::RunError& error) {
        rlab::test::info("synchronize: %s", error.what());
        RLAB_CHECK_MSG(std::string(error.what()).find("CUDA") != std::string::npos, error.what());
    }
    try {
        // Larger than anything cached: the pool must call cudaMalloc, which returns the sticky fault.
        void* block = gpu->allocator().allocate(std::size_t(256) << 20, rlab::MemoryCategory::Temporaries);
        gpu->allocator().release(block, std::size_t(256) << 20, rlab::MemoryCategory::Temporaries);
        RLAB_FAIL("an allocation after a fault succeeded");
    } catch (const rlab::OutOfMemory& error) {
        RLAB_FAIL(std::string("the sticky fault was reported as out of memory: ") + error.what());
    } catch (const rlab::RunError& error) {
        const std::string what = error.what();
        rlab::test::info("allocate: %s", what.c_str());
        RLAB_CHECK_MSG(
            what.find("cudaMalloc") != std::string::npos || what.find("CUDA") != std::string::npos, what);
        RLAB_CHECK_MSG(what.find("out of memory") == std::string::npos, what);
    }
}

RLAB_TEST_MAIN(std::string())
