#pragma once
// Help > Glossary: the terms of the content's glossaries (content/glossary.<language>.yaml) side by
// side in English, Russian and Shona, with what each means for a learner (in the interface's
// language; the translators' note on how each is used under the pointer), filtered as one types.

#include <QDialog>
#include <QString>

class QLineEdit;
class QTableWidget;

class GlossaryDialog : public QDialog {
    Q_OBJECT

public:
    // `contentRoot`: the folder holding the glossaries; `language`: the interface's, whose column
    // comes first after English.
    GlossaryDialog(const QString& contentRoot, const QString& language, QWidget* parent = nullptr);

    QLineEdit* filter() const { return m_filter; }
    QTableWidget* table() const { return m_table; }
    int shownRows() const; // the rows the filter leaves

protected:
    void resizeEvent(QResizeEvent* event) override; // the rows take the height the new width needs

private:
    void applyFilter();

    QLineEdit* m_filter;
    QTableWidget* m_table;
};
