#include "run_options.h"

#include <filesystem>
#include <limits>
#include <map>
#include <string_view>

#include "rlab/engine.h"
#include "rlab/text.h"

namespace {

// Thrown inside the parser only; turned into the one sentence callers get.
struct BadArgument {
    std::string sentence;
};

[[noreturn]] void refuse(std::string sentence)
{
    throw BadArgument {std::move(sentence)};
}

std::vector<std::string> splitList(const std::string& flag, const std::string& text)
{
    std::vector<std::string> items;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        const std::string item
            = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (item.empty())
            refuse(
                flag + " got an empty item in '" + text + "'; separate names or sizes with single commas.");
        items.push_back(item);
        if (comma == std::string::npos)
            return items;
        start = comma + 1;
    }
}

template<typename Int>
Int parseInteger(const std::string& flag, const std::string& text, Int minimum,
    Int maximum = std::numeric_limits<Int>::max())
{
    // "+12" reads as 12 in content; on the command line it looks like "12 more", so it is refused.
    if (text.starts_with('+'))
        refuse(flag + " takes a plain whole number such as " + text.substr(1) + ", not '" + text + "'.");
    bool tooLarge = false;
    const std::optional<Int> value = rlab::text::parseInteger<Int>(text, &tooLarge);
    if (tooLarge)
        refuse(flag + " got " + text + ", which is too large.");
    if (!value)
        refuse(flag + " needs a whole number, not '" + text + "'.");
    if (*value < minimum)
        refuse(flag + " must be at least " + std::to_string(minimum) + ", not " + text + ".");
    if (*value > maximum)
        refuse(flag + " must be at most " + std::to_string(maximum) + ", not " + text + ".");
    return *value;
}

double parseReal(const std::string& flag, const std::string& text)
{
    const std::optional<double> value = rlab::text::parseNumber(text);
    if (!value)
        refuse(flag + " needs a number, not '" + text + "'.");
    return *value;
}

std::uint64_t parseBytes(const std::string& flag, const std::string& text)
{
    const std::optional<std::uint64_t> bytes = rlab::parseByteSize(text);
    if (!bytes)
        refuse(flag + " needs a size in bytes such as " + rlab::kByteSizeExamples + ", not '" + text + "'.");
    return *bytes;
}

rlab::RecomputePolicy parsePolicy(const std::string& text)
{
    std::string error;
    std::optional<rlab::RecomputePolicy> policy = rlab::RecomputePolicy::parse(text, &error);
    if (!policy)
        refuse(error);
    return *policy;
}

std::vector<rlab::OpKind> parseKeep(const std::string& flag, const std::string& text)
{
    std::vector<rlab::OpKind> kinds;
    for (const std::string& name : splitList(flag, text)) {
        const std::optional<rlab::OpKind> kind = rlab::parseOpKind(name);
        if (!kind)
            refuse(
                flag + " got unknown op kind '" + name + "'; the kinds are " + rlab::opKindChoices() + ".");
        kinds.push_back(*kind);
    }
    return kinds;
}

// One of a setting's names: "--device must be cpu or cuda, not 'gpu'."
template<typename T>
T parseChoice(const std::string& flag, const std::string& text, std::optional<T> (*parse)(std::string_view),
    std::string (*choices)())
{
    const std::optional<T> value = parse(text);
    if (!value)
        refuse(flag + " must be " + choices() + ", not '" + text + "'.");
    return *value;
}

// A sweep list is refused before its values are parsed, so a huge list costs nothing.
void checkListLength(const std::string& flag, std::size_t length)
{
    if (length > rlab::kMostSweepValues)
        refuse(flag + " lists " + std::to_string(length) + " values; a sweep takes at most "
            + std::to_string(rlab::kMostSweepValues) + " per list.");
}

std::vector<int> parseSizes(
    const std::string& flag, const std::string& text, bool allowList, const rlab::ShapeField& field)
{
    const std::vector<std::string> items
        = allowList ? splitList(flag, text) : std::vector<std::string> {text};
    checkListLength(flag, items.size());
    std::vector<int> sizes;
    sizes.reserve(items.size());
    for (const std::string& item : items)
        sizes.push_back(parseInteger<int>(flag, item, field.least));
    return sizes;
}

// "--layers" -> the shape field it sets; nullptr for any other flag.
const rlab::ShapeField* shapeFlag(const std::string& flag)
{
    return flag.starts_with("--") ? rlab::shapeField(std::string_view(flag).substr(2)) : nullptr;
}

// Flags that are each fine but not together.
void refuseClashes(const SweepOptions& parsed, bool kvHeadsGiven)
{
    // GPT-2 has as many key/value heads as heads, so --kv-heads 4 with --heads 4 was taken silently.
    if (kvHeadsGiven && parsed.base.config.shape.arch == rlab::Arch::Gpt2)
        refuse("--kv-heads is llama's (grouped-query attention); use it with --arch llama.");
    if (parsed.base.tracePath.empty() || parsed.base.memorySnapshotPath.empty())
        return;
    std::error_code error;
    const auto named = [&](const std::string& path) {
        return std::filesystem::weakly_canonical(std::filesystem::absolute(path, error), error);
    };
    if (named(parsed.base.tracePath) == named(parsed.base.memorySnapshotPath))
        refuse("--trace and --memory-snapshot name the same file, " + parsed.base.tracePath
            + "; give each its own (one would overwrite the other).");
}

// One option as the flag loop reads it: its name, and its value inline ("--steps=5") or the next
// argument.
struct Option {
    std::string flag;
    std::optional<std::string> inlineValue;
    const std::vector<std::string>* args = nullptr;
    std::size_t* at = nullptr; // the option's index in args; a value read from the next moves it on

    std::string value() const
    {
        if (inlineValue)
            return *inlineValue;
        if (*at + 1 >= args->size())
            refuse(flag + " needs a value.");
        return (*args)[++*at];
    }
    void noValue() const
    {
        if (inlineValue)
            refuse(flag + " takes no value.");
    }
};

// Splits args[*at] into the option's name and the value after an '=' of a long option.
Option readOption(const std::vector<std::string>& args, std::size_t* at)
{
    Option option {args[*at], std::nullopt, &args, at};
    if (const std::size_t equals = option.flag.find('=');
        option.flag.starts_with("--") && equals != std::string::npos) {
        option.inlineValue = option.flag.substr(equals + 1);
        option.flag.resize(equals);
    }
    return option;
}

// What the flags gather beyond the config, applied once every flag is read.
struct Gathered {
    bool offload = false;
    std::optional<std::vector<rlab::OpKind>> keep;
    std::map<const rlab::ShapeField*, std::vector<int>> swept;
    bool kvHeadsGiven = false;
};

// The policies and the model's flags (its sizes, architecture and attention); false for any other.
bool modelFlag(const Option& option, bool sweep, SweepOptions& parsed, Gathered& gathered)
{
    const std::string& flag = option.flag;
    rlab::RunConfig& config = parsed.base.config;
    if (flag == "--policy" || (sweep && flag == "--policies")) {
        parsed.policies.clear();
        const std::vector<std::string> items
            = sweep ? splitList(flag, option.value()) : std::vector<std::string> {option.value()};
        checkListLength(flag, items.size());
        parsed.policies.reserve(items.size());
        for (const std::string& item : items)
            parsed.policies.push_back(parsePolicy(item));
    } else if (const rlab::ShapeField* field = shapeFlag(flag)) {
        const bool list = sweep && field->sweepable;
        const std::vector<int> values = parseSizes(flag, option.value(), list, *field);
        config.shape.*field->member = values.front();
        if (list)
            gathered.swept[field] = values;
    } else if (flag == "--arch") {
        config.shape.arch = parseChoice(flag, option.value(), rlab::parseArch, rlab::archChoices);
    } else if (flag == "--attention") {
        const std::string choice = option.value();
        if (choice != "plain" && choice != "fused")
            refuse("--attention takes plain or fused, not '" + choice + "'.");
        config.fusedAttention = choice == "fused";
    } else if (flag == "--kv-heads") {
        config.shape.kvHeads = parseInteger<int>(flag, option.value(), 1, 65536);
        gathered.kvHeadsGiven = true;
    } else if (flag == "--ffn") {
        config.shape.ffn = parseInteger<int>(flag, option.value(), 1, rlab::kMostFfn);
    } else if (flag == "--qkv-bias") {
        option.noValue();
        config.shape.qkvBias = true;
    } else {
        return false;
    }
    return true;
}

// The training run's flags (steps, timing, seed, dropout, learning rate, device, precision,
// optimizer); false for any other.
bool trainingFlag(const Option& option, rlab::RunConfig& config)
{
    const std::string& flag = option.flag;
    if (flag == "--steps") {
        config.steps = parseInteger<int>(flag, option.value(), 1, rlab::kMostSteps);
    } else if (flag == "--min-time") {
        const std::string text = option.value();
        const double seconds = parseReal(flag, text);
        if (seconds < 0 || seconds > 3600)
            refuse("--min-time must be 0 to 3600 seconds, not " + text + ".");
        config.minTimeSeconds = seconds;
    } else if (flag == "--max-steps") {
        config.maxSteps = parseInteger<int>(flag, option.value(), 1, rlab::kMostSteps);
    } else if (flag == "--warmup") {
        config.warmupSteps = parseInteger<int>(flag, option.value(), 0);
    } else if (flag == "--seed") {
        config.seed = parseInteger<std::uint64_t>(flag, option.value(), 0);
    } else if (flag == "--dropout") {
        const std::string text = option.value();
        const double p = parseReal(flag, text);
        if (p < 0 || p >= 1)
            refuse("--dropout must be at least 0 and below 1, not " + text + ".");
        config.dropout = static_cast<float>(p);
    } else if (flag == "--lr") {
        const std::string text = option.value();
        const double lr = parseReal(flag, text);
        // The engine trains in 32-bit floats: 1e308 became inf and "not a positive number".
        if (lr <= 0 || lr > std::numeric_limits<float>::max()
            || static_cast<float>(lr) < std::numeric_limits<float>::min())
            refuse("--lr must be above 0 and a 32-bit float (about 1.2e-38 to 3.4e38), not " + text + ".");
        config.learningRate = static_cast<float>(lr);
    } else if (flag == "--device") {
        config.device = parseChoice(flag, option.value(), rlab::parseDevice, rlab::deviceChoices);
    } else if (flag == "--save-precision") {
        config.savePrecision
            = parseChoice(flag, option.value(), rlab::parseSavePrecision, rlab::savePrecisionChoices);
    } else if (flag == "--optimizer") {
        config.optimizer = parseChoice(flag, option.value(), rlab::parseOptimizer, rlab::optimizerChoices);
    } else {
        return false;
    }
    return true;
}

// The engine's flags (offload, keep, RNG replay, threads, memory limit); false for any other.
bool engineFlag(const Option& option, rlab::RunConfig& config, Gathered& gathered)
{
    const std::string& flag = option.flag;
    if (flag == "--offload") {
        option.noValue();
        gathered.offload = true;
    } else if (flag == "--keep") {
        gathered.keep = parseKeep(flag, option.value());
    } else if (flag == "--no-rng-replay") {
        option.noValue();
        config.rngReplay = false;
    } else if (flag == "--threads") {
        config.threads = parseInteger<int>(flag, option.value(), 0, rlab::kMostThreads);
    } else if (flag == "--memory-limit") {
        config.memoryLimitBytes = parseBytes(flag, option.value());
    } else {
        return false;
    }
    return true;
}

// The output flags (--json, and run's weights, trace and snapshot files); sweep refuses run's own;
// false for any other.
bool outputFlag(const Option& option, bool sweep, SweepOptions& parsed)
{
    const std::string& flag = option.flag;
    rlab::RunConfig& config = parsed.base.config;
    if (flag == "--json") {
        option.noValue();
        parsed.base.json = true;
    } else if (!sweep && flag == "--dump") {
        config.dumpDir = option.value();
        if (config.dumpDir.empty())
            refuse("--dump needs a folder name.");
    } else if (!sweep && flag == "--init-from") {
        config.initFrom = option.value();
        if (config.initFrom.empty())
            refuse("--init-from needs a folder name.");
    } else if (!sweep && (flag == "--trace" || flag == "--memory-snapshot")) {
        std::string& path = flag == "--trace" ? parsed.base.tracePath : parsed.base.memorySnapshotPath;
        path = option.value();
        if (path.empty())
            refuse(flag + " needs a file name.");
    } else if (sweep && (flag == "--dump" || flag == "--init-from")) {
        refuse(flag + " writes or reads one model's weights; use it with rlab run, not rlab sweep.");
    } else {
        return false;
    }
    return true;
}

// After the flags: the default policies, --offload and --keep on them, the swept sizes and the
// checks that need every flag.
void finishArguments(SweepOptions& parsed, const Gathered& gathered, bool sweep)
{
    rlab::RunConfig& config = parsed.base.config;
    if (parsed.policies.empty()) {
        for (const char* name : sweep ? std::vector<const char*> {"none", "full", "sqrt", "selective"}
                                      : std::vector<const char*> {"none"})
            parsed.policies.push_back(parsePolicy(name));
    }
    // --offload and --keep modify whichever policies were named, in any order.
    bool anySelective = false;
    for (rlab::RecomputePolicy& policy : parsed.policies) {
        policy.offload = policy.offload || gathered.offload;
        if (gathered.keep)
            policy.keep = *gathered.keep;
        anySelective = anySelective || policy.kind == rlab::PolicyKind::Selective;
    }
    if (gathered.keep && !anySelective)
        refuse("--keep names what selective keeps; use it with --policy selective.");
    config.policy = parsed.policies.front();
    // Every sweepable size, in rlab::shapeFields() order: the values given, else the one size.
    for (const rlab::ShapeField& field : rlab::shapeFields())
        if (sweep && field.sweepable) {
            const auto given = gathered.swept.find(&field);
            parsed.sizes.emplace_back(&field,
                given != gathered.swept.end() ? given->second
                                              : std::vector<int> {config.shape.*field.member});
        }
    refuseClashes(parsed, gathered.kvHeadsGiven);
    if (config.warmupSteps >= config.steps)
        refuse("--warmup (" + std::to_string(config.warmupSteps) + ") must be below --steps ("
            + std::to_string(config.steps) + ") so that at least one step is measured.");
}

// The shared flag loop. With `sweep` set, size flags take comma lists and --policies is known.
SweepOptions parseArguments(const std::vector<std::string>& args, bool sweep)
{
    SweepOptions parsed;
    Gathered gathered;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const Option option = readOption(args, &i);
        const std::string& flag = option.flag;
        if (modelFlag(option, sweep, parsed, gathered) || trainingFlag(option, parsed.base.config)
            || engineFlag(option, parsed.base.config, gathered) || outputFlag(option, sweep, parsed))
            continue;
        if (flag.starts_with("-"))
            refuse(
                "Unknown option " + flag + "; see rlab " + std::string(sweep ? "sweep" : "run") + " --help.");
        refuse("Unexpected argument '" + flag + "'; options start with --.");
    }
    finishArguments(parsed, gathered, sweep);
    return parsed;
}

template<typename Parsed, typename Parse> std::optional<Parsed> catchRefusal(Parse parse, std::string* error)
{
    try {
        return parse();
    } catch (const BadArgument& bad) {
        if (error)
            *error = bad.sentence;
        return std::nullopt;
    }
}

} // namespace

std::optional<RunOptions> parseRunOptions(const std::vector<std::string>& args, std::string* error)
{
    return catchRefusal<RunOptions>([&] { return parseArguments(args, false).base; }, error);
}

std::optional<SweepOptions> parseSweepOptions(const std::vector<std::string>& args, std::string* error)
{
    return catchRefusal<SweepOptions>(
        [&] {
            SweepOptions options = parseArguments(args, true);
            // The product is checked before sweepConfigs builds every combination.
            std::uint64_t runs = options.policies.size();
            for (const auto& [field, values] : options.sizes)
                runs *= values.size();
            if (runs > rlab::kMostSweepRuns)
                refuse("This sweep has " + std::to_string(runs)
                    + " runs (the product of its lists); a sweep runs at most "
                    + std::to_string(rlab::kMostSweepRuns) + ".");
            return options;
        },
        error);
}

std::vector<rlab::RunConfig> sweepConfigs(const SweepOptions& options)
{
    std::vector<rlab::RunConfig> configs;
    for (const rlab::RecomputePolicy& policy : options.policies) {
        std::vector<rlab::RunConfig> combinations {options.base.config};
        combinations.front().policy = policy;
        // The first size varies slowest: each size multiplies the combinations so far.
        for (const auto& [field, values] : options.sizes) {
            std::vector<rlab::RunConfig> longer;
            for (const rlab::RunConfig& config : combinations)
                for (const int value : values) {
                    longer.push_back(config);
                    longer.back().shape.*field->member = value;
                }
            combinations = std::move(longer);
        }
        configs.insert(configs.end(), combinations.begin(), combinations.end());
    }
    return configs;
}

const char* const kRunUsage = R"(usage: rlab run [options]
Trains the reference model (GPT-2's block or llama's) under one recomputation policy and
reports measured memory and time. The --json object and the rest of the command line: docs/cli.md.

  --policy P            none | full | sqrt | selective | budget:<bytes> (e.g. budget:8MiB); default none
                        bytes: a number with K/KiB, M/MiB or G/GiB (powers of 1024), e.g. 16M, 1.5G
  --offload             move the kept checkpoints to the host pool and prefetch them back
  --keep KINDS          op kinds selective keeps, comma separated (default: the matmul outputs)
  --layers N --width d --heads H --seq T --batch B --vocab V
                        model shape; default 12, 128, 4, 64, 8, 256
  --arch gpt2|llama     the block: GPT-2's (LayerNorm, GELU, learned positions) or llama's
                        (RMSNorm, rotary positions, grouped-query attention, SwiGLU, no biases);
                        default gpt2. docs/llama.md
  --attention plain|fused
                        attention that keeps its T x T probabilities (plain), or a tiled kernel
                        that keeps each row's logsumexp and rebuilds them in backward (fused,
                        FlashAttention-2); default plain. docs/fused-attention.md
  --kv-heads G          llama: key/value heads, dividing --heads (default: as many as heads)
  --ffn F               llama: SwiGLU hidden size (default 8d/3 rounded up to a multiple of 64)
  --qkv-bias            llama: biases on wq, wk and wv, as Qwen2's block has (default none)
  --steps S             training steps (default 10, at most 1000000)
  --min-time SECONDS    after --steps, keep training until this much measured time (warm-up
                        excluded) is spent and at least 6 steps are timed, for a trustworthy
                        median and its 95% interval over 12 rounds of steps (step_ms_ci95);
                        default 0 (off)
  --max-steps N         the most steps --min-time may run (default 1000)
  --warmup N            first steps left out of the step time (default 1)
  --seed X              data, initial weights and dropout masks (default 1234)
  --dropout p           drop probability at the three dropout sites (default 0.1)
  --lr X                learning rate (default 0.001)
  --optimizer sgd|adamw (default adamw)
  --save-precision fp32|bf16
                        storage of saved activations; compute stays fp32 (default fp32)
  --no-rng-replay       recompute draws fresh dropout masks (wrong on purpose: a demo)
  --device cpu|cuda     (default cpu)
  --threads N           CPU threads, 0 for all cores (default 0, at most 1024)
  --memory-limit BYTES  refuse configurations predicted to need more (default: physical memory);
                        the same sizes as budget:<bytes>
  --json                print one JSON object instead of the summary
  --dump DIR            write tokens, targets, initial params and first-step grads as .npy
  --init-from DIR       read initial params (and tokens/targets when present) from such a folder
  --trace FILE          write the last step's ops and memory as a Chrome/Perfetto trace (JSON;
                        open it in ui.perfetto.dev)
  --memory-snapshot FILE
                        write the last step's allocations as a PyTorch memory snapshot (pickle;
                        open it in pytorch.org/memory_viz)

Exit status: 0 done, 1 the run failed, 2 bad arguments.
)";

const char* const kSweepUsage = R"(usage: rlab sweep [options]
Runs several policies and sizes one after another and prints a table (or a JSON array).

  --policies LIST       comma separated policies (default none,full,sqrt,selective)
  --layers LIST --width LIST --seq LIST --batch LIST
                        comma separated sizes; every combination is run
                        (at most 64 values per list and 4096 runs in all)
  every other rlab run option applies to each run (not --dump or --init-from)
  --json                print a JSON array of rlab run --json objects

Exit status: 0 done, 1 a run failed, 2 bad arguments.
)";
