#pragma once
// Small demo presets the demo tests run: quick ones for results, a long one to cancel.

#include <string>

#include "rlab/content/content.h"

inline rlab::content::DemoRun demoRun(const std::string& policy, const std::string& label = {})
{
    rlab::content::DemoRun run;
    run.policy = policy;
    run.label = label;
    return run;
}

// Small enough that a run takes a fraction of a second on two cores.
inline rlab::content::DemoPreset tinyPreset(const std::string& id = "tiny")
{
    rlab::content::DemoPreset preset;
    preset.id = id;
    preset.title.value = "Tiny demo";
    preset.lookFor.value = "Full keeps less than none.";
    preset.shape = {2, 32, 2, 16, 2, 64};
    preset.maxShape = {8, 64, 4, 64, 4, 64};
    preset.steps = 3;
    preset.dropout = 0.1f;
    preset.runs = {demoRun("none"), demoRun("full")};
    return preset;
}

// `full` with and without RNG replay: the gradients differ, so a hidden `none` reference runs first.
inline rlab::content::DemoPreset replayPreset(const std::string& id = "tiny-replay")
{
    rlab::content::DemoPreset preset = tinyPreset(id);
    rlab::content::DemoRun noReplay = demoRun("full", "full, no RNG replay");
    noReplay.rngReplay = false;
    preset.runs = {demoRun("full"), noReplay};
    return preset;
}

// Long enough (many seconds) that it is surely still running when a test cancels it.
inline rlab::content::DemoPreset longPreset(const std::string& id = "long")
{
    rlab::content::DemoPreset preset = tinyPreset(id);
    preset.steps = 200;
    preset.shape = {6, 128, 4, 128, 8, 256};
    preset.maxShape = preset.shape;
    return preset;
}
