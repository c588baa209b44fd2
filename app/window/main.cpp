#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <unistd.h>

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QSocketNotifier>

#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN)
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#include "quiz/model/contentlibrary.h"
#include "quiz/view/questionpage.h"
#include "rlab/content/archive.h"
#include "rlab/layout.h"
#include "rlab/text.h"
#include "view/tones.h"
#include "window/appicon.h"
#include "window/launchoptions.h"
#include "window/mainwindow.h"
#include "window/screenshotdriver.h"

using rlab::app::OrProblem;
using rlab::quiz::ContentLibrary;
using rlab::quiz::ProgressStore;

namespace {
// Without a display Qt aborts with a long plugin message; a learner needs one sentence instead.
bool displayAvailable(int argc, char** argv)
{
    for (const char* variable : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) {
        const char* value = std::getenv(variable);
        if (value && *value)
            return true;
    }
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "-platform") == 0 || std::strncmp(argv[i], "-platform=", 10) == 0)
            return true;
    }
    return false;
}

// Where XDG_RUNTIME_DIR is unset (root in a container, a bare offscreen session) Qt falls back to
// <temp>/runtime-<user> and warns on every start. Setting up that same folder first, private
// (0700, ours, not a link), spares the learner the line; anything else is left to Qt's own checks.
void provideRuntimeDir()
{
#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN)
    if (!qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR"))
        return;
    const uid_t user = ::geteuid();
    const passwd* account = ::getpwuid(user);
    const QByteArray name = account ? QByteArray(account->pw_name) : QByteArray::number(user);
    const QByteArray folder = QFile::encodeName(QDir::tempPath()) + "/runtime-" + name;
    ::mkdir(folder.constData(), 0700); // fails harmlessly when it exists; checked below either way
    struct stat info { };
    if (::lstat(folder.constData(), &info) != 0 || !S_ISDIR(info.st_mode) || info.st_uid != user
        || (info.st_mode & 0777) != 0700)
        return;
    qputenv("XDG_RUNTIME_DIR", folder);
#endif
}
// SIGTERM, SIGINT and SIGHUP end the event loop instead of the process, so the window and its
// content library are destroyed in order and the packs unpacked into the temporary folder are
// removed (a killed app left its rlab-pack-* folders behind). The handler only writes a byte.
int g_signalPipe[2] = {-1, -1};
bool g_quitAsked = false; // a signal came before the event loop ran

void onSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t written = ::write(g_signalPipe[1], &byte, 1);
}

void quitOnSignals(QApplication& app)
{
    if (::pipe2(g_signalPipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    auto* notifier = new QSocketNotifier(g_signalPipe[0], QSocketNotifier::Read, &app);
    // quit() does nothing before exec(): a signal read while the window is built is kept for it.
    QObject::connect(notifier, &QSocketNotifier::activated, &app, [] {
        g_quitAsked = true;
        QCoreApplication::quit();
    });
    struct sigaction action { };
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (const int signal : {SIGTERM, SIGINT, SIGHUP})
        ::sigaction(signal, &action, nullptr);
}

// What the app says on stderr echoes arguments and content: control characters escaped.
std::string forTerminal(const QString& text)
{
    return rlab::text::forTerminal(text.toStdString());
}
} // namespace

int main(int argc, char** argv)
{
    const bool screenshot = wantsScreenshot(argc, argv);
    const bool exporting = wantsExport(argc, argv);
    if (!displayAvailable(argc, argv)) {
        if (!needsNoWindow(argc, argv)) {
            std::fputs(
                "recompute-lab: no display found (DISPLAY is not set); run it in a desktop session, or "
                "headless with: xvfb-run -a recompute-lab\n",
                stderr);
            return 1;
        }
        // Nothing goes on a screen: render offscreen.
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }

    rlab::dropRelativeXdgVariables(); // before Qt reads them: the specification says to ignore those
    provideRuntimeDir();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("recompute-lab"));
    QApplication::setApplicationDisplayName(QStringLiteral("Recompute Lab"));
    QApplication::setOrganizationName(QStringLiteral("RecomputeLab"));
    QApplication::setApplicationVersion(QStringLiteral(RLAB_VERSION));
    // The installed desktop entry's name (packaging/), so Wayland shells match windows to its icon.
    QGuiApplication::setDesktopFileName(QStringLiteral(RLAB_APP_ID));
    QApplication::setWindowIcon(applicationIcon()); // every window and dialog, the About box included
    // Before anything unpacks a pack (the check of --lang reads the packs, into the library the
    // window then uses): a signal that comes meanwhile must still end in the event loop (the byte
    // waits in the pipe until exec()). Not for a screenshot or an export: no loop to quit.
    if (!screenshot && !exporting)
        quitOnSignals(app);

    const OrProblem<LaunchOptions> parsed = parseLaunchOptions(QApplication::arguments());
    if (!parsed.ok()) {
        std::fprintf(stderr, "recompute-lab: %s\n", forTerminal(parsed.problem).c_str());
        return 2;
    }
    const LaunchOptions* options = &parsed.value;
    if (options->helpShown)
        return 0;
    // What killed apps left in the temporary folder goes now, whether or not this start unpacks.
    rlab::content::sweepStalePacks();
    // One library for the check of --lang and the window: each pack archive is unpacked once.
    auto library = std::make_unique<ContentLibrary>(options->contentRoot);
    if (const QString problem = unofferedLanguage(*options, *library); !problem.isEmpty()) {
        std::fprintf(stderr, "recompute-lab: %s\n", forTerminal(problem).c_str());
        return 2;
    }
    if (options->dark) { // before any widget exists, so every style sheet is built on this palette
        QApplication::setStyle(QStringLiteral("Fusion"));
        QApplication::setPalette(darkPalette());
    }
    if (const std::optional<QString> problem = screenshot ? screenshotUnwritable(*options) : std::nullopt) {
        std::fprintf(stderr, "recompute-lab: %s\n", forTerminal(*problem).c_str());
        return 1;
    }

    // A screenshot must not change the learner's saved progress or language.
    ProgressStore progress = launchProgress(*options, screenshot, exporting);
    if (const QString notice = launchNotice(*options); !notice.isEmpty() && !screenshot && !exporting)
        std::fprintf(stderr, "recompute-lab: %s\n", forTerminal(notice).c_str());
    MainWindow window(library.release(), progress, options->language);
    if (const std::optional<QString> problem = applyLaunchOptions(window, *options)) {
        std::fprintf(stderr, "recompute-lab: %s\n", forTerminal(*problem).c_str());
        return 2;
    }
    if (screenshot || exporting) {
        std::optional<LaunchFailure> failure;
        if (screenshot)
            failure = saveScreenshot(window, *options);
        if (!failure && exporting)
            failure = exportDemo(window, *options, screenshot);
        if (failure) {
            std::fprintf(stderr, "recompute-lab: %s\n", forTerminal(failure->sentence).c_str());
            return failure->exitStatus;
        }
        return 0;
    }
    if (options->watch)
        window.setWatchingContent(true);
    // Opened without a place of its own: where the learner was when the window last closed.
    if (options->quiz.isEmpty() && !options->planner && options->pack.isEmpty())
        window.restorePlace();
    if (options->runDemo)
        window.questionPage()->runDemo();
    window.show();
    if (g_quitAsked)
        return 0; // the window and its unpacked packs go as on a quit
    return QApplication::exec();
}
