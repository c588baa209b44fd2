#include "appicon.h"

QIcon applicationIcon()
{
    QIcon builtIn;
    for (const int size : {16, 24, 32, 48, 64, 128, 256})
        builtIn.addFile(QStringLiteral(":/icons/%1x%1/recompute-lab.png").arg(size), QSize(size, size));
    return QIcon::fromTheme(QStringLiteral("recompute-lab"), builtIn);
}
