#include "tones.h"

#include <array>

#include <QApplication>
#include <QEvent>
#include <QWidget>

namespace {
// Light and dark twins of each tone, each at least 4.5:1 against a card tinted with it (WCAG AA;
// tests/app/tst_contentpacks.cpp checks; the notice tone only borders its card): the dark ones are
// lighter, for a dark base.
struct ToneTwins {
    QRgb light;
    QRgb dark;
};

// By Tone: right, wrong, uncertain, notice, tag.
constexpr std::array<ToneTwins, 5> Tones {{
    {0x2a6b2e, 0x81c784},
    {0xb71c1c, 0xef9a9a},
    {0x7a5d00, 0xffd54f},
    {0xb08800, 0xe0b84a},
    {0x3b4a66, 0xb0c4e8},
}};
static_assert(Tones.size() == static_cast<std::size_t>(Tone::Tag) + 1, "one pair per tone");

// Rebuilds a widget's style sheet when its palette changes; a child of the widget, gone with it.
class ToneStyleFollower : public QObject {
public:
    ToneStyleFollower(QWidget* widget, std::function<QString()> style)
        : QObject(widget)
        , m_widget(widget)
        , m_style(std::move(style))
    {
        apply();
        // The application hears of every palette switch; a widget with a style sheet may not.
        QCoreApplication::instance()->installEventFilter(this);
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == QCoreApplication::instance() && event->type() == QEvent::ApplicationPaletteChange)
            apply();
        return false;
    }

private:
    void apply()
    {
        // Only a real change: setting a style sheet re-polishes, which may announce a palette change.
        if (const QString style = m_style(); style != m_widget->styleSheet())
            m_widget->setStyleSheet(style);
    }

    QWidget* m_widget;
    std::function<QString()> m_style;
};

QColor mixed(const QColor& a, const QColor& b, double share)
{
    return QColor::fromRgbF(static_cast<float>(a.redF() * (1 - share) + b.redF() * share),
        static_cast<float>(a.greenF() * (1 - share) + b.greenF() * share),
        static_cast<float>(a.blueF() * (1 - share) + b.blueF() * share));
}
} // namespace

bool isDarkPalette(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

QColor toneColor(Tone tone, const QPalette& palette)
{
    const ToneTwins& twins = Tones[static_cast<std::size_t>(tone)];
    return QColor(isDarkPalette(palette) ? twins.dark : twins.light);
}

QColor toneBackground(Tone tone, const QPalette& palette)
{
    // Enough of the tone to tell the cards apart, little enough that the text on them keeps its contrast.
    return mixed(
        palette.color(QPalette::Base), toneColor(tone, palette), isDarkPalette(palette) ? 0.22 : 0.13);
}

QString toneName(Tone tone)
{
    return toneColor(tone, QApplication::palette()).name();
}

QString toneBackgroundName(Tone tone)
{
    return toneBackground(tone, QApplication::palette()).name();
}

void setToneStyleSheet(QWidget* widget, std::function<QString()> style)
{
    new ToneStyleFollower(widget, std::move(style));
}

QPalette darkPalette()
{
    QPalette dark;
    const QColor window(0x2b2b2b);
    const QColor base(0x1e1e1e);
    const QColor text(0xe6e6e6);
    const QColor disabled(0x7f7f7f);
    dark.setColor(QPalette::Window, window);
    dark.setColor(QPalette::WindowText, text);
    dark.setColor(QPalette::Base, base);
    dark.setColor(QPalette::AlternateBase, QColor(0x333333));
    dark.setColor(QPalette::ToolTipBase, window);
    dark.setColor(QPalette::ToolTipText, text);
    dark.setColor(QPalette::PlaceholderText, disabled);
    dark.setColor(QPalette::Text, text);
    dark.setColor(QPalette::Button, QColor(0x3a3a3a));
    dark.setColor(QPalette::ButtonText, text);
    dark.setColor(QPalette::BrightText, QColor(0xff5252));
    dark.setColor(QPalette::Light, QColor(0x4a4a4a));
    dark.setColor(QPalette::Midlight, QColor(0x3f3f3f));
    dark.setColor(QPalette::Mid, QColor(0x5a5a5a));
    dark.setColor(QPalette::Dark, QColor(0x191919));
    dark.setColor(QPalette::Shadow, QColor(Qt::black));
    dark.setColor(QPalette::Highlight, QColor(0x3d7bd9));
    dark.setColor(QPalette::HighlightedText, QColor(0xffffff));
    dark.setColor(QPalette::Link, QColor(0x7fb2ff));
    dark.setColor(QPalette::LinkVisited, QColor(0xc3a6ff));
    for (const QPalette::ColorRole role :
        {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::HighlightedText})
        dark.setColor(QPalette::Disabled, role, disabled);
    return dark;
}

QString buttonStyleSheet()
{
    return QStringLiteral(
        "QPushButton { border: 1px solid palette(mid); border-radius: 4px; padding: 4px 12px;"
        " background: palette(button); }"
        "QPushButton:hover { border-color: palette(highlight); }"
        "QPushButton:pressed { background: palette(midlight); }"
        "QPushButton:disabled { color: palette(mid); }"
        "QPushButton:focus { border: 2px solid palette(highlight); padding: 3px 11px; }");
}
