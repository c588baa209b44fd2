#include "livefigures.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

#include "rlab/content/figures.h"

namespace rlab::demo {

namespace {
// The translation context of the .ts files: the class's name before it had a namespace.
struct Texts {
    Q_DECLARE_TR_FUNCTIONS(LiveFigures)
};
} // namespace

LiveFigures::LiveFigures(QObject* parent)
    : QObject(parent)
{
}

const std::vector<rlab::demo::RunOutcome>* LiveFigures::learnerRuns(const std::string& presetId) const
{
    const auto found = m_runs.find(presetId);
    return found == m_runs.end() ? nullptr : &found->second;
}

void LiveFigures::setContent(const rlab::content::Content& content)
{
    m_presets = content.presets;
    m_language = content.language.empty() ? "en" : content.language;
    m_predicted.clear();
    emit changed();
}

void LiveFigures::recordRun(const std::string& presetId, std::vector<rlab::demo::RunOutcome> outcomes)
{
    for (rlab::demo::RunOutcome& out : outcomes) {
        out.result.timeline.clear(); // only the figures are read
        out.result.memory = {};
        out.result.gradients.clear();
    }
    m_runs[presetId] = std::move(outcomes);
    emit changed();
}

void LiveFigures::forgetRuns()
{
    m_runs.clear();
    emit changed();
}

const std::vector<rlab::demo::RunOutcome>* LiveFigures::predicted(const std::string& presetId) const
{
    const auto cached = m_predicted.find(presetId);
    if (cached != m_predicted.end())
        return &cached->second;
    const auto preset = m_presets.find(presetId);
    if (preset == m_presets.end())
        return nullptr;
    std::string error;
    return &m_predicted
                .emplace(presetId,
                    rlab::demo::predictOutcomes(
                        preset->second, rlab::demo::defaultChoice(preset->second), &error))
                .first->second;
}

LiveFigures::Rendered LiveFigures::render(const rlab::content::Text& text) const
{
    Rendered out;
    if (text.value.find("{{") == std::string::npos) {
        out.text = QString::fromStdString(text.value);
        return out;
    }
    const std::string language = text.fallback ? std::string("en") : m_language;
    const std::string point = QLocale(QString::fromStdString(language)).decimalPoint().toStdString();
    const auto show = [&](const rlab::content::FigureRef& ref) -> std::optional<std::string> {
        std::optional<double> value;
        if (const auto run = m_runs.find(ref.preset); run != m_runs.end())
            value = rlab::demo::figureValue(ref, run->second);
        if (value) {
            out.sources |= LearnerRun;
        } else if (const auto* guess = ref.measuredOnly() ? nullptr : predicted(ref.preset);
                   guess && (value = rlab::demo::figureValue(ref, *guess))) {
            out.sources |= Predicted;
        } else {
            out.sources |= AsWritten;
            return std::nullopt;
        }
        return rlab::content::figureText(*value, ref, language, point);
    };
    out.text = QString::fromStdString(rlab::content::renderFigures(text.value, show, language, point));
    return out;
}

QString LiveFigures::sourcesNote(int sources)
{
    QStringList sentences;
    if (sources & LearnerRun)
        sentences << QCoreApplication::translate(
            "LiveFigures", "Figures from your last run of the demo, measured.");
    if (sources & Predicted)
        sentences << QCoreApplication::translate("LiveFigures",
            "Figures not yet run here are predicted by the engine for the demo's own sizes; a run measures "
            "the same bytes and FLOPs.");
    if (sources & AsWritten)
        sentences << QCoreApplication::translate("LiveFigures",
            "Times and errors are shown as measured when the text was checked, until you run the demo.");
    return sentences.join(QLatin1Char(' '));
}

} // namespace rlab::demo
