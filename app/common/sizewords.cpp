#include "sizewords.h"

#include <QCoreApplication>

namespace rlab::app {

SizeWords sizeWords(const rlab::ShapeField& field)
{
    const auto member = field.member;
    if (member == &rlab::ModelShape::layers)
        return {QCoreApplication::translate("SizeWords", "layers"),
            QCoreApplication::translate("SizeWords", "La&yers"),
            QCoreApplication::translate("SizeWords", "Number of layers")};
    if (member == &rlab::ModelShape::width)
        return {QCoreApplication::translate("SizeWords", "width"),
            QCoreApplication::translate("SizeWords", "&Width"),
            QCoreApplication::translate("SizeWords", "Model width")};
    if (member == &rlab::ModelShape::heads)
        return {QCoreApplication::translate("SizeWords", "heads"),
            QCoreApplication::translate("SizeWords", "H&eads"),
            QCoreApplication::translate("SizeWords", "Number of attention heads")};
    if (member == &rlab::ModelShape::seq)
        return {QCoreApplication::translate("SizeWords", "sequence length"),
            QCoreApplication::translate("SizeWords", "&Sequence"),
            QCoreApplication::translate("SizeWords", "Sequence length")};
    if (member == &rlab::ModelShape::batch)
        return {QCoreApplication::translate("SizeWords", "batch"),
            QCoreApplication::translate("SizeWords", "&Batch"),
            QCoreApplication::translate("SizeWords", "Batch size")};
    if (member == &rlab::ModelShape::vocab)
        return {QCoreApplication::translate("SizeWords", "vocabulary"),
            QCoreApplication::translate("SizeWords", "Vocabulary"),
            QCoreApplication::translate("SizeWords", "Vocabulary size")};
    const QString key = QString::fromUtf8(field.key.data(), qsizetype(field.key.size()));
    return {key, key, key};
}

SizeWords sizeWords(int rlab::ModelShape::*member)
{
    for (const rlab::ShapeField& field : rlab::shapeFields()) {
        if (field.member == member)
            return sizeWords(field);
    }
    return {};
}

QString sizeLimitText(const rlab::ShapeField& field, int limit)
{
    const auto member = field.member;
    if (member == &rlab::ModelShape::layers)
        return QCoreApplication::translate("SizeWords", "At most %1 layers are allowed for this demo.")
            .arg(limit);
    if (member == &rlab::ModelShape::width)
        return QCoreApplication::translate("SizeWords", "The width may be at most %1 for this demo.")
            .arg(limit);
    if (member == &rlab::ModelShape::heads)
        return QCoreApplication::translate("SizeWords", "At most %1 heads are allowed for this demo.")
            .arg(limit);
    if (member == &rlab::ModelShape::seq)
        return QCoreApplication::translate(
            "SizeWords", "The sequence length may be at most %1 for this demo.")
            .arg(limit);
    if (member == &rlab::ModelShape::batch)
        return QCoreApplication::translate("SizeWords", "The batch may be at most %1 for this demo.")
            .arg(limit);
    if (member == &rlab::ModelShape::vocab)
        return QCoreApplication::translate("SizeWords", "The vocabulary may be at most %1 for this demo.")
            .arg(limit);
    return {};
}

QString microBatchLabel()
{
    return QCoreApplication::translate("SizeWords", "Micro-ba&tch");
}

} // namespace rlab::app
