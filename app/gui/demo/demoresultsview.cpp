#include "demoresultsview.h"

#include <algorithm>

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "demoresultsmodel.h"
#include "losschart.h"
#include "memorychart.h"
#include "steptimechart.h"
#include "sweepchart.h"
#include "timelinechart.h"

namespace {

constexpr int kTableAboveChartsHeight = 760; // from this panel height the table sits above the charts

} // namespace

DemoResultsView::DemoResultsView(DemoResultsModel* results, QWidget* parent)
    : QWidget(parent)
    , m_results(results)
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
    connect(m_results, &QAbstractItemModel::rowsInserted, this, &DemoResultsView::onResultsAdded);
    connect(m_results, &QAbstractItemModel::modelReset, this, &DemoResultsView::onResultsCleared);
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
    auto* timelinePick = new QHBoxLayout;
    timelinePick->addWidget(m_timelineRunLabel);
    timelinePick->addWidget(m_timelineRun, 1);
    timelineLayout->addLayout(timelinePick);
    timelineLayout->addWidget(m_timelineChart, 1);
    m_sweepChart = new SweepChart;
    m_lossChart = new LossChart;

    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("demoTabs"));
    m_tabs->addTab(m_table, QString());
    m_tabs->addTab(m_memoryChart, QString());
    m_tabs->addTab(m_stepTimeChart, QString());
    m_tabs->addTab(m_timelinePage, QString());
    m_tabs->addTab(m_sweepChart, QString());
    m_tabs->addTab(m_lossChart, QString());
    m_tabs->setMinimumHeight(160);

    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->addWidget(m_tabs, 1);
    retranslate();
}

void DemoResultsView::retranslate()
{
    m_table->setAccessibleName(tr("Demo results"));
    m_timelineRunLabel->setText(tr("Run:"));
    m_timelineRun->setAccessibleName(tr("Run shown in the timeline"));
    const QList<QPair<QWidget*, QString>> tabs
        = {{m_table, tr("Table")}, {m_memoryChart, tr("Memory")}, {m_stepTimeChart, tr("Step time")},
            {m_timelinePage, tr("Timeline")}, {m_sweepChart, tr("Sweep")}, {m_lossChart, tr("Loss")}};
    for (const auto& [page, text] : tabs) {
        if (const int index = m_tabs->indexOf(page); index >= 0)
            m_tabs->setTabText(index, text);
    }
    m_results->retranslate();
    m_memoryChart->retranslate();
    m_stepTimeChart->retranslate();
    m_timelineChart->retranslate();
    m_sweepChart->retranslate();
    m_lossChart->retranslate();
}

void DemoResultsView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void DemoResultsView::setSweepShown(bool shown)
{
    m_tabs->setTabVisible(m_tabs->indexOf(m_sweepChart), shown);
    m_tabs->setTabVisible(m_tabs->indexOf(m_lossChart), !shown); // a curve per run: not for a sweep's many
}

void DemoResultsView::placeTable(int panelHeight)
{
    m_panelHeight = panelHeight;
    const bool tableFirst = m_storyView.isEmpty() || m_storyView == QLatin1String("table");
    const bool above = tableFirst && panelHeight >= kTableAboveChartsHeight;
    const int tab = m_tabs->indexOf(m_table);
    if (above && tab >= 0) {
        m_tabs->removeTab(tab);
        m_layout->insertWidget(m_layout->indexOf(m_tabs), m_table);
        m_table->show();
    } else if (!above && tab < 0) {
        m_layout->removeWidget(m_table);
        m_tabs->insertTab(0, m_table, tr("Table"));
    }
    if (!above) {
        m_table->setMinimumHeight(0);
        m_table->setMaximumHeight(QWIDGETSIZE_MAX);
        return;
    }
    // Just tall enough for its rows (up to a third of the panel), so the charts get the rest.
    const int rows = m_table->verticalHeader()->length();
    const int wanted = m_table->horizontalHeader()->sizeHint().height()
        + std::max(rows, 2 * m_table->verticalHeader()->defaultSectionSize())
        + m_table->horizontalScrollBar()->sizeHint().height() + 2 * m_table->frameWidth() + 2;
    m_table->setFixedHeight(std::min(wanted, panelHeight / 3));
}

void DemoResultsView::showStoryFirst(const QString& view)
{
    m_storyView = view;
    placeTable(m_panelHeight);
    const QList<QPair<QString, QWidget*>> pages
        = {{QStringLiteral("memory"), m_memoryChart}, {QStringLiteral("step-time"), m_stepTimeChart},
            {QStringLiteral("timeline"), m_timelinePage}, {QStringLiteral("sweep"), m_sweepChart},
            {QStringLiteral("loss"), m_lossChart}, {QStringLiteral("table"), m_table}};
    for (const auto& [name, page] : pages)
        if (name == view && m_tabs->indexOf(page) >= 0)
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
    for (qsizetype row = m_timelineRun->count(); row < all.size(); ++row)
        m_timelineRun->addItem(all[row].title());
    for (int column = 0; column < DemoResultsModel::ColumnCount; ++column)
        m_table->setColumnHidden(column, !m_results->isColumnUsed(column));
    m_table->resizeColumnsToContents();
    m_table->resizeRowsToContents();
    placeTable(m_panelHeight);
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
}

void DemoResultsView::showTimeline()
{
    const int index = m_timelineRun->currentIndex();
    if (index < 0 || index >= m_results->results().size())
        return;
    m_timelineChart->setResult(m_results->results()[index]);
}
