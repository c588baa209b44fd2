// Content is data: the guide pane loads no file or remote resource while rendering, renders no
// raw HTML, follows only #anchors and (after the user confirms) http(s) links; labels that quote
// content show it as plain text.
#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QDesktopServices>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

#include "quiz/model/progressstore.h"
#include "quiz/view/guideview.h"
#include "rlab/content/markdown.h"
#include "slowness.h"
#include "window/mainwindow.h"

using rlab::quiz::ProgressStore;

class GuideViewTest : public QObject {
    Q_OBJECT

private slots:
    void linksNeedAnAllowedSchemeAndConsent();
    void clickedLinksGoThroughFollowOnly();
    void renderingLoadsNothing();
    void rawHtmlIsShownAsText();
    void checkerParsesWithTheRenderersDialect();
    void contentLabelsArePlainText();
    void largestAllowedBodyRendersQuickly_data();
    void largestAllowedBodyRendersQuickly();
    void layoutWorkDoesNotGrowWithSpans();
};

void GuideViewTest::linksNeedAnAllowedSchemeAndConsent()
{
    GuideView view;
    QList<QUrl> asked, opened;
    bool answer = false;
    view.setConfirm([&](const QUrl& url) {
        asked << url;
        return answer;
    });
    view.setOpener([&](const QUrl& url) { opened << url; });
    view.showMarkdown(QStringLiteral("[x](file:///etc/passwd) and [y](https://example.org/a)"));
    const QString before = view.toPlainText();

    // A local file used to be shown in the pane; now nothing happens and nobody is asked.
    emit view.anchorClicked(QUrl(QStringLiteral("file:///etc/passwd")));
    emit view.anchorClicked(QUrl(QStringLiteral("qrc:/i18n/x")));
    emit view.anchorClicked(QUrl(QStringLiteral("javascript:alert(1)")));
    QVERIFY(asked.isEmpty() && opened.isEmpty());
    QCOMPARE(view.toPlainText(), before);

    // The web opens only after the user confirms, and is asked with the address.
    const QUrl web(QStringLiteral("https://example.org/a"));
    emit view.anchorClicked(web);
    QCOMPARE(asked, QList<QUrl> {web});
    QVERIFY(opened.isEmpty());
    answer = true;
    emit view.anchorClicked(web);
    QCOMPARE(opened, QList<QUrl> {web});
    // The guide's own anchors scroll, never leave.
    emit view.anchorClicked(QUrl(QStringLiteral("#the-trade")));
    QCOMPARE(opened.size(), 1);
    QCOMPARE(view.toPlainText(), before);
}

namespace {

// Records what QDesktopServices was asked to open, in place of the desktop's browser.
class UrlCatcher : public QObject {
    Q_OBJECT

public:
    QList<QUrl> opened;

public slots:
    void open(const QUrl& url) { opened << url; }
};

// Where a mouse click lands on the first character of the link to `href`, in viewport coordinates.
QPoint linkPoint(const GuideView& view, const QString& href)
{
    for (QTextBlock block = view.document()->begin(); block.isValid(); block = block.next())
        for (auto piece = block.begin(); !piece.atEnd(); ++piece) {
            const QTextFragment fragment = piece.fragment();
            if (fragment.charFormat().anchorHref() != href)
                continue;
            QTextCursor cursor(view.document());
            cursor.setPosition(fragment.position());
            const QRect first = view.cursorRect(cursor);
            cursor.setPosition(fragment.position() + 1);
            return QPoint((first.left() + view.cursorRect(cursor).left()) / 2, first.center().y());
        }
    return {};
}

} // namespace

void GuideViewTest::clickedLinksGoThroughFollowOnly()
{
    // A click is decided by follow() alone: QTextBrowser used to follow the link itself too, showing a
    // file: link in the pane and opening an https: one in the browser without asking.
    UrlCatcher desktop;
    for (const char* scheme : {"file", "http", "https"})
        QDesktopServices::setUrlHandler(QString::fromLatin1(scheme), &desktop, "open");
    const auto unset = qScopeGuard([] {
        for (const char* scheme : {"file", "http", "https"})
            QDesktopServices::unsetUrlHandler(QString::fromLatin1(scheme));
    });
    GuideView view;
    QList<QUrl> asked, opened;
    view.setConfirm([&](const QUrl& url) {
        asked << url;
        return false;
    });
    view.setOpener([&](const QUrl& url) { opened << url; });
    view.showMarkdown(QStringLiteral("[local](file:///etc/passwd) and [web](https://example.org/a)"));
    view.resize(600, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QString before = view.toPlainText();

    const QPoint local = linkPoint(view, QStringLiteral("file:///etc/passwd"));
    QVERIFY(!local.isNull());
    QCOMPARE(view.anchorAt(local), QStringLiteral("file:///etc/passwd"));
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, local);
    QCOMPARE(view.source(), QUrl());
    QCOMPARE(view.toPlainText(), before);

    const QUrl web(QStringLiteral("https://example.org/a"));
    const QPoint remote = linkPoint(view, web.toString());
    QCOMPARE(view.anchorAt(remote), web.toString());
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, remote);
    QCOMPARE(asked, QList<QUrl> {web}); // the click reached follow(), which asked
    QVERIFY(opened.isEmpty()); // and was told no
    QCOMPARE(desktop.opened, QList<QUrl> {}); // and nothing else opened it
}

// `rlab check-content` parses guide bodies with the flags the view renders with; those are still
// Qt's GitHub dialect without HTML, as md4c numbers them (Qt passes its MarkdownFeatures on as is).
void GuideViewTest::checkerParsesWithTheRenderersDialect()
{
    QCOMPARE(static_cast<int>(rlab::content::markdownRendererFlags()),
        static_cast<int>(QTextDocument::MarkdownDialectGitHub)
            | static_cast<int>(QTextDocument::MarkdownNoHTML));
}

void GuideViewTest::renderingLoadsNothing()
{
    QTemporaryDir dir;
    const QString image = dir.filePath(QStringLiteral("secret.png"));
    QImage(4, 4, QImage::Format_RGB32).save(image);
    const QUrl local = QUrl::fromLocalFile(image);
    GuideView view;
    view.showMarkdown(QStringLiteral("![x](%1)").arg(local.toString()));
    view.resize(400, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.loadResource(QTextDocument::ImageResource, local).isNull());
    QVERIFY(view.document()->resource(QTextDocument::ImageResource, local).isNull());
}

void GuideViewTest::rawHtmlIsShownAsText()
{
    GuideView view;
    view.showMarkdown(
        QStringLiteral("before <img src=\"file:///etc/x.png\"> <a href=\"file:///etc\">a</a> after"));
    QVERIFY2(view.toPlainText().contains(QStringLiteral("<img")), qPrintable(view.toPlainText()));
    QVERIFY(!view.document()->toHtml().contains(QStringLiteral("<img")));
}

void GuideViewTest::contentLabelsArePlainText()
{
    // Option text fed the "why is it wrong" title, and the quiz title two page titles, as rich text.
    QTemporaryDir state;
    MainWindow window(QStringLiteral(RLAB_APP_FIXTURES), ProgressStore(state.path()), QStringLiteral("en"));
    for (const char* name : {"whyWrongTitle", "questionListTitle", "resultsTitle"}) {
        auto* label = window.findChild<QLabel*>(QString::fromLatin1(name));
        QVERIFY2(label, name);
        QCOMPARE(label->textFormat(), Qt::PlainText);
    }
}

namespace {

// One paragraph of `count` spans, `code` and *emphasis* in turn, 7 bytes each (2,048: 14 KiB, within
// the 16 KiB a field may hold); each starts a new text format.
QString codeSpans(int count)
{
    QString paragraph;
    for (int i = 0; i < count; ++i)
        paragraph
            += i % 2 == 0 ? QStringLiteral("`a%1` w ").arg(i % 10) : QStringLiteral("*b%1* w ").arg(i % 10);
    return paragraph;
}

} // namespace

void GuideViewTest::largestAllowedBodyRendersQuickly_data()
{
    // What the loader lets through at most (kMostTableRows = 50 rows, kMostFieldBytes = 16 KiB per
    // field): the 4,000-row table that froze the window for 6 s is refused; these stay interactive.
    QTest::addColumn<QString>("markdown");
    QString rows = QStringLiteral("| a | b |\n| --- | --- |\n");
    for (int i = 0; i < 48; ++i)
        rows += QStringLiteral("| %1 | %2 |\n").arg(i).arg(QStringLiteral("words ").repeated(50));
    QTest::newRow("50 long rows") << rows;
    // One 16 KiB paragraph of 2,048 `code` spans took 55 s at a load of 19 on 2 cores.
    QTest::newRow("2,048 code spans") << codeSpans(2048);
}

void GuideViewTest::largestAllowedBodyRendersQuickly()
{
    QFETCH(QString, markdown);
    GuideView view;
    view.resize(600, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QElapsedTimer timer;
    timer.start();
    view.showMarkdown(markdown);
    view.repaint(); // lays the document out at the view's width and paints it
    QCoreApplication::processEvents();
    const qint64 ms = timer.elapsed();
    qInfo("rendered %lld characters in %lld ms", static_cast<long long>(markdown.size()),
        static_cast<long long>(ms));
    // 3.2 s measured at a load of 19 on 2 cores; the bound leaves room for sanitizer builds.
    QVERIFY2(ms < 10000 * rlab::test::kSlowness, qPrintable(QStringLiteral("%1 ms").arg(ms)));
}

void GuideViewTest::layoutWorkDoesNotGrowWithSpans()
{
    // Counted work, not time: Qt's Markdown importer used to lay the paragraph out again (and ask
    // the view to repaint) after every piece it inserted, n times over n spans, so 2,048 spans
    // took 55 s. Each layout pass ends in one update() of the document layout; count those.
    GuideView view;
    view.resize(600, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (const int spans : {16, 2048}) {
        int layoutPasses = 0;
        const QMetaObject::Connection counting = connect(view.document()->documentLayout(),
            &QAbstractTextDocumentLayout::update, this, [&layoutPasses] { ++layoutPasses; });
        view.showMarkdown(codeSpans(spans));
        disconnect(counting);
        QVERIFY2(layoutPasses <= 4,
            qPrintable(QStringLiteral("%1 spans: %2 layout passes").arg(spans).arg(layoutPasses)));
        // And the spans are still rendered as code.
        QTextCursor cursor(view.document());
        cursor.setPosition(1);
        QVERIFY(cursor.charFormat().fontFixedPitch());
        QVERIFY(view.toPlainText().startsWith(QStringLiteral("a0 w b1 w a2")));
    }
}

QTEST_MAIN(GuideViewTest)
#include "tst_guideview.moc"
