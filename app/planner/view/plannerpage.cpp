#include "plannerpage.h"

#include <algorithm>
#include <array>

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QValueAxis>

#include "common/sizewords.h"
#include "planner/model/plannerform.h"
#include "planner/view/clusterpanel.h"
#include "rlab/planner/snippets.h"
#include "view/chartstyle.h"

using rlab::app::microBatchLabel;
using rlab::app::sizeWords;

namespace {

using rlab::planner::PolicyRow;

constexpr double kBytesPerGb = 1e9;
constexpr int kCustomIndex = -1; // m_model's item data for the custom model (GPT-2's block)
constexpr int kCustomLlamaIndex = -2; // ... and for a custom llama block
constexpr const char* kCustomLlamaName = "custom-llama"; // setModel's word for it

double gibOf(std::uint64_t bytes)
{
    return static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0);
}

// Figures in the interface language's number format (a decimal comma in Russian), like the demo's.
QString gibText(std::uint64_t bytes)
{
    return QLocale().toString(gibOf(bytes), 'f', 2);
}

QString shareText(double share)
{
    return QLocale().toString(100.0 * share, 'f', 1);
}

// Powers of two from `least` to `most`, with `also` among them: the sizes the charts sample.
std::vector<int> chartSizes(int least, int most, int also)
{
    std::vector<int> sizes;
    for (long value = least; value <= most; value *= 2)
        sizes.push_back(static_cast<int>(value));
    if (also >= least && also <= most && std::find(sizes.begin(), sizes.end(), also) == sizes.end()) {
        sizes.push_back(also);
        std::sort(sizes.begin(), sizes.end());
    }
    return sizes;
}

QSpinBox* sizeBox(const char* key)
{
    const rlab::ShapeField* field = rlab::shapeField(key);
    auto* box = new QSpinBox;
    box->setObjectName(QStringLiteral("planner_%1").arg(QLatin1String(key)));
    box->setRange(field->least, field->most);
    box->setKeyboardTracking(true);
    return box;
}

} // namespace

PlannerPage::PlannerPage(QWidget* parent)
    : QWidget(parent)
    , m_form(new rlab::planner::PlannerForm(this))
{
    setObjectName(QStringLiteral("plannerPage"));
    connect(m_form, &rlab::planner::PlannerForm::planned, this, &PlannerPage::showPlan);
    buildUi();
    retranslate();
    m_batch->setValue(8); // with GPT-2 124M, T=1024 and 24 GB: the README's example
    setModel(QStringLiteral("gpt2-124m"));
    replan();
}

void PlannerPage::buildUi()
{
    QHBoxLayout* top = buildHeading();
    buildInputs();
    QFormLayout* form = buildForm();
    connectInputs();
    buildTable();
    QHBoxLayout* charts = buildCharts();
    QVBoxLayout* code = buildCode();

    // The inputs beside the charts; the table gets the full width for its thirteen columns.
    auto* upper = new QHBoxLayout;
    upper->addLayout(form);
    upper->addLayout(code, 1);

    auto* body = new QWidget;
    auto* layout = new QVBoxLayout(body);
    layout->addLayout(top);
    layout->addWidget(m_intro);
    layout->addLayout(upper);
    layout->addWidget(m_summary);
    layout->addWidget(m_table);
    layout->addLayout(charts);
    m_cluster = new ClusterPanel;
    layout->addSpacing(12);
    layout->addWidget(m_viewNote); // a question's view opens at the cluster: its note just above
    layout->addWidget(m_cluster);
    auto* scroll = new QScrollArea;
    m_scroll = scroll;
    scroll->setWidget(body);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
}

// The title, the introduction and the back button beside them.
QHBoxLayout* PlannerPage::buildHeading()
{
    m_title = new QLabel;
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.6);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_intro = new QLabel;
    m_intro->setWordWrap(true);
    m_back = new QPushButton;
    m_back->setObjectName(QStringLiteral("plannerBack"));
    connect(m_back, &QPushButton::clicked, this, &PlannerPage::backRequested);
    auto* top = new QHBoxLayout;
    top->addWidget(m_title, 1);
    top->addWidget(m_back, 0, Qt::AlignTop);
    return top;
}

// The inputs: the model and its sizes, sequence and batch, precisions, optimizer and budget.
void PlannerPage::buildInputs()
{
    m_model = new QComboBox;
    m_model->setObjectName(QStringLiteral("plannerModel"));
    m_layers = sizeBox("layers");
    m_width = sizeBox("width");
    m_heads = sizeBox("heads");
    m_vocab = sizeBox("vocab");
    m_kvHeads = sizeBox("heads");
    m_kvHeads->setObjectName(QStringLiteral("planner_kv_heads"));
    m_ffn = new QSpinBox;
    m_ffn->setObjectName(QStringLiteral("planner_ffn"));
    m_ffn->setRange(1, rlab::kMostFfn);
    m_ffn->setKeyboardTracking(true);
    m_qkvBias = new QCheckBox;
    m_qkvBias->setObjectName(QStringLiteral("plannerQkvBias"));
    m_viewNote = new QLabel;
    m_viewNote->setObjectName(QStringLiteral("plannerViewNote"));
    m_viewNote->setWordWrap(true);
    m_viewNote->setFrameShape(QFrame::StyledPanel);
    m_viewNote->setMargin(6);
    m_viewNote->hide();
    m_seq = sizeBox("seq");
    m_batch = sizeBox("batch");
    m_weights = new QComboBox;
    m_weights->setObjectName(QStringLiteral("plannerWeights"));
    m_activations = new QComboBox;
    m_activations->setObjectName(QStringLiteral("plannerActivations"));
    m_optimizer = new QComboBox;
    m_optimizer->setObjectName(QStringLiteral("plannerOptimizer"));
    m_fused = new QCheckBox;
    m_fused->setObjectName(QStringLiteral("plannerFusedAttention"));
    m_budget = new QComboBox;
    m_budget->setObjectName(QStringLiteral("plannerBudget"));
    m_budgetGb = new QDoubleSpinBox;
    m_budgetGb->setObjectName(QStringLiteral("plannerBudgetGb"));
    m_budgetGb->setRange(0.1, 100000);
    m_budgetGb->setDecimals(1);
    m_budgetGb->setValue(24);
    fillChoices();
}

// The form: each input with its label, the budget's choice beside its figure in gigabytes.
QFormLayout* PlannerPage::buildForm()
{
    auto* form = new QFormLayout;
    const auto row = [form](QLabel*& label, QWidget* field) {
        label = new QLabel;
        label->setBuddy(field);
        form->addRow(label, field);
    };
    row(m_modelLabel, m_model);
    row(m_layersLabel, m_layers);
    row(m_widthLabel, m_width);
    row(m_headsLabel, m_heads);
    row(m_kvHeadsLabel, m_kvHeads);
    row(m_ffnLabel, m_ffn);
    form->addRow(QString(), m_qkvBias);
    row(m_vocabLabel, m_vocab);
    row(m_seqLabel, m_seq);
    row(m_batchLabel, m_batch);
    row(m_weightsLabel, m_weights);
    row(m_activationsLabel, m_activations);
    row(m_optimizerLabel, m_optimizer);
    form->addRow(QString(), m_fused);
    auto* budget = new QHBoxLayout;
    budget->addWidget(m_budget, 1);
    budget->addWidget(m_budgetGb);
    m_budgetLabel = new QLabel;
    m_budgetLabel->setBuddy(m_budget);
    form->addRow(m_budgetLabel, budget);
    return form;
}

// Any input changed plans again after the typing pause; the model and block sizes reshape the form.
void PlannerPage::connectInputs()
{
    connect(m_model, &QComboBox::currentIndexChanged, this, &PlannerPage::modelChosen);
    for (QSpinBox* box : {m_layers, m_width, m_heads, m_vocab, m_seq, m_batch, m_kvHeads, m_ffn})
        connect(box, &QSpinBox::valueChanged, this, &PlannerPage::scheduleReplan);
    for (QSpinBox* box : {m_width, m_heads}) // a custom GPT-2's kv heads and 4d follow them
        connect(box, &QSpinBox::valueChanged, this, &PlannerPage::showBlockSizes);
    for (QComboBox* box : {m_weights, m_activations, m_optimizer})
        connect(box, &QComboBox::currentIndexChanged, this, &PlannerPage::scheduleReplan);
    connect(m_budget, &QComboBox::currentIndexChanged, this, [this] {
        m_budgetGb->setEnabled(m_budget->currentData().toULongLong() == 0);
        scheduleReplan();
    });
    connect(m_budgetGb, &QDoubleSpinBox::valueChanged, this, &PlannerPage::scheduleReplan);
    for (QCheckBox* box : {m_fused, m_qkvBias})
        connect(box, &QCheckBox::toggled, this, &PlannerPage::scheduleReplan);
}

// The summary and the table of policies; a row clicked shows its code.
void PlannerPage::buildTable()
{
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("plannerSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_table = new QTableWidget;
    m_table->setObjectName(QStringLiteral("plannerTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->setMinimumHeight(450); // all twelve rows without scrolling
    connect(m_table, &QTableWidget::cellClicked, this, [this](int clicked, int) {
        m_chosenRow = clicked;
        renderCode();
    });
}

// The charts of the peak against the micro-batch and against the sequence, side by side.
QHBoxLayout* PlannerPage::buildCharts()
{
    m_byBatch = new QChartView;
    m_byBatch->setObjectName(QStringLiteral("plannerByBatch"));
    m_bySeq = new QChartView;
    m_bySeq->setObjectName(QStringLiteral("plannerBySeq"));
    for (QChartView* view : {m_byBatch, m_bySeq}) {
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(260);
    }
    auto* charts = new QHBoxLayout;
    charts->addWidget(m_byBatch);
    charts->addWidget(m_bySeq);
    return charts;
}

// The chosen policy's code: its title, the copy button and the tabs of code.
QVBoxLayout* PlannerPage::buildCode()
{
    m_codeTitle = new QLabel;
    m_codeTitle->setObjectName(QStringLiteral("plannerCodeTitle"));
    m_codeTitle->setWordWrap(true);
    m_code = new QTabWidget;
    m_code->setObjectName(QStringLiteral("plannerCode"));
    m_code->setMinimumHeight(240);
    m_copy = new QPushButton;
    m_copy->setObjectName(QStringLiteral("plannerCopyCode"));
    connect(m_copy, &QPushButton::clicked, this, [this] {
        if (auto* text = qobject_cast<QPlainTextEdit*>(m_code->currentWidget()))
            QApplication::clipboard()->setText(text->toPlainText());
    });
    auto* codeHead = new QHBoxLayout;
    codeHead->addWidget(m_codeTitle, 1);
    codeHead->addWidget(m_copy, 0, Qt::AlignBottom);
    auto* code = new QVBoxLayout;
    code->addLayout(codeHead);
    code->addWidget(m_code, 1);
    return code;
}

void PlannerPage::fillChoices()
{
    const auto refill = [](QComboBox* box, const QList<QPair<QString, QVariant>>& items) {
        const int current = box->currentIndex();
        const QSignalBlocker quiet(box);
        box->clear();
        for (const auto& [text, value] : items)
            box->addItem(text, value);
        box->setCurrentIndex(current >= 0 ? current : 0);
    };
    QList<QPair<QString, QVariant>> models;
    for (int i = 0; i < static_cast<int>(rlab::planner::modelPresets().size()); ++i)
        models.append(
            {QString::fromUtf8(rlab::planner::modelPresets()[static_cast<std::size_t>(i)].title.data(),
                 static_cast<qsizetype>(
                     rlab::planner::modelPresets()[static_cast<std::size_t>(i)].title.size())),
                i});
    models.append({tr("Custom"), kCustomIndex});
    models.append({tr("Custom (llama block)"), kCustomLlamaIndex});
    refill(m_model, models);
    refill(m_weights, {{tr("fp32"), 0}, {tr("bf16 with fp32 master weights (predicted only)"), 1}});
    refill(m_activations, {{tr("fp32"), 0}, {tr("bf16 (saved copies)"), 1}});
    refill(m_optimizer, {{tr("AdamW"), 1}, {tr("SGD with momentum"), 0}});
    QList<QPair<QString, QVariant>> budgets;
    for (const std::uint64_t bytes : rlab::planner::budgetPresets())
        budgets.append({tr("%1 GB").arg(QLocale().toString(static_cast<double>(bytes) / kBytesPerGb)),
            QVariant::fromValue(bytes)});
    for (const rlab::DeviceInfo& device : rlab::listDevices())
        if (device.device == rlab::Device::Cuda && device.usable && device.totalBytes > 0)
            budgets.append({tr("This GPU: %1").arg(QString::fromStdString(device.name)),
                QVariant::fromValue(device.totalBytes)});
    budgets.append({tr("Other:"), QVariant::fromValue(std::uint64_t {0})});
    refill(m_budget, budgets);
    if (m_budget->currentIndex() == 0 && m_budget->count() > 1 && !m_budget->property("chosen").toBool()) {
        m_budget->setCurrentIndex(1); // 24 GB, the contract's example
        m_budget->setProperty("chosen", true);
    }
    m_budgetGb->setEnabled(m_budget->currentData().toULongLong() == 0);
}

void PlannerPage::retranslate()
{
    fillChoices();
    m_title->setText(tr("Planner"));
    m_intro->setText(
        tr("Which recomputation policy fits your model in your GPU's memory, and what it costs. Every "
           "figure on this page is predicted by the engine's memory predictor (the one that equals "
           "its measured peak in the demos); nothing is allocated or trained."));
    m_back->setText(tr("Back"));
    m_modelLabel->setText(tr("&Model"));
    m_layersLabel->setText(sizeWords(&rlab::ModelShape::layers).label);
    m_widthLabel->setText(sizeWords(&rlab::ModelShape::width).label);
    m_headsLabel->setText(sizeWords(&rlab::ModelShape::heads).label);
    m_vocabLabel->setText(sizeWords(&rlab::ModelShape::vocab).label);
    m_kvHeadsLabel->setText(tr("Key/value heads"));
    m_ffnLabel->setText(tr("MLP hidden size"));
    m_kvHeads->setToolTip(tr("Grouped-query attention's key/value heads: they must divide the heads, "
                             "and tensor parallelism must divide them."));
    m_ffn->setToolTip(tr("The MLP's hidden width: 4 × width in GPT-2's block, SwiGLU's size in llama's."));
    m_qkvBias->setText(tr("Biases on q, k and v (Qwen2's block)"));
    m_seqLabel->setText(sizeWords(&rlab::ModelShape::seq).label);
    m_batchLabel->setText(microBatchLabel());
    m_weightsLabel->setText(tr("Weights"));
    m_activationsLabel->setText(tr("Saved activations"));
    m_optimizerLabel->setText(tr("Optimizer"));
    m_fused->setText(tr("Fused attention (keeps no T×T probabilities)"));
    m_budgetLabel->setText(tr("&Budget"));
    m_budgetGb->setSuffix(tr(" GB"));
    // Spin boxes keep the locale they were made with: follow the language now chosen.
    for (QAbstractSpinBox* box : findChildren<QAbstractSpinBox*>())
        box->setLocale(QLocale());
    m_copy->setText(tr("Copy code"));
    if (!m_viewNote->property("from").isNull())
        retranslateViewNote();
    m_cluster->retranslate();
    render();
}

void PlannerPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

bool PlannerPage::setModel(const QString& name)
{
    for (int i = 0; i < m_model->count(); ++i) {
        const int preset = m_model->itemData(i).toInt();
        const bool custom
            = (preset == kCustomIndex && name == QLatin1String(rlab::planner::kCustomModel.data()))
            || (preset == kCustomLlamaIndex && name == QLatin1String(kCustomLlamaName));
        if (custom
            || (preset >= 0
                && name
                    == QLatin1String(
                        rlab::planner::modelPresets()[static_cast<std::size_t>(preset)].name.data()))) {
            m_model->setCurrentIndex(i);
            modelChosen();
            return true;
        }
    }
    return false;
}

void PlannerPage::setBudgetBytes(std::uint64_t bytes)
{
    int other = -1;
    for (int i = 0; i < m_budget->count(); ++i) {
        const std::uint64_t preset = m_budget->itemData(i).toULongLong();
        if (preset == bytes) {
            m_budget->setCurrentIndex(i);
            return;
        }
        if (preset == 0)
            other = i;
    }
    m_budget->setCurrentIndex(other);
    m_budgetGb->setValue(static_cast<double>(bytes) / kBytesPerGb);
}

void PlannerPage::setSeqAndBatch(int seq, int batch)
{
    m_seq->setValue(seq);
    m_batch->setValue(batch);
}

void PlannerPage::modelChosen()
{
    const int preset = m_model->currentData().toInt();
    const bool custom = preset < 0;
    for (QSpinBox* box : {m_layers, m_width, m_heads, m_vocab})
        box->setEnabled(custom);
    // Read-only for presets and for GPT-2's block (all heads are key/value heads, the MLP is 4d);
    // a custom llama's to edit, checked as they are typed (the heads, then tp, must divide them).
    for (QWidget* field : std::initializer_list<QWidget*> {m_kvHeads, m_ffn, m_qkvBias})
        field->setEnabled(preset == kCustomLlamaIndex);
    if (preset == kCustomLlamaIndex && m_model->property("llamaSizes").isNull()) {
        // A custom llama starts from Llama 3 8B's block ratios at the form's width: G = H/4, F = 3.5d.
        const QSignalBlocker a(m_kvHeads), b(m_ffn);
        m_kvHeads->setValue(std::max(1, m_heads->value() / 4));
        m_ffn->setValue(std::max(1, m_width->value() * 7 / 2));
        m_model->setProperty("llamaSizes", true);
    }
    if (!custom) {
        const rlab::planner::ModelPreset& p = rlab::planner::modelPresets()[static_cast<std::size_t>(preset)];
        const QSignalBlocker a(m_layers), b(m_width), c(m_heads), d(m_vocab), e(m_kvHeads), f(m_ffn),
            g(m_qkvBias);
        m_qkvBias->setChecked(p.qkvBias);
        m_layers->setValue(p.layers);
        m_width->setValue(p.width);
        m_heads->setValue(p.heads);
        m_vocab->setValue(p.vocab);
        if (p.arch == rlab::Arch::Llama) {
            m_kvHeads->setValue(p.kvHeads);
            m_ffn->setValue(p.ffn);
        }
        m_seq->setMaximum(p.context);
        if (m_seq->value() < 2)
            m_seq->setValue(p.context);
    } else {
        m_seq->setMaximum(rlab::shapeField("seq")->most);
    }
    showBlockSizes();
    scheduleReplan();
}

void PlannerPage::showBlockSizes()
{
    const int preset = m_model->currentData().toInt();
    const bool gpt2 = preset == kCustomIndex
        || (preset >= 0
            && rlab::planner::modelPresets()[static_cast<std::size_t>(preset)].arch == rlab::Arch::Gpt2);
    if (!gpt2)
        return;
    const QSignalBlocker a(m_kvHeads), b(m_ffn), c(m_qkvBias);
    m_qkvBias->setChecked(false); // GPT-2's qkv has its bias, always
    m_kvHeads->setValue(m_heads->value());
    m_ffn->setValue(std::min(rlab::kMostFfn, 4 * m_width->value()));
}

rlab::planner::Scenario PlannerPage::scenario() const
{
    rlab::planner::Scenario s;
    const int preset = m_model->currentData().toInt();
    s.model = preset < 0 ? std::string(rlab::planner::kCustomModel)
                         : std::string(rlab::planner::modelPresets()[static_cast<std::size_t>(preset)].name);
    if (preset < 0) {
        s.arch = preset == kCustomLlamaIndex ? rlab::Arch::Llama : rlab::Arch::Gpt2;
        s.layers = m_layers->value();
        s.width = m_width->value();
        s.heads = m_heads->value();
        s.vocab = m_vocab->value();
        if (preset == kCustomLlamaIndex) {
            s.kvHeads = m_kvHeads->value();
            s.ffn = m_ffn->value();
            s.qkvBias = m_qkvBias->isChecked();
        }
    }
    s.seq = m_seq->value();
    s.batch = m_batch->value();
    s.bf16Weights = m_weights->currentData().toInt() != 0;
    s.bf16Activations = m_activations->currentData().toInt() != 0;
    s.optimizer = m_optimizer->currentData().toInt() ? rlab::Optimizer::AdamW : rlab::Optimizer::Sgd;
    s.fusedAttention = m_fused->isChecked();
    s.budgetBytes = budgetBytes();
    s.parallel = m_cluster->parallelism();
    s.gpusPerNode = m_cluster->gpusPerNode();
    return s;
}

rlab::planner::Request PlannerPage::request() const
{
    return rlab::planner::scenarioRequest(scenario());
}

std::uint64_t PlannerPage::budgetBytes() const
{
    const std::uint64_t preset = m_budget->currentData().toULongLong();
    return preset > 0 ? preset : static_cast<std::uint64_t>(m_budgetGb->value() * kBytesPerGb);
}

const std::optional<rlab::planner::Report>& PlannerPage::report() const
{
    return m_form->report();
}

void PlannerPage::scheduleReplan()
{
    m_form->setScenario(scenario());
}

void PlannerPage::replan()
{
    m_form->setScenario(scenario());
    m_form->replan();
}

void PlannerPage::showPlan()
{
    m_chosenRow = -1;
    render();
    m_cluster->setRequest(request());
}

void PlannerPage::showView(const rlab::planner::Scenario& view, const QString& from)
{
    const bool custom = view.isCustom();
    setModel(custom ? QLatin1String(
                 view.arch == rlab::Arch::Llama ? kCustomLlamaName : rlab::planner::kCustomModel.data())
                    : QString::fromStdString(view.model));
    {
        const QSignalBlocker a(m_layers), b(m_width), c(m_heads), d(m_vocab), e(m_kvHeads), f(m_ffn),
            g(m_qkvBias);
        if (custom)
            m_qkvBias->setChecked(view.qkvBias);
        for (const auto& [value, box] : {std::pair {view.layers, m_layers}, std::pair {view.width, m_width},
                 std::pair {view.heads, m_heads}, std::pair {view.vocab, m_vocab},
                 std::pair {view.kvHeads, m_kvHeads}, std::pair {view.ffn, m_ffn}})
            if (custom && value > 0)
                box->setValue(value);
        showBlockSizes();
    }
    setSeqAndBatch(view.seq, view.batch);
    m_weights->setCurrentIndex(view.bf16Weights ? 1 : 0);
    m_activations->setCurrentIndex(view.bf16Activations ? 1 : 0);
    m_optimizer->setCurrentIndex(m_optimizer->findData(view.optimizer == rlab::Optimizer::AdamW ? 1 : 0));
    m_fused->setChecked(view.fusedAttention);
    setBudgetBytes(view.budgetBytes);
    replan();
    m_cluster->setCluster(view.parallel, view.gpusPerNode, view.nodes(), QString::fromStdString(view.policy));
    m_viewNote->setProperty("from", from);
    m_viewNote->setVisible(true);
    retranslateViewNote();
}

QString PlannerPage::viewNote() const
{
    return m_viewNote->property("from").isNull() ? QString() : m_viewNote->text();
}

void PlannerPage::clearView()
{
    m_viewNote->hide();
    m_viewNote->setProperty("from", QVariant());
}

void PlannerPage::retranslateViewNote()
{
    const QString from = m_viewNote->property("from").toString();
    m_viewNote->setText(
        tr("Prepared for %1: predicted, not measured. The engine trains on one device, so what this "
           "question asks about many GPUs is shown here from the planner's formulas, which its tests check "
           "against the papers. Change any field to explore; Back returns to the question.")
            .arg(from));
}

void PlannerPage::showCluster()
{
    if (QWidget* body = m_scroll->widget())
        if (body->layout())
            body->layout()->activate();
    QWidget* top = m_viewNote->property("from").isNull() ? static_cast<QWidget*>(m_cluster) : m_viewNote;
    m_scroll->verticalScrollBar()->setValue(top->mapTo(m_scroll->widget(), QPoint(0, 0)).y());
}

QString PlannerPage::rowTitle(const PolicyRow& row) const
{
    QString name = QString::fromStdString(row.label);
    if (row.label == "segment:best")
        name = tr("segment:best (%n block(s))", nullptr, row.prediction.segmentBlocks);
    return row.policy.offload ? tr("%1 + offload").arg(name) : name;
}

QString PlannerPage::summaryText() const
{
    return m_summary->text();
}

void PlannerPage::render()
{
    if (!m_summary)
        return;
    if (!m_form->report()) {
        m_summary->setText(m_form->problem().isEmpty()
                ? QString()
                : tr("<b>Cannot plan this:</b> %1").arg(m_form->problem().toHtmlEscaped()));
        m_table->clear();
        m_table->setRowCount(0);
        m_code->clear();
        return;
    }
    const rlab::planner::Report& r = *m_form->report();
    QString text = tr("Predicted for %1: %2 million parameters.")
                       .arg(QString::fromStdString(r.request.model))
                       .arg(QLocale().toString(static_cast<double>(r.parameters) / 1e6, 'f', 1));
    if (const PolicyRow* cheapest = r.cheapestRow())
        text += QLatin1Char(' ')
            + tr("<b>Cheapest policy that fits: %1</b>, peak %2 GiB of %3 GiB, recomputing %4% of the step.")
                  .arg(rowTitle(*cheapest), gibText(cheapest->prediction.memory.peakTotal),
                      gibText(r.request.budgetBytes),
                      shareText(rlab::planner::recomputeShare(cheapest->prediction)));
    else
        text += QLatin1Char(' ')
            + tr("<b>No policy fits this budget</b>: try a smaller micro-batch or sequence.");
    if (rlab::planner::predictedOnly(r.request.config))
        text += QStringLiteral("<br>")
            + tr("Predicted only: the engine cannot train bf16 weights, so no measurement backs these "
                 "figures.");
    m_summary->setText(text);
    renderTable();
    renderCharts();
    renderCode();
}

void PlannerPage::renderTable()
{
    const rlab::planner::Report& r = *m_form->report();
    // Two-line headers keep the thirteen columns within the window.
    using C = rlab::MemoryCategory;
    const auto categoryTitle = [](C category) { // short: the table is wide
        switch (category) {
        case C::Parameters:
            return tr("Parameters");
        case C::Gradients:
            return tr("Gradients");
        case C::OptimizerState:
            return tr("Optimizer");
        case C::SavedActivations:
            return tr("Saved");
        case C::RecomputeWorkspace:
            return tr("Recompute");
        case C::Temporaries:
            return tr("Temporaries");
        case C::HostOffloaded:
        case C::Count:
            break;
        }
        return tr("Host");
    };
    QStringList headers {tr("Policy"), tr("Fits"), tr("Predicted\npeak, GiB")};
    for (const C category : rlab::kMemoryCategories)
        headers << categoryTitle(category);
    headers << tr("Recompute\nFLOPs") << tr("Max\nmicro-batch") << tr("Max\nsequence");
    m_table->clear();
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(static_cast<int>(r.rows.size()));
    for (int i = 0; i < static_cast<int>(r.rows.size()); ++i) {
        const PolicyRow& row = r.rows[static_cast<std::size_t>(i)];
        const rlab::Prediction& p = row.prediction;
        QStringList cells {rowTitle(row), row.fits ? tr("yes") : tr("no")};
        if (row.planned) {
            cells << gibText(p.memory.peakTotal);
            for (const C category : rlab::kMemoryCategories)
                cells << gibText(rlab::planner::peakOf(p, category));
            cells << tr("%1%").arg(shareText(rlab::planner::recomputeShare(p)));
        } else {
            cells << tr("no plan");
            for (std::size_t k = 0; k < rlab::kMemoryCategoryCount + 1; ++k) // the categories and FLOPs
                cells << QString();
        }
        cells << QLocale().toString(row.largestBatch) << QLocale().toString(row.largestSeq);
        for (int column = 0; column < static_cast<int>(cells.size()); ++column) {
            auto* item = new QTableWidgetItem(cells[column]);
            if (column > 1)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (column == 2 && !row.planned)
                item->setToolTip(QString::fromStdString(row.note));
            if (i == r.cheapest) {
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
                item->setBackground(QColor(0xd8, 0xf0, 0xdc));
                item->setForeground(QColor(Qt::black));
            } else if (!row.fits) {
                item->setForeground(QColor(0x80, 0x80, 0x80));
            }
            m_table->setItem(i, column, item);
        }
    }
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeaderItem(2)->setToolTip(tr("All memory figures in GiB, predicted."));
}

void PlannerPage::renderCharts()
{
    const rlab::planner::Report& r = *m_form->report();
    const rlab::ModelShape& shape = r.request.config.shape;
    struct Axis {
        QChartView* view;
        QString title, axis;
        int rlab::ModelShape::*size;
        std::vector<int> values;
    };
    const int seqFrom = std::min(64, shape.seq);
    const std::array<Axis, 2> axes {{
        {m_byBatch, tr("Predicted peak, GiB, by micro-batch (T = %1)").arg(shape.seq), tr("Micro-batch"),
            &rlab::ModelShape::batch, chartSizes(1, std::max(64, 2 * shape.batch), shape.batch)},
        {m_bySeq, tr("Predicted peak, GiB, by sequence (B = %1)").arg(shape.batch), tr("Sequence"),
            &rlab::ModelShape::seq,
            chartSizes(seqFrom, std::min(rlab::planner::longestSeq(r.request), std::max(1024, 2 * shape.seq)),
                shape.seq)},
    }};
    for (const Axis& axis : axes) {
        QChart* chart = resetDemoChart(axis.view, axis.title);
        auto* x = new QLogValueAxis; // the sizes double from point to point
        x->setBase(2);
        x->setTitleText(axis.axis);
        x->setRange(axis.values.front(), axis.values.back());
        x->setLabelFormat(QStringLiteral("%.0f")); // localized labels need a precision
        auto* y = new QValueAxis;
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        double highest = gibOf(r.request.budgetBytes);
        // The device-only policies (the budget planner's line is, at each size, at most the budget).
        for (int i = 0; i < 5; ++i) {
            const PolicyRow& row = r.rows[static_cast<std::size_t>(i)];
            auto* series = new QLineSeries;
            series->setName(QString::fromStdString(row.label));
            QPen pen(seriesColor(i));
            pen.setWidth(2);
            if (row.label == "segment:best") // often on top of full's line: dashed, both show
                pen.setStyle(Qt::DashDotLine);
            series->setPen(pen);
            const auto peaks = rlab::planner::peakCurve(r.request, row.policy, axis.size, axis.values);
            for (std::size_t k = 0; k < peaks.size(); ++k)
                if (peaks[k]) {
                    series->append(axis.values[k], gibOf(*peaks[k]));
                    highest = std::max(highest, gibOf(*peaks[k]));
                }
            chart->addSeries(series);
            series->attachAxis(x);
            series->attachAxis(y);
        }
        auto* budget = new QLineSeries;
        budget->setName(tr("your budget"));
        QPen pen(QColor(0xC0, 0x20, 0x20));
        pen.setStyle(Qt::DashLine);
        pen.setWidth(2);
        budget->setPen(pen);
        budget->append(axis.values.front(), gibOf(r.request.budgetBytes));
        budget->append(axis.values.back(), gibOf(r.request.budgetBytes));
        chart->addSeries(budget);
        budget->attachAxis(x);
        budget->attachAxis(y);
        fitFromZero(y, std::min(highest, 4 * gibOf(r.request.budgetBytes)));
    }
}

void PlannerPage::renderCode()
{
    m_code->clear();
    if (!m_form->report())
        return;
    const rlab::planner::Report& r = *m_form->report();
    const int chosen = m_chosenRow >= 0 ? m_chosenRow : r.cheapest;
    if (chosen < 0 || !r.rows[static_cast<std::size_t>(chosen)].planned) {
        m_codeTitle->setText(tr("Code: pick a policy in the table to see the code that does it."));
        return;
    }
    const PolicyRow& row = r.rows[static_cast<std::size_t>(chosen)];
    m_codeTitle->setText(
        tr("Code for %1. Each snippet says the version it needs in its first line.").arg(rowTitle(row)));
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (const rlab::planner::Snippet& snippet :
        rlab::planner::snippets(row, r.request.config.shape.layers)) {
        QString title;
        switch (snippet.kind) {
        case rlab::planner::SnippetKind::PyTorchPerBlock:
            title = tr("PyTorch, per block");
            break;
        case rlab::planner::SnippetKind::PyTorchSequential:
            title = tr("PyTorch, checkpoint_sequential");
            break;
        case rlab::planner::SnippetKind::PyTorchSelective:
            title = tr("PyTorch, selective");
            break;
        case rlab::planner::SnippetKind::Megatron:
            title = tr("Megatron-LM");
            break;
        case rlab::planner::SnippetKind::Jax:
            title = tr("JAX");
            break;
        }
        auto* text = new QPlainTextEdit(QString::fromStdString(snippet.code));
        text->setReadOnly(true);
        text->setFont(mono);
        text->setLineWrapMode(QPlainTextEdit::NoWrap);
        text->setToolTip(tr("Needs %1.").arg(QString::fromStdString(snippet.needs)));
        m_code->addTab(text, title);
    }
}
