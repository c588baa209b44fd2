// libFuzzer target: a demo preset's runs and sweep built from the input, loaded by the content
// loader. Each byte pair is a run (policy, label) or, past a 0xff byte, a sweep value; the loader
// must answer in time linear in the input, name each repeated label once, and load only presets
// within the bounds (at most 16 runs, 12 sweep values, labels unique).
#include <map>
#include <set>
#include <string>

#include "fuzz_support.h"
#include "rlab/content/content.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const char* const policies[] = {"none", "full", "sqrt", "selective", "budget:64K", "segment:2"};
    static const char* const labels[] = {"", "a", "b", "none", "full", "x\x1b[31m", "a"};
    std::string runs, values;
    std::map<std::string, int> labelCount;
    std::size_t i = 0;
    for (; i + 1 < size && data[i] != 0xff; i += 2) {
        const char* policy = policies[data[i] % 6];
        const std::string label = labels[data[i + 1] % 7];
        runs += "      - {policy: \"" + std::string(policy) + "\""
            + (label.empty() ? "" : ", label: \"" + label + "\"") + "}\n";
    }
    std::size_t valueCount = 0;
    for (++i; i < size; ++i, ++valueCount)
        values += (values.empty() ? "" : ", ") + std::to_string(data[i] % 9);
    std::string text
        = "schema: 1\npresets:\n  - id: fuzz\n    title: Fuzz\n    look_for: Anything.\n"
          "    shape: {layers: 2, width: 16, heads: 2, seq: 8, batch: 2, vocab: 32}\n    steps: 2\n"
          "    runs:\n"
        + (runs.empty() ? std::string("      []\n") : runs);
    if (valueCount > 0)
        text += "    sweep: {parameter: layers, values: [" + values + "]}\n";
    const std::filesystem::path root = rlab::fuzz::scratch() / "presets";
    std::filesystem::remove_all(root);
    rlab::fuzz::writeFile(root / "demos" / "presets.yaml", text.data(), text.size());
    const rlab::content::Content content = rlab::content::loadContent(root, "en");
    int repeated = 0;
    for (const rlab::content::Diagnostic& error : content.errors) {
        if (error.message.empty())
            __builtin_trap();
        repeated += error.message.find("are labelled") != std::string::npos ? 1 : 0;
    }
    if (repeated > 12)
        __builtin_trap(); // one error per repeated label, never one per pair
    if (const rlab::content::DemoPreset* preset = content.preset("fuzz")) {
        std::set<std::string> seen;
        for (const rlab::content::DemoRun& run : preset->runs)
            if (!seen.insert(run.label).second)
                __builtin_trap();
        if (preset->runs.size() > 16 || (preset->sweep && preset->sweep->values.size() > 12))
            __builtin_trap();
    }
    return 0;
}
