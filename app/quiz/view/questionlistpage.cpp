#include "questionlistpage.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "quiz/model/quizsession.h"
#include "rlab/content/content.h"
#include "view/contenttext.h"
#include "view/tones.h"

using rlab::quiz::QuizSession;

QuestionListPage::QuestionListPage(QuizSession* session, rlab::demo::LiveFigures& figures, QWidget* parent)
    : QuizPage(session, figures, parent)
    , m_title(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_list(new QTreeWidget(this))
    , m_back(new QPushButton(this))
{
    setObjectName(QStringLiteral("questionListPage"));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    m_title->setObjectName(QStringLiteral("questionListTitle"));
    m_title->setTextFormat(Qt::PlainText); // the quiz title is content: never markup
    m_list->setObjectName(QStringLiteral("questionList"));
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(false);
    m_list->setAlternatingRowColors(true);
    m_list->setStyleSheet(QStringLiteral("QTreeWidget::item { padding: 4px 2px; }"));
    m_list->setColumnCount(3);
    m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_list->header()->setStretchLastSection(false);

    auto* top = new QHBoxLayout;
    top->addWidget(m_back);
    top->addSpacing(8);
    top->addWidget(m_title, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(16, 12, 16, 12);
    layout->addLayout(top);
    layout->addWidget(m_summary);
    layout->addWidget(m_list, 1);

    connect(m_back, &QPushButton::clicked, this, &QuestionListPage::backRequested);
    connect(m_list, &QTreeWidget::itemActivated, this,
        [this](QTreeWidgetItem* item) { emit questionChosen(item->data(0, Qt::UserRole).toInt()); });
    connect(session, &QuizSession::answersChanged, this, &QuestionListPage::render);
    render();
}

void QuestionListPage::render()
{
    m_back->setText(tr("◀ Back to the question"));
    m_back->setAccessibleName(m_back->text());
    m_list->setHeaderLabels({tr("No."), tr("Question"), tr("Your answer")});
    m_list->setAccessibleName(tr("All questions of the quiz"));
    m_list->clear();
    const rlab::content::Quiz* shown = quiz();
    if (!shown)
        return;
    m_title->setText(fromUtf8(shown->title.value));
    m_summary->setText(
        tr("%1 of %2 answered, %3 correct. Double-click or press Enter on a question to open it.")
            .arg(session()->answeredCount())
            .arg(session()->questionCount())
            .arg(session()->score()));
    for (int i = 0; i < static_cast<int>(shown->questions.size()); ++i) {
        const auto& question = shown->questions[static_cast<std::size_t>(i)];
        auto* item = new QTreeWidgetItem(m_list);
        item->setData(0, Qt::UserRole, i);
        item->setText(0, QString::number(i + 1));
        item->setText(1, plainTextWithTag(figures(), question.text));
        item->setToolTip(1,
            fromUtf8(question.text.value)
                + (question.text.fallback ? QStringLiteral("\n") + fallbackToolTip() : QString()));
        if (!session()->isAnswered(i)) {
            item->setText(2, tr("Not answered"));
        } else if (session()->isCorrect(i)) {
            item->setText(2, tr("✔ Correct"));
            item->setForeground(2, toneColor(Tone::Right, m_list->palette()));
        } else {
            item->setText(2, tr("✘ Wrong"));
            item->setForeground(2, toneColor(Tone::Wrong, m_list->palette()));
        }
        if (i == session()->current())
            m_list->setCurrentItem(item);
    }
}
