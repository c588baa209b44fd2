// run(): validate, pick the backend, train, measure, and give every byte back.
#include <algorithm>
#include <cmath>
#include <optional>

#include "dump.h"
#include "model.h"
#include "plan.h"
#include "predictor.h"
#include "rlab/backend.h"
#include "rlab/engine.h"
#include "rlab/wander.h"
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

} // namespace

MedianInterval medianInterval95(std::vector<double> samples)
{
    MedianInterval out;
    if (samples.empty())
        return out;
    std::sort(samples.begin(), samples.end());
    const std::size_t n = samples.size();
    out.median = n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
    // Largest j with P(Binomial(n, 1/2) <= j - 1) <= 0.025: then [x_(j), x_(n+1-j)] holds the
    // median with probability at least 95%, whatever the distribution of step times.
    std::size_t j = 0;
    double cdf = 0, term = std::pow(0.5, static_cast<double>(n)); // P(X = 0)
    for (std::size_t i = 0; i < n; ++i) {
        cdf += term;
        if (cdf > 0.025)
            break;
        j = i + 1;
        term *= static_cast<double>(n - i) / static_cast<double>(i + 1);
    }
    const std::size_t lowIndex = j == 0 ? 0 : j - 1; // 0-based x_(j); [min, max] when none qualifies
    out.low = samples[lowIndex];
    out.high = samples[n - 1 - lowIndex];
    return out;
}

std::vector<double> roundMedians(const std::vector<double>& timed)
{
    const std::size_t n = timed.size();
    const std::size_t rounds = std::min<std::size_t>(n, kTimingRounds);
    std::vector<double> medians;
    medians.reserve(rounds);
    for (std::size_t r = 0; r < rounds; ++r) {
        const auto first = timed.begin() + static_cast<std::ptrdiff_t>(r * n / rounds);
        const auto last = timed.begin() + static_cast<std::ptrdiff_t>((r + 1) * n / rounds);
        medians.push_back(medianInterval95(std::vector<double>(first, last)).median);
    }
    return medians;
}

int bestSegmentBlocks(const RunConfig& config)
{
    return detail::bestSegmentBlocks(config);
}

struct Training::State {
    RunConfig config;
    ProgressCallback progress;
    RunResult result;
    std::optional<detail::Plan> plan;
    std::unique_ptr<Backend> backend;
    detail::ModelLayout layout;
    Inputs in;
    std::vector<float> reference;
    std::vector<float> firstGradients;
    std::vector<std::int32_t> firstTokens, firstTargets;
    std::unique_ptr<detail::Trainer> trainer;
    std::unique_ptr<StepTimer> timer;
    int steps = 0;
    double measuredMs = 0;

    // The run's share done: its steps and, with a time budget, the time budget, whichever is behind.
    double fraction(double stepFraction) const
    {
        double done = std::min(1.0, stepFraction);
        if (config.minTimeSeconds > 0)
            done = std::min(done, measuredMs / (1000.0 * config.minTimeSeconds));
        return done;
    }
};

Training::Training(const RunConfig& config, ProgressCallback progress, const std::atomic<bool>* cancel)
    : m_state(std::make_unique<State>())
{
    State& s = *m_state;
    if (const std::optional<std::string> error = validate(config))
        throw RunError(*error);
    if (config.weightPrecision != SavePrecision::Fp32)
        throw RunError("bf16 weights are predicted only: the engine trains fp32 weights.");
    if (config.fusedAttention && config.device == Device::Cuda) // before any allocation
        if (const std::string problem = cudaFusedHeadProblem(config.shape.width, config.shape.heads);
            !problem.empty())
            throw RunError(problem);
    std::string error;
    s.plan = detail::makePlan(config, &error);
    if (!s.plan)
        throw RunError(error);
    s.config = config;
    s.progress = std::move(progress);
    s.result.config = config;
    s.result.policyName = config.policy.name();
    s.result.device = config.device;
    s.result.predictedPeakActivationBytes = detail::predictMemory(*s.plan, config).peakActivations;
    for (const detail::Segment& segment : s.plan->segments)
        s.result.segmentBlocks = std::max(s.result.segmentBlocks, segment.last - segment.first + 1);
    if (config.policy.kind == PolicyKind::None)
        s.result.segmentBlocks = 0;

    s.backend = makeBackend(config);
    s.result.deviceName = s.backend->name();
    s.layout = detail::makeLayout(config.shape);
    s.in = initialInputs(config, s.layout);

    if (config.savePrecision == SavePrecision::Bf16) {
        s.reference = referenceGradients(*s.backend, config, s.in);
        s.backend->allocator().resetPeaks();
        s.backend->hostAllocator().resetPeaks();
    }
    ProgressCallback scaled;
    if (s.progress)
        scaled = [&s](const Progress& p) {
            Progress shown = p;
            shown.fraction = s.fraction(p.fraction);
            s.progress(shown);
        };
    s.trainer = std::make_unique<detail::Trainer>(*s.backend, config, *s.plan, scaled, cancel);
    s.trainer->loadParameters(s.in.params);
    s.timer = s.backend->makeTimer();
}

Training::Training()
    : m_state(std::make_unique<State>())
{
}

Training::~Training() = default;

std::unique_ptr<Training> Training::timingCopy(const std::atomic<bool>* cancel) const
{
    const State& from = *m_state;
    std::unique_ptr<Training> copy(new Training());
    State& s = *copy->m_state;
    s.config = from.config;
    s.config.recordTimeline = false;
    s.config.keepGradients = false;
    s.config.dumpDir.clear();
    s.config.minTimeSeconds = 0;
    s.config.steps = 1;
    s.plan = from.plan;
    s.result.config = s.config;
    s.result.policyName = from.result.policyName;
    s.result.device = from.result.device;
    s.backend = makeBackend(s.config);
    s.result.deviceName = s.backend->name();
    s.layout = from.layout;
    s.in = from.in;
    s.trainer = std::make_unique<detail::Trainer>(*s.backend, s.config, *s.plan, ProgressCallback {}, cancel);
    s.trainer->loadParameters(s.in.params);
    s.timer = s.backend->makeTimer();
    return copy;
}

bool Training::finished() const
{
    const State& s = *m_state;
    if (s.steps < s.config.steps)
        return false;
    if (s.config.minTimeSeconds <= 0 || s.steps >= std::max(s.config.maxSteps, s.config.steps))
        return true;
    const int measured = s.steps - std::min(s.config.warmupSteps, s.steps - 1);
    return measured >= kMinTimedSteps && s.measuredMs >= 1000.0 * s.config.minTimeSeconds;
}

double Training::measuredMs() const
{
    return m_state->measuredMs;
}

void Training::step()
{
    State& s = *m_state;
    const int index = s.steps;
    std::vector<std::int32_t> tokens, targets;
    batchFor(s.config, s.in, index, &tokens, &targets);
    s.trainer->loadBatch(tokens, targets);
    s.timer->start();
    const bool recording = s.config.recordTimeline && index == s.config.steps - 1;
    const float loss = s.trainer->step(index, recording);
    const double ms = s.timer->stopMs();
    if (recording) { // kept now: steps the time budget adds after it clear the trainer's timeline
        s.result.timeline = s.trainer->timeline();
        s.result.memory = s.trainer->memoryRecording();
    }
    s.result.stepMs.push_back(ms);
    s.result.loss.push_back(loss);
    if (index >= s.config.warmupSteps)
        s.measuredMs += ms;
    if (index == 0) {
        s.result.forwardFlops = s.trainer->flops().forward;
        s.result.backwardFlops = s.trainer->flops().backward;
        s.result.recomputeFlops = s.trainer->flops().recompute;
        s.result.gradChecksum = s.trainer->gradientAbsSum();
        if (s.config.keepGradients || !s.config.dumpDir.empty() || !s.reference.empty())
            s.firstGradients = s.trainer->gradients();
        s.firstTokens = tokens;
        s.firstTargets = targets;
    }
    ++s.steps;
}

RunResult Training::finish()
{
    State& s = *m_state;
    RunResult& result = s.result;
    const RunConfig& config = s.config;
    if (s.progress) {
        Progress done;
        done.step = s.steps - 1;
        done.steps = s.steps;
        done.phase = Phase::Optimizer;
        done.fraction = 1.0;
        done.lastLoss = result.loss.empty() ? 0.0f : result.loss.back();
        s.progress(done);
    }
    result.offloadBytes = s.trainer->offloadBytes();
    result.offloadMs = s.trainer->offloadMs();

    const MemoryStats device = s.backend->allocator().stats();
    const MemoryStats host = s.backend->hostAllocator().stats();
    result.peakBytes = device.peakTotal;
    result.peakActivationBytes = device.peakActivations;
    result.reservedBytes = device.reservedBytes;
    for (std::size_t c = 0; c < kMemoryCategoryCount; ++c) {
        const auto category = static_cast<MemoryCategory>(c);
        const std::uint64_t peak = category == MemoryCategory::HostOffloaded ? host.peak[c] : device.peak[c];
        result.bytesByCategory[std::string(memoryCategoryName(category))] = peak;
    }
    s.backend->deviceMemory(&result.deviceFreeBytes, &result.deviceTotalBytes);
    s.trainer.reset(); // every activation, parameter and state buffer back to the allocator

    const std::size_t warm
        = std::min<std::size_t>(static_cast<std::size_t>(config.warmupSteps), result.stepMs.size() - 1);
    const std::vector<double> measured(
        result.stepMs.begin() + static_cast<std::ptrdiff_t>(warm), result.stepMs.end());
    result.stepMsRounds = roundMedians(measured);
    const MedianInterval interval = medianInterval95(result.stepMsRounds);
    result.stepMsMedian = interval.median;
    result.stepMsCi95Low = result.stepMsRoundsCi95Low = interval.low;
    result.stepMsCi95High = result.stepMsRoundsCi95High = interval.high;
    result.stepMsMin = *std::min_element(measured.begin(), measured.end());
    result.stepMsMax = *std::max_element(measured.begin(), measured.end());

    if (!s.reference.empty())
        result.gradMaxAbsDiffVsNone = maxAbsDifference(s.firstGradients, s.reference);
    if (config.keepGradients)
        for (const detail::NamedTensor& t : named(s.layout, s.firstGradients))
            result.gradients[t.name] = t.data;
    if (!config.dumpDir.empty())
        detail::writeDump(config.dumpDir, s.firstTokens, s.firstTargets, config.shape.batch, config.shape.seq,
            named(s.layout, s.in.params), named(s.layout, s.firstGradients), result.toJson());
    return std::move(result);
}

RunResult run(const RunConfig& config, const ProgressCallback& progress, const std::atomic<bool>* cancel)
{
    Training training(config, progress, cancel);
    // A timed CPU run times the yardstick before its first step and after its last (rlab/wander.h):
    // neither disturbs a timed step, and the two bracket the run's time.
    std::optional<Yardstick> yardstick;
    if (config.minTimeSeconds > 0 && config.device == Device::Cpu) {
        yardstick.emplace(config.device, config.threads);
        yardstick->sample();
    }
    while (!training.finished())
        training.step();
    if (yardstick)
        yardstick->sample();
    RunResult result = training.finish();
    if (yardstick)
        applyWander(result, recordYardstick(*yardstick));
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
        const double difference = maxAbsDifference(values, other->second);
        if (std::isnan(difference)) // std::max would drop it
            return difference;
        worst = std::max(worst, difference);
    }
    return worst;
}

} // namespace rlab
