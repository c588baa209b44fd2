#include "rlab/content/figures.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "fields.h"
#include "rlab/text.h"
#include "text_checks.h"
#include "yaml_tree.h"

namespace rlab::content {

namespace {

constexpr std::string_view kForwardFlops = "forward_flops";

struct UnitName {
    FigureUnit unit;
    std::string_view name;
    double scale; // raw quantity per shown unit
};
constexpr std::array<UnitName, 10> kUnits {{
    {FigureUnit::Bytes, "B", 1},
    {FigureUnit::KiB, "KiB", 1024.0},
    {FigureUnit::MiB, "MiB", 1024.0 * 1024.0},
    {FigureUnit::GiB, "GiB", 1024.0 * 1024.0 * 1024.0},
    {FigureUnit::Flop, "FLOP", 1},
    {FigureUnit::MFlop, "MFLOP", 1e6},
    {FigureUnit::GFlop, "GFLOP", 1e9},
    {FigureUnit::Ms, "ms", 1},
    {FigureUnit::Percent, "%", 0.01},
    {FigureUnit::Times, "x", 1},
}};

const UnitName* unitNamed(std::string_view name)
{
    for (const UnitName& u : kUnits)
        if (u.name == name)
            return &u;
    return nullptr;
}

const UnitName& unitOf(FigureUnit unit)
{
    for (const UnitName& u : kUnits)
        if (u.unit == unit)
            return u;
    static constexpr UnitName none {FigureUnit::None, "", 1};
    return none;
}

std::string unitNames()
{
    std::string text;
    for (const UnitName& u : kUnits)
        text.append(text.empty() ? "" : ", ").append(u.name);
    return text;
}

// What a quantity is counted in, for the units that fit it.
enum class Dimension { Bytes, Flops, Fraction, Time, Plain };

Dimension dimensionOf(const FigureTerm& term)
{
    if (term.forwardFlops)
        return Dimension::Flops;
    switch (term.quantity.kind) {
    case ClaimKind::PeakActivationBytes:
    case ClaimKind::PeakBytes:
    case ClaimKind::CategoryPeak:
        return Dimension::Bytes;
    case ClaimKind::RecomputeFlops:
        return Dimension::Flops;
    case ClaimKind::RecomputeShare:
        return Dimension::Fraction;
    case ClaimKind::StepMs:
    case ClaimKind::OffloadMs:
        return Dimension::Time;
    case ClaimKind::GradError:
    case ClaimKind::LossDifference:
        return Dimension::Plain;
    }
    return Dimension::Plain;
}

bool unitFits(FigureUnit unit, Dimension dimension)
{
    switch (dimension) {
    case Dimension::Bytes:
        return unit == FigureUnit::Bytes || unit == FigureUnit::KiB || unit == FigureUnit::MiB
            || unit == FigureUnit::GiB;
    case Dimension::Flops:
        return unit == FigureUnit::Flop || unit == FigureUnit::MFlop || unit == FigureUnit::GFlop;
    case Dimension::Fraction:
        return unit == FigureUnit::Percent || unit == FigureUnit::Times;
    case Dimension::Time:
        return unit == FigureUnit::Ms;
    case Dimension::Plain:
        return unit == FigureUnit::None || unit == FigureUnit::Percent || unit == FigureUnit::Times;
    }
    return false;
}

std::string_view dimensionUnits(Dimension dimension)
{
    switch (dimension) {
    case Dimension::Bytes:
        return "B, KiB, MiB or GiB";
    case Dimension::Flops:
        return "FLOP, MFLOP or GFLOP";
    case Dimension::Fraction:
        return "% or x";
    case Dimension::Time:
        return "ms";
    case Dimension::Plain:
        return "no unit, % or x";
    }
    return "";
}

struct Token {
    std::string text;
    std::size_t at = 0; // byte offset in the whole text
    bool quoted = false;
};

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The words of one reference; a label with spaces or commas is written in single quotes.
std::optional<std::vector<Token>> tokens(std::string_view inside, std::size_t base, FigureSpan& span)
{
    std::vector<Token> out;
    std::size_t i = 0;
    while (i < inside.size()) {
        if (isSpace(inside[i])) {
            ++i;
            continue;
        }
        Token token;
        token.at = base + i;
        if (inside[i] == '\'') {
            const std::size_t close = inside.find('\'', i + 1);
            if (close == std::string_view::npos) {
                span.problem = "a run label opened with ' is not closed";
                span.problemAt = token.at;
                return std::nullopt;
            }
            token.text = std::string(inside.substr(i + 1, close - i - 1));
            token.quoted = true;
            i = close + 1;
        } else {
            const std::size_t start = i;
            while (i < inside.size() && !isSpace(inside[i]))
                ++i;
            token.text = std::string(inside.substr(start, i - start));
        }
        out.push_back(std::move(token));
    }
    return out;
}

std::optional<FigureTerm> termNamed(std::string_view name)
{
    if (name == kForwardFlops)
        return FigureTerm {ClaimQuantity(), true};
    if (const auto quantity = parseClaimQuantity(name))
        return FigureTerm {*quantity, false};
    return std::nullopt;
}

std::string quantityNames()
{
    std::string text;
    for (const ClaimQuantity q : allClaimQuantities())
        text.append(text.empty() ? "" : ", ").append(claimQuantityName(q));
    return text.append(", ").append(kForwardFlops);
}

// "3.6" and its decimals; nullopt unless plain digits with at most one '.'.
std::optional<std::pair<double, int>> plainNumber(std::string_view text)
{
    if (text.empty() || text.front() == '.' || text.back() == '.')
        return std::nullopt;
    const std::size_t point = text.find('.');
    for (std::size_t i = 0; i < text.size(); ++i)
        if (!(text[i] >= '0' && text[i] <= '9') && i != point)
            return std::nullopt;
    const std::optional<double> value = rlab::text::parseNumber(text);
    if (!value)
        return std::nullopt;
    return std::pair {
        *value, point == std::string_view::npos ? 0 : static_cast<int>(text.size() - point - 1)};
}

// Splits "58%" or "3.6MiB" into its number and the rest.
std::pair<std::string_view, std::string_view> numberAndRest(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size() && ((text[i] >= '0' && text[i] <= '9') || text[i] == '.'))
        ++i;
    return {text.substr(0, i), text.substr(i)};
}

// Where the text between a live figure's braces goes wrong: its sentence and place, in the span.
struct FigureProblems {
    FigureSpan& span;
    bool operator()(std::size_t at, std::string message) const
    {
        span.problem = std::move(message);
        span.problemAt = at;
        return false; // so a step of the parse returns it
    }
};

// The quantity, or several joined by '+' ("parameters+gradients+optimizer_state").
bool readQuantities(const Token& word, FigureRef& ref, const FigureProblems& fail)
{
    std::string_view names = word.text;
    std::size_t offset = 0;
    while (true) {
        const std::size_t plus = names.find('+');
        const std::string_view name = names.substr(0, plus);
        const std::optional<FigureTerm> term = termNamed(name);
        if (!term)
            return fail(word.at + offset,
                "'" + std::string(name) + "' is not a quantity; write one of " + quantityNames()
                    + " (or several joined by +)");
        ref.terms.push_back(*term);
        if (plus == std::string_view::npos)
            break;
        names.remove_prefix(plus + 1);
        offset += plus + 1;
    }
    return true;
}

// After the quantity, up to '=': 'of', 'under' or 'over' a second run and 'at' a sweep value.
bool readComparisons(const std::vector<Token>& t, std::size_t& i, FigureRef& ref, const FigureProblems& fail)
{
    while (i < t.size() && t[i].text != "=") {
        const Token& word = t[i];
        if (word.text == "of" || word.text == "under" || word.text == "over") {
            if (ref.compare != FigureCompare::None)
                return fail(
                    word.at, "'" + word.text + "' compares with a second run, but one is already named");
            if (i + 1 >= t.size() || t[i + 1].text == "=")
                return fail(word.at, "'" + word.text + "' needs the run compared with after it");
            ref.compare = word.text == "of" ? FigureCompare::Of
                : word.text == "under"      ? FigureCompare::Under
                                            : FigureCompare::Over;
            ref.other = t[i + 1].text;
            ref.otherAt = t[i + 1].at + (t[i + 1].quoted ? 1 : 0);
            i += 2;
        } else if (word.text == "at") {
            const std::optional<std::pair<double, int>> value
                = i + 1 < t.size() ? plainNumber(t[i + 1].text) : std::nullopt;
            if (!value || value->second != 0 || ref.at)
                return fail(i + 1 < t.size() ? t[i + 1].at : word.at,
                    ref.at ? std::string("'at' is given twice") : "'at' needs a sweep value, a whole number");
            ref.at = static_cast<int>(value->first);
            ref.atAt = t[i + 1].at;
            i += 2;
        } else {
            return fail(word.at,
                "'" + word.text + "' is not understood here; after the quantity come 'of', 'under' or "
                    + "'over' a run, 'at' a sweep value, then '= figure unit ±tolerance'");
        }
    }
    return true;
}

// After '=': the figure as written, with its decimals, and its unit ("3.6 MiB" or "3.6MiB").
bool readFigure(const std::vector<Token>& t, std::size_t& i, std::size_t close, FigureRef& ref,
    const FigureProblems& fail)
{
    if (i >= t.size())
        return fail(close, "a figure must follow '='");
    const auto [numberText, attached] = numberAndRest(t[i].text);
    const std::optional<std::pair<double, int>> number = plainNumber(numberText);
    if (!number || attached.starts_with(','))
        return fail(t[i].at, "'" + t[i].text + "' is not a figure; write it with a decimal point, like 3.6");
    ref.quoted = number->first;
    ref.decimals = number->second;
    std::string_view unitText = attached;
    std::size_t unitAt = t[i].at + numberText.size();
    ++i;
    if (unitText.empty() && i < t.size() && !t[i].text.starts_with("±") && !t[i].text.starts_with("+-")) {
        unitText = t[i].text;
        unitAt = t[i].at;
        ++i;
    }
    ref.unitAt = unitAt;
    if (!unitText.empty()) {
        const UnitName* unit = unitNamed(unitText);
        if (!unit)
            return fail(unitAt, "'" + std::string(unitText) + "' is not a unit; write one of " + unitNames());
        ref.unit = unit->unit;
    }
    return true;
}

// The tolerance, ±5% of the figure or ±0.2 in its unit, which ends the reference.
bool readTolerance(
    const std::vector<Token>& t, std::size_t i, std::size_t close, FigureRef& ref, const FigureProblems& fail)
{
    if (i >= t.size())
        return fail(close, "the tolerance is missing: end with ±5% (of the figure) or ±0.2 (in its unit)");
    std::string_view tolerance = t[i].text;
    const std::size_t toleranceAt = t[i].at;
    tolerance.remove_prefix(tolerance.starts_with("±") ? std::string_view("±").size() : 0);
    if (tolerance.size() == t[i].text.size() && tolerance.starts_with("+-"))
        tolerance.remove_prefix(2);
    ref.relativeTolerance = tolerance.ends_with('%');
    if (ref.relativeTolerance)
        tolerance.remove_suffix(1);
    const std::optional<std::pair<double, int>> amount
        = tolerance.size() < t[i].text.size() ? plainNumber(tolerance) : std::nullopt;
    if (!amount)
        return fail(toleranceAt,
            "'" + t[i].text + "' is not a tolerance; write ±5% (of the figure) or ±0.2 (in its unit)");
    ref.tolerance = ref.relativeTolerance ? amount->first / 100 : amount->first;
    if (i + 1 < t.size())
        return fail(t[i + 1].at, "'" + t[i + 1].text + "' follows the tolerance, which ends the figure");
    return true;
}

void parseInside(std::string_view whole, std::size_t open, std::size_t close, FigureSpan& span)
{
    const std::size_t base = open + 2;
    const std::string_view inside = whole.substr(base, close - base);
    const std::optional<std::vector<Token>> words = tokens(inside, base, span);
    if (!words)
        return;
    const std::vector<Token>& t = *words;
    const FigureProblems fail {span};
    constexpr std::string_view kShape = "write {{preset run quantity [of|under|over run] [at value] = figure "
                                        "unit ±tolerance}}";
    if (t.size() < 3) {
        fail(open, std::string("a live figure needs a preset, a run and a quantity: ").append(kShape));
        return;
    }
    FigureRef ref;
    if (!isId(t[0].text) || t[0].quoted) {
        fail(t[0].at, "'" + t[0].text + "' is not a preset id (lowercase letters, digits and -)");
        return;
    }
    ref.preset = t[0].text;
    ref.presetAt = t[0].at;
    ref.run = t[1].text;
    ref.runAt = t[1].at + (t[1].quoted ? 1 : 0);
    ref.quantityAt = t[2].at;
    if (!readQuantities(t[2], ref, fail))
        return;
    std::size_t i = 3;
    if (!readComparisons(t, i, ref, fail))
        return;
    if (i >= t.size()) {
        fail(close, std::string("the figure as written is missing: ").append(kShape));
        return;
    }
    ++i; // '='
    if (readFigure(t, i, close, ref, fail) && readTolerance(t, i, close, ref, fail))
        span.ref = std::move(ref);
}

} // namespace

bool FigureRef::measuredOnly() const
{
    return std::any_of(terms.begin(), terms.end(), [](const FigureTerm& term) {
        const Dimension d = dimensionOf(term);
        return d == Dimension::Time || d == Dimension::Plain;
    });
}

double FigureRef::shown(double raw) const
{
    return raw / unitOf(unit).scale;
}

bool FigureRef::within(double value) const
{
    const double allowed = relativeTolerance ? tolerance * std::abs(quoted) : tolerance;
    // A hair over, so that a figure exactly at the edge, as written, holds.
    return std::abs(value - quoted) <= allowed * (1 + 1e-9) + 1e-12;
}

std::string FigureRef::toString() const
{
    const auto label = [](const std::string& name) {
        return name.find_first_of(" ,") == std::string::npos ? name : "'" + name + "'";
    };
    std::string text = preset + " " + label(run) + " ";
    for (std::size_t k = 0; k < terms.size(); ++k)
        text.append(k ? "+" : "")
            .append(terms[k].forwardFlops ? kForwardFlops : claimQuantityName(terms[k].quantity));
    if (compare != FigureCompare::None)
        text.append(compare == FigureCompare::Of      ? " of "
                    : compare == FigureCompare::Under ? " under "
                                                      : " over ")
            .append(label(other));
    if (at)
        text.append(" at ").append(std::to_string(*at));
    text.append(" = ").append(figureNumber(quoted, decimals, "."));
    if (unit != FigureUnit::None)
        text.append(unit == FigureUnit::Percent || unit == FigureUnit::Times ? "" : " ")
            .append(unitOf(unit).name);
    const int toleranceDecimals = relativeTolerance ? 0 : decimals;
    return text.append(" ±")
        .append(figureNumber(relativeTolerance ? tolerance * 100 : tolerance,
            std::max(toleranceDecimals, tolerance * 100 == std::floor(tolerance * 100) ? 0 : 1), "."))
        .append(relativeTolerance ? "%" : "");
}

std::string FigureUse::toString() const
{
    return file.generic_string() + ":" + std::to_string(line) + ":" + std::to_string(column);
}

FigureScan scanFigures(const std::filesystem::path& root, const std::map<std::string, DemoPreset>& presets)
{
    namespace fs = std::filesystem;
    fs::path base = fs::absolute(root).lexically_normal();
    if (!base.has_filename())
        base = base.parent_path();
    std::vector<fs::path> files;
    const auto yamlFiles = [&](const fs::path& folder) {
        std::error_code error;
        std::vector<fs::path> found;
        for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
            if (it->path().extension() == ".yaml" && it->is_regular_file(error))
                found.push_back(it->path());
        std::sort(found.begin(), found.end());
        files.insert(files.end(), found.begin(), found.end());
    };
    yamlFiles(base / "demos");
    for (const char* kind : {"guides", "quizzes"}) {
        std::error_code error;
        std::vector<fs::path> folders;
        for (fs::directory_iterator it(base / kind, error), end; !error && it != end; it.increment(error))
            if (it->is_directory(error))
                folders.push_back(it->path());
        std::sort(folders.begin(), folders.end());
        for (const fs::path& folder : folders)
            yamlFiles(folder);
    }
    FigureScan scan;
    for (const fs::path& file : files) {
        std::optional<std::string> read = readFileText(file);
        if (!read || read->find("{{") == std::string::npos)
            continue;
        std::string& text = *read;
        // Comment lines are not text: blank them (same length, so offsets stay).
        for (std::size_t lineStart = 0; lineStart < text.size();) {
            std::size_t lineEnd = text.find('\n', lineStart);
            lineEnd = lineEnd == std::string::npos ? text.size() : lineEnd;
            const std::size_t first = text.find_first_not_of(" \t", lineStart);
            if (first < lineEnd && text[first] == '#')
                std::fill(text.begin() + static_cast<std::ptrdiff_t>(first),
                    text.begin() + static_cast<std::ptrdiff_t>(lineEnd), ' ');
            lineStart = lineEnd + 1;
        }
        const fs::path shown = base.filename() / file.lexically_relative(base);
        for (const FigureSpan& span : findFigures(text)) {
            std::size_t at = span.problemAt;
            std::string problem = span.problem;
            if (span.ref) {
                if (const std::optional<FigureProblem> wrong = checkFigure(*span.ref, presets)) {
                    at = wrong->at;
                    problem = wrong->message;
                }
            }
            const TextPlace place = placeOf(text, at);
            if (!problem.empty()) {
                scan.problems.push_back(
                    Diagnostic {shown, place.line, place.column, "live figure: " + problem});
                continue;
            }
            const TextPlace start = placeOf(text, span.begin);
            scan.uses.push_back(FigureUse {shown, start.line, start.column, *span.ref});
        }
    }
    return scan;
}

std::vector<FigureSpan> findFigures(std::string_view text)
{
    std::vector<FigureSpan> spans;
    std::size_t from = 0;
    while (true) {
        const std::size_t open = text.find("{{", from);
        if (open == std::string_view::npos)
            break;
        FigureSpan span;
        span.begin = open;
        const std::size_t close = text.find("}}", open + 2);
        const std::size_t nextOpen = text.find("{{", open + 2);
        if (close == std::string_view::npos || nextOpen < close) {
            span.end = open + 2;
            span.problem = "'{{' opens a live figure that is not closed with '}}'";
            span.problemAt = open;
            spans.push_back(std::move(span));
            from = open + 2;
            continue;
        }
        span.end = close + 2;
        parseInside(text, open, close, span);
        spans.push_back(std::move(span));
        from = close + 2;
    }
    return spans;
}

std::optional<FigureProblem> checkFigure(
    const FigureRef& ref, const std::map<std::string, DemoPreset>& presets)
{
    const auto found = presets.find(ref.preset);
    if (found == presets.end())
        return FigureProblem {ref.presetAt, "no demo preset '" + ref.preset + "' is loaded"};
    const DemoPreset& preset = found->second;
    const auto hasRun = [&](const std::string& label) {
        return std::any_of(
            preset.runs.begin(), preset.runs.end(), [&](const DemoRun& run) { return run.label == label; });
    };
    const auto labels = [&] {
        std::string text;
        for (const DemoRun& run : preset.runs)
            text.append(text.empty() ? "'" : ", '").append(run.label).append("'");
        return text;
    };
    if (!hasRun(ref.run))
        return FigureProblem {
            ref.runAt, "preset '" + ref.preset + "' has no run '" + ref.run + "'; its runs are " + labels()};
    if (ref.compare != FigureCompare::None && !hasRun(ref.other))
        return FigureProblem {ref.otherAt,
            "preset '" + ref.preset + "' has no run '" + ref.other + "'; its runs are " + labels()};
    if (preset.sweep && !ref.at) {
        std::string values;
        for (const int v : preset.sweep->values)
            values.append(values.empty() ? "" : ", ").append(std::to_string(v));
        return FigureProblem {ref.quantityAt,
            "preset '" + ref.preset + "' sweeps " + preset.sweep->parameter + " over " + values
                + ": say which value with 'at', like 'at " + std::to_string(preset.sweep->values.front())
                + "'"};
    }
    if (ref.at
        && (!preset.sweep
            || std::find(preset.sweep->values.begin(), preset.sweep->values.end(), *ref.at)
                == preset.sweep->values.end()))
        return FigureProblem {ref.atAt,
            preset.sweep ? "preset '" + ref.preset + "' does not sweep " + preset.sweep->parameter + " to "
                    + std::to_string(*ref.at)
                         : "preset '" + ref.preset + "' has no sweep, so 'at' has nothing to choose"};
    const Dimension dimension
        = ref.compare != FigureCompare::None ? Dimension::Fraction : dimensionOf(ref.terms.front());
    for (const FigureTerm& term : ref.terms)
        if (dimensionOf(term) != dimensionOf(ref.terms.front()))
            return FigureProblem {
                ref.quantityAt, "the quantities joined by + are not counted in the same unit"};
    if (!unitFits(ref.unit, dimension))
        return FigureProblem {ref.unitAt,
            std::string(ref.unit == FigureUnit::None ? "the figure needs a unit" : "this unit does not fit")
                + ": " + (ref.compare != FigureCompare::None ? "a comparison of two runs" : "this quantity")
                + " is written in " + std::string(dimensionUnits(dimension))};
    return std::nullopt;
}

std::string figureNumber(double value, int decimals, std::string_view decimalPoint)
{
    if (std::abs(value) < 0.5 * std::pow(10.0, -decimals))
        value = 0; // -0.0 reads as 0.0
    std::string text = rlab::text::fixed(value, decimals);
    if (const std::size_t point = text.find('.'); point != std::string::npos)
        text.replace(point, 1, decimalPoint);
    return text;
}

std::string_view figureUnitText(FigureUnit unit, std::string_view language)
{
    if (language == "ru") {
        switch (unit) {
        case FigureUnit::Bytes:
            return "Б";
        case FigureUnit::KiB:
            return "КиБ";
        case FigureUnit::MiB:
            return "МиБ";
        case FigureUnit::GiB:
            return "ГиБ";
        case FigureUnit::Flop:
            return "ФЛОП";
        case FigureUnit::MFlop:
            return "МФЛОП";
        case FigureUnit::GFlop:
            return "ГФЛОП";
        case FigureUnit::Ms:
            return "мс";
        default:
            break;
        }
    }
    return unit == FigureUnit::Times ? std::string_view() : unitOf(unit).name;
}

std::string_view figureDecimalPoint(std::string_view language)
{
    return language == "ru" ? "," : ".";
}

std::string figureText(
    double shown, const FigureRef& ref, std::string_view language, std::string_view decimalPoint)
{
    std::string text = figureNumber(shown, ref.decimals, decimalPoint);
    const std::string_view unit = figureUnitText(ref.unit, language);
    if (unit.empty())
        return text;
    if (ref.unit != FigureUnit::Percent)
        text += "\u00A0"; // "3.6 MiB", never broken between the figure and its unit
    return text.append(unit);
}

std::string renderFigures(std::string_view text,
    const std::function<std::optional<std::string>(const FigureRef&)>& show, std::string_view language,
    std::string_view decimalPoint)
{
    std::string out;
    std::size_t from = 0;
    for (const FigureSpan& span : findFigures(text)) {
        if (!span.ref)
            continue;
        out.append(text.substr(from, span.begin - from));
        std::optional<std::string> shown = show ? show(*span.ref) : std::nullopt;
        out += shown ? *shown : figureText(span.ref->quoted, *span.ref, language, decimalPoint);
        from = span.end;
    }
    return out.append(text.substr(from));
}

std::string renderQuotedFigures(std::string_view text, std::string_view language)
{
    return renderFigures(text, {}, language, figureDecimalPoint(language));
}

std::string withoutFigures(std::string_view text)
{
    std::string out;
    std::size_t from = 0;
    for (const FigureSpan& span : findFigures(text)) {
        out.append(text.substr(from, span.begin - from));
        for (std::size_t i = span.begin; i < span.end; ++i) {
            const unsigned char c = static_cast<unsigned char>(text[i]);
            if (c == '\n')
                out += '\n';
            else if ((c & 0xC0) != 0x80)
                out += ' ';
        }
        from = span.end;
    }
    return out.append(text.substr(from));
}

std::string renameFigurePresets(std::string_view text, const std::map<std::string, std::string>& names)
{
    std::string out;
    std::size_t from = 0;
    for (const FigureSpan& span : findFigures(text)) {
        if (!span.ref)
            continue;
        const auto renamed = names.find(span.ref->preset);
        if (renamed == names.end() || renamed->second == renamed->first)
            continue;
        out.append(text.substr(from, span.ref->presetAt - from)).append(renamed->second);
        from = span.ref->presetAt + span.ref->preset.size();
    }
    return out.append(text.substr(from));
}

} // namespace rlab::content
