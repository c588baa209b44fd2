// libFuzzer target: one input is one .npy file, read by the --init-from reader.
#include "fuzz_support.h"
#include "npy.h"
#include "rlab/engine.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::filesystem::path file = rlab::fuzz::scratch() / "input.npy";
    rlab::fuzz::writeFile(file, reinterpret_cast<const char*>(data), size);
    try {
        const rlab::detail::NpyArray array = rlab::detail::readNpy(file.string());
        // What was read must be what the header says.
        const std::size_t held
            = array.type == rlab::detail::NpyType::Float32 ? array.floats.size() : array.ints.size();
        if (held != array.count())
            __builtin_trap();
    } catch (const rlab::RunError&) {
        // a refusal in one sentence is the expected outcome for most inputs
    }
    return 0;
}
