#pragma once
// Predict, then see: above the demo's Run button, the preset's question (which run uses least
// memory, or one run's figure as a percentage of another's) with a choice or a slider; locked
// once a run starts, and after it the prediction beside what was measured. Hidden for presets
// without a prediction. Each preset's prediction is kept for the session.

#include <memory>

#include <QHash>
#include <QWidget>

#include "demo/model/demoprediction.h"

class QComboBox;
class QLabel;
class QSlider;

class PredictionBox : public QWidget {
    Q_OBJECT

public:
    explicit PredictionBox(QWidget* parent = nullptr);
    ~PredictionBox() override;

    void setPreset(const rlab::content::DemoPreset& preset);
    rlab::demo::LearnerPrediction prediction() const;
    // As if the learner chose it (tests, screenshots); ignored when it is not one of the choices.
    void setPrediction(const rlab::demo::LearnerPrediction& prediction);
    bool isLocked() const;
    // The preset asks for a prediction, none is made yet, and no run has locked it.
    bool isPending() const;
    void focusChoice(); // the choice or the slider takes the keyboard focus

    void lock(); // a run started: the prediction stands
    void showMeasured(const QList<rlab::demo::DemoResult>& results); // the prediction beside the measurement
    QString comparisonText() const; // what the comparison line says, as plain text

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Kept {
        rlab::demo::LearnerPrediction prediction;
        bool locked = false;
    };
    void retranslate();
    void remember();
    void showChoice();

    std::unique_ptr<rlab::content::DemoPrediction> m_prediction;
    QString m_presetId;
    QHash<QString, Kept> m_kept;
    QList<rlab::demo::DemoResult> m_results;
    QLabel* m_question;
    QComboBox* m_runs;
    QSlider* m_percent;
    QLabel* m_percentText;
    QLabel* m_comparison;
};
