#include "wheelguard.h"

#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QChildEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QObject>
#include <QScrollBar>
#include <QWidget>

namespace {

bool guarded(const QObject* object)
{
    // Not a scroll bar: the wheel over it is meant for it, and it is where the wheel is sent.
    return qobject_cast<const QAbstractSpinBox*>(object)
        || (qobject_cast<const QAbstractSlider*>(object) && !qobject_cast<const QScrollBar*>(object))
        || qobject_cast<const QComboBox*>(object);
}

// One filter for the whole tree: the wheel over an unfocused control goes to its parent, which
// scrolls; a control added later (a language switch rebuilds some) is guarded when it arrives.
class WheelGuard : public QObject {
public:
    using QObject::QObject;

    void guard(QWidget* widget)
    {
        widget->installEventFilter(this);
        if (guarded(widget) && widget->focusPolicy() == Qt::WheelFocus)
            widget->setFocusPolicy(Qt::StrongFocus); // the wheel no longer takes the focus either
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::ChildAdded) {
            if (auto* child = qobject_cast<QWidget*>(static_cast<QChildEvent*>(event)->child()))
                guardTree(child);
        } else if (event->type() == QEvent::Wheel && guarded(watched)) {
            auto* control = static_cast<QWidget*>(watched);
            if (!control->hasFocus()) {
                // To the scroll area the control sits in, which scrolls; elsewhere it does nothing.
                for (QWidget* up = control->parentWidget(); up; up = up->parentWidget())
                    if (auto* area = qobject_cast<QAbstractScrollArea*>(up)) {
                        QCoreApplication::sendEvent(area->verticalScrollBar(), event);
                        break;
                    }
                return true;
            }
        }
        return QObject::eventFilter(watched, event);
    }

public:
    void guardTree(QWidget* root)
    {
        guard(root);
        for (QWidget* child : root->findChildren<QWidget*>())
            guard(child);
    }
};

} // namespace

void guardWheel(QWidget* root)
{
    auto* guard = new WheelGuard(root);
    guard->guardTree(root);
}
