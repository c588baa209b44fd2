#pragma once
// The `claims` of a demo preset: each one checked against the preset's runs and sweep, so a
// claim that loads can be evaluated (content/README.md "Claims").

#include "rlab/content/content.h"
#include "yaml_tree.h"

namespace rlab::content {

class FileReport;

// Reads `list` into preset.claims; needs preset.runs and preset.sweep read first.
void readClaims(const YamlNode& list, FileReport& report, DemoPreset& preset);

// Reads the `predict` mapping into preset.predict; needs preset.runs read first.
void readPrediction(const YamlNode& node, FileReport& report, DemoPreset& preset);
// An `answer:` (a preset's) or `demo_answer:` (a question's): the quantity and the runs of `preset`
// the lesson shows; nullopt, each problem reported at its place, when it is wrong. `what` names it.
std::optional<DemoAnswer> readAnswer(
    const YamlNode& node, FileReport& report, const DemoPreset& preset, const std::string& what);
// A question's `number:`: an answer's three keys, `than` required, and `tolerance` in percentage
// points (above 0, at most 50).
std::optional<NumberAnswer> readNumber(
    const YamlNode& node, FileReport& report, const DemoPreset& preset, const std::string& what);

} // namespace rlab::content
