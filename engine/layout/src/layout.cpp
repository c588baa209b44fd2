#include "rlab/layout.h"

#include <system_error>

namespace rlab {

std::filesystem::path programFolder()
{
    std::error_code error;
    const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", error);
    return error ? std::filesystem::path() : program.parent_path();
}

std::filesystem::path pluginFolder()
{
    const std::filesystem::path folder = programFolder();
    return folder.empty() ? folder : (folder / RLAB_PLUGINS_FROM_PROGRAM).lexically_normal();
}

std::filesystem::path builtInContentFolder(const std::vector<std::filesystem::path>& dataFolders)
{
    std::vector<std::filesystem::path> candidates;
    if (const std::filesystem::path folder = programFolder(); !folder.empty())
        candidates.push_back((folder / RLAB_CONTENT_FROM_PROGRAM).lexically_normal());
    for (const std::filesystem::path& data : dataFolders)
        candidates.push_back(data / "recompute-lab" / "content");
    candidates.emplace_back(RLAB_CHECKOUT_CONTENT);
    for (const std::filesystem::path& candidate : candidates) {
        std::error_code error;
        if (std::filesystem::is_directory(candidate, error))
            return candidate;
    }
    return {};
}

} // namespace rlab
