#include "startpage.h"

#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

#include "quiz/model/reviewschedule.h"
#include "rlab/content/content.h"
#include "view/contenttext.h"
#include "view/tones.h"

using rlab::quiz::QuizStanding;
namespace ReviewSchedule = rlab::quiz::ReviewSchedule;
using rlab::quiz::TopicMastery;

namespace {
const char* const PageStyle = R"(
QFrame#quizCard { border: 1px solid palette(mid); border-radius: 10px; background: palette(base); }
QLabel#levelBadge { background: %1; color: %2; border-radius: 4px; padding: 2px 6px; }
QProgressBar#topicMastery { border: 1px solid palette(mid); border-radius: 3px; background: palette(window); }
QProgressBar#topicMastery::chunk { background: %3; }
)";
}

StartPage::StartPage(const rlab::demo::LiveFigures& figures, QWidget* parent)
    : QWidget(parent)
    , m_figures(figures)
    , m_title(new QLabel(this))
    , m_intro(new QLabel(this))
    , m_planner(new QPushButton(this))
    , m_reviewAll(new QPushButton(this))
    , m_cards(new QVBoxLayout)
{
    setObjectName(QStringLiteral("startPage"));
    setToneStyleSheet(this, [] {
        return QString::fromLatin1(PageStyle).arg(
            toneBackgroundName(Tone::Tag), toneName(Tone::Tag), toneName(Tone::Right));
    });
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.8);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_intro->setWordWrap(true);
    m_planner->setObjectName(QStringLiteral("openPlanner"));
    connect(m_planner, &QPushButton::clicked, this, &StartPage::plannerRequested);

    auto* list = new QWidget;
    auto* listLayout = new QVBoxLayout(list);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->addLayout(m_cards);
    listLayout->addStretch(1);
    m_cards->setSpacing(12);
    auto* scroll = new QScrollArea(this);
    m_scroll = scroll;
    scroll->setWidget(list);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(24, 20, 24, 20);
    layout->setSpacing(12);
    layout->addWidget(m_title);
    layout->addWidget(m_intro);
    layout->addWidget(m_planner, 0, Qt::AlignLeft);
    m_reviewAll->setObjectName(QStringLiteral("reviewAll"));
    connect(m_reviewAll, &QPushButton::clicked, this, [this] { emit reviewRequested(QString()); });
    auto* reviewRow = new QHBoxLayout;
    reviewRow->addWidget(m_reviewAll);
    reviewRow->addStretch(1);
    layout->addLayout(reviewRow);
    layout->addWidget(scroll, 1);
    rebuild();
}

void StartPage::setQuizzes(
    const rlab::content::Content* content, const QHash<QString, QuizStanding>& standings)
{
    m_content = content;
    m_standings = standings;
    rebuild();
}

QString StartPage::levelName(const QString& level)
{
    if (level == QLatin1String("beginner"))
        return tr("Beginner");
    if (level == QLatin1String("intermediate"))
        return tr("Intermediate");
    if (level == QLatin1String("advanced"))
        return tr("Advanced");
    return level;
}

void StartPage::markNew(const QStringList& quizIds)
{
    m_new = quizIds;
    rebuild();
    for (QWidget* card : findChildren<QWidget*>(QStringLiteral("quizCard"))) {
        if (!m_new.contains(card->property("quizId").toString()))
            continue;
        // Once laid out: the new card may sit below the fold (and may be rebuilt before then).
        QTimer::singleShot(0, this, [this, shown = QPointer<QWidget>(card)] {
            if (shown)
                m_scroll->ensureWidgetVisible(shown);
        });
        if (auto* open = card->findChild<QPushButton*>(QStringLiteral("openQuiz")))
            open->setFocus(Qt::OtherFocusReason);
        break;
    }
}

void StartPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        rebuild();
    QWidget::changeEvent(event);
}

void StartPage::rebuild()
{
    m_title->setText(tr("Recompute Lab"));
    m_intro->setText(
        tr("Learn activation recomputation (gradient checkpointing) by answering questions. Each "
           "question opens a live demo that trains a small GPT-style model and measures memory and "
           "time."));
    m_planner->setText(tr("Plan your own model…"));
    m_planner->setToolTip(
        tr("Which recomputation policy fits your model in your GPU's memory, what it costs, "
           "and the code that does it."));
    int due = 0;
    for (const QuizStanding& standing : std::as_const(m_standings))
        due += standing.due;
    m_reviewAll->setText(ReviewSchedule::reviewButtonText(due));
    m_reviewAll->setToolTip(ReviewSchedule::scheduleExplanation());
    m_reviewAll->setAccessibleName(m_reviewAll->text());
    m_reviewAll->setVisible(due > 0);
    while (QLayoutItem* item = m_cards->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    if (!m_content || m_content->quizzes.empty()) {
        auto* none = new QLabel(tr("No quizzes could be loaded. See the notice above for what went wrong."));
        none->setWordWrap(true);
        m_cards->addWidget(none);
        return;
    }
    for (int i = 0; i < static_cast<int>(m_content->quizzes.size()); ++i)
        m_cards->addWidget(card(i));
    // Enter presses the focused button, as Space does (outside a dialog Qt's buttons take Space only).
    for (QPushButton* button : findChildren<QPushButton*>())
        button->setAutoDefault(true);
    // Questions due: the page opens on the review, so Enter starts it.
    if (due > 0)
        m_reviewAll->setFocus();
}

QWidget* StartPage::card(int index)
{
    const rlab::content::Quiz& quiz = m_content->quizzes[static_cast<std::size_t>(index)];
    const QString id = fromUtf8(quiz.id);
    const QuizStanding standing = m_standings.value(id);
    const int total = static_cast<int>(quiz.questions.size());

    auto* frame = new QFrame;
    frame->setObjectName(QStringLiteral("quizCard"));
    frame->setProperty("quizId", id);

    auto* title = new QLabel(frame);
    title->setObjectName(QStringLiteral("quizCardTitle"));
    showContentText(m_figures, title, quiz.title);
    title->setWordWrap(true);
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    title->setFont(titleFont);

    auto* level = new QLabel(levelName(fromUtf8(quiz.level)), frame);
    level->setObjectName(QStringLiteral("levelBadge"));
    auto* count = new QLabel(tr("%n question(s)", nullptr, total), frame);
    count->setObjectName(QStringLiteral("questionCount"));
    auto* facts = new QHBoxLayout;
    if (m_new.contains(id)) {
        auto* fresh = new QLabel(tr("New"), frame);
        fresh->setObjectName(QStringLiteral("newBadge"));
        fresh->setToolTip(tr("This quiz came with the pack you just opened."));
        QFont bold = fresh->font();
        bold.setBold(true);
        fresh->setFont(bold);
        facts->addWidget(fresh);
    }
    facts->addWidget(level);
    facts->addWidget(count);
    facts->addStretch(1);

    auto* description = new QLabel(frame);
    showContentText(m_figures, description, quiz.description);
    description->setWordWrap(true);

    auto* progress = new QProgressBar(frame);
    progress->setObjectName(QStringLiteral("quizProgress"));
    progress->setRange(0, qMax(total, 1));
    progress->setValue(standing.answered);
    progress->setTextVisible(false);
    progress->setMaximumHeight(8);
    auto* progressText = new QLabel(frame);
    progressText->setObjectName(QStringLiteral("progressText"));
    if (standing.answered == 0) {
        progressText->setText(tr("Not started"));
    } else {
        QStringList parts {
            tr("%n answered", nullptr, standing.answered), tr("%n correct", nullptr, standing.correct)};
        if (standing.attempts > 1)
            parts << tr("first try %1 of %2").arg(standing.firstTry).arg(total)
                  << tr("best %1 of %2").arg(standing.best).arg(total);
        progressText->setText(parts.join(QStringLiteral(" · ")));
    }
    progress->setAccessibleName(progressText->text());

    auto* open = new QPushButton(standing.answered == 0 ? tr("Start")
            : standing.answered < total                 ? tr("Continue")
                                                        : tr("See results"),
        frame);
    open->setObjectName(QStringLiteral("openQuiz"));
    open->setAccessibleName(tr("Open quiz %1").arg(fromUtf8(quiz.title.value)));
    connect(open, &QPushButton::clicked, this, [this, id] { emit openRequested(id); });
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(progressText, 1);
    if (standing.answered > 0) {
        auto* reset = new QPushButton(tr("Start over"), frame);
        reset->setObjectName(QStringLiteral("resetQuiz"));
        reset->setAccessibleName(tr("Clear the answers of %1").arg(fromUtf8(quiz.title.value)));
        connect(reset, &QPushButton::clicked, this, [this, id] { emit resetRequested(id); });
        buttons->addWidget(reset);
    }
    if (standing.due > 0) {
        auto* review = new QPushButton(ReviewSchedule::reviewButtonText(standing.due), frame);
        review->setObjectName(QStringLiteral("reviewQuiz"));
        review->setAccessibleName(tr("Review the questions of %1 due today").arg(fromUtf8(quiz.title.value)));
        connect(review, &QPushButton::clicked, this, [this, id] { emit reviewRequested(id); });
        buttons->addWidget(review);
    }
    buttons->addWidget(open);

    // Mastery per topic: one short bar per guide section, once the quiz has been started.
    auto* topics = new QGridLayout;
    topics->setColumnStretch(1, 1);
    if (standing.answered > 0) {
        for (int row = 0; row < standing.topics.size(); ++row) {
            const TopicMastery& topic = standing.topics[row];
            auto* name = new QLabel(topic.topic, frame);
            name->setTextFormat(Qt::PlainText);
            auto* bar = new QProgressBar(frame);
            bar->setObjectName(QStringLiteral("topicMastery"));
            bar->setRange(0, qMax(topic.questions, 1));
            bar->setValue(topic.mastered);
            bar->setTextVisible(false);
            bar->setMaximumHeight(8);
            auto* share = new QLabel(tr("%1 of %2 mastered").arg(topic.mastered).arg(topic.questions), frame);
            bar->setAccessibleName(topic.topic + QStringLiteral(": ") + share->text());
            topics->addWidget(name, row, 0);
            topics->addWidget(bar, row, 1);
            topics->addWidget(share, row, 2);
        }
    }

    auto* layout = new QVBoxLayout(frame);
    layout->setContentsMargins(16, 14, 16, 14);
    layout->addWidget(title);
    layout->addLayout(facts);
    layout->addWidget(description);
    layout->addWidget(progress);
    layout->addLayout(topics);
    layout->addLayout(buttons);
    return frame;
}
