#include "questionpage.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include <QApplication>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QStackedWidget>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

#include "demo/model/livefigures.h"
#include "demo/view/demopanel.h"
#include "demo/view/predictionbox.h"
#include "planner/view/plannerviewpanel.h"
#include "quiz/model/quizsession.h"
#include "quiz/view/optionbutton.h"
#include "rlab/content/content.h"
#include "view/contenttext.h"
#include "view/tones.h"

using rlab::demo::LiveFigures;
using rlab::quiz::QuizSession;

namespace {
constexpr int MaxKeyedOptions = rlab::content::kMostOptions; // keys 1..6 choose the options

const char* const PageStyle = R"(
OptionButton { border: 1px solid palette(mid); border-radius: 8px; background: palette(base); }
OptionButton:hover { border: 1px solid palette(highlight); }
OptionButton:focus { border: 2px solid palette(highlight); }
OptionButton[answerState="right"] { background: %1; border: 2px solid %2; }
OptionButton[answerState="wrong"] { background: %3; border: 2px solid %4; }
QLabel#optionKey { background: palette(window); border: 1px solid palette(mid); border-radius: 4px; }
QFrame#feedback { border: 1px solid palette(mid); border-radius: 8px; background: palette(alternate-base); }
QLabel#verdictRight { color: %2; font-weight: bold; }
QLabel#verdictWrong { color: %4; font-weight: bold; }
)";

QLabel* wrappingLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}
} // namespace

QuestionPage::QuestionPage(QuizSession* session, LiveFigures& figures, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_figures(figures)
    , m_back(new QPushButton(this))
    , m_quizTitle(new QLabel(this))
    , m_counter(new QLabel(this))
    , m_round(new QLabel(this))
    , m_showAll(new QPushButton(this))
    , m_question(new QLabel(this))
    , m_optionBox(nullptr)
    , m_feedback(nullptr)
    , m_verdict(nullptr)
    , m_explanationTitle(nullptr)
    , m_explanation(nullptr)
    , m_whyWrongTitle(nullptr)
    , m_whyWrong(nullptr)
    , m_previous(new QPushButton(this))
    , m_next(new QPushButton(this))
    , m_keys(new QLabel(this))
    , m_answerStep(new QLabel(this))
    , m_guideButton(new QPushButton(this))
    , m_guideBack(new QPushButton(this))
    , m_guideTitle(new QLabel(this))
    , m_stack(new QStackedWidget(this))
    , m_lesson(new QWidget(this))
    , m_guidePage(nullptr)
    , m_evidence(new QStackedWidget(this))
    , m_noEvidence(new QLabel(this))
    , m_guide(new GuideView(this))
    , m_guideTab(new QStackedWidget(this))
    , m_guideCover(new QWidget(this))
    , m_guideCoverText(new QLabel(m_guideCover))
    , m_uncoverGuide(new QPushButton(m_guideCover))
    , m_demo(new DemoPanel(figures, this))
    , m_plannerView(new PlannerViewPanel(this))
{
    setObjectName(QStringLiteral("questionPage"));
    setToneStyleSheet(this, [] {
        return QString::fromLatin1(PageStyle).arg(toneBackgroundName(Tone::Right), toneName(Tone::Right),
            toneBackgroundName(Tone::Wrong), toneName(Tone::Wrong));
    });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    buildHeader(layout);

    // The lesson: what the demo shows on the left (predict, run, see), the answer on the right. Both
    // columns hold something from the first moment; only the answer column scrolls, when it must.
    m_demo->setObjectName(QStringLiteral("demoPanel"));
    m_noEvidence->setObjectName(QStringLiteral("noEvidence"));
    m_noEvidence->setWordWrap(true);
    m_noEvidence->setAlignment(Qt::AlignCenter);
    m_evidence->setObjectName(QStringLiteral("evidence"));
    m_evidence->addWidget(m_demo);
    m_evidence->addWidget(m_plannerView);
    m_evidence->addWidget(m_noEvidence);
    connect(m_plannerView, &PlannerViewPanel::openRequested, this, &QuestionPage::openPlannerView);
    connect(m_demo, &DemoPanel::exploreRequested, this, &QuestionPage::showExplore);
    connect(m_demo, &DemoPanel::lessonRequested, this, &QuestionPage::showLesson);
    m_lesson->setObjectName(QStringLiteral("lessonPage"));
    auto* lesson = new QHBoxLayout(m_lesson);
    lesson->setContentsMargins(0, 0, 0, 0);
    lesson->setSpacing(16);
    lesson->addWidget(m_evidence, 6);
    lesson->addWidget(buildAnswerColumn(), 5);

    m_stack->setObjectName(QStringLiteral("questionPages"));
    m_stack->addWidget(m_lesson);
    m_guidePage = buildGuidePage();
    m_stack->addWidget(m_guidePage);
    m_stack->addWidget(m_demo->explorePage());
    layout->addWidget(m_stack, 1);

    connect(m_session, &QuizSession::currentChanged, this, &QuestionPage::render);
    connect(m_session, &QuizSession::answered, this, [this] {
        render();
        // In a small window the verdict may sit below the fold: bring it into view once laid out.
        QTimer::singleShot(0, this, &QuestionPage::showVerdict);
    });
    connect(m_session, &QuizSession::roundChanged, this, &QuestionPage::render);
    connect(m_session, &QuizSession::hinted, this, [this] {
        render();
        QTimer::singleShot(0, this, &QuestionPage::showVerdict);
    });
    // A finished demo changes the live figures its texts quote: show them again, and nothing else.
    connect(&m_figures, &LiveFigures::changed, this, &QuestionPage::renderFigures);
    addKeys();
    retranslate();
}

void QuestionPage::buildHeader(QVBoxLayout* page)
{
    // Where the learner is, the question, and the ways to what is not this lesson.
    m_counter->setObjectName(QStringLiteral("questionCounter"));
    QFont counterFont = m_counter->font();
    counterFont.setBold(true);
    m_counter->setFont(counterFont);
    m_quizTitle->setObjectName(QStringLiteral("quizTitle"));
    // Long titles wrap instead of widening the window past small screens.
    m_quizTitle->setWordWrap(true);
    m_quizTitle->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_quizTitle->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_round->setObjectName(QStringLiteral("roundNote"));
    m_guideButton->setObjectName(QStringLiteral("guideButton"));
    connect(m_guideButton, &QPushButton::clicked, this, &QuestionPage::showGuide);
    auto* header = new QHBoxLayout;
    header->addWidget(m_back);
    header->addSpacing(8);
    header->addWidget(m_counter);
    header->addWidget(m_round);
    header->addWidget(m_quizTitle, 1);
    header->addSpacing(8);
    header->addWidget(m_guideButton);
    header->addWidget(m_showAll);
    page->addLayout(header);
    m_question->setObjectName(QStringLiteral("questionText"));
    m_question->setWordWrap(true);
    m_question->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont questionFont = m_question->font();
    questionFont.setPointSizeF(questionFont.pointSizeF() * 1.3);
    questionFont.setBold(true);
    m_question->setFont(questionFont);
    m_question->setContentsMargins(4, 8, 4, 8);
    page->addWidget(m_question);
    connect(m_back, &QPushButton::clicked, this, &QuestionPage::backRequested);
    connect(m_showAll, &QPushButton::clicked, this, &QuestionPage::showAllRequested);
}

QWidget* QuestionPage::buildAnswerColumn()
{
    auto* column = new QWidget;
    column->setObjectName(QStringLiteral("questionColumn"));
    m_answerStep->setObjectName(QStringLiteral("answerStep"));
    QFont stepFont = m_answerStep->font();
    stepFont.setBold(true);
    m_answerStep->setFont(stepFont);
    m_optionBox = new QWidget(column);
    auto* optionLayout = new QVBoxLayout(m_optionBox);
    optionLayout->setContentsMargins(0, 0, 0, 0);
    optionLayout->setSpacing(8);

    QWidget* numberBox = buildNumberBox();
    numberBox->setParent(column);

    m_feedback = new QFrame(column);
    m_feedback->setObjectName(QStringLiteral("feedback"));
    m_verdict = wrappingLabel(m_feedback);
    m_explanationTitle = new QLabel(m_feedback);
    m_explanation = wrappingLabel(m_feedback);
    m_explanation->setObjectName(QStringLiteral("explanation"));
    m_whyWrongTitle = wrappingLabel(m_feedback);
    m_whyWrongTitle->setObjectName(QStringLiteral("whyWrongTitle"));
    m_whyWrongTitle->setTextFormat(Qt::PlainText); // it quotes option text: never markup
    m_whyWrong = wrappingLabel(m_feedback);
    m_whyWrong->setObjectName(QStringLiteral("whyWrong"));
    QFont titleFont = m_explanationTitle->font();
    titleFont.setBold(true);
    m_explanationTitle->setFont(titleFont);
    m_whyWrongTitle->setFont(titleFont);
    auto* feedbackLayout = new QVBoxLayout(m_feedback);
    feedbackLayout->addWidget(m_verdict);
    feedbackLayout->addWidget(m_whyWrongTitle);
    feedbackLayout->addWidget(m_whyWrong);
    feedbackLayout->addWidget(m_explanationTitle);
    feedbackLayout->addWidget(m_explanation);
    m_guideLink = new QLabel(m_feedback);
    m_guideLink->setObjectName(QStringLiteral("guideLink"));
    m_guideLink->setWordWrap(true);
    m_guideLink->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    connect(m_guideLink, &QLabel::linkActivated, this, &QuestionPage::showGuide);
    feedbackLayout->addWidget(m_guideLink);
    m_seeAlso = new QLabel(m_feedback);
    m_seeAlso->setObjectName(QStringLiteral("seeAlso"));
    m_seeAlso->setWordWrap(true);
    m_seeAlso->setTextFormat(Qt::RichText);
    m_seeAlso->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    connect(m_seeAlso, &QLabel::linkActivated, this, [this](const QString& link) {
        QString quizId;
        int question = -1;
        if (readSeeAlsoLink(link, &quizId, &question))
            emit seeAlsoRequested(quizId, question);
    });
    feedbackLayout->addWidget(m_seeAlso);

    m_previous->setObjectName(QStringLiteral("previousButton"));
    m_next->setObjectName(QStringLiteral("nextButton"));
    m_keys->setObjectName(QStringLiteral("keyHint"));
    m_keys->setWordWrap(true);
    m_keys->setForegroundRole(QPalette::PlaceholderText); // a hint, not content, yet readable
    auto* navigation = new QHBoxLayout;
    navigation->addWidget(m_previous);
    navigation->addStretch(1);
    navigation->addWidget(m_next);
    connect(m_previous, &QPushButton::clicked, m_session, &QuizSession::previous);
    connect(m_next, &QPushButton::clicked, m_session, &QuizSession::next);

    auto* columnLayout = new QVBoxLayout(column);
    columnLayout->setContentsMargins(0, 0, 8, 0);
    columnLayout->setSpacing(10);
    columnLayout->addWidget(m_answerStep);
    columnLayout->addWidget(m_optionBox);
    columnLayout->addWidget(m_numberBox);
    columnLayout->addWidget(m_feedback);
    columnLayout->addLayout(navigation);
    columnLayout->addWidget(m_keys);
    columnLayout->addStretch(1);

    m_scroll = new QScrollArea;
    m_scroll->setObjectName(QStringLiteral("answerScroll"));
    m_scroll->setWidget(column);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setFocusPolicy(Qt::NoFocus); // a Tab stop that shows nothing; its controls take the focus
    m_scroll->setMinimumWidth(260);
    return m_scroll;
}

QWidget* QuestionPage::buildGuidePage()
{
    auto* page = new QWidget;
    page->setObjectName(QStringLiteral("guidePage"));
    m_guide->setObjectName(QStringLiteral("guideView"));
    // Queued: the guide's text is replaced, not from inside its own link's click.
    connect(
        m_guide, &GuideView::sectionRequested, this,
        [this](const QString& id) {
            m_guideSection = id.toStdString();
            render();
            m_guide->verticalScrollBar()->setValue(0);
        },
        Qt::QueuedConnection);
    // Before an answer the guide shows a cover: its section holds the answer.
    m_guideCover->setObjectName(QStringLiteral("guideCover"));
    m_guideCoverText->setWordWrap(true);
    m_uncoverGuide->setObjectName(QStringLiteral("uncoverGuide"));
    connect(m_uncoverGuide, &QPushButton::clicked, this, &QuestionPage::uncoverGuide);
    auto* coverLayout = new QVBoxLayout(m_guideCover);
    coverLayout->setContentsMargins(16, 16, 16, 16);
    coverLayout->addWidget(m_guideCoverText);
    coverLayout->addWidget(m_uncoverGuide, 0, Qt::AlignLeft);
    coverLayout->addStretch(1);
    auto* guideStack = static_cast<QStackedWidget*>(m_guideTab);
    guideStack->setObjectName(QStringLiteral("guideTab"));
    guideStack->addWidget(m_guide);
    guideStack->addWidget(m_guideCover);
    m_guideBack->setObjectName(QStringLiteral("guideBack"));
    connect(m_guideBack, &QPushButton::clicked, this, &QuestionPage::showLesson);
    m_guideTitle->setObjectName(QStringLiteral("guideTitle"));
    m_guideTitle->setWordWrap(true);
    QFont titleFont = m_guideTitle->font();
    titleFont.setBold(true);
    m_guideTitle->setFont(titleFont);
    auto* head = new QHBoxLayout;
    head->addWidget(m_guideTitle, 1);
    head->addWidget(m_guideBack, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(head);
    layout->addWidget(m_guideTab, 1);
    return page;
}

void QuestionPage::addKeys()
{
    // Keys live on the page: they work only while it is shown, and a focused spin box in the
    // demo still receives its digits (line edits take printable keys before shortcuts).
    for (int i = 0; i < MaxKeyedOptions; ++i) {
        auto* key = new QShortcut(QKeySequence(Qt::Key_1 + i), this);
        connect(key, &QShortcut::activated, this, [this, i] {
            if (isLessonShown())
                choose(i);
        });
    }
    QList<QShortcut*> enterKeys;
    for (const int enter : {Qt::Key_Return, Qt::Key_Enter}) {
        auto* key = new QShortcut(QKeySequence(enter), this);
        connect(key, &QShortcut::activated, this, &QuestionPage::confirmOrNext);
        enterKeys.append(key);
    }
    // Enter goes on wherever the focus is (a focused demo button included: Space presses it), except
    // in the demo's size fields and prediction, where it runs the demo.
    connect(qApp, &QApplication::focusChanged, this, [this, enterKeys](QWidget*, QWidget* now) {
        const bool demoTakesIt = m_demo->takesEnter(now);
        for (QShortcut* key : enterKeys)
            key->setEnabled(!demoTakesIt);
    });
    connect(new QShortcut(QKeySequence(Qt::Key_E), this), &QShortcut::activated, this,
        &QuestionPage::showExplore);
    connect(
        new QShortcut(QKeySequence(Qt::Key_G), this), &QShortcut::activated, this, &QuestionPage::showGuide);
    connect(new QShortcut(QKeySequence(Qt::Key_Escape), this), &QShortcut::activated, this,
        &QuestionPage::showLesson);
}

void QuestionPage::setContent(const rlab::content::Content* content)
{
    m_content = content;
    render();
}

OptionButton* QuestionPage::optionButton(int index) const
{
    return index >= 0 && index < m_options.size() ? m_options[index] : nullptr;
}

void QuestionPage::runDemo()
{
    // From another page, a prediction still to make comes first: R shows it, and R again runs.
    if (m_demo->presetId().isEmpty()) {
        openPlannerView(); // a question about many GPUs opens its Planner view; others have nothing
        return;
    }
    const bool demoWasShown = isLessonShown();
    if (!isLessonShown() && m_stack->currentWidget() != m_demo->explorePage())
        showLesson();
    if (!demoWasShown && m_demo->predictionBox()->isPending()) {
        m_demo->predictionBox()->focusChoice();
        return;
    }
    if (!m_demo->isRunning() && !m_demo->presetId().isEmpty())
        m_demo->requestRun(); // a long run is asked for first
}

bool QuestionPage::hasPlannerView() const
{
    const rlab::content::Question* shown = question();
    return shown && shown->planner && !(m_content && m_content->preset(shown->demo));
}

void QuestionPage::openPlannerView()
{
    const rlab::content::Quiz* current = quiz();
    const rlab::content::Question* shown = question();
    if (!current || !hasPlannerView())
        return;
    m_plannerView->setView(*shown->planner);
    emit plannerViewRequested(*m_plannerView->view(),
        tr("question %1 of “%2”").arg(m_session->current() + 1).arg(fromUtf8(current->title.value)));
}

void QuestionPage::confirmOrNext()
{
    const int current = m_session->current();
    if (current < 0)
        return;
    if (m_session->isAnswered(current)) {
        m_session->next();
        return;
    }
    if (const rlab::content::Question* shown = question(); shown && shown->number) {
        checkNumber();
        return;
    }
    // Enter confirms an option the learner moved to (Tab, Up, Down); the focus a previous
    // question left on the same button is not a choice.
    if (!m_optionPicked)
        return;
    for (int i = 0; i < m_options.size(); ++i) {
        if (m_options[i]->hasFocus()) {
            choose(i);
            return;
        }
    }
}

bool QuestionPage::answerShown() const
{
    return m_session->isAnswered(m_session->current());
}

bool QuestionPage::isGuideShown() const
{
    return m_stack->currentWidget() == m_guidePage
        && static_cast<QStackedWidget*>(m_guideTab)->currentWidget() == m_guide;
}

bool QuestionPage::isLessonShown() const
{
    return m_stack->currentWidget() == m_lesson;
}

void QuestionPage::showGuide()
{
    // Before an answer the page shows its cover first: opening the section is a choice of its own.
    m_stack->setCurrentWidget(m_guidePage);
    m_guideBack->setFocus(Qt::OtherFocusReason);
}

void QuestionPage::readGuide()
{
    showGuide();
    if (!answerShown())
        uncoverGuide();
}

void QuestionPage::showExplore()
{
    if (m_demo->presetId().isEmpty() || m_demo->namesHidden())
        return; // names that give the answer away wait for it (the button says so)
    m_stack->setCurrentWidget(m_demo->explorePage());
}

void QuestionPage::showVerdict()
{
    // Next first, then the verdict: where both fit, the learner reads the verdict and reaches Next
    // without scrolling (a long Shona explanation at 1024x700 pushed Next below the fold); where
    // they do not, the verdict's top wins.
    m_scroll->ensureWidgetVisible(m_next, 0, 8);
    m_scroll->ensureWidgetVisible(m_feedback, 0, 8);
}

bool QuestionPage::isExploreShown() const
{
    return m_stack->currentWidget() == m_demo->explorePage();
}

void QuestionPage::showLesson()
{
    if (isLessonShown())
        return;
    m_stack->setCurrentWidget(m_lesson);
}

void QuestionPage::uncoverGuide()
{
    if (m_uncoveredFor == m_session->current())
        return;
    m_uncoveredFor = m_session->current();
    m_session->recordGuideOpened();
    render();
}

void QuestionPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

bool QuestionPage::eventFilter(QObject* watched, QEvent* event)
{
    // The options behave as a radio group: Up and Down move the focus, wrapping at the ends, and
    // choose nothing (an answer is final, so it takes Enter, a click or its number).
    if (event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        const int option = static_cast<int>(m_options.indexOf(watched));
        if (option >= 0 && (key == Qt::Key_Tab || key == Qt::Key_Backtab))
            m_optionPicked = true; // Tab lands on an option: Enter may confirm it
        if (option >= 0 && (key == Qt::Key_Up || key == Qt::Key_Down)) {
            const int count = static_cast<int>(m_options.size());
            focusOption((option + (key == Qt::Key_Down ? 1 : count - 1)) % count);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

const rlab::content::Quiz* QuestionPage::quiz() const
{
    return m_content ? m_content->quiz(m_session->quizId().toStdString()) : nullptr;
}

const rlab::content::Question* QuestionPage::question() const
{
    const rlab::content::Quiz* current = quiz();
    const int index = m_session->current();
    if (!current || index < 0 || index >= static_cast<int>(current->questions.size()))
        return nullptr;
    return &current->questions[static_cast<std::size_t>(index)];
}

void QuestionPage::render()
{
    const rlab::content::Quiz* current = quiz();
    const rlab::content::Question* shown = question();
    if (!current || !shown)
        return;
    const int index = m_session->current();
    if (index != m_shownQuestion) {
        m_shownQuestion = index;
        m_optionPicked = false;
        m_guideSection.clear(); // a new question opens its own section
        // A new question opens at its top, on its lesson.
        m_stack->setCurrentWidget(m_lesson);
        m_scroll->verticalScrollBar()->setValue(0);
    }

    showContentText(m_figures, m_quizTitle, current->title);
    m_counter->setText(tr("Question %1 of %2").arg(index + 1).arg(m_session->questionCount()));
    const bool retry = m_session->isRetry();
    m_round->setVisible(retry);
    if (retry) {
        m_round->setText(tr("· retrying the wrong ones: %1 of %2")
                             .arg(m_session->positionInRound() + 1)
                             .arg(m_session->round().size()));
    }
    showContentText(m_figures, m_question, shown->text);

    const bool numeric = shown->number.has_value();
    const int count = numeric ? 0 : static_cast<int>(shown->options.size()); // a number has no buttons
    const int keyed = std::min(count, MaxKeyedOptions);
    // R is named only where it does something: a question without a demo has none to run.
    const bool hasDemo = m_content && m_content->preset(shown->demo) != nullptr;
    const bool hasPlannerView = !hasDemo && shown->planner.has_value();
    m_keys->setText(
        numeric ? tr(
            "Keys: Enter checks your figure, then goes on · ← → move · R runs the demo · E explores the run")
            : hasDemo
            ? tr("Keys: 1–%1 choose · Enter next · ← → move · R runs the demo · E explores the run · G guide")
                  .arg(keyed)
            : hasPlannerView
            ? tr("Keys: 1–%1 choose · Enter next · ← → move · R opens the Planner").arg(keyed)
            : tr("Keys: 1–%1 choose · Enter next · ← → move").arg(keyed));
    ensureOptionButtons(count);
    m_optionBox->setVisible(!numeric);
    m_numberBox->setVisible(numeric);
    if (numeric)
        renderNumber(*shown);
    m_order = numeric ? QList<int> {} : m_session->optionOrder(index);
    if (m_order.size() != count) {
        m_order.clear();
        for (int i = 0; i < count; ++i)
            m_order.append(i);
    }
    const bool answered = m_session->isAnswered(index);
    const int chosen = m_session->chosen(index);
    const int hinted = m_session->hintedOption(index);
    for (int i = 0; i < count; ++i) {
        OptionButton* button = m_options[i];
        const int option = m_order[i];
        button->setOption(m_figures, shown->options[static_cast<std::size_t>(option)].text);
        OptionButton::State state = OptionButton::State::Open;
        if (answered) {
            if (option == shown->answer)
                state = OptionButton::State::Right;
            else if (option == chosen || option == hinted)
                state = OptionButton::State::Wrong;
            else
                state = OptionButton::State::Other;
        } else if (option == hinted) {
            state = OptionButton::State::Wrong; // tried: its hint is below, one more choice left
        }
        button->setState(state);
    }
    renderFeedback(*shown);
    renderGuide(*current, *shown);

    // Tab follows the reading order: header, options, the verdict's guide link, moving on, the side.
    QWidget* before = m_showAll;
    QWidget::setTabOrder(m_back, m_showAll);
    for (QWidget* button : std::as_const(m_options)) {
        QWidget::setTabOrder(before, button);
        before = button;
    }
    for (QWidget* after : {static_cast<QWidget*>(m_guideLink), static_cast<QWidget*>(m_seeAlso),
             static_cast<QWidget*>(m_previous), static_cast<QWidget*>(m_next)}) {
        QWidget::setTabOrder(before, after);
        before = after;
    }

    m_previous->setEnabled(m_session->positionInRound() > 0);
    const bool last = m_session->positionInRound() + 1 >= m_session->round().size();
    m_next->setText(last ? tr("See results") : tr("Next"));
    m_next->setAccessibleName(m_next->text());

    const rlab::content::DemoPreset* preset = m_content ? m_content->preset(shown->demo) : nullptr;
    if (preset) {
        if (m_demo->isRunning() && m_demo->presetId() != fromUtf8(preset->id))
            m_demo->cancel();
        m_demo->setPreset(*preset, fromUtf8(shown->demoView), shown->demoAnswer);
        m_demo->setHiddenRuns(shown->hiddenRuns);
    } else {
        m_demo->clearPreset(); // a question may have no demo: its guide is the side's only tab
    }
    const bool plannerView = !preset && shown->planner.has_value();
    if (plannerView)
        m_plannerView->setView(*shown->planner);
    else
        m_plannerView->clearView();
    m_plannerView->setAnswerShown(answered);
    m_evidence->setCurrentWidget(preset ? static_cast<QWidget*>(m_demo)
            : plannerView               ? static_cast<QWidget*>(m_plannerView)
                                        : static_cast<QWidget*>(m_noEvidence));
    if (!preset && m_stack->currentWidget() == m_demo->explorePage())
        showLesson();
    m_demo->setAnswerShown(answered);
}

void QuestionPage::renderFigures()
{
    const rlab::content::Quiz* current = quiz();
    const rlab::content::Question* shown = question();
    if (!current || !shown || m_order.size() != static_cast<int>(shown->options.size()))
        return;
    showContentText(m_figures, m_question, shown->text);
    for (int i = 0; i < m_order.size() && i < m_options.size(); ++i)
        m_options[i]->setOption(m_figures, shown->options[static_cast<std::size_t>(m_order[i])].text);
    renderFeedback(*shown);
    renderGuide(*current, *shown);
}

void QuestionPage::renderFeedback(const rlab::content::Question& shown)
{
    const int index = m_session->current();
    const bool answered = m_session->isAnswered(index);
    const int hinted = m_session->hintedOption(index);
    m_feedback->setVisible(answered || hinted != QuizSession::NoAnswer);
    if (!answered && hinted != QuizSession::NoAnswer) {
        renderHint(shown, hinted);
        return;
    }
    if (!answered)
        return;
    m_explanationTitle->show();
    m_explanation->show();
    const bool right = m_session->isCorrect(index);
    const int chosen = m_session->chosen(index);
    m_verdict->setObjectName(right ? QStringLiteral("verdictRight") : QStringLiteral("verdictWrong"));
    // Re-polish so the page's style sheet applies the colour of the new object name.
    m_verdict->style()->unpolish(m_verdict);
    m_verdict->style()->polish(m_verdict);
    const bool secondTry = hinted != QuizSession::NoAnswer;
    if (shown.number) {
        const auto given = m_numbers.constFind(index);
        const QLocale locale;
        m_verdict->setText(given == m_numbers.constEnd()
                ? (right ? tr("✔ Correct.") : tr("✘ Not quite."))
                : (right ? tr("✔ Right: your run measured %1%; you said %2%.")
                         : tr("✘ Not quite: your run measured %1%; you said %2%."))
                      .arg(locale.toString(given->second, 'f', 1), locale.toString(given->first, 'f', 1)));
    } else
        m_verdict->setText(right
                ? (secondTry ? tr("✔ Right, on the second try.") : tr("✔ Correct."))
                : tr("✘ Not quite: the right answer is %1.").arg(m_order.indexOf(shown.answer) + 1));
    m_explanationTitle->setText(tr("Why:"));
    showContentText(m_figures, m_explanation, shown.explanation);
    // Another quiz's question on the same point: linked, so the explanation need not repeat it.
    const QString seeAlso = m_content ? seeAlsoHtml(*m_content, shown) : QString();
    m_seeAlso->setText(seeAlso);
    m_seeAlso->setVisible(!seeAlso.isEmpty());

    const bool showWhyWrong = !right && chosen >= 0 && chosen < static_cast<int>(shown.options.size())
        && !shown.options[static_cast<std::size_t>(chosen)].whyWrong.value.empty();
    m_whyWrongTitle->setVisible(showWhyWrong);
    m_whyWrong->setVisible(showWhyWrong);
    if (showWhyWrong) {
        const auto& option = shown.options[static_cast<std::size_t>(chosen)];
        m_whyWrongTitle->setText(tr("Why “%1” is wrong:").arg(contentPlainText(m_figures, option.text)));
        showContentText(m_figures, m_whyWrong, option.whyWrong);
    }
}

void QuestionPage::renderHint(const rlab::content::Question& shown, int hinted)
{
    // A wrong first try: why that option is not it, as a hint, and one more choice; the right
    // answer and the explanation wait for the second try.
    m_verdict->setObjectName(QStringLiteral("verdictWrong"));
    m_verdict->style()->unpolish(m_verdict);
    m_verdict->style()->polish(m_verdict);
    m_verdict->setText(tr("Not quite. Here is a hint; choose once more."));
    const auto& option = shown.options[static_cast<std::size_t>(hinted)];
    const bool reason = !option.whyWrong.value.empty();
    m_whyWrongTitle->setVisible(reason);
    m_whyWrong->setVisible(reason);
    if (reason) {
        m_whyWrongTitle->setText(tr("Why “%1” is not it:").arg(contentPlainText(m_figures, option.text)));
        showContentText(m_figures, m_whyWrong, option.whyWrong);
    }
    m_explanationTitle->hide();
    m_explanation->hide();
    m_guideLink->hide();
    m_seeAlso->hide();
}

void QuestionPage::renderGuide(const rlab::content::Quiz& shownQuiz, const rlab::content::Question& shown)
{
    const rlab::content::Guide* guide = m_content ? m_content->guide(shownQuiz.guide) : nullptr;
    const rlab::content::GuideSection* section = nullptr;
    if (guide) {
        for (const auto& candidate : guide->sections) {
            if (candidate.id == shown.guideSection)
                section = &candidate;
        }
    }
    m_guideLink->setVisible(guide && section);
    auto* guideStack = static_cast<QStackedWidget*>(m_guideTab);
    if (!guide || !section) {
        guideStack->setCurrentWidget(m_guide);
        m_guide->setPlainText(tr("This question has no guide section."));
        m_guideTitle->setText(tr("Guide"));
        return;
    }
    // The section holds the answer: covered until the question is answered or the learner opens it.
    const bool covered
        = !m_session->isAnswered(m_session->current()) && m_uncoveredFor != m_session->current();
    guideStack->setCurrentWidget(covered ? m_guideCover : m_guide);
    m_guideCoverText->setText(tr("This question's guide section holds its answer. Answer first, then read "
                                 "it; or open it now, and your attempt notes that you did."));
    m_uncoverGuide->setText(tr("&Open the guide now"));
    if (covered) {
        m_guide->clear();
        m_guideTitle->setText(tr("Guide")); // the section's title can give the answer away
        return;
    }
    // Another section picked from the contents (or a cross-reference) is shown instead.
    const rlab::content::GuideSection* own = section;
    for (const auto& candidate : guide->sections) {
        if (!m_guideSection.empty() && candidate.id == m_guideSection)
            section = &candidate;
    }
    QStringList ids;
    QStringList contents;
    for (const auto& candidate : guide->sections) {
        ids << fromUtf8(candidate.id);
        const QString title = fromUtf8(candidate.title.value);
        contents << (&candidate == section
                ? QStringLiteral("**%1**").arg(title)
                : QStringLiteral("[%1](section:%2)").arg(title, fromUtf8(candidate.id)));
    }
    m_guide->setSections(ids);
    QString markdown = QStringLiteral("%1: %2\n\n").arg(tr("Contents"), contents.join(QStringLiteral(" · ")));
    if (section != own)
        markdown += QStringLiteral("[%1](section:%2)\n\n")
                        .arg(tr("Back to this question's section: %1").arg(fromUtf8(own->title.value)),
                            fromUtf8(own->id));
    markdown += QStringLiteral("# %1\n\n").arg(fromUtf8(section->title.value));
    if (section->title.fallback || section->body.fallback)
        markdown += QStringLiteral("> **%1** · %2\n\n").arg(fallbackTag(), fallbackToolTip());
    const LiveFigures::Rendered body = m_figures.render(section->body);
    markdown += body.text;
    if (body.sources != 0)
        markdown += QStringLiteral("\n\n*%1*\n").arg(LiveFigures::sourcesNote(body.sources));
    if (!guide->references.empty()) {
        markdown += QStringLiteral("\n\n---\n\n**%1**\n\n").arg(tr("References"));
        for (const auto& reference : guide->references) {
            markdown += QStringLiteral("- %1").arg(fromUtf8(reference.text));
            if (!reference.url.empty())
                markdown += QStringLiteral(" <%1>").arg(fromUtf8(reference.url));
            markdown += QLatin1Char('\n');
        }
    }
    m_guide->showMarkdown(markdown);
    m_guide->setProperty("fallback", section->title.fallback || section->body.fallback);
    m_guideTitle->setText(tr("Guide: %1").arg(fromUtf8(section->title.value)));
    m_guideLink->setText(
        QStringLiteral("<a href=\"guide\">%1</a>")
            .arg(tr("Read more in the guide: %1").arg(fromUtf8(section->title.value)).toHtmlEscaped()));
}

QWidget* QuestionPage::buildNumberBox()
{
    m_numberBox = new QWidget;
    m_numberBox->setObjectName(QStringLiteral("numberBox"));
    m_numberPrompt = wrappingLabel(m_numberBox);
    m_numberPrompt->setObjectName(QStringLiteral("numberPrompt"));
    m_number = new QDoubleSpinBox(m_numberBox);
    m_number->setObjectName(QStringLiteral("numberAnswer"));
    m_number->setRange(0, 10000);
    m_number->setDecimals(1);
    m_number->setSuffix(QStringLiteral(" %"));
    m_number->setFocusPolicy(Qt::StrongFocus);
    m_numberPrompt->setBuddy(m_number);
    m_check = new QPushButton(m_numberBox);
    m_check->setObjectName(QStringLiteral("checkNumber"));
    connect(m_check, &QPushButton::clicked, this, &QuestionPage::checkNumber);
    auto* row = new QHBoxLayout;
    row->addWidget(m_number, 1);
    row->addWidget(m_check);
    auto* layout = new QVBoxLayout(m_numberBox);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_numberPrompt);
    layout->addLayout(row);
    m_numberBox->hide();
    // A run that finishes makes the figure there to check against.
    connect(m_demo, &DemoPanel::finished, this, [this] {
        if (const rlab::content::Question* shown = question(); shown && shown->number)
            renderNumber(*shown);
    });
    return m_numberBox;
}

void QuestionPage::renderNumber(const rlab::content::Question& shown)
{
    const int index = m_session->current();
    const bool answered = m_session->isAnswered(index);
    const std::optional<double> measured = m_demo->measuredPercent(shown.number->figure);
    m_number->setEnabled(!answered && measured.has_value());
    m_check->setEnabled(!answered && measured.has_value());
    m_check->setText(tr("&Check"));
    m_numberPrompt->setText(answered ? tr("Your figure:")
            : measured ? tr("Your figure, read off your run, in percent (right within %1 points):")
                             .arg(QLocale().toString(shown.number->tolerance, 'g', 3))
                       : tr("Run the demo first (R): the figure is read off your own run."));
    if (const auto given = m_numbers.constFind(index); given != m_numbers.constEnd())
        m_number->setValue(given->first);
    else if (!answered)
        m_number->setValue(0);
}

void QuestionPage::checkNumber()
{
    const rlab::content::Question* shown = question();
    const int index = m_session->current();
    if (!shown || !shown->number || m_session->isAnswered(index))
        return;
    const std::optional<double> measured = m_demo->measuredPercent(shown->number->figure);
    if (!measured)
        return;
    const double given = m_number->value();
    m_numbers.insert(index, {given, *measured});
    m_session->choose(std::abs(given - *measured) <= shown->number->tolerance ? 0 : 1);
}

void QuestionPage::ensureOptionButtons(int count)
{
    while (m_options.size() > count)
        delete m_options.takeLast();
    while (m_options.size() < count) {
        const int index = static_cast<int>(m_options.size());
        auto* button = new OptionButton(index + 1, m_optionBox);
        m_optionBox->layout()->addWidget(button);
        connect(button, &QPushButton::clicked, this, [this, index] { choose(index); });
        button->installEventFilter(this);
        m_options.append(button);
    }
}

void QuestionPage::choose(int shownOption)
{
    if (shownOption < 0 || shownOption >= m_order.size())
        return;
    m_session->choose(m_order[shownOption]);
}

void QuestionPage::focusOption(int option)
{
    OptionButton* button = m_options[option];
    button->setFocus(Qt::TabFocusReason); // a keyboard move: styles show the focus frame
    m_optionPicked = true;
    m_scroll->ensureWidgetVisible(button, 0, 8);
}

void QuestionPage::retranslate()
{
    m_back->setText(tr("◀ Quizzes"));
    m_back->setAccessibleName(tr("Back to the list of quizzes"));
    m_showAll->setText(tr("View all questions"));
    m_showAll->setAccessibleName(m_showAll->text());
    m_previous->setText(tr("◀ Previous"));
    m_previous->setAccessibleName(tr("Previous question"));
    m_guideButton->setText(tr("&Guide"));
    m_guideButton->setToolTip(tr("This question's guide section, on a page of its own (G)."));
    m_guideBack->setText(tr("◀ Back to the question"));
    m_guideBack->setToolTip(tr("Back to the question, where you left it (Esc)."));
    m_answerStep->setText(tr("④ Your answer"));
    m_noEvidence->setText(tr("This question has no demo: its guide section explains it."));
    m_plannerView->setAccessibleName(tr("Planner view, predicted"));
    m_guide->setAccessibleName(tr("Guide section"));
    m_demo->setAccessibleName(tr("Live demo"));
    render();
}
