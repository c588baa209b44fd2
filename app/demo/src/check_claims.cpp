// A preset's claims against its measured runs. Exact figures (bytes, counted FLOPs, gradient
// error) are compared as numbers; step times by the 95% interval of their paired ratio, so a
// difference inside the noise is reported as such ("same within noise"), never as a ranking.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "rlab/demo/demo.h"
#include "rlab/text.h"

namespace rlab::demo {

namespace {

using content::ClaimQuantity;
using content::ClaimRelation;

// printf's one-number formats (%g, %.Nf, %.Ng, %%) in the C locale, whatever the process's locale
// (the app runs under the user's, where printf would write "0,5").
std::string printed(std::string_view format, double value)
{
    std::string out;
    for (std::size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%') {
            out += format[i];
            continue;
        }
        std::size_t j = i + 1;
        if (j < format.size() && format[j] == '%') {
            out += '%';
            i = j;
            continue;
        }
        int precision = 6;
        if (j < format.size() && format[j] == '.') {
            precision = 0;
            for (++j; j < format.size() && format[j] >= '0' && format[j] <= '9'; ++j)
                precision = precision * 10 + (format[j] - '0');
        }
        out += j < format.size() && format[j] == 'f' ? text::fixed(value, precision)
                                                     : text::general(value, precision);
        i = j;
    }
    return out;
}

std::string bytesText(double bytes)
{
    return printed("%.3f MiB", bytes / (1024.0 * 1024.0));
}

// The quantity measured in one run; nullopt when the run did not measure it.
std::optional<Figure> measure(ClaimQuantity quantity, const RunOutcome& out)
{
    const RunResult& r = out.result;
    Figure f;
    f.run = out.label;
    f.sweepValue = out.sweepValue;
    double value = 0;
    if (quantity.kind == ClaimQuantity::CategoryPeak) {
        const auto found = r.bytesByCategory.find(std::string(memoryCategoryName(quantity.category)));
        value = found == r.bytesByCategory.end() ? 0.0 : static_cast<double>(found->second);
    } else {
        switch (quantity.kind) {
        case ClaimQuantity::PeakActivationBytes:
            value = static_cast<double>(r.peakActivationBytes);
            break;
        case ClaimQuantity::PeakBytes:
            value = static_cast<double>(r.peakBytes);
            break;
        case ClaimQuantity::RecomputeFlops:
            value = r.recomputeFlops;
            break;
        case ClaimQuantity::RecomputeShare:
            value = r.forwardFlops > 0 ? r.recomputeFlops / r.forwardFlops : 0.0;
            break;
        case ClaimQuantity::StepMs:
            f.value = r.stepMsMedian;
            f.low = r.stepMsCi95Low;
            f.high = r.stepMsCi95High;
            return f;
        case ClaimQuantity::GradError:
            if (out.gradError < 0)
                return std::nullopt;
            value = out.gradError;
            break;
        case ClaimQuantity::LossDifference:
            if (out.lossDifference < 0)
                return std::nullopt;
            value = out.lossDifference;
            break;
        case ClaimQuantity::OffloadMs:
            value = r.offloadMs;
            break;
        default:
            return std::nullopt;
        }
    }
    f.value = f.low = f.high = value;
    return f;
}

const RunOutcome* find(const std::vector<RunOutcome>& outcomes, const std::string& label, int sweepValue)
{
    for (const RunOutcome& out : outcomes)
        if (out.label == label && out.sweepValue == sweepValue)
            return &out;
    return nullptr;
}

// One comparison of two figures: exact ones as numbers; timed ones by the interval of their
// paired ratio (a over b), against `factor`.
Verdict compare(ClaimRelation relation, const Figure& a, const Figure& b, double factor, double tolerance,
    const std::optional<Figure>& ratio)
{
    if (ratio) {
        switch (relation) {
        case ClaimRelation::Below:
            return ratio->high < factor ? Verdict::Holds
                                        : (ratio->low > factor ? Verdict::Fails : Verdict::WithinNoise);
        case ClaimRelation::Above:
            return ratio->low > factor ? Verdict::Holds
                                       : (ratio->high < factor ? Verdict::Fails : Verdict::WithinNoise);
        case ClaimRelation::Equal:
            return ratio->low <= 1 && 1 <= ratio->high ? Verdict::Holds : Verdict::Fails;
        default:
            return Verdict::Fails;
        }
    }
    switch (relation) {
    case ClaimRelation::Below:
        return a.value < factor * b.value ? Verdict::Holds : Verdict::Fails;
    case ClaimRelation::Above:
        return a.value > factor * b.value ? Verdict::Holds : Verdict::Fails;
    case ClaimRelation::Equal:
        return std::abs(a.value - b.value) <= tolerance * std::abs(b.value) ? Verdict::Holds : Verdict::Fails;
    default:
        return Verdict::Fails;
    }
}

// The claim's fitted exponent: the power law through its figures over the sweep values.
double fittedExponent(const std::vector<Figure>& figures)
{
    std::vector<std::pair<double, double>> points;
    points.reserve(figures.size());
    for (const Figure& f : figures)
        points.emplace_back(static_cast<double>(f.sweepValue), f.value);
    const PowerFit fit = fitPowerLaw(points);
    return fit.valid ? fit.exponent : std::nan("");
}

Verdict worse(Verdict a, Verdict b)
{
    if (a == Verdict::Fails || b == Verdict::Fails)
        return Verdict::Fails;
    return a == Verdict::WithinNoise || b == Verdict::WithinNoise ? Verdict::WithinNoise : Verdict::Holds;
}

std::string statementOf(const content::DemoClaim& claim, const std::string& sweepParameter)
{
    std::string text = std::string(content::claimQuantityName(claim.quantity)) + " of "
        + (claim.run.empty() ? std::string(
               claim.is == ClaimRelation::WithinBudget ? "every budget run" : "every named run")
                             : claim.run)
        + " ";
    switch (claim.is) {
    case ClaimRelation::Below:
    case ClaimRelation::Above:
        text += std::string(content::claimRelationName(claim.is)) + " "
            + (claim.factor != 1 ? printed("%g x ", claim.factor) : std::string()) + claim.than;
        break;
    case ClaimRelation::Equal:
        text += "equal to " + claim.than
            + (claim.tolerance > 0 ? printed(" within %g%%", 100 * claim.tolerance) : std::string());
        if (claim.quantity == ClaimQuantity::StepMs)
            text += " (same within noise)";
        break;
    case ClaimRelation::AtMost:
        text += printed("at most %g", claim.value);
        break;
    case ClaimRelation::AtLeast:
        text += printed("at least %g", claim.value);
        break;
    case ClaimRelation::Grows:
        text += "grows as " + sweepParameter + printed("^%g", claim.exponent)
            + printed(" +- %g", claim.tolerance);
        break;
    case ClaimRelation::WithinBudget:
        text += "within its budget";
        break;
    case ClaimRelation::FallsWithBudget:
        text = std::string(content::claimQuantityName(claim.quantity))
            + " of the budget runs falls as the budget grows";
        break;
    case ClaimRelation::OnFrontier:
        text += "not below the budget runs' frontier"
            + std::string(claim.quantity == ClaimQuantity::StepMs ? " by more than the noise" : "")
            + (claim.tolerance > 0 ? printed(" (tolerance %g%%)", 100 * claim.tolerance) : std::string());
        break;
    case ClaimRelation::Predicted:
        text += "equal to the predictor's"
            + (claim.tolerance > 0 ? printed(" within %g%%", 100 * claim.tolerance) : std::string());
        break;
    }
    if (claim.at)
        text += " at " + sweepParameter + " = " + std::to_string(*claim.at);
    return text;
}

std::string measuredText(
    const ClaimCheck& check, const std::string& sweepParameter, const std::vector<Figure>& figures)
{
    std::string text;
    for (const Figure& f : figures) {
        if (!text.empty())
            text += "; ";
        text += f.run;
        if (!sweepParameter.empty())
            text.append(" @").append(sweepParameter).append("=").append(std::to_string(f.sweepValue));
        text.append(" ").append(formatFigure(check.quantity, f));
    }
    if (check.fitted != 0)
        text += printed("; fitted exponent %.2f", check.fitted);
    return text;
}

bool isBudgetRun(const RunOutcome& out)
{
    return out.result.config.policy.kind == PolicyKind::Budget && !out.hiddenReference;
}

// The budget runs at one sweep value, smallest budget first.
std::vector<const RunOutcome*> budgetRuns(const std::vector<RunOutcome>& outcomes, int sweepValue)
{
    std::vector<const RunOutcome*> runs;
    for (const RunOutcome& out : outcomes)
        if (out.sweepValue == sweepValue && isBudgetRun(out))
            runs.push_back(&out);
    std::stable_sort(runs.begin(), runs.end(), [](const RunOutcome* a, const RunOutcome* b) {
        return a->result.config.policy.budgetBytes < b->result.config.policy.budgetBytes;
    });
    return runs;
}

// The claims about the budget runs together: every one within its budget, the quantity falling as
// the budget grows, a run (or every named run) not below their frontier.
void checkOverBudgets(const content::DemoClaim& claim, const std::vector<RunOutcome>& outcomes,
    const std::vector<int>& values, ClaimCheck& check)
{
    Verdict verdict = Verdict::Holds;
    bool any = false;
    for (const int value : values) {
        if (claim.at && *claim.at != value)
            continue;
        const std::vector<const RunOutcome*> budgets = budgetRuns(outcomes, value);
        if (claim.is == ClaimRelation::WithinBudget) {
            for (const RunOutcome* run : budgets) {
                const std::optional<Figure> a = measure(claim.quantity, *run);
                const double budget = static_cast<double>(run->result.config.policy.budgetBytes);
                if (!a)
                    continue;
                any = true;
                check.figures.push_back(*a);
                if (a->value > budget)
                    verdict = Verdict::Fails;
            }
        } else if (claim.is == ClaimRelation::FallsWithBudget) {
            std::optional<Figure> previous, first;
            for (const RunOutcome* run : budgets) {
                const std::optional<Figure> a = measure(claim.quantity, *run);
                if (!a)
                    continue;
                any = true;
                check.figures.push_back(*a);
                if (previous && a->value > previous->value)
                    verdict = Verdict::Fails;
                if (!first)
                    first = a;
                previous = a;
            }
            if (!first || !previous || budgets.size() < 2 || !(previous->value < first->value))
                verdict = Verdict::Fails;
        } else { // OnFrontier
            for (const RunOutcome& out : outcomes) {
                if (out.sweepValue != value || out.hiddenReference || isBudgetRun(out))
                    continue;
                if (!claim.run.empty() && out.label != claim.run)
                    continue;
                // The frontier's point at this run's memory: of the budget runs that keep no more,
                // the one the planner would pick (the least recompute FLOPs).
                const RunOutcome* point = nullptr;
                for (const RunOutcome* b : budgets)
                    if (b->result.peakActivationBytes <= out.result.peakActivationBytes
                        && (!point || b->result.recomputeFlops < point->result.recomputeFlops))
                        point = b;
                any = true;
                if (!point)
                    continue; // it keeps less than every budget run: no frontier to its left
                const std::optional<Figure> a = measure(claim.quantity, out);
                const std::optional<Figure> b = measure(claim.quantity, *point);
                if (!a || !b) {
                    verdict = Verdict::Fails;
                    continue;
                }
                check.figures.push_back(*a);
                check.figures.push_back(*b);
                if (claim.quantity == ClaimQuantity::StepMs) {
                    const MedianInterval r = pairedStepRatio(out.result, point->result);
                    check.figures.push_back(
                        {out.label + " / " + point->label, value, r.median, r.low, r.high, true});
                    // NaN: not paired; wholly below 1 - tolerance: faster beyond the noise
                    if (!(r.low <= r.high) || r.high < 1 - claim.tolerance)
                        verdict = Verdict::Fails;
                } else if (a->value < (1 - claim.tolerance) * b->value) {
                    verdict = Verdict::Fails;
                }
            }
        }
    }
    check.verdict = any ? verdict : Verdict::Fails;
}

} // namespace

std::optional<Figure> measureQuantity(content::ClaimQuantity quantity, const RunOutcome& outcome)
{
    return measure(quantity, outcome);
}

MedianInterval pairedStepRatio(const RunResult& a, const RunResult& b)
{
    // A demo's runs carry their timing rounds; a bare result (tests) has only its steps.
    const auto rounds = [](const RunResult& r) {
        if (!r.stepMsRounds.empty())
            return r.stepMsRounds;
        const std::size_t warm
            = std::min<std::size_t>(static_cast<std::size_t>(std::max(0, r.config.warmupSteps)),
                r.stepMs.empty() ? 0 : r.stepMs.size() - 1);
        return roundMedians(
            std::vector<double>(r.stepMs.begin() + static_cast<std::ptrdiff_t>(warm), r.stepMs.end()));
    };
    const std::vector<double> ra = rounds(a), rb = rounds(b);
    std::vector<double> ratios;
    for (std::size_t r = 0; r < std::min(ra.size(), rb.size()); ++r)
        if (rb[r] > 0)
            ratios.push_back(ra[r] / rb[r]);
    if (ratios.empty())
        return {std::nan(""), std::nan(""), std::nan("")};
    return medianInterval95(std::move(ratios));
}

PowerFit fitPowerLaw(const std::vector<std::pair<double, double>>& points)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0;
    for (const auto& [x, y] : points) {
        if (!(x > 0 && y > 0))
            continue;
        sx += std::log(x);
        sy += std::log(y);
        sxx += std::log(x) * std::log(x);
        sxy += std::log(x) * std::log(y);
        n += 1;
    }
    const double spread = n * sxx - sx * sx;
    PowerFit fit;
    if (n < 2 || !(spread > 1e-12))
        return fit;
    fit.exponent = (n * sxy - sx * sy) / spread;
    fit.scale = std::exp((sy - fit.exponent * sx) / n);
    fit.valid = true;
    return fit;
}

std::optional<Crossing> sqrtOvertakesFull(const std::vector<std::pair<int, const RunResult*>>& layersSweep)
{
    std::vector<std::pair<double, double>> full, sqrt;
    for (const auto& [layers, run] : layersSweep) {
        if (run->config.policy.offload)
            continue;
        const std::pair<double, double> point {layers, static_cast<double>(run->peakActivationBytes)};
        if (run->config.policy.kind == PolicyKind::Full)
            full.push_back(point);
        else if (run->config.policy.kind == PolicyKind::Sqrt)
            sqrt.push_back(point);
    }
    // full(N) = a + c N by least squares; sqrt(N) = s sqrt(N) through the origin.
    double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0;
    for (const auto& [x, y] : full) {
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
        n += 1;
    }
    const double spread = n * sxx - sx * sx;
    double num = 0, den = 0;
    for (const auto& [x, y] : sqrt) {
        num += y * std::sqrt(x);
        den += x;
    }
    if (n < 2 || !(spread > 0) || !(den > 0))
        return std::nullopt;
    const double c = (n * sxy - sx * sy) / spread;
    const double a = (sy - c * sx) / n;
    const double s = num / den;
    // a + c x^2 = s x with x = sqrt(N): sqrt keeps less beyond the larger root.
    const double discriminant = s * s - 4 * c * a;
    if (!(c > 0) || !(a > 0) || discriminant < 0)
        return std::nullopt;
    const double x = (s + std::sqrt(discriminant)) / (2 * c);
    return Crossing {x * x, s * x};
}

std::string_view verdictName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Holds:
        return "holds";
    case Verdict::Fails:
        return "fails";
    case Verdict::WithinNoise:
        return "same within noise";
    }
    return "unknown";
}

std::string formatFigure(content::ClaimQuantity quantity, const Figure& f)
{
    switch (quantity.kind) {
    case ClaimQuantity::RecomputeFlops:
        return printed("%.1f MFLOP", f.value / 1e6);
    case ClaimQuantity::RecomputeShare:
        return printed("%.1f%% of forward", 100 * f.value);
    case ClaimQuantity::StepMs:
        if (f.ratio)
            return printed("%.3fx", f.value) + printed(" [%.3f, ", f.low)
                + printed("%.3f] (paired rounds)", f.high);
        return printed("%.2f ms", f.value) + printed(" [%.2f, ", f.low) + printed("%.2f]", f.high);
    case ClaimQuantity::GradError:
        return printed("%.3g of the largest gradient", f.value);
    case ClaimQuantity::LossDifference:
        return printed("%.4f", f.value);
    case ClaimQuantity::OffloadMs:
        return printed("%.3f ms", f.value);
    default:
        return bytesText(f.value);
    }
}

std::vector<ClaimCheck> checkClaims(
    const content::DemoPreset& preset, const std::vector<RunOutcome>& outcomes)
{
    const std::string sweepParameter = preset.sweep ? preset.sweep->parameter : std::string();
    std::vector<int> values;
    for (const RunOutcome& out : outcomes)
        if (std::find(values.begin(), values.end(), out.sweepValue) == values.end())
            values.push_back(out.sweepValue);

    std::vector<ClaimCheck> checks;
    for (const content::DemoClaim& claim : preset.claims) {
        ClaimCheck check;
        check.presetId = preset.id;
        check.claimId = claim.id;
        check.quantity = claim.quantity;
        check.statement = statementOf(claim, sweepParameter);
        if (claim.run.empty() || claim.is == ClaimRelation::FallsWithBudget
            || claim.is == ClaimRelation::OnFrontier) {
            checkOverBudgets(claim, outcomes, values, check);
            check.measured = measuredText(check, sweepParameter, check.figures);
            if (check.measured.empty())
                check.measured = "not measured";
            if (check.verdict != Verdict::Holds)
                check.reason = claim.reason.value;
            checks.push_back(std::move(check));
            continue;
        }
        const bool timed = claim.quantity == ClaimQuantity::StepMs;
        bool missing = false;
        for (const int value : values) {
            if (claim.at && *claim.at != value)
                continue;
            const RunOutcome* run = find(outcomes, claim.run, value);
            const std::optional<Figure> a = run ? measure(claim.quantity, *run) : std::nullopt;
            if (!a) {
                missing = true;
                continue;
            }
            check.figures.push_back(*a);
            Verdict verdict = Verdict::Holds;
            switch (claim.is) {
            case ClaimRelation::Below:
            case ClaimRelation::Above:
            case ClaimRelation::Equal: {
                const RunOutcome* than = find(outcomes, claim.than, value);
                const std::optional<Figure> b = than ? measure(claim.quantity, *than) : std::nullopt;
                if (!b) {
                    missing = true;
                    continue;
                }
                check.figures.push_back(*b);
                std::optional<Figure> ratio;
                if (timed) {
                    const MedianInterval r = pairedStepRatio(run->result, than->result);
                    ratio = Figure {claim.run + " / " + claim.than, value, r.median, r.low, r.high, true};
                    check.figures.push_back(*ratio);
                }
                verdict = compare(claim.is, *a, *b, claim.factor, claim.tolerance, ratio);
                break;
            }
            case ClaimRelation::AtMost:
                verdict = a->value <= claim.value ? Verdict::Holds : Verdict::Fails;
                break;
            case ClaimRelation::AtLeast:
                verdict = a->value >= claim.value ? Verdict::Holds : Verdict::Fails;
                break;
            case ClaimRelation::WithinBudget: {
                const double budget = static_cast<double>(run->result.config.policy.budgetBytes);
                check.figures.push_back({"budget", value, budget, budget, budget});
                verdict = a->value <= budget ? Verdict::Holds : Verdict::Fails;
                break;
            }
            case ClaimRelation::Predicted: {
                const double predicted = static_cast<double>(run->result.predictedPeakActivationBytes);
                check.figures.push_back({"predicted", value, predicted, predicted, predicted});
                verdict = std::abs(a->value - predicted) <= claim.tolerance * predicted ? Verdict::Holds
                                                                                        : Verdict::Fails;
                break;
            }
            case ClaimRelation::Grows:           // fitted below, over every value
            case ClaimRelation::FallsWithBudget: // checked over the budget runs above
            case ClaimRelation::OnFrontier:
                break;
            }
            check.verdict = worse(check.verdict, verdict);
        }
        if (claim.is == ClaimRelation::Grows) {
            check.fitted = check.figures.size() >= 2 ? fittedExponent(check.figures) : std::nan("");
            const bool close = std::abs(check.fitted - claim.exponent) <= claim.tolerance;
            check.verdict = close ? Verdict::Holds : Verdict::Fails;
        }
        if (missing || check.figures.empty())
            check.verdict = Verdict::Fails;
        check.measured = measuredText(check, sweepParameter, check.figures);
        if (missing)
            check.measured += check.measured.empty() ? "not measured" : "; some runs did not measure it";
        if (check.verdict != Verdict::Holds)
            check.reason = claim.reason.value;
        checks.push_back(std::move(check));
    }
    return checks;
}

} // namespace rlab::demo
