#include "progressstore.h"

#include <filesystem>

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>

#include "rlab/layout.h"
#include "rlab/words.h"

namespace {
constexpr int FormatVersion = 2; // 1: quizzes held only the answers; read and migrated
constexpr qint64 MaxFileBytes = 4 * 1024 * 1024; // progress is a few KiB; refuse anything absurd
constexpr int MaxAttempts = 500; // a quiz's history is kept whole up to here; the oldest go first

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

// A JSON object of text values; false when any value is not text.
bool readTexts(const QJsonValue& value, QHash<QString, QString>* out)
{
    if (!value.isObject())
        return false;
    const QJsonObject object = value.toObject();
    for (auto entry = object.begin(); entry != object.end(); ++entry) {
        if (!entry.value().isString())
            return false;
        out->insert(entry.key(), entry.value().toString());
    }
    return true;
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
    attempt->kind = kind.toString();
    attempt->started = QDateTime::fromString(started.toString(), Qt::ISODate);
    return readTextList(object.value(QStringLiteral("questions")), &attempt->questions)
        && readTexts(object.value(QStringLiteral("answers")), &attempt->answers)
        && readTextList(object.value(QStringLiteral("guide_opened")), &attempt->guideOpened);
}

// Format 2's quiz object; false on anything malformed.
bool readQuiz(const QJsonObject& object, QuizProgress* quiz)
{
    const QJsonValue answers = object.value(QStringLiteral("answers"));
    if (!answers.isUndefined() && !readTexts(answers, &quiz->answers))
        return false;
    const QJsonValue attempts = object.value(QStringLiteral("attempts"));
    if (!attempts.isUndefined()) {
        if (!attempts.isArray())
            return false;
        for (const auto& item : attempts.toArray()) {
            SavedAttempt attempt;
            if (!readAttempt(item, &attempt))
                return false;
            quiz->attempts.append(attempt);
        }
    }
    const QJsonValue review = object.value(QStringLiteral("review"));
    if (review.isUndefined())
        return true;
    if (!review.isObject())
        return false;
    const QJsonObject cards = review.toObject();
    for (auto entry = cards.begin(); entry != cards.end(); ++entry) {
        const QJsonObject card = entry.value().toObject();
        ReviewCard read {card.value(QStringLiteral("box")).toInt(0),
            QDate::fromString(card.value(QStringLiteral("due")).toString(), Qt::ISODate)};
        if (!entry.value().isObject() || read.box < 1 || !read.due.isValid())
            return false;
        quiz->review.insert(entry.key(), read);
    }
    return true;
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

void ProgressStore::load()
{
    m_problem = nullptr;
    m_setAsidePath.clear();
    m_keptUnread = false;
    m_language.clear();
    m_quizzes.clear();
    m_windowLayout.clear();
    if (m_access == Access::None)
        return;

    QFile file(m_filePath);
    if (!file.exists())
        return loadWindowLayout({});
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
    const int version = root.value(QStringLiteral("version")).toInt(-1);
    if (version != 1 && version != FormatVersion)
        return setAside([] { return tr("its version is not %1").arg(FormatVersion); });
    const QJsonValue language = root.value(QStringLiteral("language"));
    if (!language.isUndefined() && !language.isString())
        return setAside([] { return tr("its language is not text"); });
    const QJsonValue quizzes = root.value(QStringLiteral("quizzes"));
    if (!quizzes.isUndefined() && !quizzes.isObject())
        return setAside([] { return tr("its quizzes are not an object"); });

    QHash<QString, QuizProgress> read;
    const QJsonObject quizObject = quizzes.toObject();
    for (auto quiz = quizObject.begin(); quiz != quizObject.end(); ++quiz) {
        if (!quiz.value().isObject())
            return setAside(
                [key = quiz.key()] { return tr("the answers of %1 are not an object").arg(key); });
        QuizProgress progress;
        if (version == 1) {
            QHash<QString, QString> answers;
            if (!readTexts(quiz.value(), &answers))
                return setAside([key = quiz.key()] { return tr("an answer in %1 is not text").arg(key); });
            progress = migrated(answers);
        } else if (!readQuiz(quiz.value().toObject(), &progress)) {
            return setAside([key = quiz.key()] { return tr("the progress of %1 is malformed").arg(key); });
        }
        read.insert(quiz.key(), progress);
    }
    m_language = language.toString();
    m_quizzes = read;
    // Progress files before window.json held the layout under "window": read once, then moved.
    loadWindowLayout(root.value(QStringLiteral("window")).toObject());
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
    QJsonObject quizzes;
    for (auto quiz = m_quizzes.cbegin(); quiz != m_quizzes.cend(); ++quiz) {
        QJsonArray attempts;
        for (const SavedAttempt& attempt : quiz.value().attempts) {
            QJsonObject saved;
            saved.insert(QStringLiteral("kind"), attempt.kind);
            if (attempt.started.isValid())
                saved.insert(QStringLiteral("started"), attempt.started.toString(Qt::ISODate));
            saved.insert(QStringLiteral("questions"), QJsonArray::fromStringList(attempt.questions));
            saved.insert(QStringLiteral("answers"), textObject(attempt.answers));
            if (!attempt.guideOpened.isEmpty())
                saved.insert(QStringLiteral("guide_opened"), QJsonArray::fromStringList(attempt.guideOpened));
            attempts.append(saved);
        }
        QJsonObject review;
        for (auto card = quiz.value().review.cbegin(); card != quiz.value().review.cend(); ++card)
            review.insert(card.key(),
                QJsonObject {{QStringLiteral("box"), card.value().box},
                    {QStringLiteral("due"), card.value().due.toString(Qt::ISODate)}});
        quizzes.insert(quiz.key(),
            QJsonObject {{QStringLiteral("answers"), textObject(quiz.value().answers)},
                {QStringLiteral("attempts"), attempts}, {QStringLiteral("review"), review}});
    }
    QJsonObject root;
    root.insert(QStringLiteral("version"), FormatVersion);
    root.insert(QStringLiteral("language"), m_language);
    root.insert(QStringLiteral("quizzes"), quizzes);
    QJsonObject window;
    for (auto entry = m_windowLayout.cbegin(); entry != m_windowLayout.cend(); ++entry)
        window.insert(entry.key(), QString::fromLatin1(entry.value().toBase64()));
    if (!window.isEmpty() && !m_windowFile.isEmpty()) {
        QDir().mkpath(QFileInfo(m_windowFile).absolutePath());
        QSaveFile layout(m_windowFile);
        if (layout.open(QIODevice::WriteOnly)
            && layout.write(QJsonDocument(window).toJson(QJsonDocument::Compact)) >= 0)
            layout.commit();
    }

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

void ProgressStore::keepUnread(const QString& why)
{
    m_keptUnread = true;
    m_problem = [why, path = m_filePath] {
        return tr("Could not read your progress from %1 (%2); the file is kept as it is and this session's "
                  "answers will not be saved.")
            .arg(QDir::toNativeSeparators(path), why);
    };
}
