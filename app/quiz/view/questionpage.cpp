#include "questionpage.h"

#include <algorithm>

#include <QApplication>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTabWidget>
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
    , m_question(nullptr)
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
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_side(new QTabWidget(this))
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

    // Header: where the learner is.
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
    auto* header = new QHBoxLayout;
    header->addWidget(m_back);
    header->addSpacing(8);
    header->addWidget(m_counter);
    header->addWidget(m_round);
    header->addWidget(m_quizTitle, 1);
    header->addSpacing(8);
    header->addWidget(m_showAll);

    // The question column scrolls as a whole so small windows keep everything reachable.
    auto* column = new QWidget;
    column->setObjectName(QStringLiteral("questionColumn"));
    m_question = wrappingLabel(column);
    m_question->setObjectName(QStringLiteral("questionText"));
    QFont questionFont = m_question->font();
    questionFont.setPointSizeF(questionFont.pointSizeF() * 1.3);
    questionFont.setBold(true);
    m_question->setFont(questionFont);
    m_optionBox = new QWidget(column);
    auto* optionLayout = new QVBoxLayout(m_optionBox);
    optionLayout->setContentsMargins(0, 0, 0, 0);
    optionLayout->setSpacing(8);

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
    feedbackLayout->addWidget(m_explanationTitle);
    feedbackLayout->addWidget(m_explanation);
    feedbackLayout->addWidget(m_whyWrongTitle);
    feedbackLayout->addWidget(m_whyWrong);
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
    m_keys->setEnabled(false); // drawn greyed: a hint, not content
    auto* navigation = new QHBoxLayout;
    navigation->addWidget(m_previous);
    navigation->addStretch(1);
    navigation->addWidget(m_next);

    auto* columnLayout = new QVBoxLayout(column);
    columnLayout->setContentsMargins(12, 12, 12, 12);
    columnLayout->setSpacing(12);
    columnLayout->addWidget(m_question);
    columnLayout->addWidget(m_optionBox);
    columnLayout->addWidget(m_feedback);
    columnLayout->addLayout(navigation);
    columnLayout->addWidget(m_keys);
    columnLayout->addStretch(1);

    auto* scroll = new QScrollArea(this);
    m_scroll = scroll;
    scroll->setWidget(column);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setFocusPolicy(Qt::NoFocus); // a Tab stop that shows nothing; its controls take the focus
    scroll->setMinimumWidth(280); // with the side's 320, the page fits the window's smallest width

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
    m_demo->setObjectName(QStringLiteral("demoPanel"));
    m_side->setObjectName(QStringLiteral("sideTabs"));
    // Before an answer the guide tab shows a cover: its section holds the answer.
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
    m_side->addTab(m_demo, QString());
    m_side->addTab(m_guideTab, QString());
    m_side->addTab(m_plannerView, QString()); // shown for a question with a `planner:` view
    m_side->setTabVisible(2, false);
    connect(m_plannerView, &PlannerViewPanel::openRequested, this, &QuestionPage::openPlannerView);
    m_side->setMinimumWidth(320);

    m_splitter->addWidget(scroll);
    m_splitter->addWidget(m_side);
    m_splitter->setStretchFactor(0, 5);
    m_splitter->setStretchFactor(1, 6);
    m_splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->addLayout(header);
    layout->addWidget(m_splitter, 1);

    connect(m_back, &QPushButton::clicked, this, &QuestionPage::backRequested);
    connect(m_showAll, &QPushButton::clicked, this, &QuestionPage::showAllRequested);
    connect(m_previous, &QPushButton::clicked, m_session, &QuizSession::previous);
    connect(m_next, &QPushButton::clicked, m_session, &QuizSession::next);
    connect(m_session, &QuizSession::currentChanged, this, &QuestionPage::render);
    connect(m_session, &QuizSession::answered, this, [this] {
        render();
        // In a small window the verdict may sit below the fold: bring it into view once laid out.
        QTimer::singleShot(0, this, [this] { m_scroll->ensureWidgetVisible(m_feedback, 0, 8); });
    });
    connect(m_session, &QuizSession::roundChanged, this, &QuestionPage::render);
    // A finished demo changes the live figures its texts quote: show them again, and nothing else.
    connect(&m_figures, &LiveFigures::changed, this, &QuestionPage::renderFigures);

    // Keys live on the page: they work only while it is shown, and a focused spin box in the
    // demo still receives its digits (line edits take printable keys before shortcuts).
    for (int i = 0; i < MaxKeyedOptions; ++i) {
        auto* key = new QShortcut(QKeySequence(Qt::Key_1 + i), this);
        connect(key, &QShortcut::activated, this, [this, i] { choose(i); });
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
    retranslate();
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
    // From another tab, a prediction still to make comes first: R shows it, and R again runs.
    if (m_demo->presetId().isEmpty()) {
        openPlannerView(); // a question about many GPUs opens its Planner view; others have nothing
        return;
    }
    const bool demoWasShown = m_side->currentWidget() == m_demo;
    m_side->setCurrentWidget(m_demo);
    if (!demoWasShown && m_demo->predictionBox()->isPending()) {
        m_demo->predictionBox()->focusChoice();
        return;
    }
    if (!m_demo->isRunning() && !m_demo->presetId().isEmpty())
        m_demo->run();
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
    m_side->setCurrentWidget(m_plannerView);
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
    return m_side->currentWidget() == m_guideTab
        && static_cast<QStackedWidget*>(m_guideTab)->currentWidget() == m_guide;
}

void QuestionPage::showGuide()
{
    m_side->setCurrentWidget(m_guideTab);
    if (!answerShown())
        uncoverGuide();
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

void QuestionPage::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // Stretch factors only share extra space; the first real width sets the question/demo split.
    if (!m_splitPlaced && m_splitter->width() > 0) {
        const int total = m_splitter->width();
        m_splitter->setSizes({total * 42 / 100, total - total * 42 / 100});
        m_splitPlaced = true;
    }
}

QByteArray QuestionPage::splitterState() const
{
    return m_splitter->saveState();
}

void QuestionPage::restoreSplitterState(const QByteArray& state)
{
    if (!state.isEmpty() && m_splitter->restoreState(state))
        m_splitPlaced = true;
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

    const int count = static_cast<int>(shown->options.size());
    const int keyed = std::min(count, MaxKeyedOptions);
    // R is named only where it does something: a question without a demo has none to run.
    const bool hasDemo = m_content && m_content->preset(shown->demo) != nullptr;
    const bool hasPlannerView = !hasDemo && shown->planner.has_value();
    m_keys->setText(hasDemo ? tr("Keys: 1–%1 choose · Enter next · ← → move · R runs the demo").arg(keyed)
            : hasPlannerView
            ? tr("Keys: 1–%1 choose · Enter next · ← → move · R opens the Planner").arg(keyed)
            : tr("Keys: 1–%1 choose · Enter next · ← → move").arg(keyed));
    ensureOptionButtons(count);
    m_order = m_session->optionOrder(index);
    if (m_order.size() != count) {
        m_order.clear();
        for (int i = 0; i < count; ++i)
            m_order.append(i);
    }
    const bool answered = m_session->isAnswered(index);
    const int chosen = m_session->chosen(index);
    for (int i = 0; i < count; ++i) {
        OptionButton* button = m_options[i];
        const int option = m_order[i];
        button->setOption(m_figures, shown->options[static_cast<std::size_t>(option)].text);
        OptionButton::State state = OptionButton::State::Open;
        if (answered) {
            if (option == shown->answer)
                state = OptionButton::State::Right;
            else if (option == chosen)
                state = OptionButton::State::Wrong;
            else
                state = OptionButton::State::Other;
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
             static_cast<QWidget*>(m_previous), static_cast<QWidget*>(m_next),
             static_cast<QWidget*>(m_side)}) {
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
        m_demo->setPreset(*preset, fromUtf8(shown->demoView));
    } else {
        m_demo->clearPreset(); // a question may have no demo: its guide is the side's only tab
    }
    const bool plannerView = !preset && shown->planner.has_value();
    if (plannerView)
        m_plannerView->setView(*shown->planner);
    else
        m_plannerView->clearView();
    m_plannerView->setAnswerShown(answered);
    const int demoTab = m_side->indexOf(m_demo);
    const int plannerTab = m_side->indexOf(m_plannerView);
    if (m_side->isTabVisible(demoTab) != (preset != nullptr)
        || m_side->isTabVisible(plannerTab) != plannerView) {
        m_side->setTabVisible(demoTab, preset != nullptr);
        m_side->setTabVisible(plannerTab, plannerView);
        m_side->setCurrentWidget(preset ? static_cast<QWidget*>(m_demo)
                : plannerView           ? static_cast<QWidget*>(m_plannerView)
                                        : m_guideTab);
    }
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
    m_feedback->setVisible(answered);
    if (!answered)
        return;
    const bool right = m_session->isCorrect(index);
    const int chosen = m_session->chosen(index);
    m_verdict->setObjectName(right ? QStringLiteral("verdictRight") : QStringLiteral("verdictWrong"));
    // Re-polish so the page's style sheet applies the colour of the new object name.
    m_verdict->style()->unpolish(m_verdict);
    m_verdict->style()->polish(m_verdict);
    m_verdict->setText(right
            ? tr("✔ Correct.")
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
        m_side->setTabText(1, tr("Guide"));
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
        m_side->setTabText(1, tr("Guide"));
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
    m_side->setTabText(1, tr("Guide: %1").arg(fromUtf8(section->title.value)));
    m_guideLink->setText(
        QStringLiteral("<a href=\"guide\">%1</a>")
            .arg(tr("Read more in the guide: %1").arg(fromUtf8(section->title.value)).toHtmlEscaped()));
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
    m_side->setTabText(0, tr("Live demo"));
    m_side->setTabText(2, tr("Planner (predicted)"));
    m_plannerView->setAccessibleName(tr("Planner view, predicted"));
    m_guide->setAccessibleName(tr("Guide section"));
    m_demo->setAccessibleName(tr("Live demo"));
    render();
}
