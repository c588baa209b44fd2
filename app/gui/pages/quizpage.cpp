#include "quizpage.h"

#include <QEvent>

#include "quizsession.h"
#include "rlab/content/content.h"

QuizPage::QuizPage(QuizSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
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
