#include "guideview.h"

#include <QDesktopServices>
#include <QMessageBox>
#include <QTextCursor>
#include <QTextDocument>

#include "rlab/content/markdown.h"

namespace {

// QTextDocument::loadResource reads local files itself when its widget answers nothing, so the
// document is the place that must refuse: every image and style sheet named by content.
class NoResourceDocument : public QTextDocument {
public:
    using QTextDocument::QTextDocument;

protected:
    QVariant loadResource(int, const QUrl&) override { return {}; }
};

} // namespace

GuideView::GuideView(QWidget* parent)
    : QTextBrowser(parent)
    , m_confirm([this](const QUrl& url) {
        return QMessageBox::question(this, tr("Open in the browser?"),
                   tr("This link leads out of Recompute Lab to:\n\n%1\n\nOpen it in your web browser?")
                       .arg(url.toDisplayString()))
            == QMessageBox::Yes;
    })
    , m_opener([](const QUrl& url) { QDesktopServices::openUrl(url); })
{
    // Links are followed by follow() only, never by QTextBrowser itself (it would load file: URLs).
    setDocument(new NoResourceDocument(this));
    setOpenLinks(false);
    setOpenExternalLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, &GuideView::follow);
}

void GuideView::showMarkdown(const QString& markdown)
{
    // Outside an edit block, Qt's Markdown importer lays the paragraph out again after every piece
    // it inserts (to place the cursor), so a paragraph of n code spans cost n^2: 55 s for 2,048.
    QTextCursor edit(document());
    edit.beginEditBlock();
    // The flags `rlab check-content` parses with (md4c's, which Qt passes on unchanged).
    document()->setMarkdown(markdown,
        QTextDocument::MarkdownFeatures::fromInt(static_cast<int>(rlab::content::markdownRendererFlags())));
    edit.endEditBlock();
}

QVariant GuideView::loadResource(int, const QUrl&)
{
    return {}; // and the browser's own loader (setSource) fetches nothing either
}

void GuideView::follow(const QUrl& url)
{
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("section")) {
        emit sectionRequested(url.path());
    } else if (scheme.isEmpty() && url.path().isEmpty() && url.hasFragment()) {
        if (m_sections.contains(url.fragment()))
            emit sectionRequested(url.fragment());
        else
            scrollToAnchor(url.fragment());
    } else if ((scheme == QLatin1String("https") || scheme == QLatin1String("http"))
        && !url.host().isEmpty()) {
        if (m_confirm(url))
            m_opener(url);
    }
}
