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

} // namespace rlab
