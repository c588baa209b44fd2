#include "demotexts.h"

#include <QCoreApplication>
#include <QLocale>

#include "common/sizewords.h"
#include "demo/model/demorunner.h"

using rlab::app::sizeWords;

namespace rlab::demo {

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

QString opKindDescription(rlab::OpKind kind)
{
    switch (kind) {
    case rlab::OpKind::BlockInput:
        return QCoreApplication::translate("DemoTexts", "The residual stream entering the block.");
    case rlab::OpKind::LayerNorm:
        return QCoreApplication::translate("DemoTexts", "LayerNorm outputs: cheap to recompute.");
    case rlab::OpKind::Qkv:
        return QCoreApplication::translate(
            "DemoTexts", "The query, key and value matmul output: costly to recompute.");
    case rlab::OpKind::Softmax:
        return QCoreApplication::translate("DemoTexts",
            "Attention probabilities, batch x heads x seq x seq: large at long sequences, cheap to "
            "recompute.");
    case rlab::OpKind::AttnDropout:
        return QCoreApplication::translate(
            "DemoTexts", "Attention probabilities after dropout (when dropout is on).");
    case rlab::OpKind::AttnValues:
        return QCoreApplication::translate("DemoTexts", "Attention applied to the values: a matmul output.");
    case rlab::OpKind::Residual:
        return QCoreApplication::translate(
            "DemoTexts", "The residual stream after the attention half of the block.");
    case rlab::OpKind::Fc1:
        return QCoreApplication::translate(
            "DemoTexts", "The first MLP matmul output, four times the width: costly to recompute.");
    case rlab::OpKind::Gelu:
        return QCoreApplication::translate(
            "DemoTexts", "GELU output, four times the width: cheap to recompute.");
    }
    return {};
}

QString sweepParameterTitle(const QString& parameter)
{
    const rlab::ShapeField* field = rlab::sweepParameter(parameter.toStdString());
    return field ? sizeWords(*field).noun : parameter;
}

QString sweepSymbol(const QString& parameter)
{
    const rlab::ShapeField* field = rlab::sweepParameter(parameter.toStdString());
    if (field && field->member == &rlab::ModelShape::layers)
        return QStringLiteral("N");
    if (field && field->member == &rlab::ModelShape::seq)
        return QStringLiteral("T");
    if (field && field->member == &rlab::ModelShape::width)
        return QStringLiteral("d");
    if (field && field->member == &rlab::ModelShape::batch)
        return QStringLiteral("B");
    return parameter;
}

QString sweepValueText(const QString& parameter, int value)
{
    return QCoreApplication::translate("DemoTexts", "%1 = %2")
        .arg(sweepSymbol(parameter), QLocale().toString(value));
}

QString demoProgressText(const DemoProgress& progress)
{
    if (progress.phase == rlab::Phase::Setup)
        return QCoreApplication::translate("DemoTexts", "Run %1 of %2 (%3): %4")
            .arg(progress.run + 1)
            .arg(progress.runs)
            .arg(progress.label, phaseTitle(progress.phase));
    if (progress.steps <= 0) // measured until its time budget is spent: no step count ahead
        return QCoreApplication::translate("DemoTexts", "Run %1 of %2 (%3): step %4, %5")
            .arg(progress.run + 1)
            .arg(progress.runs)
            .arg(progress.label)
            .arg(progress.step + 1)
            .arg(phaseTitle(progress.phase));
    return QCoreApplication::translate("DemoTexts", "Run %1 of %2 (%3): step %4 of %5, %6")
        .arg(progress.run + 1)
        .arg(progress.runs)
        .arg(progress.label)
        .arg(progress.step + 1)
        .arg(progress.steps)
        .arg(phaseTitle(progress.phase));
}

QString demoOutcomeText(const DemoOutcome& outcome)
{
    switch (outcome.ending) {
    case DemoOutcome::Ending::Finished:
        return QCoreApplication::translate("DemoTexts", "Finished %n run(s) in %1 s.", nullptr, outcome.runs)
            .arg(QLocale().toString(outcome.seconds, 'f', 1));
    case DemoOutcome::Ending::Cancelled:
        return QCoreApplication::translate("DemoTexts", "The demo was cancelled.");
    case DemoOutcome::Ending::Failed:
        return QCoreApplication::translate("DemoTexts", "The demo failed: %1").arg(outcome.message);
    case DemoOutcome::Ending::Refused:
        return outcome.message;
    }
    return {};
}

} // namespace rlab::demo
