#pragma once
// The look shared by the demo charts, so they read as one family.

#include <QColor>
#include <QString>
#include <QStringList>

#include "rlab/memory.h"

class QBarSeries;
class QChart;
class QChartView;
class QValueAxis;

// Replaces the view's chart with an empty one titled `title`, styled like the others.
QChart* resetDemoChart(QChartView* view, const QString& title);
QColor seriesColor(int index); // a colour-blind-safe palette
QColor phaseColor(rlab::Phase phase);
double bytesToMiB(double bytes);
// From zero to a round number above `highest`, labelled without exponents.
void fitFromZero(QValueAxis* axis, double highest);
// Adds bars with `categories` along the bottom and a value axis titled `valueTitle` at the left,
// from zero to above `highest`.
void addBarSeries(QChart* chart, QBarSeries* series, const QStringList& categories, const QString& valueTitle,
    double highest);
