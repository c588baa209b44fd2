#ifdef RLAB_HAVE_CONTENT
// rlab check-content DIR: validates a content tree for authors and CI, and prints how much of it
// each language translates.

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "commands.h"
#include "rlab/content/archive.h"
#include "rlab/content/content.h"
#include "rlab/engine.h"
#include "rlab/layout.h"
#include "rlab/text.h"

namespace {

constexpr int defaultMissingShown = 10;

void printUsage(std::ostream& out)
{
    out << "usage: rlab check-content [DIR|ARCHIVE] [--missing N]\n"
           "  Validates the content tree at DIR (holding quizzes/, guides/, demos/; without DIR the\n"
           "  built-in content, installed beside rlab or in its checkout) or a pack sent as one\n"
           "  ARCHIVE (.zip, .tar, .tar.gz/.tgz, .tar.xz, .tar.zst; errors name its entries), lists every "
           "error\n"
           "  on stderr as file:line:column, prints each language's coverage and up to N missing\n"
           "  fields (default "
        << defaultMissingShown << ") on stdout. Exit status: 0 valid, 1 errors, 2 bad arguments.\n";
}

std::string percent(int part, int whole)
{
    const std::string text = rlab::text::fixed(whole > 0 ? 100.0 * part / whole : 100.0, 1) + "%";
    return std::string(text.size() < 6 ? 6 - text.size() : 0, ' ') + text;
}

void printCoverage(const rlab::content::Content& content, int missingShown)
{
    std::cout << "language  translated  coverage\n";
    for (const rlab::content::LanguageCoverage& row : content.coverage) {
        const std::string count = std::to_string(row.translated) + "/" + std::to_string(row.fields);
        std::cout << row.language << std::string(row.language.size() < 10 ? 10 - row.language.size() : 1, ' ')
                  << count << std::string(count.size() < 12 ? 12 - count.size() : 1, ' ')
                  << percent(row.translated, row.fields) << "\n";
        const int listed = std::min<int>(missingShown, static_cast<int>(row.missing.size()));
        for (int i = 0; i < listed; ++i)
            std::cout << "  missing: " << rlab::text::forTerminal(row.missing[static_cast<std::size_t>(i)])
                      << "\n";
        if (static_cast<int>(row.missing.size()) > listed)
            std::cout << "  ... and " << row.missing.size() - static_cast<std::size_t>(listed)
                      << " more missing (--missing N lists more)\n";
    }
}

// Per quiz that asks for fair distractors: how often its correct option is the longest, on stdout,
// and a warning on stderr for each above the limit (a warning: the tree is still valid).
void printLongestKeys(const rlab::content::Content& content, const std::filesystem::path& folder)
{
    std::filesystem::path root = std::filesystem::absolute(folder).lexically_normal();
    if (!root.has_filename())
        root = root.parent_path(); // named as the loader names files: the folder's name first
    const std::vector<rlab::content::LongestKeyShare> shares = rlab::content::longestKeyShares(content);
    if (shares.empty())
        return;
    std::cout << "correct option longest (quizzes with fair_distractors, English, at most "
              << rlab::text::fixed(100 * rlab::content::kMostLongestKeyShare, 0) << "%)\n";
    for (const rlab::content::LongestKeyShare& share : shares) {
        const std::string count = std::to_string(share.keyLongest) + "/" + std::to_string(share.questions);
        std::cout << "  " << rlab::text::forTerminal(share.quiz)
                  << std::string(share.quiz.size() < 32 ? 32 - share.quiz.size() : 1, ' ') << count
                  << std::string(count.size() < 7 ? 7 - count.size() : 1, ' ')
                  << percent(share.keyLongest, share.questions) << "\n";
        if (share.share() > rlab::content::kMostLongestKeyShare)
            std::cerr << rlab::text::forTerminal(
                (root.filename() / "quizzes" / share.quiz / "quiz.yaml").generic_string())
                      << ": warning: the correct option is the longest in " << share.keyLongest << " of "
                      << share.questions << " questions (" << rlab::text::fixed(100 * share.share(), 1)
                      << "%), above " << rlab::text::fixed(100 * rlab::content::kMostLongestKeyShare, 0)
                      << "%: a learner can guess by length; write distractors as long and specific as the key"
                      << "\n";
    }
}

// A budget run the engine can never plan: the content loader knows the grammar, only the
// predictor knows whether some plan fits (at the preset's shape and every sweep value).
std::vector<rlab::content::Diagnostic> unplannableBudgets(
    const rlab::content::Content& content, const std::filesystem::path& folder)
{
    std::vector<rlab::content::Diagnostic> found;
    std::filesystem::path root = std::filesystem::absolute(folder).lexically_normal();
    if (!root.has_filename())
        root = root.parent_path(); // "content/" names the folder "content", as the loader shows it
    const std::filesystem::path shown = root.filename() / "demos" / "presets.yaml";
    for (const auto& [id, preset] : content.presets) {
        std::vector<rlab::ModelShape> shapes {preset.shape};
        if (preset.sweep)
            if (const rlab::ShapeField* field = rlab::shapeField(preset.sweep->parameter))
                for (const int value : preset.sweep->values) {
                    shapes.push_back(preset.shape);
                    shapes.back().*field->member = value;
                }
        for (const rlab::content::DemoRun& run : preset.runs) {
            const std::optional<rlab::RecomputePolicy> policy
                = rlab::RecomputePolicy::parse(run.policy, nullptr);
            if (!policy || policy->kind != rlab::PolicyKind::Budget)
                continue;
            for (const rlab::ModelShape& shape : shapes) {
                rlab::RunConfig config;
                config.shape = rlab::content::runShape(run, shape);
                config.fusedAttention = run.fusedAttention.value_or(preset.fusedAttention);
                config.policy = *policy;
                config.memoryLimitBytes = std::numeric_limits<std::uint64_t>::max(); // the plan alone
                if (const std::optional<std::string> refusal = rlab::validate(config)) {
                    found.push_back(
                        {shown, run.policyLine, run.policyColumn, "preset '" + id + "': " + *refusal});
                    break;
                }
            }
        }
    }
    return found;
}

} // namespace

int checkContentCommand(int argc, char** argv)
{
    // argv[0] is the subcommand's own name.
    std::string folder;
    int missingShown = defaultMissingShown;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            printUsage(std::cout);
            return 0;
        }
        if (arg == "--missing") {
            const std::string_view value = i + 1 < argc ? argv[++i] : "";
            const std::optional<int> count = rlab::text::parseInteger<int>(value);
            missingShown = count.value_or(-1);
            if (missingShown < 0) {
                std::cerr << "rlab check-content: --missing needs a count of 0 or more, not '"
                          << rlab::text::forTerminal(value) << "'.\n";
                return 2;
            }
        } else if (arg.starts_with("-")) {
            std::cerr << "rlab check-content: unknown option '" << rlab::text::forTerminal(arg)
                      << "' (see --help).\n";
            return 2;
        } else if (folder.empty()) {
            folder = arg;
        } else {
            std::cerr << "rlab check-content: one content folder only, but '" << rlab::text::forTerminal(arg)
                      << "' follows '" << rlab::text::forTerminal(folder) << "'.\n";
            return 2;
        }
    }
    if (folder.empty())
        folder = rlab::builtInContentFolder().string();
    if (folder.empty()) {
        std::cerr << "rlab check-content: the built-in content is not installed beside rlab; name the "
                     "content folder to check, like: rlab check-content content\n";
        return 2;
    }
    std::error_code error;
    std::optional<rlab::content::UnpackedPack> archive;
    std::filesystem::path root = folder;
    if (std::filesystem::is_regular_file(folder, error) && rlab::content::isPackArchive(folder)) {
        archive.emplace(folder);
        if (!archive->ok()) {
            std::cerr << rlab::text::forTerminal(archive->error()) << "\n";
            std::cout << "1 error (listed on stderr).\n";
            return 1;
        }
        root = archive->root();
    } else if (!std::filesystem::is_directory(folder, error)) {
        std::cerr
            << "rlab check-content: '" << rlab::text::forTerminal(folder)
            << "' is neither a folder nor a pack archive (.zip, .tar, .tar.gz, .tgz, .tar.xz, .tar.zst).\n";
        return 2;
    }

    rlab::content::Content content = rlab::content::loadContent(root, "en");
    for (rlab::content::Diagnostic& unplannable : unplannableBudgets(content, root))
        content.errors.push_back(std::move(unplannable));
    if (archive)
        archive->nameArchive(content.errors);
    for (const rlab::content::Diagnostic& diagnostic : content.errors)
        std::cerr << rlab::text::forTerminal(diagnostic.toString()) << "\n";
    std::cout << "Checked " << rlab::text::forTerminal(folder) << ": " << content.quizzes.size()
              << " quizzes, " << content.guides.size() << " guides, " << content.presets.size()
              << " demo presets loaded.\n";
    printCoverage(content, missingShown);
    printLongestKeys(content, root);
    if (content.errors.empty()) {
        std::cout << "No errors.\n";
        return 0;
    }
    std::cout << content.errors.size() << (content.errors.size() == 1 ? " error" : " errors")
              << " (listed on stderr).\n";
    return 1;
}

#endif // RLAB_HAVE_CONTENT
