#pragma once
// A page about the quiz open in QuizSession, drawn from the content in the current language: it
// renders again when the content or the language changes. The question list and the results.

#include <QWidget>

class QuizSession;
namespace rlab::content {
struct Content;
struct Quiz;
} // namespace rlab::content

class QuizPage : public QWidget {
    Q_OBJECT

public:
    // The content in the current language; re-renders.
    void setContent(const rlab::content::Content* content);

public slots:
    virtual void render() = 0;

signals:
    void questionChosen(int question);
    void backRequested();

protected:
    QuizPage(QuizSession* session, QWidget* parent);
    void changeEvent(QEvent* event) override; // a language change re-renders

    QuizSession* session() const { return m_session; }
    // The open quiz in the current content; null when none is open or it did not load.
    const rlab::content::Quiz* quiz() const;
    const rlab::content::Content* content() const { return m_content; }

private:
    QuizSession* m_session;
    const rlab::content::Content* m_content = nullptr;
};
