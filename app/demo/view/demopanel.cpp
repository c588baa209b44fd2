#include "demopanel.h"

#include <algorithm>

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QElapsedTimer>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include "demo/model/democlaimstext.h"
#include "demo/model/demoestimate.h"
#include "demo/model/demoexport.h"
#include "demo/model/demoresultsmodel.h"
#include "demo/model/demorunner.h"
#include "demo/model/demotexts.h"
#include "demo/view/demoresultsview.h"
#include "demo/view/demosizesform.h"
#include "demo/view/predictionbox.h"
#include "rlab/content/content.h"
#include "view/contenttext.h"
#include "view/tones.h"

using rlab::app::OrProblem;
using rlab::demo::demoClaimsHtml;
using rlab::demo::demoClaimsSummary;
using rlab::demo::demoEstimateText;
using rlab::demo::DemoOutcome;
using rlab::demo::demoOutcomeText;
using rlab::demo::DemoProgress;
using rlab::demo::demoProgressText;
using rlab::demo::DemoResult;
using rlab::demo::DemoResultsModel;
using rlab::demo::DemoRunner;
using rlab::demo::DemoRunPlan;
using rlab::demo::estimateDemoSeconds;
using rlab::demo::exportDemoResults;
using rlab::demo::LiveFigures;
using rlab::demo::measuredFlopsPerMs;
using rlab::demo::recordMeasuredSpeed;

namespace {

constexpr int kProgressRange = 1000;
// The story chart (or table) keeps at least this share of the panel's height; the controls above
// the results scroll within the rest when they need more.
constexpr double kStoryShare = 0.62;
// Below this many text lines for the controls, the charts' reading hints fold (DemoResultsView).
constexpr int kFewestControlLines = 3;
bool claimsUnfolded = false; // the learner's choice for the session: claims folded to one line or in full

// What the controls' scroll area holds: as tall as its controls need at a width.
class DemoBody : public QWidget {
public:
    int heightForWidth(int width) const override { return layout()->totalMinimumHeightForWidth(width); }
};

} // namespace

DemoPanel::DemoPanel(LiveFigures& figures, QWidget* parent)
    : QWidget(parent)
    , m_figures(figures)
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
    // What to do with the results, in the run bar that stays in view: inside the scrolled controls
    // the scroll area's edge cut them in half in Russian and Shona.
    m_buttonRow->addWidget(m_copy);
    m_buttonRow->addWidget(m_export);

    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("demoStatus"));
    m_status->setWordWrap(true);
    m_device = new QLabel;
    m_device->setObjectName(QStringLiteral("demoDevice"));
    m_device->setAlignment(Qt::AlignRight | Qt::AlignTop);
    m_estimate = new QLabel;
    m_estimate->setObjectName(QStringLiteral("demoEstimate"));
    m_estimate->setWordWrap(true);
    m_estimate->setForegroundRole(QPalette::PlaceholderText);
    m_estimate->hide();
    m_clock = new QTimer(this); // while a run goes on: the bar follows the estimate between reports
    m_clock->setInterval(250);
    connect(m_clock, &QTimer::timeout, this, &DemoPanel::showTimeLeft);
    auto* statusLine = new QHBoxLayout;
    statusLine->addWidget(m_status, 1);
    statusLine->addWidget(m_device);

    m_claimsSummary = new QToolButton;
    m_claimsSummary->setObjectName(QStringLiteral("demoClaimsSummary"));
    m_claimsSummary->setCheckable(true);
    m_claimsSummary->setChecked(claimsUnfolded);
    m_claimsSummary->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_claimsSummary->setAutoRaise(true);
    m_claimsSummary->hide();
    connect(m_claimsSummary, &QToolButton::toggled, this, [this](bool unfolded) {
        claimsUnfolded = unfolded;
        showClaims();
    });
    m_claims = new QLabel;
    m_claims->setObjectName(QStringLiteral("demoClaims"));
    m_claims->setWordWrap(true);
    m_claims->setTextFormat(Qt::RichText);
    m_claims->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_claims->hide();

    m_view = new DemoResultsView(m_results);

    // The controls scroll up and down above the results when the panel is too short for them; the
    // results keep their share of the height (layoutParts). What a learner needs first comes first:
    // the question to predict, Run, how the run went and what it shows; the sizes after.
    auto* body = new DemoBody;
    body->setObjectName(QStringLiteral("demoBody"));
    auto* layout = new QVBoxLayout(body);
    layout->addWidget(m_title);
    layout->addWidget(m_lookFor);
    layout->addWidget(m_prediction);
    layout->addLayout(statusLine);
    layout->addWidget(m_estimate);
    layout->addWidget(m_claimsSummary, 0, Qt::AlignLeft);
    layout->addWidget(m_claims);
    layout->addWidget(m_sizes);
    layout->addWidget(m_plan, 0, Qt::AlignLeft); // its own line: narrow panels keep their width
    body->installEventFilter(this); // its layout's requests refit the split
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(QStringLiteral("demoScroll"));
    m_scroll->setWidget(body);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setFocusPolicy(Qt::NoFocus); // a Tab stop that shows nothing; its controls take the focus
    // Run, Cancel and the progress stay in view at any height, between the controls and the results:
    // a short window scrolled the controls so that their row was cut (1024x700) or out of sight.
    m_runBar = new QWidget(this);
    m_runBar->setObjectName(QStringLiteral("demoRunBar"));
    auto* runBar = new QVBoxLayout(m_runBar);
    const QMargins margins = layout->contentsMargins();
    runBar->setContentsMargins(margins.left(), 0, margins.right(), 2);
    runBar->addLayout(m_buttonRow);
    m_view->setParent(this);
    m_runBar->installEventFilter(this); // the progress bar moving below the buttons refits it
    connect(m_view, &DemoResultsView::storyChanged, this, &DemoPanel::layoutParts);
    // The results view is placed by hand (layoutParts): a layout would shrink it with the controls.
    // The prediction, then Run and its row, then the rest of the controls: predict, then see.
    const QList<QWidget*> order = {m_prediction, m_run, m_cancel, m_copy, m_export};
    for (qsizetype i = 1; i < order.size(); ++i)
        setTabOrder(order[i - 1], order[i]);
    setTabOrder(m_plan, m_view);
}

QSize DemoPanel::minimumSizeHint() const
{
    const int width = std::max({m_scroll->minimumSizeHint().width(), m_view->minimumSizeHint().width(),
        m_runBar->minimumSizeHint().width()});
    return {width, m_view->minimumSizeHint().height() + runBarHeight() + 3 * fontMetrics().height()};
}

QSize DemoPanel::sizeHint() const
{
    const QSize controls = m_scroll->widget()->sizeHint();
    const QSize results = m_view->sizeHint();
    return {
        std::max(controls.width(), results.width()), controls.height() + runBarHeight() + results.height()};
}

int DemoPanel::runBarHeight() const
{
    return m_runBar->heightForWidth(width()) > 0 ? m_runBar->heightForWidth(width())
                                                 : m_runBar->sizeHint().height();
}

int DemoPanel::controlsHeight() const
{
    return m_scroll->widget()->heightForWidth(m_scroll->viewport()->width()) + 2 * m_scroll->frameWidth();
}

void DemoPanel::layoutParts()
{
    // The controls take what they need up to what the story chart leaves them; the results the rest.
    // Above the chart are its tab bar and its reading hint, whose height depends on the width: laid
    // out once, the shortfall (if any) is taken from the controls.
    const int bar = runBarHeight();
    const int total = height();
    const int wanted = int(total * kStoryShare);
    m_view->setStoryRoom(wanted);
    const auto place = [this, total, bar](int controls) {
        controls = std::max(0, controls);
        m_scroll->setGeometry(0, 0, width(), controls);
        m_runBar->setGeometry(0, controls, width(), bar);
        m_view->setGeometry(0, controls + bar, width(), total - controls - bar);
        return controls;
    };
    // The timeline's "At the peak" card comes before the controls' lower part: they keep a few lines.
    const int fewest = kFewestControlLines * fontMetrics().lineSpacing();
    int controls = place(
        std::min(controlsHeight(), std::max(fewest, total - wanted - bar - m_view->belowStoryWanted())));
    if (!isVisible())
        return; // hidden widgets lay out later; the resize on show comes back here
    if (const int shortfall = wanted - m_view->storyHeight(); shortfall > 0)
        controls = place(controls - shortfall);
    if (const int whole = wholeLines(controls); whole != controls)
        controls = place(whole);
    // Too short for the controls to show a few lines: the charts' reading hints fold to one line.
    if (controls < kFewestControlLines * fontMetrics().lineSpacing() && m_view->setHintsFolded(true))
        QMetaObject::invokeMethod(this, &DemoPanel::layoutParts, Qt::QueuedConnection);
}

int DemoPanel::wholeLines(int controls) const
{
    // Where the controls scroll, their cut falls at the end of a text line or of a control, never
    // through one (the run bar hid half of a line): back to the last whole line, the pixels going
    // to the results; on to the end of the first line where nothing would be left of the controls.
    if (controls >= controlsHeight())
        return controls;
    QWidget* body = m_scroll->widget();
    body->layout()->activate(); // the children's geometry at the new height
    const int shown = m_scroll->verticalScrollBar()->value();
    const int cut = controls - 2 * m_scroll->frameWidth() + shown;
    const int line = fontMetrics().lineSpacing();
    for (QWidget* child : body->findChildren<QWidget*>(Qt::FindDirectChildrenOnly)) {
        if (!child->isVisible())
            continue;
        const QRect place = child->geometry();
        if (place.top() >= cut || place.bottom() < cut)
            continue;
        int back = place.top(), on = place.bottom() + 1;
        if (const auto* label = qobject_cast<const QLabel*>(child); label && label->wordWrap()) {
            const int top = place.top() + label->contentsRect().top();
            const int spacing = label->fontMetrics().lineSpacing();
            back = top + std::max(0, (cut - top) / spacing) * spacing;
            on = std::min(on, back + spacing);
        }
        const bool nothingLeft = back <= shown + body->layout()->contentsMargins().top();
        if (nothingLeft && on - cut <= line)
            return controls + (on - cut);
        // Not more than two lines given up: a tall control stays cut rather than leave a gap.
        if (cut - back > 2 * line)
            return controls;
        return std::max(0, controls - (cut - back));
    }
    return controls;
}

bool DemoPanel::eventFilter(QObject* watched, QEvent* event)
{
    if ((watched == m_scroll->widget() || watched == m_runBar) && event->type() == QEvent::LayoutRequest)
        QMetaObject::invokeMethod(this, &DemoPanel::layoutParts, Qt::QueuedConnection);
    return QWidget::eventFilter(watched, event);
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
    showDevice();
    if (m_statusText)
        m_status->setText(m_statusText());
    showPresetTexts();
    updateValidity();
    arrangeForWidth(); // the labels' widths changed
}

void DemoPanel::showDevice()
{
    // Before a run, the machine; after it, what the runs used (tiny models run on one thread).
    m_device->setText(tr("Device: %1").arg(DemoRunner::deviceText(m_results->results())));
}

void DemoPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrangeForWidth();
    layoutParts();
    if (m_view->setHintsFolded(false)) // maybe room enough now: measured again once laid out
        QMetaObject::invokeMethod(this, &DemoPanel::layoutParts, Qt::QueuedConnection);
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
    auto* panelLayout = static_cast<QVBoxLayout*>(m_runBar->layout());
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

bool DemoPanel::takesEnter(const QWidget* focus) const
{
    return focus && (m_sizes->isAncestorOf(focus) || m_prediction->isAncestorOf(focus));
}

void DemoPanel::keyPressEvent(QKeyEvent* event)
{
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (enter && takesEnter(QApplication::focusWidget()) && m_run->isEnabled()) {
        run();
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

void DemoPanel::setPreset(const rlab::content::DemoPreset& preset, const QString& view)
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
    const QString storyView = view.isEmpty() ? QString::fromStdString(preset.view) : view;
    const bool newView = storyView != m_storyView;
    m_storyView = storyView;
    m_prediction->setPreset(preset);
    // An author's edit (--watch, Reload) may change the same preset's sizes: the fields and Reset
    // follow the file, not the sizes it had when first shown.
    if (samePreset && !m_sizes->holdsSizesOf(preset)) {
        m_sizes->setPreset(preset);
        arrangeForWidth();
    }
    if (!samePreset) {
        m_sizes->setPreset(preset);
        arrangeForWidth(); // the boxes' widths follow their largest values
        clearResults();
        m_progress->setValue(0);
        setStatus([] { return tr("Choose sizes and press Run."); });
        restoreResults(presetId());
    }
    if (samePreset && newView)
        m_view->showStoryFirst(m_storyView); // another question on the same demo: its own lesson
    showPresetTexts();
    updateValidity();
}

void DemoPanel::clearPreset()
{
    if (!m_preset)
        return;
    if (isRunning()) {
        replaceRunner();
        emit runningChanged(false);
        emit finished(DemoOutcome {DemoOutcome::Ending::Cancelled});
    }
    keepResults();
    m_preset.reset();
    m_storyView.clear();
    clearResults();
    m_progress->setValue(0);
    setStatus([] { return tr("This question has no demo."); });
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
    showDevice();
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
    m_title->setText(contentHtml(m_figures, m_preset->title));
    m_lookFor->setText(tr("Look for: %1").arg(contentHtml(m_figures, m_preset->lookFor)));
}

OrProblem<QList<DemoRunPlan>> DemoPanel::plannedRuns() const
{
    if (!m_preset)
        return {{}, tr("There is no demo to run.")};
    // The learner's sizes in the learner's language; what else can stop a plan is the content's.
    if (QString problem = DemoRunner::checkChoice(*m_preset, m_sizes->choice()); !problem.isEmpty())
        return {{}, std::move(problem)};
    return DemoRunner::plan(*m_preset, m_sizes->choice());
}

QString DemoPanel::currentProblem() const
{
    return plannedRuns().problem;
}

void DemoPanel::updateValidity()
{
    const QString problem = m_preset ? currentProblem() : QString();
    m_sizes->showProblem(problem);
    showEstimate(problem.isEmpty());
    updateButtons();
}

double DemoPanel::estimateSeconds() const
{
    const std::optional<double> speed = measuredFlopsPerMs();
    if (!m_preset || !speed)
        return 0;
    return estimateDemoSeconds(DemoRunner::plan(*m_preset, m_sizes->choice()).value, *speed);
}

void DemoPanel::showEstimate(bool runnable)
{
    const double seconds = runnable && !isRunning() ? estimateSeconds() : 0;
    m_estimate->setText(seconds > 0 ? demoEstimateText(seconds) : QString());
    m_estimate->setVisible(seconds > 0);
}

void DemoPanel::showTimeLeft()
{
    if (!isRunning() || m_runEstimate <= 0) {
        m_progress->resetFormat();
        return;
    }
    // Between the runner's reports (one a step, or fewer for a long step) the bar follows the clock
    // against the estimate, never past 99%: a long first run no longer sits at 0%.
    const double elapsed = double(m_runClock.elapsed()) / 1000.0;
    const double byClock = std::min(0.99, elapsed / m_runEstimate);
    m_progress->setValue(std::max(m_progress->value(), int(byClock * kProgressRange)));
    const double left = std::max(0.0, m_runEstimate - elapsed);
    m_progress->setFormat(left >= 1
            ? tr("%p% · about %1 s left (estimate)").arg(QLocale().toString(std::ceil(left), 'f', 0))
            : tr("%p% · finishing"));
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

void DemoPanel::showView(const QString& view)
{
    m_storyView = view;
    m_view->showStoryFirst(view);
}

void DemoPanel::clearResults()
{
    m_results->clear();
    m_claimChecks.clear();
    m_prediction->showMeasured({});
    showClaims();
    m_view->setSweepShown(m_preset && m_preset->sweep.has_value());
    m_view->showStoryFirst(m_storyView);
    showDevice();
    updateButtons();
}

void DemoPanel::replaceRunner()
{
    delete m_runner; // cancels and joins
    m_runner = new DemoRunner(&m_figures, this);
    connect(m_runner, &DemoRunner::progressed, this, &DemoPanel::onProgress);
    connect(m_runner, &DemoRunner::resultReady, m_results, &DemoResultsModel::append);
    connect(m_runner, &DemoRunner::resultReady, this, [](const DemoResult& result) {
        recordMeasuredSpeed(result.run); // the machine's speed, for the next demos' estimates
    });
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
    const OrProblem<QList<DemoRunPlan>> planned = plannedRuns();
    const QList<DemoRunPlan>& plans = planned.value;
    QString error = planned.problem;
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
    const std::optional<double> speed = measuredFlopsPerMs();
    m_runEstimate = speed ? estimateDemoSeconds(plans, *speed) : 0;
    m_runClock.start();
    m_clock->start();
    showEstimate(false);
    showTimeLeft();
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
    m_progress->setValue(std::max(m_progress->value(), int(progress.fraction * kProgressRange)));
    setStatus([progress] { return demoProgressText(progress); });
}

void DemoPanel::onEnded(const DemoOutcome& outcome)
{
    m_clock->stop();
    m_progress->resetFormat();
    if (outcome.ok()) {
        m_progress->setValue(kProgressRange);
        m_claimChecks = outcome.claims;
        showClaims();
        m_prediction->showMeasured(m_results->results());
    }
    setStatus([outcome] { return demoOutcomeText(outcome); }, outcome.ending == DemoOutcome::Ending::Failed);
    updateButtons();
    showEstimate(m_preset && currentProblem().isEmpty()); // the next run's, at the speed just measured
    showDevice();
    emit runningChanged(false);
    emit finished(outcome);
}

void DemoPanel::showClaims()
{
    // Folded, the claims are one line that says how many hold; unfolded, each with its figures.
    const bool shown = m_preset && m_answerShown && !m_claimChecks.empty();
    const QString text = shown ? demoClaimsHtml(m_figures, *m_preset, m_claimChecks, m_results->results(),
                             {toneName(Tone::Right), toneName(Tone::Wrong), toneName(Tone::Uncertain)})
                               : QString();
    const bool unfolded = m_claimsSummary->isChecked();
    m_claimsSummary->setText(shown ? demoClaimsSummary(m_claimChecks) : QString());
    m_claimsSummary->setArrowType(unfolded ? Qt::DownArrow : Qt::RightArrow);
    m_claimsSummary->setToolTip(
        unfolded ? tr("Fold the claims to one line") : tr("Show each claim with its figures"));
    m_claimsSummary->setVisible(shown && !text.isEmpty());
    m_claims->setText(text);
    m_claims->setVisible(!text.isEmpty() && unfolded);
    layoutParts();
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
