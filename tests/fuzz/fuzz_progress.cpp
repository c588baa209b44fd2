// libFuzzer target: one input is a progress.json, loaded by the app's ProgressStore; what loads
// without a problem is saved and loaded again, and must come back the same.
#include <QFile>

#include "fuzz_support.h"
#include "quiz/model/progressstore.h"

using rlab::quiz::ProgressStore;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const std::filesystem::path folder = rlab::fuzz::scratch() / "state";
    static const QString directory = QString::fromStdString(folder.string());
    rlab::fuzz::writeFile(folder / "progress.json", reinterpret_cast<const char*>(data), size);
    ProgressStore store(directory);
    store.load();
    if (!store.setAsidePath().isEmpty())
        QFile::remove(store.setAsidePath()); // a damaged file was moved aside: nothing more to check
    if (!store.problem().isEmpty())
        return 0;
    if (!store.save())
        __builtin_trap(); // the scratch folder is writable
    ProgressStore again(directory);
    again.load();
    if (!again.problem().isEmpty() || again.language() != store.language())
        __builtin_trap();
    return 0;
}
