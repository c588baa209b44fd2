#include "democlaimstext.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QLocale>

#include "demo/model/demotexts.h"
#include "demo/model/livefigures.h"

namespace rlab::demo {

using rlab::content::ClaimQuantity;
using rlab::content::ClaimRelation;

QString quantityTitle(ClaimQuantity quantity)
{
    switch (quantity.kind) {
    case ClaimQuantity::CategoryPeak:
        return memoryCategoryTitle(quantity.category);
    case ClaimQuantity::PeakActivationBytes:
        return QCoreApplication::translate("DemoClaims", "peak activation memory");
    case ClaimQuantity::PeakBytes:
        return QCoreApplication::translate("DemoClaims", "peak total memory");
    case ClaimQuantity::RecomputeFlops:
        return QCoreApplication::translate("DemoClaims", "recompute FLOPs");
    case ClaimQuantity::RecomputeShare:
        return QCoreApplication::translate("DemoClaims", "recompute FLOPs as a share of the forward pass");
    case ClaimQuantity::StepMs:
        return QCoreApplication::translate("DemoClaims", "step time");
    case ClaimQuantity::GradError:
        return QCoreApplication::translate("DemoClaims", "gradient error relative to the largest gradient");
    case ClaimQuantity::LossDifference:
        return QCoreApplication::translate("DemoClaims", "loss difference from none");
    case ClaimQuantity::OffloadMs:
        return QCoreApplication::translate("DemoClaims", "copy time to and from the host");
    }
    return {};
}

namespace {
QString number(double value, int decimals)
{
    return QLocale().toString(value, 'f', decimals);
}
} // namespace

QString readableNumber(double value)
{
    // Three significant digits; outside 0.001..999999 as "1.2 × 10⁻⁵", never "1E-05".
    const double size = std::abs(value);
    if (size == 0 || (size >= 1e-3 && size < 1e6))
        return QLocale().toString(value, 'g', 3);
    int exponent = int(std::floor(std::log10(size)));
    double mantissa = value / std::pow(10.0, exponent);
    if (std::abs(std::round(mantissa * 100) / 100) >= 10) { // 9.996 rounds up to the next power
        mantissa /= 10;
        ++exponent;
    }
    static const QString superscripts = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    QString power;
    for (const QChar digit : QString::number(std::abs(exponent)))
        power += superscripts[digit.digitValue()];
    if (exponent < 0)
        power.prepend(QChar(0x207B)); // superscript minus
    const QString lead = std::abs(mantissa - 1) < 5e-3
        ? QString()
        : QLocale().toString(mantissa, 'g', 3) + QStringLiteral(" × ");
    return lead + QStringLiteral("10") + power;
}

QString runNameText(const std::string& run)
{
    // A budget run's label is its policy, "budget:6MiB": said as the learner would, "budget 6 MiB".
    // The engine's own policy word carries the budget in bytes and "+offload" ("budget:6291456+offload",
    // a counterfactual's): "budget 6 MiB + offload".
    QString name = QString::fromStdString(run);
    static const QString offload = QStringLiteral("+offload");
    const bool offloaded = name.endsWith(offload);
    if (offloaded)
        name.chop(offload.size());
    static const QString prefix = QStringLiteral("budget:");
    if (name.startsWith(prefix)) {
        QString size = name.mid(prefix.size());
        bool bytes = false;
        const double value = size.toDouble(&bytes);
        qsizetype digits = 0;
        while (!bytes && digits < size.size() && (size[digits].isDigit() || size[digits] == QLatin1Char('.')))
            ++digits;
        // "6 MiB", never broken between the figure and its unit.
        if (bytes)
            size
                = QLocale().toString(value / double(1 << 20), 'g', 3) + QChar(0x00A0) + QStringLiteral("MiB");
        else if (digits > 0 && digits < size.size())
            size.insert(digits, QChar(0x00A0));
        name = QCoreApplication::translate("DemoClaims", "budget %1").arg(size);
    }
    return offloaded ? QCoreApplication::translate("DemoClaims", "%1 + offload").arg(name) : name;
}

// A figure in the learner's locale; step times with their 95% interval.
QString figureText(ClaimQuantity quantity, const rlab::demo::Figure& f)
{
    switch (quantity.kind) {
    case ClaimQuantity::RecomputeFlops:
        return QCoreApplication::translate("DemoClaims", "%1 MFLOP").arg(number(f.value / 1e6, 1));
    case ClaimQuantity::RecomputeShare:
        return QCoreApplication::translate("DemoClaims", "%1%").arg(number(100 * f.value, 1));
    case ClaimQuantity::StepMs:
        if (f.ratio)
            return QCoreApplication::translate("DemoClaims", "%1× [%2, %3] (paired steps)")
                .arg(number(f.value, 3), number(f.low, 3), number(f.high, 3));
        return QCoreApplication::translate("DemoClaims", "%1 ms [%2, %3]")
            .arg(number(f.value, 2), number(f.low, 2), number(f.high, 2));
    case ClaimQuantity::GradError:
        return readableNumber(f.value);
    case ClaimQuantity::LossDifference:
        return number(f.value, 4);
    case ClaimQuantity::OffloadMs:
        return QCoreApplication::translate("DemoClaims", "%1 ms").arg(number(f.value, 3));
    default:
        return QCoreApplication::translate("DemoClaims", "%1 MiB")
            .arg(number(f.value / (1024.0 * 1024.0), 3));
    }
}

namespace {

QString statement(const rlab::content::DemoClaim& claim, const QString& sweep)
{
    const QString what = quantityTitle(claim.quantity);
    const QString run = runNameText(claim.run);
    const QString than = runNameText(claim.than);
    const QString factor
        = claim.factor != 1 ? readableNumber(claim.factor) + QStringLiteral(" × ") : QString();
    QString text;
    switch (claim.is) {
    case ClaimRelation::Below:
        text = QCoreApplication::translate("DemoClaims", "%1 of %2 below %3%4").arg(what, run, factor, than);
        break;
    case ClaimRelation::Above:
        text = QCoreApplication::translate("DemoClaims", "%1 of %2 above %3%4").arg(what, run, factor, than);
        break;
    case ClaimRelation::Equal:
        text = QCoreApplication::translate("DemoClaims", "%1 of %2 equal to %3").arg(what, run, than);
        break;
    case ClaimRelation::AtMost:
        text = QCoreApplication::translate("DemoClaims", "%1 of %2 at most %3")
                   .arg(what, run, readableNumber(claim.value));
        break;
    case ClaimRelation::AtLeast:
        text = QCoreApplication::translate("DemoClaims", "%1 of %2 at least %3")
                   .arg(what, run, readableNumber(claim.value));
        break;
    case ClaimRelation::Grows:
        text = QCoreApplication::translate("DemoClaims", "%1 of %2 grows as %3^%4")
                   .arg(what, run, sweep, QLocale().toString(claim.exponent, 'g', 3));
        break;
    case ClaimRelation::WithinBudget:
        text = claim.run.empty()
            ? QCoreApplication::translate("DemoClaims", "%1 of every budget run within its budget").arg(what)
            : QCoreApplication::translate("DemoClaims", "%1 of %2 within its budget").arg(what, run);
        break;
    case ClaimRelation::Predicted:
        text = QCoreApplication::translate("DemoClaims", "%1 of %2 as the predictor said").arg(what, run);
        break;
    case ClaimRelation::FallsWithBudget:
        text = QCoreApplication::translate("DemoClaims", "%1 falls as the budget grows").arg(what);
        break;
    case ClaimRelation::OnFrontier:
        text = claim.run.empty()
            ? QCoreApplication::translate("DemoClaims", "%1: no named policy below the budget frontier")
                  .arg(what)
            : QCoreApplication::translate("DemoClaims", "%1 of %2 not below the budget frontier")
                  .arg(what, run);
        break;
    }
    if (claim.at)
        text += QCoreApplication::translate("DemoClaims", " (at %1 = %2)").arg(sweep).arg(*claim.at);
    return text;
}

const DemoResult* resultOf(const QList<DemoResult>& results, const std::string& label, int sweepValue)
{
    const QString wanted = QString::fromStdString(label);
    for (const DemoResult& result : results)
        if (result.label == wanted && result.sweepValue == sweepValue)
            return &result;
    return nullptr;
}

double countedFlops(const rlab::RunResult& run)
{
    return run.forwardFlops + run.backwardFlops + run.recomputeFlops;
}

// For a step-time comparison: the measured time overhead of each sweep point beside the counted
// FLOP overhead of the same two runs.
QString overheads(const rlab::content::DemoClaim& claim, const rlab::demo::ClaimCheck& check,
    const QList<DemoResult>& results)
{
    if (claim.quantity != ClaimQuantity::StepMs || claim.than.empty())
        return {};
    QStringList parts;
    std::vector<int> seen;
    for (const rlab::demo::Figure& f : check.figures) {
        if (std::find(seen.begin(), seen.end(), f.sweepValue) != seen.end())
            continue;
        seen.push_back(f.sweepValue);
        const DemoResult* a = resultOf(results, claim.run, f.sweepValue);
        const DemoResult* b = resultOf(results, claim.than, f.sweepValue);
        if (!a || !b || b->run.stepMsMedian <= 0 || countedFlops(b->run) <= 0)
            continue;
        const std::optional<double> time = stepOverheadPercent(a->run, b->run);
        const double flops = 100 * (countedFlops(a->run) / countedFlops(b->run) - 1);
        if (!time) { // the paired interval holds no difference: no percentage to read as real
            parts.push_back(
                QCoreApplication::translate("DemoClaims", "%1: time the same within noise, counted FLOPs %2%")
                    .arg(a->title(), QLocale().toString(flops, 'f', 0)));
            continue;
        }
        parts.push_back(
            QCoreApplication::translate("DemoClaims", "%1: time %2%, counted FLOPs %3%")
                .arg(a->title(), QLocale().toString(*time, 'f', 0), QLocale().toString(flops, 'f', 0)));
    }
    return parts.join(QStringLiteral("; "));
}

// For a claim about copy time: each offloading run's measured copies beside what the same bytes
// would take over PCIe (predicted, with the bandwidth it assumes).
QString pcieBeside(const rlab::content::DemoClaim& claim, const QList<DemoResult>& results)
{
    if (claim.quantity != ClaimQuantity::OffloadMs)
        return {};
    QStringList parts;
    for (const DemoResult& result : results) {
        if (result.run.offloadBytes == 0)
            continue;
        parts.push_back(
            QCoreApplication::translate("DemoClaims",
                "%1: %2 MiB a step, copied in %3 ms (measured); over PCIe 4.0 x16 at about 25 GB/s, %4 ms "
                "(predicted)")
                .arg(result.title(), number(double(result.run.offloadBytes) / (1024.0 * 1024.0), 2),
                    number(result.run.offloadMs, 3), number(result.predictedPcieMs, 3)));
    }
    return parts.join(QStringLiteral("; "));
}

QString measured(const rlab::demo::ClaimCheck& check, const QString& sweep)
{
    QStringList parts;
    for (const rlab::demo::Figure& f : check.figures) {
        QString run = runNameText(f.run);
        if (run == QLatin1String("budget"))
            run = QCoreApplication::translate("DemoClaims", "budget");
        else if (run == QLatin1String("predicted"))
            run = QCoreApplication::translate("DemoClaims", "predicted");
        if (!sweep.isEmpty())
            run = QStringLiteral("%1 (%2 = %3)").arg(run, sweep).arg(f.sweepValue);
        // The figure and its unit stay on one line ("2.324 MiB" was broken as "2.⏎324 MiB").
        parts.push_back(QStringLiteral("%1 %2").arg(
            run, figureText(check.quantity, f).replace(QLatin1Char(' '), QChar(0x00A0))));
    }
    if (check.fitted != 0)
        parts.push_back(
            QCoreApplication::translate("DemoClaims", "fitted exponent %1").arg(number(check.fitted, 2)));
    return parts.join(QStringLiteral("; "));
}

} // namespace

QString demoClaimsHtml(const LiveFigures& figures, const rlab::content::DemoPreset& preset,
    const std::vector<rlab::demo::ClaimCheck>& checks, const QList<DemoResult>& results,
    const VerdictColors& colors)
{
    const QString sweep
        = preset.sweep ? sweepParameterTitle(QString::fromStdString(preset.sweep->parameter)) : QString();
    QStringList lines;
    for (const rlab::demo::ClaimCheck& check : checks) {
        const auto claim = std::find_if(preset.claims.begin(), preset.claims.end(),
            [&](const rlab::content::DemoClaim& c) { return c.id == check.claimId; });
        if (claim == preset.claims.end())
            continue;
        QString mark;
        switch (check.verdict) {
        case rlab::demo::Verdict::Holds:
            mark = QStringLiteral("<span style=\"color:%2\">✔ %1</span>")
                       .arg(QCoreApplication::translate("DemoClaims", "Holds in this run:"), colors.holds);
            break;
        case rlab::demo::Verdict::Fails:
            mark = QStringLiteral("<span style=\"color:%2\">✘ %1</span>")
                       .arg(QCoreApplication::translate("DemoClaims", "Does not hold at these sizes:"),
                           colors.fails);
            break;
        case rlab::demo::Verdict::WithinNoise:
            mark = QStringLiteral("<span style=\"color:%2\">≈ %1</span>")
                       .arg(QCoreApplication::translate("DemoClaims", "Same within noise:"),
                           colors.withinNoise);
            break;
        }
        QString line = QStringLiteral("%1 %2<br><small>%3</small>")
                           .arg(mark, statement(*claim, sweep).toHtmlEscaped(),
                               measured(check, sweep).toHtmlEscaped());
        if (const QString extra = overheads(*claim, check, results); !extra.isEmpty())
            line += QStringLiteral("<br><small>%1</small>").arg(extra.toHtmlEscaped());
        if (const QString pcie = pcieBeside(*claim, results); !pcie.isEmpty())
            line += QStringLiteral("<br><small>%1</small>").arg(pcie.toHtmlEscaped());
        if (check.verdict != rlab::demo::Verdict::Holds && !claim->reason.value.empty())
            line += QStringLiteral("<br><small><i>%1</i></small>")
                        .arg(figures.plain(claim->reason).toHtmlEscaped());
        lines.push_back(line);
    }
    return lines.join(QStringLiteral("<br>"));
}

QString demoClaimsSummary(const std::vector<rlab::demo::ClaimCheck>& checks)
{
    int holds = 0;
    int noise = 0;
    int fails = 0;
    for (const rlab::demo::ClaimCheck& check : checks) {
        holds += check.verdict == rlab::demo::Verdict::Holds;
        noise += check.verdict == rlab::demo::Verdict::WithinNoise;
        fails += check.verdict == rlab::demo::Verdict::Fails;
    }
    QStringList parts {
        QCoreApplication::translate("DemoClaims", "%1 of %2 hold").arg(holds).arg(checks.size())};
    if (noise > 0)
        parts.push_back(QCoreApplication::translate("DemoClaims", "same within noise: %1").arg(noise));
    if (fails > 0)
        parts.push_back(
            QCoreApplication::translate("DemoClaims", "do not hold at these sizes: %1").arg(fails));
    return QCoreApplication::translate("DemoClaims", "What this run shows: %1")
        .arg(parts.join(QStringLiteral(" · ")));
}

} // namespace rlab::demo
