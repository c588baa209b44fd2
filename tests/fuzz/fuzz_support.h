#pragma once
// Shared by the libFuzzer targets: a scratch folder of this process's own, on a RAM disk when
// there is one, so file-reading code is fuzzed through the same files it reads in the product.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace rlab::fuzz {

inline const std::filesystem::path& scratch()
{
    static const std::filesystem::path folder = [] {
        const std::filesystem::path base
            = std::filesystem::is_directory("/dev/shm") ? "/dev/shm" : std::filesystem::temp_directory_path();
        std::filesystem::path made = base / ("rlab-fuzz-" + std::to_string(::getpid()));
        std::filesystem::create_directories(made);
        return made;
    }();
    return folder;
}

// A path the pack cannot hold (a file where a folder should be) is skipped, as a pack would lack it.
inline void writeFile(const std::filesystem::path& file, const char* data, std::size_t size)
{
    std::error_code error;
    std::filesystem::create_directories(file.parent_path(), error);
    if (error)
        return;
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(data, static_cast<std::streamsize>(size));
}

} // namespace rlab::fuzz
