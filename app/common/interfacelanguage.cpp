#include "interfacelanguage.h"

#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QRegularExpression>

namespace rlab::app {

InterfaceLanguage::~InterfaceLanguage()
{
    QCoreApplication::removeTranslator(&m_app);
    QCoreApplication::removeTranslator(&m_qt);
}

QStringList InterfaceLanguage::translated()
{
    QStringList codes;
    static const QRegularExpression name(QStringLiteral("^recompute-lab_([a-z]{2,3})\\.qm$"));
    for (const QString& file : QDir(QStringLiteral(":/i18n")).entryList(QDir::Files, QDir::Name)) {
        if (const QRegularExpressionMatch match = name.match(file); match.hasMatch())
            codes << match.captured(1);
    }
    codes.removeAll(QStringLiteral("en"));
    codes.prepend(QStringLiteral("en"));
    return codes;
}

QString InterfaceLanguage::nativeName(const QString& code)
{
    // Each language is named in itself, so a learner finds theirs whatever is shown now.
    if (code == QLatin1String("ru"))
        return QStringLiteral("Русский");
    if (code == QLatin1String("sn"))
        return QStringLiteral("chiShona");
    if (code == QLatin1String("en"))
        return QStringLiteral("English");
    // Other languages come with content packs; CLDR names them where Qt knows the code.
    const QLocale locale(code);
    const QString name = locale.language() == QLocale::C ? QString() : locale.nativeLanguageName();
    return name.isEmpty() ? code : name.left(1).toUpper() + name.mid(1);
}

QString InterfaceLanguage::systemDefault(const QStringList& offered)
{
    const QString system = QLocale::system().name().section(QLatin1Char('_'), 0, 0);
    return offered.contains(system) ? system : QStringLiteral("en");
}

void InterfaceLanguage::install(const QString& code)
{
    // Numbers follow the language too (a decimal comma in Russian), before the texts retranslate.
    QLocale::setDefault(QLocale(code));
    QCoreApplication::removeTranslator(&m_app);
    QCoreApplication::removeTranslator(&m_qt);
    // English has a .qm too: it carries the plural forms ("1 question", "8 questions"), and it is
    // what a language with content but no interface translation shows.
    if (m_app.load(QStringLiteral(":/i18n/recompute-lab_%1.qm").arg(code))
        || m_app.load(QStringLiteral(":/i18n/recompute-lab_en.qm")))
        QCoreApplication::installTranslator(&m_app);
    // Qt's own strings (standard buttons, context menus) where the system has them; Shona has none.
    if (m_qt.load(QStringLiteral("qtbase_%1").arg(code), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&m_qt);
    m_current = code;
}

} // namespace rlab::app
