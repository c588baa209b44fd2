#pragma once
// What a device is, or why it cannot be used: what the probe of each backend reports.

#include <cstdint>
#include <string>

#include "rlab/config.h"

namespace rlab {

struct DeviceInfo {
    Device device = Device::Cpu;
    bool usable = false;
    std::string name; // "cpu (Eigen, 2 threads)", "NVIDIA H200 (sm_90, 139 GiB)"
    std::string reason; // why not usable, one sentence
    std::uint64_t totalBytes = 0;
    int threads = 0; // the CPU's threads a run uses by default; 0 for a GPU
};

} // namespace rlab
