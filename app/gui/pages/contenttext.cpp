#include "contenttext.h"

#include <QCoreApplication>
#include <QLabel>
#include <QRegularExpression>

#include "rlab/content/content.h"
#include "tones.h"

QString fromUtf8(const std::string& text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

QString fallbackTag()
{
    return QStringLiteral("EN");
}

QString fallbackTagHtml()
{
    // A small grey badge; rich text in QLabel understands only a subset of CSS, so keep it plain.
    return QStringLiteral(" <span style=\"background-color:%2; color:%3; font-size:small;\">"
                          "&nbsp;%1&nbsp;</span>")
        .arg(fallbackTag(), toneBackgroundName(Tone::Tag), toneName(Tone::Tag));
}

QString plainTextWithTag(const rlab::content::Text& text)
{
    return fromUtf8(text.value) + (text.fallback ? QStringLiteral("  [%1]").arg(fallbackTag()) : QString());
}

QString fallbackToolTip()
{
    return QCoreApplication::translate("ContentText", "Not translated yet: shown in English.");
}

QString contentHtml(const rlab::content::Text& text)
{
    QString html = fromUtf8(text.value).toHtmlEscaped();
    static const QRegularExpression code(QStringLiteral("`([^`]+)`"));
    html.replace(code, QStringLiteral("<code>\\1</code>"));
    html.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    if (text.fallback)
        html += fallbackTagHtml();
    return html;
}

void showContentText(QLabel* label, const rlab::content::Text& text)
{
    label->setTextFormat(Qt::RichText);
    label->setText(contentHtml(text));
    label->setToolTip(text.fallback ? fallbackToolTip() : QString());
    label->setProperty("fallback", text.fallback);
    // Screen readers get the words without markup.
    label->setAccessibleName(fromUtf8(text.value));
}
