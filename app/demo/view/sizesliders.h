#pragma once
// The lesson's sizes to drag: the number of layers and the sequence length, each a slider within
// the preset's limits. While one moves, the panel shows the engine's predicted memory at once;
// when it is let go, the demo runs at the new size and measures. A size the preset sweeps is the
// sweep's, so its slider is hidden.

#include <QWidget>

#include "rlab/words.h"

namespace rlab::content {
struct DemoPreset;
}
class DemoSizesForm;
class QLabel;
class QSlider;

class SizeSliders : public QWidget {
    Q_OBJECT

public:
    explicit SizeSliders(QWidget* parent = nullptr);

    // The sizes now chosen in `form` (its values and limits); follows it when it changes.
    void follow(const DemoSizesForm& form);
    QSlider* layers() const { return m_layers; }
    QSlider* seq() const { return m_seq; }
    void retranslate();

signals:
    // `size` is the shape field's key ("layers", "seq"): moc takes no member pointers.
    void dragged(const QString& size, int value); // moving: predict at this size
    void released(const QString& size, int value); // let go: run at it

private:
    void showValues();

    QLabel* m_layersLabel;
    QSlider* m_layers;
    QLabel* m_seqLabel;
    QSlider* m_seq;
};
