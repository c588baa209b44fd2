#pragma once
// Quiz > Search…: the questions and guide sections whose words match, as the learner types; one
// chosen opens it (searchContent, in the model, decides what matches).

#include <QDialog>
#include <QList>

#include "quiz/model/contentsearch.h"

class QLabel;
class QLineEdit;
class QListWidget;

class SearchDialog : public QDialog {
    Q_OBJECT

public:
    explicit SearchDialog(const rlab::content::Content& content, QWidget* parent = nullptr);

    QLineEdit* field() const { return m_field; }
    QListWidget* results() const { return m_results; }

signals:
    void hitChosen(const rlab::quiz::SearchHit& hit);

private:
    void search();
    void choose(int row);

    const rlab::content::Content& m_content;
    QList<rlab::quiz::SearchHit> m_hits;
    QLineEdit* m_field;
    QLabel* m_count;
    QListWidget* m_results;
};
