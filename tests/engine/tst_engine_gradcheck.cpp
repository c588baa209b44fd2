// Every element of every parameter's gradient against central finite differences of the loss.
//
// The engine computes in float32, so the check is in float32 too. With step h, the difference
// quotient's rounding error is about |L| * 2^-23 * k / h (k: a few ulps of accumulated forward
// rounding) and its truncation error h^4 (Richardson), so with h = 1e-2 and |L| ~ 2.5 an error
// of 2e-4 absolute is rounding noise; a wrong gradient term is off by its own size.
#include <cmath>

#include "model.h"
#include "plan.h"
#include "rlab/backend.h"
#include "rlab_test.h"
#include "trainer.h"

using namespace rlab;
using namespace rlab::detail;

namespace {

struct GradcheckCase {
    std::string policy;
    float dropout;
};

std::vector<rlab::test::Case<GradcheckCase>> gradcheckCases()
{
    return {{"none, dropout 0", {"none", 0.0f}}, {"full, dropout 0.1", {"full", 0.1f}}};
}

} // namespace

// Without dropout, and with dropout replayed by full recomputation: analytic equals numeric.
RLAB_TEST_CASES(everyParameterMatchesFiniteDifferences, gradcheckCases(), const GradcheckCase& row)
{
    RunConfig c;
    c.shape = ModelShape {2, 8, 2, 5, 2, 11};
    c.dropout = row.dropout;
    std::string error;
    c.policy = *RecomputePolicy::parse(row.policy, &error);
    const std::unique_ptr<Backend> backend = makeCpuBackend(1);
    {
        Trainer trainer(*backend, c, *makePlan(c, &error), {}, nullptr);
        // Larger weights than the usual init, so every nonlinearity works off its linear regime.
        std::vector<float> params = initialParameters(trainer.layout(), c.shape, 7);
        std::uint64_t state = 12345;
        for (float& p : params) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            p += static_cast<float>((state >> 40) * (1.0 / 16777216.0) - 0.5) * 0.6f;
        }
        std::vector<std::int32_t> tokens, targets;
        syntheticBatch(c.seed, 0, c.shape, &tokens, &targets);
        trainer.loadParameters(params);
        trainer.loadBatch(tokens, targets);
        trainer.step(0, false, false);
        const std::vector<float> grads = trainer.gradients();

        const float h = 1e-2f;
        const auto lossAt = [&](std::size_t i, float delta) {
            std::vector<float> moved = params;
            moved[i] += delta;
            trainer.loadParameters(moved);
            return static_cast<double>(trainer.forwardLoss(0));
        };
        double worst = 0, sumSq = 0, errSq = 0;
        std::string worstName;
        for (const ParamTensor& t : trainer.layout().tensors) {
            for (std::size_t j = 0; j < t.size; ++j) {
                const std::size_t i = t.offset + j;
                const double d1 = (lossAt(i, h) - lossAt(i, -h)) / (2 * h);
                const double d2 = (lossAt(i, 2 * h) - lossAt(i, -2 * h)) / (4 * h);
                const double numeric = (4 * d1 - d2) / 3; // Richardson: O(h^4)
                const double err = std::fabs(numeric - grads[i]);
                sumSq += double(grads[i]) * grads[i];
                errSq += err * err;
                if (err > worst) {
                    worst = err;
                    worstName = t.name + "[" + std::to_string(j) + "]";
                }
            }
        }
        const double relative = std::sqrt(errSq / sumSq);
        rlab::test::info("%zu parameters; worst |analytic - numeric| = %.3g at %s; relative L2 error %.3g",
            trainer.layout().total, worst, worstName.c_str(), relative);
        RLAB_CHECK_MSG(worst < 2e-4, worstName);
        RLAB_CHECK(relative < 1e-3);
    }
    RLAB_CHECK_EQ(liveEngineBytes(), std::uint64_t {0});
}

RLAB_TEST_MAIN(std::string())
