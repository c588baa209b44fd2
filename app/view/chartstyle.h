#pragma once
// The look shared by the demo charts, so they read as one family.

#include <QColor>
#include <QString>
#include <QStringList>

#include "rlab/memory.h"

class QAbstractBarSeries;
class QAbstractSeries;
class QBarCategoryAxis;
class QBarSeries;
class QChart;
class QChartView;
class QValueAxis;

// Replaces the view's chart with an empty one titled `title`, styled like the others. Where the
// view has a ChartLegend (chartlegend.h), the chart's names show there, whole, instead of in the
// chart's own legend.
QChart* resetDemoChart(QChartView* view, const QString& title);
// Leaves `series` out of `chart`'s legend, whichever legend shows it (an interval line, a dashed twin).
void keepOutOfLegend(QChart* chart, QAbstractSeries* series);
bool inLegend(const QAbstractSeries* series);
QColor seriesColor(int index); // a colour-blind-safe palette
QColor phaseColor(rlab::Phase phase);
double bytesToMiB(double bytes);
// From zero to a round number above `highest`, labelled without exponents.
void fitFromZero(QValueAxis* axis, double highest);
// From `first` to `last` (whole numbers: steps, counts), ticks at round multiples (1, 2 or 5 times a
// power of ten), at most about six of them: not at the fractions an even split would give (59, 78).
void fitWholeNumbers(QValueAxis* axis, int first, int last);
// A bar under the pointer shows its group's whole name (the axis may break or letter the names so
// they fit), its set's name and its value.
void showCategoryTips(QAbstractBarSeries* series, QBarCategoryAxis* axis);
// Adds bars with `categories` along the bottom and a value axis titled `valueTitle` at the left,
// from zero to above `highest`.
void addBarSeries(QChart* chart, QBarSeries* series, const QStringList& categories, const QString& valueTitle,
    double highest);
