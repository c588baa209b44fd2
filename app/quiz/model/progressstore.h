#pragma once
// What the learner did, kept across restarts: per quiz the latest answer to each question, every
// attempt (first try, retries, reviews) with its time and answers, and the review boxes; and the
// language. One JSON file, replaced only by a new file whose every byte reached the disk; a save
// re-reads the file under a lock and merges what another window saved since (by attempt, and by
// question for answers and boxes). A corrupt file is set aside; one from a newer version is left
// alone. Format 1 (answers only) is read and migrated: its answers become the latest answers and
// the first attempt.

#include <functional>

#include <QCoreApplication>
#include <QDate>
#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace rlab::quiz {

// One attempt at a quiz, by question and option ids.
struct SavedAttempt {
    QString kind; // "first", "retry", "review", "restart" (QuizSession::kindName)
    QDateTime started; // invalid when unknown (migrated from format 1)
    QStringList questions; // the questions of this attempt, in order
    QHash<QString, QString> answers; // questionId -> optionId chosen in this attempt
    QStringList guideOpened; // questions whose guide section was opened before answering
    QString id {}; // random, given when the attempt starts (QuizSession); empty in files written before
    // questionId -> the wrong option chosen first, where a second try followed (absent: no hint given)
    QHash<QString, QString> firstTries {};
    bool operator==(const SavedAttempt&) const = default;
};

// A question in the review schedule (see ReviewSchedule for the boxes and their intervals).
struct ReviewCard {
    int box = 1;
    QDate due;
    bool operator==(const ReviewCard&) const = default;
};

struct QuizProgress {
    QHash<QString, QString> answers; // questionId -> optionId of the latest answer
    QList<SavedAttempt> attempts; // oldest first
    QHash<QString, ReviewCard> review; // questionId -> its box
    bool isEmpty() const { return answers.isEmpty() && attempts.isEmpty() && review.isEmpty(); }
};

class ProgressStore {
    Q_DECLARE_TR_FUNCTIONS(ProgressStore)

public:
    // `directory` empty: $RLAB_STATE_DIR when set, else QStandardPaths::AppDataLocation.
    explicit ProgressStore(const QString& directory = {});

    // A store that never touches the disk (screenshots must not change the learner's progress).
    static ProgressStore inMemory();
    // A store that reads `file` and never writes it (screenshots of a prepared state).
    static ProgressStore readOnly(const QString& file);

    // Reads the file. A missing file is fine (empty progress). A corrupt one is renamed to
    // progress.json.corrupt-<timestamp> (a read-only store leaves it where it is), progress starts
    // empty and problem() says so; never fatal.
    void load();
    // A file that exists but cannot be read (no permission, a FIFO, a device, a folder, a symbolic
    // link, a newer format) is kept: progress starts empty, problem() says so, and save() leaves
    // the file alone.
    // Under a lock (progress.json.lock), re-reads the file, merges what another window saved since
    // with this store's changes, and replaces the file only once the new one is whole on the disk.
    // False (and problem() set) when the old file had to stay (a full disk, a lock held too long,
    // the file kept) or was set aside.
    bool save();

    QString filePath() const { return m_filePath; }
    // One sentence in the current interface language, empty when all is well.
    QString problem() const { return m_problem ? m_problem() : QString(); }
    QString setAsidePath() const { return m_setAsidePath; }

    QString language() const { return m_language; }
    void setLanguage(const QString& language);

    // The window's geometry and splitter positions (QWidget::saveGeometry, QSplitter::saveState)
    // by name; empty when never saved. How the learner left the window is state, not data (XDG
    // Base Directory Specification): saved beside the progress file only where its folder was
    // given (RLAB_STATE_DIR, tests), else in $XDG_STATE_HOME/recompute-lab/window.json.
    QByteArray windowLayout(const QString& name) const { return m_windowLayout.value(name); }
    void setWindowLayout(const QString& name, const QByteArray& state) { m_windowLayout.insert(name, state); }

    QuizProgress quiz(const QString& quizId) const { return m_quizzes.value(quizId); }
    QList<QString> quizIds() const { return m_quizzes.keys(); } // the merge fuzz target's check
    void setQuiz(const QString& quizId, const QuizProgress& progress);
    // Makes the change from `before` to `after` (a quiz session's view at its last save and now) to
    // what the store holds for the quiz: what another window saved since, merged in by a save but
    // never shown in that session, and answers to questions the content no longer has, stay.
    void updateQuiz(const QString& quizId, const QuizProgress& before, const QuizProgress& after);

    // questionId -> optionId of the latest answer.
    QHash<QString, QString> answers(const QString& quizId) const { return quiz(quizId).answers; }
    void setAnswers(const QString& quizId, const QHash<QString, QString>& answers);

private:
    enum class Access { ReadWrite, ReadOnly, None };
    // What a progress file holds: the store's state at one moment.
    struct Snapshot {
        QString language;
        QHash<QString, QuizProgress> quizzes;
    };
    // How reading the file went; `why` says it when the file is kept or damaged.
    struct FileRead {
        enum class Status { Missing, Read, Kept, Damaged } status = Status::Missing;
        std::function<QString()> why;
        std::function<QString()> unread; // Read, but a part of it could not be: says which
        Snapshot snapshot;
        QJsonObject legacyWindow; // the layout older files held under "window"
    };
    ProgressStore(const QString& filePath, Access access, const QString& windowFile = {});
    void loadWindowLayout(const QJsonObject& legacy);
    FileRead readFile() const;
    Snapshot snapshot() const;
    void adopt(const Snapshot& snapshot);
    bool saveFailed(const QString& why);
    // `why` is a function so the sentence follows a later language switch.
    void setAside(const std::function<QString()>& why);
    void keepUnread(const QString& why);
    // A file read in part is moved aside (false, and the file kept, when it cannot be).
    bool setAsidePartly(const std::function<QString()>& why);
    // Removes what saves killed mid-way left: their temporaries, older versions' .rmlock chains.
    void sweepKilledSaves() const;

    QString m_filePath;
    QString m_windowFile; // empty: the layout is kept in memory only
    Access m_access = Access::ReadWrite;
    bool m_keptUnread = false; // the file exists but was not read: never overwrite it
    std::function<QString()> m_problem;
    QString m_setAsidePath;
    QString m_language;
    QHash<QString, QuizProgress> m_quizzes;
    QHash<QString, QByteArray> m_windowLayout;
    // What the file held when this store last read or wrote it: what save() compares with to see
    // what changed here and what another window changed.
    Snapshot m_base;
};

} // namespace rlab::quiz
