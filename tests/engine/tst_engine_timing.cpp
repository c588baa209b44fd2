// What a learner's timings and the segment policies rest on: the median's 95% interval is the
// right pair of order statistics, a time budget keeps training until it is spent (and no
// further than the cap), interleaved Trainings measure what run() does, and segment:<k> and
// segment:best are the plans their names say, with the memory the predictor gives; the machine's
// wander is read from its speed log as rlab/wander.h says and widens a timed run's interval.
#include <algorithm>
#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "rlab/engine.h"
#include "rlab/layout.h"
#include "rlab/wander.h"
#include "rlab_test.h"

namespace {

rlab::RunConfig small(const char* policy)
{
    rlab::RunConfig config;
    config.shape = {8, 32, 4, 16, 2, 64};
    config.policy = *rlab::RecomputePolicy::parse(policy, nullptr);
    config.steps = 3;
    config.threads = 1;
    config.recordTimeline = false;
    return config;
}

std::string speedLine(long long when, const char* device, int threads, double ms)
{
    std::ostringstream line;
    line << "rlab-speed 1 " << when << ' ' << device << ' ' << threads << ' ' << ms << '\n';
    return line.str();
}

double sampleSdOfLogs(const std::vector<double>& values)
{
    double mean = 0;
    for (const double v : values)
        mean += std::log(v);
    mean /= static_cast<double>(values.size());
    double squares = 0;
    for (const double v : values)
        squares += (std::log(v) - mean) * (std::log(v) - mean);
    return std::sqrt(squares / static_cast<double>(values.size() - 1));
}

std::size_t lineCount(const std::filesystem::path& path)
{
    std::ifstream in(path);
    std::size_t lines = 0;
    for (std::string line; std::getline(in, line);)
        ++lines;
    return lines;
}

} // namespace

// Binomial(n, 1/2): for n = 6 only [min, max] has >= 95% (96.9%); n = 9 gives [x2, x8]
// (P = 1 - 2 * 10/512 = 96.1%); n = 20 gives [x6, x15] (P = 95.9%; [x7, x14] would be 88.5%).
RLAB_TEST(medianIntervalUsesOrderStatistics)
{
    std::vector<double> six {6, 1, 5, 2, 4, 3};
    rlab::MedianInterval m = rlab::medianInterval95(six);
    RLAB_CHECK_EQ(m.median, 3.5);
    RLAB_CHECK_EQ(m.low, 1.0);
    RLAB_CHECK_EQ(m.high, 6.0);

    std::vector<double> nine;
    for (int i = 9; i >= 1; --i)
        nine.push_back(i);
    m = rlab::medianInterval95(nine);
    RLAB_CHECK_EQ(m.median, 5.0);
    RLAB_CHECK_EQ(m.low, 2.0);
    RLAB_CHECK_EQ(m.high, 8.0);

    std::vector<double> twenty;
    for (int i = 1; i <= 20; ++i)
        twenty.push_back(i);
    m = rlab::medianInterval95(twenty);
    RLAB_CHECK_EQ(m.low, 6.0);
    RLAB_CHECK_EQ(m.high, 15.0);

    m = rlab::medianInterval95({2.0, 7.0});
    RLAB_CHECK_EQ(m.low, 2.0); // too few for 95%: the whole range
    RLAB_CHECK_EQ(m.high, 7.0);
}

// Rounds: the timed steps in order, split into at most kTimingRounds contiguous rounds of nearly
// equal length. A slow drift that a per-step interval hides (it narrows as steps add up) shows
// in the interval over rounds.
RLAB_TEST(roundsShowADriftThatStepsHide)
{
    std::vector<double> steps;
    for (int i = 0; i < 24; ++i)
        steps.push_back(i);
    std::vector<double> rounds = rlab::roundMedians(steps);
    RLAB_CHECK_EQ(rounds.size(), std::size_t {12});
    RLAB_CHECK_EQ(rounds[0], 0.5); // steps 0 and 1
    RLAB_CHECK_EQ(rounds[11], 22.5);
    RLAB_CHECK_EQ(rlab::roundMedians({3.0, 1.0, 2.0}).size(), std::size_t {3}); // a round a step
    RLAB_CHECK_EQ(rlab::roundMedians(std::vector<double>(13, 1.0)).size(), std::size_t {12});
    RLAB_CHECK(rlab::roundMedians({}).empty());

    // 120 steps: 40 at about 10 ms, 40 at 10.5, 40 at 11 (the machine slowing down), each with a
    // little jitter. Over steps the interval stays inside the middle level; over rounds it spans
    // the drift.
    std::vector<double> drifting;
    for (int i = 0; i < 120; ++i)
        drifting.push_back(10.0 + 0.5 * (i / 40) + 0.01 * (i % 7));
    const rlab::MedianInterval bySteps = rlab::medianInterval95(drifting);
    RLAB_CHECK(bySteps.low >= 10.5 && bySteps.high < 10.6);
    const rlab::MedianInterval byRounds = rlab::medianInterval95(rlab::roundMedians(drifting));
    RLAB_CHECK(byRounds.low < 10.1);
    RLAB_CHECK(byRounds.high >= 11.0);
}

RLAB_TEST(timeBudgetIsSpentAndCapped)
{
    rlab::RunConfig config = small("none");
    config.minTimeSeconds = 0.05;
    const rlab::RunResult timed = rlab::run(config);
    const int measured = static_cast<int>(timed.stepMs.size()) - config.warmupSteps;
    RLAB_CHECK(measured >= rlab::kMinTimedSteps);
    double spent = 0;
    for (std::size_t i = 1; i < timed.stepMs.size(); ++i)
        spent += timed.stepMs[i];
    RLAB_CHECK(spent >= 50.0);
    RLAB_CHECK_EQ(timed.loss.size(), timed.stepMs.size());
    RLAB_CHECK(timed.stepMsCi95Low <= timed.stepMsMedian && timed.stepMsMedian <= timed.stepMsCi95High);
    RLAB_CHECK_EQ(timed.stepMsRounds.size(), std::min<std::size_t>(measured, rlab::kTimingRounds));

    config.minTimeSeconds = 60;
    config.maxSteps = 5;
    RLAB_CHECK_EQ(rlab::run(config).stepMs.size(), std::size_t {5});

    config.minTimeSeconds = 0; // no budget: exactly `steps`
    RLAB_CHECK_EQ(rlab::run(config).stepMs.size(), std::size_t {3});
}

// Two Trainings stepped in turns give each what run() gives alone: same losses, same memory.
RLAB_TEST(interleavedTrainingsMeasureAlike)
{
    const rlab::RunConfig none = small("none"), full = small("full");
    rlab::Training a(none), b(full);
    while (!a.finished() || !b.finished()) {
        if (!a.finished())
            a.step();
        if (!b.finished())
            b.step();
    }
    const rlab::RunResult ra = a.finish(), rb = b.finish();
    const rlab::RunResult alone = rlab::run(full);
    RLAB_CHECK_EQ(rb.loss, alone.loss);
    RLAB_CHECK_EQ(rb.peakActivationBytes, alone.peakActivationBytes);
    RLAB_CHECK_EQ(rb.peakBytes, alone.peakBytes);
    RLAB_CHECK_EQ(ra.peakActivationBytes, rlab::run(none).peakActivationBytes);
    RLAB_CHECK_EQ(rlab::liveEngineBytes(), std::uint64_t {0});
}

// A timing copy trains the same model from the same weights in memory of its own, and records
// neither timeline nor budget; whatever happens, every byte comes back.
RLAB_TEST(timingCopyTrainsTheSameModelElsewhere)
{
    rlab::RunConfig config = small("full");
    config.steps = 2;
    config.minTimeSeconds = 0.05;
    rlab::Training source(config);
    source.step();
    std::unique_ptr<rlab::Training> copy = source.timingCopy();
    copy->step();
    RLAB_CHECK(copy->finished()); // one step and no budget of its own
    copy->step();
    const rlab::RunResult copied = copy->finish();
    config.minTimeSeconds = 0;
    const rlab::RunResult alone = rlab::run(config);
    RLAB_CHECK_EQ(copied.loss, alone.loss);
    RLAB_CHECK_EQ(copied.peakActivationBytes, alone.peakActivationBytes);
    RLAB_CHECK(copied.timeline.empty());
    source.finish();
    copy.reset();
    RLAB_CHECK_EQ(rlab::liveEngineBytes(), std::uint64_t {0});
}

RLAB_TEST(segmentPoliciesAreTheirPlans)
{
    std::string error;
    RLAB_CHECK(!rlab::RecomputePolicy::parse("segment:0", &error));
    RLAB_CHECK(!error.empty());
    RLAB_CHECK(!rlab::RecomputePolicy::parse("segment:", nullptr));
    RLAB_CHECK(!rlab::RecomputePolicy::parse("segment:2x", nullptr));
    RLAB_CHECK_EQ(rlab::RecomputePolicy::parse("segment:3", nullptr)->name(), std::string("segment:3"));
    RLAB_CHECK_EQ(rlab::RecomputePolicy::parse("segment:best", nullptr)->name(), std::string("segment:best"));

    // segment:1 is full, segment:3 at N = 8 is sqrt (k = ceil(sqrt 8) = 3).
    const rlab::RunResult full = rlab::run(small("full")), one = rlab::run(small("segment:1"));
    RLAB_CHECK_EQ(one.peakActivationBytes, full.peakActivationBytes);
    RLAB_CHECK_EQ(one.recomputeFlops, full.recomputeFlops);
    RLAB_CHECK_EQ(one.segmentBlocks, 1);
    const rlab::RunResult sqrt = rlab::run(small("sqrt")), three = rlab::run(small("segment:3"));
    RLAB_CHECK_EQ(three.peakActivationBytes, sqrt.peakActivationBytes);
    RLAB_CHECK_EQ(three.segmentBlocks, 3);
    RLAB_CHECK_EQ(three.peakActivationBytes, three.predictedPeakActivationBytes);

    // A block's input is 1/(16 + 2HT/d) of what it saves (+ stats): k = round(sqrt(N c / b)).
    rlab::RunConfig deep = small("segment:best");
    RLAB_CHECK_EQ(rlab::bestSegmentBlocks(deep), 1);
    deep.shape.layers = 128;
    deep.shape.seq = 4; // 2HT/d = 1: b/c is about 17, so k = round(sqrt(128 / 17.x)) = 3
    const int k = rlab::bestSegmentBlocks(deep);
    RLAB_CHECK_EQ(k, 3);
    // The best length keeps no more than its neighbours, full and sqrt.
    const auto peak = [&](const char* policy) {
        rlab::RunConfig c = deep;
        c.policy = *rlab::RecomputePolicy::parse(policy, nullptr);
        return rlab::predictPeakActivationBytes(c);
    };
    const std::uint64_t best = peak("segment:best");
    RLAB_CHECK(best <= peak("segment:2") && best <= peak("segment:4"));
    RLAB_CHECK(best < peak("full") && best < peak("sqrt"));
}

// The wander is the sample standard deviation of the logs of the recent yardstick medians on the
// same device and threads, this run's included; other lines, old ones and garbage are skipped.
RLAB_TEST(wanderComesFromRecentMatchingRuns)
{
    const long long now = 1'800'000'000;
    std::string log = speedLine(now - 5, "cpu", 2, 0.160) + speedLine(now - 3, "cpu", 2, 0.170)
        + speedLine(now - 2, "cpu", 1, 0.090) // other threads
        + speedLine(now - 2, "cuda", 2, 0.010) // other device
        + speedLine(now - 601, "cpu", 2, 0.500) // older than kWanderSeconds
        + speedLine(now + 5, "cpu", 2, 0.500) // from the future: a clock set back
        + "rlab-speed 2 " + std::to_string(now) + " cpu 2 0.5\n" // another version
        + "rlab-speed 1 garbage\n\n" + speedLine(now - 1, "cpu", 2, -1.0) + "rlab-speed 1 "
        + std::to_string(now) + " cpu 2 0,5\n"; // a decimal comma: not ours
    rlab::Wander w = rlab::wanderFrom(log, now, rlab::Device::Cpu, 2, 0.150);
    RLAB_CHECK_EQ(w.runs, 3);
    RLAB_CHECK_NEAR(w.sd, sampleSdOfLogs({0.160, 0.170, 0.150}), 1e-12);

    // One run alone has no wander to show; an empty history is that run alone.
    w = rlab::wanderFrom("", now, rlab::Device::Cpu, 2, 0.150);
    RLAB_CHECK_EQ(w.runs, 1);
    RLAB_CHECK_EQ(w.sd, 0.0);

    // Only the newest kWanderRuns count: 40 lines at 0.1 then 0.2 keep the 31 newest with this one.
    log.clear();
    std::vector<double> kept;
    for (int i = 0; i < 40; ++i) {
        const double ms = i < 20 ? 0.1 : 0.2;
        log += speedLine(now - 40 + i, "cpu", 2, ms);
        if (i >= 40 - (rlab::kWanderRuns - 1))
            kept.push_back(ms);
    }
    kept.push_back(0.2);
    w = rlab::wanderFrom(log, now, rlab::Device::Cpu, 2, 0.2);
    RLAB_CHECK_EQ(w.runs, rlab::kWanderRuns);
    RLAB_CHECK_NEAR(w.sd, sampleSdOfLogs(kept), 1e-12);
}

// Each side's half-width and 1.96 sd add in quadrature in log space; no wander, no change.
RLAB_TEST(wanderWidensTheRoundsInterval)
{
    rlab::MedianInterval rounds;
    rounds.median = 10, rounds.low = 9.5, rounds.high = 10.2;
    const rlab::MedianInterval same = rlab::withWander(rounds, 0);
    RLAB_CHECK_EQ(same.low, 9.5);
    RLAB_CHECK_EQ(same.high, 10.2);
    const rlab::MedianInterval wide = rlab::withWander(rounds, 0.02);
    const double z = 1.96 * 0.02;
    RLAB_CHECK_NEAR(wide.low, 10 * std::exp(-std::hypot(std::log(10 / 9.5), z)), 1e-12);
    RLAB_CHECK_NEAR(wide.high, 10 * std::exp(std::hypot(std::log(10.2 / 10), z)), 1e-12);
    RLAB_CHECK_EQ(wide.median, 10.0);
    RLAB_CHECK(wide.low < 9.5 && wide.high > 10.2);
}

// A timed CPU run times the yardstick, adds a line to the speed log and reports its interval
// widened by the wander of the runs in the log; an untimed run touches neither.
RLAB_TEST(timedRunsShareTheSpeedLog)
{
    const std::filesystem::path log = std::filesystem::temp_directory_path()
        / ("rlab-speed-test-" + std::to_string(::getpid()) + "/speed.log");
    std::filesystem::remove_all(log.parent_path());
    ::setenv("RLAB_SPEED_LOG", log.c_str(), 1);
    RLAB_CHECK(rlab::speedLogPath() == log);

    rlab::RunConfig config = small("none");
    config.minTimeSeconds = 0.03;
    const rlab::RunResult first = rlab::run(config);
    RLAB_CHECK_EQ(first.stepMsWanderRuns, 1);
    RLAB_CHECK_EQ(first.stepMsCi95Low, first.stepMsRoundsCi95Low);
    RLAB_CHECK_EQ(lineCount(log), std::size_t {1});
    const rlab::RunResult second = rlab::run(config);
    RLAB_CHECK_EQ(second.stepMsWanderRuns, 2);
    RLAB_CHECK(second.stepMsWanderSd > 0);
    RLAB_CHECK(second.stepMsCi95Low < second.stepMsRoundsCi95Low);
    RLAB_CHECK(second.stepMsCi95High > second.stepMsRoundsCi95High);
    RLAB_CHECK(second.stepMsRoundsCi95Low <= second.stepMsMedian
        && second.stepMsMedian <= second.stepMsRoundsCi95High);
    RLAB_CHECK_EQ(lineCount(log), std::size_t {2});
    // Under a locale with a decimal comma (the app runs under the learner's) the log keeps its dot.
    const char* comma = std::setlocale(LC_ALL, "ru_RU.UTF-8");
    if (!comma)
        comma = std::setlocale(LC_ALL, "de_DE.UTF-8");
    if (!comma)
        std::printf("note: no ru_RU or de_DE locale here; the decimal-comma case runs in the C locale\n");
    RLAB_CHECK_EQ(rlab::run(config).stepMsWanderRuns, 3);
    std::setlocale(LC_ALL, "C");
    {
        std::ifstream in(log);
        std::string line;
        for (std::string next; std::getline(in, next);)
            line = next;
        RLAB_CHECK_MSG(line.find(',') == std::string::npos && line.find('.') != std::string::npos, line);
    }
    RLAB_CHECK(second.toJson().find("\"step_ms_wander\":{\"sd\":") != std::string::npos);

    config.minTimeSeconds = 0;
    const rlab::RunResult untimed = rlab::run(config);
    RLAB_CHECK_EQ(untimed.stepMsWanderRuns, 0);
    RLAB_CHECK_EQ(untimed.stepMsCi95High, untimed.stepMsRoundsCi95High);
    RLAB_CHECK_EQ(lineCount(log), std::size_t {3});

    // A log past 64 KiB is cut back to its newest lines.
    {
        std::ofstream out(log, std::ios::app);
        for (int i = 0; i < 4000; ++i) // 112 KB
            out << speedLine(1000 + i, "cpu", 7, 0.1);
    }
    config.minTimeSeconds = 0.03;
    rlab::run(config);
    RLAB_CHECK(lineCount(log) <= 257);
    RLAB_CHECK(std::filesystem::file_size(log) < 64 * 1024);

    // Set but empty: the history stays in the process, and a folder that cannot be a log is no log.
    ::setenv("RLAB_SPEED_LOG", "", 1);
    RLAB_CHECK(rlab::speedLogPath().empty());
    const int before = rlab::run(config).stepMsWanderRuns;
    RLAB_CHECK(before >= 1 && before + 3 <= rlab::kWanderRuns);
    RLAB_CHECK_EQ(rlab::run(config).stepMsWanderRuns, before + 1);
    // A folder or a device is no log either (/dev/zero would never end): the process's history.
    ::setenv("RLAB_SPEED_LOG", log.parent_path().c_str(), 1);
    RLAB_CHECK_EQ(rlab::run(config).stepMsWanderRuns, before + 2);
    ::setenv("RLAB_SPEED_LOG", "/dev/zero", 1);
    RLAB_CHECK_EQ(rlab::run(config).stepMsWanderRuns, before + 3);
    std::filesystem::remove_all(log.parent_path());
    RLAB_CHECK_EQ(rlab::liveEngineBytes(), std::uint64_t {0});
}

// RLAB_SPEED_LOG at a link appended to the link's target, and a link at "speed.log.new" was
// overwritten by the cut-back log: neither is written through now.
RLAB_TEST(speedLogIsNeverWrittenThroughALink)
{
    const std::filesystem::path folder
        = std::filesystem::temp_directory_path() / ("rlab-speed-link-" + std::to_string(::getpid()));
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    const auto write = [](const std::filesystem::path& path, const std::string& text) {
        std::ofstream(path, std::ios::binary) << text;
    };
    const auto read = [](const std::filesystem::path& path) {
        std::ifstream in(path, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        return text.str();
    };
    write(folder / "victim.txt", "precious");
    std::filesystem::create_symlink(folder / "victim.txt", folder / "speed.log");
    ::setenv("RLAB_SPEED_LOG", (folder / "speed.log").c_str(), 1);
    rlab::RunConfig config = small("none");
    config.minTimeSeconds = 0.03;
    RLAB_CHECK(rlab::run(config).stepMsWanderRuns >= 1);
    RLAB_CHECK_EQ(read(folder / "victim.txt"), std::string("precious"));
    RLAB_CHECK(std::filesystem::is_symlink(folder / "speed.log"));

    // A log past 64 KiB is rewritten; a link where a fixed temporary name was is left alone.
    const std::filesystem::path big = folder / "big.log";
    std::string lines;
    for (int i = 0; i < 4000; ++i)
        lines += speedLine(1000 + i, "cpu", 7, 0.1);
    write(big, lines);
    std::filesystem::create_symlink(folder / "victim.txt", folder / "big.log.new");
    ::setenv("RLAB_SPEED_LOG", big.c_str(), 1);
    rlab::run(config);
    RLAB_CHECK_EQ(read(folder / "victim.txt"), std::string("precious"));
    RLAB_CHECK(std::filesystem::file_size(big) < 64 * 1024);
    RLAB_CHECK(lineCount(big) >= 2);
    ::unsetenv("RLAB_SPEED_LOG");
    std::filesystem::remove_all(folder);
}

// The speed log is state ($XDG_STATE_HOME/recompute-lab/speed.log); a relative XDG_* value is
// ignored, as the XDG Base Directory Specification says, by the engine and (through
// dropRelativeXdgVariables) by Qt, which in 6.4 takes a relative XDG_DATA_HOME as it is.
RLAB_TEST(xdgFoldersIgnoreRelativePaths)
{
    const auto saved = [](const char* name) {
        const char* value = std::getenv(name);
        return value ? std::optional<std::string>(value) : std::nullopt;
    };
    const char* names[] = {"RLAB_SPEED_LOG", "HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME",
        "XDG_DATA_DIRS", "XDG_CONFIG_DIRS"};
    std::vector<std::optional<std::string>> before;
    for (const char* name : names)
        before.push_back(saved(name));
    ::unsetenv("RLAB_SPEED_LOG");
    ::setenv("HOME", "/home/learner", 1);

    ::setenv("XDG_STATE_HOME", "/var/state", 1);
    RLAB_CHECK(rlab::speedLogPath() == "/var/state/recompute-lab/speed.log");
    ::setenv("XDG_STATE_HOME", "state", 1);
    RLAB_CHECK(rlab::speedLogPath() == "/home/learner/.local/state/recompute-lab/speed.log");
    ::unsetenv("XDG_STATE_HOME");
    RLAB_CHECK(rlab::stateFolder() == "/home/learner/.local/state/recompute-lab");
    ::setenv("XDG_CACHE_HOME", "./cache", 1);
    RLAB_CHECK(rlab::xdgBaseFolder("XDG_CACHE_HOME") == "/home/learner/.cache");
    ::setenv("XDG_DATA_HOME", "data", 1);
    RLAB_CHECK(rlab::xdgBaseFolder("XDG_DATA_HOME") == "/home/learner/.local/share");
    ::setenv("XDG_DATA_HOME", "/srv/data", 1);
    RLAB_CHECK(rlab::xdgBaseFolder("XDG_DATA_HOME") == "/srv/data");

    ::setenv("XDG_DATA_HOME", "data", 1);
    ::setenv("XDG_CACHE_HOME", "/var/cache/x", 1);
    ::setenv("XDG_DATA_DIRS", "share:/usr/local/share::/usr/share:more/share", 1);
    ::setenv("XDG_CONFIG_DIRS", "etc", 1);
    rlab::dropRelativeXdgVariables();
    RLAB_CHECK(std::getenv("XDG_DATA_HOME") == nullptr);
    RLAB_CHECK(std::string(std::getenv("XDG_CACHE_HOME")) == "/var/cache/x");
    RLAB_CHECK(std::string(std::getenv("XDG_DATA_DIRS")) == "/usr/local/share:/usr/share");
    RLAB_CHECK(std::getenv("XDG_CONFIG_DIRS") == nullptr);

    for (std::size_t i = 0; i < before.size(); ++i) {
        if (before[i])
            ::setenv(names[i], before[i]->c_str(), 1);
        else
            ::unsetenv(names[i]);
    }
}

RLAB_TEST_MAIN(std::string())
