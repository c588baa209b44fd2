#pragma once
// The Planner page's cluster: GPUs per node, node count and the parallel sizes in, the per-rank
// memory of each recomputation policy out (rlab::planner::planParallel, the one `rlab plan --dp
// --tp --pp ...` prints), as a bar chart by category for each pipeline rank, which rank peaks and
// why, and the Megatron-LM, DeepSpeed and PyTorch configs to copy. Every figure is predicted.

#include <optional>

#include <QString>
#include <QWidget>

#include "rlab/planner/parallel.h"

class QChartView;
class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTabWidget;

class ClusterPanel : public QWidget {
    Q_OBJECT

public:
    explicit ClusterPanel(QWidget* parent = nullptr);

    // The single-device request the page's form asks for; plans the cluster for it.
    void setRequest(const rlab::planner::Request& request);
    // Sets every cluster field at once (a question's prepared view) and the policy shown by its label
    // (empty: the cheapest that fits), then plans once.
    void setCluster(
        const rlab::planner::Parallelism& parallel, int gpusPerNode, int nodes, const QString& policy);
    // What the cluster fields ask for now.
    rlab::planner::Parallelism parallelism() const;
    int gpusPerNode() const;
    int nodes() const;
    // One sentence when the fields cannot be planned (empty when they can): the cluster's own
    // (dp x tp x pp against nodes x GPUs per node) or the planner's.
    QString problem() const { return m_problem; }
    const std::optional<rlab::planner::ParallelReport>& report() const { return m_report; }
    // The row drawn: the policy chosen, or the cheapest that fits (else the first planned).
    const rlab::planner::ParallelRow* shownRow() const;
    QString peakText() const;
    QTabWidget* configTabs() const { return m_configs; }
    QChartView* chart() const { return m_chart; }
    void retranslate();
    void replan(); // now (the fields replan as they change)

private:
    void render();
    void renderChart(const rlab::planner::ParallelRow& row);
    void renderConfigs(const rlab::planner::ParallelRow& row);
    QString peakSentence(const rlab::planner::ParallelRow& row) const;

    std::optional<rlab::planner::Request> m_request;
    std::optional<rlab::planner::ParallelReport> m_report;
    QString m_problem;
    QString m_chosenPolicy; // the policy combo's label; empty: the cheapest that fits

    QLabel* m_title = nullptr;
    QLabel* m_intro = nullptr;
    QLabel* m_gpusLabel = nullptr;
    QSpinBox* m_gpus = nullptr;
    QLabel* m_nodesLabel = nullptr;
    QSpinBox* m_nodes = nullptr;
    QLabel* m_dpLabel = nullptr;
    QSpinBox* m_dp = nullptr;
    QLabel* m_tpLabel = nullptr;
    QSpinBox* m_tp = nullptr;
    QCheckBox* m_sp = nullptr;
    QLabel* m_ppLabel = nullptr;
    QSpinBox* m_pp = nullptr;
    QLabel* m_virtualLabel = nullptr;
    QSpinBox* m_virtual = nullptr;
    QLabel* m_microLabel = nullptr;
    QSpinBox* m_micro = nullptr;
    QLabel* m_zeroLabel = nullptr;
    QComboBox* m_zero = nullptr;
    QLabel* m_problemLabel = nullptr;
    QLabel* m_policyLabel = nullptr;
    QComboBox* m_policy = nullptr;
    QLabel* m_peak = nullptr;
    QChartView* m_chart = nullptr;
    QLabel* m_configTitle = nullptr;
    QTabWidget* m_configs = nullptr;
    QPushButton* m_copy = nullptr;
};
