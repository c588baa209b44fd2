#pragma once
// Live figures in content texts (rlab/content/figures.h), as the learner reads them: each
// {{...}} shows the learner's own last run of its preset when there is one, else the preset's
// default run as the engine's predictor gives it (memory and counted FLOPs, which a run measures
// exactly the same), else, for what only a run measures (time, gradient error), the figure as
// written; in the text's language's number format. No widgets: labels ask, and re-ask on changed().

#include <map>
#include <string>
#include <vector>

#include <QObject>
#include <QString>

#include "rlab/content/content.h"
#include "rlab/demo/demo.h"

namespace rlab::demo {

class LiveFigures : public QObject {
    Q_OBJECT

public:
    explicit LiveFigures(QObject* parent = nullptr);

    // The presets the figures name and the language the texts are in (a field that fell back to
    // English is shown in English's format). Forgets the predictions, keeps the learner's runs.
    void setContent(const rlab::content::Content& content);
    // A finished demo of `presetId` at the learner's sizes: its figures show these runs from now on.
    void recordRun(const std::string& presetId, std::vector<rlab::demo::RunOutcome> outcomes);
    void forgetRuns();
    // The learner's last run of the preset this session; null before one finished.
    const std::vector<rlab::demo::RunOutcome>* learnerRuns(const std::string& presetId) const;

    // Where the figures of one text came from, as flags.
    enum Source { LearnerRun = 1, Predicted = 2, AsWritten = 4 };
    struct Rendered {
        QString text;
        int sources = 0; // 0: the text holds no figure
    };
    Rendered render(const rlab::content::Text& text) const;
    QString plain(const rlab::content::Text& text) const { return render(text).text; }
    // One or two sentences saying where `sources` came from, in the interface language.
    static QString sourcesNote(int sources);

signals:
    void changed();

private:
    const std::vector<rlab::demo::RunOutcome>* predicted(const std::string& presetId) const;

    std::map<std::string, rlab::content::DemoPreset> m_presets;
    std::string m_language = "en";
    std::map<std::string, std::vector<rlab::demo::RunOutcome>> m_runs; // the learner's, by preset
    mutable std::map<std::string, std::vector<rlab::demo::RunOutcome>> m_predicted;
};

} // namespace rlab::demo
