#pragma once
// A page about the quiz open in QuizSession, drawn from the content in the current language: it
// renders again when the content or the language changes. The question list and the results.

#include <QWidget>

namespace rlab::quiz {
class QuizSession;
}
namespace rlab::demo {
class LiveFigures;
}
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
    // `figures` renders the live figures in the content's texts.
    QuizPage(rlab::quiz::QuizSession* session, rlab::demo::LiveFigures& figures, QWidget* parent);
    void changeEvent(QEvent* event) override; // a language change re-renders

    rlab::quiz::QuizSession* session() const { return m_session; }
    const rlab::demo::LiveFigures& figures() const { return m_figures; }
    // The open quiz in the current content; null when none is open or it did not load.
    const rlab::content::Quiz* quiz() const;
    const rlab::content::Content* content() const { return m_content; }

private:
    rlab::quiz::QuizSession* m_session;
    rlab::demo::LiveFigures& m_figures;
    const rlab::content::Content* m_content = nullptr;
};
