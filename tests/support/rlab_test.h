#pragma once
// The engine's and the CUDA backend's test harness, with no Qt (the GPU machine has none).
//
// A test is a function registered with RLAB_TEST, or with RLAB_TEST_CASES for one run per named
// row of data. RLAB_TEST_MAIN runs every case, each on its own: a failed check ends only its case,
// and an exception escaping a case fails that case, not the binary. One line per case says
// PASS, FAIL or SKIP; the exit status is 1 when any case failed, 77 (ctest's "skipped") when
// every case was skipped, else 0. `test-binary NAME` runs one test (all its rows) or one row
// ("NAME(row)"); `test-binary --list` prints the case names.
//
// Checks: RLAB_CHECK(condition), RLAB_CHECK_MSG(condition, message), RLAB_CHECK_EQ(actual,
// expected) (exact ==), RLAB_CHECK_NEAR(actual, expected, tolerance) (|actual - expected| <=
// tolerance), RLAB_FAIL(message), RLAB_SKIP(reason). A failed check prints both sides and
// returns from the enclosing function: the test itself, or the lambda the check is written in.

#include <functional>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace rlab::test {

// One row of a data-driven test: its name (printed after the test's) and its values.
template<typename Data> struct Case {
    std::string name;
    Data data;
};

// A test as its runnable cases: one for a plain test, one per row for a data-driven one.
struct NamedCase {
    std::string name;
    std::function<void()> body;
};
using CaseList = std::function<std::vector<NamedCase>()>;

struct Registration {
    // The cases are listed when the binary runs, not at static initialisation.
    Registration(const char* name, CaseList cases);
};

template<typename Data>
std::vector<NamedCase> expand(const char* name, std::vector<Case<Data>> rows, void (*body)(const Data&))
{
    std::vector<NamedCase> cases;
    for (Case<Data>& row : rows) {
        cases.push_back(
            {std::string(name) + "(" + row.name + ")", [body, data = std::move(row.data)] { body(data); }});
    }
    return cases;
}

// Runs the selected cases and returns the exit status; 77 without running any when skipReason is set.
int runAll(int argc, char** argv, const std::string& skipReason);

// Marks the running case failed, or skipped, and prints why with the check's place.
void fail(const std::string& message, const char* file, int line);
void skip(const std::string& reason, const char* file, int line);

// A line of output that belongs to the running case (a measured figure, a reason).
void info(const char* format, ...) __attribute__((format(printf, 1, 2)));

template<typename T> std::string describe(const T& value)
{
    std::ostringstream out;
    if constexpr (std::is_enum_v<T>) {
        out << static_cast<long long>(value);
    } else if constexpr (std::is_same_v<T, bool>) {
        out << (value ? "true" : "false");
    } else if constexpr (requires(std::ostream & o, const T& v) { o << v; }) {
        out.precision(9);
        out << value;
    } else if constexpr (requires(const T& v) { v.size(); }) {
        out << value.size() << " elements";
    } else {
        out << "(not printable)";
    }
    return out.str();
}

template<typename A, typename E>
bool checkEqual(const A& actual, const E& expected, const char* actualText, const char* expectedText,
    const char* file, int line)
{
    if (actual == expected)
        return true;
    std::string where;
    if constexpr (requires {
                      actual.size();
                      expected.size();
                      actual[0] == expected[0];
                  }) {
        // Containers of equal size: the first element that differs.
        for (std::size_t i = 0; where.empty() && actual.size() == expected.size() && i < actual.size(); ++i) {
            if (!(actual[i] == expected[i]))
                where = "\n   first difference at [" + std::to_string(i) + "]: " + describe(actual[i])
                    + " against " + describe(expected[i]);
        }
    }
    fail(std::string("RLAB_CHECK_EQ(") + actualText + ", " + expectedText
            + ")\n   actual:   " + describe(actual) + "\n   expected: " + describe(expected) + where,
        file, line);
    return false;
}

bool checkNear(double actual, double expected, double tolerance, const char* actualText,
    const char* expectedText, const char* file, int line);

} // namespace rlab::test

#define RLAB_TEST(name)                                                                                      \
    static void name();                                                                                      \
    static const ::rlab::test::Registration name##Registration(#name, [] {                                   \
        return std::vector<::rlab::test::NamedCase> {{#name, &name}};                                        \
    });                                                                                                      \
    static void name()

// RLAB_TEST_CASES(name, rows, const Data& parameter): rows is an expression giving a
// std::vector<rlab::test::Case<Data>>; the body runs once per row with that row's data.
#define RLAB_TEST_CASES(name, rows, parameter)                                                               \
    static void name(parameter);                                                                             \
    static const ::rlab::test::Registration name##Registration(                                              \
        #name, [] { return ::rlab::test::expand(#name, rows, &name); });                                     \
    static void name(parameter)

#define RLAB_TEST_MAIN(skipReason)                                                                           \
    int main(int argc, char** argv)                                                                          \
    {                                                                                                        \
        return ::rlab::test::runAll(argc, argv, (skipReason));                                               \
    }

#define RLAB_FAIL(message)                                                                                   \
    do {                                                                                                     \
        ::rlab::test::fail((message), __FILE__, __LINE__);                                                   \
        return;                                                                                              \
    } while (false)
#define RLAB_SKIP(reason)                                                                                    \
    do {                                                                                                     \
        ::rlab::test::skip((reason), __FILE__, __LINE__);                                                    \
        return;                                                                                              \
    } while (false)
#define RLAB_CHECK_MSG(condition, message)                                                                   \
    do {                                                                                                     \
        if (!(condition))                                                                                    \
            RLAB_FAIL(std::string("RLAB_CHECK(" #condition ")\n   ") + (message));                           \
    } while (false)
#define RLAB_CHECK(condition)                                                                                \
    do {                                                                                                     \
        if (!(condition))                                                                                    \
            RLAB_FAIL("RLAB_CHECK(" #condition ")");                                                         \
    } while (false)
#define RLAB_CHECK_EQ(actual, expected)                                                                      \
    do {                                                                                                     \
        if (!::rlab::test::checkEqual((actual), (expected), #actual, #expected, __FILE__, __LINE__))         \
            return;                                                                                          \
    } while (false)
#define RLAB_CHECK_NEAR(actual, expected, tolerance)                                                         \
    do {                                                                                                     \
        if (!::rlab::test::checkNear(                                                                        \
                (actual), (expected), (tolerance), #actual, #expected, __FILE__, __LINE__))                  \
            return;                                                                                          \
    } while (false)
