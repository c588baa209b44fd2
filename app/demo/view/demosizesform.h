#pragma once
// The learner's choice for a demo: the model sizes within the preset's limits and, where the preset
// allows it, the activations selective recomputation keeps. It emits the choice; the demo panel
// checks it and says what is wrong here.

#include <string>

#include <QList>
#include <QWidget>

#include "demo/model/demorunner.h"

namespace rlab::content {
struct DemoPreset;
}

class QCheckBox;
class QGroupBox;
class QLabel;
class QPushButton;
class QSpinBox;

class DemoSizesForm : public QWidget {
    Q_OBJECT

public:
    explicit DemoSizesForm(QWidget* parent = nullptr);

    // The preset's own sizes, limits and keep list; the swept size is the sweep's to set.
    void setPreset(const rlab::content::DemoPreset& preset);
    // Whether `preset` has the sizes, limits, sweep and keep list this form was set from: an edited
    // preset (a content reload) with other sizes needs setPreset again, a language switch does not.
    bool holdsSizesOf(const rlab::content::DemoPreset& preset) const;
    rlab::demo::DemoChoice choice() const;
    // Sets one size as if typed (the lesson's sliders); the form says whether it is allowed.
    void setSize(int rlab::ModelShape::*size, int value);
    // The preset's limit of a size (its max_shape) and whether a sweep sets it instead.
    int sizeLimit(int rlab::ModelShape::*size) const { return m_limits.*size; }
    bool isSwept(const std::string& key) const { return m_swept == key; }
    // One sentence under the sizes; empty hides it.
    void showProblem(const QString& problem);
    bool hasProblem() const;
    // Three sizes a row where `available` pixels allow, else two, else one.
    void fitWidth(int available);

signals:
    void choiceChanged(const rlab::demo::DemoChoice& choice);

protected:
    void changeEvent(QEvent* event) override; // QEvent::LanguageChange → retranslate own strings

private:
    void retranslate();
    QList<QPair<QLabel*, QSpinBox*>> sizeFields() const;
    void placeSizes(int perRow);
    void loadChoice();
    void showSweptTips();
    void emitChoice();

    rlab::demo::DemoChoice m_default; // the preset's own choice: Reset goes back to it
    rlab::ModelShape m_limits; // the preset's max_shape
    std::string m_swept; // the swept size, or empty
    bool m_userKeepChoice = false;
    int m_sizesPerRow = 0; // label and box pairs a row in the sizes grid, as many as fit
    int m_available = -1; // the width fitWidth last gave; labels refit to it after a language change

    QGroupBox* m_sizesBox = nullptr;
    QLabel* m_layersLabel = nullptr;
    QLabel* m_widthLabel = nullptr;
    QLabel* m_headsLabel = nullptr;
    QLabel* m_seqLabel = nullptr;
    QLabel* m_batchLabel = nullptr;
    QSpinBox* m_layers = nullptr;
    QSpinBox* m_width = nullptr;
    QSpinBox* m_heads = nullptr;
    QSpinBox* m_seq = nullptr;
    QSpinBox* m_batch = nullptr;
    QPushButton* m_resetSizes = nullptr;
    QGroupBox* m_keepBox = nullptr;
    QList<QCheckBox*> m_keep;
    QLabel* m_problem = nullptr;
};
