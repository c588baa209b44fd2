#include "catalog.h"

#include <algorithm>
#include <iterator>
#include <set>

#include "file_report.h"
#include "glossary.h"
#include "guide_reader.h"
#include "preset_reader.h"
#include "quiz_reader.h"
#include "rlab/content/figures.h"
#include "yaml_tree.h"

namespace fs = std::filesystem;

namespace rlab::content {

namespace {

bool isLanguageCode(std::string_view code)
{
    return (code.size() == 2 || code.size() == 3)
        && std::all_of(code.begin(), code.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

// Sorted entries of a folder; a missing folder gives none.
std::vector<fs::directory_entry> entries(const fs::path& folder)
{
    std::vector<fs::directory_entry> found;
    std::error_code error;
    for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
        found.push_back(*it);
    std::sort(found.begin(), found.end(),
        [](const fs::directory_entry& a, const fs::directory_entry& b) { return a.path() < b.path(); });
    return found;
}

// One content folder's files: the English source and its translations by language.
struct SourceFiles {
    fs::path source; // empty when absent
    std::map<std::string, fs::path> translations;
};

class TreeReader {
public:
    explicit TreeReader(const fs::path& root)
        : m_root(fs::absolute(root).lexically_normal())
    {
        if (!m_root.has_filename())
            m_root = m_root.parent_path();
    }

    Catalog read()
    {
        std::error_code error;
        if (!fs::is_directory(m_root, error)) {
            m_catalog.source.errors.push_back(
                Diagnostic {shown(m_root), 0, 0, "the content folder does not exist or is not a folder"});
            m_catalog.languages = {"en"};
            return std::move(m_catalog);
        }
        readPresetFiles();
        readGuideFiles();
        readQuizFiles();
        checkSeeAlso();
        // Live figures name presets, runs and sweep values: checked once every preset is read.
        FigureScan figures = scanFigures(m_root, m_presets.presets);
        m_catalog.source.errors.insert(m_catalog.source.errors.end(),
            std::make_move_iterator(figures.problems.begin()),
            std::make_move_iterator(figures.problems.end()));
        checkGlossaries(m_root, m_translationFiles, [this](const fs::path& file) { return reportFor(file); });
        m_catalog.languages = {"en"};
        m_catalog.languages.insert(m_catalog.languages.end(), m_languages.begin(), m_languages.end());
        return std::move(m_catalog);
    }

private:
    // Paths as authors see them: from the content folder's own name down.
    fs::path shown(const fs::path& file) const { return m_root.filename() / file.lexically_relative(m_root); }

    // A file (or a folder above it) may be a link, but only to somewhere inside the content folder:
    // a pack must not read other files of the user's, nor show their first characters in an error.
    YamlNodePtr readFile(const fs::path& file, FileReport& report)
    {
        std::error_code error;
        const fs::path real = fs::weakly_canonical(file, error);
        const fs::path root = fs::weakly_canonical(m_root, error);
        if (error || std::mismatch(root.begin(), root.end(), real.begin(), real.end()).first != root.end()) {
            report.error(0, 0, "the file is a link to a file outside the content folder; it is not read");
            return nullptr;
        }
        return readYamlFile(file, report);
    }

    FileReport reportFor(const fs::path& file) { return FileReport(shown(file), m_catalog.source.errors); }

    void error(const fs::path& file, std::string message)
    {
        m_catalog.source.errors.push_back(Diagnostic {shown(file), 0, 0, std::move(message)});
    }

    // Sorts a folder's files into `base`.yaml and `base`.<language>.yaml; reports strays.
    SourceFiles sourceFiles(const fs::path& folder, const std::string& base)
    {
        SourceFiles files;
        for (const fs::directory_entry& entry : entries(folder)) {
            const std::string name = entry.path().filename().string();
            const std::string extension = entry.path().extension().string();
            if (extension != ".yaml" && extension != ".yml")
                continue; // notes and images may sit beside the content
            const std::string language = translationLanguage(name, base);
            if (name == base + ".yaml")
                files.source = entry.path();
            else if (language == "en")
                error(entry.path(),
                    "English is the source and lives in " + base + ".yaml; this file is not read");
            else if (!language.empty()) {
                files.translations[language] = entry.path();
                m_translationFiles[language].push_back(entry.path());
                m_languages.insert(language);
            } else {
                std::string message = "unexpected file name: this folder holds ";
                message.append(base).append(".yaml and ").append(base);
                error(entry.path(), message + ".<language>.yaml (a two- or three-letter code like ru or sn)");
            }
        }
        return files;
    }

    void readPresetFiles()
    {
        const fs::path folder = m_root / "demos";
        const SourceFiles files = sourceFiles(folder, "presets");
        if (files.source.empty()) {
            error(folder / "presets.yaml",
                "the demo presets file is missing; every question names a demo preset");
            m_presets.unavailable = true;
            return;
        }
        FileReport report = reportFor(files.source);
        if (const YamlNodePtr root = readFile(files.source, report))
            m_presets = readPresets(*root, report);
        else
            m_presets.unavailable = true;
        for (const auto& [id, preset] : m_presets.presets)
            m_catalog.source.presets.emplace(id, preset);
        for (const auto& [language, file] : files.translations) {
            if (m_presets.unavailable)
                continue; // nothing to check the ids against; the source's errors say why
            FileReport translation = reportFor(file);
            if (const YamlNodePtr root = readFile(file, translation))
                readPresetTranslation(
                    *root, translation, m_presets, language, m_catalog.translations[language]);
        }
    }

    void readGuideFiles()
    {
        for (const fs::directory_entry& folder : entries(m_root / "guides")) {
            if (!folder.is_directory())
                continue;
            const std::string id = folder.path().filename().string();
            const SourceFiles files = sourceFiles(folder.path(), "guide");
            if (files.source.empty()) {
                error(folder.path() / "guide.yaml", "the guide folder '" + id + "' has no guide.yaml");
                m_brokenGuides.insert(id);
                continue;
            }
            FileReport report = reportFor(files.source);
            const YamlNodePtr root = readFile(files.source, report);
            std::optional<Guide> guide = root ? readGuide(*root, report, id) : std::nullopt;
            if (!guide) {
                m_brokenGuides.insert(id);
                continue;
            }
            for (const auto& [language, file] : files.translations) {
                FileReport translation = reportFor(file);
                if (const YamlNodePtr tree = readFile(file, translation))
                    readGuideTranslation(
                        *tree, translation, *guide, language, m_catalog.translations[language]);
            }
            m_catalog.source.guides.emplace(id, std::move(*guide));
        }
    }

    void readQuizFiles()
    {
        const fs::path folder = m_root / "quizzes";
        std::error_code code;
        if (!fs::is_directory(folder, code)) {
            error(folder, "the quizzes folder is missing");
            return;
        }
        const QuizTargets targets {m_catalog.source.guides, m_brokenGuides, m_presets.presets,
            m_presets.broken, m_presets.unavailable};
        for (const fs::directory_entry& entry : entries(folder)) {
            if (!entry.is_directory())
                continue;
            const std::string id = entry.path().filename().string();
            const SourceFiles files = sourceFiles(entry.path(), "quiz");
            if (files.source.empty()) {
                error(entry.path() / "quiz.yaml", "the quiz folder '" + id + "' has no quiz.yaml");
                continue;
            }
            FileReport report = reportFor(files.source);
            const YamlNodePtr root = readFile(files.source, report);
            std::optional<Quiz> quiz = root ? readQuiz(*root, report, id, targets) : std::nullopt;
            if (!quiz)
                continue; // left out; the other quizzes still load
            quiz->sourceFile = files.source;
            for (const auto& [language, file] : files.translations) {
                FileReport translation = reportFor(file);
                if (const YamlNodePtr tree = readFile(file, translation))
                    readQuizTranslation(
                        *tree, translation, *quiz, language, m_catalog.translations[language]);
            }
            m_catalog.source.quizzes.push_back(std::move(*quiz));
        }
    }

    // Every see_also names a question of a quiz in this folder, other than the question itself.
    void checkSeeAlso()
    {
        const auto find = [this](const Question::SeeAlso& target) {
            for (const Quiz& quiz : m_catalog.source.quizzes) {
                if (quiz.id != target.quiz)
                    continue;
                for (const Question& question : quiz.questions)
                    if (question.id == target.question)
                        return true;
            }
            return false;
        };
        for (const Quiz& quiz : m_catalog.source.quizzes) {
            for (const Question& question : quiz.questions) {
                for (const Question::SeeAlso& target : question.seeAlso) {
                    std::string problem;
                    if (target.quiz == quiz.id && target.question == question.id)
                        problem = "names the question itself";
                    else if (!find(target))
                        problem = "names no question of a quiz in this folder";
                    if (!problem.empty())
                        m_catalog.source.errors.push_back(
                            Diagnostic {shown(quiz.sourceFile), target.line, target.column,
                                "see_also '" + target.quiz + "/" + target.question + "' of question '"
                                    + question.id + "' " + problem});
                }
            }
        }
    }

    fs::path m_root;
    Catalog m_catalog;
    PresetCatalog m_presets;
    std::set<std::string> m_brokenGuides;
    std::set<std::string> m_languages;
    std::map<std::string, std::vector<fs::path>> m_translationFiles; // for the glossary check
};

} // namespace

std::string translationLanguage(const std::string& fileName, std::string_view base)
{
    const std::string prefix = std::string(base) + ".";
    const std::string suffix = ".yaml";
    if (fileName.size() <= prefix.size() + suffix.size() || !fileName.starts_with(prefix)
        || !fileName.ends_with(suffix))
        return {};
    const std::string code = fileName.substr(prefix.size(), fileName.size() - prefix.size() - suffix.size());
    return isLanguageCode(code) ? code : std::string();
}

Catalog readCatalog(const fs::path& root)
{
    return TreeReader(root).read();
}

} // namespace rlab::content
