#include "plannerviewpanel.h"

#include <QEvent>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace {

constexpr double kBytesPerGb = 1e9;

QString gibText(std::uint64_t bytes)
{
    return QLocale().toString(static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0), 'f', 2);
}

} // namespace

PlannerViewPanel::PlannerViewPanel(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_intro(new QLabel(this))
    , m_settings(new QLabel(this))
    , m_peak(new QLabel(this))
    , m_open(new QPushButton(this))
{
    setObjectName(QStringLiteral("plannerViewPanel"));
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    m_settings->setObjectName(QStringLiteral("plannerViewSettings"));
    m_peak->setObjectName(QStringLiteral("plannerViewPeak"));
    m_open->setObjectName(QStringLiteral("openPlannerView"));
    for (QLabel* label : {m_title, m_intro, m_settings, m_peak})
        label->setWordWrap(true);
    connect(m_open, &QPushButton::clicked, this, &PlannerViewPanel::openRequested);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(16, 16, 16, 16);
    layout->addWidget(m_title);
    layout->addWidget(m_intro);
    layout->addWidget(m_settings);
    layout->addWidget(m_peak);
    layout->addWidget(m_open, 0, Qt::AlignLeft);
    layout->addStretch(1);
    render();
}

void PlannerViewPanel::setView(const rlab::content::PlannerView& view)
{
    m_view = view;
    render();
}

void PlannerViewPanel::clearView()
{
    m_view.reset();
    render();
}

void PlannerViewPanel::setAnswerShown(bool shown)
{
    m_answerShown = shown;
    render();
}

QString PlannerViewPanel::settingsText() const
{
    return m_settings->text();
}

QString PlannerViewPanel::peakText() const
{
    return m_peak->isHidden() ? QString() : m_peak->text();
}

void PlannerViewPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        render();
    QWidget::changeEvent(event);
}

void PlannerViewPanel::render()
{
    m_title->setText(tr("Planner view: predicted"));
    m_intro->setText(tr("This question is about many GPUs, and the engine trains on one device, so it has no "
                        "live demo. The Planner shows it instead, with the settings below, from its formulas "
                        "(checked against the papers in its tests): nothing here is measured."));
    m_open->setText(tr("Open in the Planner"));
    if (!m_view) {
        m_settings->clear();
        m_peak->clear();
        m_peak->hide();
        return;
    }
    const rlab::content::PlannerView& v = *m_view;
    const rlab::planner::Request request = rlab::planner::scenarioRequest(v);
    const rlab::ModelShape& s = request.config.shape;
    QString model;
    if (const rlab::planner::ModelPreset* preset = rlab::planner::findModelPreset(v.model))
        model = QString::fromUtf8(preset->title.data(), static_cast<qsizetype>(preset->title.size()));
    else if (s.arch == rlab::Arch::Llama)
        model = tr("a custom llama block: %1 layers, width %2, %3 heads, %4 key/value heads, MLP %5")
                    .arg(s.layers)
                    .arg(s.width)
                    .arg(s.heads)
                    .arg(rlab::kvHeadsOf(s))
                    .arg(rlab::ffnOf(s));
    else
        model = tr("a custom GPT-2 block: %1 layers, width %2, %3 heads")
                    .arg(s.layers)
                    .arg(s.width)
                    .arg(s.heads);
    QStringList parts {tr("Model: %1").arg(model),
        tr("sequence %1, micro-batch %2").arg(QLocale().toString(v.seq), QLocale().toString(v.batch)),
        tr("%1 GB a GPU").arg(QLocale().toString(static_cast<double>(v.budgetBytes) / kBytesPerGb))};
    if (v.bf16Weights)
        parts << tr("bf16 weights");
    QStringList cluster {
        tr("data parallel %1").arg(v.parallel.dp), tr("tensor parallel %1").arg(v.parallel.tp)};
    if (v.parallel.sequenceParallel)
        cluster << tr("sequence parallel");
    cluster << tr("pipeline stages %1").arg(v.parallel.pp);
    if (v.parallel.virtualStages > 1)
        cluster << tr("%n virtual stage(s)", nullptr, v.parallel.virtualStages);
    cluster << tr("%n micro-batch(es) a step", nullptr, v.parallel.microbatches)
            << tr("ZeRO-%1").arg(v.parallel.zero);
    QString text = parts.join(QStringLiteral("; ")) + QStringLiteral(".\n")
        + tr("%n GPU(s)", nullptr, v.ranks()) + QStringLiteral(" (")
        + tr("%n node(s) of %1", nullptr, v.nodes()).arg(v.gpusPerNode) + QStringLiteral("): ")
        + cluster.join(QStringLiteral(", ")) + QLatin1Char('.');
    if (!v.policy.empty())
        text += QLatin1Char('\n') + tr("Policy shown: %1.").arg(QString::fromStdString(v.policy));
    m_settings->setText(text);

    std::string error;
    const std::optional<rlab::planner::ParallelReport> report
        = rlab::planner::planParallel(request, v.parallel,
            rlab::planner::rankPolicies(
                {rlab::planner::MegatronMethod::Uniform, rlab::planner::MegatronMethod::Block}, 1),
            &error);
    const rlab::planner::ParallelRow* row = nullptr;
    if (report) {
        for (const rlab::planner::ParallelRow& candidate : report->rows)
            if (candidate.planned && candidate.policy.label == v.policy)
                row = &candidate;
        if (!row)
            row = report->cheapestRow();
    }
    m_peak->setVisible(m_answerShown && row != nullptr);
    if (row) {
        const rlab::planner::RankMemory& peak = row->peak();
        m_peak->setText(tr("Predicted with %1: pipeline rank %2 peaks at %3 GiB a GPU (%4 GiB budget), "
                           "holding %n micro-batch(es) of its layers in flight.",
            nullptr, peak.inFlightChunks)
                            .arg(QString::fromStdString(row->policy.label))
                            .arg(peak.stage)
                            .arg(gibText(peak.total()), gibText(v.budgetBytes)));
    }
}
