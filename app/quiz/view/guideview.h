#pragma once
// The guide pane. Content is data: rendering never loads a local file or a remote resource
// (its document and loadResource answer nothing), raw HTML in the Markdown is not rendered, #anchors scroll
// within the guide or open the guide section of that id, section: links (the contents) open one, and http(s)
// links open in the browser only after the user confirms the address. Every other link does nothing.

#include <functional>

#include <QStringList>
#include <QTextBrowser>

class GuideView : public QTextBrowser {
    Q_OBJECT

public:
    explicit GuideView(QWidget* parent = nullptr);

    // The guide Markdown (content/README.md "guide.yaml") without raw HTML.
    void showMarkdown(const QString& markdown);

    // Asks whether to open `url` in the browser; a dialog by default, replaced by tests.
    void setConfirm(std::function<bool(const QUrl&)> confirm) { m_confirm = std::move(confirm); }
    // Opens `url`; QDesktopServices by default, replaced by tests.
    void setOpener(std::function<void(const QUrl&)> opener) { m_opener = std::move(opener); }

    QVariant loadResource(int type, const QUrl& name) override;

    // What a click on `url` does; public so tests can follow links without a mouse. `section:ID`
    // (the table of contents) and `#ID` naming one of setSections' ids ask for that guide section.
    void follow(const QUrl& url);
    // The ids of the shown guide's sections, so a `#ID` cross-reference opens that section.
    void setSections(const QStringList& ids) { m_sections = ids; }

signals:
    void sectionRequested(const QString& id);

private:
    std::function<bool(const QUrl&)> m_confirm;
    std::function<void(const QUrl&)> m_opener;
    QStringList m_sections;
};
