#include "chartlegend.h"

#include <algorithm>
#include <cmath>

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QPainter>
#include <QPolygonF>
#include <QScatterSeries>
#include <QXYSeries>

#include "view/chartstyle.h"

namespace {

constexpr int kPad = 4; // around the legend, inside the view
constexpr int kSwatchGap = 4; // between a swatch and its name
constexpr int kEntryGap = 14; // between two entries in a row
constexpr int kRowGap = 2;

// The mark a series is drawn with: a stretch of its line, its point's shape, or a filled box (bars).
class Swatch : public QWidget {
public:
    enum class Kind { Line, Point, Box };

    Swatch(
        Kind kind, const QPen& pen, const QBrush& brush, QScatterSeries::MarkerShape shape, QWidget* parent)
        : QWidget(parent)
        , m_kind(kind)
        , m_pen(pen)
        , m_brush(brush)
        , m_shape(shape)
    {
    }

    Kind kind() const { return m_kind; }

protected:
    void paintEvent(QPaintEvent* /*event*/) override
    {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        const QRectF area = QRectF(rect()).adjusted(1, 1, -1, -1);
        const qreal side = std::min(area.width(), area.height()) * 0.75;
        QRectF box(QPointF(0, 0), QSizeF(side, side));
        box.moveCenter(area.center());
        switch (m_kind) {
        case Kind::Line: {
            QPen pen = m_pen;
            pen.setWidthF(std::clamp(pen.widthF(), 1.5, 3.0));
            pen.setCapStyle(Qt::FlatCap);
            painter.setPen(pen);
            painter.drawLine(
                QPointF(area.left(), area.center().y()), QPointF(area.right(), area.center().y()));
            break;
        }
        case Kind::Point:
            painter.setPen(QPen(m_pen.color(), 1));
            painter.setBrush(m_brush);
            if (m_shape == QScatterSeries::MarkerShapeRectangle) {
                painter.drawRect(box);
            } else if (m_shape == QScatterSeries::MarkerShapeTriangle) {
                painter.drawPolygon(
                    QPolygonF({QPointF(box.center().x(), box.top()), box.bottomRight(), box.bottomLeft()}));
            } else {
                painter.drawEllipse(box);
            }
            break;
        case Kind::Box:
            painter.setPen(Qt::NoPen);
            painter.setBrush(m_brush);
            painter.drawRect(box);
            break;
        }
    }

private:
    Kind m_kind;
    QPen m_pen;
    QBrush m_brush;
    QScatterSeries::MarkerShape m_shape;
};

// The widest word of `text`: a name is never broken inside one.
int widestWord(const QFontMetrics& metrics, const QString& text)
{
    int widest = 0;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        widest = std::max(widest, metrics.horizontalAdvance(word) + 2);
    return widest;
}

} // namespace

ChartLegend::ChartLegend(QChartView* view)
    : QWidget(view->viewport())
    , m_view(view)
{
    setObjectName(QStringLiteral("chartLegend"));
    view->viewport()->installEventFilter(this); // its own resize: the view's comes before it
    hide();
}

ChartLegend* ChartLegend::of(const QChartView* view)
{
    return view->viewport()->findChild<ChartLegend*>(QString(), Qt::FindDirectChildrenOnly);
}

void ChartLegend::follow(QChart* chart)
{
    for (const Entry& entry : std::as_const(m_entries)) {
        delete entry.swatch;
        delete entry.label;
    }
    m_entries.clear();
    hide();
    m_chart = chart;
    chart->legend()->hide();
    // Queued: the chart's series are added (and some kept out of the legend) after it is reset.
    QMetaObject::invokeMethod(
        this,
        [this, shown = QPointer<QChart>(chart)] {
            if (shown && shown == m_chart && m_entries.isEmpty())
                takeMarkers();
        },
        Qt::QueuedConnection);
}

void ChartLegend::setBeside(bool beside)
{
    if (beside == m_beside)
        return;
    m_beside = beside;
    arrange();
}

QList<QLabel*> ChartLegend::labels() const
{
    QList<QLabel*> labels;
    for (const Entry& entry : m_entries)
        labels.push_back(entry.label);
    return labels;
}

bool ChartLegend::eventFilter(QObject* watched, QEvent* event)
{
    // The viewport is our parent: no call on the view, which may be half destroyed (its
    // ~QWidget sends the viewport events after ~QAbstractScrollArea has run; UBSan's vptr check).
    if (event->type() == QEvent::Resize && watched == parentWidget())
        arrange();
    return QWidget::eventFilter(watched, event);
}

void ChartLegend::takeMarkers()
{
    QLegend* legend = m_chart->legend();
    for (QLegendMarker* marker : legend->markers()) {
        if (marker->label().isEmpty() || !inLegend(marker->series()))
            continue;
        Swatch::Kind kind = Swatch::Kind::Box;
        QPen pen = marker->pen();
        QBrush brush = marker->brush();
        auto shape = QScatterSeries::MarkerShapeCircle;
        if (auto* scatter = qobject_cast<QScatterSeries*>(marker->series())) {
            kind = Swatch::Kind::Point;
            shape = scatter->markerShape();
            brush = scatter->color();
            pen = QPen(scatter->borderColor());
        } else if (auto* line = qobject_cast<QXYSeries*>(marker->series())) {
            kind = Swatch::Kind::Line;
            pen = line->pen();
        }
        Entry entry;
        entry.swatch = new Swatch(kind, pen, brush, shape, this);
        entry.label = new QLabel(this);
        entry.label->setTextFormat(Qt::PlainText); // "budget:<bytes> runs" is a name, not markup
        entry.label->setWordWrap(true);
        entry.label->setFont(legend->font());
        QPalette palette = entry.label->palette();
        palette.setColor(QPalette::WindowText, legend->labelColor());
        entry.label->setPalette(palette);
        entry.label->setText(marker->label());
        entry.swatch->show();
        entry.label->show();
        m_entries.push_back(entry);
    }
    arrange();
}

int ChartLegend::place(int width, bool column, bool apply)
{
    int x = 0, y = 0, rowHeight = 0;
    for (const Entry& entry : std::as_const(m_entries)) {
        const QFontMetrics metrics(entry.label->font());
        const auto* swatch = static_cast<const Swatch*>(entry.swatch);
        const int swatchWidth
            = swatch->kind() == Swatch::Kind::Line ? metrics.height() * 3 / 2 : metrics.height();
        const int natural = metrics.horizontalAdvance(entry.label->text()) + 2;
        const int room = width - swatchWidth - kSwatchGap;
        // A name too long for the row wraps at its spaces, never inside a word.
        const int labelWidth
            = natural <= room ? natural : std::max(room, widestWord(metrics, entry.label->text()));
        const int entryWidth = swatchWidth + kSwatchGap + labelWidth;
        if (x > 0 && (column || x + entryWidth > width)) {
            y += rowHeight + kRowGap;
            x = 0;
            rowHeight = 0;
        }
        const int height = std::max(metrics.height(), entry.label->heightForWidth(labelWidth));
        if (apply) {
            entry.swatch->setGeometry(x, y, swatchWidth, metrics.height());
            entry.label->setGeometry(x + swatchWidth + kSwatchGap, y, labelWidth, height);
        }
        x += entryWidth + kEntryGap;
        rowHeight = std::max(rowHeight, height);
    }
    return y + rowHeight;
}

void ChartLegend::arrange()
{
    if (!m_chart)
        return;
    const QMargins plain(kPad, kPad, kPad, kPad); // as resetDemoChart sets them
    if (m_entries.isEmpty()) {
        hide();
        if (m_chart->margins() != plain)
            m_chart->setMargins(plain);
        return;
    }
    const QRect area = m_view->viewport()->rect();
    int widest = 0; // the widest entry, in a column
    for (const Entry& entry : std::as_const(m_entries)) {
        const QFontMetrics metrics(entry.label->font());
        widest = std::max(widest,
            metrics.height() * 3 / 2 + kSwatchGap + metrics.horizontalAdvance(entry.label->text()) + 2);
    }
    // Beside the plot: a column no wider than 40% of the view that fits its height, else below.
    const int columnWidth = std::min(widest, area.width() * 2 / 5);
    m_shownBeside = m_beside && place(columnWidth, true, false) <= area.height() - 2 * kPad;
    if (m_shownBeside) {
        const int height = place(columnWidth, true, true);
        setGeometry(area.right() - columnWidth - kPad, area.top() + (area.height() - height) / 2, columnWidth,
            height);
        m_chart->setMargins(QMargins(kPad, kPad, columnWidth + 3 * kPad, kPad));
    } else {
        const int width = std::max(1, area.width() - 2 * kPad);
        const int height = place(width, false, true);
        setGeometry(area.left() + kPad, area.bottom() - kPad - height, width, height);
        m_chart->setMargins(QMargins(kPad, kPad, kPad, height + 2 * kPad));
    }
    show();
}
