// Cases with known outcomes for check_harness.cmake: the harness must report each one as it is
// (a failed check, an exception of either kind, a skip) and go on to the next case.
#include <stdexcept>
#include <string>
#include <vector>

#include "rlab_test.h"

namespace {

std::vector<rlab::test::Case<int>> rows()
{
    return {{"one", 1}, {"two", 2}};
}

} // namespace

RLAB_TEST(failsACheck)
{
    RLAB_CHECK_EQ(std::vector<int>({1, 2, 3}), std::vector<int>({1, 5, 3}));
    RLAB_FAIL("a failed check ends its case");
}

RLAB_TEST(throwsStdException)
{
    throw std::runtime_error("out of range on purpose");
}

RLAB_TEST(throwsSomethingElse)
{
    throw 42;
}

RLAB_TEST(skips)
{
    RLAB_SKIP("no device here");
}

RLAB_TEST(passes)
{
    RLAB_CHECK(true);
    RLAB_CHECK_NEAR(1.0, 1.0 + 1e-9, 1e-6);
}

RLAB_TEST_CASES(rowOneOnly, rows(), const int& row)
{
    RLAB_CHECK_NEAR(row, 1.0, 0.5);
}

RLAB_TEST_MAIN(std::string())
