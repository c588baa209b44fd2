// run(): validate, pick the backend, train, measure, and give every byte back.
#include <algorithm>
#include <cmath>

#include "dump.h"
#include "model.h"
#include "plan.h"
#include "predictor.h"
#include "rlab/backend.h"
#include "rlab/engine.h"
#include "trainer.h"

namespace rlab {

namespace {

std::vector<detail::NamedTensor> named(const detail::ModelLayout& layout, const std::vector<float>& flat)
{
    std::vector<detail::NamedTensor> out;
    for (const detail::ParamTensor& t : layout.tensors) {
        detail::NamedTensor n;
        n.name = t.name;
        n.shape = t.shape;
        if (!flat.empty())
            n.data.assign(flat.begin() + static_cast<std::ptrdiff_t>(t.offset),
                flat.begin() + static_cast<std::ptrdiff_t>(t.offset + t.size));
        out.push_back(std::move(n));
    }
    return out;
}

struct Inputs {
    std::vector<float> params;
    bool fixedBatch = false;
    std::vector<std::int32_t> tokens, targets;
};

Inputs initialInputs(const RunConfig& config, const detail::ModelLayout& layout)
{
    Inputs in;
    if (config.initFrom.empty()) {
        in.params = detail::initialParameters(layout, config.shape, config.seed);
        return in;
    }
    const detail::InitData data = detail::readInit(
        config.initFrom, named(layout, {}), config.shape.batch, config.shape.seq, config.shape.vocab);
    in.params.resize(layout.total);
    for (std::size_t i = 0; i < layout.tensors.size(); ++i)
        std::copy(data.params[i].data.begin(), data.params[i].data.end(),
            in.params.begin() + static_cast<std::ptrdiff_t>(layout.tensors[i].offset));
    in.fixedBatch = data.hasBatch;
    in.tokens = data.tokens;
    in.targets = data.targets;
    return in;
}

void batchFor(const RunConfig& config, const Inputs& in, int step, std::vector<std::int32_t>* tokens,
    std::vector<std::int32_t>* targets)
{
    if (in.fixedBatch) {
        *tokens = in.tokens;
        *targets = in.targets;
    } else {
        detail::syntheticBatch(config.seed, step, config.shape, tokens, targets);
    }
}

std::unique_ptr<Backend> makeBackend(const RunConfig& config)
{
    if (config.device == Device::Cuda)
        return makeCudaBackend();
    return makeCpuBackend(config.threads);
}

// First-step gradients of the same model in fp32 without recomputation: what bf16 saving is measured against.
std::vector<float> referenceGradients(Backend& backend, const RunConfig& config, const Inputs& in)
{
    RunConfig reference = config;
    reference.policy = RecomputePolicy {};
    reference.savePrecision = SavePrecision::Fp32;
    std::string error;
    detail::Trainer trainer(backend, reference, *detail::makePlan(reference, &error), {}, nullptr);
    trainer.loadParameters(in.params);
    std::vector<std::int32_t> tokens, targets;
    batchFor(config, in, 0, &tokens, &targets);
    trainer.loadBatch(tokens, targets);
    trainer.step(0, false);
    return trainer.gradients();
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

} // namespace

RunResult run(const RunConfig& config, const ProgressCallback& progress, const std::atomic<bool>* cancel)
{
    if (const std::optional<std::string> error = validate(config))
        throw RunError(*error);
    std::string error;
    const std::optional<detail::Plan> plan = detail::makePlan(config, &error);
    if (!plan)
        throw RunError(error);

    RunResult result;
    result.config = config;
    result.policyName = config.policy.name();
    result.device = config.device;
    result.predictedPeakActivationBytes = detail::predictMemory(*plan, config).peakActivations;

    std::unique_ptr<Backend> backend = makeBackend(config);
    result.deviceName = backend->name();
    const detail::ModelLayout layout = detail::makeLayout(config.shape);
    const Inputs in = initialInputs(config, layout);

    std::vector<float> reference;
    if (config.savePrecision == SavePrecision::Bf16) {
        reference = referenceGradients(*backend, config, in);
        backend->allocator().resetPeaks();
        backend->hostAllocator().resetPeaks();
    }

    std::vector<float> firstGradients;
    std::vector<std::int32_t> firstTokens, firstTargets;
    {
        detail::Trainer trainer(*backend, config, *plan, progress, cancel);
        trainer.loadParameters(in.params);
        const std::unique_ptr<StepTimer> timer = backend->makeTimer();
        std::vector<std::int32_t> tokens, targets;
        for (int s = 0; s < config.steps; ++s) {
            batchFor(config, in, s, &tokens, &targets);
            trainer.loadBatch(tokens, targets);
            timer->start();
            const float loss = trainer.step(s, config.recordTimeline && s == config.steps - 1);
            result.stepMs.push_back(timer->stopMs());
            result.loss.push_back(loss);
            if (s == 0) {
                result.forwardFlops = trainer.flops().forward;
                result.backwardFlops = trainer.flops().backward;
                result.recomputeFlops = trainer.flops().recompute;
                result.gradChecksum = trainer.gradientAbsSum();
                if (config.keepGradients || !config.dumpDir.empty() || !reference.empty())
                    firstGradients = trainer.gradients();
                firstTokens = tokens;
                firstTargets = targets;
            }
        }
        if (progress) {
            Progress done;
            done.step = config.steps - 1;
            done.steps = config.steps;
            done.phase = Phase::Optimizer;
            done.fraction = 1.0;
            done.lastLoss = result.loss.back();
            progress(done);
        }
        result.timeline = trainer.timeline();
        result.offloadBytes = trainer.offloadBytes();
        result.offloadMs = trainer.offloadMs();

        const MemoryStats device = backend->allocator().stats();
        const MemoryStats host = backend->hostAllocator().stats();
        result.peakBytes = device.peakTotal;
        result.peakActivationBytes = device.peakActivations;
        result.reservedBytes = device.reservedBytes;
        for (std::size_t c = 0; c < kMemoryCategoryCount; ++c) {
            const auto category = static_cast<MemoryCategory>(c);
            const std::uint64_t peak
                = category == MemoryCategory::HostOffloaded ? host.peak[c] : device.peak[c];
            result.bytesByCategory[std::string(memoryCategoryName(category))] = peak;
        }
        backend->deviceMemory(&result.deviceFreeBytes, &result.deviceTotalBytes);
    }

    const std::size_t warm
        = std::min<std::size_t>(static_cast<std::size_t>(config.warmupSteps), result.stepMs.size() - 1);
    const std::vector<double> measured(
        result.stepMs.begin() + static_cast<std::ptrdiff_t>(warm), result.stepMs.end());
    result.stepMsMedian = median(measured);
    result.stepMsMin = *std::min_element(measured.begin(), measured.end());
    result.stepMsMax = *std::max_element(measured.begin(), measured.end());

    if (!reference.empty())
        result.gradMaxAbsDiffVsNone = maxAbsDifference(firstGradients, reference);
    if (config.keepGradients)
        for (const detail::NamedTensor& t : named(layout, firstGradients))
            result.gradients[t.name] = t.data;
    if (!config.dumpDir.empty())
        detail::writeDump(config.dumpDir, firstTokens, firstTargets, config.shape.batch, config.shape.seq,
            named(layout, in.params), named(layout, firstGradients), result.toJson());
    return result;
}

double maxAbsDifference(std::span<const float> a, std::span<const float> b)
{
    if (a.size() != b.size())
        return std::nan("");
    double worst = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        worst = std::max(worst, std::abs(static_cast<double>(a[i]) - static_cast<double>(b[i])));
    return worst;
}

double maxAbsDifference(
    const std::map<std::string, std::vector<float>>& a, const std::map<std::string, std::vector<float>>& b)
{
    if (a.size() != b.size())
        return std::nan("");
    double worst = 0;
    for (const auto& [name, values] : a) {
        const auto other = b.find(name);
        if (other == b.end())
            return std::nan("");
        worst = std::max(worst, maxAbsDifference(values, other->second));
    }
    return worst;
}

} // namespace rlab
