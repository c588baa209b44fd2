#include "contenttext.h"

#include <QCoreApplication>
#include <QLabel>
#include <QRegularExpression>

#include "demo/model/livefigures.h"
#include "rlab/content/content.h"
#include "view/tones.h"

using rlab::demo::LiveFigures;

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

QString contentPlainText(const LiveFigures& figures, const rlab::content::Text& text)
{
    return figures.plain(text);
}

QString plainTextWithTag(const LiveFigures& figures, const rlab::content::Text& text)
{
    return contentPlainText(figures, text)
        + (text.fallback ? QStringLiteral("  [%1]").arg(fallbackTag()) : QString());
}

QString fallbackToolTip()
{
    return QCoreApplication::translate("ContentText", "Not translated yet: shown in English.");
}

QString contentHtml(const LiveFigures& figures, const rlab::content::Text& text)
{
    QString html = contentPlainText(figures, text).toHtmlEscaped();
    static const QRegularExpression code(QStringLiteral("`([^`]+)`"));
    html.replace(code, QStringLiteral("<code>\\1</code>"));
    html.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    if (text.fallback)
        html += fallbackTagHtml();
    return html;
}

void showContentText(const LiveFigures& figures, QLabel* label, const rlab::content::Text& text)
{
    const LiveFigures::Rendered rendered = figures.render(text);
    label->setTextFormat(Qt::RichText);
    QString html = contentHtml(figures, text);
    // A text that quotes a demo's figures says where they came from (measured or predicted).
    const QString note = LiveFigures::sourcesNote(rendered.sources);
    if (!note.isEmpty())
        html += QStringLiteral("<br><span style=\"color:%1; font-size:small;\">%2</span>")
                    .arg(toneName(Tone::Tag), note.toHtmlEscaped());
    label->setText(html);
    QStringList tips;
    if (text.fallback)
        tips << fallbackToolTip();
    label->setToolTip(tips.join(QLatin1Char('\n')));
    label->setProperty("fallback", text.fallback);
    label->setProperty("figureSources", rendered.sources);
    // Screen readers get the words without markup.
    label->setAccessibleName(rendered.text);
}

QString seeAlsoHtml(const rlab::content::Content& content, const rlab::content::Question& question)
{
    QStringList links;
    for (const rlab::content::Question::SeeAlso& target : question.seeAlso) {
        const rlab::content::Quiz* quiz = content.quiz(target.quiz);
        if (!quiz)
            continue;
        for (std::size_t i = 0; i < quiz->questions.size(); ++i) {
            if (quiz->questions[i].id != target.question)
                continue;
            const QString text = QCoreApplication::translate("ContentText", "%1, question %2")
                                     .arg(fromUtf8(quiz->title.value))
                                     .arg(i + 1);
            links << QStringLiteral("<a href=\"seealso:%1/%2\">%3</a>")
                         .arg(fromUtf8(quiz->id))
                         .arg(i + 1)
                         .arg(text.toHtmlEscaped());
        }
    }
    if (links.isEmpty())
        return {};
    return QCoreApplication::translate("ContentText", "See also: %1").arg(links.join(QStringLiteral("; ")));
}

bool readSeeAlsoLink(const QString& link, QString* quizId, int* question)
{
    static const QRegularExpression pattern(QStringLiteral("^seealso:([a-z0-9-]+)/([0-9]+)$"));
    const QRegularExpressionMatch match = pattern.match(link);
    if (!match.hasMatch())
        return false;
    *quizId = match.captured(1);
    *question = match.captured(2).toInt() - 1;
    return *question >= 0;
}
