// Benchmark (not a test): where one training step's time goes, op by op, on one thread. Each op's
// time is the thread's CPU time inside its profiler range (the ranges the CUDA backend gives
// Nsight), so on a shared machine other processes' slices are left out. The best of several steps.
//   rlab_op_times [policy] [d] [steps] [gpt2|llama]     e.g. rlab_op_times none 128 8 llama
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <string>
#include <vector>

#include "cpu_backend.h"
#include "model.h"
#include "plan.h"
#include "thread_cpu_time.h"
#include "trainer.h"

using namespace rlab;
using namespace rlab::detail;

namespace {

class TimingBackend final : public CpuBackend {
public:
    TimingBackend()
        : CpuBackend(1)
    {
    }
    void pushRange(Phase, int, const char* op) override { m_open.push_back({op ? op : "", threadCpuMs()}); }
    void popRange() override
    {
        const Open open = m_open.back();
        m_open.pop_back();
        if (!open.op.empty())
            m_ms[open.op] += threadCpuMs() - open.startMs;
    }

    struct Open {
        std::string op;
        double startMs;
    };
    std::vector<Open> m_open;
    std::map<std::string, double> m_ms;
};

} // namespace

int main(int argc, char** argv)
{
    RunConfig c;
    const int width = argc > 2 ? std::atoi(argv[2]) : 128;
    c.shape = ModelShape {12, width, 4, 64, 8, 256};
    c.dropout = 0.1f;
    if (argc > 4) {
        const std::optional<Arch> arch = parseArch(argv[4]);
        if (!arch) {
            std::fprintf(stderr, "rlab_op_times: the arch is %s, not '%s'\n", archChoices().c_str(), argv[4]);
            return 2;
        }
        c.shape.arch = *arch;
    }
    std::string error;
    const auto policy = RecomputePolicy::parse(argc > 1 ? argv[1] : "none", &error);
    const auto plan = policy ? (c.policy = *policy, makePlan(c, &error)) : std::nullopt;
    if (!plan) {
        std::fprintf(stderr, "rlab_op_times: %s\n", error.c_str());
        return 2;
    }
    const int steps = argc > 3 ? std::max(2, std::atoi(argv[3])) : 8;
    TimingBackend backend;
    Trainer trainer(backend, c, *plan, {}, nullptr);
    trainer.loadParameters(initialParameters(trainer.layout(), c.shape, 7));
    std::vector<std::int32_t> tokens, targets;
    syntheticBatch(c.seed, 0, c.shape, &tokens, &targets);
    trainer.loadBatch(tokens, targets);
    std::map<std::string, double> best;
    double bestStep = 1e30;
    for (int s = 0; s < steps; ++s) {
        backend.m_ms.clear();
        const double start = threadCpuMs();
        trainer.step(s, false);
        const double stepMs = threadCpuMs() - start;
        if (s == 0)
            continue; // warm-up
        bestStep = std::min(bestStep, stepMs);
        for (const auto& [op, ms] : backend.m_ms)
            best[op] = best.count(op) ? std::min(best[op], ms) : ms;
    }
    std::vector<std::pair<double, std::string>> rows;
    double sum = 0;
    for (const auto& [op, ms] : best) {
        rows.emplace_back(ms, op);
        sum += ms;
    }
    std::sort(rows.rbegin(), rows.rend());
    std::printf("%s d=%d, %s: best step %.1f ms CPU time, ops' best times sum to %.1f ms\n",
        std::string(archName(c.shape.arch)).c_str(), width, argc > 1 ? argv[1] : "none", bestStep, sum);
    for (const auto& [ms, op] : rows)
        std::printf("%-24s %8.2f ms %5.1f%%\n", op.c_str(), ms, 100 * ms / sum);
    return 0;
}
