#include "quizpage.h"

#include <QEvent>

#include "quiz/model/quizsession.h"
#include "rlab/content/content.h"

using rlab::quiz::QuizSession;

QuizPage::QuizPage(QuizSession* session, rlab::demo::LiveFigures& figures, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_figures(figures)
{
}

void QuizPage::setContent(const rlab::content::Content* content)
{
    m_content = content;
    render();
}

void QuizPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        render();
    QWidget::changeEvent(event);
}

const rlab::content::Quiz* QuizPage::quiz() const
{
    return m_content ? m_content->quiz(m_session->quizId().toStdString()) : nullptr;
}
