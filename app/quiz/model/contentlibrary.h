#pragma once
// All the content the app shows: the built-in tree, the quiz packs in the user's data folder
// (<AppDataLocation or $RLAB_STATE_DIR>/content/<pack>/ or <pack>.zip) and packs opened from the
// File menu. Each pack is loaded and checked on its own by the content loader, then added to the
// others (rlab::content::addPack), so a broken pack reports its errors without hiding the rest. A
// pack sent as one archive (.zip, .tar, .tar.gz, .tgz) is unpacked into a private temporary folder
// (rlab::content::UnpackedPack, again when the file changes) and its errors name its entries.

#include <map>
#include <memory>

#include <QObject>
#include <QStringList>

#include "rlab/content/content.h"

namespace rlab::content {
class UnpackedPack;
}

class QFileSystemWatcher;
class QTimer;

namespace rlab::quiz {

class ContentLibrary : public QObject {
    Q_OBJECT

public:
    // `builtInRoot`: the built-in content, or what --content names (a folder or a pack archive).
    explicit ContentLibrary(const QString& builtInRoot, QObject* parent = nullptr);

    // Where a learner or teacher drops packs: one folder (holding quizzes/) or archive per pack.
    static QString userPackFolder();
    // The built-in tree first, then the user's packs (by name), then those opened, in order: each a
    // folder, or an archive file.
    QStringList packFolders() const;

    // Adds the pack in `folderOrArchive` (a folder holding quizzes/, or an archive of one); empty
    // on success, else one sentence.
    QString openPack(const QString& folderOrArchive);
    // The packs opened this session (File > Open pack…), as absolute paths, in order.
    QStringList openedPacks() const { return m_opened; }
    // Takes an opened pack out of the content again; its files stay where they are. False when
    // `path` was not opened.
    bool removePack(const QString& path);

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
    // One pack, from its folder or its archive (errors named by the archive's entries).
    rlab::content::Content loadPack(const QString& folder, const QString& language) const;
    // The archive unpacked, once per version of the file (its size and modification time).
    std::shared_ptr<const rlab::content::UnpackedPack> unpacked(const QString& archive) const;

    QString m_builtIn;
    QStringList m_opened;
    QFileSystemWatcher* m_watcher = nullptr;
    QTimer* m_settle = nullptr;
    struct Unpacked {
        qint64 size = -1;
        qint64 modified = -1;
        std::shared_ptr<const rlab::content::UnpackedPack> pack;
    };
    mutable std::map<QString, Unpacked> m_unpacked; // by the archive's absolute path
};

} // namespace rlab::quiz
