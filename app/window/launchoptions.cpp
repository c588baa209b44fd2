#include "launchoptions.h"

#include <cstdio>
#include <filesystem>
#include <vector>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

#include "quiz/model/contentlibrary.h"
#include "rlab/content/archive.h"
#include "rlab/layout.h"

using rlab::app::OrProblem;
using rlab::quiz::ContentLibrary;
using rlab::quiz::ProgressStore;

// Messages here stay English: they are printed before any language is chosen, for scripts and logs.
namespace {

// One option: its name, what --help says of it, and the name of its value (null: a switch).
struct OptionText {
    const char* name = nullptr;
    const char* description = nullptr;
    const char* value = nullptr;
};

// In --help's order.
const OptionText kOptions[] = {
    {"lang", "Interface and content language: en, ru, sn, or one a content pack offers.", "code"},
    {"quiz", "Open the quiz with this id.", "id"},
    {"question", "Open question K (from 1).", "K"},
    {"answer",
        "Choose option N (from 1), the N-th as shown: on a retry or review the options are shuffled, and N "
        "counts them as shown, as key N does.",
        "N"},
    {"run-demo", "Run the question's demo; a question with a Planner view (many GPUs) opens it instead."},
    {"guide", "Show the question's guide section beside it, not the demo."},
    {"planner", "Open the Planner: which policy fits a real-size model in a GPU's memory."},
    {"planner-cluster", "Open the Planner at its cluster: the model's memory per GPU on many GPUs."},
    {"planner-model",
        "Open the Planner with this model chosen (gpt2-124m ... llama-3-8b, as rlab plan --model).", "name"},
    {"screenshot", "Render the window to this PNG file and exit.", "file.png"},
    {"pack-dialog",
        "With --screenshot: render the Open pack dialog over the window instead (its buttons and labels are "
        "Qt's own, translated by Qt in the interface language)."},
    {"search", "With --screenshot: render Quiz > Search over the window instead, these words typed in.",
        "words"},
    {"glossary", "With --screenshot: render Help > Glossary over the window instead."},
    {"try-counterfactuals",
        "With --run-demo and --screenshot: run each counterfactual of the timeline's \"At the peak\" card, "
        "as "
        "its button does, so the picture shows its measured peak beside the predicted one."},
    {"view",
        "With --run-demo: show this view of the demo's results instead of the one its question or preset "
        "opens: table, memory, step-time, timeline (with the \"At the peak\" card), sweep, loss, ledger or "
        "frontier.",
        "name"},
    {"size", "Window size for the screenshot (1280x800).", "WxH"},
    {"content",
        "Folder holding quizzes/, guides/ and demos/, or a pack archive (.zip, .tar, .tar.gz, .tgz, .tar.xz, "
        ".tar.zst) of one, instead of the built-in content.",
        "dir"},
    {"export",
        "With --run-demo: write the demo's results (.json or .csv, with the step-time intervals and the "
        "claims; .trace.json: a Perfetto memory trace; .pickle: a PyTorch memory snapshot) to this file and "
        "exit, without a window.",
        "file"},
    {"watch",
        "Reload the content when its files change, showing its errors (for authors). Answers given meanwhile "
        "are not saved to your progress."},
    {"save-answers", "With --watch: save the answers you give to your progress, as a learner's."},
    {"dark", "Use a dark palette (the Fusion style), whatever the desktop's theme."},
    {"progress",
        "Read this progress file instead of your own; it is never written (for screenshots of a prepared "
        "state).",
        "file"},
    {"today", "Take this day (YYYY-MM-DD) as today for attempts and reviews due.", "date"},
    {"predict", "Make the demo's prediction before it runs: a run's label, or a percentage.", "value"},
    {"seed",
        "Shuffle each question's options by this number instead of at random, the same every time (a "
        "screenshot shuffles by 1 unless given).",
        "N"},
};

const QStringList kViews {QStringLiteral("table"), QStringLiteral("memory"), QStringLiteral("step-time"),
    QStringLiteral("timeline"), QStringLiteral("sweep"), QStringLiteral("loss"), QStringLiteral("ledger"),
    QStringLiteral("frontier")};

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

bool isPack(const QString& path)
{
    const QFileInfo file(path);
    return file.isDir()
        || (file.isFile() && rlab::content::isPackArchive(QFile::encodeName(path).toStdString()));
}

// A relative RLAB_STATE_DIR would keep progress wherever the app happens to be started.
QString stateDirProblem()
{
    const QString state = qEnvironmentVariable("RLAB_STATE_DIR");
    if (state.isEmpty() || !QDir::isRelativePath(state))
        return {};
    return QStringLiteral("RLAB_STATE_DIR must be an absolute path, not \"%1\" (a relative one would keep "
                          "progress wherever the app is started).")
        .arg(state);
}

// Reads the parser into `options` one concern at a time; each returns the sentence that refuses an
// argument, or an empty one.
class OptionReader {
public:
    OptionReader(const QCommandLineParser& parser, LaunchOptions& options)
        : m_parser(parser)
        , m_options(options)
    {
    }

    QString pack();
    QString place(); // --lang, --quiz, --question, --answer, --run-demo, --guide, --planner...
    QString screenshot(); // --size, --screenshot and what renders over the window
    QString demo(); // --view, --export, --predict
    QString files(); // --progress, --today, --content

private:
    bool isSet(const char* name) const { return m_parser.isSet(QLatin1String(name)); }
    QString value(const char* name) const { return m_parser.value(QLatin1String(name)); }

    const QCommandLineParser& m_parser;
    LaunchOptions& m_options;
};

QString OptionReader::pack()
{
    const QStringList positional = m_parser.positionalArguments();
    if (positional.size() > 1)
        return QStringLiteral("Unexpected argument \"%1\"; one pack can be opened at a time, see --help.")
            .arg(positional.at(1));
    if (!positional.isEmpty()) {
        m_options.pack = positional.first();
        if (!isPack(m_options.pack))
            return QStringLiteral("\"%1\" is neither a pack folder nor a pack archive (.zip, .tar, .tar.gz, "
                                  ".tgz, .tar.xz, .tar.zst).")
                .arg(m_options.pack);
    }
    return {};
}

QString OptionReader::place()
{
    LaunchOptions& o = m_options;
    o.language = value("lang");
    o.languageGiven = isSet("lang");
    o.quiz = value("quiz");
    if (isSet("question") && !positiveNumber(value("question"), &o.question))
        return QStringLiteral("--question needs a question number counted from 1, not \"%1\".")
            .arg(value("question"));
    if (isSet("answer") && !positiveNumber(value("answer"), &o.answer))
        return QStringLiteral("--answer needs an option number counted from 1, not \"%1\".")
            .arg(value("answer"));
    if ((o.question || o.answer || isSet("run-demo") || isSet("guide")) && o.quiz.isEmpty())
        return QStringLiteral("--question, --answer, --run-demo and --guide need --quiz.");
    o.runDemo = isSet("run-demo");
    o.dark = isSet("dark");
    o.watch = isSet("watch");
    o.saveAnswers = isSet("save-answers");
    if (o.saveAnswers && !o.watch)
        return QStringLiteral("--save-answers goes with --watch (answers are saved without it).");
    o.showGuide = isSet("guide");
    o.plannerCluster = isSet("planner-cluster");
    o.plannerModel = value("planner-model");
    o.planner = isSet("planner") || o.plannerCluster || !o.plannerModel.isEmpty();
    if (o.planner && !o.quiz.isEmpty())
        return QStringLiteral("--planner opens a page of its own; use it without --quiz.");
    return {};
}

QString OptionReader::screenshot()
{
    LaunchOptions& o = m_options;
    if (isSet("size")) {
        static const QRegularExpression pattern(QStringLiteral("^(\\d{3,5})x(\\d{3,5})$"));
        const QRegularExpressionMatch match = pattern.match(value("size"));
        const int width = match.hasMatch() ? match.captured(1).toInt() : 0;
        const int height = match.hasMatch() ? match.captured(2).toInt() : 0;
        if (width < 320 || height < 240 || width > 7680 || height > 4320)
            return QStringLiteral("--size needs WIDTHxHEIGHT between 320x240 and 7680x4320, not \"%1\".")
                .arg(value("size"));
        o.size = QSize(width, height);
    }
    o.screenshot = value("screenshot");
    if (isSet("screenshot") && (o.screenshot.isEmpty() || QFileInfo(o.screenshot).isDir()))
        return QStringLiteral("--screenshot needs the name of a PNG file, not \"%1\".").arg(o.screenshot);
    o.packDialog = isSet("pack-dialog");
    if (o.packDialog && o.screenshot.isEmpty())
        return QStringLiteral("--pack-dialog needs --screenshot (File > Open pack shows the dialog itself).");
    o.search = value("search");
    if (isSet("search") && o.screenshot.isEmpty())
        return QStringLiteral("--search needs --screenshot (Quiz > Search shows the dialog itself).");
    o.glossary = isSet("glossary");
    if (o.glossary && o.screenshot.isEmpty())
        return QStringLiteral("--glossary needs --screenshot (Help > Glossary shows the dialog itself).");
    o.tryCounterfactuals = isSet("try-counterfactuals");
    if (o.tryCounterfactuals && (o.screenshot.isEmpty() || !o.runDemo))
        return QStringLiteral("--try-counterfactuals needs --run-demo and --screenshot.");
    return {};
}

QString OptionReader::demo()
{
    LaunchOptions& o = m_options;
    o.view = value("view");
    if (isSet("view") && !o.runDemo)
        return QStringLiteral("--view needs --run-demo (and --quiz and --question).");
    if (isSet("view") && !kViews.contains(o.view))
        return QStringLiteral("--view \"%1\" is not a view; write one of %2.")
            .arg(o.view, kViews.join(QStringLiteral(", ")));
    o.exportPath = value("export");
    if (isSet("export")) {
        const QFileInfo file(o.exportPath);
        const QString suffix = file.suffix().toLower();
        if (!o.runDemo)
            return QStringLiteral("--export needs --run-demo (and --quiz and --question).");
        if (suffix != QLatin1String("json") && suffix != QLatin1String("csv")
            && suffix != QLatin1String("pickle"))
            return QStringLiteral(
                "--export needs a file name ending in .json, .csv, .trace.json or .pickle, not \"%1\".")
                .arg(o.exportPath);
        if (!QFileInfo(file.absolutePath()).isDir())
            return QStringLiteral("Cannot write the results to \"%1\": its folder is missing.")
                .arg(o.exportPath);
        if (const std::optional<std::string> kind
            = rlab::unwritableKind(QFile::encodeName(o.exportPath).toStdString()))
            return QStringLiteral("Cannot write the results to \"%1\": %2.")
                .arg(o.exportPath, QString::fromStdString(*kind));
    }
    o.predict = value("predict");
    if (isSet("predict") && o.quiz.isEmpty())
        return QStringLiteral("--predict needs --quiz.");
    if (isSet("seed")) {
        bool ok = false;
        const uint seed = value("seed").toUInt(&ok);
        if (!ok)
            return QStringLiteral("--seed needs a whole number from 0 to 4294967295, not \"%1\".")
                .arg(value("seed"));
        o.seed = seed;
    } else if (!o.screenshot.isEmpty()) {
        o.seed = 1; // a screenshot looks the same every time
    }
    return {};
}

QString OptionReader::files()
{
    LaunchOptions& o = m_options;
    o.progressFile = value("progress");
    if (isSet("progress") && !QFileInfo(o.progressFile).isFile())
        return QStringLiteral("--progress needs an existing progress file, not \"%1\".").arg(o.progressFile);
    if (isSet("today")) {
        o.today = QDate::fromString(value("today"), Qt::ISODate);
        if (!o.today.isValid())
            return QStringLiteral("--today needs a date as YYYY-MM-DD, not \"%1\".").arg(value("today"));
    }
    o.contentRoot = isSet("content") ? value("content") : builtInContentRoot();
    if (o.contentRoot.isEmpty())
        return QStringLiteral("The built-in content was found neither beside the program nor in the data "
                              "folders; name a content folder with --content.");
    if (!isPack(o.contentRoot))
        return QStringLiteral("The content folder \"%1\" does not exist.").arg(o.contentRoot);
    return {};
}

bool hasOption(int argc, char** argv, const QByteArray& name)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray argument(argv[i]);
        if (argument == name || argument.startsWith(name + '='))
            return true;
    }
    return false;
}

} // namespace

OrProblem<LaunchOptions> parseLaunchOptions(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Recompute Lab: quizzes with live demos on activation recomputation (gradient checkpointing)."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    for (const OptionText& option : kOptions)
        parser.addOption(option.value
                ? QCommandLineOption(QLatin1String(option.name), QLatin1String(option.description),
                    QLatin1String(option.value))
                : QCommandLineOption(QLatin1String(option.name), QLatin1String(option.description)));
    // The desktop entry's Exec=recompute-lab %f: a pack double-clicked in a file manager.
    parser.addPositionalArgument(QStringLiteral("pack"),
        QStringLiteral("A quiz pack to open beside the built-in content: a folder holding quizzes/, or a "
                       "pack archive (.zip, .tar, .tar.gz, .tgz, .tar.xz, .tar.zst) of one."),
        QStringLiteral("[pack]"));

    if (!parser.parse(arguments)) {
        QString sentence = parser.errorText(); // Qt's own, as "Unknown option 'bogus'."
        while (sentence.endsWith(QLatin1Char('.')))
            sentence.chop(1);
        return {{}, sentence + QStringLiteral("; see --help.")};
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
    if (QString problem = stateDirProblem(); !problem.isEmpty())
        return {{}, std::move(problem)};
    OptionReader reader(parser, options);
    for (QString (OptionReader::*read)() : {&OptionReader::pack, &OptionReader::place,
             &OptionReader::screenshot, &OptionReader::demo, &OptionReader::files})
        if (QString problem = (reader.*read)(); !problem.isEmpty())
            return {{}, std::move(problem)};
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
