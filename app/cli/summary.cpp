#include "summary.h"

#include <cmath>

namespace {

double mib(std::uint64_t bytes)
{
    return static_cast<double>(bytes) / (1024.0 * 1024.0);
}

std::string gflopText(double flops)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f GFLOP", flops / 1e9);
    return buffer;
}

const char* shapeLine(const rlab::ModelShape& s, char* buffer, std::size_t size)
{
    std::snprintf(
        buffer, size, "N=%d d=%d H=%d T=%d B=%d V=%d", s.layers, s.width, s.heads, s.seq, s.batch, s.vocab);
    return buffer;
}

} // namespace

std::string mibText(std::uint64_t bytes)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f MiB", mib(bytes));
    return buffer;
}

void printRunSummary(std::FILE* out, const rlab::RunResult& r)
{
    const rlab::RunConfig& c = r.config;
    char shape[96];
    std::fprintf(out, "policy      %s on %s\n", r.policyName.c_str(), r.deviceName.c_str());
    std::fprintf(out, "model       %s, %zu steps (%d warm-up), %s lr %g, dropout %g, saved as %s%s\n",
        shapeLine(c.shape, shape, sizeof shape), r.stepMs.size(), c.warmupSteps,
        c.optimizer == rlab::Optimizer::Sgd ? "sgd" : "adamw", static_cast<double>(c.learningRate),
        static_cast<double>(c.dropout), c.savePrecision == rlab::SavePrecision::Bf16 ? "bf16" : "fp32",
        c.rngReplay ? "" : ", rng replay OFF");
    if (!r.loss.empty())
        std::fprintf(out, "loss        %.4f -> %.4f over %zu steps (measured)\n",
            static_cast<double>(r.loss.front()), static_cast<double>(r.loss.back()), r.loss.size());
    const std::size_t measuredSteps = r.stepMs.size() > static_cast<std::size_t>(c.warmupSteps)
        ? r.stepMs.size() - static_cast<std::size_t>(c.warmupSteps)
        : 0;
    std::fprintf(out,
        "step time   %.2f ms median (95%% interval %.2f .. %.2f), %.2f .. %.2f ms over %zu steps (measured, "
        "warm-up excluded)\n",
        r.stepMsMedian, r.stepMsCi95Low, r.stepMsCi95High, r.stepMsMin, r.stepMsMax, measuredSteps);
    std::fprintf(out, "memory      peak %s in all, reserved %s (measured)\n", mibText(r.peakBytes).c_str(),
        mibText(r.reservedBytes).c_str());
    for (const auto& [category, bytes] : r.bytesByCategory)
        std::fprintf(out, "              %-20s %12s peak\n", category.c_str(), mibText(bytes).c_str());
    if (r.deviceTotalBytes > 0)
        std::fprintf(out, "device      %s free of %s (as the device reports it)\n",
            mibText(r.deviceFreeBytes).c_str(), mibText(r.deviceTotalBytes).c_str());
    const double predicted = static_cast<double>(r.predictedPeakActivationBytes);
    const double deviation
        = predicted > 0 ? 100.0 * (static_cast<double>(r.peakActivationBytes) - predicted) / predicted : 0.0;
    std::fprintf(out, "activations peak %s measured, %s predicted (%+.1f%%)\n",
        mibText(r.peakActivationBytes).c_str(), mibText(r.predictedPeakActivationBytes).c_str(), deviation);
    const double recomputeShare = r.forwardFlops > 0 ? 100.0 * r.recomputeFlops / r.forwardFlops : 0.0;
    std::fprintf(out,
        "FLOPs       forward %s, recompute %s (%.0f%% of forward), backward %s (counted per op)\n",
        gflopText(r.forwardFlops).c_str(), gflopText(r.recomputeFlops).c_str(), recomputeShare,
        gflopText(r.backwardFlops).c_str());
    if (r.config.policy.offload)
        std::fprintf(out, "offload     %s moved per step, %.2f ms in copies (measured)\n",
            mibText(r.offloadBytes).c_str(), r.offloadMs);
    std::fprintf(out, "gradients   checksum %.9g (sum of |g| over the first step)\n", r.gradChecksum);
}

void printSweepTable(std::FILE* out, const std::vector<rlab::RunResult>& results)
{
    std::fprintf(out, "%-22s %4s %5s %5s %4s | %12s %12s %6s | %9s %14s %9s\n", "policy", "N", "d", "T", "B",
        "act MiB", "predicted", "diff", "step ms", "recompute", "loss");
    std::fprintf(out, "%-22s %4s %5s %5s %4s | %12s %12s %6s | %9s %14s %9s\n", "", "", "", "", "",
        "measured", "MiB", "", "median", "GFLOP/step", "last");
    for (const rlab::RunResult& r : results) {
        const rlab::ModelShape& s = r.config.shape;
        const double predicted = static_cast<double>(r.predictedPeakActivationBytes);
        const double deviation = predicted > 0
            ? 100.0 * (static_cast<double>(r.peakActivationBytes) - predicted) / predicted
            : 0.0;
        std::fprintf(out, "%-22s %4d %5d %5d %4d | %12.2f %12.2f %+5.1f%% | %9.2f %14.4f %9.4f\n",
            r.policyName.c_str(), s.layers, s.width, s.seq, s.batch, mib(r.peakActivationBytes),
            mib(r.predictedPeakActivationBytes), deviation, r.stepMsMedian, r.recomputeFlops / 1e9,
            r.loss.empty() ? std::nan("") : static_cast<double>(r.loss.back()));
    }
}
