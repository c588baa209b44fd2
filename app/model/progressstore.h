#pragma once
// What the learner did, kept across restarts: the chosen option per question of each quiz and
// the language. One JSON file written atomically (QSaveFile); a corrupt file is set aside.

#include <functional>

#include <QCoreApplication>
#include <QHash>
#include <QString>

class ProgressStore {
    Q_DECLARE_TR_FUNCTIONS(ProgressStore)

public:
    // `directory` empty: $RLAB_STATE_DIR when set, else QStandardPaths::AppDataLocation.
    explicit ProgressStore(const QString& directory = {});

    // A store that never touches the disk (screenshots must not change the learner's progress).
    static ProgressStore inMemory();

    // Reads the file. A missing file is fine (empty progress). A corrupt one is renamed to
    // progress.json.corrupt-<timestamp>, progress starts empty and problem() says so; never fatal.
    void load();
    // A file that exists but cannot be read (no permission, a FIFO, a device, a folder) is kept:
    // progress starts empty, problem() says so, and save() leaves the file alone.
    // Writes atomically; false (and problem() set) when the disk refuses or the file is kept.
    bool save();

    QString filePath() const { return m_filePath; }
    // One sentence in the current interface language, empty when all is well.
    QString problem() const { return m_problem ? m_problem() : QString(); }
    QString setAsidePath() const { return m_setAsidePath; }

    QString language() const { return m_language; }
    void setLanguage(const QString& language);

    // The window's geometry and splitter positions (QWidget::saveGeometry, QSplitter::saveState)
    // by name; empty when never saved. Kept with the language: both are how the learner left the app.
    QByteArray windowLayout(const QString& name) const { return m_windowLayout.value(name); }
    void setWindowLayout(const QString& name, const QByteArray& state) { m_windowLayout.insert(name, state); }

    // questionId -> optionId of the chosen answer.
    QHash<QString, QString> answers(const QString& quizId) const { return m_answers.value(quizId); }
    void setAnswers(const QString& quizId, const QHash<QString, QString>& answers);

private:
    ProgressStore(const QString& directory, bool persistent);
    // `why` is a function so the sentence follows a later language switch.
    void setAside(const std::function<QString()>& why);
    void keepUnread(const QString& why);

    QString m_filePath;
    bool m_persistent = true;
    bool m_keptUnread = false; // the file exists but was not read: never overwrite it
    std::function<QString()> m_problem;
    QString m_setAsidePath;
    QString m_language;
    QHash<QString, QHash<QString, QString>> m_answers;
    QHash<QString, QByteArray> m_windowLayout;
};
