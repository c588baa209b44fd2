// The device list that `rlab devices`, the demo panel and the Planner show. Its own file because
// naming the CPU takes the CPU backend (which GEMM, which copy of the kernels), and the fuzz
// targets build devices.cpp's probes without the kernels.
#include <algorithm>
#include <string>
#include <thread>

#include "machine.h"
#include "rlab/backend.h"
#include "rlab/engine.h"

namespace rlab {

std::vector<DeviceInfo> listDevices()
{
    DeviceInfo cpu;
    cpu.device = Device::Cpu;
    cpu.usable = true;
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    // Named as a run there names it (RunResult::deviceName), GEMM and kernel copy included; the
    // copy is chosen once per process, so the name is made once, not at every look at the list.
    static const std::string name = makeCpuBackend(static_cast<int>(cores))->name();
    cpu.name = name;
    cpu.totalBytes = detail::physicalMemoryBytes();
    cpu.threads = static_cast<int>(cores);
    return {cpu, probeCuda()};
}

} // namespace rlab
