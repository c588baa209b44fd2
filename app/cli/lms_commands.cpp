#ifdef RLAB_HAVE_CONTENT
// rlab export / rlab import: a quiz to and from the files a learning platform imports (GIFT,
// Moodle XML), so a teacher moves it into the course their platform already runs.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands.h"
#include "rlab/content/content.h"
#include "rlab/content/lms.h"
#include "rlab/layout.h"
#include "rlab/memory_export.h"
#include "rlab/text.h"

namespace {

// Arguments, paths and file text as a terminal shows them: no escape sequence acts, and a very long
// one is cut in the middle.
std::string shown(std::string_view text)
{
    return rlab::text::forTerminal(text);
}

constexpr std::uintmax_t kMostImportBytes = 16 * 1024 * 1024; // a quiz export is tens of KiB

void printExportUsage(std::ostream& out)
{
    out << "usage: rlab export --format gift|moodle-xml QUIZ [--lang L] [--content DIR] [--output FILE]\n"
           "  Writes the quiz with id QUIZ (from the built-in content, or the content folder DIR) in\n"
           "  language L (default en; a missing translation gives the English text) as GIFT or Moodle\n"
           "  XML: single-answer multiple choice, each wrong option's \"why wrong\" as its feedback, the\n"
           "  explanation as the general feedback, the quiz's structure in rlab- comments or tags.\n"
           "  To stdout, or to FILE. Exit status: 0 written, 1 a failure, 2 bad arguments.\n";
}

void printImportUsage(std::ostream& out)
{
    out << "usage: rlab import --format gift|moodle-xml FILE DIR [--translation [L=]FILE]...\n"
           "  Makes DIR/quizzes/<id>/quiz.yaml from FILE (an export in English, as rlab export writes\n"
           "  it, or a platform's own file: its multiple choice under ids made from the file's and the\n"
           "  questions' names, the rlab structure left to add) and quiz.<L>.yaml from each\n"
           "  translation (its language from the file, or L=). DIR is a pack or content folder;\n"
           "  its guides/ and demos/ must hold what the quiz names (rlab check-content DIR says).\n"
           "  What a quiz cannot hold (other question types, partial credit, feedback on the correct\n"
           "  answer) is skipped and listed on stderr.\n"
           "  Exit status: 0 written, 1 a failure, 2 bad arguments.\n";
}

std::optional<rlab::content::LmsFormat> formatArgument(std::string_view value, const char* command)
{
    const std::optional<rlab::content::LmsFormat> format = rlab::content::parseLmsFormat(value);
    if (!format)
        std::cerr << "rlab " << command << ": --format is gift or moodle-xml, not '" << shown(value)
                  << "'.\n";
    return format;
}

// The file's text, or nullopt with the sentence printed.
std::optional<std::string> readImportFile(const std::string& path)
{
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) {
        std::cerr << "rlab import: '" << shown(path) << "' is not a file that can be read.\n";
        return std::nullopt;
    }
    const std::uintmax_t size = std::filesystem::file_size(path, error);
    if (error || size > kMostImportBytes) {
        std::cerr << "rlab import: '" << shown(path) << "' is larger than " << kMostImportBytes
                  << " bytes, more than any quiz export.\n";
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    std::string text(size, '\0');
    if (!in.read(text.data(), static_cast<std::streamsize>(size))) {
        std::cerr << "rlab import: '" << shown(path) << "' cannot be read.\n";
        return std::nullopt;
    }
    return text;
}

} // namespace

int exportCommand(int argc, char** argv)
{
    std::optional<rlab::content::LmsFormat> format;
    std::string quizId, language = "en", folder, output;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const auto value = [&]() -> std::string_view { return i + 1 < argc ? argv[++i] : ""; };
        if (arg == "--help" || arg == "-h") {
            printExportUsage(std::cout);
            return 0;
        } else if (arg == "--format") {
            if (!(format = formatArgument(value(), "export")))
                return 2;
        } else if (arg == "--lang") {
            language = value();
        } else if (arg == "--content") {
            folder = value();
        } else if (arg == "--output" || arg == "-o") {
            output = value();
        } else if (arg.starts_with("-")) {
            std::cerr << "rlab export: unknown option '" << shown(arg) << "' (see --help).\n";
            return 2;
        } else if (quizId.empty()) {
            quizId = arg;
        } else {
            std::cerr << "rlab export: one quiz at a time, but '" << shown(arg) << "' follows '"
                      << shown(quizId) << "'.\n";
            return 2;
        }
    }
    if (!format || quizId.empty()) {
        std::cerr << "rlab export: name the --format (gift or moodle-xml) and the quiz (see --help).\n";
        return 2;
    }
    if (folder.empty())
        folder = rlab::builtInContentFolder().string();
    std::error_code error;
    if (folder.empty() || !std::filesystem::is_directory(folder, error)) {
        std::cerr << "rlab export: no content folder '" << shown(folder)
                  << "'; name one with --content DIR.\n";
        return 2;
    }
    const std::vector<std::string> languages = rlab::content::availableLanguages(folder);
    if (std::find(languages.begin(), languages.end(), language) == languages.end()) {
        std::cerr << "rlab export: the content has no language '" << shown(language) << "'.\n";
        return 2;
    }
    const rlab::content::Content content = rlab::content::loadContent(folder, language);
    const rlab::content::Quiz* quiz = content.quiz(quizId);
    if (!quiz) {
        std::string ids;
        for (const rlab::content::Quiz& known : content.quizzes)
            ids += (ids.empty() ? "" : ", ") + known.id;
        std::cerr << "rlab export: no quiz '" << shown(quizId) << "' in " << shown(folder)
                  << " (it has: " << shown(ids) << ").\n";
        return 2;
    }
    const std::string text = rlab::content::exportQuiz(*quiz, *format, language);
    if (output.empty()) {
        std::cout << text;
        return 0;
    }
    if (const std::string problem = rlab::exportPathProblem("--output", output); !problem.empty()) {
        std::cerr << "rlab export: " << shown(problem) << "\n";
        return 2;
    }
    if (const std::string problem = rlab::writeExportFile(output, text); !problem.empty()) {
        std::cerr << "rlab export: " << shown(problem) << "\n";
        return 1;
    }
    return 0;
}

int importCommand(int argc, char** argv)
{
    std::optional<rlab::content::LmsFormat> format;
    std::string file, dir;
    std::vector<std::pair<std::string, std::string>> translations; // language (may be empty), file
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const auto value = [&]() -> std::string_view { return i + 1 < argc ? argv[++i] : ""; };
        if (arg == "--help" || arg == "-h") {
            printImportUsage(std::cout);
            return 0;
        } else if (arg == "--format") {
            if (!(format = formatArgument(value(), "import")))
                return 2;
        } else if (arg == "--translation") {
            const std::string given(value());
            const std::size_t equals = given.find('=');
            const bool named = equals < 12 && given.find('/') > equals; // "ru=FILE", not a path holding "="
            translations.emplace_back(
                named ? given.substr(0, equals) : "", named ? given.substr(equals + 1) : given);
            if (translations.back().second.empty()) {
                std::cerr << "rlab import: --translation needs a file.\n";
                return 2;
            }
        } else if (arg.starts_with("-")) {
            std::cerr << "rlab import: unknown option '" << shown(arg) << "' (see --help).\n";
            return 2;
        } else if (file.empty()) {
            file = arg;
        } else if (dir.empty()) {
            dir = arg;
        } else {
            std::cerr << "rlab import: FILE and DIR only, but '" << shown(arg) << "' follows them.\n";
            return 2;
        }
    }
    if (!format || file.empty() || dir.empty()) {
        std::cerr
            << "rlab import: name the --format (gift or moodle-xml), the FILE and the DIR (see --help).\n";
        return 2;
    }
    std::string error;
    std::vector<std::string> skipped;
    const auto read = [&](const std::string& path) -> std::optional<rlab::content::ImportedQuiz> {
        const std::optional<std::string> text = readImportFile(path);
        if (!text)
            return std::nullopt;
        std::optional<rlab::content::ImportedQuiz> quiz
            = rlab::content::importQuiz(*text, *format, path, &error);
        if (!quiz)
            std::cerr << "rlab import: " << shown(error) << ".\n";
        else
            skipped.insert(skipped.end(), quiz->skipped.begin(), quiz->skipped.end());
        return quiz;
    };
    const std::optional<rlab::content::ImportedQuiz> source = read(file);
    if (!source)
        return 1;
    std::vector<rlab::content::ImportedQuiz> translated;
    for (const auto& [language, path] : translations) {
        std::optional<rlab::content::ImportedQuiz> quiz = read(path);
        if (!quiz)
            return 1;
        if (!language.empty())
            quiz->language = language;
        translated.push_back(std::move(*quiz));
    }
    if (const std::string problem = rlab::content::writeQuizPack(*source, translated, dir);
        !problem.empty()) {
        std::cerr << "rlab import: " << shown(problem)
                  << "; nothing was written (the files there are as they were).\n";
        return 1;
    }
    for (const std::string& line : skipped)
        std::cerr << "skipped: " << shown(line) << "\n";
    const std::filesystem::path folder = std::filesystem::path(dir) / "quizzes" / source->quiz.id;
    std::cout << "Wrote " << shown((folder / "quiz.yaml").string()) << " (" << source->quiz.questions.size()
              << (source->quiz.questions.size() == 1 ? " question)" : " questions)");
    for (const rlab::content::ImportedQuiz& quiz : translated)
        std::cout << ", quiz." << shown(quiz.language) << ".yaml";
    std::cout << (skipped.empty() ? "; nothing skipped"
                                  : "; " + std::to_string(skipped.size()) + " skipped (stderr)")
              << ".";
    // A platform's own file carries no rlab structure: say what the teacher adds.
    std::vector<std::string> missing;
    if (source->quiz.level.empty())
        missing.emplace_back("a level");
    if (source->quiz.guide.empty())
        missing.emplace_back("a guide");
    const auto unsectioned = std::count_if(source->quiz.questions.begin(), source->quiz.questions.end(),
        [](const rlab::content::Question& question) { return question.guideSection.empty(); });
    if (unsectioned > 0)
        missing.push_back("a guide_section in " + std::to_string(unsectioned)
            + (unsectioned == 1 ? " question" : " questions"));
    for (std::size_t i = 0; i < missing.size(); ++i)
        std::cout << (i == 0              ? " The file carried no rlab structure, so quiz.yaml still needs "
                : i + 1 == missing.size() ? " and "
                                          : ", ")
                  << missing[i] << (i + 1 == missing.size() ? "." : "");
    std::cout << " Check it with: rlab check-content " << shown(dir) << "\n";
    return 0;
}

#endif // RLAB_HAVE_CONTENT
