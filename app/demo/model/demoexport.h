#pragma once
// Demo results as files: CSV with raw numbers (bytes, ms, FLOPs) and JSON built on the engine's
// own `rlab run --json` object, so exported figures match the command line exactly.

#include <QByteArray>
#include <QList>
#include <QString>

#include "demo/model/demoresult.h"
#include "rlab/demo/demo.h"

namespace rlab::demo {

QByteArray demoResultsCsv(const QList<DemoResult>& results);
QByteArray demoResultsJson(const QString& presetId, const QList<DemoResult>& results,
    const std::vector<rlab::demo::ClaimCheck>& claims = {});
// Writes the results, chosen by the name of `path`: .csv, .json, or each run's recorded step as a
// Chrome/Perfetto trace (.trace.json) or a PyTorch memory snapshot (.pickle), in one piece (a
// failed write leaves any old file untouched). Empty on success, else one sentence.
QString exportDemoResults(const QString& path, const QString& presetId, const QList<DemoResult>& results,
    const std::vector<rlab::demo::ClaimCheck>& claims = {});

} // namespace rlab::demo
