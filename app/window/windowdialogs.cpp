#include "windowdialogs.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QInputDialog>
#include <QMessageBox>
#include <QWidget>

namespace {
// The strings keep the main window's translation context, where they were written.
struct MainWindow {
    Q_DECLARE_TR_FUNCTIONS(MainWindow)
};
} // namespace

void showAboutBox(QWidget* parent)
{
    // A build that names no address (RLAB_HOMEPAGE_URL empty) shows no links rather than broken ones.
    const QString source = QStringLiteral(RLAB_SOURCE_URL);
    const QString bugs = source + QStringLiteral("/issues");
    const auto link = [](const QString& url) { return QStringLiteral("<a href=\"%1\">%1</a>").arg(url); };
    const QString links = source.isEmpty() ? QString()
                                           : QStringLiteral("<p>%1<br>%2</p>")
                                                 .arg(MainWindow::tr("Source code: %1").arg(link(source)),
                                                     MainWindow::tr("Report a problem: %1").arg(link(bugs)));
    QMessageBox box(parent);
    box.setWindowTitle(MainWindow::tr("About Recompute Lab"));
    box.setIconPixmap(parent->windowIcon().pixmap(64, 64));
    box.setTextFormat(Qt::RichText);
    box.setText(
        QStringLiteral("<h3>Recompute Lab %1</h3>").arg(QApplication::applicationVersion().toHtmlEscaped()));
    box.setInformativeText(
        QStringLiteral("<p>%1</p><p>%2</p>%3")
            .arg(MainWindow::tr(
                     "Recompute Lab teaches activation recomputation (gradient checkpointing) with quizzes "
                     "and live demos that train a small GPT-style model and measure its memory and time."),
                MainWindow::tr("Free software under the MIT licence."), links));
    box.setTextInteractionFlags(Qt::TextBrowserInteraction);
    box.setStandardButtons(QMessageBox::Close);
    box.exec();
}

bool confirmStartOver(QWidget* parent)
{
    const auto answer = QMessageBox::question(parent, MainWindow::tr("Start over"),
        MainWindow::tr(
            "Clear every answer of this quiz and start again? Your earlier attempts stay in its history."),
        QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    return answer == QMessageBox::Yes;
}

QString choosePackToRemove(QWidget* parent, const QStringList& opened)
{
    if (opened.isEmpty())
        return {};
    QStringList names;
    for (const QString& pack : opened)
        names << QDir::toNativeSeparators(pack);
    QString chosen = opened.constFirst();
    if (opened.size() > 1) {
        bool ok = false;
        const QString name = QInputDialog::getItem(parent, MainWindow::tr("Remove pack"),
            MainWindow::tr("Which pack do you want to remove?"), names, 0, false, &ok);
        if (!ok)
            return {};
        chosen = opened.value(names.indexOf(name));
    }
    const auto answer = QMessageBox::question(parent, MainWindow::tr("Remove pack"),
        MainWindow::tr("Remove the pack %1 from the app? Its files stay where they are, and your answers to "
                       "its quizzes are kept for when you open it again.")
            .arg(QDir::toNativeSeparators(chosen)),
        QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    return answer == QMessageBox::Yes ? chosen : QString();
}
