// Checks a configuration and predicts its memory before anything large is allocated.
#include <cmath>

#include "dump.h"
#include "machine.h"
#include "plan.h"
#include "rlab/backend.h"
#include "rlab/engine.h"
#include "rlab/text.h"

namespace rlab {

namespace {

// Temporaries of the biggest moment: a block's forward scratch or its backward gradients.
std::uint64_t temporaryBytes(const RunConfig& config)
{
    const ModelShape& s = config.shape;
    const auto bt = static_cast<std::uint64_t>(s.batch) * static_cast<std::uint64_t>(s.seq);
    const std::uint64_t btd = bt * static_cast<std::uint64_t>(s.width);
    const std::uint64_t bhtt = bt * static_cast<std::uint64_t>(s.heads) * static_cast<std::uint64_t>(s.seq);
    const std::uint64_t forward = 4 * (22 * btd + 2 * bhtt + 4 * bt);
    const std::uint64_t backward = 4 * (11 * btd + bhtt + 3 * btd);
    const std::uint64_t head = 4 * (bt * static_cast<std::uint64_t>(s.vocab) + 2 * btd + bt);
    return std::max({forward, backward, head}) + 8 * bt;
}

// Double precision estimate: safe from overflow for any sizes, used before exact sums.
double roughBytes(const ModelShape& s)
{
    const double n = s.layers, d = s.width, h = s.heads, t = s.seq, b = s.batch, v = s.vocab;
    const double params = 2 * v * d + t * d + n * 12 * d * d;
    return 16 * params + 4 * n * b * t * (20 * d + 2 * h * t) + 8 * b * t * v;
}

} // namespace

std::optional<std::string> validate(const RunConfig& config)
{
    const ModelShape& s = config.shape;
    if (auto problem = shapeProblem(s))
        return problem;
    if (config.steps < 1)
        return "The run needs at least one step (--steps was " + std::to_string(config.steps) + ").";
    if (config.steps > kMostSteps)
        return "A run takes at most " + std::to_string(kMostSteps) + " steps (--steps was "
            + std::to_string(config.steps) + ").";
    if (config.warmupSteps < 0)
        return std::string("The number of warm-up steps cannot be negative.");
    if (!(config.dropout >= 0.0f && config.dropout < 1.0f))
        return std::string("The dropout probability must be at least 0 and below 1.");
    if (!(config.learningRate > 0.0f) || !std::isfinite(config.learningRate))
        return std::string("The learning rate must be a positive number.");
    if (config.threads < 0)
        return std::string("The number of threads cannot be negative (0 means all cores).");
    if (config.threads > kMostThreads)
        return "A run uses at most " + std::to_string(kMostThreads) + " threads (--threads was "
            + std::to_string(config.threads) + ").";
    if (!config.dumpDir.empty())
        if (auto problem = detail::dumpFolderProblem(config.dumpDir))
            return problem;

    std::uint64_t limit = config.memoryLimitBytes;
    std::string where = "the given limit of ";
    if (limit == 0) {
        if (config.device == Device::Cpu) {
            limit = detail::physicalMemoryBytes();
            where = "this machine's memory of ";
        } else {
            const DeviceInfo cuda = probeCuda();
            limit = cuda.usable ? cuda.totalBytes : 0;
            where = "the GPU's memory of ";
        }
    }
    const double rough = roughBytes(s);
    if (rough > 1e18 || (limit > 0 && rough > 1e3 * static_cast<double>(limit)))
        return "This configuration needs about " + text::gibibytes(rough, 2) + ", more than " + where
            + text::gibibytes(static_cast<double>(limit), 2) + "; make the model smaller.";

    std::string error;
    const std::optional<detail::Plan> plan = detail::makePlan(config, &error);
    if (!plan)
        return error;
    if (limit > 0) {
        std::uint64_t needed = predictPeakBytes(config);
        if (config.device == Device::Cpu)
            needed += detail::predictHostPeak(*plan, config); // the host pool is the same memory
        if (needed > limit)
            return "This configuration is predicted to need "
                + text::gibibytes(static_cast<double>(needed), 2) + ", more than " + where
                + text::gibibytes(static_cast<double>(limit), 2)
                + "; make the model smaller or choose a policy that keeps less.";
    }
    return std::nullopt;
}

std::uint64_t predictPeakActivationBytes(const RunConfig& config)
{
    const std::optional<detail::Plan> plan = detail::makePlan(config, nullptr);
    return plan ? detail::predictActivationPeak(*plan, config) : 0;
}

std::uint64_t predictPeakBytes(const RunConfig& config)
{
    const std::optional<detail::Plan> plan = detail::makePlan(config, nullptr);
    if (!plan)
        return 0;
    const ModelShape& s = config.shape;
    const auto d = static_cast<std::uint64_t>(s.width), v = static_cast<std::uint64_t>(s.vocab);
    const std::uint64_t params = 2 * v * d + static_cast<std::uint64_t>(s.seq) * d + 2 * d
        + static_cast<std::uint64_t>(s.layers) * (12 * d * d + 13 * d);
    const std::uint64_t optimizerCopies = config.optimizer == Optimizer::AdamW ? 2 : 1;
    return 4 * params * (2 + optimizerCopies) + detail::predictActivationPeak(*plan, config)
        + temporaryBytes(config);
}

} // namespace rlab
