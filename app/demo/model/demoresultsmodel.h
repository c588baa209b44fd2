#pragma once
// The results table: one row per finished run, every column marked measured or predicted.

#include <QAbstractTableModel>
#include <QList>

#include "demo/model/demoresult.h"
#include "rlab/words.h"

namespace rlab::demo {

class DemoResultsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { // the figures a demo is about first; the per-kind breakdown (also charted) after
        Label,
        GradientError,
        PeakActivations,
        PredictedActivations,
        PeakTotal,
        StepMs,
        StepSpread,
        RecomputeFlops,
        ForwardFlops,
        OffloadMs,
        PredictedPcieMs, // the same bytes over PCIe (rlab::demo::kPcieBytesPerSecond)
        FinalLoss,
        FirstCategory, // one column per memory category, in rlab::kMemoryCategories' order
        LastCategory = FirstCategory + int(rlab::kMemoryCategoryCount) - 1,
        Device,
        ColumnCount
    };
    static constexpr int RawValueRole = Qt::UserRole; // the number behind a cell (bytes, ms, FLOPs)
    static constexpr int categoryColumn(rlab::MemoryCategory category)
    {
        return FirstCategory + int(category);
    }

    explicit DemoResultsModel(QObject* parent = nullptr);

    void append(const DemoResult& result);
    // Several at once, one insertion: the views rebuild once (a kept sweep has 16 results).
    void appendAll(const QList<DemoResult>& results);
    void clear();
    const QList<DemoResult>& results() const;
    // Whether any row has something to show in `column` (e.g. no offload run: no offload column).
    bool isColumnUsed(int column) const;
    // Columns behind "More columns": figures few readers compare.
    static bool isMoreColumn(int column);
    // The plain `none` run at `result`'s sweep value, the baseline for "% of none"; null without one.
    const DemoResult* noneFor(const DemoResult& result) const;
    // The run whose memory timeline to show: the learner's pick, else a run that recomputes (at the
    // largest swept size: the interesting shape), else the first; -1 without results.
    int timelineRow() const;
    void pickTimeline(int row); // the learner's choice, kept until clear()
    // The visible table as tab-separated text, headers first, for pasting into a spreadsheet.
    QString toTsv() const;
    void retranslate(); // headers follow the current language

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant rawValue(const DemoResult& result, int column) const;
    QString text(const DemoResult& result, int column) const; // the figure and its comparison to none
    QString figureText(const DemoResult& result, int column) const;
    // "% of none" or "overhead vs none" after a figure, or empty without a `none` run to compare to.
    QString comparedToNone(const DemoResult& result, int column) const;

    QList<DemoResult> m_results;
    int m_pickedTimeline = -1;
};

} // namespace rlab::demo
