#include "glossarydialog.h"

#include <QDialogButtonBox>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableWidget>
#include <QVBoxLayout>

#include "common/interfacelanguage.h"
#include "rlab/content/content.h"

using rlab::app::InterfaceLanguage;

namespace {
QString text(const std::string& utf8)
{
    return QString::fromUtf8(utf8.data(), static_cast<qsizetype>(utf8.size()));
}
} // namespace

GlossaryDialog::GlossaryDialog(const QString& contentRoot, const QString& language, QWidget* parent)
    : QDialog(parent)
    , m_filter(new QLineEdit(this))
    , m_table(new QTableWidget(this))
{
    setWindowTitle(tr("Glossary"));
    QStringList languages {QStringLiteral("ru"), QStringLiteral("sn")};
    if (languages.removeOne(language))
        languages.prepend(language); // the learner's own language first
    // One row per English term, in the order the glossaries give them; the two files describe a
    // term in their own words in brackets ("checkpoint (a kept tensor)"), so the words before
    // the brackets are what is matched.
    QStringList terms; // as the first glossary writes them
    QStringList keys;
    QHash<QString, QHash<QString, rlab::content::GlossaryEntry>> byKey; // key -> language -> entry
    for (const QString& code : languages) {
        for (const auto& entry :
            rlab::content::glossaryEntries(contentRoot.toStdString(), code.toStdString())) {
            const QString term = text(entry.term);
            const QString key = term.section(QStringLiteral(" ("), 0, 0).trimmed().toLower();
            if (!byKey.contains(key)) {
                terms << term;
                keys << key;
            }
            byKey[key].insert(code, entry);
        }
    }
    QStringList headers {tr("English")};
    for (const QString& code : languages)
        headers << InterfaceLanguage::nativeName(code);
    headers << tr("What it means");
    const int definitionColumn = static_cast<int>(headers.size()) - 1;
    m_table->setObjectName(QStringLiteral("glossaryTable"));
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(static_cast<int>(terms.size()));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(true);
    m_table->verticalHeader()->hide();
    for (int row = 0; row < terms.size(); ++row) {
        const auto& entries = byKey[keys[row]];
        m_table->setItem(row, 0, new QTableWidgetItem(terms[row]));
        QString note;
        QString definition;
        QString definitionEn;
        for (int column = 0; column < languages.size(); ++column) {
            const auto found = entries.constFind(languages[column]);
            m_table->setItem(row, column + 1,
                new QTableWidgetItem(found == entries.cend() ? QString() : text(found->use)));
            if (found == entries.cend())
                continue;
            // The note of the learner's own glossary: another language's speaks of its own words.
            if (note.isEmpty() && (column == 0 || language == QLatin1String("en")))
                note = text(found->note);
            // The definition in the learner's language comes from that language's glossary; the
            // English one from the first glossary that gives it.
            if (languages[column] == language)
                definition = text(found->definition);
            if (definitionEn.isEmpty())
                definitionEn = text(found->definitionEn);
        }
        // A term only the other language's glossary lists is defined in English rather than not at all.
        m_table->setItem(
            row, definitionColumn, new QTableWidgetItem(definition.isEmpty() ? definitionEn : definition));
        // How the words are used is for translators: under the pointer, so the definitions keep the room.
        if (!note.isEmpty()) {
            const QString tip
                = tr("How it is used (for translators, in English)") + QStringLiteral(":\n") + note;
            for (int column = 0; column < m_table->columnCount(); ++column)
                m_table->item(row, column)->setToolTip(tip);
        }
    }
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    for (int column = 0; column < definitionColumn; ++column)
        m_table->setColumnWidth(column, 170);
    // The definition takes the rest, so no column hides past the right edge.
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->resizeRowsToContents();
    // Wrapped cells take the height their text needs at the widths the learner gives the columns.
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, m_table,
        &QTableWidget::resizeRowsToContents);

    m_filter->setObjectName(QStringLiteral("glossaryFilter"));
    m_filter->setPlaceholderText(tr("Find a term in any language"));
    m_filter->setClearButtonEnabled(true);
    auto* empty = new QLabel(terms.isEmpty() ? tr("This content has no glossary.") : QString(), this);
    empty->setVisible(terms.isEmpty());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_filter);
    layout->addWidget(empty);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    connect(m_filter, &QLineEdit::textChanged, this, &GlossaryDialog::applyFilter);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(1180, 640);
}

void GlossaryDialog::resizeEvent(QResizeEvent* event)
{
    QDialog::resizeEvent(event);
    // Queued: the stretched definition column has its new width only once the table is laid out.
    QMetaObject::invokeMethod(m_table, &QTableWidget::resizeRowsToContents, Qt::QueuedConnection);
}

int GlossaryDialog::shownRows() const
{
    int shown = 0;
    for (int row = 0; row < m_table->rowCount(); ++row)
        shown += m_table->isRowHidden(row) ? 0 : 1;
    return shown;
}

void GlossaryDialog::applyFilter()
{
    const QString wanted = m_filter->text().trimmed();
    for (int row = 0; row < m_table->rowCount(); ++row) {
        bool match = wanted.isEmpty();
        for (int column = 0; !match && column < m_table->columnCount(); ++column)
            match = m_table->item(row, column)->text().contains(wanted, Qt::CaseInsensitive);
        m_table->setRowHidden(row, !match);
    }
}
