#include "contentlibrary.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QStandardPaths>
#include <QTimer>

#include "common/interfacelanguage.h"
#include "rlab/content/archive.h"

using rlab::app::InterfaceLanguage;

namespace rlab::quiz {

namespace {
// The translation context of the .ts files: the class's name before it had a namespace.
struct Texts {
    Q_DECLARE_TR_FUNCTIONS(ContentLibrary)
};
} // namespace

namespace {
constexpr int SettleMs = 250; // editors write a file in several steps; reload once they are done

std::filesystem::path toPath(const QString& folder)
{
    return std::filesystem::path(QFile::encodeName(folder).toStdString());
}

bool isPack(const QString& folder)
{
    return QFileInfo(QDir(folder).filePath(QStringLiteral("quizzes"))).isDir();
}

bool isArchive(const QString& path)
{
    return QFileInfo(path).isFile() && rlab::content::isPackArchive(toPath(path));
}
} // namespace

ContentLibrary::ContentLibrary(const QString& builtInRoot, QObject* parent)
    : QObject(parent)
    , m_builtIn(builtInRoot)
{
}

QString ContentLibrary::userPackFolder()
{
    const QString fromEnv = qEnvironmentVariable("RLAB_STATE_DIR");
    const QString base
        = fromEnv.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) : fromEnv;
    return QDir(base).filePath(QStringLiteral("content"));
}

QStringList ContentLibrary::packFolders() const
{
    QStringList folders {m_builtIn};
    const QDir user(userPackFolder());
    for (const QString& name : user.entryList(QDir::Dirs | QDir::Files | QDir::NoDotAndDotDot, QDir::Name)) {
        const QString path = user.filePath(name);
        if (isArchive(path) || (QFileInfo(path).isDir() && isPack(path)))
            folders << path;
    }
    for (const QString& folder : m_opened) {
        if (!folders.contains(folder))
            folders << folder;
    }
    return folders;
}

bool ContentLibrary::removePack(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (!m_opened.removeOne(absolute))
        return false;
    m_unpacked.erase(absolute); // its private unpacked copy goes with it
    if (m_watcher)
        watchFiles();
    return true;
}

QString ContentLibrary::openPack(const QString& folderOrArchive)
{
    const QString path = QFileInfo(folderOrArchive).absoluteFilePath();
    if (isArchive(path)) {
        if (const auto pack = unpacked(path); !pack->ok())
            return QString::fromStdString(pack->error());
    } else if (!QFileInfo(path).isDir())
        return Texts::tr(
            "%1 is neither a folder nor a pack archive; a quiz pack is a folder holding quizzes/, "
            "guides/ and demos/, or a .zip, .tar, .tar.gz or .tgz file of one.")
            .arg(QDir::toNativeSeparators(path));
    else if (!isPack(path))
        return Texts::tr(
            "%1 has no quizzes folder; a quiz pack is a folder holding quizzes/, guides/ and demos/.")
            .arg(QDir::toNativeSeparators(path));
    if (!m_opened.contains(path))
        m_opened << path;
    if (m_watcher)
        watchFiles();
    return {};
}

QStringList ContentLibrary::languages() const
{
    QStringList found {QStringLiteral("en")};
    for (const QString& folder : packFolders()) {
        std::filesystem::path root = toPath(folder);
        if (isArchive(folder)) {
            const auto pack = unpacked(folder);
            if (!pack->ok())
                continue;
            root = pack->root();
        }
        for (const std::string& code : rlab::content::availableLanguages(root))
            if (!found.contains(QString::fromStdString(code)))
                found << QString::fromStdString(code);
    }
    for (const QString& code : InterfaceLanguage::translated()) {
        if (!found.contains(code))
            found << code;
    }
    return found;
}

rlab::content::Content ContentLibrary::load(const QString& language) const
{
    const QStringList folders = packFolders();
    rlab::content::Content content = loadPack(folders.first(), language);
    for (const QString& folder : folders.mid(1))
        rlab::content::addPack(
            content, loadPack(folder, language), QFileInfo(folder).fileName().toStdString());
    return content;
}

rlab::content::Content ContentLibrary::loadPack(const QString& folder, const QString& language) const
{
    if (!isArchive(folder))
        return rlab::content::loadContent(toPath(folder), language.toStdString());
    const auto pack = unpacked(folder);
    if (!pack->ok()) {
        rlab::content::Content refused;
        refused.language = language.toStdString();
        refused.errors.push_back({toPath(QFileInfo(folder).fileName()), 0, 0, pack->error()});
        return refused;
    }
    rlab::content::Content loaded = rlab::content::loadContent(pack->root(), language.toStdString());
    pack->nameArchive(loaded.errors);
    return loaded;
}

std::shared_ptr<const rlab::content::UnpackedPack> ContentLibrary::unpacked(const QString& archive) const
{
    const QFileInfo file(archive);
    Unpacked& entry = m_unpacked[file.absoluteFilePath()];
    const qint64 modified = file.lastModified().toMSecsSinceEpoch();
    if (!entry.pack || entry.size != file.size() || entry.modified != modified) {
        entry.pack = std::make_shared<const rlab::content::UnpackedPack>(toPath(file.absoluteFilePath()));
        entry.size = file.size();
        entry.modified = modified;
    }
    return entry.pack;
}

void ContentLibrary::setWatching(bool on)
{
    if (on == isWatching())
        return;
    if (!on) {
        delete m_watcher;
        m_watcher = nullptr;
        return;
    }
    m_watcher = new QFileSystemWatcher(this);
    if (!m_settle) {
        m_settle = new QTimer(this);
        m_settle->setSingleShot(true);
        m_settle->setInterval(SettleMs);
        connect(m_settle, &QTimer::timeout, this, [this] {
            watchFiles(); // a file saved by rename is a new file: watch it again
            emit changed();
        });
    }
    connect(m_watcher, &QFileSystemWatcher::fileChanged, m_settle, qOverload<>(&QTimer::start));
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, m_settle, qOverload<>(&QTimer::start));
    watchFiles();
}

void ContentLibrary::watchFiles()
{
    QStringList paths {userPackFolder()};
    for (const QString& folder : packFolders()) {
        paths << folder;
        if (!QFileInfo(folder).isDir())
            continue; // an archive: the file itself
        QDirIterator it(folder, QDir::AllEntries | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext())
            paths << it.next();
    }
    if (const QStringList old = m_watcher->files() + m_watcher->directories(); !old.isEmpty())
        m_watcher->removePaths(old);
    QStringList present;
    for (const QString& path : paths) {
        if (QFileInfo::exists(path))
            present << path;
    }
    m_watcher->addPaths(present);
}

} // namespace rlab::quiz
