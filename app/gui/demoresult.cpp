#include "demoresult.h"

QString DemoResult::title() const
{
    if (sweepParameter.isEmpty())
        return label;
    return QStringLiteral("%1, %2 = %3").arg(label, sweepParameter).arg(sweepValue);
}
