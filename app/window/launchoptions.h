#pragma once
// recompute-lab's command line read: which quiz state to open, and whether to render it to a PNG or
// export a demo's results and exit (docs and tests). Question and answer numbers count from 1, as the
// learner sees them. What the window then does with them is screenshotdriver.h's.

#include <cstdint>
#include <optional>

#include <QDate>
#include <QSize>
#include <QString>
#include <QStringList>

#include "common/orproblem.h"
#include "quiz/model/progressstore.h"

namespace rlab::quiz {
class ContentLibrary;
}

struct LaunchOptions {
    QString language; // empty: the saved or system language
    bool languageGiven = false; // --lang was given (an empty one too: it is no language on offer)
    QString quiz;
    int question = 0; // 1-based; 0: not given
    int answer = 0; // 1-based; 0: not given
    bool runDemo = false;
    bool showGuide = false; // the guide section's tab instead of the demo's
    bool planner = false; // open the Planner page
    bool plannerCluster = false; // and scroll it to the cluster (implies planner)
    QString plannerModel; // a model preset's --model word chosen on it (implies planner)
    QString screenshot; // PNG path; empty: run interactively
    bool packDialog = false; // with screenshot: render File > Open pack's dialog (Qt's own strings)
    QString search; // with screenshot: render Quiz > Search with these words typed
    bool glossary = false; // with screenshot: render Help > Glossary
    bool tryCounterfactuals = false; // with runDemo and screenshot: run the peak card's counterfactuals
    QString view; // with runDemo: the demo's results view shown ("ledger", "timeline", ...); empty: its own
    QString exportPath; // with runDemo: write the demo's results here (CSV or JSON) and exit
    QString progressFile; // read this progress file (never written) instead of the learner's
    QDate today; // the day attempts and reviews count from; invalid: the system's
    QString predict; // the demo's prediction: a run's label, or a percentage
    std::optional<std::uint32_t> seed; // --seed: the options' shuffle; a screenshot's is 1 unless given
    QSize size {1280, 800};
    QString contentRoot;
    QString pack; // the positional argument: a pack (folder or archive) opened beside the content
    bool watch = false; // --watch: reload the content when its files change
    bool saveAnswers = false; // --save-answers: with --watch, an author's answers are saved as a learner's
    bool dark = false; // --dark: Fusion with a dark palette, whatever the desktop's theme
    bool helpShown = false; // --help or --version printed; exit 0
};

// Parses `arguments` (argv, program name first). A bad value gives one sentence (and no options).
// The content is not read here: unofferedLanguage checks --lang against the library the window uses.
rlab::app::OrProblem<LaunchOptions> parseLaunchOptions(const QStringList& arguments);
// Why --lang cannot be used: one sentence naming the languages `library` offers; empty when it is
// offered or was not given.
QString unofferedLanguage(const LaunchOptions& options, const rlab::quiz::ContentLibrary& library);

// Whether these arguments ask for a screenshot or an export, which exit when done and leave the
// learner's saved progress alone (decided before QApplication exists).
bool wantsScreenshot(int argc, char** argv);
bool wantsExport(int argc, char** argv);
// A screenshot, --help or --version: nothing is shown on a screen, so no display is needed.
bool needsNoWindow(int argc, char** argv);

// The progress the window reads and writes: a screenshot or an export writes none; an author
// reloading with --watch reads the learner's file (language, window) but writes no answer into it,
// unless --save-answers asks; --progress FILE is read and never written.
rlab::quiz::ProgressStore launchProgress(const LaunchOptions& options, bool screenshot, bool exporting);
// What the terminal is told at start (empty: nothing), in English like the options themselves.
QString launchNotice(const LaunchOptions& options);
