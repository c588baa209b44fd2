// libFuzzer target: two windows' saves merged. The input is two progress files separated by a NUL
// byte: the first is what a window loads; it then answers (one attempt); the second is what
// another window saved meanwhile. The window's save must keep everything of both: every attempt
// and answer of the second file, and its own attempt, in a file that loads without a problem.
#include <QDir>
#include <QFile>

#include "fuzz_support.h"
#include "quiz/model/progressstore.h"

using rlab::quiz::ProgressStore;
using rlab::quiz::QuizProgress;
using rlab::quiz::SavedAttempt;

namespace {

void put(const std::filesystem::path& file, std::string_view bytes)
{
    rlab::fuzz::writeFile(file, bytes.data(), bytes.size());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const std::filesystem::path folder = rlab::fuzz::scratch() / "merge";
    static const QString directory = QString::fromStdString(folder.string());
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t nul = input.find('\0');
    const std::string_view first = input.substr(0, nul);
    const std::string_view second
        = nul == std::string_view::npos ? std::string_view() : input.substr(nul + 1);
    const std::filesystem::path file = folder / "progress.json";

    put(file, first);
    ProgressStore window(directory);
    window.load();
    if (!window.problem().isEmpty())
        return 0; // kept or set aside: its own tests cover that
    QuizProgress quiz = window.quiz(QStringLiteral("fuzz-quiz"));
    const SavedAttempt mine {QStringLiteral("first"),
        QDateTime(QDate(2031, 2, 3), QTime(4, 5, 6, 789), Qt::UTC), {QStringLiteral("fuzz-q")},
        {{QStringLiteral("fuzz-q"), QStringLiteral("b")}}, {}};
    quiz.attempts.append(mine);
    quiz.answers.insert(QStringLiteral("fuzz-q"), QStringLiteral("b"));
    window.setQuiz(QStringLiteral("fuzz-quiz"), quiz);

    // The other window's file, and what it holds when read alone.
    put(file, second);
    ProgressStore other = ProgressStore::readOnly(directory + QStringLiteral("/progress.json"));
    other.load();
    const bool otherValid = other.problem().isEmpty();
    const bool saved = window.save();
    if (!otherValid)
        return 0; // damaged (set aside, reported) or kept: not a merge
    // A file read alone whole but for a part (a quiz malformed): a read-only store says nothing of
    // the part, while a save sets the file aside and reports it. Not a merge either.
    for (const auto& entry : std::filesystem::directory_iterator(folder))
        if (!saved && entry.path().filename().string().starts_with("progress.json.corrupt-"))
            return 0;
    if (!saved)
        __builtin_trap(); // a valid file beside a writable folder must take the merge

    ProgressStore after(directory);
    after.load();
    if (!after.problem().isEmpty())
        __builtin_trap();
    const QList<SavedAttempt> kept = after.quiz(QStringLiteral("fuzz-quiz")).attempts;
    if (!kept.contains(mine))
        __builtin_trap();
    for (const QString& id : other.quizIds()) {
        const QuizProgress theirs = other.quiz(id);
        const QuizProgress merged = after.quiz(id);
        if (theirs.attempts.size() >= 500)
            continue; // past the cap the oldest go
        for (const SavedAttempt& attempt : theirs.attempts)
            if (!(attempt.kind == mine.kind && attempt.started == mine.started
                    && attempt.questions == mine.questions)
                && !merged.attempts.contains(attempt))
                __builtin_trap();
        for (auto answer = theirs.answers.cbegin(); answer != theirs.answers.cend(); ++answer)
            if (!(id == QLatin1String("fuzz-quiz") && answer.key() == QLatin1String("fuzz-q"))
                && merged.answers.value(answer.key()) != answer.value())
                __builtin_trap();
    }
    return 0;
}
