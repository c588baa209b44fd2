#pragma once
// The Frontier tab, for presets with budget:<bytes> runs: the frontier chart against measured step
// time or counted recompute FLOPs (the learner picks), with a line on how to read it.

#include <QList>
#include <QWidget>

#include "demo/model/demoresult.h"

class FrontierChart;
class QComboBox;
class QLabel;

class FrontierView : public QWidget {
    Q_OBJECT

public:
    explicit FrontierView(QWidget* parent = nullptr);
    void setResults(const QList<rlab::demo::DemoResult>& results);
    void retranslate();
    QWidget* story() const; // the chart

protected:
    void changeEvent(QEvent* event) override; // QEvent::LanguageChange → retranslate

private:
    QLabel* m_hint = nullptr;
    QLabel* m_againstLabel = nullptr;
    QComboBox* m_against = nullptr;
    FrontierChart* m_chart = nullptr;
};
