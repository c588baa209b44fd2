#pragma once
// Quizzes, guides and demo presets loaded from the YAML tree in content/ (see content/README.md).
// Plain C++ on yaml-cpp: shared by the desktop app and `rlab check-content`. Knows nothing of
// the engine but its words (rlab/words.h: policy grammar, op kinds, sizes): a question names a
// demo preset by id, and a preset names policies as text the engine's parser accepts.

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rlab/words.h"

namespace rlab::content {

// A translatable field in the language asked for. `fallback` is true when the translation was
// missing and the English source text is shown instead (the UI marks it).
struct Text {
    std::string value;
    bool fallback = false;
};

struct Option {
    std::string id;
    Text text;
    Text whyWrong; // empty for the correct option
};

struct Question {
    std::string id;
    Text text;
    std::vector<Option> options;
    int answer = 0; // index into options, 0-based (the YAML writes it 1-based, as users count)
    Text explanation;
    std::string demo; // DemoPreset id
    std::string guideSection; // GuideSection id in the quiz's guide
};

struct Quiz {
    std::string id;
    std::string level; // "beginner", "intermediate", "advanced"
    std::string guide; // Guide id
    Text title;
    Text description;
    std::vector<Question> questions;
    std::filesystem::path sourceFile;
};

struct GuideSection {
    std::string id;
    Text title;
    Text body; // Markdown
};

struct Reference {
    std::string id;
    std::string text; // citation, not translated
    std::string url;
};

struct Guide {
    std::string id;
    Text title;
    std::vector<GuideSection> sections;
    std::vector<Reference> references;
};

// One engine run of a demo, named by text so content stays independent of the engine.
struct DemoRun {
    std::string
        label; // shown in charts; default: the policy and what differs ("full + offload", "none, bf16")
    std::string policy; // "none", "full", "sqrt", "selective", "budget:<bytes>"
    bool offload = false;
    bool rngReplay = true;
    std::string savePrecision = "fp32"; // "fp32" | "bf16"
    std::string optimizer = "adamw"; // "sgd" | "adamw"
    std::vector<std::string> keep; // selective op kinds; empty: the engine's default
    int policyLine = 0, policyColumn = 0; // where `policy` is written, for checks the engine makes
};

// The label a run shows when the preset gives none: the policy and what differs from the defaults.
std::string defaultRunLabel(const DemoRun& run);

using DemoShape = rlab::ModelShape; // the engine's sizes; unset keys keep its defaults

struct DemoSweep {
    std::string parameter; // "layers", "seq", "width", "batch"
    std::vector<int> values;
};

struct DemoPreset {
    std::string id;
    Text title;
    Text lookFor; // the one thing the learner should see in the numbers
    DemoShape shape;
    int steps = 6;
    float dropout = 0.1f;
    std::vector<DemoRun> runs;
    std::optional<DemoSweep> sweep;
    bool userKeepChoice = false; // the learner may tick selective's op kinds
    DemoShape maxShape; // the largest sizes the learner may choose; `shape` when the YAML gives none
};

// One problem in the content: one sentence, with where it is.
struct Diagnostic {
    std::filesystem::path file;
    int line = 0; // 1-based; 0 when not tied to a place
    int column = 0; // 1-based
    std::string message;
    std::string toString() const; // "content/quizzes/x/quiz.yaml:12:5: error: ..."
};

struct LanguageCoverage {
    std::string language;
    int fields = 0; // translatable fields in the English source
    int translated = 0; // of those, present in this language
    std::vector<std::string> missing; // "quiz/<id>/questions/<qid>/explanation", "preset/<id>/title", ...
};

struct Content {
    std::string language; // "en", "ru", "sn"
    std::vector<Quiz> quizzes;
    std::map<std::string, Guide> guides;
    std::map<std::string, DemoPreset> presets;
    std::vector<Diagnostic> errors; // everything wrong; broken quizzes are left out, others load
    std::vector<LanguageCoverage> coverage; // one per language found in the tree

    const Quiz* quiz(const std::string& id) const;
    const Guide* guide(const std::string& id) const;
    const DemoPreset* preset(const std::string& id) const;
};

// The languages the content tree offers ("en" first), from the translation files present.
std::vector<std::string> availableLanguages(const std::filesystem::path& root);

// Loads the whole tree at `root` (holding quizzes/, guides/, demos/) in `language`.
// Never throws for bad content: problems go to Content::errors.
Content loadContent(const std::filesystem::path& root, const std::string& language);

} // namespace rlab::content
