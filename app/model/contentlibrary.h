#pragma once
// All the content the app shows: the built-in tree, the quiz packs in the user's data folder
// (<AppDataLocation or $RLAB_STATE_DIR>/content/<pack>/) and packs opened from the File menu.
// Each pack is loaded and checked on its own by the content loader, then added to the others
// (rlab::content::addPack), so a broken pack reports its errors without hiding the rest.

#include <QObject>
#include <QStringList>

#include "rlab/content/content.h"

class QFileSystemWatcher;
class QTimer;

class ContentLibrary : public QObject {
    Q_OBJECT

public:
    explicit ContentLibrary(const QString& builtInRoot, QObject* parent = nullptr);

    // Where a learner or teacher drops packs: one folder per pack, each holding quizzes/.
    static QString userPackFolder();
    // The built-in tree first, then the user's packs (by name), then those opened, in order.
    QStringList packFolders() const;

    // Adds the pack in `folder` (holding quizzes/); empty on success, else one sentence.
    QString openPack(const QString& folder);

    // "en" first, then every language some pack has content in, then those the interface speaks.
    QStringList languages() const;
    bool offers(const QString& language) const { return languages().contains(language); }

    rlab::content::Content load(const QString& language) const;

    // Watches every pack's folders and files; changed() follows an edit (after a short pause, so an
    // editor's save-by-rename is one change).
    void setWatching(bool on);
    bool isWatching() const { return m_watcher != nullptr; }

signals:
    void changed();

private:
    void watchFiles();

    QString m_builtIn;
    QStringList m_opened;
    QFileSystemWatcher* m_watcher = nullptr;
    QTimer* m_settle = nullptr;
};
