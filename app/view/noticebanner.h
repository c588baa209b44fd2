#pragma once
// A dismissable strip above the pages for problems that are not fatal: content that did not
// load, a progress file that was set aside. A dismissed notice stays away until a different one comes.

#include <QFrame>
#include <QSet>
#include <QStringList>

class QLabel;
class QToolButton;

class NoticeBanner : public QFrame {
    Q_OBJECT

public:
    explicit NoticeBanner(QWidget* parent = nullptr);

    // Sets the notice under `key`, replacing the one before. `heading` is one sentence; `details`
    // (may be long) are listed below it, the first few shown. `identity` says which problem this is
    // in words no language switch changes (empty: the details): a notice the learner dismissed stays
    // hidden when set again, as it is in each new language, and only a different identity shows.
    void setNotice(const QString& key, const QString& heading, const QStringList& details = {},
        const QString& identity = {});
    void clearNotice(const QString& key);
    QString text() const; // everything shown, as plain text (tests, copy)

private:
    struct Notice {
        QString key;
        QString heading;
        QStringList details;
        QString identity;
    };
    static QString fingerprint(const Notice& notice);
    QList<Notice> shownNotices() const;
    void dismiss();
    void render();

    QList<Notice> m_notices;
    QSet<QString> m_dismissed; // fingerprints of the notices the learner closed
    QLabel* m_label;
    QToolButton* m_close;
};
