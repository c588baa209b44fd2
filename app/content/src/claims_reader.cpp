#include "claims_reader.h"

#include <algorithm>
#include <array>
#include <span>
#include <utility>

#include "fields.h"
#include "file_report.h"

namespace rlab::content {

namespace {

// The quantities other than a memory category's peak (those are named by rlab/words.h).
constexpr std::array<std::pair<ClaimKind, std::string_view>, 8> kKindNames {{
    {ClaimKind::PeakActivationBytes, "peak_activation_bytes"},
    {ClaimKind::PeakBytes, "peak_bytes"},
    {ClaimKind::RecomputeFlops, "recompute_flops"},
    {ClaimKind::RecomputeShare, "recompute_share"},
    {ClaimKind::StepMs, "step_ms"},
    {ClaimKind::GradError, "grad_error"},
    {ClaimKind::LossDifference, "loss_difference"},
    {ClaimKind::OffloadMs, "offload_ms"},
}};

constexpr std::array<std::pair<ClaimRelation, std::string_view>, 10> kRelationNames {{
    {ClaimRelation::Below, "below"},
    {ClaimRelation::Above, "above"},
    {ClaimRelation::Equal, "equal"},
    {ClaimRelation::AtMost, "at_most"},
    {ClaimRelation::AtLeast, "at_least"},
    {ClaimRelation::Grows, "grows"},
    {ClaimRelation::WithinBudget, "within_budget"},
    {ClaimRelation::Predicted, "predicted"},
    {ClaimRelation::FallsWithBudget, "falls_with_budget"},
    {ClaimRelation::OnFrontier, "on_frontier"},
}};

template<typename Enum, std::size_t N>
std::optional<Enum> lookUp(
    const std::array<std::pair<Enum, std::string_view>, N>& names, std::string_view text)
{
    for (const auto& [value, name] : names)
        if (name == text)
            return value;
    return std::nullopt;
}

template<typename Enum, std::size_t N>
std::string listed(const std::array<std::pair<Enum, std::string_view>, N>& names)
{
    std::string text;
    for (const auto& entry : names)
        text.append(text.empty() ? "" : ", ").append(entry.second);
    return text;
}

bool hasRun(const DemoPreset& preset, const std::string& label)
{
    return std::any_of(
        preset.runs.begin(), preset.runs.end(), [&](const DemoRun& run) { return run.label == label; });
}

const DemoRun* findRun(const DemoPreset& preset, const std::string& label)
{
    for (const DemoRun& run : preset.runs)
        if (run.label == label)
            return &run;
    return nullptr;
}

// The `quantity` key shared by claims and predictions; false when absent or unknown (reported).
bool readQuantity(const Fields& fields, FileReport& report, ClaimQuantity& out)
{
    const auto quantity = fields.text("quantity");
    if (!quantity)
        return false;
    const auto known = parseClaimQuantity(*quantity);
    if (!known) {
        std::string names;
        for (const ClaimQuantity q : allClaimQuantities())
            names.append(names.empty() ? "" : ", ").append(claimQuantityName(q));
        report.error(*fields.node("quantity"), "unknown quantity '" + *quantity + "' (known: " + names + ")");
        return false;
    }
    out = *known;
    return true;
}

// Which of than / value / exponent a relation needs; the rest must be absent.
struct Needs {
    bool than = false, value = false, exponent = false, factor = false, tolerance = false;
};

Needs needsOf(ClaimRelation relation)
{
    switch (relation) {
    case ClaimRelation::Below:
    case ClaimRelation::Above:
        return {.than = true, .factor = true};
    case ClaimRelation::Equal:
        return {.than = true, .tolerance = true};
    case ClaimRelation::AtMost:
    case ClaimRelation::AtLeast:
        return {.value = true};
    case ClaimRelation::Grows:
        return {.exponent = true, .tolerance = true};
    case ClaimRelation::WithinBudget:
        return {};
    case ClaimRelation::Predicted:
        return {.tolerance = true};
    case ClaimRelation::FallsWithBudget:
        return {};
    case ClaimRelation::OnFrontier:
        return {.tolerance = true};
    }
    return {};
}

void checkKeys(const Fields& fields, FileReport& report, ClaimRelation relation)
{
    const Needs needs = needsOf(relation);
    const std::string is = std::string(claimRelationName(relation)).append("'");
    const auto check = [&](std::string_view key, bool needed, bool allowed) {
        const YamlNode* node = fields.node(key);
        const std::string quotedKey = std::string("'").append(key).append("'");
        if (needed && !node)
            report.error(*fields.node("is"), "a claim that is '" + is + " needs " + quotedKey);
        else if (!allowed && node)
            report.error(*node, quotedKey + " does not apply to a claim that is '" + is);
    };
    check("than", needs.than, needs.than);
    check("value", needs.value, needs.value);
    check("exponent", needs.exponent, needs.exponent);
    check("factor", false, needs.factor);
    check("tolerance", false, needs.tolerance);
}

// The rules that tie a claim to its preset: runs, sweep, and quantities that fit the relation.
void checkAgainstPreset(
    const Fields& fields, FileReport& report, const DemoPreset& preset, const DemoClaim& claim)
{
    const YamlNode& isNode = *fields.node("is");
    const bool time = claim.quantity == ClaimQuantity::StepMs;
    if (time
        && !(claim.is == ClaimRelation::Below || claim.is == ClaimRelation::Above
            || claim.is == ClaimRelation::Equal || claim.is == ClaimRelation::OnFrontier))
        report.error(isNode,
            "step_ms is measured with noise: compare it with another run (below, above, equal or "
            "on_frontier)");
    if (claim.is == ClaimRelation::Grows && !preset.sweep)
        report.error(isNode, "a claim that grows needs the preset's sweep to fit an exponent over");
    if (claim.is == ClaimRelation::WithinBudget) {
        const DemoRun* run = findRun(preset, claim.run);
        if (run && !run->policy.starts_with("budget:"))
            report.error(*fields.node("run"),
                "run '" + claim.run + "' has no budget; within_budget needs a budget:<bytes> run");
        if (claim.quantity != ClaimQuantity::PeakActivationBytes)
            report.error(
                *fields.node("quantity"), "within_budget compares peak_activation_bytes with the budget");
    }
    if (claim.is == ClaimRelation::Predicted && claim.quantity != ClaimQuantity::PeakActivationBytes)
        report.error(*fields.node("quantity"), "the predictor gives peak_activation_bytes only");
    if (claim.is == ClaimRelation::FallsWithBudget || claim.is == ClaimRelation::OnFrontier
        || (claim.is == ClaimRelation::WithinBudget && claim.run.empty())) {
        const auto budgets = std::count_if(preset.runs.begin(), preset.runs.end(),
            [](const DemoRun& run) { return run.policy.starts_with("budget:"); });
        const std::size_t needed = claim.is == ClaimRelation::FallsWithBudget ? 2 : 1;
        if (static_cast<std::size_t>(budgets) < needed)
            report.error(isNode,
                "a claim that is '" + std::string(claimRelationName(claim.is)) + "' needs "
                    + (needed == 2 ? "two or more budget:<bytes> runs" : "a budget:<bytes> run")
                    + " in the preset");
    }
    if (claim.is == ClaimRelation::OnFrontier && claim.quantity == ClaimQuantity::PeakActivationBytes)
        report.error(*fields.node("quantity"),
            "the frontier is drawn over peak_activation_bytes: claim another quantity on it (step_ms, "
            "recompute_flops)");
    if (claim.is == ClaimRelation::OnFrontier && !claim.run.empty()) {
        const DemoRun* run = findRun(preset, claim.run);
        if (run && run->policy.starts_with("budget:"))
            report.error(*fields.node("run"),
                "run '" + claim.run
                    + "' is a budget run, a point of the frontier itself; on_frontier names another run");
    }
    if (claim.at && claim.is == ClaimRelation::Grows)
        report.error(*fields.node("at"), "'at' picks one sweep value; a growth is fitted over all of them");
    if (claim.at) {
        const bool known = preset.sweep
            && std::find(preset.sweep->values.begin(), preset.sweep->values.end(), *claim.at)
                != preset.sweep->values.end();
        if (!known)
            report.error(*fields.node("at"),
                "'at' " + std::to_string(*claim.at) + " is not one of the preset's sweep values");
    }
}

DemoClaim readClaim(const YamlNode& node, FileReport& report, DemoPreset& preset)
{
    const Fields fields(node, report, describe(node, "claim") + " of preset '" + preset.id + "'",
        {"id", "quantity", "is"},
        {"run", "than", "factor", "value", "exponent", "tolerance", "at", "reason"});
    DemoClaim claim;
    claim.id = fields.id("id").value_or("");
    bool complete = true;
    if (!readQuantity(fields, report, claim.quantity))
        complete = false;
    if (const auto is = fields.text("is")) {
        if (const auto known = lookUp(kRelationNames, *is))
            claim.is = *known;
        else {
            report.error(
                *fields.node("is"), "unknown relation '" + *is + "' (known: " + listed(kRelationNames) + ")");
            complete = false;
        }
    } else
        complete = false;
    for (const auto& [key, member] :
        {std::pair {"run", &DemoClaim::run}, std::pair {"than", &DemoClaim::than}}) {
        if (const auto label = fields.text(key)) {
            if (!hasRun(preset, *label))
                report.error(
                    *fields.node(key), "no run of preset '" + preset.id + "' is labelled '" + *label + "'");
            claim.*member = *label;
        }
    }
    if (!claim.than.empty() && claim.than == claim.run)
        report.error(
            *fields.node("than"), "a claim compares two different runs; 'than' names the run itself");
    if (const auto factor = fields.number("factor")) {
        if (*factor <= 0)
            report.error(*fields.node("factor"), "'factor' must be above 0");
        claim.factor = *factor;
    }
    if (const auto tolerance = fields.number("tolerance")) {
        if (*tolerance < 0)
            report.error(*fields.node("tolerance"), "'tolerance' cannot be negative");
        claim.tolerance = *tolerance;
    }
    claim.value = fields.number("value").value_or(0);
    claim.exponent = fields.number("exponent").value_or(0);
    if (const auto at = fields.integer("at"))
        claim.at = static_cast<int>(*at);
    claim.reason.value = fields.text("reason").value_or("");
    if (complete && !fields.node("run") && !claimRunOptional(claim.is)) {
        report.error(node,
            describe(node, "claim") + " of preset '" + preset.id
                + "' is missing the required key 'run' (only within_budget, falls_with_budget and "
                  "on_frontier may omit it)");
        complete = false;
    }
    if (complete && fields.node("run") && claim.is == ClaimRelation::FallsWithBudget) {
        report.error(*fields.node("run"),
            "a claim that is 'falls_with_budget' is about every budget run; it names none");
        complete = false;
    }
    if (complete) {
        checkKeys(fields, report, claim.is);
        checkAgainstPreset(fields, report, preset, claim);
    }
    return claim;
}

} // namespace

bool claimRunOptional(ClaimRelation relation)
{
    return relation == ClaimRelation::WithinBudget || relation == ClaimRelation::FallsWithBudget
        || relation == ClaimRelation::OnFrontier;
}

std::string_view claimQuantityName(ClaimQuantity quantity)
{
    if (quantity.kind == ClaimKind::CategoryPeak)
        return memoryCategoryName(quantity.category);
    for (const auto& [kind, name] : kKindNames)
        if (kind == quantity.kind)
            return name;
    return "unknown";
}

std::optional<ClaimQuantity> parseClaimQuantity(std::string_view name)
{
    for (const ClaimQuantity quantity : allClaimQuantities())
        if (claimQuantityName(quantity) == name)
            return quantity;
    return std::nullopt;
}

std::vector<ClaimQuantity> allClaimQuantities()
{
    std::vector<ClaimQuantity> all {ClaimKind::PeakActivationBytes, ClaimKind::PeakBytes};
    for (const MemoryCategory category : kMemoryCategories)
        all.push_back(ClaimQuantity::peakOf(category));
    for (const auto& entry : std::span(kKindNames).subspan(2))
        all.emplace_back(entry.first);
    return all;
}

void readPrediction(const YamlNode& node, FileReport& report, DemoPreset& preset)
{
    const Fields fields(node, report, "the prediction of preset '" + preset.id + "'", {"kind", "quantity"},
        {"pick", "run", "than"});
    if (!fields.isMapping())
        return;
    DemoPrediction prediction;
    bool complete = true;
    const std::optional<std::string> kind = fields.text("kind");
    if (kind == "choose-run") {
        prediction.kind = DemoPrediction::Kind::ChooseRun;
    } else if (kind == "ratio") {
        prediction.kind = DemoPrediction::Kind::Ratio;
    } else if (kind) {
        report.error(
            *fields.node("kind"), "unknown prediction kind '" + *kind + "' (known: choose-run, ratio)");
        complete = false;
    }
    if (!readQuantity(fields, report, prediction.quantity))
        complete = false;
    if (!kind || !complete)
        return;
    const bool ratio = prediction.kind == DemoPrediction::Kind::Ratio;
    for (const auto& [key, member] :
        {std::pair {"run", &DemoPrediction::run}, std::pair {"than", &DemoPrediction::than}}) {
        const YamlNode* value = fields.node(key);
        if (!ratio && value) {
            report.error(*value, std::string("'") + key + "' does not apply to a choose-run prediction");
            complete = false;
        } else if (ratio && !value) {
            report.error(*fields.node("kind"), std::string("a ratio prediction needs '") + key + "'");
            complete = false;
        } else if (const auto label = fields.text(key)) {
            if (!hasRun(preset, *label)) {
                report.error(*value, "no run of preset '" + preset.id + "' is labelled '" + *label + "'");
                complete = false;
            }
            prediction.*member = *label;
        }
    }
    if (ratio && complete && prediction.run == prediction.than) {
        report.error(
            *fields.node("than"), "a ratio compares two different runs; 'than' names the run itself");
        complete = false;
    }
    if (const auto pick = fields.text("pick")) {
        if (ratio)
            report.error(*fields.node("pick"), "'pick' applies only to a choose-run prediction");
        else if (*pick == "most" || *pick == "least")
            prediction.most = *pick == "most";
        else
            report.error(*fields.node("pick"), "pick must be least or most, not '" + *pick + "'");
    }
    if (!ratio && preset.runs.size() < 2) {
        report.error(*fields.node("kind"), "a choose-run prediction needs at least two runs to choose from");
        complete = false;
    }
    if (complete)
        preset.predict = prediction;
}

std::string_view claimRelationName(ClaimRelation relation)
{
    for (const auto& [value, name] : kRelationNames)
        if (value == relation)
            return name;
    return "unknown";
}

void readClaims(const YamlNode& list, FileReport& report, DemoPreset& preset)
{
    UniqueIds seen("claim");
    for (const YamlNodePtr& item : list.items) {
        DemoClaim claim = readClaim(*item, report, preset);
        if (!claim.id.empty())
            seen.add(claim.id, *item->find("id")->value, report);
        preset.claims.push_back(std::move(claim));
    }
}

namespace {

std::optional<DemoAnswer> readAnswerFields(const Fields& fields, FileReport& report, const DemoPreset& preset)
{
    if (!fields.isMapping())
        return std::nullopt;
    DemoAnswer answer;
    bool complete = readQuantity(fields, report, answer.quantity);
    for (const auto& [key, member] :
        {std::pair {"run", &DemoAnswer::run}, std::pair {"than", &DemoAnswer::than}}) {
        const std::optional<std::string> label = fields.text(key);
        if (!label)
            continue;
        if (!hasRun(preset, *label)) {
            report.error(
                *fields.node(key), "no run of preset '" + preset.id + "' is labelled '" + *label + "'");
            complete = false;
        }
        answer.*member = *label;
    }
    if (complete && answer.run == answer.than) {
        report.error(
            *fields.node("than"), "the answer compares two different runs; 'than' names the run itself");
        complete = false;
    }
    if (!complete || answer.run.empty())
        return std::nullopt;
    return answer;
}

} // namespace

std::optional<DemoAnswer> readAnswer(
    const YamlNode& node, FileReport& report, const DemoPreset& preset, const std::string& what)
{
    return readAnswerFields(Fields(node, report, what, {"quantity", "run"}, {"than"}), report, preset);
}

std::optional<NumberAnswer> readNumber(
    const YamlNode& node, FileReport& report, const DemoPreset& preset, const std::string& what)
{
    const Fields fields(node, report, what, {"quantity", "run", "than", "tolerance"}, {});
    const std::optional<DemoAnswer> figure = readAnswerFields(fields, report, preset);
    const std::optional<double> tolerance = fields.number("tolerance");
    if (tolerance && !(*tolerance > 0 && *tolerance <= 50)) {
        report.error(*fields.node("tolerance"),
            "the tolerance is in percentage points, above 0 and at most 50 (a wider one accepts guesses)");
        return std::nullopt;
    }
    if (!figure || !tolerance || figure->than.empty())
        return std::nullopt;
    return NumberAnswer {*figure, *tolerance};
}

} // namespace rlab::content
