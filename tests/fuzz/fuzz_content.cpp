// libFuzzer target: one input is a whole content pack. Files are separated by NUL bytes; each
// starts with its path inside the pack on one line ("quizzes/alpha/quiz.yaml\n...").
#include <string>
#include <string_view>

#include "fuzz_support.h"
#include "rlab/content/content.h"

namespace {

// Paths a pack can hold: letters, digits, '-', '.', '_' and '/', no "..", no absolute paths.
bool plausiblePath(std::string_view path)
{
    if (path.empty() || path.size() > 80 || path.front() == '/' || path.find("..") != std::string_view::npos)
        return false;
    for (const char c : path)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_'
                || c == '/'))
            return false;
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::filesystem::path root = rlab::fuzz::scratch() / "content";
    std::filesystem::remove_all(root);
    std::filesystem::create_directories(root);
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    int files = 0;
    for (std::size_t start = 0; start <= input.size() && files < 16; ++files) {
        const std::size_t end = std::min(input.find('\0', start), input.size());
        const std::string_view chunk = input.substr(start, end - start);
        const std::size_t newline = chunk.find('\n');
        const std::string_view path = chunk.substr(0, newline);
        if (newline != std::string_view::npos && plausiblePath(path)) {
            const std::string_view text = chunk.substr(newline + 1);
            rlab::fuzz::writeFile(root / std::string(path), text.data(), text.size());
        }
        start = end + 1;
    }
    // One language per input, by the parity of its length, so each execution loads the pack once
    // and mutations still reach both the English files and a translation's overlay.
    const char* language = size % 2 == 0 ? "en" : "ru";
    const rlab::content::Content content = rlab::content::loadContent(root, language);
    for (const rlab::content::Diagnostic& error : content.errors)
        if (error.message.empty())
            __builtin_trap(); // every refusal says why
    return 0;
}
