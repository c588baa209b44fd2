#include "summary.h"

#include <cmath>

#include "rlab/text.h"

namespace {

using rlab::text::fixed;

std::string mib(std::uint64_t bytes)
{
    return rlab::text::mebibytes(bytes, 2);
}

std::string gflopText(double flops)
{
    return fixed(flops / 1e9, 3) + " GFLOP";
}

std::string shapeLine(const rlab::ModelShape& s)
{
    return "N=" + std::to_string(s.layers) + " d=" + std::to_string(s.width) + " H=" + std::to_string(s.heads)
        + " T=" + std::to_string(s.seq) + " B=" + std::to_string(s.batch) + " V=" + std::to_string(s.vocab);
}

// Measured peak against the prediction, in percent of the prediction.
double deviationPercent(const rlab::RunResult& r)
{
    const double predicted = static_cast<double>(r.predictedPeakActivationBytes);
    return predicted > 0 ? 100.0 * (static_cast<double>(r.peakActivationBytes) - predicted) / predicted : 0.0;
}

} // namespace

// Numbers go through rlab::text, so the report reads the same in every locale; printf only pads.
void printRunSummary(std::FILE* out, const rlab::RunResult& r)
{
    const rlab::RunConfig& c = r.config;
    std::fprintf(out, "policy      %s on %s\n", r.policyName.c_str(), r.deviceName.c_str());
    std::fprintf(out, "model       %s, %d steps (%d warm-up), %s lr %s, dropout %s, saved as %s%s\n",
        shapeLine(c.shape).c_str(), c.steps, c.warmupSteps,
        std::string(rlab::optimizerName(c.optimizer)).c_str(), rlab::text::shortest(c.learningRate).c_str(),
        rlab::text::shortest(c.dropout).c_str(),
        std::string(rlab::savePrecisionName(c.savePrecision)).c_str(), c.rngReplay ? "" : ", rng replay OFF");
    if (!r.loss.empty())
        std::fprintf(out, "loss        %s -> %s over %zu steps (measured)\n",
            fixed(r.loss.front(), 4).c_str(), fixed(r.loss.back(), 4).c_str(), r.loss.size());
    const std::size_t measuredSteps = r.stepMs.size() > static_cast<std::size_t>(c.warmupSteps)
        ? r.stepMs.size() - static_cast<std::size_t>(c.warmupSteps)
        : 0;
    std::fprintf(out, "step time   %s ms median, %s .. %s ms over %zu steps (measured, warm-up excluded)\n",
        fixed(r.stepMsMedian, 2).c_str(), fixed(r.stepMsMin, 2).c_str(), fixed(r.stepMsMax, 2).c_str(),
        measuredSteps);
    std::fprintf(out, "memory      peak %s in all, reserved %s (measured)\n", mib(r.peakBytes).c_str(),
        mib(r.reservedBytes).c_str());
    for (const auto& [category, bytes] : r.bytesByCategory)
        std::fprintf(out, "              %-20s %12s peak\n", category.c_str(), mib(bytes).c_str());
    if (r.deviceTotalBytes > 0)
        std::fprintf(out, "device      %s free of %s (as the device reports it)\n",
            mib(r.deviceFreeBytes).c_str(), mib(r.deviceTotalBytes).c_str());
    std::fprintf(out, "activations peak %s measured, %s predicted (%s)\n", mib(r.peakActivationBytes).c_str(),
        mib(r.predictedPeakActivationBytes).c_str(), rlab::text::signedPercent(deviationPercent(r)).c_str());
    const double recomputeShare = r.forwardFlops > 0 ? 100.0 * r.recomputeFlops / r.forwardFlops : 0.0;
    std::fprintf(out,
        "FLOPs       forward %s, recompute %s (%s%% of forward), backward %s (counted per op)\n",
        gflopText(r.forwardFlops).c_str(), gflopText(r.recomputeFlops).c_str(),
        fixed(recomputeShare, 0).c_str(), gflopText(r.backwardFlops).c_str());
    if (r.config.policy.offload)
        std::fprintf(out, "offload     %s moved per step, %s ms in copies (measured)\n",
            mib(r.offloadBytes).c_str(), fixed(r.offloadMs, 2).c_str());
    std::fprintf(out, "gradients   checksum %s (sum of |g| over the first step)\n",
        rlab::text::general(r.gradChecksum, 9).c_str());
}

void printSweepTable(std::FILE* out, const std::vector<rlab::RunResult>& results)
{
    std::fprintf(out, "%-22s %4s %5s %5s %4s | %12s %12s %6s | %9s %14s %9s\n", "policy", "N", "d", "T", "B",
        "act MiB", "predicted", "diff", "step ms", "recompute", "loss");
    std::fprintf(out, "%-22s %4s %5s %5s %4s | %12s %12s %6s | %9s %14s %9s\n", "", "", "", "", "",
        "measured", "MiB", "", "median", "GFLOP/step", "last");
    constexpr double perMiB = 1024.0 * 1024.0;
    for (const rlab::RunResult& r : results) {
        const rlab::ModelShape& s = r.config.shape;
        std::fprintf(out, "%-22s %4d %5d %5d %4d | %12s %12s %6s | %9s %14s %9s\n", r.policyName.c_str(),
            s.layers, s.width, s.seq, s.batch,
            fixed(static_cast<double>(r.peakActivationBytes) / perMiB, 2).c_str(),
            fixed(static_cast<double>(r.predictedPeakActivationBytes) / perMiB, 2).c_str(),
            rlab::text::signedPercent(deviationPercent(r)).c_str(), fixed(r.stepMsMedian, 2).c_str(),
            fixed(r.recomputeFlops / 1e9, 4).c_str(),
            r.loss.empty() ? "nan" : fixed(r.loss.back(), 4).c_str());
    }
}
