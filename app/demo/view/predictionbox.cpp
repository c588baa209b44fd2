#include "predictionbox.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSlider>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

#include "view/tones.h"

using rlab::demo::DemoResult;
using rlab::demo::LearnerPrediction;
using rlab::demo::measurePrediction;
using rlab::demo::percentText;
using rlab::demo::predictionComparisonHtml;
using rlab::demo::predictionQuestion;

namespace {
constexpr int MostPercent = 150; // a ratio above that is not what any preset asks about
}

PredictionBox::PredictionBox(QWidget* parent)
    : QWidget(parent)
    , m_question(new QLabel(this))
    , m_runs(new QComboBox(this))
    , m_percent(new QSlider(Qt::Horizontal, this))
    , m_percentText(new QLabel(this))
    , m_comparison(new QLabel(this))
{
    setObjectName(QStringLiteral("prediction"));
    m_question->setObjectName(QStringLiteral("predictionQuestion"));
    m_question->setWordWrap(true);
    m_question->setTextFormat(Qt::PlainText);
    m_runs->setObjectName(QStringLiteral("predictedRun"));
    m_percent->setObjectName(QStringLiteral("predictedPercent"));
    m_percent->setRange(0, MostPercent);
    m_percent->setSingleStep(5);
    m_percent->setPageStep(10);
    m_percentText->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("150 %  ")));
    m_comparison->setObjectName(QStringLiteral("predictionComparison"));
    m_comparison->setWordWrap(true);
    m_comparison->setTextFormat(Qt::RichText);
    connect(m_runs, &QComboBox::activated, this, [this] { remember(); });
    connect(m_percent, &QSlider::valueChanged, this, [this] {
        m_percentText->setText(percentText(m_percent->value()));
        if (m_prediction && m_prediction->kind == rlab::content::DemoPrediction::Kind::Ratio)
            remember();
    });

    auto* answer = new QHBoxLayout;
    answer->setContentsMargins(0, 0, 0, 0);
    answer->addWidget(m_runs);
    answer->addWidget(m_percent, 3);
    answer->addWidget(m_percentText);
    answer->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_question);
    layout->addLayout(answer);
    layout->addWidget(m_comparison);
    hide();
}

PredictionBox::~PredictionBox() = default;

void PredictionBox::setPreset(const rlab::content::DemoPreset& preset)
{
    const QString id = QString::fromStdString(preset.id);
    if (id == m_presetId && m_prediction) {
        retranslate(); // the same preset again: a language switch
        return;
    }
    m_presetId = id;
    m_results.clear();
    m_prediction
        = preset.predict ? std::make_unique<rlab::content::DemoPrediction>(*preset.predict) : nullptr;
    setVisible(m_prediction != nullptr);
    if (!m_prediction)
        return;
    const bool ratio = m_prediction->kind == rlab::content::DemoPrediction::Kind::Ratio;
    m_runs->setVisible(!ratio);
    m_percent->setVisible(ratio);
    m_percentText->setVisible(ratio);
    m_runs->clear();
    for (const auto& run : preset.runs)
        m_runs->addItem(QString::fromStdString(run.label));
    showChoice();
    retranslate();
}

LearnerPrediction PredictionBox::prediction() const
{
    return m_kept.value(m_presetId).prediction;
}

void PredictionBox::setPrediction(const LearnerPrediction& prediction)
{
    if (!m_prediction || isLocked())
        return;
    const bool ratio = m_prediction->kind == rlab::content::DemoPrediction::Kind::Ratio;
    const bool fits = ratio
        ? prediction.percent && *prediction.percent >= 0 && *prediction.percent <= MostPercent
        : m_runs->findText(prediction.run) >= 0;
    if (!fits)
        return; // not a choice this question offers
    m_kept[m_presetId].prediction = prediction;
    showChoice();
}

bool PredictionBox::isLocked() const
{
    return m_kept.value(m_presetId).locked;
}

bool PredictionBox::isPending() const
{
    return m_prediction && !isLocked() && !prediction().isMade();
}

void PredictionBox::focusChoice()
{
    if (!m_prediction)
        return;
    QWidget* choice = m_prediction->kind == rlab::content::DemoPrediction::Kind::Ratio
        ? static_cast<QWidget*>(m_percent)
        : static_cast<QWidget*>(m_runs);
    choice->setFocus(Qt::ShortcutFocusReason);
}

void PredictionBox::lock()
{
    if (!m_prediction)
        return;
    m_kept[m_presetId].locked = true;
    showChoice();
}

void PredictionBox::showMeasured(const QList<DemoResult>& results)
{
    m_results = results;
    retranslate();
}

QString PredictionBox::comparisonText() const
{
    return QTextDocumentFragment::fromHtml(m_comparison->text()).toPlainText();
}

void PredictionBox::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void PredictionBox::retranslate()
{
    if (!m_prediction)
        return;
    m_question->setText(predictionQuestion(*m_prediction));
    m_runs->setAccessibleName(m_question->text());
    m_percent->setAccessibleName(m_question->text());
    m_runs->setPlaceholderText(tr("Choose a run"));
    const QString comparison
        = predictionComparisonHtml(*m_prediction, prediction(), measurePrediction(*m_prediction, m_results),
            {toneName(Tone::Right), toneName(Tone::Wrong), toneName(Tone::Uncertain)});
    m_comparison->setText(comparison);
    m_comparison->setVisible(!comparison.isEmpty());
}

void PredictionBox::remember()
{
    if (!m_prediction || isLocked())
        return;
    LearnerPrediction& kept = m_kept[m_presetId].prediction;
    if (m_prediction->kind == rlab::content::DemoPrediction::Kind::Ratio)
        kept.percent = m_percent->value();
    else if (m_runs->currentIndex() >= 0)
        kept.run = m_runs->currentText();
}

void PredictionBox::showChoice()
{
    const Kept kept = m_kept.value(m_presetId);
    const QSignalBlocker blockSlider(m_percent);
    m_runs->setCurrentIndex(m_runs->findText(kept.prediction.run));
    m_percent->setValue(kept.prediction.percent.value_or(MostPercent / 2));
    m_percentText->setText(
        kept.prediction.percent ? percentText(*kept.prediction.percent) : QStringLiteral("?"));
    m_runs->setEnabled(!kept.locked);
    m_percent->setEnabled(!kept.locked);
}
