#include "chartstyle.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QChart>
#include <QChartView>
#include <QLocale>
#include <QValueAxis>

#include "tones.h"

QChart* resetDemoChart(QChartView* view, const QString& title)
{
    auto* chart = new QChart;
    // The theme first: it resets fonts and colours, the rest below refines it.
    chart->setTheme(isDarkPalette(view->palette()) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundBrush(view->palette().color(QPalette::Base));
    chart->setTitleBrush(view->palette().color(QPalette::Text));
    chart->legend()->setLabelColor(view->palette().color(QPalette::Text));
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    // Axis labels in the interface language's number format (a decimal comma in Russian), like the table.
    chart->setLocale(QLocale());
    chart->setLocalizeNumbers(true);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont legendFont = chart->legend()->font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.9);
    chart->legend()->setFont(legendFont);
    QFont titleFont = chart->titleFont();
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    QChart* old = view->chart();
    view->setChart(chart);
    delete old; // setChart does not take the old chart with it
    return chart;
}

QColor seriesColor(int index)
{
    // Okabe-Ito; its last colour is black, which a dark theme's background would swallow.
    static constexpr std::array<QRgb, 8> palette
        = {0x0072B2, 0xE69F00, 0x009E73, 0xD55E00, 0xCC79A7, 0x56B4E9, 0xF0E442, 0x000000};
    const std::size_t slot = std::size_t(index) % palette.size();
    if (slot == palette.size() - 1)
        return QApplication::palette().color(QPalette::Text);
    return QColor(palette[slot]);
}

QColor phaseColor(rlab::Phase phase)
{
    switch (phase) {
    case rlab::Phase::Forward:
        return QColor(0x0072B2);
    case rlab::Phase::Recompute:
        return QColor(0xD55E00);
    case rlab::Phase::Backward:
        return QColor(0x009E73);
    case rlab::Phase::Setup:
    case rlab::Phase::Optimizer:
        break;
    }
    return QColor(0x777777);
}

double bytesToMiB(double bytes)
{
    return bytes / (1024.0 * 1024.0);
}

void fitWholeNumbers(QValueAxis* axis, int first, int last)
{
    last = std::max(last, first + 1);
    constexpr double kMantissas[] = {1, 2, 5};
    double interval = 1;
    for (int k = 0; interval * 6 < last - first; ++k)
        interval = kMantissas[k % 3] * std::pow(10.0, k / 3);
    axis->setRange(first, last);
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    axis->setTickInterval(interval);
    axis->setLabelFormat(QStringLiteral("%.0f")); // localized labels need a precision
}

void fitFromZero(QValueAxis* axis, double highest)
{
    axis->setRange(0, highest > 0 ? highest * 1.05 : 1);
    axis->applyNiceNumbers();
    axis->setLabelFormat(QStringLiteral("%.6g")); // localized labels need a precision; trailing zeros drop
}

void addBarSeries(QChart* chart, QBarSeries* series, const QStringList& categories, const QString& valueTitle,
    double highest)
{
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    auto* y = new QValueAxis;
    y->setTitleText(valueTitle);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    fitFromZero(y, highest);
}
