#include "resultspage.h"

#include <algorithm>

#include <QCoreApplication>
#include <QDate>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QTextDocumentFragment>
#include <QUrl>
#include <QVBoxLayout>

#include "quiz/model/quizrecord.h"
#include "quiz/model/quizsession.h"
#include "quiz/model/reviewschedule.h"
#include "rlab/content/content.h"
#include "rlab/safe_write.h"
#include "view/contenttext.h"
#include "view/tones.h"

using rlab::quiz::QuizSession;
namespace ReviewSchedule = rlab::quiz::ReviewSchedule;
using rlab::quiz::attemptTimeText;

ResultsPage::ResultsPage(QuizSession* session, rlab::demo::LiveFigures& figures, QWidget* parent)
    : QuizPage(session, figures, parent)
    , m_title(new QLabel(this))
    , m_score(new QLabel(this))
    , m_review(new QTextBrowser(this))
    , m_retry(new QPushButton(this))
    , m_restart(new QPushButton(this))
    , m_back(new QPushButton(this))
    , m_reviewDue(new QPushButton(this))
    , m_export(new QPushButton(this))
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
    m_reviewDue->setObjectName(QStringLiteral("reviewDue"));
    m_score->setWordWrap(true);
    m_retry->setDefault(true);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_back);
    buttons->addWidget(m_export);
    buttons->addStretch(1);
    buttons->addWidget(m_reviewDue);
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
    connect(m_reviewDue, &QPushButton::clicked, this, &ResultsPage::reviewRequested);
    m_export->setObjectName(QStringLiteral("exportQuizResults"));
    connect(m_export, &QPushButton::clicked, this, &ResultsPage::exportResultsWithDialog);
    m_review->setOpenLinks(false); // question: links are handled below; nothing else is followed
    connect(m_review, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme() == QLatin1String("question"))
            emit questionChosen(url.path().toInt() - 1);
        else if (url.scheme() == QLatin1String("guide"))
            emit guideChosen(url.path().toInt() - 1);
        QString quizId;
        int question = -1;
        if (readSeeAlsoLink(url.toString(), &quizId, &question))
            emit seeAlsoRequested(quizId, question);
    });
    connect(session, &QuizSession::finished, this, &ResultsPage::render);
    render();
}

namespace {

// A `number:` question's two implicit options as the results name them (their texts are empty).
QString numberOptionText(const rlab::content::Question& question, int option)
{
    return option == 0 ? QCoreApplication::translate("ResultsPage", "a figure within %1 points of the run's")
                             .arg(QLocale().toString(question.number->tolerance, 'g', 3))
                       : QCoreApplication::translate("ResultsPage", "a figure off the run's");
}
QString outcomeHtml(int option, int answer)
{
    if (option == QuizSession::NoAnswer)
        return QStringLiteral("–");
    return QStringLiteral("<span style=\"color:%1\">%2</span>")
        .arg(toneName(option == answer ? Tone::Right : Tone::Wrong),
            option == answer ? QStringLiteral("✔") : QStringLiteral("✘"));
}

QString attemptKindName(QuizSession::Kind kind)
{
    switch (kind) {
    case QuizSession::Kind::First:
        return ResultsPage::tr("first try");
    case QuizSession::Kind::Retry:
        return ResultsPage::tr("retry of the wrong ones");
    case QuizSession::Kind::Review:
        return ResultsPage::tr("review");
    case QuizSession::Kind::Restart:
        return ResultsPage::tr("started over");
    }
    return {};
}
// The title of the guide section `question` points to, escaped; empty without a guide or section.
QString sectionTitle(const rlab::content::Guide* guide, const rlab::content::Question& question)
{
    if (guide) {
        for (const auto& section : guide->sections) {
            if (section.id == question.guideSection)
                return fromUtf8(section.title.value).toHtmlEscaped();
        }
    }
    return QString();
}
} // namespace

void ResultsPage::render()
{
    retranslateButtons();
    const rlab::content::Quiz* shown = quiz();
    if (!shown)
        return;
    renderScore(*shown);
    const rlab::content::Guide* guide = content() ? content()->guide(shown->guide) : nullptr;
    const QList<int> wrong = session()->mistakes();
    QString html = questionsHtml(*shown, guide);
    html += reviewNextHtml(*shown, guide, wrong);
    html += mistakesHtml(*shown, wrong);
    html += attemptsHtml();
    // QTextBrowser's setHtml would reset the scroll position on every language switch; keep it.
    const int scrolled = m_review->verticalScrollBar()->value();
    m_reviewHtml = html;
    m_review->setHtml(html);
    m_review->verticalScrollBar()->setValue(scrolled);
}

// The buttons in the current language, the retry button with how many it retries.
void ResultsPage::retranslateButtons()
{
    m_back->setText(tr("◀ Quizzes"));
    m_back->setAccessibleName(tr("Back to the list of quizzes"));
    m_restart->setText(tr("Start over"));
    m_restart->setAccessibleName(tr("Clear every answer and start again"));
    const int again = session()->questionCount() - session()->score();
    m_retry->setText(tr("Retry the wrong ones (%1)").arg(again));
    m_retry->setAccessibleName(m_retry->text());
    m_retry->setEnabled(again > 0);
    m_reviewDue->setText(ReviewSchedule::reviewButtonText(m_reviewsDue));
    m_reviewDue->setAccessibleName(m_reviewDue->text());
    m_reviewDue->setVisible(m_reviewsDue > 0);
    m_reviewDue->setToolTip(ReviewSchedule::scheduleExplanation());
    m_export->setText(tr("Export results…"));
    m_export->setToolTip(
        tr("Save these results as a spreadsheet (CSV) or as a page to print or keep (HTML)."));
}

// The quiz title and the latest score, with the first-try and best after a second attempt.
void ResultsPage::renderScore(const rlab::content::Quiz& shown)
{
    m_title->setText(fromUtf8(shown.title.value));
    const int total = session()->questionCount();
    QString score = tr("%1 of %n correct", nullptr, total).arg(session()->score());
    if (session()->attempts().size() > 1)
        score += QStringLiteral(" <span style=\"font-size:small; font-weight:normal\">%1</span>")
                     .arg(tr("first try %1 of %2 · best %3 of %2")
                              .arg(session()->firstTryScore())
                              .arg(total)
                              .arg(session()->bestScore()));
    m_score->setText(score);
    m_score->setAccessibleName(QTextDocumentFragment::fromHtml(score).toPlainText());
}

// The table of every question: its first-try and latest outcome and its guide section.
QString ResultsPage::questionsHtml(const rlab::content::Quiz& shown, const rlab::content::Guide* guide) const
{
    const int total = session()->questionCount();
    // Every question: first try, now, its guide section.
    QString html = QStringLiteral(
        "<table cellspacing=\"0\" cellpadding=\"4\" width=\"100%\">"
        "<tr><th align=\"left\">%1</th><th>%2</th><th>%3</th><th align=\"left\">%4</th></tr>")
                       .arg(tr("Question"), tr("First try"), tr("Now"), tr("Guide"));
    for (int index = 0; index < total && index < static_cast<int>(shown.questions.size()); ++index) {
        const auto& question = shown.questions[static_cast<std::size_t>(index)];
        const QString section = sectionTitle(guide, question);
        QString now = outcomeHtml(session()->latestAnswer(index), question.answer);
        if (m_due.contains(index))
            now += QStringLiteral(" <i>%1</i>").arg(tr("due for review"));
        html += QStringLiteral("<tr><td><a href=\"question:%1\">%1.</a> %2</td><td align=\"center\">%3</td>"
                               "<td align=\"center\">%4</td><td>%5</td></tr>")
                    .arg(index + 1)
                    .arg(contentHtml(figures(), question.text),
                        outcomeHtml(session()->firstTryAnswer(index), question.answer), now,
                        section.isEmpty()
                            ? QString()
                            : QStringLiteral("<a href=\"guide:%1\">%2</a>").arg(index + 1).arg(section));
    }
    html += QStringLiteral("</table>");
    return html;
}

// The guide sections to review next and the questions not answered yet (or a well done).
QString ResultsPage::reviewNextHtml(
    const rlab::content::Quiz& shown, const rlab::content::Guide* guide, const QList<int>& wrong) const
{
    const int total = session()->questionCount();
    QString html;
    // What to review next: the guide sections of the questions still wrong or due, each once.
    QStringList next;
    QStringList sectionsListed;
    for (int index = 0; index < total && index < static_cast<int>(shown.questions.size()); ++index) {
        if (!wrong.contains(index) && !m_due.contains(index))
            continue;
        const QString section = sectionTitle(guide, shown.questions[static_cast<std::size_t>(index)]);
        const QString link = QStringLiteral("<a href=\"guide:%1\">%2</a>").arg(index + 1).arg(section);
        if (!section.isEmpty() && !sectionsListed.contains(section)) {
            sectionsListed << section;
            next << link;
        }
    }
    const QList<int> open = session()->unanswered();
    if (next.isEmpty() && open.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(tr("Every answer is right. Well done!"));
    else if (!next.isEmpty())
        html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                    .arg(tr("What to review next"), next.join(QStringLiteral(" · ")));
    if (!open.isEmpty()) {
        QStringList numbers;
        for (const int index : open)
            numbers << QStringLiteral("<a href=\"question:%1\">%1</a>").arg(index + 1);
        html += QStringLiteral("<p>%1 %2</p>")
                    .arg(tr("Not answered yet:"), numbers.join(QStringLiteral(", ")));
    }
    return html;
}

// Each mistake: the answer given and why it is wrong, the right answer and its explanation.
QString ResultsPage::mistakesHtml(const rlab::content::Quiz& shown, const QList<int>& wrong) const
{
    QString html;
    if (!wrong.isEmpty())
        html += QStringLiteral("<h3>%1</h3>").arg(tr("Review of your mistakes"));
    for (const int index : wrong) {
        if (index >= static_cast<int>(shown.questions.size()))
            continue;
        const auto& question = shown.questions[static_cast<std::size_t>(index)];
        if (session()->latestAnswer(index) >= static_cast<int>(question.options.size()))
            continue;
        const auto& chosen = question.options[static_cast<std::size_t>(session()->latestAnswer(index))];
        const auto& right = question.options[static_cast<std::size_t>(question.answer)];
        html += QStringLiteral("<p><a href=\"question:%1\"><b>%2</b></a><br>%3</p>")
                    .arg(index + 1)
                    .arg(tr("Question %1").arg(index + 1), contentHtml(figures(), question.text));
        const QString chosenText = question.number
            ? numberOptionText(question, session()->latestAnswer(index)).toHtmlEscaped()
            : contentHtml(figures(), chosen.text);
        html += QStringLiteral("<p style=\"margin-left:12px\"><span style=\"color:%3\">✘ %1</span> %2")
                    .arg(tr("Your answer:"), chosenText, toneName(Tone::Wrong));
        if (!chosen.whyWrong.value.empty())
            html += QStringLiteral("<br><i>%1</i>").arg(contentHtml(figures(), chosen.whyWrong));
        QString explanation = contentHtml(figures(), question.explanation);
        if (const QString seeAlso = content() ? seeAlsoHtml(*content(), question) : QString();
            !seeAlso.isEmpty())
            explanation += QStringLiteral("<br>") + seeAlso;
        html += QStringLiteral(
            "</p><p style=\"margin-left:12px\"><span style=\"color:%4\">✔ %1</span> %2<br>%3</p>")
                    .arg(tr("Right answer:"),
                        question.number ? numberOptionText(question, question.answer).toHtmlEscaped()
                                        : contentHtml(figures(), right.text),
                        explanation, toneName(Tone::Right));
    }
    return html;
}

// The attempts so far, newest first, with their scores and the guide opened before answering.
QString ResultsPage::attemptsHtml() const
{
    QString html;
    // The history, newest first.
    const QList<QuizSession::Attempt> attempts = session()->attempts();
    if (!attempts.isEmpty()) {
        html += QStringLiteral("<h3>%1</h3><ul>").arg(tr("Your attempts"));
        for (int i = static_cast<int>(attempts.size()) - 1; i >= 0; --i) {
            const QuizSession::Attempt& attempt = attempts[i];
            const QString when = attempt.started.isValid() ? attemptTimeText(attempt.started)
                                                           : tr("before history was kept");
            QString line = tr("Attempt %1 (%2), %3: %4 of %5 right")
                               .arg(i + 1)
                               .arg(attemptKindName(attempt.kind), when)
                               .arg(session()->attemptScore(i))
                               .arg(attempt.questions.size());
            if (!attempt.guideOpened.isEmpty()) {
                QStringList numbers;
                for (const int question : attempt.guideOpened)
                    numbers << QString::number(question + 1);
                line += QStringLiteral(" · ")
                    + tr("opened the guide before answering question %1")
                          .arg(numbers.join(QStringLiteral(", ")));
            }
            html += QStringLiteral("<li>%1</li>").arg(line);
        }
        html += QStringLiteral("</ul>");
    }
    return html;
}

namespace {
QString outcomeWord(int option, int answer)
{
    if (option == QuizSession::NoAnswer)
        return ResultsPage::tr("not answered");
    return option == answer ? ResultsPage::tr("right") : ResultsPage::tr("wrong");
}

QString csvField(const QString& text)
{
    QString field = text;
    field.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + field + QLatin1Char('"');
}

QString plain(const rlab::demo::LiveFigures& figures, const rlab::content::Text& text)
{
    return QTextDocumentFragment::fromHtml(contentHtml(figures, text)).toPlainText();
}
} // namespace

QByteArray ResultsPage::resultsCsv() const
{
    const rlab::content::Quiz* shown = quiz();
    QStringList lines;
    lines << QStringList {tr("Number"), tr("Question"), tr("First try"), tr("Now"), tr("Your answer"),
        tr("Right answer"), tr("Guide")}
                 .join(QLatin1Char(','));
    if (!shown)
        return lines.join(QLatin1Char('\n')).toUtf8() + '\n';
    const rlab::content::Guide* guide = content() ? content()->guide(shown->guide) : nullptr;
    const int total = std::min(session()->questionCount(), static_cast<int>(shown->questions.size()));
    for (int index = 0; index < total; ++index) {
        const auto& question = shown->questions[static_cast<std::size_t>(index)];
        QString section;
        for (std::size_t part = 0; guide && part < guide->sections.size(); ++part) {
            if (guide->sections[part].id == question.guideSection)
                section = fromUtf8(guide->sections[part].title.value);
        }
        const int latest = session()->latestAnswer(index);
        const bool given = latest >= 0 && latest < static_cast<int>(question.options.size());
        const int right = question.answer;
        lines << QStringList {QString::number(index + 1), csvField(plain(figures(), question.text)),
            csvField(outcomeWord(session()->firstTryAnswer(index), right)),
            csvField(outcomeWord(latest, right)),
            csvField(!given ? QString()
                    : question.number
                    ? numberOptionText(question, latest)
                    : plain(figures(), question.options[static_cast<std::size_t>(latest)].text)),
            csvField(question.number
                    ? numberOptionText(question, right)
                    : plain(figures(), question.options[static_cast<std::size_t>(right)].text)),
            csvField(section)}
                     .join(QLatin1Char(','));
    }
    return lines.join(QLatin1Char('\n')).toUtf8() + '\n';
}

QString ResultsPage::resultsHtml() const
{
    // The review as shown, its in-app links (question:, guide:) as plain text, in a page of its own
    // with print margins; colours stay, since right and wrong also carry a mark.
    QString body = m_reviewHtml;
    static const QRegularExpression appLinks(QStringLiteral("<a href=\"[^\"]*\">(.*?)</a>"));
    body.replace(appLinks, QStringLiteral("\\1"));
    const rlab::content::Quiz* shown = quiz();
    const QString title = shown ? fromUtf8(shown->title.value).toHtmlEscaped() : QString();
    return QStringLiteral(
        "<!DOCTYPE html>\n<html lang=\"%1\"><head><meta charset=\"utf-8\"><title>%2</title>"
        "<style>body{font-family:sans-serif;max-width:50em;margin:2em auto;color:#111}"
        "table{border-collapse:collapse}td,th{border-bottom:1px solid #ccc;vertical-align:top}"
        "@media print{body{margin:0;max-width:none}a{color:inherit;text-decoration:none}"
        "h3{break-after:avoid}tr{break-inside:avoid}}</style></head><body>"
        "<h1>%2</h1><p><b>%3</b></p>%4<p><small>%5</small></p></body></html>\n")
        .arg(QLocale().bcp47Name(), title,
            QTextDocumentFragment::fromHtml(m_score->text()).toPlainText().toHtmlEscaped(), body,
            tr("Exported from Recompute Lab on %1.")
                .arg(QLocale().toString(QDate::currentDate(), QLocale::LongFormat)));
}

QString ResultsPage::exportResults(const QString& path) const
{
    const bool csv = path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive);
    // Whole or not at all, never through a link (QSaveFile wrote a link's target).
    if (const std::optional<std::string> why = rlab::replaceFileWhole(QFile::encodeName(path).toStdString(),
            (csv ? resultsCsv() : resultsHtml().toUtf8()).toStdString()))
        return tr("Cannot write %1: %2.")
            .arg(QDir::toNativeSeparators(path), QString::fromLocal8Bit(why->c_str()));
    return {};
}

void ResultsPage::exportResultsWithDialog()
{
    const rlab::content::Quiz* shown = quiz();
    const QString name
        = QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
              .filePath((shown ? fromUtf8(shown->id) : QStringLiteral("results")) + QStringLiteral(".html"));
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export results"), name, tr("Page to print or keep (*.html);;Spreadsheet (*.csv)"));
    if (path.isEmpty())
        return;
    if (const QString problem = exportResults(path); !problem.isEmpty())
        QMessageBox::warning(this, tr("Export results"), problem);
}
