#include "optionbutton.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>

#include "rlab/content/content.h"
#include "view/contenttext.h"

OptionButton::OptionButton(int number, QWidget* parent)
    : QPushButton(parent)
    , m_number(number)
    , m_key(new QLabel(QString::number(number), this))
    , m_label(new QLabel(this))
    , m_mark(new QLabel(this))
{
    setObjectName(QStringLiteral("option%1").arg(number));
    setCursor(Qt::PointingHandCursor);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_key->setObjectName(QStringLiteral("optionKey"));
    m_key->setAlignment(Qt::AlignCenter);
    m_key->setFixedWidth(28);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    m_mark->setObjectName(QStringLiteral("optionMark"));
    m_mark->setFixedWidth(24);
    m_mark->setAlignment(Qt::AlignCenter);
    // Clicks on the texts must reach the button.
    for (QLabel* label : {m_key, m_label, m_mark})
        label->setAttribute(Qt::WA_TransparentForMouseEvents);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 8);
    layout->setSpacing(10);
    layout->addWidget(m_key, 0, Qt::AlignTop);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_mark, 0, Qt::AlignVCenter);
    setState(State::Open);
}

void OptionButton::setOption(const rlab::demo::LiveFigures& figures, const rlab::content::Text& text)
{
    m_label->setText(contentHtml(figures, text));
    m_label->setToolTip(text.fallback ? fallbackToolTip() : QString());
    m_label->setProperty("fallback", text.fallback);
    m_plain = fromUtf8(text.value);
    retranslate();
    updateGeometry();
}

QString OptionButton::optionText() const
{
    return m_plain;
}

void OptionButton::setState(State state)
{
    m_state = state;
    static const char* const names[] = {"open", "right", "wrong", "other"};
    setProperty("answerState", QString::fromLatin1(names[static_cast<int>(state)]));
    m_mark->setText(state == State::Right ? QStringLiteral("✔")
            : state == State::Wrong       ? QStringLiteral("✘")
                                          : QString());
    // Re-polish so the style sheet picks up the new property value.
    style()->unpolish(this);
    style()->polish(this);
    retranslate();
}

int OptionButton::heightForWidth(int width) const
{
    return layout()->heightForWidth(width);
}

QSize OptionButton::sizeHint() const
{
    return layout()->sizeHint();
}

QSize OptionButton::minimumSizeHint() const
{
    const QSize hint = layout()->minimumSize();
    return {hint.width(), qMax(hint.height(), 44)};
}

void OptionButton::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QPushButton::changeEvent(event);
}

void OptionButton::retranslate()
{
    setAccessibleName(tr("Option %1: %2").arg(m_number).arg(m_plain));
    switch (m_state) {
    case State::Right:
        setAccessibleDescription(tr("Correct answer"));
        break;
    case State::Wrong:
        setAccessibleDescription(tr("Your answer, wrong"));
        break;
    default:
        setAccessibleDescription(tr("Press %1 to choose").arg(m_number));
        break;
    }
}
