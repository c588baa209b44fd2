#include "rlab/layout.h"

#include <cstdlib>
#include <cstring>
#include <string>
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

std::filesystem::path xdgBaseFolder(const char* variable)
{
    if (const char* value = std::getenv(variable); value && value[0] == '/')
        return value;
    const char* home = std::getenv("HOME");
    if (!home || home[0] != '/')
        return {};
    const std::string name = variable;
    const char* fallback = name == "XDG_STATE_HOME" ? ".local/state"
        : name == "XDG_CACHE_HOME"                  ? ".cache"
        : name == "XDG_CONFIG_HOME"                 ? ".config"
                                                    : ".local/share";
    return std::filesystem::path(home) / fallback;
}

std::filesystem::path stateFolder()
{
    const std::filesystem::path base = xdgBaseFolder("XDG_STATE_HOME");
    return base.empty() ? base : base / "recompute-lab";
}

void dropRelativeXdgVariables()
{
    for (const char* variable :
        {"XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR"})
        if (const char* value = std::getenv(variable); value && value[0] != '/')
            ::unsetenv(variable);
    for (const char* variable : {"XDG_DATA_DIRS", "XDG_CONFIG_DIRS"}) {
        const char* value = std::getenv(variable);
        if (!value)
            continue;
        std::string kept;
        for (const char* at = value; *at;) {
            const char* end = std::strchr(at, ':');
            const std::string entry(at, end ? static_cast<std::size_t>(end - at) : std::strlen(at));
            if (!entry.empty() && entry[0] == '/')
                kept += (kept.empty() ? "" : ":") + entry;
            at = end ? end + 1 : at + entry.size();
        }
        if (kept.empty())
            ::unsetenv(variable);
        else if (kept != value)
            ::setenv(variable, kept.c_str(), 1);
    }
}

} // namespace rlab
