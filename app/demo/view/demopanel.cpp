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
#include <QJsonValue>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include "demo/model/answerfigures.h"
#include "demo/model/democlaimstext.h"
#include "demo/model/demoestimate.h"
#include "demo/model/demoexport.h"
#include "demo/model/demoresultsmodel.h"
#include "demo/model/demorunner.h"
#include "demo/model/demotexts.h"
#include "demo/model/livefigures.h"
#include "demo/view/answerchart.h"
#include "demo/view/demoresultsview.h"
#include "demo/view/demosizesform.h"
#include "demo/view/predictionbox.h"
#include "demo/view/sizesliders.h"
#include "rlab/content/content.h"
#include "rlab/words.h"
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
bool claimsUnfolded = false; // the learner's choice for the session: claims folded to one line or in full

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
    m_sliders = new SizeSliders;
    connect(m_sizes, &DemoSizesForm::choiceChanged, this, [this] { m_sliders->follow(*m_sizes); });
    connect(m_sliders, &SizeSliders::dragged, this, [this](const QString& size, int value) {
        rlab::demo::DemoChoice choice = m_sizes->choice();
        choice.shape.*rlab::shapeField(size.toStdString())->member = value;
        previewSizes(choice);
    });
    connect(m_sliders, &SizeSliders::released, this, [this](const QString& size, int value) {
        m_previewing = false;
        m_sizes->setSize(rlab::shapeField(size.toStdString())->member, value);
        if (m_run->isEnabled())
            requestRun(); // let go: measure at the new size
        else
            showAnswer();
    });
    m_prediction = new PredictionBox;

    buildRunRow();

    m_answer = new AnswerChart;
    m_caption = new QLabel;
    m_caption->setObjectName(QStringLiteral("answerCaption"));
    m_caption->setWordWrap(true);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont captionFont = m_caption->font();
    captionFont.setPointSizeF(captionFont.pointSizeF() * 1.1);
    m_caption->setFont(captionFont);
    m_exploreButton = new QPushButton;
    m_exploreButton->setObjectName(QStringLiteral("exploreRun"));
    connect(m_exploreButton, &QPushButton::clicked, this, &DemoPanel::exploreRequested);
    connect(&m_figures, &LiveFigures::changed, this, &DemoPanel::showAnswer);

    // The lesson's column: predict, run, see. One layout, top to bottom; the answer view takes the
    // height the column has, so nothing moves when a run finishes.
    const auto step = [](const char* name) {
        auto* label = new QLabel;
        label->setObjectName(QLatin1String(name));
        QFont bold = label->font();
        bold.setBold(true);
        label->setFont(bold);
        return label;
    };
    m_predictStep = step("predictStep");
    m_runStep = step("runStep");
    m_seeStep = step("seeStep");
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_predictStep);
    layout->addWidget(m_prediction);
    layout->addWidget(m_runStep);
    layout->addWidget(m_sliders);
    layout->addLayout(m_buttonRow);
    layout->addWidget(m_status);
    layout->addWidget(m_estimate);
    layout->addWidget(m_seeStep);
    layout->addWidget(m_answer, 1);
    layout->addWidget(m_caption);
    auto* explore = new QHBoxLayout;
    explore->addWidget(m_exploreButton);
    explore->addWidget(m_device, 1);
    layout->addLayout(explore);

    buildClaims();
    m_view = new DemoResultsView(m_results);
    buildExplorePage();
    // The prediction, then Run: predict, then see.
    setTabOrder(m_prediction, m_run);
    setTabOrder(m_run, m_cancel);
    setTabOrder(m_cancel, m_exploreButton);
}

// Run, Cancel and the progress, the status and estimate under them, and the clock that moves the bar.
void DemoPanel::buildRunRow()
{
    m_run = new QPushButton;
    m_run->setObjectName(QStringLiteral("runDemo"));
    m_run->setDefault(false);
    m_cancel = new QPushButton;
    m_cancel->setObjectName(QStringLiteral("cancelDemo"));
    m_copy = new QPushButton;
    m_copy->setObjectName(QStringLiteral("copyResults"));
    m_export = new QPushButton;
    m_export->setObjectName(QStringLiteral("exportResults"));
    connect(m_run, &QPushButton::clicked, this, &DemoPanel::requestRun);
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

    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("demoStatus"));
    m_status->setWordWrap(true);
    m_device = new QLabel;
    m_device->setObjectName(QStringLiteral("demoDevice"));
    m_device->setWordWrap(true);
    m_device->setForegroundRole(QPalette::PlaceholderText);
    m_estimate = new QLabel;
    m_estimate->setObjectName(QStringLiteral("demoEstimate"));
    m_estimate->setWordWrap(true);
    m_estimate->setForegroundRole(QPalette::PlaceholderText);
    m_estimate->hide();
    m_clock = new QTimer(this); // while a run goes on: the bar follows the estimate between reports
    m_clock->setInterval(250);
    connect(m_clock, &QTimer::timeout, this, &DemoPanel::showTimeLeft);
}

// The claims of the explore page: one line that says how many hold, unfolded on a click.
void DemoPanel::buildClaims()
{
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
}

void DemoPanel::buildExplorePage()
{
    m_explore = new QWidget(this);
    m_explore->setObjectName(QStringLiteral("explorePage"));
    m_explore->hide(); // until a page holds it
    m_explore->installEventFilter(this); // Enter in its size fields runs, as in the lesson
    m_back = new QPushButton;
    m_back->setObjectName(QStringLiteral("backToLesson"));
    connect(m_back, &QPushButton::clicked, this, &DemoPanel::lessonRequested);
    m_rerun = new QPushButton;
    m_rerun->setObjectName(QStringLiteral("rerunDemo"));
    connect(m_rerun, &QPushButton::clicked, this, &DemoPanel::requestRun);
    m_exploreTitle = new QLabel;
    m_exploreTitle->setObjectName(QStringLiteral("exploreTitle"));
    auto* head = new QHBoxLayout;
    head->addWidget(m_title, 1);
    head->addWidget(m_back, 0, Qt::AlignTop);
    auto* sizes = new QHBoxLayout;
    sizes->addWidget(m_sizes, 1);
    auto* runColumn = new QVBoxLayout;
    runColumn->addWidget(m_rerun);
    runColumn->addWidget(m_plan);
    runColumn->addStretch(1);
    sizes->addLayout(runColumn);
    auto* actions = new QHBoxLayout;
    actions->addWidget(m_claimsSummary, 1, Qt::AlignLeft);
    actions->addWidget(m_copy);
    actions->addWidget(m_export);
    // The header, the sizes and the claims stay put above the tabs: a tab changes only what is below.
    auto* layout = new QVBoxLayout(m_explore);
    layout->addLayout(head);
    layout->addWidget(m_lookFor);
    layout->addLayout(sizes);
    layout->addLayout(actions);
    layout->addWidget(m_claims);
    layout->addWidget(m_view, 1);
}

void DemoPanel::showSteps()
{
    // Numbered as the learner meets them: a preset without a prediction starts at the run.
    const bool predict = !m_prediction->isHidden();
    m_predictStep->setVisible(predict);
    m_predictStep->setText(tr("① Predict"));
    m_runStep->setText(predict ? tr("② Run the demo") : tr("① Run the demo"));
    m_seeStep->setText(predict ? tr("③ What it measured") : tr("② What it measured"));
}

QString DemoPanel::captionText() const
{
    return m_caption->text();
}

std::optional<double> DemoPanel::measuredPercent(const rlab::content::DemoAnswer& answer) const
{
    const std::vector<rlab::demo::RunOutcome>* runs
        = m_preset ? m_figures.learnerRuns(m_preset->id) : nullptr;
    if (!runs || isRunning())
        return std::nullopt;
    return rlab::demo::answerPercent(answer, *runs);
}

void DemoPanel::showAnswer()
{
    if (!m_preset) {
        m_answer->setFigures({});
        m_answer->setPlaceholder(tr("This question has no demo."));
        m_caption->clear();
        return;
    }
    if (m_previewing)
        return;
    const std::vector<rlab::demo::RunOutcome>* runs = m_figures.learnerRuns(m_preset->id);
    const rlab::demo::AnswerFigures figures = runs && !isRunning()
        ? rlab::demo::answerFigures(*m_preset, m_lessonAnswer, *runs, false, runNames())
        : rlab::demo::AnswerFigures {};
    m_answer->setPlaceholder(isRunning() ? tr("Running: the figures appear here when it finishes.")
                                         : rlab::demo::answerPlaceholder(m_lessonAnswer));
    m_answer->setFigures(figures);
    QString caption = figures.caption;
    if (namesHidden() && !caption.isEmpty())
        caption += QLatin1Char('\n')
            + tr("Run names that would give the answer away are hidden until you answer.");
    m_caption->setText(caption);
    m_caption->setVisible(!caption.isEmpty());
}

std::function<QString(const std::string&)> DemoPanel::runNames() const
{
    return [this](const std::string& label) { return shownRunName(label); };
}

void DemoPanel::previewSizes(const rlab::demo::DemoChoice& choice)
{
    if (!m_preset || isRunning())
        return;
    std::string error;
    const std::vector<rlab::demo::RunOutcome> predicted
        = rlab::demo::predictOutcomes(*m_preset, choice, &error);
    m_previewing = !predicted.empty();
    const rlab::demo::AnswerFigures figures
        = rlab::demo::answerFigures(*m_preset, m_lessonAnswer, predicted, true, runNames());
    m_answer->setFigures(figures);
    m_caption->setText(figures.empty() ? QString::fromStdString(error) : figures.caption);
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
    showSteps();
    m_exploreButton->setText(tr("E&xplore this run…"));
    updateButtons();
    m_back->setText(tr("◀ Back to the question"));
    m_back->setToolTip(tr("Back to the question, where you left it (Esc)."));
    m_rerun->setText(tr("Run again"));
    m_rerun->setToolTip(m_run->toolTip());
    m_answer->setAccessibleName(tr("The answer's figures"));
    m_sliders->retranslate();
    showPresetTexts();
    updateValidity();
    showAnswer();
}

void DemoPanel::showDevice()
{
    // Before a run, the machine; after it, what the runs used (tiny models run on one thread).
    m_device->setText(tr("Device: %1").arg(DemoRunner::deviceText(m_results->results())));
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

bool DemoPanel::runOnEnter(QKeyEvent* event)
{
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (!enter || !takesEnter(QApplication::focusWidget()) || !m_run->isEnabled())
        return false;
    requestRun();
    event->accept();
    return true;
}

void DemoPanel::keyPressEvent(QKeyEvent* event)
{
    if (!runOnEnter(event))
        QWidget::keyPressEvent(event);
}

bool DemoPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_explore && event->type() == QEvent::KeyPress
        && runOnEnter(static_cast<QKeyEvent*>(event)))
        return true;
    return QWidget::eventFilter(watched, event);
}

void DemoPanel::setPreset(const rlab::content::DemoPreset& preset, const QString& view,
    const std::optional<rlab::content::DemoAnswer>& answer)
{
    m_lessonAnswer = answer ? *answer : preset.lessonAnswer();
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
    showSteps();
    // An author's edit (--watch, Reload) may change the same preset's sizes: the fields and Reset
    // follow the file, not the sizes it had when first shown.
    if (samePreset && !m_sizes->holdsSizesOf(preset))
        m_sizes->setPreset(preset);
    if (!samePreset) {
        m_sizes->setPreset(preset);
        m_previewing = false;
        clearResults();
        m_progress->setValue(0);
        setStatus([] { return tr("Choose sizes and press Run."); });
        m_repeating = false;
        restoreResults(presetId());
        repeatEarlierRun();
    }
    if (samePreset && newView)
        m_view->showStoryFirst(m_storyView); // another question on the same demo: its own lesson
    m_sliders->follow(*m_sizes);
    showPresetTexts();
    updateValidity();
    showAnswer();
}

QJsonObject DemoPanel::lastRunSizes() const
{
    QJsonObject all;
    for (const auto& [id, shape] : m_lastSizes) {
        QJsonObject sizes;
        for (const rlab::ShapeField& field : rlab::shapeFields())
            sizes[QString::fromUtf8(field.key.data(), qsizetype(field.key.size()))] = shape.*field.member;
        all[id] = sizes;
    }
    return all;
}

void DemoPanel::setRunsToRepeat(const QJsonObject& sizes)
{
    m_toRepeat.clear();
    for (auto preset = sizes.begin(); preset != sizes.end(); ++preset) {
        const QJsonObject fields = preset.value().toObject();
        rlab::ModelShape shape;
        bool whole = true;
        for (const rlab::ShapeField& field : rlab::shapeFields()) {
            const QJsonValue value
                = fields.value(QString::fromUtf8(field.key.data(), qsizetype(field.key.size())));
            whole = whole && value.isDouble();
            shape.*field.member = value.toInt();
        }
        if (whole) // a file another version wrote, or edited by hand, is not measured again
            m_toRepeat[preset.key()] = shape;
    }
}

// A preset shown before it has run this session, which an earlier session ran: measured again at
// that run's sizes, the learner's limits checked as for a typed size, once the page has drawn.
void DemoPanel::repeatEarlierRun()
{
    const auto earlier = m_toRepeat.find(presetId());
    if (earlier == m_toRepeat.end() || m_results->rowCount() > 0)
        return;
    const rlab::ModelShape shape = earlier->second;
    m_toRepeat.erase(earlier);
    for (const rlab::ShapeField& field : rlab::shapeFields())
        if (!m_sizes->isSwept(std::string(field.key)))
            m_sizes->setSize(field.member, shape.*field.member);
    if (m_sizes->hasProblem())
        return; // the content's limits changed since: the sizes are shown with their problem
    QTimer::singleShot(0, this, [this, id = presetId()] {
        if (presetId() != id || isRunning() || m_results->rowCount() > 0)
            return;
        m_repeating = true;
        requestRun();
    });
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
    showAnswer();
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
    showAnswer();
    updateButtons();
}

void DemoPanel::setHiddenRuns(const std::vector<std::string>& labels)
{
    if (m_hiddenRuns == labels)
        return;
    m_hiddenRuns = labels;
    showAnswer();
    updateButtons();
}

QString DemoPanel::shownRunName(const std::string& label) const
{
    if (namesHidden()) {
        const auto hidden = std::find(m_hiddenRuns.begin(), m_hiddenRuns.end(), label);
        if (hidden != m_hiddenRuns.end())
            return tr("run %1").arg(
                QChar(u'A' + int(std::min<std::ptrdiff_t>(hidden - m_hiddenRuns.begin(), 25))));
    }
    return rlab::demo::runNameText(label);
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
    m_results->appendAll(kept->results); // one insertion: the explore page's views rebuild once
    m_claimChecks = kept->claims;
    m_progress->setValue(kProgressRange);
    setStatus([] { return tr("Your earlier run of this demo; press Run to measure again."); });
    m_prediction->showMeasured(m_results->results());
    showClaims();
    showDevice();
    updateButtons();
    showAnswer();
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
    m_askedToConfirm = false; // other sizes: another estimate to ask about
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
    const QList<DemoRunPlan> plans = DemoRunner::plan(*m_preset, m_sizes->choice()).value;
    return rlab::demo::correctedEstimate(
        QString::fromStdString(m_preset->id), estimateDemoSeconds(plans, *speed), int(plans.size()));
}

void DemoPanel::showEstimate(bool runnable)
{
    const double seconds = runnable && !isRunning() ? estimateSeconds() : 0;
    QString text = seconds > 0 ? demoEstimateText(seconds) : QString();
    if (!text.isEmpty() && !m_busy.isEmpty())
        text += QLatin1Char(' ') + m_busy;
    m_estimate->setText(text);
    m_estimate->setVisible(!text.isEmpty());
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
    m_sliders->setEnabled(!running);
    const bool haveResults = m_results->rowCount() > 0;
    m_copy->setEnabled(haveResults);
    m_export->setEnabled(haveResults);
    // The explore page names every run: where a name gives the answer away, it waits for the answer.
    m_exploreButton->setEnabled(!namesHidden());
    m_exploreButton->setToolTip(namesHidden()
            ? tr("Answer first: the explore page names every run, and a name here gives the answer away.")
            : tr("Every table and chart of this run, the sizes and what it shows (E)."));
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

void DemoPanel::requestRun()
{
    if (isRunning())
        return;
    const double seconds = estimateSeconds();
    if (seconds > rlab::demo::kAskBeforeSeconds && !m_askedToConfirm && currentProblem().isEmpty()) {
        m_askedToConfirm = true; // until the sizes change
        setStatus([seconds] { return rlab::demo::demoConfirmText(seconds); });
        return;
    }
    m_askedToConfirm = false;
    run();
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
    m_lastSizes[presetId()] = m_sizes->choice().shape;
    const std::optional<double> speed = measuredFlopsPerMs();
    m_runFlopEstimate = speed ? estimateDemoSeconds(plans, *speed) : 0;
    m_runCount = int(plans.size());
    m_runEstimate
        = rlab::demo::correctedEstimate(QString::fromStdString(m_preset->id), m_runFlopEstimate, m_runCount);
    m_runClock.start();
    m_clock->start();
    showEstimate(false);
    showTimeLeft();
    m_prediction->lock();
    updateButtons();
    showAnswer();
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
    DemoProgress shown = progress;
    shown.label = shownRunName(progress.label.toStdString());
    setStatus([shown] { return demoProgressText(shown); });
}

void DemoPanel::onEnded(const DemoOutcome& outcome)
{
    m_clock->stop();
    m_progress->resetFormat();
    if (outcome.ok()) {
        // How long it took against its FLOP estimate: the next estimate of this preset allows for it.
        // A session's first run has no estimate to correct (and pays the one-time costs): none kept.
        if (m_preset && m_runFlopEstimate > 0)
            rlab::demo::recordEstimateTaken(QString::fromStdString(m_preset->id), m_runFlopEstimate,
                double(m_runClock.elapsed()) / 1000.0, m_runCount);
        m_progress->setValue(kProgressRange);
        // The busy probe: the engine's thread had the processor for this share of the run. With
        // more threads the share says less (they wait on each other), so only one-thread runs judge.
        m_busy = DemoRunner::cpuThreads(m_results->results()) == 1 ? rlab::demo::busyText(outcome.cpuShare)
                                                                   : QString();
        m_claimChecks = outcome.claims;
        showClaims();
        m_prediction->showMeasured(m_results->results());
    }
    if (m_repeating && outcome.ok())
        setStatus([outcome] {
            return tr(
                "%1 Measured again: your run of this demo from last time, at its sizes (figures are not "
                "kept between sessions).")
                .arg(demoOutcomeText(outcome));
        });
    else
        setStatus(
            [outcome] { return demoOutcomeText(outcome); }, outcome.ending == DemoOutcome::Ending::Failed);
    m_repeating = false;
    updateButtons();
    showEstimate(m_preset && currentProblem().isEmpty()); // the next run's, at the speed just measured
    showDevice();
    showAnswer();
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
