#pragma once
// Where the parts installed beside a program lie: the built-in content and the backend plugins.
// An install keeps them at fixed paths relative to the program (bin/../share/recompute-lab/content,
// bin/../lib/recompute-lab), and the build tree mirrors those paths, so a program finds its own
// parts wherever it was installed, moved with its prefix, or built.

#include <filesystem>
#include <vector>

namespace rlab {

// The folder holding the running program (read from /proc/self/exe); empty where it cannot be read.
std::filesystem::path programFolder();

// The folder the backend plugins (librlab-cuda.so) are installed in, beside this program.
std::filesystem::path pluginFolder();

// The built-in content folder, the first that exists of: the one installed beside this program; each
// of dataFolders/recompute-lab/content (the app passes the desktop's data folders, XDG_DATA_DIRS);
// the checkout this program was built from. Empty when none exists.
std::filesystem::path builtInContentFolder(const std::vector<std::filesystem::path>& dataFolders = {});

// A base directory of the XDG Base Directory Specification: the variable's value where it is an
// absolute path, else $HOME/<fallback> (".local/state" for XDG_STATE_HOME, ".cache", ".local/share",
// ".config"). A relative value is ignored, as the specification says. Empty without either.
std::filesystem::path xdgBaseFolder(const char* variable);

// $XDG_STATE_HOME/recompute-lab: what is worth keeping between runs but is not the learner's data
// (the speed log, the window's size and splitter positions). Empty where no home is known.
std::filesystem::path stateFolder();

// Unsets XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_STATE_HOME and XDG_RUNTIME_DIR where
// they hold a relative path, and drops relative entries from XDG_DATA_DIRS and XDG_CONFIG_DIRS, so a
// library reading them (Qt 6.4's QStandardPaths takes them as they are) ignores them too. Call it
// before any thread starts.
void dropRelativeXdgVariables();

} // namespace rlab
