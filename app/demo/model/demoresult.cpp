#include "demoresult.h"

#include <cmath>

#include "demo/model/demotexts.h"
#include "rlab/demo/demo.h"

namespace rlab::demo {

QString DemoResult::title() const
{
    if (sweepParameter.isEmpty())
        return label;
    return QStringLiteral("%1, %2 = %3").arg(label, sweepParameterTitle(sweepParameter)).arg(sweepValue);
}

std::uint64_t DemoResult::peakBytes(rlab::MemoryCategory category) const
{
    const auto found = run.bytesByCategory.find(std::string(rlab::memoryCategoryName(category)));
    return found == run.bytesByCategory.end() ? 0 : found->second;
}

QStringList differingLabels(const QList<DemoResult>& results)
{
    bool labelsDiffer = false;
    bool sizesDiffer = false;
    for (const DemoResult& result : results) {
        labelsDiffer = labelsDiffer || result.label != results.front().label;
        sizesDiffer = sizesDiffer || result.sweepParameter != results.front().sweepParameter
            || result.sweepValue != results.front().sweepValue;
    }
    QStringList labels;
    for (const DemoResult& result : results) {
        const QString size = result.sweepParameter.isEmpty()
            ? QString()
            : sweepValueText(result.sweepParameter, result.sweepValue);
        if (sizesDiffer && !size.isEmpty())
            labels.push_back(labelsDiffer ? QStringLiteral("%1, %2").arg(result.label, size) : size);
        else
            labels.push_back(result.label);
    }
    return labels;
}

std::optional<double> stepOverheadPercent(const rlab::RunResult& a, const rlab::RunResult& b)
{
    const rlab::MedianInterval ratio = rlab::demo::pairedStepRatio(a, b);
    if (!std::isnan(ratio.median)) {
        if (ratio.low <= 1 && ratio.high >= 1)
            return std::nullopt;
        return 100 * (ratio.median - 1);
    }
    if (b.stepMsMedian <= 0 || (a.stepMsCi95Low <= b.stepMsCi95High && b.stepMsCi95Low <= a.stepMsCi95High))
        return std::nullopt;
    return 100 * (a.stepMsMedian / b.stepMsMedian - 1);
}

} // namespace rlab::demo
