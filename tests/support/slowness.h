#pragma once
// How many times slower than a plain build this build runs: sanitizer builds (RLAB_SANITIZE) run
// the engine 5 to 15 times slower, so tests multiply their waits and time bounds by kSlowness.

namespace rlab::test {

#ifdef RLAB_TEST_SLOWNESS
inline constexpr int kSlowness = RLAB_TEST_SLOWNESS;
#else
inline constexpr int kSlowness = 1;
#endif

} // namespace rlab::test
