#include "ledgerview.h"

#include <algorithm>
#include <optional>

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QResizeEvent>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "demo/charts/ledgerchart.h"
#include "demo/model/demoledger.h"
#include "rlab/demo/demo.h"
#include "view/readinghint.h"

using rlab::demo::demoLedger;
using rlab::demo::demoLedgerProblem;
using rlab::demo::DemoResult;
using rlab::demo::droppedGroups;
using rlab::demo::ledgerFateTitle;
using rlab::demo::ledgerFormula;
using rlab::demo::ledgerFormulaText;
using rlab::demo::LedgerGroup;
using rlab::demo::ledgerGroupKey;
using rlab::demo::ledgerGroups;
using rlab::demo::ledgerGroupTitle;
using rlab::demo::ledgerRowName;
using rlab::demo::ledgerTermKeys;

namespace {

QString mibText(std::uint64_t bytes)
{
    return QLocale().toString(double(bytes) / (1024.0 * 1024.0), 'f', 3);
}

QString shapeText(const std::vector<std::uint64_t>& shape)
{
    QStringList parts;
    for (const std::uint64_t n : shape)
        parts.push_back(QLocale().toString(qulonglong(n)));
    return parts.join(QStringLiteral(" × "));
}

} // namespace

LedgerView::LedgerView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("ledgerView"));
    m_hint = new QLabel;
    m_hint->setWordWrap(true);
    m_hint->setForegroundRole(QPalette::PlaceholderText);
    m_hint->setObjectName(QStringLiteral("ledgerHint"));
    connect(m_hint, &QLabel::linkActivated, this, &LedgerView::unfoldRequested);
    m_chart = new LedgerChart;
    m_chart->setMinimumHeight(180);
    m_dropped = new QLabel;
    m_dropped->setObjectName(QStringLiteral("ledgerDropped"));
    m_dropped->setWordWrap(true);
    m_dropped->setTextFormat(Qt::RichText);
    m_run = new QComboBox;
    m_run->setObjectName(QStringLiteral("ledgerRun"));
    m_runLabel = new QLabel;
    m_runLabel->setBuddy(m_run);
    connect(m_run, &QComboBox::activated, this, &LedgerView::showRun);
    m_rows = new QTreeWidget;
    m_rows->setObjectName(QStringLiteral("ledgerRows"));
    m_rows->setColumnCount(6);
    m_rows->setAlternatingRowColors(true);
    m_rows->header()->setStretchLastSection(false);
    m_formula = new QLabel;
    m_formula->setObjectName(QStringLiteral("ledgerFormula"));
    m_formula->setWordWrap(true);
    m_formula->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* below = new QWidget;
    auto* belowLayout = new QVBoxLayout(below);
    belowLayout->setContentsMargins(0, 0, 0, 0);
    auto* pick = new QHBoxLayout;
    pick->addWidget(m_runLabel);
    pick->addWidget(m_run, 1);
    belowLayout->addLayout(pick);
    belowLayout->addWidget(m_formula);
    belowLayout->addWidget(m_rows, 1);
    auto* split = new QSplitter(Qt::Vertical);
    auto* above = new QWidget;
    auto* aboveLayout = new QVBoxLayout(above);
    aboveLayout->setContentsMargins(0, 0, 0, 0);
    aboveLayout->addWidget(m_chart, 1);
    aboveLayout->addWidget(m_dropped);
    split->addWidget(above);
    split->addWidget(below);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->setSpacing(2);
    layout->addWidget(m_hint);
    layout->addWidget(split, 1);
    retranslate();
}

QWidget* LedgerView::story() const
{
    return m_chart;
}

void LedgerView::setResults(const QList<DemoResult>& results)
{
    m_results.clear();
    for (const DemoResult& result : results)
        if (result.sweepValue == results.front().sweepValue)
            m_results.push_back(result);
    m_chart->setResults(m_results);
    const int was = m_run->currentIndex();
    m_run->clear();
    for (const DemoResult& result : m_results)
        m_run->addItem(result.title());
    m_run->setCurrentIndex(was >= 0 && was < m_run->count() ? was : 0);
    showHint(); // it names the runs' model's terms
    showRun();
    showDropped();
}

void LedgerView::setHintFolded(bool folded)
{
    if (folded == m_hintFolded)
        return;
    m_hintFolded = folded;
    showHint();
}

void LedgerView::showHint()
{
    // The paper's formula is GPT's; a llama run's terms count llama's tensors the paper's way.
    const bool llama = std::any_of(m_results.begin(), m_results.end(),
        [](const DemoResult& result) { return result.run.config.shape.arch == rlab::Arch::Llama; });
    const QString text = llama
        ? tr("How to read it: one bar per run, one colour per term, each of llama's tensors counted as "
             "Korthikanti et al. count GPT's (2 bytes a value, 1 a dropout mask; k is the key/value "
             "width, f the SwiGLU width); a colour missing from a bar is a tensor that policy "
             "recomputes instead of keeping. Below: one run's tensors, block by block.")
        : tr("How to read it: one bar per run, one colour per term of the paper's formula "
             "(Korthikanti et al.: 34sbh + 5as²b per layer); a colour missing from a bar is a "
             "tensor that policy recomputes instead of keeping. Below: one run's tensors, block "
             "by block.");
    showReadingHint(m_hint, text, m_hintFolded); // folded in a short window, as the other charts' hints
}

void LedgerView::retranslate()
{
    showHint();
    m_runLabel->setText(tr("Run:"));
    m_run->setAccessibleName(tr("Run shown in the ledger"));
    m_rows->setHeaderLabels({tr("Term / tensor"), tr("Shape"), tr("Precision"), tr("What the policy does"),
        tr("MiB (measured)"), tr("Paper's MiB (predicted)")});
    m_chart->retranslate();
    showRun();
    showDropped();
}

void LedgerView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitFormula();
}

void LedgerView::fitFormula()
{
    // The formula's lines are whole at any width: a short window takes the room from the table (or
    // the splitter from the chart), never from the formula's last line.
    const QMargins margins = layout()->contentsMargins();
    m_formula->setMinimumHeight(m_formula->text().isEmpty()
            ? 0
            : m_formula->heightForWidth(width() - margins.left() - margins.right()));
}

void LedgerView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void LedgerView::showDropped()
{
    // Each run against none's (the first plain none run): the terms it no longer keeps.
    const DemoResult* none = nullptr;
    for (const DemoResult& result : m_results)
        if (!none && rlab::demo::isPlainNone(result.run.config))
            none = &result;
    QStringList lines;
    const std::optional<rlab::TensorLedger> base = none ? demoLedger(*none) : std::nullopt;
    for (const DemoResult& result : m_results) {
        if (!base || &result == none)
            continue;
        const std::optional<rlab::TensorLedger> ledger = demoLedger(result);
        if (!ledger)
            continue;
        const QStringList dropped = droppedGroups(*base, *ledger);
        if (dropped.isEmpty())
            continue;
        // A run that keeps nothing of the formula but block inputs (full, sqrt) in one short line.
        const rlab::Arch arch = ledger->config.shape.arch;
        const QString inputs = ledgerTermKeys(arch).front();
        int keptTerms = 0;
        for (const LedgerGroup& group : ledgerGroups(*ledger))
            keptTerms += !group.term.isEmpty() && group.keptBytes > 0 && group.key != inputs ? 1 : 0;
        if (keptTerms == 0) {
            lines.push_back(
                tr("<b>%1</b> keeps only block inputs (%2) and rebuilds every other tensor for "
                   "backward")
                    .arg(result.title().toHtmlEscaped(), ledgerGroupTitle(inputs, arch).toHtmlEscaped()));
            continue;
        }
        QStringList names;
        for (const QString& key : dropped)
            names.push_back(ledgerGroupTitle(key, arch));
        lines.push_back(
            tr("<b>%1</b> does not keep (recomputes or rebuilds): %2")
                .arg(result.title().toHtmlEscaped(), names.join(QStringLiteral(", ")).toHtmlEscaped()));
    }
    m_dropped->setText(lines.join(QStringLiteral("<br>")));
    m_dropped->setVisible(!lines.isEmpty());
}

void LedgerView::showRun()
{
    m_rows->clear();
    m_formula->clear();
    fitFormula();
    const int index = m_run->currentIndex();
    if (index < 0 || index >= m_results.size())
        return;
    const std::optional<rlab::TensorLedger> ledger = demoLedger(m_results[index]);
    if (!ledger) {
        m_formula->setText(demoLedgerProblem(m_results[index]));
        fitFormula();
        return;
    }
    m_formula->setText(ledgerFormulaText(ledgerFormula(*ledger)));
    fitFormula();
    for (const LedgerGroup& group : ledgerGroups(*ledger)) {
        auto* top = new QTreeWidgetItem(m_rows);
        const QString title = ledgerGroupTitle(group.key, ledger->config.shape.arch);
        top->setText(0, group.term.isEmpty() ? title : QStringLiteral("%1  %2").arg(group.term, title));
        top->setText(4, mibText(group.peakBytes));
        QFont bold = top->font(0);
        bold.setBold(true);
        top->setFont(0, bold);
        std::uint64_t paper = 0;
        for (const rlab::LedgerRow& row : ledger->rows) {
            if (ledgerGroupKey(row) != group.key)
                continue;
            auto* item = new QTreeWidgetItem(top);
            const QString block = row.block < 0 ? tr("head") : tr("block %1").arg(row.block + 1);
            item->setText(0, QStringLiteral("%1: %2").arg(block, ledgerRowName(row)));
            item->setText(1, shapeText(row.shape));
            item->setText(2, QString::fromStdString(row.precision));
            item->setText(3, ledgerFateTitle(row.fate));
            item->setText(4, mibText(row.peakBytes));
            item->setText(5, row.paperBytes > 0 ? mibText(row.paperBytes) : QString());
            item->setToolTip(
                0, item->text(0) + QStringLiteral("\n") + QString::fromStdString(row.convention));
            paper += row.paperBytes;
        }
        top->setText(5, paper > 0 ? mibText(paper) : QString());
    }
    for (int column = 0; column < m_rows->columnCount(); ++column)
        m_rows->resizeColumnToContents(column);
    // The names are long: the figures to their right stay in sight, the full name in the tooltip.
    m_rows->setColumnWidth(0, std::min(m_rows->columnWidth(0), 380));
}
