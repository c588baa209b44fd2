#pragma once
// The side of a question whose point the engine cannot show on one device (content's `planner:`):
// the prepared Planner view's settings, said to be predicted, its predicted peak once the question
// is answered, and a button that opens the Planner page with those settings.

#include <optional>

#include <QString>
#include <QWidget>

#include "rlab/content/content.h"
#include "rlab/planner/scenario.h"

class QLabel;
class QPushButton;

class PlannerViewPanel : public QWidget {
    Q_OBJECT

public:
    explicit PlannerViewPanel(QWidget* parent = nullptr);

    void setView(const rlab::content::PlannerView& view);
    void clearView();
    const std::optional<rlab::content::PlannerView>& view() const { return m_view; }
    // Before an answer the predicted peak stays hidden: it may give the answer away.
    void setAnswerShown(bool shown);
    QString settingsText() const;
    QString peakText() const;
    QPushButton* openButton() const { return m_open; }

signals:
    void openRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void render();

    std::optional<rlab::content::PlannerView> m_view;
    bool m_answerShown = false;
    QLabel* m_title;
    QLabel* m_intro;
    QLabel* m_settings;
    QLabel* m_peak;
    QPushButton* m_open;
};
