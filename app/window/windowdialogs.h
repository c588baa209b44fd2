#pragma once
// The main window's message boxes: Help > About, the "Start over" question and which pack to remove. Their
// strings keep the main window's translation context.

#include <QtContainerFwd>

class QString;
class QWidget;

// The version, what the app is, the licence and, where the build names the project's address
// (RLAB_HOMEPAGE_URL), the source and bug-report links.
void showAboutBox(QWidget* parent);
// Whether the learner really wants to clear a quiz's answers (its attempts stay in its history).
bool confirmStartOver(QWidget* parent);
// Which of the opened packs to remove (asked only when there are several), then a confirmation that
// its files and the learner's answers stay; empty when there is none or the learner cancels.
QString choosePackToRemove(QWidget* parent, const QStringList& opened);
