#include "packdialog.h"

#include <QDir>
#include <QFileInfo>

PackDialog::PackDialog(QWidget* parent)
    : QFileDialog(parent, tr("Open a quiz pack"))
{
    // Qt's own dialog: a platform dialog cannot be told to open a folder as if it were a file.
    setOption(QFileDialog::DontUseNativeDialog);
    setFileMode(QFileDialog::ExistingFile);
    setNameFilters(
        {tr("Quiz packs (*.zip *.tar *.tar.gz *.tgz *.tar.xz *.txz *.tar.zst *.tzst)"), tr("All files (*)")});
    setLabelText(QFileDialog::FileName, tr("Pack:"));
    setLabelText(QFileDialog::Accept, tr("Open"));
}

void PackDialog::accept()
{
    const QStringList files = selectedFiles();
    if (files.size() == 1) {
        const QFileInfo chosen(files.first());
        if (chosen.isFile()
            || (chosen.isDir() && QDir(chosen.filePath()).exists(QStringLiteral("quizzes")))) {
            m_chosen = chosen.absoluteFilePath();
            // Not QFileDialog::accept, which would enter the pack's folder instead of closing.
            QDialog::accept(); // NOLINT(bugprone-parent-virtual-call)
            return;
        }
    }
    QFileDialog::accept(); // a folder that is not a pack: enter it
}
