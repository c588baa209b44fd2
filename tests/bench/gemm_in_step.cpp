// Benchmark (not a test): why a GEMM runs slower inside a training step than alone. One thread;
// every matmul call of a step is timed three ways, one right after the other, in thread CPU time
// (other processes' slices left out):
//   step  the call as the step makes it (operands wherever the ops before it left them),
//   hot   the same call again at once, the best of three (operands and output in this core's caches),
//   cold  the same call again after writing a buffer larger than the caches (operands in memory),
//   touched  likewise, but the operands read once in order first (one load per cache line, which
//         the hardware prefetcher streams), that pass timed with the call.
// Repeating a call changes no operand it reads, but adds once more to the weight gradients: the
// step's numbers are not the engine's (this is a timing harness only).
//   rlab_gemm_in_step [d] [steps] [evict MiB]     e.g. rlab_gemm_in_step 128 8 64
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

struct Times {
    double step = 0, hot = 0, cold = 0, touched = 0, flops = 0;
};

class ReplayBackend final : public CpuBackend {
public:
    explicit ReplayBackend(std::size_t evictBytes)
        : CpuBackend(1)
        , m_evict(evictBytes / sizeof(float), 1.0f)
    {
    }
    void pushRange(Phase, int, const char* op) override
    {
        if (op)
            m_op = op;
    }

    void matmulForward(
        float* out, const float* inp, const float* weight, const float* bias, int N, int C, int OC) override
    {
        measure(m_op + " fwd", 2.0 * N * C * OC,
            [&] { CpuBackend::matmulForward(out, inp, weight, bias, N, C, OC); },
            {{inp, std::size_t(N) * C}, {weight, std::size_t(OC) * C}});
    }
    void matmulBackward(float* dinp, float* dweight, float* dbias, const float* dout, const float* inp,
        const float* weight, int N, int C, int OC) override
    {
        measure(m_op, (dinp ? 4.0 : 2.0) * N * C * OC,
            [&] { CpuBackend::matmulBackward(dinp, dweight, dbias, dout, inp, weight, N, C, OC); },
            {{dout, std::size_t(N) * OC}, {inp, std::size_t(N) * C}, {weight, std::size_t(OC) * C},
                {dweight, std::size_t(OC) * C}});
    }
    void matmulGeluBackward(float* dinp, float* dweight, float* dbias, const float* dout, const float* inp,
        const float* weight, const float* geluInput, int N, int C, int OC) override
    {
        measure(m_op, 4.0 * N * C * OC,
            [&] {
                CpuBackend::matmulGeluBackward(dinp, dweight, dbias, dout, inp, weight, geluInput, N, C, OC);
            },
            {{dout, std::size_t(N) * OC}, {inp, std::size_t(N) * C}, {weight, std::size_t(OC) * C},
                {dweight, std::size_t(OC) * C}, {geluInput, std::size_t(N) * C}});
    }

    std::map<std::string, std::vector<Times>> m_steps; // per op, one entry per step
    std::map<std::string, Times> m_current;

private:
    struct Operand {
        const float* data;
        std::size_t floats;
    };
    template<class Fn>
    void measure(const std::string& name, double flops, Fn&& fn, std::initializer_list<Operand> operands)
    {
        Times& t = m_current[name];
        t.flops += flops;
        double start = threadCpuMs();
        fn();
        t.step += threadCpuMs() - start;
        double hot = 1e30; // the best of three calls in a row
        for (int i = 0; i < 3; ++i) {
            start = threadCpuMs();
            fn();
            hot = std::min(hot, threadCpuMs() - start);
        }
        t.hot += hot;
        evict();
        start = threadCpuMs();
        fn();
        t.cold += threadCpuMs() - start;
        evict();
        start = threadCpuMs();
        float sum = 0;
        for (const Operand& o : operands)
            for (std::size_t i = 0; i < o.floats; i += 16)
                sum += o.data[i];
        m_sink = sum;
        fn();
        t.touched += threadCpuMs() - start;
    }
    void evict()
    {
        float sum = 0;
        for (float& x : m_evict) {
            x += 1.0f;
            sum += x;
        }
        m_sink = sum;
    }

    std::string m_op;
    std::vector<float> m_evict;
    volatile float m_sink = 0;
};

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    RunConfig c;
    const int width = argc > 1 ? std::atoi(argv[1]) : 128;
    c.shape = ModelShape {12, width, 4, 64, 8, 256};
    c.dropout = 0.1f;
    std::string error;
    c.policy = *RecomputePolicy::parse("none", &error);
    const auto plan = makePlan(c, &error);
    if (!plan) {
        std::fprintf(stderr, "rlab_gemm_in_step: %s\n", error.c_str());
        return 2;
    }
    const int steps = argc > 2 ? std::max(2, std::atoi(argv[2])) : 8;
    const std::size_t evictMiB = argc > 3 ? static_cast<std::size_t>(std::atoi(argv[3])) : 64;
    ReplayBackend backend(evictMiB << 20);
    Trainer trainer(backend, c, *plan, {}, nullptr);
    trainer.loadParameters(initialParameters(trainer.layout(), c.shape, 7));
    std::vector<std::int32_t> tokens, targets;
    syntheticBatch(c.seed, 0, c.shape, &tokens, &targets);
    trainer.loadBatch(tokens, targets);
    for (int s = 0; s < steps; ++s) {
        backend.m_current.clear();
        trainer.step(s, false);
        if (s == 0)
            continue; // warm-up
        for (const auto& [name, t] : backend.m_current)
            backend.m_steps[name].push_back(t);
    }
    for (const bool useMin : {false, true}) {
        std::printf("d=%d, one thread, %s of %d steps, evicting %zu MiB; ms of all calls of each kind\n",
            width, useMin ? "best" : "median", steps - 1, evictMiB);
        std::printf("%-20s %8s %8s %8s %8s %8s %8s\n", "matmul", "step", "hot", "cold", "touched", "step GF",
            "hot GF");
        Times total;
        for (const auto& [name, list] : backend.m_steps) {
            const auto pick = [&](double Times::*field) {
                std::vector<double> v;
                for (const Times& t : list)
                    v.push_back(t.*field);
                double best = v.empty() ? 0.0 : v.front();
                for (const double x : v)
                    best = std::min(best, x);
                return useMin ? best : median(v);
            };
            const Times m {pick(&Times::step), pick(&Times::hot), pick(&Times::cold), pick(&Times::touched),
                list.front().flops};
            total.step += m.step;
            total.hot += m.hot;
            total.cold += m.cold;
            total.touched += m.touched;
            total.flops += m.flops;
            std::printf("%-20s %8.2f %8.2f %8.2f %8.2f %8.1f %8.1f\n", name.c_str(), m.step, m.hot, m.cold,
                m.touched, m.flops / m.step * 1e-6, m.flops / m.hot * 1e-6);
        }
        std::printf("%-20s %8.2f %8.2f %8.2f %8.2f %8.1f %8.1f\n", "all", total.step, total.hot, total.cold,
            total.touched, total.flops / total.step * 1e-6, total.flops / total.hot * 1e-6);
    }
    return 0;
}
