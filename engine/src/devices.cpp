// Which devices the engine can use: the CPU always, CUDA when probeCuda() says so; and how
// much memory a run may take now. The list itself, with the CPU's name: device_list.cpp.
#include <algorithm>
#include <fstream>
#include <sstream>
#include <sys/resource.h>
#include <unistd.h>

#include "machine.h"
#include "rlab/backend.h"
#include "rlab/engine.h"

namespace rlab {

std::uint64_t detail::physicalMemoryBytes()
{
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || pageSize <= 0)
        return 0;
    return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize);
}

namespace {

// A number from a /proc or /sys file ("max" and unreadable: nullopt).
std::optional<std::uint64_t> numberIn(const std::string& path)
{
    std::ifstream in(path);
    std::uint64_t value = 0;
    if (in >> value)
        return value;
    return std::nullopt;
}

std::optional<std::uint64_t> memAvailable()
{
    std::ifstream in("/proc/meminfo");
    std::string key;
    std::uint64_t kib = 0;
    std::string unit;
    while (in >> key >> kib) {
        std::getline(in, unit);
        if (key == "MemAvailable:")
            return kib * 1024;
    }
    return std::nullopt;
}

// The process's memory cgroup, each parent and the namespace's root, the least room left:
// memory.max less memory.current (v2), memory.limit_in_bytes less memory.usage_in_bytes (v1).
std::optional<std::uint64_t> cgroupRoom()
{
    std::ifstream in("/proc/self/cgroup");
    std::string line, v2, v1;
    while (std::getline(in, line)) {
        if (line.starts_with("0::"))
            v2 = line.substr(3);
        else if (const std::size_t at = line.find(":memory:"); at != std::string::npos)
            v1 = line.substr(at + 8);
    }
    std::optional<std::uint64_t> room;
    const auto look = [&](const std::string& root, std::string path, const char* most, const char* used) {
        for (;;) {
            const std::string folder = root + (path == "/" ? std::string() : path);
            const std::optional<std::uint64_t> limit = numberIn(folder + "/" + most);
            const std::optional<std::uint64_t> use = numberIn(folder + "/" + used);
            if (limit && use)
                room = std::min(room.value_or(*limit), *limit > *use ? *limit - *use : 0);
            if (path.empty() || path == "/")
                break;
            path.resize(path.rfind('/'));
        }
    };
    if (!v2.empty())
        look("/sys/fs/cgroup", v2, "memory.max", "memory.current");
    if (!v1.empty())
        look("/sys/fs/cgroup/memory", v1, "memory.limit_in_bytes", "memory.usage_in_bytes");
    return room;
}

// RLIMIT_AS less the address space this process already maps.
std::optional<std::uint64_t> addressSpaceRoom()
{
    rlimit limit {};
    if (::getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
        return std::nullopt;
    std::ifstream in("/proc/self/statm");
    std::uint64_t pages = 0;
    in >> pages;
    const std::uint64_t mapped = pages * static_cast<std::uint64_t>(sysconf(_SC_PAGE_SIZE));
    return limit.rlim_cur > mapped ? limit.rlim_cur - mapped : 0;
}

} // namespace

MemoryAvailable availableMemory(Device device)
{
    MemoryAvailable available;
    if (device != Device::Cpu) {
        const DeviceInfo cuda = probeCuda();
        available.bytes = cuda.usable ? cuda.totalBytes : 0;
        available.limit = "the GPU's memory";
        return available;
    }
    const auto consider = [&](std::optional<std::uint64_t> bytes, const char* limit) {
        if (bytes && (available.limit.empty() || *bytes < available.bytes)) {
            available.bytes = *bytes;
            available.limit = limit;
        }
    };
    if (const std::uint64_t physical = detail::physicalMemoryBytes(); physical > 0)
        consider(physical, "this machine's memory");
    consider(memAvailable(), "the memory this machine has available (MemAvailable)");
    consider(cgroupRoom(), "the cgroup's memory.max less what it uses");
    consider(addressSpaceRoom(), "the address-space limit (RLIMIT_AS, ulimit -v) less what is mapped");
    return available;
}

bool cudaUsable()
{
    return probeCuda().usable;
}

} // namespace rlab
