#include "resultspage.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#include "contenttext.h"
#include "quizsession.h"
#include "rlab/content/content.h"
#include "tones.h"

ResultsPage::ResultsPage(QuizSession* session, QWidget* parent)
    : QuizPage(session, parent)
    , m_title(new QLabel(this))
    , m_score(new QLabel(this))
    , m_review(new QTextBrowser(this))
    , m_retry(new QPushButton(this))
    , m_restart(new QPushButton(this))
    , m_back(new QPushButton(this))
{
    setObjectName(QStringLiteral("resultsPage"));
    m_title->setWordWrap(true);
    m_title->setObjectName(QStringLiteral("resultsTitle"));
    m_title->setTextFormat(Qt::PlainText); // the quiz title is content: never markup
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_score->setObjectName(QStringLiteral("score"));
    QFont scoreFont = m_score->font();
    scoreFont.setPointSizeF(scoreFont.pointSizeF() * 2.0);
    scoreFont.setBold(true);
    m_score->setFont(scoreFont);
    m_review->setObjectName(QStringLiteral("review"));
    m_review->setOpenLinks(false); // links open questions in the app, not a browser
    m_retry->setObjectName(QStringLiteral("retryWrong"));
    m_retry->setDefault(true);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_back);
    buttons->addStretch(1);
    buttons->addWidget(m_restart);
    buttons->addWidget(m_retry);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(24, 16, 24, 16);
    layout->addWidget(m_title);
    layout->addWidget(m_score);
    layout->addWidget(m_review, 1);
    layout->addLayout(buttons);

    connect(m_retry, &QPushButton::clicked, session, &QuizSession::retryWrong);
    connect(m_restart, &QPushButton::clicked, session, &QuizSession::restart);
    connect(m_back, &QPushButton::clicked, this, &ResultsPage::backRequested);
    m_review->setOpenLinks(false); // question: links are handled below; nothing else is followed
    connect(m_review, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme() == QLatin1String("question"))
            emit questionChosen(url.path().toInt() - 1);
    });
    connect(session, &QuizSession::finished, this, &ResultsPage::render);
    render();
}

void ResultsPage::render()
{
    m_back->setText(tr("◀ Quizzes"));
    m_back->setAccessibleName(tr("Back to the list of quizzes"));
    m_restart->setText(tr("Start over"));
    m_restart->setAccessibleName(tr("Clear every answer and start again"));
    const QList<int> wrong = session()->mistakes();
    const int again = session()->questionCount() - session()->score();
    m_retry->setText(tr("Retry the wrong ones (%1)").arg(again));
    m_retry->setAccessibleName(m_retry->text());
    m_retry->setEnabled(again > 0);

    const rlab::content::Quiz* shown = quiz();
    if (!shown)
        return;
    m_title->setText(fromUtf8(shown->title.value));
    const int total = session()->questionCount();
    m_score->setText(tr("%1 of %n correct", nullptr, total).arg(session()->score()));
    m_score->setAccessibleName(m_score->text());

    QString html;
    const QList<int> open = session()->unanswered();
    if (wrong.isEmpty() && open.isEmpty()) {
        html = QStringLiteral("<p>%1</p>").arg(tr("Every answer is right. Well done!"));
    } else if (wrong.isEmpty()) {
        html = QStringLiteral("<p>%1</p>").arg(tr("No mistakes so far."));
    } else {
        html = QStringLiteral("<h3>%1</h3>").arg(tr("Review of your mistakes"));
    }
    for (const int index : wrong) {
        if (index >= static_cast<int>(shown->questions.size()))
            continue;
        const auto& question = shown->questions[static_cast<std::size_t>(index)];
        if (session()->chosen(index) >= static_cast<int>(question.options.size()))
            continue;
        const auto& chosen = question.options[static_cast<std::size_t>(session()->chosen(index))];
        const auto& right = question.options[static_cast<std::size_t>(question.answer)];
        html += QStringLiteral("<p><a href=\"question:%1\"><b>%2</b></a><br>%3</p>")
                    .arg(index + 1)
                    .arg(tr("Question %1").arg(index + 1), contentHtml(question.text));
        html += QStringLiteral("<p style=\"margin-left:12px\"><span style=\"color:%3\">✘ %1</span> %2")
                    .arg(tr("Your answer:"), contentHtml(chosen.text), toneName(Tone::Wrong));
        if (!chosen.whyWrong.value.empty())
            html += QStringLiteral("<br><i>%1</i>").arg(contentHtml(chosen.whyWrong));
        html += QStringLiteral(
            "</p><p style=\"margin-left:12px\"><span style=\"color:%4\">✔ %1</span> %2<br>%3</p>")
                    .arg(tr("Right answer:"), contentHtml(right.text), contentHtml(question.explanation),
                        toneName(Tone::Right));
    }
    if (!open.isEmpty()) {
        QStringList numbers;
        for (const int index : open)
            numbers << QStringLiteral("<a href=\"question:%1\">%1</a>").arg(index + 1);
        html += QStringLiteral("<p>%1 %2</p>")
                    .arg(tr("Not answered yet:"), numbers.join(QStringLiteral(", ")));
    }
    m_review->setHtml(html);
}
