#pragma once
// A dismissable strip above the pages for problems that are not fatal: content that did not
// load, a progress file that was set aside.

#include <QFrame>
#include <QStringList>

class QLabel;
class QToolButton;

class NoticeBanner : public QFrame {
    Q_OBJECT

public:
    explicit NoticeBanner(QWidget* parent = nullptr);

    // `heading` is one sentence; `details` (may be long) are listed below it, the first few shown.
    void setNotice(const QString& key, const QString& heading, const QStringList& details = {});
    void clearNotice(const QString& key);
    QString text() const; // everything shown, as plain text (tests, copy)

private:
    void render();

    struct Notice {
        QString key;
        QString heading;
        QStringList details;
    };
    QList<Notice> m_notices;
    QLabel* m_label;
    QToolButton* m_close;
};
