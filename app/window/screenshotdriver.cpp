#include "screenshotdriver.h"

#include <QApplication>
#include <QBuffer>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QImageWriter>
#include <QLineEdit>
#include <QPixmap>
#include <QTabWidget>
#include <QTimer>

#include "demo/model/demorunner.h"
#include "demo/model/demotexts.h"
#include "demo/view/demopanel.h"
#include "demo/view/peakcard.h"
#include "demo/view/predictionbox.h"
#include "planner/view/plannerpage.h"
#include "quiz/model/contentlibrary.h"
#include "quiz/model/quizsession.h"
#include "quiz/view/questionpage.h"
#include "rlab/content/content.h"
#include "rlab/layout.h"
#include "window/glossarydialog.h"
#include "window/mainwindow.h"
#include "window/packdialog.h"
#include "window/searchdialog.h"

using rlab::demo::DemoOutcome;
using rlab::demo::demoOutcomeText;
using rlab::demo::LearnerPrediction;

// Messages here stay English: they are printed for scripts and logs, in no chosen language.
namespace {
constexpr int DemoTimeoutMs = 10 * 60 * 1000; // a preset runs for seconds; this only stops a hang

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
    window.questionPage()->showLesson();
    demo->run(); // not runDemo(): from the guide tab that only shows a prediction still to make
    if (demo->isRunning())
        loop.exec();
    if (succeeded)
        return std::nullopt;
    return QStringLiteral("The demo did not finish (%1).").arg(message);
}

} // namespace

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
    if (options.seed) // before an answer is given by its place: the places follow the shuffle
        window.session()->setShuffleSeed(*options.seed);
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
        box->setPrediction(
            isNumber ? LearnerPrediction {{}, percent} : LearnerPrediction {options.predict, {}});
        if (!box->prediction().isMade())
            return QStringLiteral("\"%1\" is not a run of this demo or a percentage.").arg(options.predict);
    }
    return std::nullopt;
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
    if (!options.view.isEmpty()) { // a view of its results: on the explore page
        window.demoPanel()->showView(options.view);
        window.questionPage()->showExplore();
    }
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
