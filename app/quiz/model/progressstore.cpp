// GCC 12 reports a null dereference inside Qt 6.4's QHash<QString, QString>::operator== as this
// file instantiates it (SavedAttempt's comparison): the hash's data is checked for null before that
// line runs, so it cannot happen, but -Werror would fail the build. Off for this file only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wnull-dereference"
#endif
#include "progressstore.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sys/stat.h>

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>

#include "rlab/layout.h"
#include "rlab/safe_write.h"
#include "rlab/words.h"

namespace rlab::quiz {

namespace {
constexpr int FormatVersion = 2; // 1: quizzes held only the answers; read and migrated
constexpr qint64 MaxFileBytes = 4 * 1024 * 1024; // progress is a few KiB; refuse anything absurd
constexpr int MaxAttempts = 500; // a quiz's history is kept whole up to here; the oldest go first
constexpr int LockWaitMs = 2000; // another window's save takes milliseconds

QString defaultDirectory()
{
    QString fromEnv = qEnvironmentVariable("RLAB_STATE_DIR");
    if (!fromEnv.isEmpty())
        return fromEnv;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

// Beside the progress where a folder was given, else in the XDG state folder (rlab/layout.h).
QString windowFileFor(const QString& directory)
{
    const QString given = directory.isEmpty() ? qEnvironmentVariable("RLAB_STATE_DIR") : directory;
    if (!given.isEmpty())
        return QDir(given).filePath(QStringLiteral("window.json"));
    const std::filesystem::path state = rlab::stateFolder();
    return state.empty() ? QString()
                         : QDir(QFile::decodeName(state.c_str())).filePath(QStringLiteral("window.json"));
}

QString fileIn(const QString& directory)
{
    return QDir(directory).filePath(QStringLiteral("progress.json"));
}

// A JSON object of text values; false when any value is not text (the text ones are read).
bool readTexts(const QJsonValue& value, QHash<QString, QString>* out)
{
    if (!value.isObject())
        return false;
    const QJsonObject object = value.toObject();
    bool all = true;
    for (auto entry = object.begin(); entry != object.end(); ++entry) {
        if (entry.value().isString())
            out->insert(entry.key(), entry.value().toString());
        else
            all = false;
    }
    return all;
}

// What a language setting may hold: a code like "en", "ru", "pt_BR" (an escape sequence is not one).
bool isLanguageCode(const QString& code)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9_-]{0,35}$"));
    return pattern.match(code).hasMatch();
}

bool readTextList(const QJsonValue& value, QStringList* out)
{
    if (value.isUndefined())
        return true;
    if (!value.isArray())
        return false;
    for (const auto& item : value.toArray()) {
        if (!item.isString())
            return false;
        out->append(item.toString());
    }
    return true;
}

QJsonObject textObject(const QHash<QString, QString>& texts)
{
    QJsonObject object;
    for (auto entry = texts.cbegin(); entry != texts.cend(); ++entry)
        object.insert(entry.key(), entry.value());
    return object;
}

bool readAttempt(const QJsonValue& value, SavedAttempt* attempt)
{
    if (!value.isObject())
        return false;
    const QJsonObject object = value.toObject();
    const QJsonValue kind = object.value(QStringLiteral("kind"));
    const QJsonValue started = object.value(QStringLiteral("started"));
    if (!kind.isString() || (!started.isUndefined() && !started.isString()))
        return false;
    const QJsonValue id = object.value(QStringLiteral("id"));
    if (!id.isUndefined() && !id.isString())
        return false;
    attempt->kind = kind.toString();
    attempt->id = id.toString();
    attempt->started = QDateTime::fromString(started.toString(), Qt::ISODate);
    return readTextList(object.value(QStringLiteral("questions")), &attempt->questions)
        && readTexts(object.value(QStringLiteral("answers")), &attempt->answers)
        && readTextList(object.value(QStringLiteral("guide_opened")), &attempt->guideOpened)
        && (object.value(QStringLiteral("first_tries")).isUndefined()
            || readTexts(object.value(QStringLiteral("first_tries")), &attempt->firstTries));
}

// Format 2's quiz object, as much of it as is well formed; false when some part (an answer, an
// attempt or its start, a review card) could not be read and was left out.
bool readQuiz(const QJsonObject& object, QuizProgress* quiz)
{
    bool all = true;
    const QJsonValue answers = object.value(QStringLiteral("answers"));
    if (!answers.isUndefined() && !readTexts(answers, &quiz->answers))
        all = false;
    const QJsonValue attempts = object.value(QStringLiteral("attempts"));
    if (!attempts.isUndefined() && !attempts.isArray())
        all = false;
    for (const auto& item : attempts.toArray()) {
        SavedAttempt attempt;
        if (!readAttempt(item, &attempt)) {
            all = false;
            continue;
        }
        // Kept without its start, which is not a date; the file set aside keeps what it said.
        if (!attempt.started.isValid()
            && !item.toObject().value(QStringLiteral("started")).toString().isEmpty())
            all = false;
        quiz->attempts.append(attempt);
    }
    const QJsonValue review = object.value(QStringLiteral("review"));
    if (!review.isUndefined() && !review.isObject())
        all = false;
    const QJsonObject cards = review.toObject();
    for (auto entry = cards.begin(); entry != cards.end(); ++entry) {
        const QJsonObject card = entry.value().toObject();
        ReviewCard read {card.value(QStringLiteral("box")).toInt(0),
            QDate::fromString(card.value(QStringLiteral("due")).toString(), Qt::ISODate)};
        if (!entry.value().isObject() || read.box < 1 || !read.due.isValid())
            all = false;
        else
            quiz->review.insert(entry.key(), read);
    }
    return all;
}

// Format 1 held questionId -> optionId: those are the latest answers and the one attempt made.
QuizProgress migrated(const QHash<QString, QString>& answers)
{
    QuizProgress quiz;
    quiz.answers = answers;
    if (!answers.isEmpty()) {
        SavedAttempt first;
        first.kind = QStringLiteral("first");
        first.answers = answers;
        quiz.attempts.append(first);
    }
    return quiz;
}

// The three-way merge of a save: a key this store changed since it last read the file takes this
// store's value (or goes, when removed here); every other key takes the file's, as another window
// left it.
template<typename Key, typename Value>
QList<std::pair<Key, Value>> mergedEntries(const QList<std::pair<Key, Value>>& base,
    const QList<std::pair<Key, Value>>& ours, const QList<std::pair<Key, Value>>& theirs)
{
    QHash<Key, const Value*> inBase, inOurs, inTheirs;
    for (const auto& [key, value] : base)
        inBase.insert(key, &value);
    for (const auto& [key, value] : ours)
        inOurs.insert(key, &value);
    for (const auto& [key, value] : theirs)
        inTheirs.insert(key, &value);
    QList<std::pair<Key, Value>> result;
    const auto take = [&](const Key& key) {
        const Value* here = inOurs.value(key);
        const Value* before = inBase.value(key);
        const bool changedHere = (here == nullptr) != (before == nullptr) || (here && !(*here == *before));
        if (const Value* chosen = changedHere ? here : inTheirs.value(key))
            result.append({key, *chosen});
    };
    for (const auto& entry : theirs)
        take(entry.first);
    for (const auto& entry : ours)
        if (!inTheirs.contains(entry.first))
            take(entry.first);
    return result;
}

template<typename Value> QList<std::pair<QString, Value>> entriesOf(const QHash<QString, Value>& hash)
{
    QList<std::pair<QString, Value>> entries;
    for (auto entry = hash.cbegin(); entry != hash.cend(); ++entry)
        entries.append({entry.key(), entry.value()});
    return entries;
}

template<typename Value>
QHash<QString, Value> merged(
    const QHash<QString, Value>& base, const QHash<QString, Value>& ours, const QHash<QString, Value>& theirs)
{
    QHash<QString, Value> result;
    for (const auto& [key, value] : mergedEntries(entriesOf(base), entriesOf(ours), entriesOf(theirs)))
        result.insert(key, value);
    return result;
}

// An attempt is known by its id. One saved before attempts had ids is known by its kind, start and
// questions (fixed when it begins; its answers grow) and by how many alike came before it: two
// windows could start alike attempts in the same millisecond, which is why ids came in.
QList<std::pair<QString, SavedAttempt>> keyed(const QList<SavedAttempt>& attempts)
{
    QHash<QString, int> alike;
    QList<std::pair<QString, SavedAttempt>> entries;
    for (const SavedAttempt& attempt : attempts) {
        const QString key = !attempt.id.isEmpty()
            ? QStringLiteral("id|") + attempt.id
            : attempt.kind + QLatin1Char('|') + attempt.started.toUTC().toString(Qt::ISODateWithMs)
                + QLatin1Char('|') + attempt.questions.join(QLatin1Char(','));
        entries.append({key + QLatin1Char('#') + QString::number(alike[key]++), attempt});
    }
    return entries;
}

// One attempt both sides changed (two windows answering in it): answered questions and first tries
// merge one by one, and questions or guide openings either side has are kept.
SavedAttempt mergedAttempt(const SavedAttempt& base, const SavedAttempt& ours, const SavedAttempt& theirs)
{
    SavedAttempt result = ours;
    result.answers = merged(base.answers, ours.answers, theirs.answers);
    result.firstTries = merged(base.firstTries, ours.firstTries, theirs.firstTries);
    for (const QString& question : theirs.questions)
        if (!result.questions.contains(question))
            result.questions.append(question);
    for (const QString& question : theirs.guideOpened)
        if (!result.guideOpened.contains(question))
            result.guideOpened.append(question);
    return result;
}

QList<SavedAttempt> mergedAttempts(
    const QList<SavedAttempt>& base, const QList<SavedAttempt>& ours, const QList<SavedAttempt>& theirs)
{
    QHash<QString, SavedAttempt> inBase, inTheirs;
    for (const auto& [key, attempt] : keyed(base))
        inBase.insert(key, attempt);
    for (const auto& [key, attempt] : keyed(theirs))
        inTheirs.insert(key, attempt);
    QList<SavedAttempt> result;
    for (auto& entry : mergedEntries(keyed(base), keyed(ours), keyed(theirs))) {
        // Taken from here (changed here) while it changed there too: merged, not overwritten.
        const auto before = inBase.constFind(entry.first), there = inTheirs.constFind(entry.first);
        if (before != inBase.cend() && there != inTheirs.cend() && !(*there == *before)
            && !(entry.second == *there) && !(entry.second == *before))
            entry.second = mergedAttempt(*before, entry.second, *there);
        result.append(std::move(entry.second));
    }
    // Oldest first, as they were made; a migrated attempt (no start) stays first.
    std::stable_sort(result.begin(), result.end(),
        [](const SavedAttempt& a, const SavedAttempt& b) { return a.started < b.started; });
    if (result.size() > MaxAttempts)
        result.remove(0, result.size() - MaxAttempts);
    return result;
}

QuizProgress mergedQuiz(const QuizProgress& base, const QuizProgress& here, const QuizProgress& there)
{
    QuizProgress quiz;
    quiz.answers = merged(base.answers, here.answers, there.answers);
    quiz.review = merged(base.review, here.review, there.review);
    quiz.attempts = mergedAttempts(base.attempts, here.attempts, there.attempts);
    return quiz;
}

QJsonObject quizJson(const QuizProgress& quiz)
{
    QJsonArray attempts;
    for (const SavedAttempt& attempt : quiz.attempts) {
        QJsonObject saved;
        saved.insert(QStringLiteral("kind"), attempt.kind);
        if (!attempt.id.isEmpty())
            saved.insert(QStringLiteral("id"), attempt.id);
        if (attempt.started.isValid())
            saved.insert(QStringLiteral("started"), attempt.started.toString(Qt::ISODateWithMs));
        saved.insert(QStringLiteral("questions"), QJsonArray::fromStringList(attempt.questions));
        saved.insert(QStringLiteral("answers"), textObject(attempt.answers));
        if (!attempt.guideOpened.isEmpty())
            saved.insert(QStringLiteral("guide_opened"), QJsonArray::fromStringList(attempt.guideOpened));
        if (!attempt.firstTries.isEmpty())
            saved.insert(QStringLiteral("first_tries"), textObject(attempt.firstTries));
        attempts.append(saved);
    }
    QJsonObject review;
    for (auto card = quiz.review.cbegin(); card != quiz.review.cend(); ++card)
        review.insert(card.key(),
            QJsonObject {{QStringLiteral("box"), card.value().box},
                {QStringLiteral("due"), card.value().due.toString(Qt::ISODate)}});
    return QJsonObject {{QStringLiteral("answers"), textObject(quiz.answers)},
        {QStringLiteral("attempts"), attempts}, {QStringLiteral("review"), review}};
}

QString systemError(int code)
{
    return QString::fromLocal8Bit(std::strerror(code));
}

} // namespace

ProgressStore::ProgressStore(const QString& directory)
    : ProgressStore(fileIn(directory.isEmpty() ? defaultDirectory() : directory), Access::ReadWrite,
        windowFileFor(directory))
{
}

ProgressStore::ProgressStore(const QString& filePath, Access access, const QString& windowFile)
    : m_filePath(filePath)
    , m_windowFile(windowFile)
    , m_access(access)
{
}

ProgressStore ProgressStore::inMemory()
{
    return ProgressStore(fileIn(QString()), Access::None);
}

ProgressStore ProgressStore::readOnly(const QString& file)
{
    return ProgressStore(file, Access::ReadOnly);
}

ProgressStore::FileRead ProgressStore::readFile() const
{
    using Status = FileRead::Status;
    FileRead result;
    const auto kept = [&](const QString& why) {
        result.status = Status::Kept;
        result.why = [why] { return why; };
        return result;
    };
    const auto damaged = [&](std::function<QString()> why) {
        result.status = Status::Damaged;
        result.why = std::move(why);
        return result;
    };
    const QByteArray encoded = QFile::encodeName(m_filePath);
    struct stat info { };
    if (::lstat(encoded.constData(), &info) != 0)
        return errno == ENOENT ? result : kept(systemError(errno));
    // Saving replaces the file: through a link it would replace the link's target or the link.
    if (S_ISLNK(info.st_mode) && m_access == Access::ReadWrite)
        return kept(
            tr("it is a symbolic link, not a regular file; progress is never written through a link"));
    // A FIFO would block before any window appears and a device would fill memory: never read.
    if (rlab::notRegularFile(encoded.toStdString()))
        return kept(tr("it is not a regular file"));
    QFile file(m_filePath);
    if (!file.open(QIODevice::ReadOnly))
        return kept(file.errorString());
    // The cap counts the bytes actually read, in small pieces so that a file of a few KiB does not
    // cost a 4 MiB buffer.
    QByteArray bytes;
    while (bytes.size() <= MaxFileBytes) {
        const QByteArray piece = file.read(64 * 1024);
        if (piece.isEmpty())
            break;
        bytes += piece;
    }
    file.close();
    if (bytes.size() > MaxFileBytes)
        return damaged([] { return tr("it is larger than any progress file could be"); });
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return damaged([why = parseError.errorString()] { return why; });
    if (!document.isObject())
        return damaged([] { return tr("it is not a JSON object"); });

    const QJsonObject root = document.object();
    // Read as a number first: toInt() turned 1e10 into "no version", and the file was moved aside.
    const QJsonValue versionValue = root.value(QStringLiteral("version"));
    const double version = versionValue.isDouble() ? versionValue.toDouble() : -1.0;
    // A newer app's file is the learner's progress too: left as it is, for that app to read.
    if (version > FormatVersion)
        return kept(
            tr("it was written by a newer Recompute Lab in format %1, and this one reads formats 1 and %2")
                .arg(QString::number(version, 'g', 17))
                .arg(FormatVersion));
    if (version != 1 && version != FormatVersion)
        return damaged([] { return tr("its version is not %1").arg(FormatVersion); });
    // What cannot be read below is left out, and the file is set aside with what it said (load()).
    const auto unread = [&](std::function<QString()> why) {
        if (!result.unread)
            result.unread = std::move(why);
    };
    const QJsonValue language = root.value(QStringLiteral("language"));
    if (!language.isUndefined() && !language.isString())
        unread([] { return tr("its language is not text"); });
    else if (!isLanguageCode(language.toString()))
        unread([] { return tr("its language is not a language code"); });
    const QJsonValue quizzes = root.value(QStringLiteral("quizzes"));
    if (!quizzes.isUndefined() && !quizzes.isObject())
        return damaged([] { return tr("its quizzes are not an object"); });

    Snapshot& read = result.snapshot;
    const QJsonObject quizObject = quizzes.toObject();
    for (auto quiz = quizObject.begin(); quiz != quizObject.end(); ++quiz) {
        if (!quiz.value().isObject()) {
            unread([key = quiz.key()] { return tr("the answers of %1 are not an object").arg(key); });
            continue;
        }
        QuizProgress progress;
        if (version == 1) {
            QHash<QString, QString> answers;
            if (!readTexts(quiz.value(), &answers))
                unread([key = quiz.key()] { return tr("an answer in %1 is not text").arg(key); });
            progress = migrated(answers);
        } else if (!readQuiz(quiz.value().toObject(), &progress)) {
            unread([key = quiz.key()] { return tr("the progress of %1 is malformed").arg(key); });
        }
        // A save keeps the newest MaxAttempts: more, from elsewhere, would go without a word.
        if (const qsizetype count = progress.attempts.size(); count > MaxAttempts) {
            unread([key = quiz.key(), count] {
                return tr("%1 holds %2 attempts, more than the %3 kept of a quiz")
                    .arg(key)
                    .arg(count)
                    .arg(MaxAttempts);
            });
            progress.attempts.remove(0, count - MaxAttempts);
        }
        read.quizzes.insert(quiz.key(), progress);
    }
    read.language = isLanguageCode(language.toString()) ? language.toString() : QString();
    // Progress files before window.json held the layout under "window": read once, then moved.
    result.legacyWindow = root.value(QStringLiteral("window")).toObject();
    result.status = Status::Read;
    return result;
}

ProgressStore::Snapshot ProgressStore::snapshot() const
{
    return Snapshot {m_language, m_quizzes};
}

void ProgressStore::adopt(const Snapshot& snapshot)
{
    m_language = snapshot.language;
    m_quizzes = snapshot.quizzes;
}

void ProgressStore::load()
{
    m_problem = nullptr;
    m_setAsidePath.clear();
    m_keptUnread = false;
    m_base = {};
    adopt(m_base);
    m_windowLayout.clear();
    if (m_access == Access::None)
        return;
    if (m_access == Access::ReadWrite)
        sweepKilledSaves();
    const FileRead read = readFile();
    switch (read.status) {
    case FileRead::Status::Missing:
        return loadWindowLayout({});
    case FileRead::Status::Kept:
        return keepUnread(read.why());
    case FileRead::Status::Damaged:
        if (m_access == Access::ReadOnly) { // --progress FILE: the learner's file is never renamed
            m_problem = [why = read.why, path = m_filePath] {
                return tr(
                    "Your progress file %1 is damaged (%2); it is left as it is and progress starts empty.")
                    .arg(QDir::toNativeSeparators(path), why());
            };
            return;
        }
        return setAside(read.why);
    case FileRead::Status::Read:
        m_base = read.snapshot;
        adopt(m_base);
        // Part of it unread: moved aside before anything new is written, what was read kept.
        if (read.unread && m_access == Access::ReadWrite)
            setAsidePartly(read.unread);
        return loadWindowLayout(read.legacyWindow);
    }
}

void ProgressStore::loadWindowLayout(const QJsonObject& legacy)
{
    QJsonObject window = legacy;
    QFile file(m_windowFile);
    // A layout is a convenience: a file that is not a small regular JSON file, or a value that is
    // not base64 text, is dropped, not worth a notice.
    if (!m_windowFile.isEmpty() && file.exists()
        && !rlab::notRegularFile(QFile::encodeName(m_windowFile).toStdString())
        && file.open(QIODevice::ReadOnly))
        window = QJsonDocument::fromJson(file.read(64 * 1024)).object();
    for (auto entry = window.begin(); entry != window.end(); ++entry) {
        const auto decoded = QByteArray::fromBase64Encoding(entry.value().toString().toLatin1(),
            QByteArray::Base64Encoding | QByteArray::AbortOnBase64DecodingErrors);
        if (entry.value().isString() && decoded)
            m_windowLayout.insert(entry.key(), *decoded);
    }
}

bool ProgressStore::save()
{
    if (m_access != Access::ReadWrite)
        return true;
    if (m_keptUnread)
        return false; // the learner's file stays as it is; problem() already says why
    QDir().mkpath(QFileInfo(m_filePath).absolutePath());
    // Two windows save in turn, and each merges what the other saved since it last read the file.
    const QString lockPath = m_filePath + QStringLiteral(".lock");
    // QLockFile reads a lock that is there to see whether it is stale: a FIFO would block forever.
    if (rlab::notRegularFile(QFile::encodeName(lockPath).toStdString()))
        return saveFailed(
            tr("its lock file %1 is not a regular file").arg(QDir::toNativeSeparators(lockPath)));
    // flock: the kernel lets it go when its holder dies, so no lock is ever stale, and what the
    // lock file holds does not matter (QLockFile's stale-lock removal left .rmlock chains).
    rlab::FileLock lock;
    std::string lockProblem;
    switch (lock.lock(QFile::encodeName(lockPath).toStdString(), LockWaitMs, &lockProblem)) {
    case rlab::FileLock::Outcome::Locked:
        break;
    case rlab::FileLock::Outcome::Busy:
        return saveFailed(tr("another Recompute Lab window held it for over %1 s").arg(LockWaitMs / 1000));
    case rlab::FileLock::Outcome::Failed:
        return saveFailed(tr("its lock file cannot be made in that folder"));
    }
    FileRead disk = readFile();
    bool setAsideNow = false;
    switch (disk.status) {
    case FileRead::Status::Kept: // a newer app or the learner changed the file since: leave it
        m_keptUnread = true;
        return saveFailed(disk.why());
    case FileRead::Status::Damaged:
        setAside(disk.why);
        setAsideNow = true;
        disk.snapshot = m_base;
        break;
    case FileRead::Status::Missing: // removed since: what this store holds is all there is
        disk.snapshot = m_base;
        break;
    case FileRead::Status::Read:
        if (disk.unread) { // another program wrote part of it unreadably since: kept aside
            if (!setAsidePartly(disk.unread))
                return false;
            setAsideNow = true;
        }
        break;
    }
    const Snapshot ours = snapshot();
    const Snapshot& theirs = disk.snapshot;
    Snapshot result;
    result.language = ours.language != m_base.language ? ours.language : theirs.language;
    QSet<QString> quizIds;
    for (const Snapshot* side : std::initializer_list<const Snapshot*> {&m_base, &ours, &theirs})
        for (auto quiz = side->quizzes.cbegin(); quiz != side->quizzes.cend(); ++quiz)
            quizIds.insert(quiz.key());
    for (const QString& id : quizIds) {
        const QuizProgress quiz
            = mergedQuiz(m_base.quizzes.value(id), ours.quizzes.value(id), theirs.quizzes.value(id));
        if (!quiz.isEmpty())
            result.quizzes.insert(id, quiz);
    }

    QByteArray bytes;
    for (;;) {
        QJsonObject quizzes;
        for (auto quiz = result.quizzes.cbegin(); quiz != result.quizzes.cend(); ++quiz)
            quizzes.insert(quiz.key(), quizJson(quiz.value()));
        QJsonObject root;
        root.insert(QStringLiteral("version"), FormatVersion);
        root.insert(QStringLiteral("language"), result.language);
        root.insert(QStringLiteral("quizzes"), quizzes);
        bytes = QJsonDocument(root).toJson();
        if (bytes.size() <= MaxFileBytes)
            break;
        // A file past the cap would be refused at the next start: the oldest tenth of each
        // quiz's attempts go until it fits.
        bool dropped = false;
        for (QuizProgress& quiz : result.quizzes) {
            const qsizetype drop = std::max<qsizetype>(1, quiz.attempts.size() / 10);
            if (!quiz.attempts.isEmpty()) {
                quiz.attempts.remove(0, std::min(drop, quiz.attempts.size()));
                dropped = true;
            }
        }
        if (!dropped)
            return saveFailed(tr("it would be larger than any progress file may be"));
    }
    // The window's layout is state, not progress: window.json, the last writer's (not merged).
    QJsonObject window;
    for (auto entry = m_windowLayout.cbegin(); entry != m_windowLayout.cend(); ++entry)
        window.insert(entry.key(), QString::fromLatin1(entry.value().toBase64()));
    if (!window.isEmpty() && !m_windowFile.isEmpty()) {
        QDir().mkpath(QFileInfo(m_windowFile).absolutePath());
        rlab::replaceFileWhole(QFile::encodeName(m_windowFile).toStdString(),
            QJsonDocument(window).toJson(QJsonDocument::Compact).toStdString());
    }
    // Written whole before it replaces the old file: Qt 6.4's QSaveFile renamed even when its
    // last flush failed, so a full disk left a truncated progress.json in the learner's file.
    if (const std::optional<std::string> error
        = rlab::replaceFileWhole(QFile::encodeName(m_filePath).toStdString(), bytes.toStdString()))
        return saveFailed(QString::fromLocal8Bit(error->c_str()));
    m_base = result;
    adopt(m_base);
    return !setAsideNow;
}

bool ProgressStore::saveFailed(const QString& why)
{
    m_problem = [path = m_filePath, why] {
        return tr("Could not save your progress to %1 (%2); the file keeps the progress saved before.")
            .arg(QDir::toNativeSeparators(path), why);
    };
    return false;
}

void ProgressStore::setLanguage(const QString& language)
{
    m_language = language;
}

void ProgressStore::setQuiz(const QString& quizId, const QuizProgress& progress)
{
    QuizProgress kept = progress;
    if (kept.attempts.size() > MaxAttempts)
        kept.attempts.remove(0, kept.attempts.size() - MaxAttempts);
    if (kept.isEmpty())
        m_quizzes.remove(quizId);
    else
        m_quizzes.insert(quizId, kept);
}

void ProgressStore::updateQuiz(const QString& quizId, const QuizProgress& before, const QuizProgress& after)
{
    setQuiz(quizId, mergedQuiz(before, after, quiz(quizId)));
}

void ProgressStore::setAnswers(const QString& quizId, const QHash<QString, QString>& answers)
{
    QuizProgress progress = quiz(quizId);
    progress.answers = answers;
    setQuiz(quizId, progress);
}

void ProgressStore::setAside(const std::function<QString()>& why)
{
    const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    const QString aside = m_filePath + QStringLiteral(".corrupt-") + stamp;
    if (QFile::rename(m_filePath, aside)) {
        m_setAsidePath = aside;
        m_problem = [why, aside] {
            return tr("Your progress file was damaged (%1); it was moved to %2 and progress starts empty.")
                .arg(why(), QDir::toNativeSeparators(aside));
        };
    } else {
        m_problem = [why, path = m_filePath] {
            return tr(
                "Your progress file %1 is damaged (%2) and could not be moved aside; progress starts empty.")
                .arg(QDir::toNativeSeparators(path), why());
        };
    }
}

bool ProgressStore::setAsidePartly(const std::function<QString()>& why)
{
    const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    const QString aside = m_filePath + QStringLiteral(".corrupt-") + stamp;
    if (!QFile::rename(m_filePath, aside)) {
        // What could not be read must not be saved over: the file stays as it is.
        m_keptUnread = true;
        m_problem = [why, path = m_filePath] {
            return tr(
                "Part of your progress file %1 could not be read (%2), and it could not be moved aside; "
                "it is kept as it is and this session's answers will not be saved.")
                .arg(QDir::toNativeSeparators(path), why());
        };
        return false;
    }
    m_setAsidePath = aside;
    m_problem = [why, aside] {
        return tr("Part of your progress file could not be read (%1); the file was moved to %2, and what "
                  "could be read is kept.")
            .arg(why(), QDir::toNativeSeparators(aside));
    };
    return true;
}

void ProgressStore::sweepKilledSaves() const
{
    const QByteArray path = QFile::encodeName(m_filePath);
    rlab::sweepTemporaries(path.toStdString());
    // Older versions locked with QLockFile, whose removal of a stale lock left a chain of
    // progress.json.lock.rmlock.rmlock... files when it was killed; the lock is flock's now.
    const QFileInfo file(m_filePath);
    const QDir folder = file.dir();
    const QString chain = file.fileName() + QStringLiteral(".lock.rmlock");
    for (const QString& name :
        folder.entryList({chain + QLatin1Char('*')}, QDir::Files | QDir::Hidden | QDir::System))
        if (name.startsWith(chain) && !QFileInfo(folder.filePath(name)).isSymLink())
            QFile::remove(folder.filePath(name));
}

void ProgressStore::keepUnread(const QString& why)
{
    m_keptUnread = true;
    m_problem = [why, path = m_filePath] {
        return tr("Could not read your progress from %1 (%2); the file is kept as it is and this session's "
                  "answers will not be saved.")
            .arg(QDir::toNativeSeparators(path), why);
    };
}

} // namespace rlab::quiz
