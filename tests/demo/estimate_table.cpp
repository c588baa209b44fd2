// The demo estimate against the time taken, for every preset of the content, as the app makes it:
// the runs' predicted FLOPs at the speed this process has measured so far, corrected by how long
// each preset took against its FLOP estimate (before its own first run: a fit over the presets run
// so far of the time against the FLOP estimate and the number of runs).
// Presets run in the order the quizzes first ask for them, at their default sizes, `--passes`
// times; each row is one run, timed around rlab::demo::runPlanned as the panel's worker calls it.
// Prints a Markdown table for docs/performance.md ("Demo estimates against the time taken").
//
//   demo_estimate_table CONTENT_DIR [--passes N]

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include <QCoreApplication>

#include "demo/model/demoestimate.h"
#include "demo/model/demorunner.h"
#include "rlab/content/content.h"
#include "rlab/demo/demo.h"

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fputs("usage: demo_estimate_table CONTENT_DIR [--passes N]\n", stderr);
        return 2;
    }
    int passes = 2;
    if (argc >= 4 && std::string(argv[2]) == "--passes")
        passes = std::max(1, std::atoi(argv[3]));
    const rlab::content::Content content = rlab::content::loadContent(argv[1], "en");
    if (!content.errors.empty()) {
        std::fprintf(stderr, "demo_estimate_table: %s\n", content.errors.front().toString().c_str());
        return 1;
    }
    std::vector<const rlab::content::DemoPreset*> order;
    std::set<std::string> seen;
    for (const rlab::content::Quiz& quiz : content.quizzes)
        for (const rlab::content::Question& question : quiz.questions)
            if (const rlab::content::DemoPreset* preset = content.preset(question.demo);
                preset && seen.insert(preset->id).second)
                order.push_back(preset);

    std::printf(
        "| pass | preset | estimate, s | taken, s | taken / estimate |\n| --- | --- | --- | --- | --- |\n");
    std::vector<double> ratios;
    for (int pass = 1; pass <= passes; ++pass) {
        for (const rlab::content::DemoPreset* preset : order) {
            const auto planned
                = rlab::demo::DemoRunner::plan(*preset, rlab::demo::DemoRunner::defaultChoice(*preset));
            if (!planned.ok()) {
                std::printf("| %d | %s | | | %s |\n", pass, preset->id.c_str(),
                    planned.problem.toStdString().c_str());
                continue;
            }
            const QString id = QString::fromStdString(preset->id);
            const std::optional<double> speed = rlab::demo::measuredFlopsPerMs();
            const double flopEstimate = speed ? rlab::demo::estimateDemoSeconds(planned.value, *speed) : 0;
            const int runCount = int(planned.value.size());
            const double estimate = rlab::demo::correctedEstimate(id, flopEstimate, runCount);
            const std::vector<rlab::demo::DemoRunPlan> runs(planned.value.begin(), planned.value.end());
            const auto start = std::chrono::steady_clock::now();
            const std::vector<rlab::demo::RunOutcome> outcomes = rlab::demo::runPlanned(runs);
            const double taken
                = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            for (const rlab::demo::RunOutcome& out : outcomes)
                if (!out.hiddenReference)
                    rlab::demo::recordMeasuredSpeed(out.result);
            rlab::demo::recordEstimateTaken(id, flopEstimate, taken, runCount);
            if (estimate > 0) {
                ratios.push_back(taken / estimate);
                std::printf("| %d | %s | %.2f | %.2f | %.2f |\n", pass, preset->id.c_str(), estimate, taken,
                    taken / estimate);
            } else {
                std::printf("| %d | %s | none yet | %.2f | |\n", pass, preset->id.c_str(), taken);
            }
            std::fflush(stdout);
        }
    }
    int within = 0;
    for (const double r : ratios)
        within += r >= 1 / 1.5 && r <= 1.5;
    std::printf("\n%d of %zu estimates within 1.5x of the time taken.\n", within, ratios.size());
    return 0;
}
