#include "rlab/content/content.h"

#include <algorithm>
#include <map>
#include <set>

#include "catalog.h"
#include "rlab/content/figures.h"
#include "rlab/utf8.h"
#include "translations.h"

namespace fs = std::filesystem;

namespace rlab::content {

namespace {

std::vector<LanguageCoverage> coverageOf(Content& source, const Catalog& catalog)
{
    std::vector<LanguageCoverage> coverage;
    for (const std::string& language : catalog.languages) {
        LanguageCoverage row;
        row.language = language;
        const auto table = catalog.translations.find(language);
        forEachText(source, [&](const std::string& path, Text&) {
            ++row.fields;
            if (language == "en" || (table != catalog.translations.end() && table->second.count(path)))
                ++row.translated;
            else
                row.missing.push_back(path);
        });
        coverage.push_back(std::move(row));
    }
    return coverage;
}

void translate(Content& content, const Translations* table)
{
    forEachText(content, [&](const std::string& path, Text& text) {
        const auto found = table ? table->find(path) : Translations::const_iterator();
        if (table && found != table->end())
            text.value = found->second;
        else
            text.fallback = true;
    });
}

} // namespace

std::string Diagnostic::toString() const
{
    std::string text = file.generic_string();
    if (line > 0)
        text.append(":").append(std::to_string(line)).append(":").append(std::to_string(column));
    return text.append(": error: ").append(message);
}

const Quiz* Content::quiz(const std::string& id) const
{
    const auto found
        = std::find_if(quizzes.begin(), quizzes.end(), [&](const Quiz& q) { return q.id == id; });
    return found == quizzes.end() ? nullptr : &*found;
}

std::vector<LongestKeyShare> longestKeyShares(const Content& content)
{
    // Characters as the learner reads them: code points, each live figure as its written figure.
    const auto length = [&](const Text& text) {
        const std::string shown = renderQuotedFigures(text.value, content.language);
        return utf8::decode(shown).value_or(std::u32string()).size();
    };
    std::vector<LongestKeyShare> shares;
    for (const Quiz& quiz : content.quizzes) {
        if (!quiz.fairDistractors)
            continue;
        LongestKeyShare share {quiz.id, 0, 0};
        for (const Question& question : quiz.questions) {
            if (question.number || question.answer < 0
                || question.answer >= static_cast<int>(question.options.size()))
                continue; // a number read off the run has no options to compare
            std::size_t longest = 0;
            for (const Option& option : question.options)
                longest = std::max(longest, length(option.text));
            ++share.questions;
            if (length(question.options[static_cast<std::size_t>(question.answer)].text) >= longest)
                ++share.keyLongest;
        }
        shares.push_back(share);
    }
    return shares;
}

const Guide* Content::guide(const std::string& id) const
{
    const auto found = guides.find(id);
    return found == guides.end() ? nullptr : &found->second;
}

DemoAnswer DemoPreset::lessonAnswer() const
{
    if (answer)
        return *answer;
    if (predict && predict->kind == DemoPrediction::Kind::Ratio)
        return {predict->quantity, predict->run, predict->than};
    for (const DemoClaim& claim : claims)
        if (!claim.run.empty() && !claim.than.empty())
            return {claim.quantity, claim.run, claim.than};
    for (const DemoClaim& claim : claims)
        if (!claim.run.empty())
            return {claim.quantity, claim.run, {}};
    return {ClaimQuantity::PeakActivationBytes, runs.empty() ? std::string() : runs.front().label, {}};
}

const DemoPreset* Content::preset(const std::string& id) const
{
    const auto found = presets.find(id);
    return found == presets.end() ? nullptr : &found->second;
}

std::vector<std::string> availableLanguages(const fs::path& root)
{
    std::set<std::string> found;
    const auto scan = [&](const fs::path& folder, std::string_view base) {
        std::error_code error;
        for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
            if (std::string language = translationLanguage(it->path().filename().string(), base);
                !language.empty() && language != "en")
                found.insert(std::move(language));
    };
    scan(root / "demos", "presets");
    for (const auto& [kind, base] : {std::pair {"quizzes", "quiz"}, std::pair {"guides", "guide"}}) {
        std::error_code error;
        for (fs::directory_iterator it(root / kind, error), end; !error && it != end; it.increment(error))
            scan(it->path(), base);
    }
    std::vector<std::string> languages {"en"};
    languages.insert(languages.end(), found.begin(), found.end());
    return languages;
}

Content loadContent(const fs::path& root, const std::string& language)
{
    Catalog catalog = readCatalog(root);
    Content content = std::move(catalog.source);
    content.language = language;
    content.coverage = coverageOf(content, catalog);
    if (language != "en") {
        const auto table = catalog.translations.find(language);
        translate(content, table == catalog.translations.end() ? nullptr : &table->second);
    }
    return content;
}

void addPack(Content& into, Content pack, const std::string& packName)
{
    std::map<std::string, std::string> guideNames, presetNames;
    const auto rename = [&](auto& ours, auto& theirs, std::map<std::string, std::string>& names) {
        for (auto& [id, item] : theirs) {
            std::string name = ours.count(id) ? id + "@" + packName : id;
            names[id] = name;
            item.id = name;
            ours.emplace(name, std::move(item));
        }
    };
    // The pack's live figures follow its presets' new names.
    for (const auto& [id, preset] : pack.presets)
        presetNames[id] = into.presets.count(id) ? id + "@" + packName : id;
    forEachText(pack,
        [&](const std::string&, Text& text) { text.value = renameFigurePresets(text.value, presetNames); });
    rename(into.guides, pack.guides, guideNames);
    rename(into.presets, pack.presets, presetNames);
    into.errors.insert(into.errors.end(), pack.errors.begin(), pack.errors.end());
    into.coverage.insert(into.coverage.end(), pack.coverage.begin(), pack.coverage.end());
    for (Quiz& quiz : pack.quizzes) {
        if (into.quiz(quiz.id)) {
            into.errors.push_back(
                Diagnostic {fs::path(packName) / "quizzes" / quiz.id / quiz.sourceFile.filename(), 0, 0,
                    "the quiz '" + quiz.id + "' is already loaded from another pack; this one is left out"});
            continue;
        }
        if (const auto name = guideNames.find(quiz.guide); name != guideNames.end())
            quiz.guide = name->second;
        for (Question& question : quiz.questions) {
            if (const auto name = presetNames.find(question.demo); name != presetNames.end())
                question.demo = name->second;
        }
        into.quizzes.push_back(std::move(quiz));
    }
}

} // namespace rlab::content
