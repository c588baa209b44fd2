#pragma once
// The main window's message boxes: Help > About and the "Start over" question. Their strings keep
// the main window's translation context.

class QString;
class QWidget;

// The version, what the app is, the licence and, where the build names the project's address
// (RLAB_HOMEPAGE_URL), the source and bug-report links.
void showAboutBox(QWidget* parent);
// Whether the learner really wants to clear a quiz's answers (its attempts stay in its history).
bool confirmStartOver(QWidget* parent);
