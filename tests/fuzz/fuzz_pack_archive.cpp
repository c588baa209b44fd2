// libFuzzer target: one input is a whole pack archive, as a teacher would send it (zip, tar, tar.gz,
// tar.xz, tar.zst; libarchive tells them apart by their bytes). Every input is unpacked or refused
// with a sentence naming the archive; nothing is written outside the temporary folder.
#include <cstdlib>
#include <string>

#include "fuzz_support.h"
#include "rlab/content/archive.h"

// Unpacked into the RAM disk too (UnpackedPack makes its folder in the temporary directory).
extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    ::setenv("TMPDIR", rlab::fuzz::scratch().c_str(), 1);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::filesystem::path archive = rlab::fuzz::scratch() / "pack.zip";
    rlab::fuzz::writeFile(archive, reinterpret_cast<const char*>(data), size);
    const rlab::content::UnpackedPack pack(archive);
    if (!pack.ok() && pack.error().find(archive.generic_string()) == std::string::npos)
        __builtin_trap(); // every refusal names the archive
    if (pack.ok() && !std::filesystem::is_directory(pack.root() / "quizzes"))
        __builtin_trap(); // an accepted archive holds a pack
    return 0;
}
