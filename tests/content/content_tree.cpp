#include "content_tree.h"

#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace rlab::content::test {

fs::path fixtureTree()
{
    return fs::path(RLAB_TEST_FIXTURES) / "minimal";
}

fs::path realContent()
{
    return fs::path(RLAB_TEST_SOURCE_DIR) / "content";
}

void copyTree(const fs::path& from, const fs::path& to)
{
    fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
}

bool replaceOnce(const fs::path& file, const std::string& find, const std::string& replacement)
{
    std::ifstream in(file, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    const auto at = text.find(find);
    if (find.empty() || at == std::string::npos || text.find(find, at + 1) != std::string::npos)
        return false;
    text.replace(at, find.size(), replacement);
    writeFile(file, text);
    return true;
}

void writeFile(const fs::path& file, const std::string& text)
{
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
}

std::vector<std::string> fallbackFields(const Content& content)
{
    std::vector<std::string> found;
    const auto check = [&](const std::string& path, const Text& text) {
        if (text.fallback)
            found.push_back(path);
    };
    for (const Quiz& quiz : content.quizzes) {
        const std::string base = "quiz/" + quiz.id;
        check(base + "/title", quiz.title);
        check(base + "/description", quiz.description);
        for (const Question& question : quiz.questions) {
            const std::string at = base + "/questions/" + question.id;
            check(at + "/text", question.text);
            check(at + "/explanation", question.explanation);
            for (const Option& option : question.options) {
                check(at + "/options/" + option.id + "/text", option.text);
                check(at + "/options/" + option.id + "/why_wrong", option.whyWrong);
            }
        }
    }
    for (const auto& [id, guide] : content.guides) {
        check("guide/" + id + "/title", guide.title);
        for (const GuideSection& section : guide.sections) {
            check("guide/" + id + "/sections/" + section.id + "/title", section.title);
            check("guide/" + id + "/sections/" + section.id + "/body", section.body);
        }
    }
    for (const auto& [id, preset] : content.presets) {
        check("preset/" + id + "/title", preset.title);
        check("preset/" + id + "/look_for", preset.lookFor);
    }
    return found;
}

const Diagnostic* findDiagnostic(const Content& content, const std::string& part)
{
    for (const Diagnostic& diagnostic : content.errors)
        if (diagnostic.message.find(part) != std::string::npos)
            return &diagnostic;
    return nullptr;
}

std::string listed(const std::vector<Diagnostic>& errors)
{
    std::string text;
    for (const Diagnostic& diagnostic : errors)
        text += "\n  " + diagnostic.toString();
    return text.empty() ? "(none)" : text;
}

} // namespace rlab::content::test
