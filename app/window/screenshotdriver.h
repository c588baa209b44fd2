#pragma once
// The command line's effect on the window: the quiz state the options ask for, then a screenshot of
// it or the demo's results exported (launchoptions.h reads the options).

#include <optional>

#include <QString>

#include "window/launchoptions.h"

class MainWindow;

// Why the command line stops short: its exit status (1 a failure, 2 bad arguments) and one sentence.
struct LaunchFailure {
    int exitStatus = 1;
    QString sentence;
};

// Puts the window in the state the options ask for; nullopt when done, else one sentence.
std::optional<QString> applyLaunchOptions(MainWindow& window, const LaunchOptions& options);

// Where the screenshot cannot be written (a missing or read-only folder): one sentence, checked
// before any demo runs so the learner does not wait for nothing. nullopt when it looks writable.
std::optional<QString> screenshotUnwritable(const LaunchOptions& options);

// Shows the window at the asked size, runs the demo when asked, saves the PNG. nullopt when the
// picture was written and shows what was asked; else why not, with exit status 2 for a demo the
// question does not have and 1 for a demo that failed (its state is still saved) or a failed write.
std::optional<LaunchFailure> saveScreenshot(MainWindow& window, const LaunchOptions& options);
// Runs the question's demo to its end (unless a screenshot already did) and writes its results to
// options.exportPath, with no window shown. nullopt on success; else why not, with exit status 2
// for a demo the question does not have and 1 for a failed demo or write.
std::optional<LaunchFailure> exportDemo(MainWindow& window, const LaunchOptions& options, bool demoDone);
