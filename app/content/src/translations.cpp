#include "translations.h"

#include "fields.h"
#include "file_report.h"

namespace rlab::content {

namespace {

std::string joinPath(std::initializer_list<std::string_view> parts)
{
    std::string path;
    for (std::string_view part : parts)
        path.append(path.empty() ? "" : "/").append(part);
    return path;
}

} // namespace

std::string quizTextPath(std::string_view quiz, std::string_view field)
{
    return joinPath({"quiz", quiz, field});
}

std::string questionTextPath(std::string_view quiz, std::string_view question, std::string_view field)
{
    return joinPath({"quiz", quiz, "questions", question, field});
}

std::string optionTextPath(
    std::string_view quiz, std::string_view question, std::string_view option, std::string_view field)
{
    return joinPath({"quiz", quiz, "questions", question, "options", option, field});
}

std::string guideTextPath(std::string_view guide, std::string_view field)
{
    return joinPath({"guide", guide, field});
}

std::string sectionTextPath(std::string_view guide, std::string_view section, std::string_view field)
{
    return joinPath({"guide", guide, "sections", section, field});
}

std::string presetTextPath(std::string_view preset, std::string_view field)
{
    return joinPath({"preset", preset, field});
}

void forEachText(Content& content, const std::function<void(const std::string& path, Text& text)>& visit)
{
    for (Quiz& quiz : content.quizzes) {
        visit(quizTextPath(quiz.id, "title"), quiz.title);
        visit(quizTextPath(quiz.id, "description"), quiz.description);
        for (Question& question : quiz.questions) {
            visit(questionTextPath(quiz.id, question.id, "text"), question.text);
            for (Option& option : question.options) {
                if (question.number)
                    break; // its two options are implicit: no text to translate
                visit(optionTextPath(quiz.id, question.id, option.id, "text"), option.text);
                if (!option.whyWrong.value.empty())
                    visit(optionTextPath(quiz.id, question.id, option.id, "why_wrong"), option.whyWrong);
            }
            visit(questionTextPath(quiz.id, question.id, "explanation"), question.explanation);
        }
    }
    for (auto& [id, guide] : content.guides) {
        visit(guideTextPath(id, "title"), guide.title);
        for (GuideSection& section : guide.sections) {
            visit(sectionTextPath(id, section.id, "title"), section.title);
            visit(sectionTextPath(id, section.id, "body"), section.body);
        }
    }
    for (auto& [id, preset] : content.presets) {
        visit(presetTextPath(id, "title"), preset.title);
        visit(presetTextPath(id, "look_for"), preset.lookFor);
        for (DemoClaim& claim : preset.claims)
            if (!claim.reason.value.empty())
                visit(presetTextPath(id, "claims/" + claim.id + "/reason"), claim.reason);
    }
}

void checkSchemaVersion(const Fields& fields, FileReport& report)
{
    const auto version = fields.integer("schema");
    if (version && *version != 1)
        report.error(*fields.node("schema"),
            "schema " + std::to_string(*version) + " is not supported; this loader reads schema 1");
}

void checkTranslationHeader(const Fields& fields, FileReport& report, std::string_view language,
    std::string_view key, std::string_view sourceId)
{
    checkSchemaVersion(fields, report);
    if (const auto written = fields.text("language"); written && *written != language)
        report.error(*fields.node("language"),
            "language '" + *written + "' does not match the file name, which says '" + std::string(language)
                + "'");
    if (key.empty())
        return;
    if (const auto written = fields.text(key); written && *written != sourceId)
        report.error(*fields.node(key),
            std::string(key) + " '" + *written + "' does not exist here: this file translates "
                + std::string(key) + " '" + std::string(sourceId) + "'");
}

void readTranslatedText(
    const Fields& fields, std::string_view key, const std::string& path, Translations& table)
{
    if (auto text = fields.text(key))
        table[path] = std::move(*text);
}

} // namespace rlab::content
