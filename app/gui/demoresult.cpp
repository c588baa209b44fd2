#include "demoresult.h"

#include "demotexts.h"

QString DemoResult::title() const
{
    if (sweepParameter.isEmpty())
        return label;
    return QStringLiteral("%1, %2 = %3").arg(label, sweepParameterTitle(sweepParameter)).arg(sweepValue);
}
