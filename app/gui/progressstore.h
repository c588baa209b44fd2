#pragma once
// What the learner did, kept across restarts: the chosen option per question of each quiz and
// the language. One JSON file written atomically (QSaveFile); a corrupt file is set aside.

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
    // Writes atomically; false (and problem() set) when the disk refuses.
    bool save();

    QString filePath() const { return m_filePath; }
    QString problem() const { return m_problem; } // one sentence, empty when all is well
    QString setAsidePath() const { return m_setAsidePath; }

    QString language() const { return m_language; }
    void setLanguage(const QString& language);

    // questionId -> optionId of the chosen answer.
    QHash<QString, QString> answers(const QString& quizId) const { return m_answers.value(quizId); }
    void setAnswers(const QString& quizId, const QHash<QString, QString>& answers);

private:
    ProgressStore(const QString& directory, bool persistent);
    void setAside(const QString& why);

    QString m_filePath;
    bool m_persistent = true;
    QString m_problem;
    QString m_setAsidePath;
    QString m_language;
    QHash<QString, QHash<QString, QString>> m_answers;
};
