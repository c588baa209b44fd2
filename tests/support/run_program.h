#pragma once
// Runs one of the project's programs (rlab, recompute-lab) as a child process and collects what
// it said, for the Qt Test suites that check a command line from the outside.

#include <QByteArray>
#include <QCoreApplication>
#include <QDir>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include "slowness.h"

namespace rlab::test {

struct Outcome {
    int exitCode = -1; // -1 when it crashed, timed out or did not start
    QByteArray out, err;
};

// The folder holding the built programs: $RLAB_BIN_DIR (set by ctest), else the test's own.
inline QString binaryPath(const QString& name)
{
    return QDir(qEnvironmentVariable("RLAB_BIN_DIR", QCoreApplication::applicationDirPath())).filePath(name);
}

inline Outcome execute(const QString& program, const QStringList& args,
    int timeoutMs = 120000 * rlab::test::kSlowness,
    const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment())
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(program, args);
    Outcome outcome;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        outcome.err = "timed out or did not start: " + program.toUtf8();
        return outcome;
    }
    outcome.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    outcome.out = process.readAllStandardOutput();
    outcome.err = process.readAllStandardError();
    return outcome;
}

} // namespace rlab::test
