#include "demoresult.h"

#include "demotexts.h"

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
