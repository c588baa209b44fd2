// philox.h's Philox 4x32-10 against the published known answers, so the dropout masks (and the
// CUDA kernels that draw them from the same header) are the real Philox, not a near miss that
// would still agree with itself on both backends.
#include <array>
#include <cstdint>

#include "rlab/philox.h"
#include "rlab_test.h"

namespace {

struct KnownAnswer {
    std::array<std::uint32_t, 4> counter;
    std::array<std::uint32_t, 2> key;
    std::array<std::uint32_t, 4> expected;
};

// Random123's tests/kat_vectors, the three "philox4x32 10" lines (counter, key, output).
std::vector<rlab::test::Case<KnownAnswer>> knownAnswers()
{
    return {
        {"zeros", {{0, 0, 0, 0}, {0, 0}, {0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u}}},
        {"ones",
            {{0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu}, {0xffffffffu, 0xffffffffu},
                {0x408f276du, 0x41c83b0eu, 0xa20bc7c6u, 0x6d5451fdu}}},
        {"pi digits",
            {{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u}, {0xa4093822u, 0x299f31d0u},
                {0xd16cfe09u, 0x94fdccebu, 0x5001e420u, 0x24126ea1u}}},
    };
}

} // namespace

// Each published counter and key gives the published four words.
RLAB_TEST_CASES(philoxMatchesRandom123, knownAnswers(), const KnownAnswer& row)
{
    const rlab::Philox4x32 counter {{row.counter[0], row.counter[1], row.counter[2], row.counter[3]}};
    const rlab::Philox4x32 out = rlab::philox4x32_10(counter, row.key[0], row.key[1]);
    const std::array<std::uint32_t, 4> got {out.v[0], out.v[1], out.v[2], out.v[3]};
    RLAB_CHECK_EQ(got, row.expected);
}

RLAB_TEST_MAIN(std::string())
