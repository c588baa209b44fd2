#include "answerfigures.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QLocale>

#include "demo/model/democlaimstext.h"
#include "demo/model/demotexts.h"

namespace rlab::demo {

using rlab::content::ClaimQuantity;

namespace {

// The captions' translation context: lupdate files AnswerView::tr under it, as the app looks it up.
struct AnswerView {
    Q_DECLARE_TR_FUNCTIONS(AnswerView)
};

QString number(double value, int decimals)
{
    return QLocale().toString(value, 'f', decimals);
}

// Three significant figures, no more than two decimals: 18.5, 3.63, 0.66.
QString significant(double value)
{
    const double size = std::abs(value);
    const int decimals = size >= 100 ? 0 : size >= 10 ? 1 : 2;
    return number(value, decimals);
}

// How a quantity is shown: its unit and the factor from the engine's raw figure to it.
struct Scale {
    QString unit;
    double factor = 1;
};

Scale scaleFor(ClaimQuantity quantity, double largest)
{
    switch (quantity.kind) {
    case ClaimQuantity::RecomputeFlops:
        return largest >= 1e9 ? Scale {AnswerView::tr("GFLOP"), 1e-9} : Scale {AnswerView::tr("MFLOP"), 1e-6};
    case ClaimQuantity::RecomputeShare:
        return {QStringLiteral("%"), 100};
    case ClaimQuantity::StepMs:
    case ClaimQuantity::OffloadMs:
        return {AnswerView::tr("ms"), 1};
    case ClaimQuantity::GradError:
    case ClaimQuantity::LossDifference:
        return {QString(), 1};
    default:
        return largest >= 1024.0 * 1024.0 * 1024.0
            ? Scale {AnswerView::tr("GiB"), 1.0 / (1024.0 * 1024.0 * 1024.0)}
            : largest >= 1024.0 * 1024.0 ? Scale {AnswerView::tr("MiB"), 1.0 / (1024.0 * 1024.0)}
                                         : Scale {AnswerView::tr("KiB"), 1.0 / 1024.0};
    }
}

QString valueText(double shown, const Scale& scale)
{
    if (scale.unit.isEmpty())
        return readableNumber(shown);
    if (scale.unit == QLatin1String("%"))
        return AnswerView::tr("%1%").arg(number(shown, 1));
    return AnswerView::tr("%1 %2").arg(significant(shown), scale.unit);
}

QString share(double part, double whole)
{
    return whole > 0 ? AnswerView::tr("%1%").arg(number(100.0 * part / whole, 0)) : QString();
}

const RunOutcome* find(const std::vector<const RunOutcome*>& runs, const std::string& label)
{
    for (const RunOutcome* out : runs)
        if (out->label == label)
            return out;
    return nullptr;
}

// The sentence for memory: "full kept 3.63 MiB of activations at the peak, 20% of none's 18.5 MiB."
QString memorySentence(ClaimQuantity quantity, const QString& run, const QString& value, const QString& than,
    const QString& other, const QString& percent)
{
    const bool activations = quantity.kind == ClaimQuantity::PeakActivationBytes;
    if (than.isEmpty())
        return activations
            ? AnswerView::tr("%1 kept %2 of activations at the step's peak.").arg(run, value)
            : AnswerView::tr("%1: %2 of %3 at the step's peak.").arg(run, value, quantityTitle(quantity));
    return activations ? AnswerView::tr("%1 kept %2 of activations at the step's peak, %3 of %4's %5.")
                             .arg(run, value, percent, than, other)
                       : AnswerView::tr("%1: %2 of %3 at the step's peak, %4 of %5's %6.")
                             .arg(run, value, quantityTitle(quantity), percent, than, other);
}

QString flopsSentence(const QString& run, double raw, const QString& value, const QString& than,
    double otherRaw, const QString& other, const RunOutcome& outcome)
{
    const double forward = static_cast<double>(outcome.result.forwardFlops);
    const QString ofForward = forward > 0 ? share(raw, forward) : QString();
    QString sentence = raw <= 0 ? AnswerView::tr("%1 recomputed nothing.").arg(run)
        : ofForward.isEmpty()
        ? AnswerView::tr("%1 recomputed %2 a step.").arg(run, value)
        : AnswerView::tr("%1 recomputed %2 a step, %3 of a forward pass.").arg(run, value, ofForward);
    if (!than.isEmpty())
        sentence += QLatin1Char(' ')
            + (otherRaw <= 0 ? AnswerView::tr("%1 recomputed nothing.").arg(than)
                             : AnswerView::tr("%1 recomputed %2.").arg(than, other));
    return sentence;
}

// Step times are compared as the claims compare them: round by round, the ratio's 95% interval.
QString timeSentence(const QString& run, const RunOutcome& a, const QString& than, const RunOutcome* b)
{
    if (!b)
        return AnswerView::tr("%1's step took %2 ms (median, 95% interval %3 to %4).")
            .arg(run, significant(a.result.stepMsMedian), significant(a.result.stepMsCi95Low),
                significant(a.result.stepMsCi95High));
    const MedianInterval ratio = pairedStepRatio(a.result, b->result);
    if (!std::isfinite(ratio.median))
        return {};
    const QString times = number(ratio.median, 2), low = number(ratio.low, 2), high = number(ratio.high, 2);
    if (ratio.low <= 1.0 && ratio.high >= 1.0) {
        const double extra
            = static_cast<double>(a.result.recomputeFlops) - static_cast<double>(b->result.recomputeFlops);
        const QString work = extra > 0
            ? AnswerView::tr(" What is certain is the work: %1 recomputes %2 more a step, counted.")
                  .arg(run,
                      valueText(extra * scaleFor(ClaimQuantity::RecomputeFlops, extra).factor,
                          scaleFor(ClaimQuantity::RecomputeFlops, extra)))
            : QString();
        return AnswerView::tr("%1's step and %2's are the same within noise at these sizes (%3 times, 95% "
                              "interval %4 to "
                              "%5).")
                   .arg(run, than, times, low, high)
            + work;
    }
    return AnswerView::tr("%1's step took %2 times %3's (95% interval %4 to %5).")
        .arg(run, times, than, low, high);
}

QString errorSentence(ClaimQuantity quantity, const QString& run, const QString& value, const QString& than,
    const QString& other)
{
    const QString what = quantity.kind == ClaimQuantity::GradError
        ? AnswerView::tr("%1's gradients differ from none's by %2 of the largest gradient.").arg(run, value)
        : AnswerView::tr("%1's loss differs from none's by %2.").arg(run, value);
    return than.isEmpty() ? what : what + QLatin1Char(' ') + AnswerView::tr("%1's by %2.").arg(than, other);
}

} // namespace

AnswerFigures answerFigures(const content::DemoPreset& preset, const content::DemoAnswer& answer,
    const std::vector<RunOutcome>& outcomes, bool predicted, const RunNames& runNames)
{
    const auto name
        = [&runNames](const std::string& label) { return runNames ? runNames(label) : runNameText(label); };
    AnswerFigures figures;
    figures.predicted = predicted;
    // With a sweep the bars are at its largest value, where the difference shows most.
    std::vector<const RunOutcome*> runs;
    for (const RunOutcome& out : outcomes)
        if (!out.hiddenReference)
            figures.sweepValue = std::max(figures.sweepValue, out.sweepValue);
    for (const RunOutcome& out : outcomes)
        if (!out.hiddenReference && out.sweepValue == figures.sweepValue)
            runs.push_back(&out);
    if (preset.sweep)
        figures.sweepParameter = QString::fromStdString(preset.sweep->parameter);
    double largest = 0;
    for (const RunOutcome* out : runs)
        if (const std::optional<Figure> f = measureQuantity(answer.quantity, *out))
            largest = std::max(largest, std::abs(f->value));
    const Scale scale = scaleFor(answer.quantity, largest);
    for (const RunOutcome* out : runs) {
        const std::optional<Figure> f = measureQuantity(answer.quantity, *out);
        if (!f || (predicted && answer.quantity.kind == ClaimQuantity::StepMs))
            continue;
        AnswerBar bar;
        bar.label = name(out->label);
        bar.value = f->value * scale.factor;
        bar.low = f->low * scale.factor;
        bar.high = f->high * scale.factor;
        bar.text = valueText(bar.value, scale);
        if (answer.quantity.kind == ClaimQuantity::StepMs)
            bar.text = AnswerView::tr("%1 ms (%2 to %3)")
                           .arg(significant(bar.value), significant(bar.low), significant(bar.high));
        bar.compared = out->label == answer.run || out->label == answer.than;
        figures.bars.append(bar);
    }
    QString title = quantityTitle(answer.quantity);
    if (!title.isEmpty())
        title[0] = title[0].toUpper();
    figures.title = scale.unit.isEmpty() ? title : AnswerView::tr("%1, %2").arg(title, scale.unit);
    figures.unit = scale.unit;

    const RunOutcome* run = find(runs, answer.run);
    const RunOutcome* than = answer.than.empty() ? nullptr : find(runs, answer.than);
    if (!run || figures.bars.isEmpty())
        return figures;
    const std::optional<Figure> a = measureQuantity(answer.quantity, *run);
    const std::optional<Figure> b = than ? measureQuantity(answer.quantity, *than) : std::nullopt;
    if (!a)
        return figures;
    const QString runName = name(run->label);
    const QString thanName = than ? name(than->label) : QString();
    const QString value = valueText(a->value * scale.factor, scale);
    const QString other = b ? valueText(b->value * scale.factor, scale) : QString();
    switch (answer.quantity.kind) {
    case ClaimQuantity::RecomputeFlops:
        figures.caption = flopsSentence(
            runName, a->value, value, b ? thanName : QString(), b ? b->value : 0, other, *run);
        break;
    case ClaimQuantity::RecomputeShare:
        figures.caption = AnswerView::tr("%1 recomputed %2 of a forward pass a step.").arg(runName, value);
        break;
    case ClaimQuantity::StepMs:
        if (!predicted)
            figures.caption = timeSentence(runName, *run, thanName, than);
        break;
    case ClaimQuantity::GradError:
    case ClaimQuantity::LossDifference:
        figures.caption = errorSentence(answer.quantity, runName, value, b ? thanName : QString(), other);
        break;
    case ClaimQuantity::OffloadMs:
        figures.caption
            = AnswerView::tr("%1 spent %2 a step copying to and from host memory.").arg(runName, value);
        break;
    default:
        figures.caption = memorySentence(answer.quantity, runName, value, b ? thanName : QString(), other,
            b ? share(a->value, b->value) : QString());
    }
    if (preset.sweep && !figures.caption.isEmpty())
        figures.caption
            = AnswerView::tr("At %1: %2")
                  .arg(sweepValueText(figures.sweepParameter, figures.sweepValue), figures.caption);
    return figures;
}

std::optional<double> answerPercent(
    const content::DemoAnswer& answer, const std::vector<RunOutcome>& outcomes)
{
    int sweepValue = 0;
    for (const RunOutcome& out : outcomes)
        if (!out.hiddenReference)
            sweepValue = std::max(sweepValue, out.sweepValue);
    std::optional<double> run, than;
    for (const RunOutcome& out : outcomes) {
        if (out.hiddenReference || out.sweepValue != sweepValue)
            continue;
        if (const std::optional<Figure> f = measureQuantity(answer.quantity, out)) {
            if (out.label == answer.run)
                run = f->value;
            else if (out.label == answer.than)
                than = f->value;
        }
    }
    if (!run || !than || *than == 0)
        return std::nullopt;
    return 100.0 * *run / *than;
}

QString answerPlaceholder(const content::DemoAnswer& answer)
{
    QString what = quantityTitle(answer.quantity);
    return AnswerView::tr("Run the demo: the %1 of each run appears here, measured.").arg(what);
}

} // namespace rlab::demo
