#include "demoledger.h"

#include <algorithm>
#include <array>

#include <QCoreApplication>
#include <QLocale>

#include "demo/model/demotexts.h"
#include "rlab/engine.h"

namespace rlab::demo {

namespace {

using rlab::LedgerRow;
using rlab::TensorFate;

// The engine's English words for the paper's terms and the rows, marked for lupdate: the view
// translates them at run time and shows the English where a language lacks one.
constexpr std::array<const char*, 13> kTermNames = {
    QT_TRANSLATE_NOOP("DemoLedger", "LayerNorm 1 input"),
    QT_TRANSLATE_NOOP("DemoLedger", "QKV matmul input"),
    QT_TRANSLATE_NOOP("DemoLedger", "Q and K for QK^T (4sbh), V for attention over values (2sbh)"),
    QT_TRANSLATE_NOOP("DemoLedger", "softmax output"),
    QT_TRANSLATE_NOOP("DemoLedger", "softmax dropout mask"),
    QT_TRANSLATE_NOOP("DemoLedger", "softmax dropout output (attention over values input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "linear projection input"),
    QT_TRANSLATE_NOOP("DemoLedger", "attention dropout mask"),
    QT_TRANSLATE_NOOP("DemoLedger", "LayerNorm 2 input"),
    QT_TRANSLATE_NOOP("DemoLedger", "fc1 input"),
    QT_TRANSLATE_NOOP("DemoLedger", "GeLU input"),
    QT_TRANSLATE_NOOP("DemoLedger", "fc2 input"),
    QT_TRANSLATE_NOOP("DemoLedger", "MLP dropout mask"),
};

// Llama's terms (engine/src/ledger.cpp llamaIdentityOf), in the order and so the colours of GPT's.
constexpr std::array<const char*, 13> kLlamaTermNames = {
    QT_TRANSLATE_NOOP("DemoLedger", "attention RMSNorm input"),
    QT_TRANSLATE_NOOP("DemoLedger", "wq, wk and wv input"),
    QT_TRANSLATE_NOOP(
        "DemoLedger", "Q and K for QK^T, V for attention over values (k = G*dh, the key/value width)"),
    QT_TRANSLATE_NOOP("DemoLedger", "softmax output"),
    QT_TRANSLATE_NOOP("DemoLedger", "softmax dropout mask"),
    QT_TRANSLATE_NOOP("DemoLedger", "softmax dropout output (attention over values input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "wo input"),
    QT_TRANSLATE_NOOP("DemoLedger", "attention dropout mask"),
    QT_TRANSLATE_NOOP("DemoLedger", "MLP RMSNorm input"),
    QT_TRANSLATE_NOOP("DemoLedger", "w1 and w3 input"),
    QT_TRANSLATE_NOOP("DemoLedger", "SwiGLU inputs"),
    QT_TRANSLATE_NOOP("DemoLedger", "w2 input"),
    QT_TRANSLATE_NOOP("DemoLedger", "MLP dropout mask"),
};

// Llama's rows, the fused attention's, and a GPT row that had no entry.
[[maybe_unused]] constexpr std::array<const char*, 17> kMoreRowNames = {
    QT_TRANSLATE_NOOP("DemoLedger", "block input: the embedding's output (attention RMSNorm input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "block input: the previous block's output (attention RMSNorm input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "attention RMSNorm output (wq, wk and wv input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "attention RMSNorm rstd per row"),
    QT_TRANSLATE_NOOP("DemoLedger", "queries, keys and values, q and k rotated (rotary positions)"),
    QT_TRANSLATE_NOOP("DemoLedger", "attention output, heads merged (wo input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "residual stream after attention (MLP RMSNorm input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "MLP RMSNorm output (w1 and w3 input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "MLP RMSNorm rstd per row"),
    QT_TRANSLATE_NOOP("DemoLedger", "w1 and w3 outputs (SwiGLU inputs)"),
    QT_TRANSLATE_NOOP("DemoLedger", "SwiGLU output, silu(w1 x) * w3 x (w2 input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "the last block's output (final RMSNorm input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "final RMSNorm output (head input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "final RMSNorm rstd per row"),
    QT_TRANSLATE_NOOP("DemoLedger", "softmax logsumexp per row (fused attention)"),
    QT_TRANSLATE_NOOP("DemoLedger", "block input: the previous block's output (LayerNorm 1 input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "block input: the residual stream (attention RMSNorm input)"),
};

[[maybe_unused]] constexpr std::array<const char*, 20> kRowNames = {
    QT_TRANSLATE_NOOP("DemoLedger", "block input: the residual stream (LayerNorm 1 input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "block input: the embedding's output (LayerNorm 1 input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "LayerNorm 1 output (QKV input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "queries, keys and values"),
    QT_TRANSLATE_NOOP("DemoLedger", "attention probabilities (softmax output)"),
    QT_TRANSLATE_NOOP("DemoLedger", "attention probabilities after dropout"),
    QT_TRANSLATE_NOOP("DemoLedger", "attention output, heads merged (projection input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "residual stream after attention (LayerNorm 2 input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "LayerNorm 2 output (fc1 input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "fc1 output (GELU input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "GELU output (fc2 input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "attention dropout mask"),
    QT_TRANSLATE_NOOP("DemoLedger", "attention output dropout mask"),
    QT_TRANSLATE_NOOP("DemoLedger", "MLP output dropout mask"),
    QT_TRANSLATE_NOOP("DemoLedger", "LayerNorm 1 mean and rstd per row"),
    QT_TRANSLATE_NOOP("DemoLedger", "LayerNorm 2 mean and rstd per row"),
    QT_TRANSLATE_NOOP("DemoLedger", "the last block's output (final LayerNorm input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "final LayerNorm output (head input)"),
    QT_TRANSLATE_NOOP("DemoLedger", "final LayerNorm mean and rstd per row"),
    QT_TRANSLATE_NOOP("DemoLedger", "softmax probabilities over the vocabulary"),
};

const QString kStatistics = QStringLiteral("statistics");
const QString kWorkspace = QStringLiteral("workspace");
const QString kHead = QStringLiteral("head");

// One of the engine's words marked above, in the learner's language.
QString translated(const char* text)
{
    return QCoreApplication::translate("DemoLedger", text);
}

QString mib(std::uint64_t bytes, int decimals = 2)
{
    return QCoreApplication::translate("DemoLedger", "%1 MiB")
        .arg(QLocale().toString(double(bytes) / (1024.0 * 1024.0), 'f', decimals));
}

bool keptFate(TensorFate fate)
{
    return fate == TensorFate::Kept || fate == TensorFate::Offloaded;
}

// Where a row's bytes at the peak go in the bars.
QString groupOf(const LedgerRow& row)
{
    if (row.block < 0)
        return kHead;
    if (!keptFate(row.fate))
        return kWorkspace;
    if (row.termName.empty())
        return kStatistics;
    return QString::fromStdString(row.termName);
}

// "2as^2b" as the learner reads it: "2as²b".
QString termText(const std::string& term)
{
    return QString::fromStdString(term).replace(QStringLiteral("^2"), QStringLiteral("²"));
}

} // namespace

std::optional<rlab::TensorLedger> demoLedger(const DemoResult& result)
{
    return rlab::measuredLedger(result.run, nullptr);
}

QString demoLedgerProblem(const DemoResult& result)
{
    std::string why;
    return rlab::measuredLedger(result.run, &why) ? QString() : QString::fromStdString(why);
}

QStringList ledgerTermKeys(rlab::Arch arch)
{
    QStringList keys;
    for (const char* name : arch == rlab::Arch::Llama ? kLlamaTermNames : kTermNames)
        keys.push_back(QString::fromLatin1(name));
    return keys;
}

QList<LedgerGroup> ledgerGroups(const rlab::TensorLedger& ledger)
{
    QList<LedgerGroup> groups;
    const auto groupFor = [&](const QString& key) -> LedgerGroup& {
        for (LedgerGroup& group : groups)
            if (group.key == key)
                return group;
        groups.push_back({key, {}, 0, 0, 0});
        return groups.back();
    };
    // The terms first in the forward's order (block 0 lists them all), then the groups outside.
    for (const LedgerRow& row : ledger.rows) {
        const QString key = groupOf(row);
        if (key == kHead || key == kWorkspace || key == kStatistics)
            continue;
        LedgerGroup& group = groupFor(key);
        group.term = termText(row.term);
        group.peakBytes += row.peakBytes;
        group.keptBytes += row.bytes;
        group.rows += 1;
    }
    for (const QString& outside : {kStatistics, kWorkspace, kHead}) {
        for (const LedgerRow& row : ledger.rows) {
            if (groupOf(row) != outside)
                continue;
            LedgerGroup& group = groupFor(outside);
            group.peakBytes += row.peakBytes;
            if (keptFate(row.fate))
                group.keptBytes += row.bytes;
            group.rows += 1;
        }
    }
    return groups;
}

QStringList droppedGroups(const rlab::TensorLedger& base, const rlab::TensorLedger& other)
{
    const QList<LedgerGroup> theirs = ledgerGroups(other);
    QStringList dropped;
    for (const LedgerGroup& group : ledgerGroups(base)) {
        if (group.term.isEmpty() || group.keptBytes == 0)
            continue;
        const auto found = std::find_if(
            theirs.begin(), theirs.end(), [&](const LedgerGroup& g) { return g.key == group.key; });
        if (found == theirs.end() || found->keptBytes == 0)
            dropped.push_back(group.key);
    }
    return dropped;
}

QString ledgerGroupKey(const LedgerRow& row)
{
    return groupOf(row);
}

QString ledgerGroupTitle(const QString& key, rlab::Arch arch)
{
    if (key == kStatistics)
        return arch == rlab::Arch::Llama
            ? QCoreApplication::translate("DemoLedger", "RMSNorm statistics (rstd; not in the paper)")
            : QCoreApplication::translate(
                "DemoLedger", "LayerNorm statistics (mean, rstd; not in the paper)");
    if (key == kWorkspace)
        return QCoreApplication::translate("DemoLedger", "rebuilt for backward (recompute workspace)");
    if (key == kHead)
        return QCoreApplication::translate("DemoLedger", "head and loss (outside the per-layer formula)");
    const QByteArray latin = key.toLatin1();
    return translated(latin.constData());
}

QString ledgerRowName(const LedgerRow& row)
{
    static const std::string widened = ", widened to fp32 for backward";
    std::string name = row.name;
    const bool wide = name.ends_with(widened);
    if (wide)
        name.resize(name.size() - widened.size());
    const QString text = translated(name.c_str());
    return wide ? QCoreApplication::translate("DemoLedger", "%1, widened to fp32 for backward").arg(text)
                : text;
}

QString ledgerFateTitle(TensorFate fate)
{
    switch (fate) {
    case TensorFate::Kept:
        return QCoreApplication::translate("DemoLedger", "kept");
    case TensorFate::Recomputed:
        return QCoreApplication::translate("DemoLedger", "recomputed");
    case TensorFate::Offloaded:
        return QCoreApplication::translate("DemoLedger", "offloaded");
    case TensorFate::Widened:
        return QCoreApplication::translate("DemoLedger", "widened");
    }
    return {};
}

LedgerFormula ledgerFormula(const rlab::TensorLedger& ledger)
{
    LedgerFormula f;
    const rlab::ModelShape& shape = ledger.config.shape;
    const rlab::PaperFormula paper = rlab::paperFormula(shape);
    f.layers = shape.layers;
    f.llama = shape.arch == rlab::Arch::Llama;
    const QLocale locale;
    const QString s = locale.toString(shape.seq), b = locale.toString(shape.batch),
                  h = locale.toString(shape.width), a = locale.toString(shape.heads);
    const QString sbh = QStringLiteral("%1 × %2 × %3").arg(s, b, h);
    const QString as2b = QStringLiteral("%1 × %2² × %3").arg(a, s, b);
    // The paper's rows (34sbh + 5as²b, ...) are GPT's block; for llama only the count of its tensors.
    if (!f.llama) {
        switch (ledger.config.policy.kind) {
        case rlab::PolicyKind::None:
            f.formula = QStringLiteral("34sbh + 5as²b");
            f.substituted = QStringLiteral("34 × %1 + 5 × %2").arg(sbh, as2b);
            f.paperPerLayer = paper.none();
            break;
        case rlab::PolicyKind::Selective:
            f.formula = QStringLiteral("34sbh");
            f.substituted = QStringLiteral("34 × %1").arg(sbh);
            f.paperPerLayer = paper.selective();
            break;
        case rlab::PolicyKind::Full:
            f.formula = QStringLiteral("2sbh");
            f.substituted = QStringLiteral("2 × %1").arg(sbh);
            f.paperPerLayer = paper.full();
            break;
        default:
            break; // sqrt, segments and budgets keep different blocks differently: no one row of the paper
        }
    }
    f.paperKeptPerLayer = rlab::keptBytes(ledger, 0, rlab::LedgerConvention::Paper);
    for (int block = 0; block < shape.layers; ++block) {
        f.measuredKept += rlab::keptBytes(ledger, block, rlab::LedgerConvention::Engine);
        f.paperKeptAll += rlab::keptBytes(ledger, block, rlab::LedgerConvention::Paper);
    }
    return f;
}

QString ledgerFormulaText(const LedgerFormula& f)
{
    const QLocale locale;
    QString text;
    if (!f.formula.isEmpty())
        text = QCoreApplication::translate("DemoLedger",
            "The paper per layer (predicted, 16-bit values, 1-byte masks): %1 = %2 = %3 bytes; "
            "× %4 layers = %5.")
                   .arg(f.formula, f.substituted, locale.toString(qulonglong(f.paperPerLayer)))
                   .arg(f.layers)
                   .arg(mib(f.paperPerLayer * std::uint64_t(f.layers)));
    else
        text = QCoreApplication::translate("DemoLedger",
            "The paper counts this plan's kept tensors as %1 over %2 layers (predicted, 16-bit "
            "values, 1-byte masks).")
                   .arg(mib(f.paperKeptAll))
                   .arg(f.layers);
    text += QLatin1Char(' ');
    text += f.llama ? QCoreApplication::translate("DemoLedger",
                "Measured here: the blocks keep %1 (fp32 values, masks regenerated, RMSNorm "
                "statistics kept).")
                          .arg(mib(f.measuredKept))
                    : QCoreApplication::translate("DemoLedger",
                        "Measured here: the blocks keep %1 (fp32 values, masks regenerated, LayerNorm "
                        "statistics kept).")
                          .arg(mib(f.measuredKept));
    return text;
}

QString peakMomentText(const rlab::TensorLedger& ledger)
{
    if (ledger.peakPhase.empty())
        return QCoreApplication::translate("DemoLedger", "the peak (predicted)");
    const rlab::Phase phase = ledger.peakPhase == "recompute" ? rlab::Phase::Recompute
        : ledger.peakPhase == "backward"                      ? rlab::Phase::Backward
                                                              : rlab::Phase::Forward;
    const QString where = ledger.peakBlock >= 0
        ? QCoreApplication::translate("DemoLedger", "block %1").arg(ledger.peakBlock + 1)
        : QCoreApplication::translate("DemoLedger", "the head");
    return QCoreApplication::translate("DemoLedger", "%1 of %2, op %3 (measured)")
        .arg(phaseTitle(phase), where, QString::fromStdString(ledger.peakOp));
}

int peakEventIndex(const std::vector<rlab::TimelineEvent>& timeline)
{
    int best = -1;
    for (std::size_t i = 0; i < timeline.size(); ++i)
        if (best < 0 || timeline[i].activationBytes > timeline[std::size_t(best)].activationBytes)
            best = int(i);
    return best;
}

std::vector<DemoCounterfactual> demoCounterfactuals(const DemoResult& result)
{
    std::string why;
    const rlab::RunConfig& config = result.run.config;
    const std::optional<std::vector<rlab::Counterfactual>> found = rlab::peakCounterfactuals(config, 3, &why);
    std::vector<DemoCounterfactual> out;
    if (!found)
        return out;
    for (const rlab::Counterfactual& c : *found) {
        const std::optional<rlab::RecomputePolicy> policy = rlab::RecomputePolicy::parse(c.policy, &why);
        if (!policy)
            continue;
        DemoCounterfactual item {c, {}};
        item.plan.label = c.policy;
        item.plan.config = config;
        item.plan.config.policy = *policy;
        item.plan.config.steps = 1; // the peak is exact after one step
        item.plan.config.warmupSteps = 0;
        item.plan.config.minTimeSeconds = 0;
        item.plan.config.recordTimeline = true;
        item.plan.config.keepGradients = false;
        out.push_back(std::move(item));
    }
    return out;
}

QString counterfactualText(const rlab::Counterfactual& c)
{
    // Keyed by the engine's own phrase (rlab::peakCounterfactuals): one per kind of change.
    const std::string& what = c.what;
    if (what.starts_with("offload"))
        return QCoreApplication::translate("DemoLedger", "offload what this policy keeps to host memory");
    if (what.starts_with("keep only the matmul"))
        return QCoreApplication::translate("DemoLedger",
            "keep only the matmul outputs: recompute attention probabilities, LayerNorm and GELU in "
            "backward");
    if (what.starts_with("recompute segments"))
        return QCoreApplication::translate(
            "DemoLedger", "recompute segments of blocks of the length that keeps least");
    if (what.starts_with("keep only each block"))
        return QCoreApplication::translate(
            "DemoLedger", "keep only each block's input and recompute the block");
    return QString::fromStdString(c.what);
}

} // namespace rlab::demo
