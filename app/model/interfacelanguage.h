#pragma once
// The language of the interface strings: Qt Linguist translations compiled into the binary.
// Installing a translator sends QEvent::LanguageChange to every widget, which retranslates.

#include <QCoreApplication>
#include <QStringList>
#include <QTranslator>

class InterfaceLanguage {
    Q_DECLARE_TR_FUNCTIONS(InterfaceLanguage)

public:
    InterfaceLanguage() = default;
    ~InterfaceLanguage();
    InterfaceLanguage(const InterfaceLanguage&) = delete;
    InterfaceLanguage& operator=(const InterfaceLanguage&) = delete;

    static QStringList codes(); // "en", "ru", "sn"
    static QString nativeName(const QString& code); // "English", "Русский", "chiShona"
    static bool isKnown(const QString& code) { return codes().contains(code); }
    static QString systemDefault(); // the system language when offered, else "en"

    // Installs the translations for `code`; false for an unknown code.
    bool install(const QString& code);
    QString current() const { return m_current; }

private:
    QTranslator m_app;
    QTranslator m_qt;
    QString m_current;
};
