#pragma once
// The lesson's one picture: the answer quantity of each run as a horizontal bar with its value
// written beside it, the two runs the caption compares in colour and the others grey, a step
// time's 95% interval as a whisker. Painted by hand, not a Qt chart: it has one layout, computed
// from its own width, so nothing in it asks for another layout pass. Its accessible description is
// every bar's value, read in order.

#include <QWidget>

#include "demo/model/answerfigures.h"

class AnswerChart : public QWidget {
    Q_OBJECT

public:
    explicit AnswerChart(QWidget* parent = nullptr);

    void setFigures(const rlab::demo::AnswerFigures& figures);
    void setPlaceholder(const QString& text); // shown while there are no figures
    const rlab::demo::AnswerFigures& figures() const { return m_figures; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override; // a palette change repaints in the new colours

private:
    int barHeight() const;
    void describe();

    rlab::demo::AnswerFigures m_figures;
    QString m_placeholder;
};
