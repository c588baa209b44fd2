#include "demopanel.h"

#include <algorithm>

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "contenttext.h"
#include "demoexport.h"
#include "demoresultsmodel.h"
#include "demorunner.h"
#include "demotexts.h"
#include "memorychart.h"
#include "rlab/content/content.h"
#include "steptimechart.h"
#include "sweepchart.h"
#include "timelinechart.h"

namespace {

constexpr int kProgressRange = 1000;
constexpr int kTableAboveChartsHeight = 760; // from this panel height the table sits above the charts

QSpinBox* sizeSpin(const QString& name)
{
    auto* spin = new QSpinBox;
    spin->setObjectName(name);
    spin->setMinimum(1);
    spin->setKeyboardTracking(false); // validate the finished number, not every keystroke
    return spin;
}

// What the panel's scroll area holds. It asks for its smallest height at a width, not its preferred
// one, so the charts shrink to their minimum before the panel scrolls.
class DemoBody : public QWidget {
public:
    int heightForWidth(int width) const override { return layout()->totalMinimumHeightForWidth(width); }
};

} // namespace

DemoPanel::DemoPanel(QWidget* parent)
    : QWidget(parent)
    , m_results(new DemoResultsModel(this))
{
    buildUi();
    replaceRunner();
    setStatus([] { return tr("Choose sizes and press Run."); });
    retranslate();
    updateButtons();
}

DemoPanel::~DemoPanel()
{
    if (m_runner) {
        m_runner->cancel();
        m_runner->wait();
    }
}

void DemoPanel::buildUi()
{
    m_title = new QLabel;
    m_title->setObjectName(QStringLiteral("demoTitle"));
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::RichText);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    m_lookFor = new QLabel;
    m_lookFor->setObjectName(QStringLiteral("demoLookFor"));
    m_lookFor->setWordWrap(true);
    m_lookFor->setTextFormat(Qt::RichText);

    m_sizesBox = new QGroupBox;
    m_layers = sizeSpin(QStringLiteral("layersSpin"));
    m_width = sizeSpin(QStringLiteral("widthSpin"));
    m_width->setSingleStep(8);
    m_heads = sizeSpin(QStringLiteral("headsSpin"));
    m_seq = sizeSpin(QStringLiteral("seqSpin"));
    m_seq->setSingleStep(8);
    m_batch = sizeSpin(QStringLiteral("batchSpin"));
    m_layersLabel = new QLabel;
    m_widthLabel = new QLabel;
    m_headsLabel = new QLabel;
    m_seqLabel = new QLabel;
    m_batchLabel = new QLabel;
    m_resetSizes = new QPushButton;
    new QGridLayout(m_sizesBox); // filled by placeSizes, as many a row as the width allows
    for (const auto& [label, spin] : sizeFields()) {
        label->setBuddy(spin);
        connect(spin, &QSpinBox::valueChanged, this, &DemoPanel::updateValidity);
    }
    placeSizes(3);
    connect(m_resetSizes, &QPushButton::clicked, this, [this] {
        loadChoice();
        updateValidity();
    });

    m_keepBox = new QGroupBox;
    auto* keepLayout = new QGridLayout(m_keepBox);
    const std::vector<rlab::OpKind> kinds = rlab::allOpKinds();
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        auto* box = new QCheckBox(QString::fromStdString(std::string(rlab::opKindName(kinds[i]))));
        box->setObjectName(QStringLiteral("keep_") + box->text());
        box->setProperty("opKind", int(kinds[i]));
        keepLayout->addWidget(box, int(i) / 3, int(i) % 3);
        connect(box, &QCheckBox::toggled, this, &DemoPanel::updateValidity);
        m_keep.push_back(box);
    }
    m_keepBox->setVisible(false);

    m_problem = new QLabel;
    m_problem->setObjectName(QStringLiteral("demoProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_problem->setVisible(false);

    m_run = new QPushButton;
    m_run->setObjectName(QStringLiteral("runDemo"));
    m_run->setDefault(false);
    m_cancel = new QPushButton;
    m_cancel->setObjectName(QStringLiteral("cancelDemo"));
    m_copy = new QPushButton;
    m_copy->setObjectName(QStringLiteral("copyResults"));
    m_export = new QPushButton;
    m_export->setObjectName(QStringLiteral("exportResults"));
    connect(m_run, &QPushButton::clicked, this, &DemoPanel::run);
    connect(m_cancel, &QPushButton::clicked, this, &DemoPanel::cancel);
    connect(m_copy, &QPushButton::clicked, this, &DemoPanel::copyResults);
    connect(m_export, &QPushButton::clicked, this, &DemoPanel::exportResultsWithDialog);
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("demoProgress"));
    m_progress->setRange(0, kProgressRange);
    m_progress->setValue(0);
    m_progress->setMinimumWidth(60);
    m_buttonRow = new QHBoxLayout;
    m_buttonRow->addWidget(m_run);
    m_buttonRow->addWidget(m_cancel);
    m_buttonRow->addWidget(m_progress, 1);
    m_buttonRow->addWidget(m_copy);
    m_buttonRow->addWidget(m_export);

    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("demoStatus"));
    m_status->setWordWrap(true);
    m_device = new QLabel;
    m_device->setObjectName(QStringLiteral("demoDevice"));
    m_device->setAlignment(Qt::AlignRight | Qt::AlignTop);
    auto* statusLine = new QHBoxLayout;
    statusLine->addWidget(m_status, 1);
    statusLine->addWidget(m_device);

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
    m_memoryChart = new MemoryChart;
    m_stepTimeChart = new StepTimeChart;
    m_timelineChart = new TimelineChart;
    m_timelineRun = new QComboBox;
    m_timelineRun->setObjectName(QStringLiteral("timelineRun"));
    m_timelineRunLabel = new QLabel;
    m_timelineRunLabel->setBuddy(m_timelineRun);
    connect(m_timelineRun, &QComboBox::activated, this, [this] {
        m_timelineChosen = true;
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

    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("demoTabs"));
    m_tabs->addTab(m_table, QString());
    m_tabs->addTab(m_memoryChart, QString());
    m_tabs->addTab(m_stepTimeChart, QString());
    m_tabs->addTab(m_timelinePage, QString());
    m_tabs->addTab(m_sweepChart, QString());
    m_tabs->setMinimumHeight(160);

    // The panel scrolls up and down when the window is too short for its controls and charts.
    auto* body = new DemoBody;
    body->setObjectName(QStringLiteral("demoBody"));
    auto* layout = new QVBoxLayout(body);
    layout->addWidget(m_title);
    layout->addWidget(m_lookFor);
    layout->addWidget(m_sizesBox);
    layout->addWidget(m_keepBox);
    layout->addWidget(m_problem);
    layout->addLayout(m_buttonRow);
    layout->addLayout(statusLine);
    layout->addWidget(m_tabs, 1);
    m_scroll = new QScrollArea;
    m_scroll->setObjectName(QStringLiteral("demoScroll"));
    m_scroll->setWidget(body);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_scroll);
}

void DemoPanel::retranslate()
{
    m_sizesBox->setTitle(tr("Model sizes"));
    m_layersLabel->setText(tr("&Layers"));
    m_widthLabel->setText(tr("&Width"));
    m_headsLabel->setText(tr("&Heads"));
    m_seqLabel->setText(tr("&Sequence"));
    m_batchLabel->setText(tr("&Batch"));
    m_layers->setAccessibleName(tr("Number of layers"));
    m_width->setAccessibleName(tr("Model width"));
    m_heads->setAccessibleName(tr("Number of attention heads"));
    m_seq->setAccessibleName(tr("Sequence length"));
    m_batch->setAccessibleName(tr("Batch size"));
    showSweptTips();
    m_resetSizes->setText(tr("Reset sizes"));
    m_resetSizes->setToolTip(tr("Go back to the sizes this demo suggests."));
    m_keepBox->setTitle(tr("Activations selective recomputation keeps"));
    for (QCheckBox* box : m_keep)
        box->setToolTip(opKindDescription(rlab::OpKind(box->property("opKind").toInt())));
    m_keepBox->setToolTip(
        tr("Ticked kinds are stored in the forward pass; the rest are recomputed in the backward pass."));
    m_run->setText(tr("&Run demo"));
    m_run->setToolTip(tr("Train the model with each policy and measure memory and time."));
    m_cancel->setText(tr("Cancel"));
    m_copy->setText(tr("Copy"));
    m_copy->setToolTip(tr("Copy the results table to the clipboard as tab-separated text."));
    m_export->setText(tr("Export…"));
    m_export->setToolTip(tr("Save the results as CSV or JSON."));
    m_progress->setAccessibleName(tr("Demo progress"));
    m_table->setAccessibleName(tr("Demo results"));
    m_timelineRunLabel->setText(tr("Run:"));
    m_timelineRun->setAccessibleName(tr("Run shown in the timeline"));
    const QList<QPair<QWidget*, QString>> tabs = {{m_table, tr("Table")}, {m_memoryChart, tr("Memory")},
        {m_stepTimeChart, tr("Step time")}, {m_timelinePage, tr("Timeline")}, {m_sweepChart, tr("Sweep")}};
    for (const auto& [page, text] : tabs) {
        if (const int index = m_tabs->indexOf(page); index >= 0)
            m_tabs->setTabText(index, text);
    }
    m_device->setText(tr("Device: %1").arg(DemoRunner::deviceName()));
    if (m_statusText)
        m_status->setText(m_statusText());
    m_results->retranslate();
    m_memoryChart->retranslate();
    m_stepTimeChart->retranslate();
    m_timelineChart->retranslate();
    m_sweepChart->retranslate();
    showPresetTexts();
    updateValidity();
    arrangeForWidth(); // the labels' widths changed
}

void DemoPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrangeForWidth();
    placeTable();
}

QList<QPair<QLabel*, QSpinBox*>> DemoPanel::sizeFields() const
{
    return {{m_layersLabel, m_layers}, {m_widthLabel, m_width}, {m_headsLabel, m_heads}, {m_seqLabel, m_seq},
        {m_batchLabel, m_batch}};
}

void DemoPanel::arrangeForWidth()
{
    // Three sizes a row where they fit, else two, else one; the progress bar between the buttons
    // where it fits, else below them: long translations are never cut short. The width a vertical
    // scroll bar may take is kept free, so the panel never scrolls sideways.
    const QMargins margins = m_scroll->widget()->layout()->contentsMargins();
    const int available
        = width() - margins.left() - margins.right() - m_scroll->verticalScrollBar()->sizeHint().width();
    for (const int perRow : {3, 2, 1}) {
        placeSizes(perRow);
        if (m_sizesBox->minimumSizeHint().width() <= available)
            break;
    }
    const bool amongButtons = m_buttonRow->indexOf(m_progress) >= 0;
    m_buttonRow->invalidate(); // a nested layout keeps its old minimum until the next layout pass
    const int withProgress = m_buttonRow->minimumSize().width()
        + (amongButtons ? 0 : m_progress->minimumWidth() + m_buttonRow->spacing());
    placeProgress(withProgress <= available);
}

void DemoPanel::placeProgress(bool amongButtons)
{
    const int index = m_buttonRow->indexOf(m_progress);
    if ((index >= 0) == amongButtons)
        return;
    auto* panelLayout = static_cast<QVBoxLayout*>(m_scroll->widget()->layout());
    const int gap = 2; // after Run and Cancel: the progress bar, or a stretch in its place
    if (amongButtons) {
        delete m_buttonRow->takeAt(gap);
        panelLayout->removeWidget(m_progress);
        m_buttonRow->insertWidget(gap, m_progress, 1);
    } else {
        m_buttonRow->removeWidget(m_progress);
        m_buttonRow->insertStretch(gap, 1);
        panelLayout->insertWidget(panelLayout->indexOf(m_buttonRow) + 1, m_progress);
    }
}

void DemoPanel::placeSizes(int perRow)
{
    if (perRow == m_sizesPerRow)
        return;
    m_sizesPerRow = perRow;
    auto* grid = static_cast<QGridLayout*>(m_sizesBox->layout());
    const QList<QPair<QLabel*, QSpinBox*>> fields = sizeFields();
    for (const auto& [label, spin] : fields) {
        grid->removeWidget(label);
        grid->removeWidget(spin);
    }
    grid->removeWidget(m_resetSizes);
    for (int i = 0; i < fields.size(); ++i) {
        grid->addWidget(fields[i].first, i / perRow, (i % perRow) * 2);
        grid->addWidget(fields[i].second, i / perRow, (i % perRow) * 2 + 1);
    }
    const int reset = int(fields.size()); // the button takes the next label and box place
    grid->addWidget(m_resetSizes, reset / perRow, (reset % perRow) * 2, 1, 2);
}

void DemoPanel::placeTable()
{
    auto* panelLayout = static_cast<QVBoxLayout*>(m_scroll->widget()->layout());
    const bool above = height() >= kTableAboveChartsHeight;
    const int tab = m_tabs->indexOf(m_table);
    if (above && tab >= 0) {
        m_tabs->removeTab(tab);
        panelLayout->insertWidget(panelLayout->indexOf(m_tabs), m_table);
        m_table->show();
    } else if (!above && tab < 0) {
        panelLayout->removeWidget(m_table);
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
    m_table->setFixedHeight(std::min(wanted, height() / 3));
}

void DemoPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void DemoPanel::setPreset(const rlab::content::DemoPreset& preset)
{
    const bool samePreset = m_preset && m_preset->id == preset.id;
    if (!samePreset && isRunning()) {
        replaceRunner(); // joins the old worker; its queued reports are dropped with it
        setStatus([] { return tr("Cancelled."); });
        emit runningChanged(false);
        emit finished(false, tr("The demo was cancelled."));
    }
    m_preset = std::make_unique<rlab::content::DemoPreset>(preset);
    if (!samePreset) {
        loadChoice();
        clearResults();
        m_progress->setValue(0);
        setStatus([] { return tr("Choose sizes and press Run."); });
    }
    showPresetTexts();
    updateValidity();
}

QString DemoPanel::presetId() const
{
    return m_preset ? QString::fromStdString(m_preset->id) : QString();
}

bool DemoPanel::isRunning() const
{
    return m_runner && m_runner->isRunning();
}

void DemoPanel::showPresetTexts()
{
    if (!m_preset) {
        m_title->setText(tr("No demo for this question."));
        m_lookFor->clear();
        return;
    }
    m_title->setText(contentHtml(m_preset->title));
    m_lookFor->setText(tr("Look for: %1").arg(contentHtml(m_preset->lookFor)));
}

void DemoPanel::loadChoice()
{
    if (!m_preset)
        return;
    const DemoChoice choice = DemoRunner::defaultChoice(*m_preset);
    const rlab::content::DemoShape& max = m_preset->maxShape;
    const QList<QPair<QSpinBox*, QPair<int, int>>> spins = {{m_layers, {choice.shape.layers, max.layers}},
        {m_width, {choice.shape.width, max.width}}, {m_heads, {choice.shape.heads, max.heads}},
        {m_seq, {choice.shape.seq, max.seq}}, {m_batch, {choice.shape.batch, max.batch}}};
    for (const auto& [spin, values] : spins) {
        const QSignalBlocker blocker(spin);
        spin->setMaximum(std::max(values.first, values.second));
        spin->setValue(values.first);
    }
    for (QCheckBox* box : m_keep) {
        const QSignalBlocker blocker(box);
        const auto kind = rlab::OpKind(box->property("opKind").toInt());
        box->setChecked(std::find(choice.keep.begin(), choice.keep.end(), kind) != choice.keep.end());
    }
    m_keepBox->setVisible(m_preset->userKeepChoice);
    // The swept size is set by the sweep, value by value, so its box would only mislead.
    const rlab::ShapeField* swept
        = m_preset->sweep ? rlab::sweepParameter(m_preset->sweep->parameter) : nullptr;
    const QList<QPair<QSpinBox*, int rlab::ModelShape::*>> sizes
        = {{m_layers, &rlab::ModelShape::layers}, {m_width, &rlab::ModelShape::width},
            {m_seq, &rlab::ModelShape::seq}, {m_batch, &rlab::ModelShape::batch}};
    for (const auto& [spin, member] : sizes) {
        const bool isSwept = swept && swept->member == member;
        spin->setProperty("swept", isSwept);
        spin->setEnabled(!isSwept);
    }
    showSweptTips();
    arrangeForWidth(); // the boxes' widths follow their largest values
}

void DemoPanel::showSweptTips()
{
    for (QSpinBox* spin : {m_layers, m_width, m_seq, m_batch}) {
        spin->setToolTip(spin->property("swept").toBool()
                ? tr("This demo sweeps this size; the charts show every value.")
                : QString());
    }
}

DemoChoice DemoPanel::currentChoice() const
{
    DemoChoice choice = DemoRunner::defaultChoice(*m_preset);
    choice.shape.layers = m_layers->value();
    choice.shape.width = m_width->value();
    choice.shape.heads = m_heads->value();
    choice.shape.seq = m_seq->value();
    choice.shape.batch = m_batch->value();
    if (m_preset->userKeepChoice) {
        choice.keep.clear();
        for (QCheckBox* box : m_keep) {
            if (box->isChecked())
                choice.keep.push_back(rlab::OpKind(box->property("opKind").toInt()));
        }
    }
    return choice;
}

QString DemoPanel::currentProblem() const
{
    if (!m_preset)
        return tr("There is no demo to run.");
    QString problem;
    DemoRunner::plan(*m_preset, currentChoice(), &problem);
    return problem;
}

void DemoPanel::updateValidity()
{
    const QString problem = m_preset ? currentProblem() : QString();
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    updateButtons();
}

void DemoPanel::updateButtons()
{
    const bool running = isRunning();
    m_run->setEnabled(!running && m_preset && m_problem->text().isEmpty());
    m_cancel->setEnabled(running);
    m_sizesBox->setEnabled(!running);
    m_keepBox->setEnabled(!running);
    const bool haveResults = m_results->rowCount() > 0;
    m_copy->setEnabled(haveResults);
    m_export->setEnabled(haveResults);
}

void DemoPanel::clearResults()
{
    m_results->clear();
    m_memoryChart->setResults({});
    m_stepTimeChart->setResults({});
    m_sweepChart->setResults({});
    m_timelineChart->clear();
    m_timelineRun->clear();
    m_timelineChosen = false;
    const bool sweep = m_preset && m_preset->sweep.has_value();
    m_tabs->setTabVisible(m_tabs->indexOf(m_sweepChart), sweep);
    updateButtons();
}

void DemoPanel::replaceRunner()
{
    delete m_runner; // cancels and joins
    m_runner = new DemoRunner(this);
    connect(m_runner, &DemoRunner::progressed, this, &DemoPanel::onProgress);
    connect(m_runner, &DemoRunner::resultReady, this, &DemoPanel::onResult);
    connect(m_runner, &DemoRunner::finished, this, [this] {
        const int runs = int(m_results->rowCount());
        const double seconds = double(QDateTime::currentMSecsSinceEpoch() - m_startedMs) / 1000.0;
        onEnded(true, [runs, seconds] {
            return tr("Finished %n run(s) in %1 s.", nullptr, runs).arg(QLocale().toString(seconds, 'f', 1));
        });
    });
    connect(m_runner, &DemoRunner::cancelled, this,
        [this] { onEnded(false, [] { return tr("The demo was cancelled."); }); });
    connect(m_runner, &DemoRunner::failed, this, [this](const QString& message) {
        onEnded(
            false, [message] { return tr("The demo failed: %1").arg(message); }, true);
    });
}

void DemoPanel::setStatus(std::function<QString()> text, bool error)
{
    m_statusText = std::move(text);
    m_status->setText(m_statusText());
    m_status->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
}

void DemoPanel::run()
{
    if (isRunning())
        return;
    const QString problem = currentProblem();
    if (!problem.isEmpty()) {
        setStatus([this] { return currentProblem(); }, true);
        emit finished(false, problem);
        return;
    }
    QString error;
    const QList<DemoRunPlan> plans = DemoRunner::plan(*m_preset, currentChoice(), &error);
    clearResults();
    m_progress->setValue(0);
    m_startedMs = QDateTime::currentMSecsSinceEpoch();
    if (!m_runner->start(plans)) {
        setStatus([error] { return error; }, true);
        emit finished(false, error);
        return;
    }
    setStatus([] { return tr("Starting…"); });
    updateButtons();
    emit runningChanged(true);
}

void DemoPanel::cancel()
{
    if (!isRunning())
        return;
    m_runner->cancel();
    setStatus([] { return tr("Cancelling…"); });
}

void DemoPanel::onProgress(
    double fraction, int run, int runs, const QString& label, int step, int steps, int phase)
{
    m_progress->setValue(int(fraction * kProgressRange));
    setStatus([run, runs, label, step, steps, phase] {
        if (steps <= 0 || rlab::Phase(phase) == rlab::Phase::Setup)
            return tr("Run %1 of %2 (%3): %4")
                .arg(run + 1)
                .arg(runs)
                .arg(label, phaseTitle(rlab::Phase(phase)));
        return tr("Run %1 of %2 (%3): step %4 of %5, %6")
            .arg(run + 1)
            .arg(runs)
            .arg(label)
            .arg(step + 1)
            .arg(steps)
            .arg(phaseTitle(rlab::Phase(phase)));
    });
}

void DemoPanel::onResult(const DemoResult& result)
{
    m_results->append(result);
    const QList<DemoResult>& all = m_results->results();
    m_memoryChart->setResults(all);
    m_stepTimeChart->setResults(all);
    if (!result.sweepParameter.isEmpty())
        m_sweepChart->setResults(all);
    m_timelineRun->addItem(result.title());
    for (int column = 0; column < DemoResultsModel::ColumnCount; ++column)
        m_table->setColumnHidden(column, !m_results->isColumnUsed(column));
    m_table->resizeColumnsToContents();
    m_table->resizeRowsToContents();
    placeTable();
    if (!m_timelineChosen) {
        // A run that recomputes shows the interesting shape, at the largest swept size; else the first run.
        int pick = 0;
        for (int i = 0; i < all.size(); ++i) {
            const bool recomputes = all[i].run.recomputeFlops > 0;
            const bool pickRecomputes = all[pick].run.recomputeFlops > 0;
            if ((recomputes && !pickRecomputes) || (recomputes && all[i].sweepValue > all[pick].sweepValue))
                pick = i;
        }
        m_timelineRun->setCurrentIndex(pick);
    }
    showTimeline();
    updateButtons();
}

void DemoPanel::showTimeline()
{
    const int index = m_timelineRun->currentIndex();
    if (index < 0 || index >= m_results->results().size())
        return;
    m_timelineChart->setResult(m_results->results()[index]);
}

void DemoPanel::onEnded(bool ok, std::function<QString()> message, bool error)
{
    if (ok)
        m_progress->setValue(kProgressRange);
    setStatus(message, error);
    updateButtons();
    emit runningChanged(false);
    emit finished(ok, message());
}

QString DemoPanel::resultsTsv() const
{
    return m_results->toTsv();
}

void DemoPanel::copyResults()
{
    QApplication::clipboard()->setText(resultsTsv());
    setStatus([] { return tr("Results copied to the clipboard."); });
}

QString DemoPanel::exportResults(const QString& path) const
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("csv"))
        return writeDemoExport(path, demoResultsCsv(m_results->results()));
    if (suffix == QLatin1String("json"))
        return writeDemoExport(path, demoResultsJson(presetId(), m_results->results()));
    return tr("Choose a file name ending in .csv or .json.");
}

void DemoPanel::exportResultsWithDialog()
{
    const QString csv = tr("CSV table (*.csv)");
    const QString json = tr("JSON (*.json)");
    QString filter = csv;
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    QString path = QFileDialog::getSaveFileName(this, tr("Export demo results"),
        folder + QLatin1Char('/') + presetId() + QStringLiteral(".csv"), csv + QStringLiteral(";;") + json,
        &filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter == json ? QStringLiteral(".json") : QStringLiteral(".csv");
    const QString error = exportResults(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Export demo results"), error);
        return;
    }
    setStatus([path] { return tr("Results saved to %1.").arg(QDir::toNativeSeparators(path)); });
}
