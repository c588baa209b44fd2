#pragma once
// "At the peak", under a run's timeline: when the activation peak happened, the largest tensors
// live then (measured, from the tensor ledger), and two or three counterfactual policies with the
// peak the predictor gives each. A counterfactual's button runs that real policy at the same sizes
// on its own DemoRunner (a worker thread, off the GUI thread), and the card shows the measured peak
// beside the predicted one.

#include <vector>

#include <QWidget>

#include "demo/model/demoledger.h"
#include "demo/model/demoresult.h"

namespace rlab::demo {
class DemoRunner;
}
class QGridLayout;
class QLabel;
class QPushButton;

class PeakCard : public QWidget {
    Q_OBJECT

public:
    explicit PeakCard(QWidget* parent = nullptr);
    ~PeakCard() override; // the runner's worker is joined
    void setResult(const rlab::demo::DemoResult& result);
    void clear();
    void retranslate();
    // For tests: the counterfactual buttons and their measured lines.
    QList<QPushButton*> tryButtons() const { return m_tryButtons; }
    // Runs every counterfactual in turn, as their buttons would (screenshots); false: none to run.
    bool tryAll();

signals:
    void counterfactualMeasured(int index); // its measured peak is shown
    void triesFinished(); // tryAll's last run ended

protected:
    void changeEvent(QEvent* event) override; // QEvent::LanguageChange → retranslate

private:
    void rebuild();
    void tryCounterfactual(int index);
    void onResult(const rlab::demo::DemoResult& result);

    rlab::demo::DemoResult m_result;
    bool m_hasResult = false;
    std::vector<rlab::demo::DemoCounterfactual> m_counterfactuals;
    std::vector<std::uint64_t> m_measured; // per counterfactual; 0: not run yet
    int m_running = -1;
    std::vector<int> m_queued; // tryAll's runs still to start
    bool m_tryingAll = false;
    rlab::demo::DemoRunner* m_runner = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_moment = nullptr;
    QLabel* m_live = nullptr;
    QLabel* m_tryTitle = nullptr;
    QGridLayout* m_tries = nullptr;
    QList<QPushButton*> m_tryButtons;
    QList<QLabel*> m_tryTexts;
};
