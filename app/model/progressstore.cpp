#include "progressstore.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>

#include "rlab/words.h"

namespace {
constexpr int FormatVersion = 1;
constexpr qint64 MaxFileBytes = 4 * 1024 * 1024; // progress is a few KiB; refuse anything absurd

QString defaultDirectory()
{
    const QString fromEnv = qEnvironmentVariable("RLAB_STATE_DIR");
    if (!fromEnv.isEmpty())
        return fromEnv;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}
} // namespace

ProgressStore::ProgressStore(const QString& directory)
    : ProgressStore(directory.isEmpty() ? defaultDirectory() : directory, true)
{
}

ProgressStore::ProgressStore(const QString& directory, bool persistent)
    : m_filePath(QDir(directory).filePath(QStringLiteral("progress.json")))
    , m_persistent(persistent)
{
}

ProgressStore ProgressStore::inMemory()
{
    return ProgressStore(QString(), false);
}

void ProgressStore::load()
{
    m_problem = nullptr;
    m_setAsidePath.clear();
    m_keptUnread = false;
    m_language.clear();
    m_answers.clear();
    m_windowLayout.clear();
    if (!m_persistent)
        return;

    QFile file(m_filePath);
    if (!file.exists())
        return;
    // A FIFO would block before any window appears and a device would fill memory: never read.
    if (rlab::notRegularFile(QFile::encodeName(m_filePath).toStdString()))
        return keepUnread(tr("it is not a regular file"));
    if (!file.open(QIODevice::ReadOnly))
        return keepUnread(file.errorString());
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
        return setAside([] { return tr("it is larger than any progress file could be"); });
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return setAside([why = parseError.errorString()] { return why; });
    if (!document.isObject())
        return setAside([] { return tr("it is not a JSON object"); });

    const QJsonObject root = document.object();
    if (root.value(QStringLiteral("version")).toInt(-1) != FormatVersion)
        return setAside([] { return tr("its version is not %1").arg(FormatVersion); });
    const QJsonValue language = root.value(QStringLiteral("language"));
    if (!language.isUndefined() && !language.isString())
        return setAside([] { return tr("its language is not text"); });
    const QJsonValue quizzes = root.value(QStringLiteral("quizzes"));
    if (!quizzes.isUndefined() && !quizzes.isObject())
        return setAside([] { return tr("its quizzes are not an object"); });

    QHash<QString, QHash<QString, QString>> answers;
    const QJsonObject quizObject = quizzes.toObject();
    for (auto quiz = quizObject.begin(); quiz != quizObject.end(); ++quiz) {
        if (!quiz.value().isObject())
            return setAside(
                [key = quiz.key()] { return tr("the answers of %1 are not an object").arg(key); });
        const QJsonObject chosen = quiz.value().toObject();
        QHash<QString, QString>& quizAnswers = answers[quiz.key()];
        for (auto answer = chosen.begin(); answer != chosen.end(); ++answer) {
            if (!answer.value().isString())
                return setAside([key = quiz.key()] { return tr("an answer in %1 is not text").arg(key); });
            quizAnswers.insert(answer.key(), answer.value().toString());
        }
    }
    m_language = language.toString();
    m_answers = answers;
    // A layout is a convenience: one that is not base64 text is dropped, not worth a notice.
    const QJsonObject window = root.value(QStringLiteral("window")).toObject();
    for (auto entry = window.begin(); entry != window.end(); ++entry) {
        const auto decoded = QByteArray::fromBase64Encoding(entry.value().toString().toLatin1(),
            QByteArray::Base64Encoding | QByteArray::AbortOnBase64DecodingErrors);
        if (entry.value().isString() && decoded)
            m_windowLayout.insert(entry.key(), *decoded);
    }
}

bool ProgressStore::save()
{
    if (!m_persistent)
        return true;
    if (m_keptUnread)
        return false; // the learner's file stays as it is; problem() already says why
    QJsonObject quizzes;
    for (auto quiz = m_answers.cbegin(); quiz != m_answers.cend(); ++quiz) {
        QJsonObject chosen;
        for (auto answer = quiz.value().cbegin(); answer != quiz.value().cend(); ++answer)
            chosen.insert(answer.key(), answer.value());
        quizzes.insert(quiz.key(), chosen);
    }
    QJsonObject root;
    root.insert(QStringLiteral("version"), FormatVersion);
    root.insert(QStringLiteral("language"), m_language);
    root.insert(QStringLiteral("quizzes"), quizzes);
    QJsonObject window;
    for (auto entry = m_windowLayout.cbegin(); entry != m_windowLayout.cend(); ++entry)
        window.insert(entry.key(), QString::fromLatin1(entry.value().toBase64()));
    if (!window.isEmpty())
        root.insert(QStringLiteral("window"), window);

    QDir().mkpath(QFileInfo(m_filePath).absolutePath());
    // QSaveFile writes a temporary file and renames it over the old one on commit, so a crash
    // mid-write leaves the previous progress intact.
    QSaveFile file(m_filePath);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(root).toJson()) < 0 || !file.commit()) {
        m_problem = [path = m_filePath, error = file.errorString()] {
            return tr("Could not save your progress to %1: %2.").arg(QDir::toNativeSeparators(path), error);
        };
        return false;
    }
    return true;
}

void ProgressStore::setLanguage(const QString& language)
{
    m_language = language;
}

void ProgressStore::setAnswers(const QString& quizId, const QHash<QString, QString>& answers)
{
    if (answers.isEmpty())
        m_answers.remove(quizId);
    else
        m_answers.insert(quizId, answers);
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

void ProgressStore::keepUnread(const QString& why)
{
    m_keptUnread = true;
    m_problem = [why, path = m_filePath] {
        return tr("Could not read your progress from %1 (%2); the file is kept as it is and this session's "
                  "answers will not be saved.")
            .arg(QDir::toNativeSeparators(path), why);
    };
}
