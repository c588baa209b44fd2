#pragma once
// A chart's "How to read it" line, shown whole or, in a panel too short for it, folded to one link
// that unfolds every hint (DemoResultsView::unfoldHints) with the whole text in its tooltip. The
// results view's charts and the ledger's share it.

class QLabel;
class QString;

void showReadingHint(QLabel* label, const QString& text, bool folded);
