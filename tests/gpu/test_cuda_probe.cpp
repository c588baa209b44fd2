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
    QCOMPARE(info.device, rlab::Device::Cuda);
    QCOMPARE(info.usable, rlab::cudaUsable());
    QCOMPARE(info.reason.empty(), info.usable);
    if (!info.usable) {
        QVERIFY2(
            info.reason.back() == '.' && info.reason.find('\n') == std::string::npos, info.reason.c_str());
    }
    bool listed = false;
    for (const rlab::DeviceInfo& d : rlab::listDevices()) {
        if (d.device == rlab::Device::Cuda) {
            listed = true;
            QCOMPARE(d.usable, info.usable);
            QCOMPARE(d.reason, info.reason);
        }
    }
    QVERIFY2(listed, "rlab devices lists the cuda entry, usable or not");
    QCOMPARE(rlab::probeCuda().reason, info.reason); // cached: the same answer, cheaply
}

RLAB_TEST(backendAgreesWithProbe)
{
    const rlab::DeviceInfo info = rlab::probeCuda();
    try {
        const auto backend = rlab::makeCudaBackend();
        QVERIFY2(info.usable, "a backend was made although the probe said CUDA is unusable");
        QCOMPARE(backend->device(), rlab::Device::Cuda);
    } catch (const rlab::RunError& error) {
        QVERIFY2(!info.usable, error.what());
        QCOMPARE(std::string(error.what()), info.reason);
    }
}

RLAB_TEST(cudaRunFailsCleanlyWithoutGpu)
{
    if (rlab::cudaUsable())
        QSKIP("a GPU is present: gpu_policies runs the real thing");
    rlab::RunConfig config;
    config.shape = {2, 32, 2, 16, 2, 64};
    config.steps = 1;
    config.device = rlab::Device::Cuda;
    try {
        rlab::run(config);
        QFAIL("a CUDA run succeeded without a usable GPU");
    } catch (const rlab::RunError& error) {
        QVERIFY2(std::string(error.what()).find('\n') == std::string::npos, error.what());
    }
    QCOMPARE(rlab::liveEngineBytes(), std::uint64_t(0));
}

RLAB_TEST_MAIN(std::string())
