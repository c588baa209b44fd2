#include "sizesliders.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QSlider>

#include "common/sizewords.h"
#include "demo/view/demosizesform.h"

using rlab::app::sizeWords;

namespace {

QSlider* sizeSlider(const char* name)
{
    auto* slider = new QSlider(Qt::Horizontal);
    slider->setObjectName(QLatin1String(name));
    slider->setTracking(true);
    slider->setFocusPolicy(Qt::StrongFocus); // the wheel moves it only once clicked into
    return slider;
}

} // namespace

SizeSliders::SizeSliders(QWidget* parent)
    : QWidget(parent)
    , m_layersLabel(new QLabel(this))
    , m_layers(sizeSlider("layersSlider"))
    , m_seqLabel(new QLabel(this))
    , m_seq(sizeSlider("seqSlider"))
{
    setObjectName(QStringLiteral("sizeSliders"));
    m_layersLabel->setBuddy(m_layers);
    m_seqLabel->setBuddy(m_seq);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_layersLabel);
    layout->addWidget(m_layers, 1);
    layout->addSpacing(12);
    layout->addWidget(m_seqLabel);
    layout->addWidget(m_seq, 1);
    for (const auto& [slider, size] :
        {std::pair {m_layers, QStringLiteral("layers")}, std::pair {m_seq, QStringLiteral("seq")}}) {
        connect(slider, &QSlider::valueChanged, this, [this, slider = slider, size = size](int value) {
            showValues();
            if (slider->isSliderDown())
                emit dragged(size, value);
        });
        connect(slider, &QSlider::sliderReleased, this,
            [this, slider = slider, size = size] { emit released(size, slider->value()); });
        // A key (arrows, Page Up) or a click on the groove moves it without a drag: run at once too.
        connect(slider, &QSlider::actionTriggered, this, [this, slider = slider, size = size](int action) {
            if (action != QAbstractSlider::SliderMove && !slider->isSliderDown())
                QMetaObject::invokeMethod(
                    this, [this, slider, size] { emit released(size, slider->value()); },
                    Qt::QueuedConnection);
        });
    }
    retranslate();
}

void SizeSliders::follow(const DemoSizesForm& form)
{
    const rlab::ModelShape shape = form.choice().shape;
    for (const auto& [slider, size, key] : {std::tuple {m_layers, &rlab::ModelShape::layers, "layers"},
             std::tuple {m_seq, &rlab::ModelShape::seq, "seq"}}) {
        const QSignalBlocker quiet(slider);
        slider->setRange(1, std::max(1, form.sizeLimit(size)));
        slider->setValue(shape.*size);
        slider->setVisible(!form.isSwept(key));
    }
    m_layersLabel->setVisible(m_layers->isVisibleTo(this));
    m_seqLabel->setVisible(m_seq->isVisibleTo(this));
    showValues();
}

void SizeSliders::retranslate()
{
    m_layers->setAccessibleName(sizeWords(&rlab::ModelShape::layers).accessibleName);
    m_seq->setAccessibleName(sizeWords(&rlab::ModelShape::seq).accessibleName);
    showValues();
}

void SizeSliders::showValues()
{
    // No mnemonic: the explore page's size fields have the same letters.
    m_layersLabel->setText(tr("%1: %2").arg(
        sizeWords(&rlab::ModelShape::layers).accessibleName, QLocale().toString(m_layers->value())));
    m_seqLabel->setText(tr("%1: %2").arg(
        sizeWords(&rlab::ModelShape::seq).accessibleName, QLocale().toString(m_seq->value())));
}
