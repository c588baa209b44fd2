#include "clusterpanel.h"

#include <algorithm>
#include <array>

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedBarSeries>
#include <QTabWidget>
#include <QValueAxis>

#include "rlab/planner/cluster_configs.h"
#include "rlab/planner/scenario.h"
#include "view/chartstyle.h"

namespace {

double gibOf(std::uint64_t bytes)
{
    return static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0);
}

QString gibText(std::uint64_t bytes)
{
    return QLocale().toString(gibOf(bytes), 'f', 2);
}

// A field of the cluster, its limits the scenario's (rlab::planner::scenarioCounts).
QSpinBox* sizeField(const char* name, std::string_view key, int value)
{
    const rlab::planner::ScenarioCount* count = rlab::planner::scenarioCount(key);
    auto* box = new QSpinBox;
    box->setObjectName(QStringLiteral("cluster_%1").arg(QLatin1String(name)));
    box->setRange(count->least, count->most);
    box->setValue(value);
    box->setKeyboardTracking(true);
    return box;
}

} // namespace

ClusterPanel::ClusterPanel(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("clusterPanel"));
    m_title = new QLabel;
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_intro = new QLabel;
    m_intro->setWordWrap(true);

    // The example: 32 GPUs, dp 8 x tp 2 x pp 2, 8 micro-batches, ZeRO-1.
    m_gpus = sizeField("gpusPerNode", "gpus_per_node", 8);
    m_nodes = sizeField("nodes", "nodes", 4);
    m_dp = sizeField("dp", "dp", 8);
    m_tp = sizeField("tp", "tp", 2);
    m_sp = new QCheckBox;
    m_sp->setObjectName(QStringLiteral("cluster_sp"));
    m_pp = sizeField("pp", "pp", 2);
    m_virtual = sizeField("virtualStages", "virtual_stages", 1);
    m_micro = sizeField("microbatches", "microbatches", 8);
    m_zero = new QComboBox;
    m_zero->setObjectName(QStringLiteral("cluster_zero"));
    for (int stage = 0; stage <= 3; ++stage)
        m_zero->addItem(QString(), stage);
    m_zero->setCurrentIndex(1);

    auto* left = new QFormLayout;
    auto* right = new QFormLayout;
    const auto row = [](QFormLayout* form, QLabel*& label, QWidget* field) {
        label = new QLabel;
        label->setBuddy(field);
        form->addRow(label, field);
    };
    row(left, m_gpusLabel, m_gpus);
    row(left, m_nodesLabel, m_nodes);
    row(left, m_dpLabel, m_dp);
    row(left, m_tpLabel, m_tp);
    left->addRow(QString(), m_sp);
    row(right, m_ppLabel, m_pp);
    row(right, m_virtualLabel, m_virtual);
    row(right, m_microLabel, m_micro);
    row(right, m_zeroLabel, m_zero);
    m_policy = new QComboBox;
    m_policy->setObjectName(QStringLiteral("clusterPolicy"));
    row(right, m_policyLabel, m_policy);
    for (QComboBox* box : {m_zero, m_policy})
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* fields = new QHBoxLayout;
    fields->addLayout(left);
    fields->addLayout(right);

    m_problemLabel = new QLabel;
    m_problemLabel->setObjectName(QStringLiteral("clusterProblem"));
    m_problemLabel->setWordWrap(true);
    m_problemLabel->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_peak = new QLabel;
    m_peak->setObjectName(QStringLiteral("clusterPeak"));
    m_peak->setWordWrap(true);

    // The fields in two columns, the sentences under them and the chart the full width below, so
    // that Russian's longer labels squeeze neither the combos nor the chart at 1024 pixels.
    fields->addStretch(1);
    m_chart = new QChartView;
    m_chart->setObjectName(QStringLiteral("clusterChart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(260);
    m_chart->setMaximumHeight(320);

    m_configTitle = new QLabel;
    m_configTitle->setObjectName(QStringLiteral("clusterConfigTitle"));
    m_configTitle->setWordWrap(true);
    m_configs = new QTabWidget;
    m_configs->setObjectName(QStringLiteral("clusterConfigs"));
    m_configs->setMinimumHeight(220);
    m_copy = new QPushButton;
    m_copy->setObjectName(QStringLiteral("clusterCopyConfig"));
    connect(m_copy, &QPushButton::clicked, this, [this] {
        if (auto* text = qobject_cast<QPlainTextEdit*>(m_configs->currentWidget()))
            QApplication::clipboard()->setText(text->property("config").toString());
    });
    auto* configHead = new QHBoxLayout;
    configHead->addWidget(m_configTitle, 1);
    configHead->addWidget(m_copy, 0, Qt::AlignBottom);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_intro);
    layout->addLayout(fields);
    layout->addWidget(m_problemLabel);
    layout->addWidget(m_peak);
    layout->addWidget(m_chart);
    layout->addLayout(configHead);
    layout->addWidget(m_configs, 1);

    for (QSpinBox* box : {m_gpus, m_nodes, m_dp, m_tp, m_pp, m_virtual, m_micro})
        connect(box, &QSpinBox::valueChanged, this, &ClusterPanel::replan);
    connect(m_sp, &QCheckBox::toggled, this, &ClusterPanel::replan);
    connect(m_zero, &QComboBox::currentIndexChanged, this, &ClusterPanel::replan);
    connect(m_policy, &QComboBox::activated, this, [this] {
        m_chosenPolicy = m_policy->currentData().toString();
        render();
    });
    retranslate();
}

void ClusterPanel::retranslate()
{
    m_title->setText(tr("Many GPUs: memory per rank"));
    m_intro->setText(tr("The model above trained on a cluster: data, tensor, sequence and pipeline "
                        "parallelism (1F1B) with ZeRO sharding. Every figure is predicted, per GPU; "
                        "communication buffers and one op's temporaries are left out."));
    m_gpusLabel->setText(tr("GPUs per node"));
    m_nodesLabel->setText(tr("Nodes"));
    m_dpLabel->setText(tr("Data parallel"));
    m_tpLabel->setText(tr("Tensor parallel"));
    m_sp->setText(tr("Sequence parallel"));
    m_ppLabel->setText(tr("Pipeline stages"));
    m_virtualLabel->setText(tr("Virtual stages"));
    m_microLabel->setText(tr("Micro-batches"));
    m_zeroLabel->setText(tr("ZeRO"));
    m_zero->setItemText(0, tr("0: nothing sharded"));
    m_zero->setItemText(1, tr("1: optimizer state"));
    m_zero->setItemText(2, tr("2: + gradients"));
    m_zero->setItemText(3, tr("3: + parameters (FSDP)"));
    m_policyLabel->setText(tr("Policy"));
    m_copy->setText(tr("Copy config"));
    for (QSpinBox* box : findChildren<QSpinBox*>())
        box->setLocale(QLocale());
    render();
}

rlab::planner::Parallelism ClusterPanel::parallelism() const
{
    rlab::planner::Parallelism p;
    p.dp = m_dp->value();
    p.tp = m_tp->value();
    p.sequenceParallel = m_sp->isChecked();
    p.pp = m_pp->value();
    p.virtualStages = m_virtual->value();
    p.microbatches = m_micro->value();
    p.zero = m_zero->currentData().toInt();
    return p;
}

void ClusterPanel::setCluster(
    const rlab::planner::Parallelism& parallel, int gpusPerNode, int nodes, const QString& policy)
{
    {
        const QSignalBlocker a(m_gpus), b(m_nodes), c(m_dp), d(m_tp), e(m_sp), f(m_pp), g(m_virtual),
            h(m_micro), i(m_zero);
        m_gpus->setValue(gpusPerNode);
        m_nodes->setValue(nodes);
        m_dp->setValue(parallel.dp);
        m_tp->setValue(parallel.tp);
        m_sp->setChecked(parallel.sequenceParallel);
        m_pp->setValue(parallel.pp);
        m_virtual->setValue(parallel.virtualStages);
        m_micro->setValue(parallel.microbatches);
        m_zero->setCurrentIndex(m_zero->findData(parallel.zero));
    }
    m_chosenPolicy = policy;
    replan();
}

int ClusterPanel::gpusPerNode() const
{
    return m_gpus->value();
}

int ClusterPanel::nodes() const
{
    return m_nodes->value();
}

void ClusterPanel::setRequest(const rlab::planner::Request& request)
{
    m_request = request;
    replan();
}

void ClusterPanel::replan()
{
    m_report.reset();
    m_problem.clear();
    if (!m_request) {
        render();
        return;
    }
    const rlab::planner::Parallelism p = parallelism();
    const std::uint64_t cluster = std::uint64_t(nodes()) * std::uint64_t(gpusPerNode());
    if (p.ranks() != cluster) {
        m_problem = tr("Data parallel × tensor parallel × pipeline stages is %1 GPUs, but nodes × GPUs per "
                       "node is %2: make them equal.")
                        .arg(QLocale().toString(static_cast<qulonglong>(p.ranks())),
                            QLocale().toString(static_cast<qulonglong>(cluster)));
    } else if (p.tp > gpusPerNode()) {
        m_problem = tr("Tensor parallel %1 is more than the %2 GPUs of one node: its all-reduces would "
                       "cross nodes, so keep it within one.")
                        .arg(p.tp)
                        .arg(gpusPerNode());
    } else {
        std::string error;
        m_report = rlab::planner::planParallel(*m_request, p,
            rlab::planner::rankPolicies(
                {rlab::planner::MegatronMethod::Uniform, rlab::planner::MegatronMethod::Block}, 1),
            &error);
        if (!m_report)
            m_problem = QString::fromStdString(error);
    }
    render();
}

const rlab::planner::ParallelRow* ClusterPanel::shownRow() const
{
    if (!m_report)
        return nullptr;
    for (const rlab::planner::ParallelRow& row : m_report->rows)
        if (row.planned && QString::fromStdString(row.policy.label) == m_chosenPolicy)
            return &row;
    if (const rlab::planner::ParallelRow* cheapest = m_report->cheapestRow())
        return cheapest;
    for (const rlab::planner::ParallelRow& row : m_report->rows)
        if (row.planned)
            return &row;
    return nullptr;
}

QString ClusterPanel::peakText() const
{
    return m_peak->text();
}

QString ClusterPanel::peakSentence(const rlab::planner::ParallelRow& row) const
{
    const rlab::planner::RankMemory& peak = row.peak();
    const int stages = static_cast<int>(row.ranks.size());
    const QString fit = row.fits ? tr("fits") : tr("does not fit");
    const QString figure = tr("Predicted with %1: pipeline rank %2 peaks at %3 GiB a GPU, which %4 the "
                              "%5 GiB budget.")
                               .arg(QString::fromStdString(row.policy.label))
                               .arg(peak.stage)
                               .arg(gibText(peak.total()), fit, gibText(m_report->request.budgetBytes));
    QString why;
    if (stages == 1)
        why = tr("With one pipeline stage every rank holds the same: %n micro-batch(es) of activations at a "
                 "time.",
            nullptr, peak.inFlightChunks);
    else if (peak.head && peak.stage == stages - 1)
        why = tr("The last stage peaks: the output layer and the loss keep their tensors for a micro-batch, "
                 "more than the first stage's %n micro-batch(es) in flight.",
            nullptr, row.ranks.front().inFlightChunks);
    else if (peak.stage == 0)
        why = tr("The first stage peaks: under 1F1B it holds %n micro-batch(es) of its layers in flight, "
                 "the most of any stage.",
            nullptr, peak.inFlightChunks);
    else
        why = tr(
            "This stage holds %n micro-batch(es) of its layers in flight.", nullptr, peak.inFlightChunks);
    return figure + QLatin1Char(' ') + why;
}

void ClusterPanel::render()
{
    if (!m_peak)
        return;
    m_problemLabel->setText(m_problem);
    m_problemLabel->setVisible(!m_problem.isEmpty());
    {
        const QSignalBlocker quiet(m_policy);
        m_policy->clear();
        m_policy->addItem(tr("cheapest that fits"), QString());
        if (m_report)
            for (const rlab::planner::ParallelRow& row : m_report->rows)
                if (row.planned) {
                    const QString label = QString::fromStdString(row.policy.label);
                    m_policy->addItem(row.fits ? label : tr("%1 (does not fit)").arg(label), label);
                }
        const int chosen = m_policy->findData(m_chosenPolicy);
        m_policy->setCurrentIndex(std::max(chosen, 0));
    }
    const rlab::planner::ParallelRow* row = shownRow();
    m_chart->setVisible(row != nullptr);
    m_configs->clear();
    m_copy->setEnabled(row != nullptr);
    if (!row) {
        m_peak->setText(m_problem.isEmpty() || !m_report ? QString() : tr("No policy could be planned."));
        m_configTitle->setText(tr("Configs: no plan while the fields above cannot be planned."));
        return;
    }
    QString text = peakSentence(*row);
    if (!m_report->cheapestRow())
        text += QLatin1Char(' ') + tr("No policy fits this budget on this cluster.");
    m_peak->setText(text);
    renderChart(*row);
    renderConfigs(*row);
}

void ClusterPanel::renderChart(const rlab::planner::ParallelRow& row)
{
    QChart* chart = resetDemoChart(m_chart,
        tr("Predicted memory a GPU, GiB, by pipeline rank (%1)")
            .arg(QString::fromStdString(row.policy.label)));
    chart->legend()->setAlignment(Qt::AlignRight); // five categories: a column, never cut short
    auto* series = new QStackedBarSeries;
    using Part = std::uint64_t rlab::planner::RankMemory::*;
    const std::array<std::pair<QString, Part>, 5> parts {{
        {tr("Parameters"), &rlab::planner::RankMemory::parameters},
        {tr("Gradients"), &rlab::planner::RankMemory::gradients},
        {tr("Optimizer state"), &rlab::planner::RankMemory::optimizerState},
        {tr("Activations"), &rlab::planner::RankMemory::savedActivations},
        {tr("Recompute workspace"), &rlab::planner::RankMemory::recomputeWorkspace},
    }};
    double highest = gibOf(m_report->request.budgetBytes);
    for (std::size_t k = 0; k < parts.size(); ++k) {
        auto* set = new QBarSet(parts[k].first);
        set->setColor(seriesColor(static_cast<int>(k)));
        for (const rlab::planner::RankMemory& rank : row.ranks)
            set->append(gibOf(rank.*(parts[k].second)));
        series->append(set);
    }
    QStringList ranks;
    for (const rlab::planner::RankMemory& rank : row.ranks) {
        ranks << (rank.stage == row.peakStage ? tr("rank %1 (peak)") : tr("rank %1")).arg(rank.stage);
        highest = std::max(highest, gibOf(rank.total()));
    }
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(ranks);
    auto* y = new QValueAxis;
    y->setTitleText(tr("GiB, predicted"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    // The budget as a dashed line across the bars, on a hidden value axis spanning the categories.
    auto* across = new QValueAxis;
    across->setRange(-0.5, static_cast<double>(row.ranks.size()) - 0.5);
    across->setVisible(false);
    chart->addAxis(across, Qt::AlignTop);
    auto* budget = new QLineSeries;
    budget->setName(tr("budget a GPU"));
    QPen pen(QColor(0xC0, 0x20, 0x20));
    pen.setStyle(Qt::DashLine);
    pen.setWidth(2);
    budget->setPen(pen);
    budget->append(-0.5, gibOf(m_report->request.budgetBytes));
    budget->append(static_cast<double>(row.ranks.size()) - 0.5, gibOf(m_report->request.budgetBytes));
    chart->addSeries(budget);
    budget->attachAxis(across);
    budget->attachAxis(y);
    fitFromZero(y, highest);
}

void ClusterPanel::renderConfigs(const rlab::planner::ParallelRow& row)
{
    m_configTitle->setText(tr("Configs for %1 on this cluster (the plan above, predicted). Each says what it "
                              "needs in its first lines.")
                               .arg(QString::fromStdString(row.policy.label)));
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    const std::array<std::pair<rlab::planner::ClusterConfigKind, QString>, 3> kinds {{
        {rlab::planner::ClusterConfigKind::Megatron, tr("Megatron-LM")},
        {rlab::planner::ClusterConfigKind::DeepSpeed, tr("DeepSpeed")},
        {rlab::planner::ClusterConfigKind::PyTorch, tr("PyTorch (FSDP2)")},
    }};
    for (const auto& [kind, title] : kinds) {
        const rlab::planner::ClusterConfig config = rlab::planner::clusterConfig(kind, *m_report, row);
        // The notes ("# ..." lines) are shown above the config; Copy takes the config alone, so that
        // DeepSpeed's JSON stays JSON.
        auto* text = new QPlainTextEdit(QStringLiteral("# ") + QString::fromStdString(config.needs)
            + QLatin1Char('\n') + QString::fromStdString(config.notes) + QString::fromStdString(config.text));
        text->setProperty("config", QString::fromStdString(config.text));
        text->setReadOnly(true);
        text->setFont(mono);
        text->setLineWrapMode(QPlainTextEdit::NoWrap);
        text->setToolTip(tr("Needs %1.").arg(QString::fromStdString(config.needs)));
        m_configs->addTab(text, title);
    }
}
