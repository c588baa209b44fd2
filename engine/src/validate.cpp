// Checks a configuration and predicts its memory before anything large is allocated.
#include <algorithm>
#include <cmath>
#include <limits>

#include "byte_count.h"
#include "dump.h"
#include "machine.h"
#include "plan.h"
#include "predictor.h"
#include "rlab/backend.h"
#include "rlab/engine.h"
#include "rlab/text.h"

namespace rlab {

std::optional<std::string> validate(const RunConfig& config)
{
    if (auto problem = shapeProblem(config.shape))
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
    if (!config.initFrom.empty())
        if (auto problem = detail::initFolderProblem(config.initFrom))
            return problem;

    std::uint64_t limit = config.memoryLimitBytes;
    std::string where = "the given limit of ";
    if (limit == 0) {
        // What the run may take now, not the machine's total: a full machine, a cgroup or
        // ulimit -v let a run allocate for seconds before it failed.
        const MemoryAvailable available = availableMemory(config.device);
        limit = available.bytes;
        where = available.limit + ", ";
    }
    try {
        std::string error;
        const std::optional<detail::Plan> plan = detail::makePlan(config, &error);
        if (!plan)
            return error;
        if (limit > 0) {
            const MemoryStats predicted = detail::predictMemory(*plan, config);
            std::uint64_t needed = predicted.peakTotal;
            if (config.device == Device::Cpu) // the host pool is the same memory
                needed = detail::checkedAdd(
                    needed, predicted.peak[static_cast<std::size_t>(MemoryCategory::HostOffloaded)]);
            if (needed > limit)
                return "This configuration is predicted to need " + text::bytesShown(needed) + ", more than "
                    + where + text::bytesShown(limit)
                    + "; make the model smaller or choose a policy that keeps less.";
        }
    } catch (const RunError& e) { // a count past 64 bits
        return std::string(e.what());
    }
    return std::nullopt;
}

std::uint64_t predictPeakActivationBytes(const RunConfig& config)
{
    const std::optional<detail::Plan> plan = detail::makePlan(config, nullptr);
    return plan ? detail::predictMemory(*plan, config).peakActivations : 0;
}

std::uint64_t predictPeakBytes(const RunConfig& config)
{
    const std::optional<detail::Plan> plan = detail::makePlan(config, nullptr);
    return plan ? detail::predictMemory(*plan, config).peakTotal : 0;
}

std::optional<Prediction> predict(const RunConfig& config, std::string* error)
{
    RunConfig unlimited = config;
    unlimited.memoryLimitBytes = std::numeric_limits<std::uint64_t>::max();
    const auto refuse = [&](std::string sentence) -> std::optional<Prediction> {
        if (error)
            *error = std::move(sentence);
        return std::nullopt;
    };
    if (std::optional<std::string> invalid = validate(unlimited))
        return refuse(std::move(*invalid));
    try {
        std::string planError;
        const std::optional<detail::Plan> plan = detail::makePlan(unlimited, &planError);
        if (!plan)
            return refuse(planError);
        Prediction prediction;
        prediction.memory = detail::predictMemory(*plan, unlimited);
        const detail::StepFlops step = detail::stepFlops(*plan, unlimited);
        prediction.forwardFlops = step.forward;
        prediction.backwardFlops = step.backward;
        prediction.recomputeFlops = step.recompute;
        const detail::SlotMask input = detail::slotBit(detail::Slot::Input);
        const detail::SlotMask matmuls = detail::slotsOfKinds(defaultSelectiveKeep()) | input;
        for (const detail::Segment& segment : plan->segments) {
            prediction.segmentBlocks = std::max(prediction.segmentBlocks, segment.last - segment.first + 1);
            if (segment.first == segment.last) {
                const detail::SlotMask keep = plan->keep[static_cast<std::size_t>(segment.first)];
                prediction.inputOnlyBlocks += keep == input ? 1 : 0;
                prediction.matmulOutputBlocks += keep == matmuls ? 1 : 0;
            }
        }
        return prediction;
    } catch (const RunError& e) { // a count past 64 bits
        return refuse(e.what());
    }
}

} // namespace rlab
