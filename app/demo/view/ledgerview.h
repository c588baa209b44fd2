#pragma once
// The Ledger tab of a demo's results: every tensor a run keeps for backward, recomputes or offloads,
// as the engine's tensor ledger lists it. Above, a stacked bar per run (LedgerChart) so the terms a
// policy stops keeping vanish from its bar; a line naming them; below, one run's rows grouped by the
// paper's term, block by block, and the paper's formula with the shape's numbers beside the
// measured total. It renders demoledger.h; the ledger is the engine's.

#include <QList>
#include <QWidget>

#include "demo/model/demoresult.h"

class LedgerChart;
class QComboBox;
class QLabel;
class QTreeWidget;

class LedgerView : public QWidget {
    Q_OBJECT

public:
    explicit LedgerView(QWidget* parent = nullptr);
    void setResults(const QList<rlab::demo::DemoResult>& results);
    void retranslate();
    QWidget* story() const; // the chart, whose height the panel keeps
    void setHintFolded(bool folded); // the reading hint as one "How to read it…" link

signals:
    void unfoldRequested(); // that link was followed

protected:
    void changeEvent(QEvent* event) override; // QEvent::LanguageChange → retranslate
    void resizeEvent(QResizeEvent* event) override; // the formula's lines stay whole (fitFormula)

private:
    void showHint(); // how to read the chart, for the runs' model
    void showRun();
    void showDropped();
    void fitFormula(); // the formula as tall as its lines at the view's width

    QList<rlab::demo::DemoResult> m_results; // at the preset's own sizes (the first sweep value)
    QLabel* m_hint = nullptr;
    bool m_hintFolded = false;
    LedgerChart* m_chart = nullptr;
    QLabel* m_dropped = nullptr;
    QLabel* m_runLabel = nullptr;
    QComboBox* m_run = nullptr;
    QTreeWidget* m_rows = nullptr;
    QLabel* m_formula = nullptr;
};
