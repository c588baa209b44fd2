// Checks a configuration and predicts its memory before anything large is allocated.
#include <cmath>
#include <cstdio>
#include <limits>

#include "byte_count.h"
#include "machine.h"
#include "plan.h"
#include "predictor.h"
#include "rlab/backend.h"
#include "rlab/engine.h"

namespace rlab {

namespace {

std::string gib(double bytes)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.2f GiB", bytes / (1024.0 * 1024.0 * 1024.0));
    return text;
}

std::optional<std::string> checkSize(const char* what, const char* option, int value, int least, int most)
{
    if (value < least)
        return std::string("The ") + what + " must be at least " + std::to_string(least) + " (" + option
            + " was " + std::to_string(value) + ").";
    if (value > most)
        return std::string("The ") + what + " must be at most " + std::to_string(most) + " (" + option
            + " was " + std::to_string(value) + ").";
    return std::nullopt;
}

} // namespace

std::optional<std::string> validate(const RunConfig& config)
{
    const ModelShape& s = config.shape;
    if (auto e = checkSize("number of layers", "--layers", s.layers, 1, 4096))
        return e;
    if (auto e = checkSize("width", "--width", s.width, 1, 65536))
        return e;
    if (auto e = checkSize("number of heads", "--heads", s.heads, 1, 65536))
        return e;
    if (auto e = checkSize("sequence length", "--seq", s.seq, 1, 65536))
        return e;
    if (auto e = checkSize("batch size", "--batch", s.batch, 1, 65536))
        return e;
    if (auto e = checkSize("vocabulary size", "--vocab", s.vocab, 2, 1 << 24))
        return e;
    if (s.width % s.heads != 0)
        return "The width (" + std::to_string(s.width) + ") must be divisible by the number of heads ("
            + std::to_string(s.heads) + ").";
    if (config.steps < 1)
        return "The run needs at least one step (--steps was " + std::to_string(config.steps) + ").";
    if (config.warmupSteps < 0)
        return std::string("The number of warm-up steps cannot be negative.");
    if (!(config.dropout >= 0.0f && config.dropout < 1.0f))
        return std::string("The dropout probability must be at least 0 and below 1.");
    if (!(config.learningRate > 0.0f) || !std::isfinite(config.learningRate))
        return std::string("The learning rate must be a positive number.");
    if (config.threads < 0)
        return std::string("The number of threads cannot be negative (0 means all cores).");

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
                return "This configuration is predicted to need " + gib(static_cast<double>(needed))
                    + ", more than " + where + gib(static_cast<double>(limit))
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
        return prediction;
    } catch (const RunError& e) { // a count past 64 bits
        return refuse(e.what());
    }
}

} // namespace rlab
