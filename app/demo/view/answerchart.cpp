#include "answerchart.h"

#include <algorithm>

#include <QEvent>
#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>

#include "view/tones.h"

using rlab::demo::AnswerBar;
using rlab::demo::AnswerFigures;

namespace {
constexpr int kGap = 6; // between bars, and around the plot
constexpr int kMostBars = 16; // a preset's most runs

// The compared runs in the palette's highlight, the rest in a grey that still reads on its base:
// both pass 3:1 against the base colour in the light and the dark palette.
QColor barColor(const QPalette& palette, bool compared)
{
    if (compared)
        return palette.color(QPalette::Highlight);
    return isDarkPalette(palette) ? QColor(0x9e, 0x9e, 0x9e) : QColor(0x75, 0x75, 0x75);
}
} // namespace

AnswerChart::AnswerChart(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("answerChart"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
}

void AnswerChart::setFigures(const AnswerFigures& figures)
{
    m_figures = figures;
    describe();
    updateGeometry();
    update();
}

void AnswerChart::setPlaceholder(const QString& text)
{
    m_placeholder = text;
    describe();
    update();
}

int AnswerChart::barHeight() const
{
    return fontMetrics().height() + 10;
}

QSize AnswerChart::sizeHint() const
{
    const int bars = std::clamp(static_cast<int>(m_figures.bars.size()), 2, kMostBars);
    const int title = fontMetrics().height() + kGap;
    return {360, title + bars * (barHeight() + kGap) + kGap};
}

QSize AnswerChart::minimumSizeHint() const
{
    return {220, sizeHint().height()};
}

void AnswerChart::describe()
{
    if (m_figures.empty()) {
        setAccessibleName(m_placeholder);
        setAccessibleDescription(QString());
        return;
    }
    setAccessibleName(m_figures.title);
    QStringList lines;
    for (const AnswerBar& bar : m_figures.bars)
        lines << QStringLiteral("%1: %2").arg(bar.label, bar.text);
    setAccessibleDescription(lines.join(QStringLiteral("; ")));
}

void AnswerChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        update();
    QWidget::changeEvent(event);
}

void AnswerChart::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette& colors = palette();
    painter.fillRect(rect(), colors.color(QPalette::Base));
    painter.setPen(colors.color(QPalette::Mid));
    painter.drawRect(rect().adjusted(0, 0, -1, -1));
    const QFontMetrics metrics = fontMetrics();
    if (m_figures.empty()) {
        painter.setPen(colors.color(QPalette::Text));
        painter.drawText(rect().adjusted(2 * kGap, kGap, -2 * kGap, -kGap),
            Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
        return;
    }
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(colors.color(QPalette::Text));
    const int titleHeight = metrics.height() + kGap;
    painter.drawText(QRect(kGap, kGap / 2, width() - 2 * kGap, titleHeight), Qt::AlignLeft | Qt::AlignVCenter,
        m_figures.predicted ? tr("%1 (predicted)").arg(m_figures.title) : m_figures.title);
    painter.setFont(font());

    // Labels in a column as wide as the longest (at most a third of the width), the value after each bar.
    int labelWidth = 0, textWidth = 0;
    double largest = 0;
    for (const AnswerBar& bar : m_figures.bars) {
        // + 2: elidedText rounds fractional advances up and cut "selective" at its own width.
        labelWidth = std::max(labelWidth, metrics.horizontalAdvance(bar.label) + 2);
        textWidth = std::max(textWidth, metrics.horizontalAdvance(bar.text));
        largest = std::max({largest, bar.value, bar.high});
    }
    labelWidth = std::min(labelWidth, width() / 3);
    const int left = kGap + labelWidth + kGap;
    const int right = width() - kGap - textWidth - kGap;
    const int plot = std::max(1, right - left);
    // The bars take the height there is: thicker in a tall lesson, never thinner than a line of text.
    const int count = static_cast<int>(m_figures.bars.size());
    const int thick = std::clamp(
        (height() - titleHeight - kGap) / std::max(1, count) - kGap, barHeight(), 3 * metrics.height());
    const int step = thick + kGap;
    int y = titleHeight + kGap;
    for (const AnswerBar& bar : m_figures.bars) {
        const QRect labelBox(kGap, y, labelWidth, thick);
        painter.setPen(colors.color(QPalette::Text));
        painter.drawText(labelBox, Qt::AlignRight | Qt::AlignVCenter,
            metrics.elidedText(bar.label, Qt::ElideMiddle, labelWidth));
        const int length = largest > 0 ? static_cast<int>(plot * std::max(0.0, bar.value) / largest) : 0;
        const QRect barBox(left, y + 3, std::max(length, 1), thick - 6);
        painter.fillRect(barBox, barColor(colors, bar.compared));
        if (bar.high > bar.low && largest > 0) { // a step time's 95% interval as a whisker
            const int low = left + static_cast<int>(plot * bar.low / largest);
            const int high = left + static_cast<int>(plot * bar.high / largest);
            const int middle = y + thick / 2;
            painter.setPen(QPen(colors.color(QPalette::Text), 1.5));
            painter.drawLine(low, middle, high, middle);
            painter.drawLine(low, middle - 4, low, middle + 4);
            painter.drawLine(high, middle - 4, high, middle + 4);
        }
        painter.setPen(colors.color(QPalette::Text));
        const int textLeft
            = std::max(barBox.right(),
                  left
                      + (bar.high > bar.low && largest > 0 ? static_cast<int>(plot * bar.high / largest) : 0))
            + kGap;
        painter.drawText(
            QRect(textLeft, y, width() - textLeft - kGap, thick), Qt::AlignLeft | Qt::AlignVCenter, bar.text);
        y += step;
    }
}
