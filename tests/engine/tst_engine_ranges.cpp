// The profiler ranges a training step pushes (NVTX on CUDA, seen in Nsight Systems), checked on
// the CPU backend with the ranges recorded: every push is popped, the phases are outermost, each
// op sits inside its own phase, and recompute, backward and the optimizer each have theirs.
#include <set>
#include <string>
#include <vector>

#include "cpu_backend.h"
#include "model.h"
#include "plan.h"
#include "rlab_test.h"
#include "trainer.h"

using namespace rlab;
using namespace rlab::detail;

namespace {

class RecordingBackend final : public CpuBackend {
public:
    RecordingBackend()
        : CpuBackend(1)
    {
    }
    void pushRange(Phase phase, int block, const char* op) override
    {
        if (!op && !m_open.empty())
            m_misplaced = "a phase range opened inside '" + m_open.back() + "'";
        if (op && (m_open.empty() || m_open.back() != phaseName(phase)))
            m_misplaced = std::string("op ") + op + " outside its phase";
        m_open.push_back(op ? std::string(op) : std::string(phaseName(phase)));
        if (op)
            m_ops.insert(std::string(phaseName(phase)) + " " + op + (block >= 0 ? " block" : ""));
        else
            m_phases.insert(std::string(phaseName(phase)));
    }
    void popRange() override
    {
        if (m_open.empty())
            m_misplaced = "a pop without a push";
        else
            m_open.pop_back();
    }

    std::vector<std::string> m_open;
    std::set<std::string> m_phases, m_ops;
    std::string m_misplaced;
};

} // namespace

RLAB_TEST(everyRangeIsClosedAndNested)
{
    RunConfig c;
    c.shape = ModelShape {2, 8, 2, 5, 2, 11};
    std::string error;
    c.policy = *RecomputePolicy::parse("full", &error);
    RecordingBackend backend;
    Trainer trainer(backend, c, *makePlan(c, &error), {}, nullptr);
    trainer.loadParameters(initialParameters(trainer.layout(), c.shape, 7));
    std::vector<std::int32_t> tokens, targets;
    syntheticBatch(c.seed, 0, c.shape, &tokens, &targets);
    trainer.loadBatch(tokens, targets);
    trainer.step(0, false);
    RLAB_CHECK_MSG(backend.m_misplaced.empty(), backend.m_misplaced);
    RLAB_CHECK_MSG(backend.m_open.empty(), "a range is still open after the step");
    RLAB_CHECK_EQ(
        backend.m_phases, (std::set<std::string> {"forward", "recompute", "backward", "optimizer"}));
    for (const char* op : {"forward qkv block", "recompute qkv block", "backward softmax_backward block",
             "backward embedding_backward", "optimizer optimizer"})
        RLAB_CHECK_MSG(backend.m_ops.count(op) == 1, std::string("no range for ") + op);
}

RLAB_TEST_MAIN(std::string())
