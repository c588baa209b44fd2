// Quiz packs beside the built-in content, offscreen: a pack dropped in the user's folder loads,
// a broken one is reported (file:line:column) without hiding the others, a pack with German
// content makes German selectable (interface in English), File > Open pack… and --watch reload,
// a pack sent as a .zip or .tar.gz loads (from the menu and from the user's folder), a broken or
// hostile archive is reported with the archive's name, the window remembers its geometry, and the meaning
// colours stay readable on a dark palette.
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QLabel>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTest>

#include "demo/view/demopanel.h"
#include "quiz/model/quizsession.h"
#include "quiz/view/questionpage.h"
#include "quiz/view/startpage.h"
#include "run_program.h"
#include "view/noticebanner.h"
#include "view/tones.h"
#include "window/launchoptions.h"
#include "window/mainwindow.h"
#include "window/packdialog.h"
#include "window/screenshotdriver.h"

using rlab::app::OrProblem;
using rlab::quiz::ContentLibrary;
using rlab::quiz::ProgressStore;

namespace {
QString fixtures()
{
    return QStringLiteral(RLAB_APP_FIXTURES);
}

QString examplePack()
{
    return QStringLiteral(RLAB_EXAMPLE_PACK);
}

bool copyFolder(const QString& from, const QString& to)
{
    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString target = QDir(to).filePath(QDir(from).relativeFilePath(file));
        if (!QDir().mkpath(QFileInfo(target).path()) || !QFile::copy(file, target))
            return false;
    }
    return true;
}

bool writeFile(const QString& path, const QByteArray& text)
{
    QFile file(path);
    return QDir().mkpath(QFileInfo(path).path()) && file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        && file.write(text) == text.size();
}

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Writes `archive` (.zip, .tar.gz) holding `folder` as its top folder, plus `extra` entries
// (name -> text) as given, with Python's zipfile/tarfile; an empty string, else why not.
QString makeArchive(
    const QString& archive, const QString& folder, const QMap<QString, QByteArray>& extra = {})
{
    static const char* script = R"(
import io, os, sys, tarfile, zipfile
out, folder = sys.argv[1], sys.argv[2]
entries = []
for root, _, names in os.walk(folder):
    for name in names:
        path = os.path.join(root, name)
        entries.append((os.path.basename(folder) + "/" + os.path.relpath(path, folder), open(path, "rb").read()))
entries += [(sys.argv[i], sys.argv[i + 1].encode()) for i in range(3, len(sys.argv), 2)]
if out.endswith(".zip"):
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            z.writestr(name, data)
else:
    with tarfile.open(out, "w:gz") as t:
        for name, data in entries:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
)";
    QStringList arguments {QStringLiteral("-c"), QString::fromUtf8(script), archive, folder};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        arguments << it.key() << QString::fromUtf8(it.value());
    QProcess python;
    python.start(QStringLiteral("python3"), arguments);
    if (!python.waitForFinished(60000) || python.exitStatus() != QProcess::NormalExit
        || python.exitCode() != 0)
        return python.errorString() + QString::fromUtf8(python.readAllStandardError());
    return {};
}

QString bannerText(const MainWindow& window)
{
    QString text;
    for (const QLabel* label : window.banner()->findChildren<QLabel*>())
        text += label->text() + label->toolTip();
    return text + window.banner()->toolTip();
}

// WCAG's contrast ratio of two colours: 4.5 is the least for body text.
double contrast(const QColor& a, const QColor& b)
{
    const auto luminance = [](const QColor& c) {
        const auto channel
            = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
    };
    const double x = luminance(a) + 0.05;
    const double y = luminance(b) + 0.05;
    return std::max(x, y) / std::min(x, y);
}
} // namespace

class ContentPacksTest : public QObject {
    Q_OBJECT

private slots:
    void init();
    void packInTheUserFolderLoads();
    void brokenPackIsReportedOthersLoad();
    void germanContentMakesGermanSelectable();
    void germanOnTheCommandLine();
    void openPackAddsAFolder();
    void openPackAddsAnArchive();
    void removePackTakesOnlyThatPack();
    void reloadReadsAPackDroppedIn();
    void archiveInTheUserFolderLoads();
    void contentOptionTakesAnArchive();
    void packDialogChoosesAFolderOrAnArchive();
    void watchReloadsAnEditedPack();
    void authorsAnswersAreNotSaved();
    void windowLayoutIsRemembered();
    void toneColoursAreReadable_data();
    void toneColoursAreReadable();
    void tonesFollowAPaletteSwitch();

private:
    QString userPack(const QString& name) const
    {
        return QDir(m_state->path()).filePath(QStringLiteral("content/") + name);
    }
    std::unique_ptr<QTemporaryDir> m_state;
};

void ContentPacksTest::init()
{
    m_state = std::make_unique<QTemporaryDir>();
    QVERIFY(m_state->isValid());
    qputenv("RLAB_STATE_DIR", m_state->path().toUtf8());
}

void ContentPacksTest::packInTheUserFolderLoads()
{
    QCOMPARE(ContentLibrary::userPackFolder(), QDir(m_state->path()).filePath(QStringLiteral("content")));
    QVERIFY(copyFolder(examplePack(), userPack(QStringLiteral("first-pack"))));
    MainWindow window(fixtures(), ProgressStore::inMemory(), QStringLiteral("en"));
    QVERIFY(window.content().errors.empty());
    QVERIFY(window.content().quiz("mini-quiz")); // the built-in content stays
    QVERIFY(window.openQuiz(QStringLiteral("my-first-quiz")));
    QVERIFY(window.questionPage()->questionLabel()->text().contains(QStringLiteral("recomputation spend")));
    QVERIFY(!window.banner()->isVisibleTo(&window));
}

void ContentPacksTest::brokenPackIsReportedOthersLoad()
{
    QVERIFY(copyFolder(examplePack(), userPack(QStringLiteral("first-pack"))));
    QVERIFY(copyFolder(examplePack(), userPack(QStringLiteral("broken-pack"))));
    // The second pack's quiz gets its own id and an answer its two options cannot have.
    const QString quiz = userPack(QStringLiteral("broken-pack/quizzes/broken-quiz/quiz.yaml"));
    QVERIFY(QDir(userPack(QStringLiteral("broken-pack/quizzes")))
                .rename(QStringLiteral("my-first-quiz"), QStringLiteral("broken-quiz")));
    QByteArray text = readFile(quiz);
    text.replace("id: my-first-quiz", "id: broken-quiz").replace("answer: 2", "answer: 7");
    QVERIFY(QFile::remove(userPack(QStringLiteral("broken-pack/quizzes/broken-quiz/quiz.de.yaml"))));
    QVERIFY(writeFile(quiz, text));
    const int line = static_cast<int>(text.left(text.indexOf("answer: 7")).count('\n')) + 1;

    MainWindow window(fixtures(), ProgressStore::inMemory(), QStringLiteral("en"));
    QCOMPARE(window.content().errors.size(), std::size_t(1));
    const QString error = QString::fromStdString(window.content().errors.front().toString());
    QVERIFY2(error.startsWith(QStringLiteral("broken-pack/quizzes/broken-quiz/quiz.yaml:%1:").arg(line)),
        qPrintable(error));
    QVERIFY(!window.content().quiz("broken-quiz"));
    QVERIFY(window.content().quiz("my-first-quiz"));
    QVERIFY(window.content().quiz("mini-quiz"));
    QVERIFY(window.banner()->isVisibleTo(&window));
    QVERIFY2(bannerText(window).contains(QStringLiteral("quiz.yaml:%1:").arg(line)),
        qPrintable(bannerText(window)));
}

void ContentPacksTest::germanContentMakesGermanSelectable()
{
    {
        MainWindow window(fixtures(), ProgressStore::inMemory(), QStringLiteral("en"));
        QVERIFY(!window.languageAction(QStringLiteral("de")));
        QVERIFY(!window.setLanguage(QStringLiteral("de")));
    }
    QVERIFY(copyFolder(examplePack(), userPack(QStringLiteral("first-pack"))));
    MainWindow window(fixtures(), ProgressStore::inMemory(), QStringLiteral("en"));
    QAction* german = window.languageAction(QStringLiteral("de"));
    QVERIFY(german);
    QCOMPARE(german->text(), QStringLiteral("Deutsch"));
    QVERIFY(window.setLanguage(QStringLiteral("de")));
    QCOMPARE(window.language(), QStringLiteral("de"));
    QVERIFY(german->isChecked());
    QCOMPARE(QString::fromStdString(window.content().quiz("my-first-quiz")->title.value),
        QStringLiteral("Mein erstes Quiz"));
    // No German interface translation: the menus speak English, not the last language's.
    QVERIFY(window.setLanguage(QStringLiteral("ru")));
    QVERIFY(window.setLanguage(QStringLiteral("de")));
    QCOMPARE(window.menuBar()->actions().first()->text(), QStringLiteral("&File"));
}

void ContentPacksTest::germanOnTheCommandLine()
{
    const QString app = rlab::test::binaryPath(QStringLiteral("recompute-lab"));
    if (!QFile::exists(app))
        QSKIP("recompute-lab is not built (RLAB_BIN_DIR unset or wrong)");
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("RLAB_STATE_DIR"), m_state->path());
    const QString png = QDir(m_state->path()).filePath(QStringLiteral("de.png"));
    const QStringList arguments {QStringLiteral("--content"), fixtures(), QStringLiteral("--lang"),
        QStringLiteral("de"), QStringLiteral("--screenshot"), png};
    const rlab::test::Outcome refused = rlab::test::execute(app, arguments, 60000, environment);
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains("Unknown language \"de\""), refused.err.constData());
    QVERIFY(copyFolder(examplePack(), userPack(QStringLiteral("first-pack"))));
    const rlab::test::Outcome accepted = rlab::test::execute(app, arguments, 60000, environment);
    QVERIFY2(accepted.exitCode == 0, accepted.err.constData());
    QVERIFY(QFile::exists(png));
}

void ContentPacksTest::openPackAddsAFolder()
{
    MainWindow window(fixtures(), ProgressStore::inMemory(), QStringLiteral("en"));
    QVERIFY(!window.openPack(m_state->path())); // no quizzes/ inside: not a pack
    QVERIFY(window.banner()->isVisibleTo(&window));
    QVERIFY(bannerText(window).contains(QStringLiteral("no quizzes folder")));
    QVERIFY(window.openPack(examplePack()));
    QVERIFY(window.content().quiz("my-first-quiz"));
    QVERIFY(window.content().errors.empty());
    QVERIFY(window.languageAction(QStringLiteral("de")));
    // It says so, and the start page shows the new quiz marked (it landed below the fold unmarked).
    QVERIFY2(bannerText(window).contains(QStringLiteral("Opened the pack")), qPrintable(bannerText(window)));
    QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(window.startPage()));
    QWidget* marked = nullptr;
    for (QWidget* card : window.startPage()->findChildren<QWidget*>(QStringLiteral("quizCard"))) {
        const bool isNew = card->findChild<QLabel*>(QStringLiteral("newBadge")) != nullptr;
        QCOMPARE(isNew, card->property("quizId").toString() == QStringLiteral("my-first-quiz"));
        if (isNew)
            marked = card;
    }
    QVERIFY(marked);
}

// Proves: File > Reload content (F5) loads a pack dropped into the packs folder while the app runs;
// before, only a restart did.
// Proves: File > Remove pack… takes an opened pack out again: its quiz goes, the built-in quizzes,
// the pack's files and the answers given to its quiz stay (they come back when it is opened again).
void ContentPacksTest::removePackTakesOnlyThatPack()
{
    const QString pack = QDir(m_state->path()).filePath(QStringLiteral("opened/first-pack"));
    QVERIFY(copyFolder(examplePack(), pack));
    MainWindow window(fixtures(), ProgressStore::inMemory(), QStringLiteral("en"));
    auto* remove = window.findChild<QAction*>(QStringLiteral("removePack"));
    QVERIFY(remove);
    QVERIFY(!remove->isEnabled());
    QVERIFY(window.openPack(pack));
    QVERIFY(remove->isEnabled());
    QVERIFY(window.openQuiz(QStringLiteral("my-first-quiz")));
    QVERIFY(window.session()->choose(0));
    QVERIFY(window.removePack(pack));
    QVERIFY(!window.content().quiz("my-first-quiz"));
    QVERIFY(window.content().quiz("mini-quiz"));
    QVERIFY(window.content().errors.empty());
    QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(window.startPage()));
    QVERIFY(!remove->isEnabled());
    QVERIFY(QFileInfo::exists(QDir(pack).filePath(QStringLiteral("quizzes/my-first-quiz/quiz.yaml"))));
    QVERIFY(!window.removePack(pack)); // not opened any more
    QVERIFY(window.openPack(pack));
    QVERIFY(window.openQuiz(QStringLiteral("my-first-quiz")));
    QVERIFY(window.session()->isAnswered(0));
}

void ContentPacksTest::reloadReadsAPackDroppedIn()
{
    MainWindow window(fixtures(), ProgressStore::inMemory(), QStringLiteral("en"));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(!window.content().quiz("my-first-quiz"));
    const QString target = QDir(ContentLibrary::userPackFolder()).filePath(QStringLiteral("first-pack"));
    QVERIFY(copyFolder(examplePack(), target));
    QAction* reload = nullptr;
    for (QAction* title : window.menuBar()->actions())
        for (QAction* item : title->menu() ? title->menu()->actions() : QList<QAction*> {})
            if (item->shortcut() == QKeySequence(Qt::Key_F5))
                reload = item;
    QVERIFY(reload);
    reload->trigger();
    QVERIFY(window.content().quiz("my-first-quiz"));
}

void ContentPacksTest::openPackAddsAnArchive()
{
    const QDir state(m_state->path());
    const QString pack = state.filePath(QStringLiteral("first-pack"));
    QVERIFY(copyFolder(examplePack(), pack));
    const QString zip = state.filePath(QStringLiteral("first-pack.zip"));
    if (const QString problem = makeArchive(zip, pack); !problem.isEmpty())
        QSKIP(qPrintable(QStringLiteral("python3 could not make the archives: ") + problem));
    const QString tgz = state.filePath(QStringLiteral("first-pack.tar.gz"));
    QCOMPARE(makeArchive(tgz, pack), QString());
    // One with a broken quiz, one with an entry that climbs out of the pack.
    const QString broken = state.filePath(QStringLiteral("broken/first-pack"));
    QVERIFY(copyFolder(examplePack(), broken));
    const QString quiz = QDir(broken).filePath(QStringLiteral("quizzes/my-first-quiz/quiz.yaml"));
    const QByteArray text = readFile(quiz);
    QVERIFY(writeFile(quiz, QByteArray(text).replace("answer: 2", "answer: 7")));
    const int line = static_cast<int>(text.left(text.indexOf("answer: 2")).count('\n')) + 1;
    const QString brokenZip = state.filePath(QStringLiteral("broken.zip"));
    QCOMPARE(makeArchive(brokenZip, broken), QString());
    const QString hostile = state.filePath(QStringLiteral("hostile.tar.gz"));
    QCOMPARE(makeArchive(hostile, pack, {{QStringLiteral("../../escaped.yaml"), "x: 1"}}), QString());

    MainWindow window(fixtures(), ProgressStore::inMemory(), QStringLiteral("en"));
    QVERIFY(!window.openPack(hostile));
    QVERIFY(bannerText(window).contains(QStringLiteral("hostile.tar.gz")));
    QVERIFY2(
        bannerText(window).contains(QStringLiteral("'../../escaped.yaml'")), qPrintable(bannerText(window)));
    QVERIFY(!QFile::exists(state.filePath(QStringLiteral("../escaped.yaml"))));
    QVERIFY(!window.content().quiz("my-first-quiz"));

    QVERIFY(window.openPack(zip));
    QVERIFY(window.content().quiz("my-first-quiz"));
    QVERIFY(window.content().errors.empty());
    QVERIFY(window.languageAction(QStringLiteral("de")));
    QVERIFY(window.openQuiz(QStringLiteral("my-first-quiz")));
    QVERIFY(window.questionPage()->questionLabel()->text().contains(QStringLiteral("recomputation spend")));
    QVERIFY(window.openPack(tgz)); // the same quiz again: reported as taken, the first one stays
    QVERIFY(window.content().quiz("my-first-quiz"));

    MainWindow other(fixtures(), ProgressStore::inMemory(), QStringLiteral("en"));
    QVERIFY(other.openPack(brokenZip));
    QCOMPARE(other.content().errors.size(), std::size_t(1));
    const QString error = QString::fromStdString(other.content().errors.front().toString());
    QVERIFY2(
        error.startsWith(
            QStringLiteral("broken.zip/first-pack/quizzes/my-first-quiz/quiz.yaml:%1:13: error:").arg(line)),
        qPrintable(error));
    QVERIFY(other.content().quiz("mini-quiz"));
    QVERIFY(
        bannerText(other).contains(QStringLiteral("broken.zip/first-pack/quizzes/my-first-quiz/quiz.yaml:")));
}

void ContentPacksTest::archiveInTheUserFolderLoads()
{
    const QString pack = QDir(m_state->path()).filePath(QStringLiteral("first-pack"));
    QVERIFY(copyFolder(examplePack(), pack));
    QVERIFY(QDir().mkpath(userPack(QString())));
    if (const QString problem = makeArchive(userPack(QStringLiteral("first-pack.zip")), pack);
        !problem.isEmpty())
        QSKIP(qPrintable(QStringLiteral("python3 could not make the archive: ") + problem));
    QVERIFY(writeFile(userPack(QStringLiteral("damaged.tar.gz")), "not an archive"));
    MainWindow window(fixtures(), ProgressStore::inMemory(), QStringLiteral("en"));
    QVERIFY(window.content().quiz("my-first-quiz"));
    QVERIFY(window.content().quiz("mini-quiz"));
    QCOMPARE(window.content().errors.size(), std::size_t(1)); // the damaged one, named
    QVERIFY2(window.content().errors.front().toString().find("damaged.tar.gz") != std::string::npos,
        window.content().errors.front().toString().c_str());
}

void ContentPacksTest::contentOptionTakesAnArchive()
{
    const QString app = rlab::test::binaryPath(QStringLiteral("recompute-lab"));
    if (!QFile::exists(app))
        QSKIP("recompute-lab is not built (RLAB_BIN_DIR unset or wrong)");
    const QDir state(m_state->path());
    const QString pack = state.filePath(QStringLiteral("first-pack"));
    QVERIFY(copyFolder(examplePack(), pack));
    const QString zip = state.filePath(QStringLiteral("first-pack.zip"));
    if (const QString problem = makeArchive(zip, pack); !problem.isEmpty())
        QSKIP(qPrintable(QStringLiteral("python3 could not make the archive: ") + problem));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("RLAB_STATE_DIR"), m_state->path());
    const QString png = state.filePath(QStringLiteral("zip.png"));
    // The archive's German makes --lang de valid; its quiz opens.
    const rlab::test::Outcome shown = rlab::test::execute(app,
        {QStringLiteral("--content"), zip, QStringLiteral("--lang"), QStringLiteral("de"),
            QStringLiteral("--quiz"), QStringLiteral("my-first-quiz"), QStringLiteral("--screenshot"), png},
        60000, environment);
    QVERIFY2(shown.exitCode == 0, shown.err.constData());
    QVERIFY(QFile::exists(png));
    const rlab::test::Outcome missing = rlab::test::execute(app,
        {QStringLiteral("--content"), state.filePath(QStringLiteral("no-such.zip"))}, 60000, environment);
    QCOMPARE(missing.exitCode, 2);
}

void ContentPacksTest::packDialogChoosesAFolderOrAnArchive()
{
    const QDir state(m_state->path());
    const QString pack = state.filePath(QStringLiteral("first-pack"));
    QVERIFY(copyFolder(examplePack(), pack));
    const QString zip = state.filePath(QStringLiteral("first-pack.zip"));
    QVERIFY(writeFile(zip, "a file the dialog hands on; ContentLibrary judges it"));
    QVERIFY(QDir().mkpath(state.filePath(QStringLiteral("plain-folder"))));
    const auto choose = [&](const QString& name) {
        PackDialog dialog;
        dialog.setDirectory(state.path());
        dialog.selectFile(name);
        dialog.accept();
        return std::make_pair(dialog.chosen(), dialog.result() == QDialog::Accepted);
    };
    QCOMPARE(choose(QStringLiteral("first-pack.zip")), std::make_pair(zip, true));
    QCOMPARE(choose(QStringLiteral("first-pack")), std::make_pair(pack, true));
    // A folder that holds no quizzes/ is entered, as in any file dialog, not chosen.
    QCOMPARE(choose(QStringLiteral("plain-folder")), std::make_pair(QString(), false));
}

void ContentPacksTest::watchReloadsAnEditedPack()
{
    const QString pack = QDir(m_state->path()).filePath(QStringLiteral("authoring"));
    QVERIFY(copyFolder(examplePack(), pack));
    MainWindow window(fixtures(), ProgressStore::inMemory(), QStringLiteral("en"));
    QVERIFY(window.openPack(pack));
    window.setWatchingContent(true);
    const QString quiz = QDir(pack).filePath(QStringLiteral("quizzes/my-first-quiz/quiz.yaml"));
    QByteArray text = readFile(quiz);
    QVERIFY(writeFile(quiz, QByteArray(text).replace("title: My first quiz", "title: My edited quiz")));
    QTRY_COMPARE_WITH_TIMEOUT(QString::fromStdString(window.content().quiz("my-first-quiz")->title.value),
        QStringLiteral("My edited quiz"), 10000);
    // An author's mistake shows in the banner as it is saved, with its place.
    QVERIFY(writeFile(quiz, QByteArray(text).replace("answer: 2", "answer: 7")));
    QTRY_VERIFY_WITH_TIMEOUT(!window.content().errors.empty(), 10000);
    QVERIFY(bannerText(window).contains(QStringLiteral("authoring/quizzes/my-first-quiz/quiz.yaml:")));
    QVERIFY(writeFile(quiz, text));
    QTRY_VERIFY_WITH_TIMEOUT(window.content().errors.empty(), 10000);
    QVERIFY(window.content().quiz("my-first-quiz"));

    // An edited preset's sizes reach the size fields and Reset (they kept the old sizes until a
    // restart); the window's size stays as the author left it.
    QVERIFY(window.openQuiz(QStringLiteral("my-first-quiz")));
    window.resize(1100, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* layers = window.demoPanel()->part<QSpinBox*>(QStringLiteral("layersSpin"));
    QVERIFY(layers);
    QCOMPARE(layers->value(), 4);
    const QString presets = QDir(pack).filePath(QStringLiteral("demos/presets.yaml"));
    const QByteArray presetText = readFile(presets);
    QVERIFY(writeFile(presets, QByteArray(presetText).replace("layers: 4,", "layers: 6,")));
    QTRY_COMPARE_WITH_TIMEOUT(layers->value(), 6, 10000);
    layers->setValue(3);
    auto* reset = window.demoPanel()->part<QPushButton*>(QStringLiteral("resetSizes"));
    QVERIFY(reset);
    reset->click();
    QCOMPARE(layers->value(), 6);
    QCOMPARE(window.size(), QSize(1100, 720));
}

// Proves: an author's answers given under --watch do not enter their own progress file (they did),
// the terminal is told so, and --save-answers asks for them to be saved after all.
void ContentPacksTest::authorsAnswersAreNotSaved()
{
    const QString saved = ProgressStore().filePath();
    QVERIFY(saved.startsWith(m_state->path()));
    const auto answerOnce = [](const QStringList& arguments) {
        const OrProblem<LaunchOptions> parsed = parseLaunchOptions(
            QStringList {QStringLiteral("recompute-lab"), QStringLiteral("--content"), fixtures()}
            + arguments);
        if (!parsed.ok())
            return parsed.problem;
        const LaunchOptions* options = &parsed.value;
        MainWindow window(options->contentRoot, launchProgress(*options, false, false), QStringLiteral("en"));
        if (!window.openQuiz(QStringLiteral("mini-quiz")) || !window.session()->choose(0))
            return QStringLiteral("no question answered");
        return launchNotice(*options);
    };
    const QString notice = answerOnce({QStringLiteral("--watch")});
    QVERIFY2(notice.contains(QStringLiteral("not saved")), qPrintable(notice));
    QVERIFY2(!QFile::exists(saved), qPrintable(saved));
    QCOMPARE(answerOnce({QStringLiteral("--watch"), QStringLiteral("--save-answers")}), QString());
    QVERIFY(QFile::exists(saved));
    QVERIFY(readFile(saved).contains("mini-quiz"));
    QVERIFY(answerOnce({QStringLiteral("--save-answers")}).contains(QStringLiteral("goes with --watch")));
}

// Proves: the window's size survives a restart, and the question opens on its lesson.
void ContentPacksTest::windowLayoutIsRemembered()
{
    {
        MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
        QVERIFY(window.openQuiz(QStringLiteral("mini-quiz")));
        window.resize(1000, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.questionPage()->showGuide();
        window.close();
    }
    MainWindow window(fixtures(), ProgressStore(), QStringLiteral("en"));
    QCOMPARE(window.size(), QSize(1000, 700));
    QVERIFY(window.openQuiz(QStringLiteral("mini-quiz")));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.questionPage()->isLessonShown());
}

void ContentPacksTest::toneColoursAreReadable_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

void ContentPacksTest::toneColoursAreReadable()
{
    QFETCH(bool, dark);
    const QPalette palette = dark ? darkPalette() : QPalette(Qt::white);
    QCOMPARE(isDarkPalette(palette), dark);
    for (const Tone tone : {Tone::Right, Tone::Wrong, Tone::Uncertain, Tone::Tag}) {
        // The tone's text on a card tinted with it, and the palette's text on that card.
        const QColor card = toneBackground(tone, palette);
        QVERIFY2(
            contrast(toneColor(tone, palette), card) >= 4.5, qPrintable(toneColor(tone, palette).name()));
        QVERIFY2(contrast(palette.color(QPalette::Text), card) >= 4.5, qPrintable(card.name()));
    }
    QVERIFY(contrast(palette.color(QPalette::Text), toneBackground(Tone::Notice, palette)) >= 4.5);
}

void ContentPacksTest::tonesFollowAPaletteSwitch()
{
    // A desktop switching theme while the app runs: the pages' style sheets take the new tones.
    MainWindow window(fixtures(), ProgressStore::inMemory(), QStringLiteral("en"));
    const QPalette original = QApplication::palette();
    QVERIFY(window.questionPage()->styleSheet().contains(toneName(Tone::Right)));
    QApplication::setPalette(darkPalette());
    QCoreApplication::processEvents();
    const QString darkRight = toneColor(Tone::Right, darkPalette()).name();
    QVERIFY2(window.questionPage()->styleSheet().contains(darkRight),
        qPrintable(window.questionPage()->styleSheet()));
    QVERIFY(window.banner()->styleSheet().contains(toneBackground(Tone::Notice, darkPalette()).name()));
    QApplication::setPalette(original);
    QVERIFY(!window.questionPage()->styleSheet().contains(darkRight));
}

QTEST_MAIN(ContentPacksTest)
#include "tst_contentpacks.moc"
