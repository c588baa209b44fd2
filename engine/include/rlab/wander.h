#pragma once
// The machine's speed wander: what a step-time interval must cover for a rerun to fall inside it.
//
// On a shared machine (a cloud guest above all) the speed of every workload drifts over seconds by
// a few per cent, all of them together: measured on the 2-vCPU development guest, the median of
// half-second windows of one run's steps wandered with a standard deviation of 2.6% over 30 s, and
// a tiny fixed training stepped beside it followed that wander (correlation 0.92 over one-second
// windows). A run of one or two seconds sees only the part of that wander inside its own time, so
// its rounds' interval (rlab::medianInterval95 of rlab::roundMedians) is too narrow for a rerun a
// second later. So every timed CPU run also times a yardstick, the same fixed tiny training, in
// each of its rounds, and the yardstick's median per run goes into a short history of this machine
// (this process's, and the speed log's, below). The spread of those medians is the wander, and the
// run's step-time interval is its rounds' interval widened by it (withWander).
//
// The speed log: the file named by RLAB_SPEED_LOG, or $XDG_STATE_HOME/recompute-lab/speed.log
// (rlab::stateFolder()); RLAB_SPEED_LOG set but empty keeps the history in the process only.
// One line per run: "rlab-speed 1 <unix seconds> <device> <threads> <yardstick ms>".

#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

#include "rlab/engine.h"

namespace rlab {

// How many of the history's runs set the wander, and how old they may be.
constexpr int kWanderRuns = 32;
constexpr double kWanderSeconds = 600;

// The fixed tiny training (2 blocks of width 32, sequence 16, batch 2) on a device and thread team.
class Yardstick {
public:
    Yardstick(Device device, int threads);
    ~Yardstick();
    Yardstick(const Yardstick&) = delete;
    Yardstick& operator=(const Yardstick&) = delete;

    // One untimed step (its data back in the caches), then three timed ones; their times are kept.
    void sample();
    bool empty() const { return m_ms.empty(); }
    double medianMs() const; // of every timed step so far; 0 when none
    Device device() const { return m_device; }
    int threads() const { return m_threads; } // the team's size (0 given: all cores)

private:
    std::unique_ptr<Training> m_training;
    std::vector<double> m_ms;
    Device m_device;
    int m_threads;
};

// The machine's wander as recent runs measured it.
struct Wander {
    double sd = 0; // standard deviation of the log of the runs' yardstick medians; 0 with one run
    int runs = 0; // how many runs it is from, this one included
};

// Adds one run's yardstick median to the history and returns the wander over the history's runs on
// the same device and threads, at most kWanderRuns of them and none older than kWanderSeconds.
Wander recordYardstick(const Yardstick& yardstick);

// The same from a given history, for tests: `logLines` is the speed log's text (malformed and
// foreign lines are skipped), `now` the unix time of the run adding `ms`.
Wander wanderFrom(std::string_view logLines, std::int64_t now, Device device, int threads, double ms);

// A rounds' interval widened by the wander: in log space, each side's half-width and 1.96 sd
// added in quadrature (the rounds' noise and the run-to-run wander as independent parts; the
// rounds' interval already holds some of the wander, so this errs wide).
MedianInterval withWander(const MedianInterval& rounds, double sd);

// Sets result's interval to withWander of its rounds' interval (stepMsRoundsCi95*) and records the
// wander (stepMsWander*). Leaves a result with no timed rounds as it is.
void applyWander(RunResult& result, const Wander& wander);

// The speed log's path; empty when the history stays in the process.
std::filesystem::path speedLogPath();

} // namespace rlab
