#pragma once
// recompute-lab's command line: open a given quiz state, or render it to a PNG and exit
// (docs and tests). Question and answer numbers count from 1, as the learner sees them.

#include <optional>

#include <QSize>
#include <QString>
#include <QStringList>

class MainWindow;

struct LaunchOptions {
    QString language; // empty: the saved or system language
    QString quiz;
    int question = 0; // 1-based; 0: not given
    int answer = 0; // 1-based; 0: not given
    bool runDemo = false;
    bool showGuide = false; // the guide section's tab instead of the demo's
    QString screenshot; // PNG path; empty: run interactively
    QString exportPath; // with runDemo: write the demo's results here (CSV or JSON) and exit
    QSize size {1280, 800};
    QString contentRoot;
    bool helpShown = false; // --help or --version printed; exit 0
};

// Parses `arguments` (argv, program name first). A bad value gives nullopt and one sentence.
std::optional<LaunchOptions> parseLaunchOptions(const QStringList& arguments, QString* error);

// Whether these arguments ask for a screenshot or an export, which exit when done and leave the
// learner's saved progress alone (decided before QApplication exists).
bool wantsScreenshot(int argc, char** argv);
bool wantsExport(int argc, char** argv);
// A screenshot, --help or --version: nothing is shown on a screen, so no display is needed.
bool needsNoWindow(int argc, char** argv);

// Puts the window in the state the options ask for; nullopt when done, else one sentence.
std::optional<QString> applyLaunchOptions(MainWindow& window, const LaunchOptions& options);

// Shows the window at the asked size, runs the demo when asked, saves the PNG.
// nullopt on success, else one sentence.
std::optional<QString> saveScreenshot(MainWindow& window, const LaunchOptions& options);
// Runs the question's demo to its end (unless a screenshot already did) and writes its results to
// options.exportPath, with no window shown. nullopt on success, else one sentence.
std::optional<QString> exportDemo(MainWindow& window, const LaunchOptions& options, bool demoDone);
