#include "rlab_test.h"

#include <cstdio>

#ifdef RLAB_HAVE_QT_TEST
#include <QCoreApplication>
#include <QObject>
#endif

namespace rlab::test {

std::vector<std::pair<std::string, TestFunction>>& registry()
{
    static std::vector<std::pair<std::string, TestFunction>> tests;
    return tests;
}

Registration::Registration(const char* name, TestFunction function)
{
    registry().emplace_back(name, function);
}

#ifdef RLAB_HAVE_QT_TEST

// The registered functions as the rows of one data-driven Qt Test slot, so QCOMPARE, QSKIP and
// the rest run inside Qt Test's own machinery and its usual output and options apply.
class RegisteredTests : public QObject {
    Q_OBJECT

private slots:
    void run_data()
    {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < registry().size(); ++i)
            QTest::newRow(registry()[i].first.c_str()) << static_cast<int>(i);
    }
    void run()
    {
        QFETCH(int, index);
        registry()[static_cast<std::size_t>(index)].second();
    }
};

int runAll(int argc, char** argv, const std::string& skipReason)
{
    if (!skipReason.empty()) {
        std::printf("SKIP   : %s\n", skipReason.c_str());
        return 77;
    }
    QCoreApplication app(argc, argv);
    RegisteredTests tests;
    return QTest::qExec(&tests, argc, argv);
}

#else

namespace {

enum class Outcome { Pass, Fail, Skip };
Outcome g_outcome = Outcome::Pass;

} // namespace

void reportFailure(const std::string& message, const char* file, int line)
{
    g_outcome = Outcome::Fail;
    std::printf("FAIL!  : %s\n   Loc: [%s(%d)]\n", message.c_str(), file, line);
}

void reportSkip(const std::string& message, const char* file, int line)
{
    g_outcome = Outcome::Skip;
    std::printf("SKIP   : %s\n   Loc: [%s(%d)]\n", message.c_str(), file, line);
}

int runAll(int argc, char** argv, const std::string& skipReason)
{
    if (!skipReason.empty()) {
        std::printf("SKIP   : %s\n", skipReason.c_str());
        return 77;
    }
    const std::string only = argc > 1 ? argv[1] : ""; // optional: run just the test of this name
    int passed = 0, failed = 0, skipped = 0;
    for (const auto& [name, function] : registry()) {
        if (!only.empty() && name != only)
            continue;
        g_outcome = Outcome::Pass;
        function();
        if (g_outcome == Outcome::Pass)
            std::printf("PASS   : %s\n", name.c_str());
        else
            std::printf("%s: %s\n", g_outcome == Outcome::Fail ? "FAILED " : "SKIPPED", name.c_str());
        (g_outcome == Outcome::Pass ? passed : g_outcome == Outcome::Fail ? failed : skipped) += 1;
    }
    std::printf("Totals: %d passed, %d failed, %d skipped\n", passed, failed, skipped);
    std::fflush(stdout);
    return failed > 0 ? 1 : 0;
}

#endif

} // namespace rlab::test

#ifdef RLAB_HAVE_QT_TEST
#include "rlab_test.moc"
#endif
