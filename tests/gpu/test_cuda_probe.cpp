// The CUDA probe, everywhere (no GPU needed): it never throws, says why CUDA is unusable in one
// sentence, and agrees with makeCudaBackend(), cudaUsable() and listDevices().

#include <cstdio>
#include <string>

#include "rlab/backend.h"
#include "rlab/engine.h"
#include "rlab_test.h"

RLAB_TEST(probeIsConsistent)
{
    const rlab::DeviceInfo info = rlab::probeCuda();
    std::printf("cuda: %s%s%s\n",
        info.usable ? "usable, " : "unusable: ", info.usable ? info.name.c_str() : "", info.reason.c_str());
    RLAB_CHECK_EQ(info.device, rlab::Device::Cuda);
    RLAB_CHECK_EQ(info.usable, rlab::cudaUsable());
    RLAB_CHECK_EQ(info.reason.empty(), info.usable);
    if (!info.usable) {
        RLAB_CHECK_MSG(
            info.reason.back() == '.' && info.reason.find('\n') == std::string::npos, info.reason.c_str());
    }
    bool listed = false;
    for (const rlab::DeviceInfo& d : rlab::listDevices()) {
        if (d.device == rlab::Device::Cuda) {
            listed = true;
            RLAB_CHECK_EQ(d.usable, info.usable);
            RLAB_CHECK_EQ(d.reason, info.reason);
        }
    }
    RLAB_CHECK_MSG(listed, "rlab devices lists the cuda entry, usable or not");
    RLAB_CHECK_EQ(rlab::probeCuda().reason, info.reason); // cached: the same answer, cheaply
}

RLAB_TEST(backendAgreesWithProbe)
{
    const rlab::DeviceInfo info = rlab::probeCuda();
    try {
        const auto backend = rlab::makeCudaBackend();
        RLAB_CHECK_MSG(info.usable, "a backend was made although the probe said CUDA is unusable");
        RLAB_CHECK_EQ(backend->device(), rlab::Device::Cuda);
    } catch (const rlab::RunError& error) {
        RLAB_CHECK_MSG(!info.usable, error.what());
        RLAB_CHECK_EQ(std::string(error.what()), info.reason);
    }
}

RLAB_TEST(cudaRunFailsCleanlyWithoutGpu)
{
    if (rlab::cudaUsable())
        RLAB_SKIP("a GPU is present: gpu_policies runs the real thing");
    rlab::RunConfig config;
    config.shape = {2, 32, 2, 16, 2, 64};
    config.steps = 1;
    config.device = rlab::Device::Cuda;
    try {
        rlab::run(config);
        RLAB_FAIL("a CUDA run succeeded without a usable GPU");
    } catch (const rlab::RunError& error) {
        RLAB_CHECK_MSG(std::string(error.what()).find('\n') == std::string::npos, error.what());
    }
    RLAB_CHECK_EQ(rlab::liveEngineBytes(), std::uint64_t(0));
}

RLAB_TEST_MAIN(std::string())
