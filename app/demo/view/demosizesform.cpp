#include "demosizesform.h"

#include <algorithm>
#include <array>

#include <QCheckBox>
#include <QEvent>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "common/sizewords.h"
#include "demo/model/demotexts.h"
#include "rlab/content/content.h"
#include "view/tones.h"

using rlab::app::SizeWords;
using rlab::app::sizeWords;
using rlab::demo::DemoChoice;
using rlab::demo::DemoRunner;
using rlab::demo::opKindDescription;

namespace {

// The boxes take a number above the preset's limit, so the panel can say why Run is off instead of
// the box silently refusing or changing what the learner typed.
constexpr int kMostTyped = 999999;
// The sizes in sizeFields()'s order.
constexpr std::array<int rlab::ModelShape::*, 5> kSizeMembers = {&rlab::ModelShape::layers,
    &rlab::ModelShape::width, &rlab::ModelShape::heads, &rlab::ModelShape::seq, &rlab::ModelShape::batch};

QSpinBox* sizeSpin(const QString& name)
{
    auto* spin = new QSpinBox;
    spin->setObjectName(name);
    spin->setMinimum(1);
    spin->setKeyboardTracking(false); // validate the finished number, not every keystroke
    return spin;
}

} // namespace

DemoSizesForm::DemoSizesForm(QWidget* parent)
    : QWidget(parent)
{
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
    m_resetSizes->setObjectName(QStringLiteral("resetSizes"));
    new QGridLayout(m_sizesBox); // filled by placeSizes, as many a row as the width allows
    for (const auto& [label, spin] : sizeFields()) {
        label->setBuddy(spin);
        connect(spin, &QSpinBox::valueChanged, this, &DemoSizesForm::emitChoice);
    }
    placeSizes(3);
    connect(m_resetSizes, &QPushButton::clicked, this, [this] {
        loadChoice();
        emitChoice();
    });

    m_keepBox = new QGroupBox;
    auto* keepLayout = new QGridLayout(m_keepBox);
    const std::vector<rlab::OpKind> kinds = rlab::allOpKinds();
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        auto* box = new QCheckBox(QString::fromStdString(std::string(rlab::opKindName(kinds[i]))));
        box->setObjectName(QStringLiteral("keep_") + box->text());
        box->setProperty("opKind", int(kinds[i]));
        keepLayout->addWidget(box, int(i) / 3, int(i) % 3);
        connect(box, &QCheckBox::toggled, this, &DemoSizesForm::emitChoice);
        m_keep.push_back(box);
    }
    m_keepBox->setVisible(false);

    m_problem = new QLabel;
    m_problem->setObjectName(QStringLiteral("demoProblem"));
    m_problem->setWordWrap(true);
    setToneStyleSheet(m_problem, [] { return QStringLiteral("color: %1;").arg(toneName(Tone::Wrong)); });
    m_problem->setVisible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_sizesBox);
    layout->addWidget(m_keepBox);
    layout->addWidget(m_problem);
    retranslate();
}

void DemoSizesForm::retranslate()
{
    m_sizesBox->setTitle(tr("Model sizes"));
    const QList<QPair<QLabel*, QSpinBox*>> fields = sizeFields();
    for (qsizetype i = 0; i < fields.size(); ++i) {
        const SizeWords words = sizeWords(kSizeMembers[std::size_t(i)]);
        fields[i].first->setText(words.label);
        fields[i].second->setAccessibleName(words.accessibleName);
    }
    showSweptTips();
    m_resetSizes->setText(tr("Reset sizes"));
    m_resetSizes->setToolTip(tr("Go back to the sizes this demo suggests."));
    m_keepBox->setTitle(tr("Activations selective recomputation keeps"));
    for (QCheckBox* box : m_keep)
        box->setToolTip(opKindDescription(rlab::OpKind(box->property("opKind").toInt())));
    m_keepBox->setToolTip(
        tr("Ticked kinds are stored in the forward pass; the rest are recomputed in the backward pass."));
    if (m_available >= 0)
        fitWidth(m_available); // the labels' widths changed
}

void DemoSizesForm::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

QList<QPair<QLabel*, QSpinBox*>> DemoSizesForm::sizeFields() const
{
    return {{m_layersLabel, m_layers}, {m_widthLabel, m_width}, {m_headsLabel, m_heads}, {m_seqLabel, m_seq},
        {m_batchLabel, m_batch}};
}

void DemoSizesForm::fitWidth(int available)
{
    m_available = available;
    for (const int perRow : {3, 2, 1}) {
        placeSizes(perRow);
        if (m_sizesBox->minimumSizeHint().width() <= available)
            break;
    }
}

void DemoSizesForm::placeSizes(int perRow)
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

void DemoSizesForm::setPreset(const rlab::content::DemoPreset& preset)
{
    m_default = DemoRunner::defaultChoice(preset);
    m_userKeepChoice = preset.userKeepChoice;
    m_limits = preset.maxShape;
    m_swept = preset.sweep ? preset.sweep->parameter : std::string();
    const rlab::content::DemoShape& max = preset.maxShape;
    const QList<QPair<QSpinBox*, int>> limits = {{m_layers, max.layers}, {m_width, max.width},
        {m_heads, max.heads}, {m_seq, max.seq}, {m_batch, max.batch}};
    for (const auto& [spin, limit] : limits)
        spin->setProperty("limit", limit);
    m_keepBox->setVisible(preset.userKeepChoice);
    // The kinds by the names of the preset's model: llama's norms are RMSNorms, its MLP a SwiGLU.
    for (QCheckBox* box : m_keep)
        box->setText(QString::fromStdString(std::string(rlab::opKindName(
            static_cast<rlab::OpKind>(box->property("opKind").toInt()), preset.shape.arch))));
    // The swept size is set by the sweep, value by value, so its box would only mislead.
    const std::string swept = preset.sweep ? preset.sweep->parameter : std::string();
    const QList<QPair<QSpinBox*, std::string>> named
        = {{m_layers, "layers"}, {m_width, "width"}, {m_seq, "seq"}, {m_batch, "batch"}};
    for (const auto& [spin, name] : named) {
        spin->setProperty("swept", name == swept);
        spin->setEnabled(name != swept);
    }
    loadChoice();
    showSweptTips();
}

bool DemoSizesForm::holdsSizesOf(const rlab::content::DemoPreset& preset) const
{
    const DemoChoice choice = DemoRunner::defaultChoice(preset);
    for (const rlab::ShapeField& field : rlab::shapeFields()) {
        if (choice.shape.*field.member != m_default.shape.*field.member
            || preset.maxShape.*field.member != m_limits.*field.member)
            return false;
    }
    return choice.keep == m_default.keep && preset.userKeepChoice == m_userKeepChoice
        && (preset.sweep ? preset.sweep->parameter : std::string()) == m_swept;
}

void DemoSizesForm::loadChoice()
{
    const rlab::ModelShape& shape = m_default.shape;
    const QList<QPair<QSpinBox*, int>> spins = {{m_layers, shape.layers}, {m_width, shape.width},
        {m_heads, shape.heads}, {m_seq, shape.seq}, {m_batch, shape.batch}};
    for (const auto& [spin, value] : spins) {
        const QSignalBlocker blocker(spin);
        spin->setMaximum(std::max(value, kMostTyped));
        spin->setValue(value);
    }
    for (QCheckBox* box : m_keep) {
        const QSignalBlocker blocker(box);
        const auto kind = rlab::OpKind(box->property("opKind").toInt());
        box->setChecked(
            std::find(m_default.keep.begin(), m_default.keep.end(), kind) != m_default.keep.end());
    }
    if (m_available >= 0)
        fitWidth(m_available); // the boxes' widths follow their largest values
}

void DemoSizesForm::showSweptTips()
{
    for (QSpinBox* spin : {m_layers, m_width, m_seq, m_batch}) {
        spin->setToolTip(spin->property("swept").toBool()
                ? tr("This demo sweeps this size; the charts show every value.")
                : QString());
    }
}

DemoChoice DemoSizesForm::choice() const
{
    DemoChoice choice = m_default;
    choice.shape.layers = m_layers->value();
    choice.shape.width = m_width->value();
    choice.shape.heads = m_heads->value();
    choice.shape.seq = m_seq->value();
    choice.shape.batch = m_batch->value();
    if (m_userKeepChoice) {
        choice.keep.clear();
        for (QCheckBox* box : m_keep) {
            if (box->isChecked())
                choice.keep.push_back(rlab::OpKind(box->property("opKind").toInt()));
        }
    }
    return choice;
}

void DemoSizesForm::showProblem(const QString& problem)
{
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
}

bool DemoSizesForm::hasProblem() const
{
    return !m_problem->text().isEmpty();
}

void DemoSizesForm::setSize(int rlab::ModelShape::*size, int value)
{
    const QList<QPair<int rlab::ModelShape::*, QSpinBox*>> spins = {{&rlab::ModelShape::layers, m_layers},
        {&rlab::ModelShape::width, m_width}, {&rlab::ModelShape::heads, m_heads},
        {&rlab::ModelShape::seq, m_seq}, {&rlab::ModelShape::batch, m_batch}};
    for (const auto& [member, spin] : spins)
        if (member == size)
            spin->setValue(value); // emits the choice, which the panel checks
}

void DemoSizesForm::emitChoice()
{
    emit choiceChanged(choice());
}
