#include "demoresultsview.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProxyStyle>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "demo/charts/losschart.h"
#include "demo/charts/memorychart.h"
#include "demo/charts/steptimechart.h"
#include "demo/charts/sweepchart.h"
#include "demo/charts/timelinechart.h"
#include "demo/model/demofrontier.h"
#include "demo/model/demoresultsmodel.h"
#include "demo/view/frontierview.h"
#include "demo/view/ledgerview.h"
#include "demo/view/peakcard.h"
#include "view/readinghint.h"

using rlab::demo::DemoResult;
using rlab::demo::DemoResultsModel;
using rlab::demo::hasFrontier;

namespace {

bool moreColumnsShown = false; // the learner's "More columns" choice, kept for the session

// The result tabs with two thirds of the style's padding beside their names: Shona's seven names,
// which its glossary fixes, needed 585 px where 1024x700 gives the bar 572 (scroll arrows).
class SnugTabsStyle : public QProxyStyle {
public:
    int pixelMetric(PixelMetric metric, const QStyleOption* option, const QWidget* widget) const override
    {
        const int value = QProxyStyle::pixelMetric(metric, option, widget);
        return metric == PM_TabBarTabHSpace ? value * 2 / 3 : value;
    }
};

} // namespace

DemoResultsView::DemoResultsView(DemoResultsModel* results, QWidget* parent)
    : QWidget(parent)
    , m_results(results)
{
    buildTable();
    m_moreColumns = new QCheckBox;
    m_moreColumns->setObjectName(QStringLiteral("moreColumns"));
    m_moreColumns->setChecked(moreColumnsShown);
    connect(m_moreColumns, &QCheckBox::toggled, this, [this](bool shown) {
        moreColumnsShown = shown;
        showColumns();
    });
    connect(m_results, &QAbstractItemModel::rowsInserted, this, &DemoResultsView::onResultsAdded);
    connect(m_results, &QAbstractItemModel::modelReset, this, &DemoResultsView::onResultsCleared);
    QVBoxLayout* timelineLayout = buildCharts();
    buildTabs(timelineLayout);

    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->addWidget(m_tabs, 1);
    showColumns();
    retranslate();
}

// The results table and, on top of its first column, the frozen Run column that follows it.
void DemoResultsView::buildTable()
{
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("resultsTable"));
    m_table->setModel(m_results);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    // Columns as wide as their two-line names and figures, kept so as headers and rows change (a
    // language switch, each new run); the learner can still widen one, and the last takes the spare
    // width. Every header also has a tooltip that says what its figure is.
    m_table->horizontalHeader()->setStretchLastSection(true);
    connect(m_results, &QAbstractItemModel::headerDataChanged, m_table, &QTableView::resizeColumnsToContents);
    connect(m_results, &QAbstractItemModel::dataChanged, m_table, &QTableView::resizeColumnsToContents);
    connect(m_results, &QAbstractItemModel::modelReset, m_table, &QTableView::resizeColumnsToContents);
    // Both views scroll by pixels, set here: a style may choose the mode when it polishes a view,
    // and a column scrolled by rows beside a table scrolled by pixels showed other rows' labels.
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_runColumn = new QTableView(m_table);
    m_runColumn->setObjectName(QStringLiteral("resultsRunColumn"));
    m_runColumn->setModel(m_results);
    m_runColumn->setSelectionModel(m_table->selectionModel());
    m_runColumn->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_runColumn->setAlternatingRowColors(true);
    m_runColumn->setFocusPolicy(Qt::NoFocus); // the table itself takes the keyboard
    m_runColumn->verticalHeader()->setVisible(false);
    m_runColumn->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    m_runColumn->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_runColumn->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_runColumn->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_runColumn->viewport()->installEventFilter(this); // its wheel scrolls the table, which it follows
    m_runColumn->setFrameShape(QFrame::NoFrame);
    m_runColumn->setStyleSheet(QStringLiteral("QTableView { border-right: 1px solid palette(mid); }"));
    connect(m_table->verticalScrollBar(), &QAbstractSlider::valueChanged, m_runColumn->verticalScrollBar(),
        &QAbstractSlider::setValue);
    connect(m_runColumn->verticalScrollBar(), &QAbstractSlider::valueChanged, m_table->verticalScrollBar(),
        &QAbstractSlider::setValue);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this, &DemoResultsView::fitRunColumn);
    connect(m_table->verticalHeader(), &QHeaderView::sectionResized, this,
        [this](int row, int, int size) { m_runColumn->setRowHeight(row, size); });
    m_table->installEventFilter(this);
    m_table->viewport()->installEventFilter(this); // a scroll bar coming or going resizes only the viewport
}

// The charts, and the timeline's page: the chart beside the run it shows and its "At the peak" card.
QVBoxLayout* DemoResultsView::buildCharts()
{
    m_memoryChart = new MemoryChart;
    m_stepTimeChart = new StepTimeChart;
    m_timelineChart = new TimelineChart;
    m_timelineRun = new QComboBox;
    m_timelineRun->setObjectName(QStringLiteral("timelineRun"));
    m_timelineRunLabel = new QLabel;
    m_timelineRunLabel->setBuddy(m_timelineRun);
    connect(m_timelineRun, &QComboBox::activated, this, [this](int row) {
        m_results->pickTimeline(row);
        showTimeline();
    });
    m_timelinePage = new QWidget;
    auto* timelineLayout = new QVBoxLayout(m_timelinePage);
    timelineLayout->setContentsMargins(0, 0, 0, 0);
    // Beside the chart, the run it shows and its "At the peak" card, in a split the learner can drag:
    // the explore page has the window's width, its height is what is short (1024x700). The chart
    // keeps three fifths of the width to begin with, the card scrolls in the rest.
    m_timelineSplit = new QSplitter(Qt::Horizontal);
    m_timelineSplit->setObjectName(QStringLiteral("timelineSplit"));
    m_timelineSplit->setChildrenCollapsible(false);
    m_timelineSplit->addWidget(m_timelineChart);
    timelineLayout->addWidget(m_timelineSplit, 1);
    m_timelineBelow = new QWidget;
    auto* below = new QVBoxLayout(m_timelineBelow);
    below->setContentsMargins(0, 0, 0, 0);
    below->setSpacing(2);
    auto* timelinePick = new QHBoxLayout;
    timelinePick->addWidget(m_timelineRunLabel);
    timelinePick->addWidget(m_timelineRun, 1);
    below->addLayout(timelinePick);
    m_peakCard = new PeakCard;
    below->addWidget(m_peakCard);
    m_peakScroll = new QScrollArea;
    m_peakScroll->setObjectName(QStringLiteral("peakScroll"));
    m_peakScroll->setWidget(m_timelineBelow);
    m_peakScroll->setWidgetResizable(true);
    m_peakScroll->setFrameShape(QFrame::NoFrame);
    m_peakScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_peakScroll->setFocusPolicy(Qt::NoFocus); // its buttons take the focus
    m_timelineSplit->addWidget(m_peakScroll);
    m_timelineSplit->setStretchFactor(0, 3);
    m_timelineSplit->setStretchFactor(1, 2);
    m_timelineSplit->setSizes({600, 400});
    m_sweepChart = new SweepChart;
    m_lossChart = new LossChart;
    return timelineLayout;
}

// The tabs: the table, each chart's page with its reading hint, the ledger and the frontier.
void DemoResultsView::buildTabs(QVBoxLayout* timelineLayout)
{
    // Each chart with one line above it that says how to read it.
    const auto withHint = [](QWidget* chart, QLabel** hint) {
        auto* page = new QWidget;
        auto* pageLayout = new QVBoxLayout(page);
        pageLayout->setContentsMargins(4, 4, 4, 0);
        pageLayout->setSpacing(2);
        *hint = new QLabel;
        (*hint)->setObjectName(chart->objectName() + QStringLiteral("Hint"));
        (*hint)->setWordWrap(true);
        (*hint)->setForegroundRole(QPalette::PlaceholderText);
        pageLayout->addWidget(*hint);
        pageLayout->addWidget(chart, 1);
        return page;
    };
    m_timelineChart->setObjectName(QStringLiteral("timelineChart"));
    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("demoTabs"));
    auto* snug = new SnugTabsStyle; // on the application's style
    snug->setParent(m_tabs->tabBar());
    m_tabs->tabBar()->setStyle(snug);
    m_tabs->addTab(m_table, QString());
    m_memoryPage = withHint(m_memoryChart, &m_memoryHint);
    m_stepTimePage = withHint(m_stepTimeChart, &m_stepTimeHint);
    m_sweepPage = withHint(m_sweepChart, &m_sweepHint);
    m_lossPage = withHint(m_lossChart, &m_lossHint);
    m_timelineHint = new QLabel;
    m_timelineHint->setObjectName(QStringLiteral("timelineChartHint"));
    m_timelineHint->setWordWrap(true);
    m_timelineHint->setForegroundRole(QPalette::PlaceholderText);
    timelineLayout->insertWidget(0, m_timelineHint);
    timelineLayout->setContentsMargins(4, 4, 4, 0);
    timelineLayout->setSpacing(2); // as the other charts' pages
    m_tabs->addTab(m_memoryPage, QString());
    m_tabs->addTab(m_stepTimePage, QString());
    m_tabs->addTab(m_timelinePage, QString());
    m_tabs->addTab(m_sweepPage, QString());
    m_tabs->addTab(m_lossPage, QString());
    m_ledger = new LedgerView;
    m_tabs->addTab(m_ledger, QString());
    m_frontier = new FrontierView;
    m_tabs->addTab(m_frontier, QString());
    m_tabs->setTabVisible(m_tabs->indexOf(m_frontier), false);
    m_tabs->setMinimumHeight(160);
    m_tabs->setCornerWidget(m_moreColumns); // beside the tabs, above the table
    // Shown with the table only, which it acts on: the charts' tabs have the bar's whole width
    // (Russian's needed scroll arrows at 1024x700, a tab read "Рее…").
    connect(m_tabs, &QTabWidget::currentChanged, m_moreColumns, [this] {
        const bool table = m_tabs->currentWidget() == m_table;
        if (table == (m_tabs->cornerWidget() != nullptr))
            return;
        m_tabs->setCornerWidget(table ? m_moreColumns : nullptr); // the bar is laid out anew
        m_moreColumns->setVisible(table);
    });
}

void DemoResultsView::retranslate()
{
    m_moreColumns->setText(tr("More columns"));
    m_moreColumns->setToolTip(
        tr("Also show the parameters, gradients and temporaries, the step time's interval, "
           "the PCIe estimate and the device."));
    m_table->setAccessibleName(tr("Demo results"));
    m_timelineRunLabel->setText(tr("Run:"));
    m_timelineRun->setAccessibleName(tr("Run shown in the timeline"));
    const QList<QPair<QWidget*, QString>> tabs = {{m_table, tr("Table")}, {m_memoryPage, tr("Memory")},
        {m_stepTimePage, tr("Step time")}, {m_timelinePage, tr("Timeline")}, {m_sweepPage, tr("Sweep")},
        {m_lossPage, tr("Loss")}, {m_ledger, tr("Ledger")}, {m_frontier, tr("Frontier")}};
    for (const auto& [page, text] : tabs) {
        if (const int index = m_tabs->indexOf(page); index >= 0)
            m_tabs->setTabText(index, text);
    }
    m_hintTexts[m_memoryHint] = tr("How to read it: one group of bars per run, one bar per kind of memory, "
                                   "each at the step's peak; a lower bar kept less.");
    m_hintTexts[m_stepTimeHint] = tr("How to read it: one group per run; a taller bar took longer a step. "
                                     "Bars whose intervals overlap none's are the same within noise.");
    m_hintTexts[m_timelineHint] = tr("How to read it: one training step from left to right, forward, then "
                                     "recompute and backward; up is the memory alive after each op. Dashed: "
                                     "the other runs, lined up phase by phase.");
    m_hintTexts[m_sweepHint] = tr("How to read it: one line per policy as the size grows; on log-log axes "
                                  "a steeper line grows faster, and its slope is the exponent.");
    m_hintTexts[m_lossHint] = tr("How to read it: each run's loss step by step; lines on top of each other "
                                 "trained the same model.");
    showHints();
    m_results->retranslate();
    m_memoryChart->retranslate();
    m_stepTimeChart->retranslate();
    m_timelineChart->retranslate();
    m_sweepChart->retranslate();
    m_lossChart->retranslate();
    m_ledger->retranslate();
    m_frontier->retranslate();
    m_peakCard->retranslate();
}

void DemoResultsView::showHints()
{
    // The explore page has the room: every "How to read it" line is shown whole.
    for (auto hint = m_hintTexts.cbegin(); hint != m_hintTexts.cend(); ++hint)
        showReadingHint(hint.key(), hint.value(), false);
    m_ledger->setHintFolded(false);
}

void DemoResultsView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

bool DemoResultsView::eventFilter(QObject* watched, QEvent* event)
{
    if ((watched == m_table || watched == m_table->viewport())
        && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        fitRunColumn();
    if (watched == m_runColumn->viewport() && event->type() == QEvent::Wheel) {
        QCoreApplication::sendEvent(m_table->viewport(), event);
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void DemoResultsView::showColumns()
{
    for (int column = 0; column < DemoResultsModel::ColumnCount; ++column) {
        const bool shown = m_results->isColumnUsed(column)
            && (moreColumnsShown || !DemoResultsModel::isMoreColumn(column));
        m_table->setColumnHidden(column, !shown && column != DemoResultsModel::Label);
        m_runColumn->setColumnHidden(column, column != DemoResultsModel::Label);
    }
    fitRunColumn();
}

void DemoResultsView::fitRunColumn()
{
    m_runColumn->setColumnWidth(DemoResultsModel::Label, m_table->columnWidth(DemoResultsModel::Label));
    m_runColumn->horizontalHeader()->setFixedHeight(m_table->horizontalHeader()->height());
    for (int row = 0; row < m_results->rowCount(); ++row)
        m_runColumn->setRowHeight(row, m_table->rowHeight(row));
    m_runColumn->setGeometry(m_table->frameWidth(), m_table->frameWidth(),
        m_table->columnWidth(DemoResultsModel::Label),
        m_table->viewport()->height() + m_table->horizontalHeader()->height());
    m_runColumn->verticalScrollBar()->setValue(m_table->verticalScrollBar()->value());
}

void DemoResultsView::setSweepShown(bool shown)
{
    m_tabs->setTabVisible(m_tabs->indexOf(m_sweepPage), shown);
    m_tabs->setTabVisible(m_tabs->indexOf(m_lossPage), !shown); // a curve per run: not for a sweep's many
}

void DemoResultsView::showStoryFirst(const QString& view)
{
    const QList<QPair<QString, QWidget*>> pages
        = {{QStringLiteral("memory"), m_memoryPage}, {QStringLiteral("step-time"), m_stepTimePage},
            {QStringLiteral("timeline"), m_timelinePage}, {QStringLiteral("sweep"), m_sweepPage},
            {QStringLiteral("loss"), m_lossPage}, {QStringLiteral("ledger"), m_ledger},
            {QStringLiteral("frontier"), m_frontier}, {QStringLiteral("table"), m_table}};
    m_storyView = view;
    m_tabs->setCurrentWidget(m_table); // no story view: the table first
    for (const auto& [name, page] : pages)
        if (name == view && m_tabs->isTabVisible(m_tabs->indexOf(page)))
            m_tabs->setCurrentWidget(page);
}

void DemoResultsView::onResultsAdded()
{
    const QList<DemoResult>& all = m_results->results();
    m_memoryChart->setResults(all);
    m_stepTimeChart->setResults(all);
    if (!all.isEmpty() && !all.back().sweepParameter.isEmpty())
        m_sweepChart->setResults(all);
    else
        m_lossChart->setResults(all);
    m_ledger->setResults(all);
    m_frontier->setResults(all);
    // The Frontier tab shows only once two budget runs have come, after the story view was chosen:
    // a preset that opens on it ("view: frontier") would otherwise stay on the table.
    const bool frontierWasShown = m_tabs->isTabVisible(m_tabs->indexOf(m_frontier));
    m_tabs->setTabVisible(m_tabs->indexOf(m_frontier), hasFrontier(all));
    if (!frontierWasShown && hasFrontier(all) && m_storyView == QLatin1String("frontier")
        && m_tabs->currentWidget() == m_table)
        m_tabs->setCurrentWidget(m_frontier);
    for (qsizetype row = m_timelineRun->count(); row < all.size(); ++row)
        m_timelineRun->addItem(all[row].title());
    showColumns(); // before the sizing: hidden columns keep no width
    m_table->resizeColumnsToContents();
    m_table->resizeRowsToContents();
    // The header does not always say sectionResized for the sizing above (none when only the
    // last row's label grew), and the frozen column would then elide it ("sqrt + …").
    fitRunColumn();
    m_timelineRun->setCurrentIndex(m_results->timelineRow());
    showTimeline();
}

void DemoResultsView::onResultsCleared()
{
    m_memoryChart->setResults({});
    m_stepTimeChart->setResults({});
    m_sweepChart->setResults({});
    m_lossChart->setResults({});
    m_timelineChart->clear();
    m_timelineRun->clear();
    m_ledger->setResults({});
    m_frontier->setResults({});
    m_tabs->setTabVisible(m_tabs->indexOf(m_frontier), false);
    m_peakCard->clear();
    showColumns();
}

void DemoResultsView::showTimeline()
{
    const int index = m_timelineRun->currentIndex();
    if (index < 0 || index >= m_results->results().size())
        return;
    const DemoResult& shown = m_results->results()[index];
    QList<DemoResult> others; // the runs at the same sizes, overlaid
    for (qsizetype row = 0; row < m_results->results().size(); ++row) {
        const DemoResult& other = m_results->results()[row];
        if (row != index && other.sweepValue == shown.sweepValue)
            others.push_back(other);
    }
    m_timelineChart->setResult(shown, others);
    m_peakCard->setResult(shown);
}
