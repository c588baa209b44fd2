#include "demoresultsmodel.h"

#include <cmath>

#include <QCoreApplication>
#include <QLocale>

#include "demo/model/demotexts.h"
#include "rlab/demo/demo.h"
#include "rlab/memory.h"

namespace rlab::demo {

namespace {
// The translation context of the .ts files: the class's name before it had a namespace.
struct Texts {
    Q_DECLARE_TR_FUNCTIONS(DemoResultsModel)
};
} // namespace

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

bool isCategoryColumn(int column)
{
    return column >= DemoResultsModel::FirstCategory && column <= DemoResultsModel::LastCategory;
}

rlab::MemoryCategory categoryOf(int column)
{
    return rlab::kMemoryCategories[std::size_t(column - DemoResultsModel::FirstCategory)];
}

// Small demos have sub-MiB figures: keep three significant digits there.
QString mib(double bytes)
{
    const double value = bytes / kMiB;
    if (value >= 100)
        return QLocale().toString(value, 'f', 1);
    if (value >= 1 || value == 0)
        return QLocale().toString(value, 'f', 2);
    return QLocale().toString(value, 'g', 3);
}

QString number(double value, int precision)
{
    return QLocale().toString(value, 'g', precision);
}

} // namespace

DemoResultsModel::DemoResultsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void DemoResultsModel::append(const DemoResult& result)
{
    beginInsertRows({}, int(m_results.size()), int(m_results.size()));
    m_results.push_back(result);
    endInsertRows();
}

void DemoResultsModel::appendAll(const QList<DemoResult>& results)
{
    if (results.isEmpty())
        return;
    beginInsertRows({}, int(m_results.size()), int(m_results.size() + results.size()) - 1);
    m_results.append(results);
    endInsertRows();
}

void DemoResultsModel::clear()
{
    beginResetModel();
    m_results.clear();
    m_pickedTimeline = -1;
    endResetModel();
}

int DemoResultsModel::timelineRow() const
{
    if (m_pickedTimeline >= 0 && m_pickedTimeline < m_results.size())
        return m_pickedTimeline;
    if (m_results.isEmpty())
        return -1;
    int pick = 0;
    for (int i = 0; i < m_results.size(); ++i) {
        const bool recomputes = m_results[i].run.recomputeFlops > 0;
        const bool pickRecomputes = m_results[pick].run.recomputeFlops > 0;
        if ((recomputes && !pickRecomputes)
            || (recomputes && m_results[i].sweepValue > m_results[pick].sweepValue))
            pick = i;
    }
    return pick;
}

void DemoResultsModel::pickTimeline(int row)
{
    m_pickedTimeline = row;
}

const QList<DemoResult>& DemoResultsModel::results() const
{
    return m_results;
}

bool DemoResultsModel::isColumnUsed(int column) const
{
    // Recompute workspace and host offloaded are there for some policies only.
    const bool sometimes = isCategoryColumn(column)
        && (categoryOf(column) == rlab::MemoryCategory::RecomputeWorkspace
            || categoryOf(column) == rlab::MemoryCategory::HostOffloaded);
    for (const DemoResult& result : m_results) {
        const rlab::RunResult& run = result.run;
        if (sometimes) {
            if (result.peakBytes(categoryOf(column)) > 0)
                return true;
            continue;
        }
        switch (column) {
        case RecomputeFlops:
            if (run.recomputeFlops > 0)
                return true;
            break;
        case OffloadMs:
        case PredictedPcieMs:
            if (run.offloadBytes > 0)
                return true;
            break;
        case GradientError:
            if (result.gradError >= 0 || std::isnan(result.gradError))
                return true;
            break;
        default:
            return true;
        }
    }
    return false;
}

bool DemoResultsModel::isMoreColumn(int column)
{
    // Memory kinds that do not change with the policy, and detail. The quizzes and guides name the
    // Forward, Optimizer state, Saved activations and Recompute workspace columns: those stay.
    using C = rlab::MemoryCategory;
    return column == categoryColumn(C::Parameters) || column == categoryColumn(C::Gradients)
        || column == categoryColumn(C::Temporaries) || column == StepSpread || column == PredictedPcieMs
        || column == Device;
}

const DemoResult* DemoResultsModel::noneFor(const DemoResult& result) const
{
    for (const DemoResult& other : m_results) {
        if (rlab::demo::isPlainNone(other.run.config) && other.sweepParameter == result.sweepParameter
            && other.sweepValue == result.sweepValue)
            return &other;
    }
    return nullptr;
}

QString DemoResultsModel::comparedToNone(const DemoResult& result, int column) const
{
    const DemoResult* none = noneFor(result);
    if (none == nullptr || none == &result)
        return {};
    const auto percent = [](double value) { return QLocale().toString(value, 'f', 0); };
    switch (column) {
    case PeakTotal:
    case PeakActivations: {
        const double base = rawValue(*none, column).toDouble();
        if (base <= 0)
            return {};
        return Texts::tr("%1% of none").arg(percent(100 * rawValue(result, column).toDouble() / base));
    }
    case StepMs: {
        // From paired steps, as the claims compare times; a difference the noise could make gets
        // no sign and no ranking.
        const std::optional<double> overhead = stepOverheadPercent(result.run, none->run);
        if (!overhead)
            return Texts::tr("same as none within noise");
        return Texts::tr("%1% vs none")
            .arg((*overhead >= 0 ? QStringLiteral("+") : QString()) + percent(*overhead));
    }
    case RecomputeFlops:
        // none recomputes nothing: the extra work is measured against none's forward pass.
        if (none->run.forwardFlops <= 0 || result.run.recomputeFlops <= 0)
            return {};
        return Texts::tr("+%1% of none's forward")
            .arg(percent(100 * result.run.recomputeFlops / none->run.forwardFlops));
    default:
        return {};
    }
}

QString DemoResultsModel::toTsv() const
{
    QStringList lines;
    QStringList header;
    QList<int> columns;
    for (int column = 0; column < ColumnCount; ++column) {
        if (!isColumnUsed(column))
            continue;
        columns.push_back(column);
        header.push_back(
            headerData(column, Qt::Horizontal).toString().replace(QLatin1Char('\n'), QStringLiteral(", ")));
    }
    lines.push_back(header.join(QLatin1Char('\t')));
    for (const DemoResult& result : m_results) {
        QStringList cells;
        for (const int column : columns)
            cells.push_back(figureText(result, column)); // numbers only: a spreadsheet computes the rest
        lines.push_back(cells.join(QLatin1Char('\t')));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void DemoResultsModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_results.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int DemoResultsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_results.size());
}

int DemoResultsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DemoResultsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_results.size())
        return {};
    const DemoResult& result = m_results[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        return text(result, index.column());
    case RawValueRole:
        return rawValue(result, index.column());
    case Qt::TextAlignmentRole:
        return index.column() == Label || index.column() == Device
            ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() == Label)
            return Texts::tr("Policy: %1").arg(QString::fromStdString(result.run.policyName));
        if (index.column() == StepSpread && result.run.stepMsWanderRuns == 1)
            return Texts::tr(
                "%1\nNot widened yet: this machine has no other timed run in the last ten minutes, "
                "so how much its speed wanders between runs is not measured yet; the next run's "
                "interval will include it.")
                .arg(headerData(index.column(), Qt::Horizontal, Qt::ToolTipRole).toString());
        if (index.column() == StepSpread && result.run.stepMsWanderRuns > 1)
            return Texts::tr("%1\nThis run's rounds alone: %2 to %3 ms. This machine's speed wandered by %4% "
                             "(standard deviation) over its last %n timed run(s).",
                nullptr, result.run.stepMsWanderRuns)
                .arg(headerData(index.column(), Qt::Horizontal, Qt::ToolTipRole).toString(),
                    QLocale().toString(result.run.stepMsRoundsCi95Low, 'f', 2),
                    QLocale().toString(result.run.stepMsRoundsCi95High, 'f', 2),
                    QLocale().toString(100 * result.run.stepMsWanderSd, 'f', 1));
        if (const QString compared = comparedToNone(result, index.column()); !compared.isEmpty())
            return Texts::tr("%1\nIn brackets: compared with the plain `none` run at the same sizes.")
                .arg(headerData(index.column(), Qt::Horizontal, Qt::ToolTipRole).toString());
        return headerData(index.column(), Qt::Horizontal, Qt::ToolTipRole);
    default:
        return {};
    }
}

QVariant DemoResultsModel::rawValue(const DemoResult& result, int column) const
{
    const rlab::RunResult& run = result.run;
    if (isCategoryColumn(column))
        return double(result.peakBytes(categoryOf(column)));
    switch (column) {
    case Label:
        return result.title();
    case PeakTotal:
        return double(run.peakBytes);
    case PeakActivations:
        return double(run.peakActivationBytes);
    case PredictedActivations:
        return double(run.predictedPeakActivationBytes);
    case StepMs:
        return run.stepMsMedian;
    case StepSpread:
        return run.stepMsCi95High - run.stepMsCi95Low;
    case ForwardFlops:
        return run.forwardFlops;
    case RecomputeFlops:
        return run.recomputeFlops;
    case OffloadMs:
        return run.offloadMs;
    case PredictedPcieMs:
        return result.predictedPcieMs;
    case FinalLoss:
        return run.loss.empty() ? QVariant() : QVariant(double(run.loss.back()));
    case GradientError:
        return result.gradError < 0 ? QVariant() : QVariant(result.gradError);
    case Device:
        return QString::fromStdString(run.deviceName);
    default:
        return {};
    }
}

QString DemoResultsModel::text(const DemoResult& result, int column) const
{
    const QString figure = figureText(result, column);
    const QString compared = comparedToNone(result, column);
    return compared.isEmpty() ? figure : Texts::tr("%1 (%2)").arg(figure, compared);
}

QString DemoResultsModel::figureText(const DemoResult& result, int column) const
{
    const rlab::RunResult& run = result.run;
    const QVariant raw = rawValue(result, column);
    switch (column) {
    case Label:
    case Device:
        return raw.toString();
    case StepMs:
        return QLocale().toString(run.stepMsMedian, 'f', run.stepMsMedian < 10 ? 2 : 1);
    case StepSpread:
        return Texts::tr("%1 to %2")
            .arg(QLocale().toString(run.stepMsCi95Low, 'f', 2),
                QLocale().toString(run.stepMsCi95High, 'f', 2));
    case ForwardFlops:
    case RecomputeFlops:
        return number(raw.toDouble() / 1e9, 3);
    case OffloadMs:
        return run.offloadBytes == 0
            ? QStringLiteral("–")
            : Texts::tr("%1 MiB in %2 ms")
                  .arg(mib(double(run.offloadBytes)), QLocale().toString(run.offloadMs, 'f', 2));
    case PredictedPcieMs:
        return run.offloadBytes == 0
            ? QStringLiteral("–")
            : Texts::tr("%1 ms").arg(QLocale().toString(result.predictedPcieMs, 'f', 3));
    case FinalLoss:
        return raw.isValid() ? QLocale().toString(raw.toDouble(), 'f', 4) : QStringLiteral("–");
    case GradientError:
        if (!raw.isValid())
            return QStringLiteral("–");
        return std::isnan(raw.toDouble()) ? Texts::tr("not comparable")
                                          : QLocale().toString(raw.toDouble(), 'g', 3);
    default:
        return mib(raw.toDouble());
    }
}

QVariant DemoResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const bool tip = role == Qt::ToolTipRole;
    const QString peakTip = Texts::tr(
        "Measured: the highest number of bytes of this kind the engine's allocator held at once.");
    if (isCategoryColumn(section)) {
        const rlab::MemoryCategory category = categoryOf(section);
        if (!tip)
            return Texts::tr("%1\nMiB, measured").arg(memoryCategoryTitle(category));
        return category == rlab::MemoryCategory::HostOffloaded
            ? Texts::tr("Measured: checkpoints held in host memory instead of on the device.")
            : peakTip;
    }
    switch (section) {
    case Label:
        return tip ? Texts::tr("The run's recomputation policy and settings.") : Texts::tr("Run");
    case PeakTotal:
        return tip ? Texts::tr(
                   "Measured: the highest number of bytes the engine held on the device at once, all kinds "
                   "together.")
                   : Texts::tr("Peak total\nMiB, measured");
    case PeakActivations:
        return tip ? Texts::tr("Measured: the peak of saved activations plus recompute workspace.")
                   : Texts::tr("Peak activations\nMiB, measured");
    case PredictedActivations:
        return tip
            ? Texts::tr("Predicted: the analytic model's peak of saved activations plus recompute workspace, "
                        "computed before running.")
            : Texts::tr("Peak activations\nMiB, predicted");
    case StepMs:
        return tip ? Texts::tr("Measured: median wall-clock time of a training step, warm-up step excluded.")
                   : Texts::tr("Step ms, median\nmeasured");
    case StepSpread:
        return tip ? Texts::tr(
                   "Measured: the 95% confidence interval of the median step time, from this run's timing "
                   "rounds, widened by how much this machine's speed has wandered between its recent runs "
                   "(a small fixed training timed in every run), so that running the demo again lands "
                   "inside it. The comparison with none beside the median pairs each step with none's step "
                   "of the same number, taken one after the other, which the wander does not move; it "
                   "tells smaller differences apart than these intervals do, and where it finds none, it "
                   "says the same within noise.")
                   : Texts::tr("Step ms, 95% interval\nmeasured");
    case ForwardFlops:
        return tip
            ? Texts::tr(
                "Measured: floating-point operations of one forward pass, counted by the engine for every op "
                "it ran.")
            : Texts::tr("Forward\nGFLOP, measured");
    case RecomputeFlops:
        return tip
            ? Texts::tr(
                "Measured: floating-point operations spent recomputing activations in one step, counted by "
                "the engine for every op it reran.")
            : Texts::tr("Recompute\nGFLOP, measured");
    case OffloadMs:
        return tip ? Texts::tr(
                   "Measured: bytes copied to and from host memory per step and the time the copies took.")
                   : Texts::tr("Offload per step\nmeasured");
    case PredictedPcieMs:
        return tip ? Texts::tr(
                   "Predicted, not measured: the time the same bytes would take over PCIe 4.0 x16 between "
                   "a typical GPU and pinned host memory, at about 25 GB/s per direction (32 GB/s raw less "
                   "protocol overhead; NVIDIA's bandwidthTest reports 24-26 GB/s on such hosts). On the CPU "
                   "the copies stay within RAM.")
                   : Texts::tr("Same bytes over PCIe\npredicted");
    case FinalLoss:
        return tip ? Texts::tr("Measured: training loss after the last step.")
                   : Texts::tr("Final loss\nmeasured");
    case GradientError:
        return tip
            ? Texts::tr(
                "Measured: the largest difference between this run's first-step gradients and those of the "
                "`none` run, element by element, relative to the largest gradient. Zero means recomputation "
                "reproduced the exact gradients.")
            : Texts::tr("Gradient error\nrelative, measured");
    case Device:
        return tip ? Texts::tr("Where the run was measured.") : Texts::tr("Device");
    default:
        return {};
    }
}

} // namespace rlab::demo
