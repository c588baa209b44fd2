// Which devices the engine can use: the CPU always, CUDA when probeCuda() says so.
#include <thread>
#include <unistd.h>

#include "machine.h"
#include "rlab/backend.h"

namespace rlab {

std::uint64_t detail::physicalMemoryBytes()
{
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || pageSize <= 0)
        return 0;
    return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize);
}

std::vector<DeviceInfo> listDevices()
{
    DeviceInfo cpu;
    cpu.device = Device::Cpu;
    cpu.usable = true;
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    cpu.name = "cpu (Eigen, " + std::to_string(cores) + (cores == 1 ? " thread)" : " threads)");
    cpu.totalBytes = detail::physicalMemoryBytes();
    cpu.threads = static_cast<int>(cores);
    return {cpu, probeCuda()};
}

bool cudaUsable()
{
    return probeCuda().usable;
}

} // namespace rlab
