#pragma once
// File > Open pack…: one dialog for a quiz pack as a folder or as an archive. Qt's dialogs pick
// either folders or files, so this one lists both (folders and .zip/.tar/.tar.gz/.tgz files) and
// opens a selected folder that holds quizzes/ instead of entering it; other folders are entered,
// as in any file dialog.

#include <QFileDialog>

class PackDialog : public QFileDialog {
    Q_OBJECT

public:
    explicit PackDialog(QWidget* parent = nullptr);

    // The folder or archive chosen; empty until the dialog is accepted.
    QString chosen() const { return m_chosen; }

    void accept() override;

private:
    QString m_chosen;
};
