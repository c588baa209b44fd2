#include "interfacelanguage.h"

#include <QLibraryInfo>
#include <QLocale>

InterfaceLanguage::~InterfaceLanguage()
{
    QCoreApplication::removeTranslator(&m_app);
    QCoreApplication::removeTranslator(&m_qt);
}

QStringList InterfaceLanguage::codes()
{
    return {QStringLiteral("en"), QStringLiteral("ru"), QStringLiteral("sn")};
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
    return code;
}

QString InterfaceLanguage::systemDefault()
{
    const QString system = QLocale::system().name().section(QLatin1Char('_'), 0, 0);
    return isKnown(system) ? system : QStringLiteral("en");
}

bool InterfaceLanguage::install(const QString& code)
{
    if (!isKnown(code))
        return false;
    QCoreApplication::removeTranslator(&m_app);
    QCoreApplication::removeTranslator(&m_qt);
    // English has a .qm too: it carries the plural forms ("1 question", "8 questions").
    if (m_app.load(QStringLiteral(":/i18n/recompute-lab_%1.qm").arg(code)))
        QCoreApplication::installTranslator(&m_app);
    // Qt's own strings (standard buttons, context menus) where the system has them; Shona has none.
    if (m_qt.load(QStringLiteral("qtbase_%1").arg(code), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&m_qt);
    m_current = code;
    return true;
}
