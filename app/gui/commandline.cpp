#include "commandline.h"

#include <filesystem>
#include <vector>

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QImageWriter>
#include <QLineEdit>
#include <QPixmap>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTimer>

#include "contentlibrary.h"
#include "demo/demopanel.h"
#include "demo/peakcard.h"
#include "demo/predictionbox.h"
#include "demorunner.h"
#include "demotexts.h"
#include "glossarydialog.h"
#include "mainwindow.h"
#include "packdialog.h"
#include "pages/questionpage.h"
#include "planner/plannerpage.h"
#include "quizsession.h"
#include "rlab/content/archive.h"
#include "rlab/layout.h"
#include "rlab/words.h"
#include "searchdialog.h"

// Messages here stay English: they are printed before any language is chosen, for scripts and logs.
namespace {
constexpr int DemoTimeoutMs = 10 * 60 * 1000; // a preset runs for seconds; this only stops a hang

bool positiveNumber(const QString& text, int* value)
{
    bool ok = false;
    *value = text.toInt(&ok);
    return ok && *value > 0;
}

// The built-in content: installed beside the program, else in the desktop's data folders
// (QStandardPaths' GenericDataLocation, XDG_DATA_DIRS), else the checkout it was built from.
QString builtInContentRoot()
{
    std::vector<std::filesystem::path> dataFolders;
    for (const QString& folder : QStandardPaths::standardLocations(QStandardPaths::GenericDataLocation))
        dataFolders.emplace_back(QFile::encodeName(folder).toStdString());
    return QFile::decodeName(rlab::builtInContentFolder(dataFolders).c_str());
}
// The parser's answer when an argument is refused: no options, one sentence.
OrProblem<LaunchOptions> refused(QString sentence)
{
    return {{}, std::move(sentence)};
}
} // namespace

OrProblem<LaunchOptions> parseLaunchOptions(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Recompute Lab: quizzes with live demos on activation recomputation (gradient checkpointing)."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    const QCommandLineOption lang(QStringLiteral("lang"),
        QStringLiteral("Interface and content language: en, ru, sn, or one a content pack offers."),
        QStringLiteral("code"));
    const QCommandLineOption quiz(
        QStringLiteral("quiz"), QStringLiteral("Open the quiz with this id."), QStringLiteral("id"));
    const QCommandLineOption question(
        QStringLiteral("question"), QStringLiteral("Open question K (from 1)."), QStringLiteral("K"));
    const QCommandLineOption answer(QStringLiteral("answer"),
        QStringLiteral("Choose option N (from 1), the N-th as shown: on a retry or review the options are "
                       "shuffled, and N counts them as shown, as key N does."),
        QStringLiteral("N"));
    const QCommandLineOption runDemo(QStringLiteral("run-demo"),
        QStringLiteral(
            "Run the question's demo; a question with a Planner view (many GPUs) opens it instead."));
    const QCommandLineOption guide(QStringLiteral("guide"),
        QStringLiteral("Show the question's guide section beside it, not the demo."));
    const QCommandLineOption planner(QStringLiteral("planner"),
        QStringLiteral("Open the Planner: which policy fits a real-size model in a GPU's memory."));
    const QCommandLineOption plannerCluster(QStringLiteral("planner-cluster"),
        QStringLiteral("Open the Planner at its cluster: the model's memory per GPU on many GPUs."));
    const QCommandLineOption plannerModel(QStringLiteral("planner-model"),
        QStringLiteral("Open the Planner with this model chosen (gpt2-124m ... llama-3-8b, as rlab plan "
                       "--model)."),
        QStringLiteral("name"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
        QStringLiteral("Render the window to this PNG file and exit."), QStringLiteral("file.png"));
    const QCommandLineOption packDialog(QStringLiteral("pack-dialog"),
        QStringLiteral(
            "With --screenshot: render the Open pack dialog over the window instead (its buttons and "
            "labels are Qt's own, translated by Qt in the interface language)."));
    const QCommandLineOption search(QStringLiteral("search"),
        QStringLiteral(
            "With --screenshot: render Quiz > Search over the window instead, these words typed in."),
        QStringLiteral("words"));
    const QCommandLineOption glossary(QStringLiteral("glossary"),
        QStringLiteral("With --screenshot: render Help > Glossary over the window instead."));
    const QCommandLineOption tryCounterfactuals(QStringLiteral("try-counterfactuals"),
        QStringLiteral("With --run-demo and --screenshot: run each counterfactual of the timeline's \"At the "
                       "peak\" card, as its button does, so the picture shows its measured peak beside the "
                       "predicted one."));
    const QCommandLineOption view(QStringLiteral("view"),
        QStringLiteral("With --run-demo: show this view of the demo's results instead of the one its "
                       "question or preset opens: table, memory, step-time, timeline (with the \"At the "
                       "peak\" card), sweep, loss, ledger or frontier."),
        QStringLiteral("name"));
    const QCommandLineOption size(QStringLiteral("size"),
        QStringLiteral("Window size for the screenshot (1280x800)."), QStringLiteral("WxH"));
    const QCommandLineOption content(QStringLiteral("content"),
        QStringLiteral("Folder holding quizzes/, guides/ and demos/, or a pack archive (.zip, .tar, "
                       ".tar.gz, .tgz, .tar.xz, .tar.zst) of one, instead of the built-in content."),
        QStringLiteral("dir"));
    const QCommandLineOption exportResults(QStringLiteral("export"),
        QStringLiteral("With --run-demo: write the demo's results (.json or .csv, with the step-time "
                       "intervals and the claims; .trace.json: a Perfetto memory trace; .pickle: a "
                       "PyTorch memory snapshot) to this file and exit, without a window."),
        QStringLiteral("file"));
    const QCommandLineOption watch(QStringLiteral("watch"),
        QStringLiteral("Reload the content when its files change, showing its errors (for authors). "
                       "Answers given meanwhile are not saved to your progress."));
    const QCommandLineOption saveAnswers(QStringLiteral("save-answers"),
        QStringLiteral("With --watch: save the answers you give to your progress, as a learner's."));
    const QCommandLineOption dark(QStringLiteral("dark"),
        QStringLiteral("Use a dark palette (the Fusion style), whatever the desktop's theme."));
    const QCommandLineOption progress(QStringLiteral("progress"),
        QStringLiteral("Read this progress file instead of your own; it is never written (for screenshots "
                       "of a prepared state)."),
        QStringLiteral("file"));
    const QCommandLineOption today(QStringLiteral("today"),
        QStringLiteral("Take this day (YYYY-MM-DD) as today for attempts and reviews due."),
        QStringLiteral("date"));
    const QCommandLineOption predict(QStringLiteral("predict"),
        QStringLiteral("Make the demo's prediction before it runs: a run's label, or a percentage."),
        QStringLiteral("value"));
    parser.addOptions({lang, quiz, question, answer, runDemo, guide, planner, plannerCluster, plannerModel,
        screenshot, packDialog, search, glossary, tryCounterfactuals, view, size, content, exportResults,
        watch, saveAnswers, dark, progress, today, predict});
    // The desktop entry's Exec=recompute-lab %f: a pack double-clicked in a file manager.
    parser.addPositionalArgument(QStringLiteral("pack"),
        QStringLiteral("A quiz pack to open beside the built-in content: a folder holding quizzes/, or a "
                       "pack archive (.zip, .tar, .tar.gz, .tgz, .tar.xz, .tar.zst) of one."),
        QStringLiteral("[pack]"));

    if (!parser.parse(arguments)) {
        QString sentence = parser.errorText(); // Qt's own, as "Unknown option 'bogus'."
        while (sentence.endsWith(QLatin1Char('.')))
            sentence.chop(1);
        return refused(sentence + QStringLiteral("; see --help."));
    }
    LaunchOptions options;
    if (parser.isSet(help) || parser.isSet(version)) {
        fputs(qPrintable(parser.isSet(help) ? parser.helpText()
                                            : QCoreApplication::applicationName() + QLatin1Char(' ')
                          + QCoreApplication::applicationVersion() + QLatin1Char('\n')),
            stdout);
        options.helpShown = true;
        return {options, {}};
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        return refused(
            QStringLiteral("Unexpected argument \"%1\"; one pack can be opened at a time, see --help.")
                .arg(positional.at(1)));
    }
    if (!positional.isEmpty()) {
        options.pack = positional.first();
        const QFileInfo pack(options.pack);
        if (!pack.isDir()
            && !(pack.isFile()
                && rlab::content::isPackArchive(QFile::encodeName(options.pack).toStdString()))) {
            return refused(
                QStringLiteral("\"%1\" is neither a pack folder nor a pack archive (.zip, .tar, .tar.gz, "
                               ".tgz, .tar.xz, .tar.zst).")
                    .arg(options.pack));
        }
    }
    options.language = parser.value(lang);
    options.languageGiven = parser.isSet(lang);
    options.quiz = parser.value(quiz);
    if (parser.isSet(question) && !positiveNumber(parser.value(question), &options.question)) {
        return refused(QStringLiteral("--question needs a question number counted from 1, not \"%1\".")
                           .arg(parser.value(question)));
    }
    if (parser.isSet(answer) && !positiveNumber(parser.value(answer), &options.answer)) {
        return refused(QStringLiteral("--answer needs an option number counted from 1, not \"%1\".")
                           .arg(parser.value(answer)));
    }
    if ((options.question || options.answer || parser.isSet(runDemo) || parser.isSet(guide))
        && options.quiz.isEmpty()) {
        return refused(QStringLiteral("--question, --answer, --run-demo and --guide need --quiz."));
    }
    options.runDemo = parser.isSet(runDemo);
    options.dark = parser.isSet(dark);
    options.watch = parser.isSet(watch);
    options.saveAnswers = parser.isSet(saveAnswers);
    if (options.saveAnswers && !options.watch) {
        return refused(QStringLiteral("--save-answers goes with --watch (answers are saved without it)."));
    }
    options.showGuide = parser.isSet(guide);
    options.plannerCluster = parser.isSet(plannerCluster);
    options.plannerModel = parser.value(plannerModel);
    options.planner = parser.isSet(planner) || options.plannerCluster || !options.plannerModel.isEmpty();
    if (options.planner && !options.quiz.isEmpty()) {
        return refused(QStringLiteral("--planner opens a page of its own; use it without --quiz."));
    }
    if (parser.isSet(size)) {
        static const QRegularExpression pattern(QStringLiteral("^(\\d{3,5})x(\\d{3,5})$"));
        const QRegularExpressionMatch match = pattern.match(parser.value(size));
        const int width = match.hasMatch() ? match.captured(1).toInt() : 0;
        const int height = match.hasMatch() ? match.captured(2).toInt() : 0;
        if (width < 320 || height < 240 || width > 7680 || height > 4320) {
            return refused(
                QStringLiteral("--size needs WIDTHxHEIGHT between 320x240 and 7680x4320, not \"%1\".")
                    .arg(parser.value(size)));
        }
        options.size = QSize(width, height);
    }
    options.screenshot = parser.value(screenshot);
    if (parser.isSet(screenshot) && (options.screenshot.isEmpty() || QFileInfo(options.screenshot).isDir())) {
        return refused(
            QStringLiteral("--screenshot needs the name of a PNG file, not \"%1\".").arg(options.screenshot));
    }
    options.packDialog = parser.isSet(packDialog);
    if (options.packDialog && options.screenshot.isEmpty()) {
        return refused(
            QStringLiteral("--pack-dialog needs --screenshot (File > Open pack shows the dialog itself)."));
    }
    options.search = parser.value(search);
    if (parser.isSet(search) && options.screenshot.isEmpty()) {
        return refused(
            QStringLiteral("--search needs --screenshot (Quiz > Search shows the dialog itself)."));
    }
    options.glossary = parser.isSet(glossary);
    if (options.glossary && options.screenshot.isEmpty()) {
        return refused(
            QStringLiteral("--glossary needs --screenshot (Help > Glossary shows the dialog itself)."));
    }
    options.tryCounterfactuals = parser.isSet(tryCounterfactuals);
    if (options.tryCounterfactuals && (options.screenshot.isEmpty() || !options.runDemo)) {
        return refused(QStringLiteral("--try-counterfactuals needs --run-demo and --screenshot."));
    }
    options.view = parser.value(view);
    if (parser.isSet(view)) {
        const QStringList views {QStringLiteral("table"), QStringLiteral("memory"),
            QStringLiteral("step-time"), QStringLiteral("timeline"), QStringLiteral("sweep"),
            QStringLiteral("loss"), QStringLiteral("ledger"), QStringLiteral("frontier")};
        if (!options.runDemo) {
            return refused(QStringLiteral("--view needs --run-demo (and --quiz and --question)."));
        }
        if (!views.contains(options.view)) {
            return refused(QStringLiteral("--view \"%1\" is not a view; write one of %2.")
                               .arg(options.view, views.join(QStringLiteral(", "))));
        }
    }
    options.exportPath = parser.value(exportResults);
    if (parser.isSet(exportResults)) {
        const QFileInfo file(options.exportPath);
        const QString suffix = file.suffix().toLower();
        if (!options.runDemo) {
            return refused(QStringLiteral("--export needs --run-demo (and --quiz and --question)."));
        }
        if (suffix != QLatin1String("json") && suffix != QLatin1String("csv")
            && suffix != QLatin1String("pickle")) {
            return refused(QStringLiteral(
                "--export needs a file name ending in .json, .csv, .trace.json or .pickle, not \"%1\".")
                               .arg(options.exportPath));
        }
        if (!QFileInfo(file.absolutePath()).isDir()) {
            return refused(QStringLiteral("Cannot write the results to \"%1\": its folder is missing.")
                               .arg(options.exportPath));
        }
        if (const std::optional<std::string> kind
            = rlab::unwritableKind(QFile::encodeName(options.exportPath).toStdString())) {
            return refused(QStringLiteral("Cannot write the results to \"%1\": %2.")
                               .arg(options.exportPath, QString::fromStdString(*kind)));
        }
    }
    options.progressFile = parser.value(progress);
    if (parser.isSet(progress) && !QFileInfo(options.progressFile).isFile()) {
        return refused(QStringLiteral("--progress needs an existing progress file, not \"%1\".")
                           .arg(options.progressFile));
    }
    if (parser.isSet(today)) {
        options.today = QDate::fromString(parser.value(today), Qt::ISODate);
        if (!options.today.isValid()) {
            return refused(
                QStringLiteral("--today needs a date as YYYY-MM-DD, not \"%1\".").arg(parser.value(today)));
        }
    }
    options.predict = parser.value(predict);
    if (parser.isSet(predict) && options.quiz.isEmpty()) {
        return refused(QStringLiteral("--predict needs --quiz."));
    }
    options.contentRoot = parser.isSet(content) ? parser.value(content) : builtInContentRoot();
    if (options.contentRoot.isEmpty()) {
        return refused(
            QStringLiteral("The built-in content was found neither beside the program nor in the data "
                           "folders; name a content folder with --content."));
    }
    if (!QFileInfo(options.contentRoot).isDir()
        && !(QFileInfo(options.contentRoot).isFile()
            && rlab::content::isPackArchive(QFile::encodeName(options.contentRoot).toStdString()))) {
        return refused(QStringLiteral("The content folder \"%1\" does not exist.").arg(options.contentRoot));
    }
    return {options, {}};
}

QString unofferedLanguage(const LaunchOptions& options, const ContentLibrary& library)
{
    // Checked once the content is known: a language is offered where some pack has content in it.
    if (!options.languageGiven)
        return {};
    if (const QStringList offered = library.languages(); !offered.contains(options.language))
        return QStringLiteral("Unknown language \"%1\"; the content offers %2.")
            .arg(options.language, offered.join(QStringLiteral(", ")));
    return {};
}

namespace {

bool hasOption(int argc, char** argv, const QByteArray& name)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray argument(argv[i]);
        if (argument == name || argument.startsWith(name + '='))
            return true;
    }
    return false;
}

// Runs the question's demo and waits for its end; nullopt when it finished, else why not.
std::optional<QString> runDemoToEnd(MainWindow& window)
{
    DemoPanel* demo = window.demoPanel();
    if (window.questionPage()->hasPlannerView()) { // a question about many GPUs: its Planner view
        window.questionPage()->openPlannerView();
        return std::nullopt;
    }
    if (demo->presetId().isEmpty())
        return QStringLiteral("This question has no demo to run.");
    QEventLoop loop;
    bool succeeded = false;
    QString message;
    QObject::connect(demo, &DemoPanel::finished, &loop, [&](const DemoOutcome& outcome) {
        succeeded = outcome.ok();
        message = demoOutcomeText(outcome);
        loop.quit();
    });
    QTimer::singleShot(DemoTimeoutMs, &loop, [&] {
        message = QStringLiteral("the demo took longer than ten minutes");
        demo->cancel();
    });
    window.questionPage()->sideTabs()->setCurrentWidget(demo);
    demo->run(); // not runDemo(): from the guide tab that only shows a prediction still to make
    if (demo->isRunning())
        loop.exec();
    if (succeeded)
        return std::nullopt;
    return QStringLiteral("The demo did not finish (%1).").arg(message);
}

} // namespace

bool wantsScreenshot(int argc, char** argv)
{
    return hasOption(argc, argv, "--screenshot");
}

bool wantsExport(int argc, char** argv)
{
    return hasOption(argc, argv, "--export");
}

bool needsNoWindow(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray argument(argv[i]);
        if (argument == "--help" || argument == "-h" || argument == "--help-all" || argument == "--version"
            || argument == "-v")
            return true;
    }
    return wantsScreenshot(argc, argv) || wantsExport(argc, argv);
}

std::optional<QString> applyLaunchOptions(MainWindow& window, const LaunchOptions& options)
{
    // A pack that cannot be opened shows why in the window's banner, as File > Open pack does.
    if (!options.pack.isEmpty() && !window.openPack(options.pack) && !options.screenshot.isEmpty())
        return QStringLiteral("The pack \"%1\" could not be opened.").arg(options.pack);
    if (options.planner)
        window.showPlanner();
    if (!options.plannerModel.isEmpty()) {
        if (!window.plannerPage()->setModel(options.plannerModel))
            return QStringLiteral("The Planner has no model \"%1\".").arg(options.plannerModel);
        window.plannerPage()->replan(); // now, not after the typing pause
    }
    if (options.plannerCluster) // once the window has laid the page out
        QTimer::singleShot(0, window.plannerPage(), &PlannerPage::showCluster);
    if (options.today.isValid())
        window.setClock([day = options.today] { return QDateTime(day, QTime(12, 0)); }); // noon
    if (options.quiz.isEmpty())
        return std::nullopt;
    const rlab::content::Quiz* quiz = window.content().quiz(options.quiz.toStdString());
    if (!quiz) {
        QStringList ids;
        for (const auto& known : window.content().quizzes)
            ids << QString::fromStdString(known.id);
        return QStringLiteral("Unknown quiz \"%1\"; the quizzes are: %2.")
            .arg(options.quiz, ids.isEmpty() ? QStringLiteral("none") : ids.join(QStringLiteral(", ")));
    }
    const int questions = static_cast<int>(quiz->questions.size());
    if (options.question > questions)
        return QStringLiteral("Question %1 is out of range: quiz \"%2\" has %3 questions.")
            .arg(options.question)
            .arg(options.quiz)
            .arg(questions);
    const int question = options.question > 0 ? options.question - 1 : 0;
    const int choices = static_cast<int>(quiz->questions[static_cast<std::size_t>(question)].options.size());
    if (options.answer > choices)
        return QStringLiteral("Answer %1 is out of range: question %2 has %3 options.")
            .arg(options.answer)
            .arg(question + 1)
            .arg(choices);

    window.openQuiz(options.quiz);
    if (options.question > 0 || options.answer > 0)
        window.showQuestion(question);
    // N is the option shown N-th, as key N chooses it: on a retry or review the options are
    // shuffled. A question answered earlier stays as it was (screenshots start from empty progress).
    if (options.answer > 0)
        window.session()->choose(window.session()->optionOrder(question).value(options.answer - 1));
    if (options.showGuide)
        window.questionPage()->showGuide();
    if (!options.predict.isEmpty()) {
        PredictionBox* box = window.demoPanel()->predictionBox();
        if (box->isHidden())
            return QStringLiteral("This question's demo asks for no prediction.");
        bool isNumber = false;
        const int percent = options.predict.toInt(&isNumber);
        box->setPrediction(isNumber ? Prediction {{}, percent} : Prediction {options.predict, {}});
        if (!box->prediction().isMade())
            return QStringLiteral("\"%1\" is not a run of this demo or a percentage.").arg(options.predict);
    }
    return std::nullopt;
}

ProgressStore launchProgress(const LaunchOptions& options, bool screenshot, bool exporting)
{
    if (!options.progressFile.isEmpty())
        return ProgressStore::readOnly(options.progressFile);
    if (screenshot || exporting)
        return ProgressStore::inMemory();
    if (options.watch && !options.saveAnswers)
        return ProgressStore::readOnly(ProgressStore().filePath());
    return ProgressStore();
}

QString launchNotice(const LaunchOptions& options)
{
    if (options.watch && !options.saveAnswers && options.progressFile.isEmpty())
        return QStringLiteral("--watch: the answers you give while authoring are not saved to your progress "
                              "(add --save-answers to save them).");
    return {};
}

std::optional<QString> screenshotUnwritable(const LaunchOptions& options)
{
    const QFileInfo file(options.screenshot);
    const QFileInfo folder(file.absolutePath());
    // A pipe would block the grab's write for ever; a link would be written through.
    if (const std::optional<std::string> kind
        = rlab::unwritableKind(QFile::encodeName(options.screenshot).toStdString()))
        return QStringLiteral("Cannot write the screenshot to \"%1\": %2.")
            .arg(options.screenshot, QString::fromStdString(*kind));
    if (folder.isDir() && folder.isWritable() && (!file.exists() || file.isWritable()))
        return std::nullopt;
    return QStringLiteral("Cannot write the screenshot to \"%1\": its folder is missing or not writable.")
        .arg(options.screenshot);
}

std::optional<LaunchFailure> saveScreenshot(MainWindow& window, const LaunchOptions& options)
{
    std::optional<LaunchFailure> demoFailure;
    window.resize(options.size);
    window.show();
    QCoreApplication::processEvents();
    if (options.runDemo) {
        if (const std::optional<QString> problem = runDemoToEnd(window)) {
            if (window.demoPanel()->presetId().isEmpty())
                return LaunchFailure {2, *problem};
            demoFailure
                = LaunchFailure {1, QStringLiteral("%1 The screenshot shows its state.").arg(*problem)};
        }
    }
    if (!options.view.isEmpty())
        window.demoPanel()->showView(options.view);
    if (options.tryCounterfactuals) {
        auto* card = window.findChild<PeakCard*>();
        QEventLoop loop;
        if (card)
            QObject::connect(card, &PeakCard::triesFinished, &loop, &QEventLoop::quit);
        if (!card || !card->tryAll())
            return LaunchFailure {1,
                QStringLiteral("--try-counterfactuals: the demo's \"At the peak\" card has no counterfactual "
                               "to run.")};
        loop.exec();
    }
    if (options.plannerCluster || !window.plannerPage()->viewNote().isEmpty()) {
        QCoreApplication::processEvents();
        window.plannerPage()->showCluster();
    }
    // Let layouts and charts settle before the grab.
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
    QPixmap pixmap = window.grab();
    if (options.packDialog) {
        PackDialog dialog(&window);
        dialog.setDirectory(QDir::homePath());
        dialog.resize(options.size * 3 / 4);
        dialog.show();
        for (int i = 0; i < 10; ++i) // the file list fills in from a thread of Qt's
            QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        pixmap = dialog.grab();
    }
    if (options.glossary) {
        GlossaryDialog dialog(window.library()->packFolders().value(0), window.language(), &window);
        dialog.resize(options.size * 3 / 4);
        dialog.show();
        for (int i = 0; i < 5; ++i)
            QCoreApplication::processEvents();
        pixmap = dialog.grab();
    }
    if (!options.search.isEmpty()) {
        SearchDialog dialog(window.content(), &window);
        dialog.field()->setText(options.search);
        dialog.resize(options.size * 3 / 4);
        dialog.show();
        for (int i = 0; i < 5; ++i)
            QCoreApplication::processEvents();
        pixmap = dialog.grab();
    }
    // Encoded in memory, then written whole: on a full disk QImageWriter said "Unknown error" and
    // left a 0-byte PNG.
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    if (!writer.write(pixmap.toImage()))
        return LaunchFailure {1,
            QStringLiteral("Cannot write the screenshot to \"%1\": %2.")
                .arg(options.screenshot, writer.errorString())};
    if (const std::optional<std::string> why
        = rlab::replaceFileWhole(QFile::encodeName(options.screenshot).toStdString(), png.toStdString()))
        return LaunchFailure {1,
            QStringLiteral("Cannot write the screenshot to \"%1\": %2.")
                .arg(options.screenshot, QString::fromLocal8Bit(why->c_str()))};
    return demoFailure;
}

std::optional<LaunchFailure> exportDemo(MainWindow& window, const LaunchOptions& options, bool demoDone)
{
    if (!demoDone) {
        window.resize(options.size); // laid out as on screen, never shown
        if (const std::optional<QString> problem = runDemoToEnd(window))
            return LaunchFailure {window.demoPanel()->presetId().isEmpty() ? 2 : 1, *problem};
    }
    const QString problem = window.demoPanel()->exportResults(options.exportPath);
    if (!problem.isEmpty())
        return LaunchFailure {1, problem};
    return std::nullopt;
}
