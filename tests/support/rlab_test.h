#pragma once
// Tests written once for two places: with Qt Test where Qt is installed, and with a small
// stand-in for its macros where it is not (the GPU machine has no Qt). A test is a plain
// function registered with RLAB_TEST; RLAB_TEST_MAIN runs them all, or skips the whole
// executable (exit code 77, reason printed) when the given reason is not empty.

#include <string>
#include <utility>
#include <vector>

namespace rlab::test {

using TestFunction = void (*)();
std::vector<std::pair<std::string, TestFunction>>& registry();

struct Registration {
    Registration(const char* name, TestFunction function);
};

// Runs every registered test and returns the exit status; 77 without running any when skipReason is set.
int runAll(int argc, char** argv, const std::string& skipReason);

} // namespace rlab::test

#define RLAB_TEST(name)                                                                                      \
    static void name();                                                                                      \
    static const ::rlab::test::Registration name##Registration(#name, &name);                                \
    static void name()

#define RLAB_TEST_MAIN(skipReason)                                                                           \
    int main(int argc, char** argv)                                                                          \
    {                                                                                                        \
        return ::rlab::test::runAll(argc, argv, (skipReason));                                               \
    }

#ifdef RLAB_HAVE_QT_TEST
#include <QTest>
#else
#include <algorithm>
#include <cmath>
#include <sstream>
#include <type_traits>

namespace rlab::test {

void reportFailure(const std::string& message, const char* file, int line);
void reportSkip(const std::string& message, const char* file, int line);

template<typename T> std::string describe(const T& value)
{
    if constexpr (requires(std::ostream & out, const T& v) { out << v; }) {
        std::ostringstream out;
        out.precision(9);
        out << value;
        return out.str();
    } else {
        return "(not printable)";
    }
}

// Floating-point values compare as QCOMPARE does: equal up to a relative 1e-12 (double) or 1e-5 (float).
template<typename A, typename E> bool same(const A& actual, const E& expected)
{
    if constexpr (std::is_floating_point_v<A> && std::is_floating_point_v<E>) {
        const double scale = std::is_same_v<A, float> || std::is_same_v<E, float> ? 1e5 : 1e12;
        const double a = static_cast<double>(actual);
        const double e = static_cast<double>(expected);
        return a == e || std::abs(a - e) * scale <= std::min(std::abs(a), std::abs(e));
    } else {
        return actual == expected;
    }
}

template<typename A, typename E>
bool compare(const A& actual, const E& expected, const char* actualText, const char* expectedText,
    const char* file, int line)
{
    if (same(actual, expected))
        return true;
    reportFailure(std::string("Compared values are not the same\n   Actual   (") + actualText
            + "): " + describe(actual) + "\n   Expected (" + expectedText + "): " + describe(expected),
        file, line);
    return false;
}

} // namespace rlab::test

#define QCOMPARE(actual, expected)                                                                           \
    do {                                                                                                     \
        if (!::rlab::test::compare((actual), (expected), #actual, #expected, __FILE__, __LINE__))            \
            return;                                                                                          \
    } while (false)
#define QVERIFY2(condition, message)                                                                         \
    do {                                                                                                     \
        if (!(condition)) {                                                                                  \
            ::rlab::test::reportFailure(                                                                     \
                std::string("'" #condition "' returned FALSE. (") + (message) + ")", __FILE__, __LINE__);    \
            return;                                                                                          \
        }                                                                                                    \
    } while (false)
#define QVERIFY(condition) QVERIFY2(condition, "")
#define QFAIL(message)                                                                                       \
    do {                                                                                                     \
        ::rlab::test::reportFailure((message), __FILE__, __LINE__);                                          \
        return;                                                                                              \
    } while (false)
#define QSKIP(message)                                                                                       \
    do {                                                                                                     \
        ::rlab::test::reportSkip((message), __FILE__, __LINE__);                                             \
        return;                                                                                              \
    } while (false)
#endif
