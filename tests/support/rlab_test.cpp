#include "rlab_test.h"

#include <chrono>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <exception>

namespace rlab::test {

namespace {

enum class Outcome { Pass, Fail, Skip };

std::vector<std::pair<std::string, CaseList>>& registry()
{
    static std::vector<std::pair<std::string, CaseList>> tests;
    return tests;
}

// The running case's outcome; a case starts as passed and a check or skip changes it.
Outcome g_outcome = Outcome::Pass;

// The first failure or skip sets the outcome; later ones in the same case only print.
void mark(Outcome outcome)
{
    if (g_outcome == Outcome::Pass)
        g_outcome = outcome;
}

// A selected case: the whole test's name, or one row's "name(row)".
bool selected(const std::string& only, const std::string& test, const std::string& caseName)
{
    return only.empty() || only == test || only == caseName;
}

} // namespace

Registration::Registration(const char* name, CaseList cases)
{
    registry().emplace_back(name, std::move(cases));
}

void fail(const std::string& message, const char* file, int line)
{
    mark(Outcome::Fail);
    std::string indented; // the message's further lines under its first
    for (char c : message)
        indented += c == '\n' ? std::string("\n      ") : std::string(1, c);
    std::printf("      %s:%d: %s\n", file, line, indented.c_str());
}

void skip(const std::string& reason, const char* file, int line)
{
    mark(Outcome::Skip);
    std::printf("      skipped at %s:%d: %s\n", file, line, reason.c_str());
}

void info(const char* format, ...)
{
    std::va_list args;
    va_start(args, format);
    std::printf("      ");
    std::vprintf(format, args);
    std::printf("\n");
    va_end(args);
}

bool checkNear(double actual, double expected, double tolerance, const char* actualText,
    const char* expectedText, const char* file, int line)
{
    const double difference = std::fabs(actual - expected);
    if (difference <= tolerance)
        return true;
    fail(std::string("RLAB_CHECK_NEAR(") + actualText + ", " + expectedText
            + ")\n   actual:   " + describe(actual) + "\n   expected: " + describe(expected)
            + "\n   |difference| " + describe(difference) + " > tolerance " + describe(tolerance),
        file, line);
    return false;
}

int runAll(int argc, char** argv, const std::string& skipReason)
{
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // each line out before a crash could lose it
    const std::string only = argc > 1 ? argv[1] : "";
    if (only == "--list") {
        for (const auto& [test, listCases] : registry())
            for (const NamedCase& c : listCases())
                std::printf("%s\n", c.name.c_str());
        return 0;
    }
    if (!skipReason.empty()) {
        std::printf("SKIP  every case: %s\n", skipReason.c_str());
        return 77;
    }
    int passed = 0, failed = 0, skipped = 0;
    for (const auto& [test, listCases] : registry()) {
        std::vector<NamedCase> cases;
        try {
            cases = listCases();
        } catch (const std::exception& e) {
            std::printf("FAIL  %s: listing its cases threw: %s\n", test.c_str(), e.what());
            ++failed;
            continue;
        }
        for (const NamedCase& c : cases) {
            if (!selected(only, test, c.name))
                continue;
            g_outcome = Outcome::Pass;
            const auto start = std::chrono::steady_clock::now();
            try {
                c.body();
            } catch (const std::exception& e) {
                mark(Outcome::Fail);
                std::printf("      threw %s\n", e.what());
            } catch (...) {
                mark(Outcome::Fail);
                std::printf("      threw something that is not a std::exception\n");
            }
            const double ms
                = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
            const char* word = g_outcome == Outcome::Pass ? "PASS"
                : g_outcome == Outcome::Fail              ? "FAIL"
                                                          : "SKIP";
            std::printf("%s  %s (%.0f ms)\n", word, c.name.c_str(), ms);
            (g_outcome == Outcome::Pass ? passed : g_outcome == Outcome::Fail ? failed : skipped) += 1;
        }
    }
    std::printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    if (passed + failed + skipped == 0) {
        std::printf("no case is named '%s' (--list prints them)\n", only.c_str());
        return 2;
    }
    if (failed > 0)
        return 1;
    return passed == 0 ? 77 : 0;
}

} // namespace rlab::test
