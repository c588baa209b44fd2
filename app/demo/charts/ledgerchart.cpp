#include "ledgerchart.h"

#include <algorithm>
#include <array>
#include <optional>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QStackedBarSeries>
#include <QValueAxis>

#include "demo/model/demoledger.h"
#include "view/chartstyle.h"

using rlab::demo::demoLedger;
using rlab::demo::DemoResult;
using rlab::demo::differingLabels;
using rlab::demo::LedgerGroup;
using rlab::demo::ledgerGroups;
using rlab::demo::ledgerGroupTitle;
using rlab::demo::ledgerTermKeys;

namespace {

// One fixed colour per group, in ledgerTermKeys()'s order and then the three outside the formula:
// the attention core's terms (what selective stops keeping) in warm colours, the rest cool, the
// rebuilt tensors grey, so one term reads the same in every bar and language.
QColor groupColor(int index)
{
    static constexpr std::array<QRgb, 16> colours = {
        0x0072B2, // LayerNorm 1 input
        0x88CCEE, // QKV matmul input
        0x009E73, // Q, K and V
        0xD55E00, // softmax output
        0xE69F00, // softmax dropout mask
        0xCC79A7, // softmax dropout output
        0x332288, // linear projection input
        0x999933, // attention dropout mask
        0x44AA99, // LayerNorm 2 input
        0xF0E442, // fc1 input
        0x117733, // GeLU input
        0xAA4499, // fc2 input
        0xDDCC77, // MLP dropout mask
        0x882255, // LayerNorm statistics
        0xBBBBBB, // rebuilt for backward
        0x555555, // head and loss
    };
    return QColor(colours[std::size_t(index) % colours.size()]);
}

// Llama's own terms beside GPT-2's in one chart: the same order in darker or lighter shades, so
// neither model's term takes the other's colour.
QColor secondColor(int index)
{
    const QColor base = groupColor(index);
    return base.lightness() > 128 ? base.darker(160) : base.lighter(160);
}

} // namespace

LedgerChart::LedgerChart(QWidget* parent)
    : DemoChart(QStringLiteral("ledgerChart"), parent)
{
    rebuild();
}

void LedgerChart::rebuild()
{
    QList<DemoResult> shown;
    for (const DemoResult& result : results())
        if (result.sweepValue == results().front().sweepValue)
            shown.push_back(result);
    QChart* chart
        = resetDemoChart(this, tr("Activations at each run's peak, by the paper's term, MiB (measured)"));
    setAccessibleName(chart->title());
    std::vector<QList<LedgerGroup>> groups;
    for (const DemoResult& result : shown) {
        const std::optional<rlab::TensorLedger> ledger = demoLedger(result);
        groups.push_back(ledger ? ledgerGroups(*ledger) : QList<LedgerGroup> {});
    }
    if (shown.isEmpty())
        return;
    // The terms of the models the runs train (GPT-2's, llama's or both: a preset may compare them),
    // each once: the terms both have (softmax output, the masks) are one key and one colour.
    bool gpt = false, llama = false;
    for (const DemoResult& result : shown)
        (result.run.config.shape.arch == rlab::Arch::Llama ? llama : gpt) = true;
    const rlab::Arch arch = gpt ? rlab::Arch::Gpt2 : rlab::Arch::Llama; // names the statistics group
    QStringList keys;
    QList<QColor> colours;
    for (const rlab::Arch model : {rlab::Arch::Gpt2, rlab::Arch::Llama}) {
        if (!(model == rlab::Arch::Gpt2 ? gpt : llama))
            continue;
        const QStringList terms = ledgerTermKeys(model);
        for (qsizetype i = 0; i < terms.size(); ++i) {
            if (keys.contains(terms[i]))
                continue;
            keys.push_back(terms[i]);
            colours.push_back(model == rlab::Arch::Llama && gpt ? secondColor(int(i)) : groupColor(int(i)));
        }
    }
    for (int outside = 0; outside < 3; ++outside)
        colours.push_back(groupColor(int(ledgerTermKeys().size()) + outside));
    keys << QStringLiteral("statistics") << QStringLiteral("workspace") << QStringLiteral("head");
    auto* series = new QStackedBarSeries;
    double highest = 0;
    std::vector<double> totals(shown.size(), 0.0);
    for (qsizetype k = 0; k < keys.size(); ++k) {
        QList<qreal> values;
        QString term;
        bool any = false;
        for (std::size_t run = 0; run < groups.size(); ++run) {
            double value = 0;
            for (const LedgerGroup& group : groups[run])
                if (group.key == keys[k]) {
                    value = bytesToMiB(double(group.peakBytes));
                    term = group.term;
                }
            any = any || value > 0;
            totals[run] += value;
            values.push_back(value);
        }
        if (!any) // a term no run holds at its peak (the regenerated masks) only crowds the legend
            continue;
        const QString title = ledgerGroupTitle(keys[k], arch);
        auto* set = new QBarSet(term.isEmpty() ? title : QStringLiteral("%1 %2").arg(term, title));
        set->append(values);
        set->setColor(colours[k]);
        series->append(set);
    }
    for (const double total : totals)
        highest = std::max(highest, total);
    chart->addSeries(series);
    auto* categories = new QBarCategoryAxis;
    categories->append(differingLabels(shown));
    chart->addAxis(categories, Qt::AlignBottom);
    series->attachAxis(categories);
    showCategoryTips(series, categories);
    auto* y = new QValueAxis;
    y->setTitleText(tr("MiB"));
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    fitFromZero(y, highest);
    setLegendBesideWhenWide(true);
}
