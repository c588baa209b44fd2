#include "noticebanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

#include "view/tones.h"

namespace {
constexpr int ShownDetails = 4; // more would push the quiz off small screens; the tooltip has all
}

NoticeBanner::NoticeBanner(QWidget* parent)
    : QFrame(parent)
    , m_label(new QLabel(this))
    , m_close(new QToolButton(this))
{
    setObjectName(QStringLiteral("noticeBanner"));
    setToneStyleSheet(this, [] {
        return QStringLiteral("QFrame#noticeBanner { background: %1; border: 1px solid %2; "
                              "border-radius: 6px; } QFrame#noticeBanner QLabel { color: palette(text); }")
            .arg(toneBackgroundName(Tone::Notice), toneName(Tone::Notice));
    });
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_close->setText(QStringLiteral("✕"));
    m_close->setAutoRaise(true);
    m_close->setAccessibleName(tr("Dismiss the notice"));
    m_close->setToolTip(tr("Dismiss the notice"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 6, 6);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_close, 0, Qt::AlignTop);
    connect(m_close, &QToolButton::clicked, this, &NoticeBanner::dismiss);
    hide();
}

void NoticeBanner::setNotice(
    const QString& key, const QString& heading, const QStringList& details, const QString& identity)
{
    m_notices.removeIf([&key](const Notice& notice) { return notice.key == key; });
    m_notices.append(
        {key, heading, details, identity.isEmpty() ? details.join(QLatin1Char('\n')) : identity});
    render();
}

void NoticeBanner::clearNotice(const QString& key)
{
    m_notices.removeIf([&key](const Notice& notice) { return notice.key == key; });
    render();
}

QString NoticeBanner::text() const
{
    QStringList lines;
    for (const Notice& notice : shownNotices()) {
        lines << notice.heading;
        lines << notice.details;
    }
    return lines.join(QLatin1Char('\n'));
}

QString NoticeBanner::fingerprint(const Notice& notice)
{
    return notice.key + QChar(0x1f) + notice.identity; // the unit separator: in neither part
}

QList<NoticeBanner::Notice> NoticeBanner::shownNotices() const
{
    QList<Notice> shown;
    for (const Notice& notice : m_notices) {
        if (!m_dismissed.contains(fingerprint(notice)))
            shown.append(notice);
    }
    return shown;
}

void NoticeBanner::dismiss()
{
    for (const Notice& notice : m_notices)
        m_dismissed.insert(fingerprint(notice));
    render();
}

void NoticeBanner::render()
{
    const QList<Notice> shown = shownNotices();
    QString html;
    for (const Notice& notice : shown) {
        html += QStringLiteral("<b>%1</b>").arg(notice.heading.toHtmlEscaped());
        for (int i = 0; i < notice.details.size() && i < ShownDetails; ++i)
            html += QStringLiteral("<br>• %1").arg(notice.details[i].toHtmlEscaped());
        if (notice.details.size() > ShownDetails)
            html += QStringLiteral("<br>• ")
                + tr("and %n more (hover to see all)", nullptr,
                    static_cast<int>(notice.details.size() - ShownDetails));
        html += QStringLiteral("<br>");
    }
    m_label->setText(html);
    m_label->setToolTip(text());
    m_label->setAccessibleName(text());
    setVisible(!shown.isEmpty());
}
