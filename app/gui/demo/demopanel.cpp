#include "demopanel.h"

#include <algorithm>

#include <QAbstractButton>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStandardPaths>
#include <QVBoxLayout>

#include "democlaimstext.h"
#include "demoexport.h"
#include "demoresultsmodel.h"
#include "demoresultsview.h"
#include "demorunner.h"
#include "demosizesform.h"
#include "demotexts.h"
#include "pages/contenttext.h"
#include "predictionbox.h"
#include "rlab/content/content.h"
#include "tones.h"

namespace {

constexpr int kProgressRange = 1000;

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

    m_sizes = new DemoSizesForm;
    connect(m_sizes, &DemoSizesForm::choiceChanged, this, &DemoPanel::updateValidity);
    m_prediction = new PredictionBox;

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
    m_plan = new QPushButton;
    m_plan->setObjectName(QStringLiteral("planRealModel"));
    connect(m_plan, &QPushButton::clicked, this, &DemoPanel::plannerRequested);
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

    m_claims = new QLabel;
    m_claims->setObjectName(QStringLiteral("demoClaims"));
    m_claims->setWordWrap(true);
    m_claims->setTextFormat(Qt::RichText);
    m_claims->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_claims->hide();

    m_view = new DemoResultsView(m_results);

    // The panel scrolls up and down when the window is too short for its controls and charts.
    auto* body = new DemoBody;
    body->setObjectName(QStringLiteral("demoBody"));
    auto* layout = new QVBoxLayout(body);
    layout->addWidget(m_title);
    layout->addWidget(m_lookFor);
    layout->addWidget(m_sizes);
    layout->addWidget(m_prediction);
    layout->addLayout(m_buttonRow);
    layout->addLayout(statusLine);
    layout->addWidget(m_plan, 0, Qt::AlignLeft); // its own line: narrow panels keep their width
    layout->addWidget(m_claims);
    layout->addWidget(m_view, 1);
    m_scroll = new QScrollArea;
    m_scroll->setObjectName(QStringLiteral("demoScroll"));
    m_scroll->setWidget(body);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setFocusPolicy(Qt::NoFocus); // a Tab stop that shows nothing; its controls take the focus
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_scroll);
}

void DemoPanel::retranslate()
{
    showClaims();
    m_run->setText(tr("&Run demo"));
    m_run->setToolTip(tr("Train the model with each policy and measure memory and time."));
    m_cancel->setText(tr("Cancel"));
    m_copy->setText(tr("Copy"));
    m_copy->setToolTip(tr("Copy the results table to the clipboard as tab-separated text."));
    m_export->setText(tr("Export…"));
    m_export->setToolTip(
        tr("Save the results as CSV or JSON, or each run's memory as a trace or a PyTorch memory snapshot."));
    m_plan->setText(tr("Plan this for a real model…"));
    m_plan->setToolTip(tr("Open the Planner: which policy fits a GPT-2-size model in your GPU's memory, "
                          "and the code that does it."));
    m_progress->setAccessibleName(tr("Demo progress"));
    m_device->setText(tr("Device: %1").arg(DemoRunner::deviceText()));
    if (m_statusText)
        m_status->setText(m_statusText());
    showPresetTexts();
    updateValidity();
    arrangeForWidth(); // the labels' widths changed
}

void DemoPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrangeForWidth();
    m_view->placeTable(height());
}

void DemoPanel::arrangeForWidth()
{
    // Three sizes a row where they fit, else two, else one; the progress bar between the buttons
    // where it fits, else below them: long translations are never cut short. The width a vertical
    // scroll bar may take is kept free, so the panel never scrolls sideways.
    const QMargins margins = m_scroll->widget()->layout()->contentsMargins();
    const int available
        = width() - margins.left() - margins.right() - m_scroll->verticalScrollBar()->sizeHint().width();
    m_sizes->fitWidth(available);
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

void DemoPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void DemoPanel::keyPressEvent(QKeyEvent* event)
{
    if (event->key() != Qt::Key_Return && event->key() != Qt::Key_Enter) {
        QWidget::keyPressEvent(event);
        return;
    }
    QWidget* focus = QApplication::focusWidget();
    auto* button = qobject_cast<QAbstractButton*>(focus);
    if (button && isAncestorOf(button) && button->isEnabled())
        button->animateClick();
    else if (focus && (m_sizes->isAncestorOf(focus) || m_prediction->isAncestorOf(focus))
        && m_run->isEnabled())
        run();
    else {
        QWidget::keyPressEvent(event); // the table's rows, the charts: nothing to run
        return;
    }
    event->accept();
}

void DemoPanel::setPreset(const rlab::content::DemoPreset& preset)
{
    const bool samePreset = m_preset && m_preset->id == preset.id;
    if (!samePreset && isRunning()) {
        replaceRunner(); // joins the old worker; its queued reports are dropped with it
        setStatus([] { return tr("Cancelled."); });
        emit runningChanged(false);
        emit finished(DemoOutcome {DemoOutcome::Ending::Cancelled});
    }
    if (!samePreset)
        keepResults();
    m_preset = std::make_unique<rlab::content::DemoPreset>(preset);
    m_prediction->setPreset(preset);
    if (!samePreset) {
        m_sizes->setPreset(preset);
        arrangeForWidth(); // the boxes' widths follow their largest values
        clearResults();
        m_progress->setValue(0);
        setStatus([] { return tr("Choose sizes and press Run."); });
        restoreResults(presetId());
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

void DemoPanel::setAnswerShown(bool shown)
{
    if (m_answerShown == shown)
        return;
    m_answerShown = shown;
    showPresetTexts();
    showClaims();
}

void DemoPanel::keepResults()
{
    if (m_preset && !isRunning() && m_results->rowCount() > 0)
        m_kept.insert(presetId(), Kept {m_results->results(), m_claimChecks});
}

void DemoPanel::restoreResults(const QString& id)
{
    const auto kept = m_kept.constFind(id);
    if (kept == m_kept.cend())
        return;
    for (const DemoResult& result : kept->results)
        m_results->append(result);
    m_claimChecks = kept->claims;
    m_progress->setValue(kProgressRange);
    setStatus([] { return tr("Your earlier run of this demo; press Run to measure again."); });
    m_prediction->showMeasured(m_results->results());
    showClaims();
    updateButtons();
}

void DemoPanel::showPresetTexts()
{
    if (!m_preset) {
        m_title->setText(tr("No demo for this question."));
        m_lookFor->clear();
        return;
    }
    if (!m_answerShown) {
        m_title->setText(tr("Run the demo, then answer: what will the numbers show?"));
        m_lookFor->setText(tr("What to look for appears once you have answered."));
        return;
    }
    m_title->setText(contentHtml(m_preset->title));
    m_lookFor->setText(tr("Look for: %1").arg(contentHtml(m_preset->lookFor)));
}

QList<DemoRunPlan> DemoPanel::plannedRuns(QString* problem) const
{
    if (!m_preset) {
        *problem = tr("There is no demo to run.");
        return {};
    }
    // The learner's sizes in the learner's language; what else can stop a plan is the content's.
    *problem = DemoRunner::checkChoice(*m_preset, m_sizes->choice());
    if (!problem->isEmpty())
        return {};
    return DemoRunner::plan(*m_preset, m_sizes->choice(), problem);
}

QString DemoPanel::currentProblem() const
{
    QString problem;
    plannedRuns(&problem);
    return problem;
}

void DemoPanel::updateValidity()
{
    m_sizes->showProblem(m_preset ? currentProblem() : QString());
    updateButtons();
}

void DemoPanel::updateButtons()
{
    const bool running = isRunning();
    m_run->setEnabled(!running && m_preset && !m_sizes->hasProblem());
    m_cancel->setEnabled(running);
    m_sizes->setEnabled(!running);
    const bool haveResults = m_results->rowCount() > 0;
    m_copy->setEnabled(haveResults);
    m_export->setEnabled(haveResults);
}

void DemoPanel::clearResults()
{
    m_results->clear();
    m_claimChecks.clear();
    m_prediction->showMeasured({});
    showClaims();
    m_view->setSweepShown(m_preset && m_preset->sweep.has_value());
    m_view->showStoryFirst(m_preset ? QString::fromStdString(m_preset->view) : QString());
    updateButtons();
}

void DemoPanel::replaceRunner()
{
    delete m_runner; // cancels and joins
    m_runner = new DemoRunner(this);
    connect(m_runner, &DemoRunner::progressed, this, &DemoPanel::onProgress);
    connect(m_runner, &DemoRunner::resultReady, m_results, &DemoResultsModel::append);
    connect(m_runner, &DemoRunner::resultReady, this, &DemoPanel::updateButtons);
    connect(m_runner, &DemoRunner::ended, this, &DemoPanel::onEnded);
}

void DemoPanel::setStatus(std::function<QString()> text, bool error)
{
    m_statusText = std::move(text);
    m_status->setText(m_statusText());
    m_status->setStyleSheet(error ? QStringLiteral("color: %1;").arg(toneName(Tone::Wrong)) : QString());
}

void DemoPanel::run()
{
    if (isRunning())
        return;
    QString error;
    const QList<DemoRunPlan> plans = plannedRuns(&error);
    if (!error.isEmpty()) {
        setStatus([this] { return currentProblem(); }, true);
        emit finished(DemoOutcome {DemoOutcome::Ending::Refused, error});
        return;
    }
    clearResults();
    m_progress->setValue(0);
    if (!m_runner->start(plans, m_preset.get())) {
        setStatus([error] { return error; }, true);
        emit finished(DemoOutcome {DemoOutcome::Ending::Refused, error});
        return;
    }
    setStatus([] { return tr("Starting…"); });
    m_prediction->lock();
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

void DemoPanel::onProgress(const DemoProgress& progress)
{
    m_progress->setValue(int(progress.fraction * kProgressRange));
    setStatus([progress] { return demoProgressText(progress); });
}

void DemoPanel::onEnded(const DemoOutcome& outcome)
{
    if (outcome.ok()) {
        m_progress->setValue(kProgressRange);
        m_claimChecks = outcome.claims;
        showClaims();
        m_prediction->showMeasured(m_results->results());
    }
    setStatus([outcome] { return demoOutcomeText(outcome); }, outcome.ending == DemoOutcome::Ending::Failed);
    updateButtons();
    emit runningChanged(false);
    emit finished(outcome);
}

void DemoPanel::showClaims()
{
    const QString text = m_preset && m_answerShown
        ? demoClaimsHtml(*m_preset, m_claimChecks, m_results->results(),
            {toneName(Tone::Right), toneName(Tone::Wrong), toneName(Tone::Uncertain)})
        : QString();
    m_claims->setText(text);
    m_claims->setVisible(!text.isEmpty());
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
    return exportDemoResults(path, presetId(), m_results->results(), m_claimChecks);
}

void DemoPanel::exportResultsWithDialog()
{
    const QString csv = tr("CSV table (*.csv)");
    const QString json = tr("JSON (*.json)");
    const QString trace = tr("Memory trace for ui.perfetto.dev (*.trace.json)");
    const QString snapshot = tr("PyTorch memory snapshot for memory_viz (*.pickle)");
    QString filter = csv;
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    QString path = QFileDialog::getSaveFileName(this, tr("Export demo results"),
        folder + QLatin1Char('/') + presetId() + QStringLiteral(".csv"),
        QStringList {csv, json, trace, snapshot}.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty()) {
        path += filter == json   ? QStringLiteral(".json")
            : filter == trace    ? QStringLiteral(".trace.json")
            : filter == snapshot ? QStringLiteral(".pickle")
                                 : QStringLiteral(".csv");
    }
    const QString error = exportResults(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Export demo results"), error);
        return;
    }
    setStatus([path] { return tr("Results saved to %1.").arg(QDir::toNativeSeparators(path)); });
}
