#include "searchdialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include "rlab/content/content.h"

using rlab::quiz::searchContent;
using rlab::quiz::SearchHit;

SearchDialog::SearchDialog(const rlab::content::Content& content, QWidget* parent)
    : QDialog(parent)
    , m_content(content)
    , m_field(new QLineEdit(this))
    , m_count(new QLabel(this))
    , m_results(new QListWidget(this))
{
    setWindowTitle(tr("Search questions and guides"));
    m_field->setObjectName(QStringLiteral("searchField"));
    m_field->setPlaceholderText(tr("Words to find, such as: offload"));
    m_field->setClearButtonEnabled(true);
    m_results->setObjectName(QStringLiteral("searchResults"));
    m_results->setWordWrap(true);
    m_results->setSpacing(3);
    m_results->setAlternatingRowColors(true);
    m_results->setAccessibleName(tr("Matches"));
    m_count->setObjectName(QStringLiteral("searchCount"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_field);
    layout->addWidget(m_count);
    layout->addWidget(m_results, 1);
    layout->addWidget(buttons);
    connect(m_field, &QLineEdit::textChanged, this, &SearchDialog::search);
    connect(
        m_field, &QLineEdit::returnPressed, this, [this] { choose(std::max(0, m_results->currentRow())); });
    connect(m_results, &QListWidget::itemActivated, this,
        [this](QListWidgetItem* item) { choose(m_results->row(item)); });
    connect(buttons, &QDialogButtonBox::accepted, this, [this] { choose(m_results->currentRow()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(560, 420);
    search();
}

void SearchDialog::search()
{
    m_hits = searchContent(m_content, m_field->text());
    m_results->clear();
    for (const SearchHit& hit : m_hits) {
        QString where;
        if (hit.kind == SearchHit::Kind::Question) {
            const rlab::content::Quiz* quiz = m_content.quiz(hit.quizId.toStdString());
            where = tr("Question %1 · %2")
                        .arg(hit.question + 1)
                        .arg(quiz ? QString::fromStdString(quiz->title.value) : hit.quizId);
        } else {
            where = tr("Guide: %1").arg(hit.title);
        }
        m_results->addItem(QStringLiteral("%1\n%2").arg(where, hit.excerpt));
    }
    if (!m_hits.isEmpty())
        m_results->setCurrentRow(0);
    m_count->setText(m_field->text().trimmed().isEmpty() ? tr("Type a word to search every quiz and guide.")
            : m_hits.isEmpty()                           ? tr("No matches.")
                                                         : tr("%n match(es)", nullptr, int(m_hits.size())));
}

void SearchDialog::choose(int row)
{
    if (row < 0 || row >= m_hits.size())
        return;
    emit hitChosen(m_hits[row]);
    accept();
}
