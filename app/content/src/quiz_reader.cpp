#include "quiz_reader.h"

#include <algorithm>
#include <cctype>

#include "claims_reader.h"
#include "fields.h"
#include "file_report.h"
#include "planner_view_reader.h"

namespace rlab::content {

namespace {

constexpr int minOptions = kFewestOptions;
constexpr int maxOptions = kMostOptions;

void checkGuideSection(
    const Fields& fields, FileReport& report, const std::string& section, const Guide* guide)
{
    if (!guide)
        return;
    const bool found = std::any_of(guide->sections.begin(), guide->sections.end(),
        [&](const GuideSection& s) { return s.id == section; });
    if (!found)
        report.error(*fields.node("guide_section"),
            "guide section '" + section + "' does not exist in guide '" + guide->id + "'");
}

void checkDemo(const Fields& fields, FileReport& report, const std::string& demo, const QuizTargets& targets)
{
    if (targets.presetsUnavailable || targets.presets.count(demo) || targets.brokenPresets.count(demo))
        return;
    report.error(*fields.node("demo"), "demo preset '" + demo + "' does not exist in demos/presets.yaml");
}

Option readOption(const YamlNode& node, FileReport& report, const std::string& questionId)
{
    const Fields fields(node, report, describe(node, "option") + " of question '" + questionId + "'",
        {"id", "text"}, {"why_wrong"});
    Option option;
    option.id = fields.id("id").value_or("");
    option.text.value = fields.text("text").value_or("");
    option.whyWrong.value = fields.text("why_wrong").value_or("");
    return option;
}

void readOptions(const YamlNode& list, FileReport& report, Question& question)
{
    const int count = static_cast<int>(list.items.size());
    if (count < minOptions || count > maxOptions)
        report.error(list,
            "question '" + question.id + "' has " + std::to_string(count) + " options; a question has "
                + std::to_string(minOptions) + " to " + std::to_string(maxOptions));
    UniqueIds seen("option");
    for (const YamlNodePtr& item : list.items) {
        Option option = readOption(*item, report, question.id);
        if (!option.id.empty())
            seen.add(option.id, *item->find("id")->value, report);
        question.options.push_back(std::move(option));
    }
}

// `see_also`: "quiz-id/question-id" entries; whether they exist is checked once every quiz is read.
void readSeeAlso(const YamlNode& list, FileReport& report, Question& question)
{
    for (const YamlNodePtr& item : list.items) {
        const std::optional<std::string> text = readText(*item, report, "see_also");
        if (!text)
            continue;
        const std::size_t slash = text->find('/');
        Question::SeeAlso target {text->substr(0, slash == std::string::npos ? 0 : slash),
            slash == std::string::npos ? std::string() : text->substr(slash + 1), item->line, item->column};
        if (!isId(target.quiz) || !isId(target.question))
            report.error(*item,
                "see_also entry '" + *text + "' of question '" + question.id
                    + "' must be quiz-id/question-id, such as gradient-checkpointing/sqrt-spacing");
        else
            question.seeAlso.push_back(std::move(target));
    }
}

// The words of a text that can name a thing (four letters or more), in lower case.
std::vector<std::string> namingWords(const std::string& text)
{
    std::vector<std::string> words;
    std::string word;
    for (const char c : text + ' ') {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            continue;
        }
        if (word.size() >= 4)
            words.push_back(word);
        word.clear();
    }
    return words;
}

// "offload" and "offloading" name one thing: the same word, or the same first five letters.
bool sameStem(const std::string& a, const std::string& b)
{
    return a == b || (a.size() >= 5 && b.size() >= 5 && a.compare(0, 5, b, 0, 5) == 0);
}

bool saysWord(const std::vector<std::string>& words, const std::string& word)
{
    return std::any_of(
        words.begin(), words.end(), [&word](const std::string& w) { return sameStem(w, word); });
}

// `hidden_runs: [full + offload]`: each a run of the question's demo.
void readHiddenRuns(const YamlNode& list, FileReport& report, const DemoPreset* preset, Question& question)
{
    for (const YamlNodePtr& item : list.items) {
        const std::optional<std::string> label = readText(*item, report, "hidden_runs");
        if (!label)
            continue;
        if (preset && std::none_of(preset->runs.begin(), preset->runs.end(), [&label](const DemoRun& run) {
                return run.label == *label;
            }))
            report.error(*item,
                "hidden_runs of question '" + question.id + "' names '" + *label
                    + "', which is not a run of demo '" + preset->id
                    + "'; write a run's label as the preset writes it");
        else
            question.hiddenRuns.push_back(*label);
    }
}

// A run's name must not give the answer away before the learner answers: a run the preset names
// itself (its label is not just its policy) whose name says a word of the keyed option that the
// question does not say, and that some wrong option leaves out, must be in hidden_runs.
void checkRunNames(
    const YamlNode& demoNode, FileReport& report, const DemoPreset& preset, const Question& question)
{
    const std::vector<std::string> asked = namingWords(question.text.value);
    std::vector<std::vector<std::string>> options; // each option's words, read once
    for (const Option& option : question.options)
        options.push_back(namingWords(option.text.value));
    const std::vector<std::string>& key = options[static_cast<std::size_t>(question.answer)];
    for (const DemoRun& run : preset.runs) {
        if (run.label == run.policy
            || std::count(question.hiddenRuns.begin(), question.hiddenRuns.end(), run.label))
            continue;
        for (const std::string& word : namingWords(run.label)) {
            if (!saysWord(key, word) || saysWord(asked, word))
                continue;
            bool everyOption = true;
            for (std::size_t i = 0; i < options.size(); ++i)
                everyOption
                    = everyOption && (static_cast<int>(i) == question.answer || saysWord(options[i], word));
            if (everyOption)
                continue;
            report.error(demoNode,
                "the run '" + run.label + "' of demo '" + preset.id + "' gives away the answer of question '"
                    + question.id + "' (its name says '" + word
                    + "', as the correct option does); list it in hidden_runs, and the lesson calls it "
                      "'run A' until the learner answers");
            break;
        }
    }
}

// A wrong option says why it is wrong; the correct one does not.
void checkWhyWrong(const YamlNode& list, FileReport& report, const Question& question)
{
    for (std::size_t i = 0; i < list.items.size() && i < question.options.size(); ++i) {
        const YamlNode& node = *list.items[i];
        if (node.kind != YamlNode::Kind::Mapping)
            continue;
        const Option& option = question.options[i];
        const YamlEntry* whyWrong = node.find("why_wrong");
        if (static_cast<int>(i) == question.answer && whyWrong)
            report.error(*whyWrong,
                "option '" + option.id + "' is the correct answer of question '" + question.id
                    + "', so it takes no 'why_wrong'");
        else if (static_cast<int>(i) != question.answer && !whyWrong)
            report.error(node,
                "option '" + option.id + "' of question '" + question.id
                    + "' is a wrong answer and needs a 'why_wrong' note saying why");
    }
}

Question readQuestion(
    const YamlNode& node, FileReport& report, const Guide* guide, const QuizTargets& targets)
{
    // A question answered with a figure of the run (`number:`) has a demo and no options.
    static constexpr std::string_view choiceKeys[] {
        "id", "guide_section", "answer", "text", "explanation", "options"};
    static constexpr std::string_view choiceOptional[] {
        "see_also", "demo", "demo_view", "demo_answer", "hidden_runs", "planner"};
    static constexpr std::string_view numberKeys[] {
        "id", "guide_section", "text", "explanation", "demo", "number"};
    static constexpr std::string_view numberOptional[] {
        "see_also", "demo_view", "demo_answer", "hidden_runs"};
    const bool numeric = node.kind == YamlNode::Kind::Mapping && node.find("number");
    const Fields fields(node, report, describe(node, "question"),
        numeric ? std::span<const std::string_view>(numberKeys)
                : std::span<const std::string_view>(choiceKeys),
        numeric ? std::span<const std::string_view>(numberOptional)
                : std::span<const std::string_view>(choiceOptional));
    Question question;
    question.id = fields.id("id").value_or("");
    question.text.value = fields.text("text").value_or("");
    question.explanation.value = fields.text("explanation").value_or("");
    if (auto demo = fields.id("demo")) {
        checkDemo(fields, report, *demo, targets);
        question.demo = *demo;
    }
    if (auto view = fields.id("demo_view")) {
        if (question.demo.empty())
            report.error(*fields.node("demo_view"),
                "question '" + question.id + "' has a demo_view but no demo; name the demo preset too");
        else if (!isDemoResultView(*view))
            report.error(*fields.node("demo_view"),
                "unknown demo_view '" + *view + "' (known: " + demoResultViewsText() + ")");
        else
            question.demoView = *view;
    }
    const auto preset = targets.presets.find(question.demo);
    const DemoPreset* demoPreset = preset != targets.presets.end() ? &preset->second : nullptr;
    if (const YamlNode* answer = fields.node("demo_answer")) {
        if (question.demo.empty())
            report.error(*answer,
                "question '" + question.id + "' has a demo_answer but no demo; name the demo preset too");
        else if (demoPreset)
            question.demoAnswer = readAnswer(
                *answer, report, *demoPreset, "the demo_answer of question '" + question.id + "'");
    }
    if (const YamlNode* hidden = fields.list("hidden_runs")) {
        if (question.demo.empty())
            report.error(*fields.node("hidden_runs"),
                "question '" + question.id + "' has hidden_runs but no demo; name the demo preset too");
        else
            readHiddenRuns(*hidden, report, demoPreset, question);
    }
    if (const YamlNode* planner = fields.node("planner")) {
        if (!question.demo.empty())
            report.error(*planner,
                "question '" + question.id
                    + "' has a demo and a planner view; a question opens one of them, so drop one");
        else
            question.planner = readPlannerView(*planner, report, question.id);
    }
    if (auto section = fields.id("guide_section")) {
        checkGuideSection(fields, report, *section, guide);
        question.guideSection = *section;
    }
    if (const YamlNode* seeAlso = fields.list("see_also"))
        readSeeAlso(*seeAlso, report, question);
    if (numeric) {
        if (demoPreset)
            question.number = readNumber(
                *fields.node("number"), report, *demoPreset, "the number of question '" + question.id + "'");
        question.options = {Option {"within", {}, {}}, Option {"off", {}, {}}}; // what attempts record
        question.answer = 0;
        return question;
    }
    const YamlNode* options = fields.list("options");
    if (options)
        readOptions(*options, report, question);
    const auto answer = fields.integer("answer");
    if (!answer || !options)
        return question; // nothing to check the answer against; the errors are reported
    const long long count = static_cast<long long>(options->items.size());
    if (*answer < 1 || *answer > count) {
        report.error(*fields.node("answer"),
            "answer " + std::to_string(*answer) + " is out of range: question '" + question.id + "' has "
                + std::to_string(count) + " options, so the answer is 1 to " + std::to_string(count));
        return question;
    }
    question.answer = static_cast<int>(*answer - 1);
    checkWhyWrong(*options, report, question);
    if (demoPreset && question.options.size() == static_cast<std::size_t>(count))
        checkRunNames(*fields.node("demo"), report, *demoPreset, question);
    return question;
}

const Guide* checkGuide(
    const Fields& fields, FileReport& report, const std::string& guideId, const QuizTargets& targets)
{
    const auto found = targets.guides.find(guideId);
    if (found != targets.guides.end())
        return &found->second;
    if (!targets.brokenGuides.count(guideId))
        report.error(*fields.node("guide"),
            "guide '" + guideId + "' does not exist (no guides/" + guideId + "/guide.yaml)");
    return nullptr;
}

// Looks up a translated entry's id among the source's; reports it when absent.
template<typename Item>
const Item* findById(
    const std::vector<Item>& items, const YamlEntry& entry, FileReport& report, std::string_view what)
{
    for (const Item& item : items)
        if (item.id == entry.key)
            return &item;
    report.error(entry, std::string(what) + " '" + entry.key + "' does not exist in the English source");
    return nullptr;
}

void readOptionTranslations(const YamlNode& map, FileReport& report, const std::string& quizId,
    const Question& question, Translations& table)
{
    for (const YamlEntry& entry : map.entries) {
        const Option* option = findById(question.options, entry, report, "option");
        if (!option)
            continue;
        const Fields fields(*entry.value, report,
            "option '" + option->id + "' of question '" + question.id + "'", {}, {"text", "why_wrong"});
        readTranslatedText(fields, "text", optionTextPath(quizId, question.id, option->id, "text"), table);
        if (fields.node("why_wrong") && option->whyWrong.value.empty())
            report.error(*entry.value->find("why_wrong"),
                "option '" + option->id + "' is the correct answer of question '" + question.id
                    + "', so it has no 'why_wrong' to translate");
        else
            readTranslatedText(
                fields, "why_wrong", optionTextPath(quizId, question.id, option->id, "why_wrong"), table);
    }
}

} // namespace

std::optional<Quiz> readQuiz(
    const YamlNode& root, FileReport& report, const std::string& folderId, const QuizTargets& targets)
{
    const int before = report.count();
    const Fields fields(root, report, "the quiz",
        {"schema", "id", "level", "guide", "title", "description", "questions"}, {"fair_distractors"});
    checkSchemaVersion(fields, report);
    Quiz quiz;
    if (auto id = fields.id("id")) {
        if (*id != folderId)
            report.error(
                *fields.node("id"), "quiz id '" + *id + "' must equal its folder name '" + folderId + "'");
        quiz.id = *id;
    }
    if (auto level = fields.text("level")) {
        if (*level != "beginner" && *level != "intermediate" && *level != "advanced")
            report.error(*fields.node("level"),
                "level must be beginner, intermediate or advanced, not '" + *level + "'");
        quiz.level = *level;
    }
    const Guide* guide = nullptr;
    if (auto guideId = fields.id("guide")) {
        guide = checkGuide(fields, report, *guideId, targets);
        quiz.guide = *guideId;
    }
    quiz.title.value = fields.text("title").value_or("");
    quiz.description.value = fields.text("description").value_or("");
    quiz.fairDistractors = fields.boolean("fair_distractors").value_or(false);
    if (const YamlNode* questions = fields.list("questions")) {
        if (questions->items.empty())
            report.error(*questions, "the quiz has no questions");
        UniqueIds seen("question");
        for (const YamlNodePtr& item : questions->items) {
            Question question = readQuestion(*item, report, guide, targets);
            if (!question.id.empty())
                seen.add(question.id, *item->find("id")->value, report);
            quiz.questions.push_back(std::move(question));
        }
    }
    if (report.count() > before)
        return std::nullopt;
    return quiz;
}

bool readQuizTranslation(const YamlNode& root, FileReport& report, const Quiz& source,
    const std::string& language, Translations& table)
{
    const int before = report.count();
    const Fields fields(root, report, "the translation", {"schema", "language", "quiz"},
        {"title", "description", "questions"});
    checkTranslationHeader(fields, report, language, "quiz", source.id);
    Translations found;
    readTranslatedText(fields, "title", quizTextPath(source.id, "title"), found);
    readTranslatedText(fields, "description", quizTextPath(source.id, "description"), found);
    if (const YamlNode* questions = fields.mapping("questions")) {
        for (const YamlEntry& entry : questions->entries) {
            const Question* question = findById(source.questions, entry, report, "question");
            if (!question)
                continue;
            const Fields text(*entry.value, report, "question '" + question->id + "'", {},
                {"text", "explanation", "options"});
            readTranslatedText(text, "text", questionTextPath(source.id, question->id, "text"), found);
            readTranslatedText(
                text, "explanation", questionTextPath(source.id, question->id, "explanation"), found);
            if (const YamlNode* options = text.mapping("options"))
                readOptionTranslations(*options, report, source.id, *question, found);
        }
    }
    if (report.count() > before)
        return false;
    table.merge(found);
    return true;
}

} // namespace rlab::content
