#include "demotexts.h"

#include <QCoreApplication>

QString phaseTitle(rlab::Phase phase)
{
    switch (phase) {
    case rlab::Phase::Setup:
        return QCoreApplication::translate("DemoTexts", "setup");
    case rlab::Phase::Forward:
        return QCoreApplication::translate("DemoTexts", "forward");
    case rlab::Phase::Recompute:
        return QCoreApplication::translate("DemoTexts", "recompute");
    case rlab::Phase::Backward:
        return QCoreApplication::translate("DemoTexts", "backward");
    case rlab::Phase::Optimizer:
        return QCoreApplication::translate("DemoTexts", "optimizer");
    }
    return {};
}

QString memoryCategoryTitle(rlab::MemoryCategory category)
{
    switch (category) {
    case rlab::MemoryCategory::Parameters:
        return QCoreApplication::translate("DemoTexts", "Parameters");
    case rlab::MemoryCategory::Gradients:
        return QCoreApplication::translate("DemoTexts", "Gradients");
    case rlab::MemoryCategory::OptimizerState:
        return QCoreApplication::translate("DemoTexts", "Optimizer state");
    case rlab::MemoryCategory::SavedActivations:
        return QCoreApplication::translate("DemoTexts", "Saved activations");
    case rlab::MemoryCategory::RecomputeWorkspace:
        return QCoreApplication::translate("DemoTexts", "Recompute workspace");
    case rlab::MemoryCategory::Temporaries:
        return QCoreApplication::translate("DemoTexts", "Temporaries");
    case rlab::MemoryCategory::HostOffloaded:
        return QCoreApplication::translate("DemoTexts", "Host offloaded");
    case rlab::MemoryCategory::Count:
        break;
    }
    return {};
}
