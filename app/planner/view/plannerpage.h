#pragma once
// The Planner page: the learner's own model and GPU in, each recomputation policy's predicted peak,
// cost and fit out, with charts of peak memory against micro-batch and sequence and the code that
// does the chosen policy. The arithmetic is rlab::planner's (shared with `rlab plan`); this page
// only gathers the inputs and renders the report.

#include <optional>
#include <vector>

#include <QWidget>

#include "rlab/planner/scenario.h"

class ClusterPanel;
class QChartView;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QHBoxLayout;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QTableWidget;
class QTabWidget;
class QTimer;
class QVBoxLayout;
namespace rlab::planner {
class PlannerForm;
}

class PlannerPage : public QWidget {
    Q_OBJECT

public:
    explicit PlannerPage(QWidget* parent = nullptr);

    // What the form asks for now: the scenario (the model, its sizes, the budget and the cluster)
    // and the single-device request it makes (a preset's sizes filled in).
    rlab::planner::Scenario scenario() const;
    rlab::planner::Request request() const;
    // The last plan shown; nullopt while the inputs cannot be planned (the page says why).
    const std::optional<rlab::planner::Report>& report() const;
    // Plans now instead of after the typing pause (tests, screenshots).
    void replan();
    // Picks a model preset by its --model name ("gpt2-124m"), "custom" (GPT-2's block) or
    // "custom-llama" (the llama block, its key/value heads and SwiGLU size editable); false when unknown.
    bool setModel(const QString& name);
    // Opens a question's prepared view (content's `planner:`): the model, budget and cluster set as
    // written, planned now, with a note that it is predicted. `from` names the question in the note.
    void showView(const rlab::planner::Scenario& view, const QString& from);
    // The note of an open prepared view; empty when the page was opened by itself.
    QString viewNote() const;
    void clearView(); // the page opened by itself: no prepared view's note
    void setBudgetBytes(std::uint64_t bytes);
    void setSeqAndBatch(int seq, int batch);
    QTableWidget* table() const { return m_table; }
    QTabWidget* codeTabs() const { return m_code; }
    QString summaryText() const;
    // The cluster below the one-device plan: the same model on many GPUs, per rank.
    ClusterPanel* cluster() const { return m_cluster; }
    // Scrolls the page to the cluster (the command line's --planner-cluster).
    void showCluster();

signals:
    void backRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildUi();
    QHBoxLayout* buildHeading(); // the title, the introduction and the back button
    void buildInputs(); // the input widgets, their choices filled
    QFormLayout* buildForm(); // the inputs with their labels
    void connectInputs(); // any input changed plans again
    void buildTable(); // the summary and the table of policies
    QHBoxLayout* buildCharts(); // the peak against micro-batch and against sequence
    QVBoxLayout* buildCode(); // the chosen row's code, its title and copy button
    void retranslate();
    void fillChoices(); // combo texts, kept on a language change
    void modelChosen();
    void showBlockSizes();
    void retranslateViewNote(); // kv heads and ffn as the block has them (GPT-2's follow heads and width)
    void scheduleReplan();
    void showPlan(); // the form planned: the summary, table, charts, code and cluster again
    void render();
    void renderTable();
    void renderCharts();
    void renderCode();
    QString rowTitle(const rlab::planner::PolicyRow& row) const;
    std::uint64_t budgetBytes() const;

    int m_chosenRow = -1; // the row whose code is shown; -1: the cheapest that fits
    rlab::planner::PlannerForm* m_form;

    QLabel* m_title = nullptr;
    QLabel* m_intro = nullptr;
    QPushButton* m_back = nullptr;
    QLabel* m_modelLabel = nullptr;
    QComboBox* m_model = nullptr;
    QLabel* m_layersLabel = nullptr;
    QSpinBox* m_layers = nullptr;
    QLabel* m_widthLabel = nullptr;
    QSpinBox* m_width = nullptr;
    QLabel* m_headsLabel = nullptr;
    QSpinBox* m_heads = nullptr;
    QLabel* m_kvHeadsLabel = nullptr;
    QSpinBox* m_kvHeads = nullptr; // llama's key/value heads: a preset's shown, custom llama's edited
    QLabel* m_ffnLabel = nullptr;
    QSpinBox* m_ffn = nullptr; // the MLP's hidden size: GPT-2's 4d, llama's SwiGLU F
    QCheckBox* m_qkvBias = nullptr; // llama's biases on wq, wk and wv (Qwen2's block)
    QLabel* m_viewNote = nullptr; // a question's prepared view: predicted, and said so
    QLabel* m_vocabLabel = nullptr;
    QSpinBox* m_vocab = nullptr;
    QLabel* m_seqLabel = nullptr;
    QSpinBox* m_seq = nullptr;
    QLabel* m_batchLabel = nullptr;
    QSpinBox* m_batch = nullptr;
    QLabel* m_weightsLabel = nullptr;
    QComboBox* m_weights = nullptr;
    QLabel* m_activationsLabel = nullptr;
    QComboBox* m_activations = nullptr;
    QLabel* m_optimizerLabel = nullptr;
    QComboBox* m_optimizer = nullptr;
    QCheckBox* m_fused = nullptr;
    QLabel* m_budgetLabel = nullptr;
    QComboBox* m_budget = nullptr;
    QDoubleSpinBox* m_budgetGb = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_table = nullptr;
    QChartView* m_byBatch = nullptr;
    QChartView* m_bySeq = nullptr;
    QLabel* m_codeTitle = nullptr;
    QTabWidget* m_code = nullptr;
    QPushButton* m_copy = nullptr;
    ClusterPanel* m_cluster = nullptr;
    QScrollArea* m_scroll = nullptr;
};
