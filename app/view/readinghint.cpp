#include "readinghint.h"

#include <QCoreApplication>
#include <QLabel>

void showReadingHint(QLabel* label, const QString& text, bool folded)
{
    if (folded) {
        label->setTextFormat(Qt::RichText);
        label->setText(
            QStringLiteral("<a href=\"unfold\">%1</a>")
                .arg(QCoreApplication::translate("DemoResultsView", "How to read it…").toHtmlEscaped()));
        label->setToolTip(text);
    } else {
        label->setTextFormat(Qt::PlainText);
        label->setText(text);
        label->setToolTip(QString());
    }
}
