#pragma once
// The language of the interface strings: Qt Linguist translations compiled into the binary.
// Installing a translator sends QEvent::LanguageChange to every widget, which retranslates.
// Which languages are offered is the content's to say (ContentLibrary::languages): a language
// with content but no translation here shows the interface in English.

#include <QCoreApplication>
#include <QStringList>
#include <QTranslator>

namespace rlab::app {

class InterfaceLanguage {
    Q_DECLARE_TR_FUNCTIONS(InterfaceLanguage)

public:
    InterfaceLanguage() = default;
    ~InterfaceLanguage();
    InterfaceLanguage(const InterfaceLanguage&) = delete;
    InterfaceLanguage& operator=(const InterfaceLanguage&) = delete;

    static QStringList translated(); // the interface's own translations: "en", "ru", "sn"
    static QString nativeName(const QString& code); // "English", "Русский", "chiShona", "Deutsch"
    // The system language when `offered` has it, else "en".
    static QString systemDefault(const QStringList& offered);

    // Installs the translations for `code`, English strings where the interface has none.
    void install(const QString& code);
    QString current() const { return m_current; }

private:
    QTranslator m_app;
    QTranslator m_qt;
    QString m_current;
};

} // namespace rlab::app
