#pragma once
// One answer option: a large push button whose text wraps (QPushButton's own text never wraps),
// with its key number, and a state shown by colour and by an accessible description.

#include <QPushButton>

class QLabel;
namespace rlab::content {
struct Text;
}
namespace rlab::demo {
class LiveFigures;
}

class OptionButton : public QPushButton {
    Q_OBJECT

public:
    enum class State { Open, Right, Wrong, Other }; // Other: not chosen, not the answer

    explicit OptionButton(int number, QWidget* parent = nullptr);

    // The option's text, its live figures rendered by `figures`.
    void setOption(const rlab::demo::LiveFigures& figures, const rlab::content::Text& text);
    void setState(State state);
    State state() const { return m_state; }
    QString optionText() const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    int m_number;
    State m_state = State::Open;
    QLabel* m_key;
    QLabel* m_label;
    QLabel* m_mark;
    QString m_plain;
};
