#include "demoresultsview.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "charts/losschart.h"
#include "charts/memorychart.h"
#include "charts/steptimechart.h"
#include "charts/sweepchart.h"
#include "charts/timelinechart.h"
#include "demoresultsmodel.h"

namespace {

constexpr int kTableAboveChartsHeight = 760; // from this panel height the table sits above the charts
bool moreColumnsShown = false; // the learner's "More columns" choice, kept for the session

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
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel); // the frozen column stays aligned
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
    m_runColumn->setVerticalScrollMode(m_table->verticalScrollMode());
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
    m_moreColumns = new QCheckBox;
    m_moreColumns->setObjectName(QStringLiteral("moreColumns"));
    m_moreColumns->setChecked(moreColumnsShown);
    connect(m_moreColumns, &QCheckBox::toggled, this, [this](bool shown) {
        moreColumnsShown = shown;
        showColumns();
    });
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
    m_tabs->setCornerWidget(m_moreColumns); // beside the tabs: reachable wherever the table sits

    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->addWidget(m_tabs, 1);
    showColumns();
    retranslate();
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

bool DemoResultsView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_table && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        fitRunColumn();
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
    showColumns(); // before the sizing: hidden columns keep no width
    m_table->resizeColumnsToContents();
    m_table->resizeRowsToContents();
    // The header does not always say sectionResized for the sizing above (none when only the
    // last row's label grew), and the frozen column would then elide it ("sqrt + …").
    fitRunColumn();
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
}
