#include "chartstyle.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <utility>

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QFontMetricsF>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QRegularExpression>
#include <QToolTip>
#include <QValueAxis>

#include "view/chartlegend.h"
#include "view/tones.h"

namespace {

constexpr const char* kWholeTitle = "rlabWholeTitle"; // a title as given, before fitTexts wraps it
constexpr const char* kShownTitle = "rlabShownTitle"; // as fitTexts last wrapped it
constexpr const char* kWholeCategories = "rlabWholeCategories"; // a bar axis's names as given
constexpr const char* kShownCategories = "rlabShownCategories"; // as fitTexts last broke them
constexpr const char* kTitleFont = "rlabTitleFont"; // a vertical axis's title font, before fitTexts shrank it
constexpr const char* kOutOfLegend = "rlabOutOfLegend"; // a series keepOutOfLegend left out
// Qt Charts cuts a category's label short ("budget:6…") when its text box is wider than the
// plot's width over one more than the number of categories, less a padding of 4 on either side;
// the box adds a margin of 4 on either side of the text (measured: "budget:6MiB", 76 px, is cut
// at 534 px for five categories).
constexpr qreal kCategoryRoomLess = 2 * 4 + 2 * 4 + 1;

// `text` (plain, or lines joined by <br>, a line wrapped in one tag pair such as <small>) broken
// at spaces into lines no wider than `width` in `font`: a long title wraps instead of ending in "…".
QString wrappedHtml(const QString& text, const QFont& font, qreal width)
{
    static const QRegularExpression wrappedInTag(QStringLiteral("^<(\\w+)>(.*)</\\1>$"));
    QStringList lines;
    for (const QString& line : text.split(QStringLiteral("<br>"))) {
        QString open, close, inner = line;
        QFont lineFont = font;
        if (const QRegularExpressionMatch tag = wrappedInTag.match(line); tag.hasMatch()) {
            open = QStringLiteral("<%1>").arg(tag.captured(1));
            close = QStringLiteral("</%1>").arg(tag.captured(1));
            inner = tag.captured(2);
            if (tag.captured(1) == QLatin1String("small"))
                lineFont.setPointSizeF(font.pointSizeF() * 0.83);
        }
        if (inner.contains(QLatin1Char('<'))) { // other markup: left as it is
            lines << line;
            continue;
        }
        const QFontMetricsF metrics(lineFont);
        QString current;
        for (const QString& word : inner.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString longer = current.isEmpty() ? word : current + QLatin1Char(' ') + word;
            if (!current.isEmpty() && metrics.horizontalAdvance(longer) > width) {
                lines << open + current + close;
                current = word;
            } else {
                current = longer;
            }
        }
        lines << open + current + close;
    }
    return lines.join(QStringLiteral("<br>"));
}

// The title wraps to the chart's width and a horizontal axis's title to the plot's, instead of
// ending in "…". Run whenever the chart lays itself out.
// A title `object` shows (through `get`/`set`) wrapped to `width`; a title set anew since (a chart
// adds its subtitle after resetDemoChart) is taken as the whole one.
// `key`, when given, is shown as a line of its own below the title (a bar axis's key to its letters).
template<class Get, class Set>
void wrapTitle(QObject* object, Get get, Set set, const QFont& font, qreal width, const QString& key = {})
{
    QString whole = object->property(kWholeTitle).toString();
    if (get() != object->property(kShownTitle).toString()) {
        whole = get();
        object->setProperty(kWholeTitle, whole);
    }
    if ((whole.isEmpty() && key.isEmpty()) || width <= 0)
        return;
    const QString shown = key.isEmpty() ? whole
        : whole.isEmpty()               ? key
                                        : whole + QStringLiteral("<br>") + key;
    const QString wrapped = wrappedHtml(shown, font, width);
    object->setProperty(kShownTitle, wrapped);
    if (wrapped != get())
        set(wrapped);
}

// `label` in lines no wider than `width`, broken at spaces, after a ':' and before a '+'
// ("budget:" over "6MiB", "sqrt" over "+ offload"), joined by <br>; nullopt when one of those
// pieces alone is wider (it would have to be broken inside a word).
std::optional<QString> brokenLabel(const QString& label, const QFontMetricsF& metrics, qreal width)
{
    if (metrics.horizontalAdvance(label) <= width || label.contains(QLatin1Char('<')))
        return label;
    // The pieces, each with the separator that goes before it when it shares a line.
    QList<std::pair<QString, QString>> pieces;
    for (const QString& word : label.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        QString separator = pieces.isEmpty() ? QString() : QStringLiteral(" ");
        QString rest = word;
        for (qsizetype colon = rest.indexOf(QLatin1Char(':')); colon >= 0 && colon + 1 < rest.size();
             colon = rest.indexOf(QLatin1Char(':'))) {
            pieces.emplace_back(separator, rest.left(colon + 1));
            separator.clear();
            rest = rest.mid(colon + 1);
        }
        pieces.emplace_back(separator, rest);
    }
    QStringList lines;
    QString current;
    for (const auto& [separator, piece] : pieces) {
        if (metrics.horizontalAdvance(piece) > width)
            return std::nullopt;
        const QString longer = current + separator + piece;
        if (!current.isEmpty() && metrics.horizontalAdvance(longer) > width) {
            lines << current;
            current = piece;
        } else {
            current = longer;
        }
    }
    lines << current;
    return lines.join(QStringLiteral("<br>"));
}

// A bar chart's category names never cut short to "budget:6…", as Qt Charts does with a name
// wider than its group of bars: each is broken into lines that fit the group's width; where a
// single word is wider still (a narrow chart, many runs) the groups are lettered A, B, C… and the
// key returned ("A: none · B: budget:6MiB · …", empty when the names fit) goes under the axis.
// The whole names are kept; names set anew since (a rebuilt chart) are taken as the whole ones.
QString fitCategories(QBarCategoryAxis* axis, qreal plotWidth)
{
    QStringList whole = axis->property(kWholeCategories).toStringList();
    if (axis->categories() != axis->property(kShownCategories).toStringList()) {
        whole = axis->categories();
        axis->setProperty(kWholeCategories, whole);
    }
    if (whole.isEmpty() || plotWidth <= 0)
        return {};
    const QFontMetricsF metrics(axis->labelsFont());
    const qreal width = plotWidth / qreal(whole.size() + 1) - kCategoryRoomLess;
    QStringList shown;
    QStringList key;
    for (const QString& label : whole) {
        const std::optional<QString> broken = brokenLabel(label, metrics, width);
        if (!broken || whole.size() > 26) {
            shown.clear();
            break;
        }
        shown << *broken;
    }
    if (shown.isEmpty() && whole.size() <= 26) {
        for (qsizetype i = 0; i < whole.size(); ++i) {
            const QString letter = QString(QChar(char16_t(u'A' + i)));
            shown << letter;
            // No break inside one entry: the key wraps between entries only.
            key << QStringLiteral("%1: %2")
                       .arg(letter, whole[i].toHtmlEscaped())
                       .replace(QLatin1Char(' '), QChar(0x00A0));
        }
    }
    if (shown.isEmpty() || QStringList(shown).removeDuplicates() > 0) // an axis's categories are unique
        shown = whole;
    axis->setProperty(kShownCategories, shown);
    if (shown != axis->categories())
        axis->setCategories(shown);
    return key.join(QStringLiteral(" · "));
}

// The title wraps to the chart's width and an axis's title to the plot's width (along the bottom)
// or height (up the side, where Shona's "peak activation memory" title was cut), instead of
// ending in "…". Run whenever the chart lays itself out.
void fitTexts(QChart* chart)
{
    const qreal titleWidth = chart->size().width() - chart->margins().left() - chart->margins().right() - 24;
    wrapTitle(
        chart, [chart] { return chart->title(); }, [chart](const QString& text) { chart->setTitle(text); },
        chart->titleFont(), titleWidth);
    const qreal plotWidth = chart->plotArea().width();
    for (QAbstractAxis* axis : chart->axes(Qt::Horizontal)) {
        auto* categories = qobject_cast<QBarCategoryAxis*>(axis);
        const QString key = categories ? fitCategories(categories, plotWidth) : QString();
        wrapTitle(
            axis, [axis] { return axis->titleText(); },
            [axis](const QString& text) { axis->setTitleText(text); }, axis->titleFont(), plotWidth, key);
    }
    // Less the text box's margins, as Qt Charts measures a rotated title (the last line was cut).
    const qreal plotHeight = chart->plotArea().height() - 2 * 4;
    for (QAbstractAxis* axis : chart->axes(Qt::Vertical)) {
        // A plot too short for the title (Shona's at scale 2): its font shrinks, to three quarters
        // at most, until it fits. The font only thins the axis: the plot's height stays.
        if (!axis->property(kTitleFont).isValid())
            axis->setProperty(kTitleFont, axis->titleFont());
        const QFont base = axis->property(kTitleFont).value<QFont>();
        QString plain = axis->titleText();
        plain.replace(QStringLiteral("<br>"), QStringLiteral(" "))
            .remove(QRegularExpression(QStringLiteral("<[^>]*>")));
        QFont font = base;
        for (int percent = 100; percent >= 75; percent -= 5) {
            font = base;
            if (base.pointSizeF() > 0)
                font.setPointSizeF(base.pointSizeF() * percent / 100);
            else
                font.setPixelSize(std::max(1, base.pixelSize() * percent / 100));
            // Each word fits, in two lines at most: more would thin the plot, and its bottom title
            // would wrap into more lines than the chart's height has room for.
            const QFontMetricsF metrics(font);
            const QStringList words = plain.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            if (std::all_of(words.begin(), words.end(),
                    [&](const QString& word) { return metrics.horizontalAdvance(word) <= plotHeight; })
                && wrappedHtml(plain, font, plotHeight).count(QStringLiteral("<br>")) < 2)
                break;
        }
        if (font != axis->titleFont())
            axis->setTitleFont(font);
        wrapTitle(
            axis, [axis] { return axis->titleText(); },
            [axis](const QString& text) { axis->setTitleText(text); }, font, plotHeight);
    }
}

} // namespace

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
    chart->legend()->setShowToolTips(true); // a name cut short shows whole under the pointer
    // Queued: a title set again from inside the chart's own layout would lay it out once more at once.
    QObject::connect(chart, &QChart::plotAreaChanged, chart, [chart] {
        QMetaObject::invokeMethod(
            chart, [chart] { fitTexts(chart); }, Qt::QueuedConnection);
    });
    QChart* old = view->chart();
    view->setChart(chart);
    delete old; // setChart does not take the old chart with it
    if (ChartLegend* legend = ChartLegend::of(view))
        legend->follow(chart);
    return chart;
}

void keepOutOfLegend(QChart* chart, QAbstractSeries* series)
{
    series->setProperty(kOutOfLegend, true);
    for (QLegendMarker* marker : chart->legend()->markers(series))
        marker->setVisible(false);
}

bool inLegend(const QAbstractSeries* series)
{
    return !series || !series->property(kOutOfLegend).toBool();
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

void showCategoryTips(QAbstractBarSeries* series, QBarCategoryAxis* axis)
{
    QObject::connect(
        series, &QAbstractBarSeries::hovered, axis, [axis](bool status, int index, QBarSet* set) {
            if (!status) {
                QToolTip::hideText();
                return;
            }
            QStringList names = axis->property(kWholeCategories).toStringList();
            if (names.isEmpty())
                names = axis->categories();
            if (index < 0 || index >= names.size() || index >= set->count())
                return;
            QToolTip::showText(QCursor::pos(),
                QStringLiteral("%1\n%2: %3")
                    .arg(names[index], set->label(), QLocale().toString(set->at(index), 'g', 4)));
        });
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
    showCategoryTips(series, x);
}
