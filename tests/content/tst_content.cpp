// The content loader: real quizzes in every language, each error class with its place, per-field
// fallback, isolation of broken files, refusal of oversized and deeply nested files, check-content.

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include "commands.h"
#include "content_tree.h"
#include "file_report.h"
#include "glossary.h"
#include "markdown_checks.h"
#include "rlab/content/archive.h"
#include "rlab/content/content.h"
#include "rlab/content/figures.h"
#include "rlab/utf8.h"
#include "slowness.h"
#include "yaml_tree.h"

namespace fs = std::filesystem;
using namespace rlab::content;
using namespace rlab::content::test;

namespace {

// Runs checkContentCommand in-process with its output captured.
struct CommandOutput {
    int status = -1;
    std::string out;
    std::string err;
};

CommandOutput runCheckContent(std::vector<std::string> args)
{
    // The command's own name goes first as argv[0]; it is built here rather than inserted
    // into args, which GCC 12 at -O3 flags as a potential null dereference (-Werror in CI).
    static char commandName[] = "check-content";
    std::vector<char*> argv;
    argv.reserve(args.size() + 1);
    argv.push_back(commandName);
    for (std::string& arg : args)
        argv.push_back(arg.data());
    std::ostringstream out, err;
    std::streambuf* oldOut = std::cout.rdbuf(out.rdbuf());
    std::streambuf* oldErr = std::cerr.rdbuf(err.rdbuf());
    CommandOutput result;
    result.status = checkContentCommand(static_cast<int>(argv.size()), argv.data());
    std::cout.rdbuf(oldOut);
    std::cerr.rdbuf(oldErr);
    result.out = out.str();
    result.err = err.str();
    return result;
}

const Question* question(const Content& content, const std::string& quiz, const std::string& id)
{
    const Quiz* found = content.quiz(quiz);
    if (!found)
        return nullptr;
    for (const Question& q : found->questions)
        if (q.id == id)
            return &q;
    return nullptr;
}

} // namespace

class ContentTest : public QObject {
    Q_OBJECT

private:
    // A fresh copy of the fixture tree, to edit.
    fs::path editableTree()
    {
        m_dirs.push_back(std::make_unique<QTemporaryDir>());
        fs::path root = fs::path(m_dirs.back()->path().toStdString()) / "content";
        fs::create_directories(root);
        copyTree(fixtureTree(), root);
        return root;
    }

    std::vector<std::unique_ptr<QTemporaryDir>> m_dirs;

private slots:
    void realQuizzesLoadInEveryLanguage_data();
    void realQuizzesLoadInEveryLanguage();
    void fixtureLoadsCleanly();
    void translationIsApplied();
    void runLabelsSayWhatDiffers();
    void archAndAttentionAreRead();
    void aliasesReadAsTheirAnchors();
    void missingFieldFallsBackAlone();
    void errorIsPlaced_data();
    void errorIsPlaced();
    void markdownIsCheckedAsRendered_data();
    void markdownIsCheckedAsRendered();
    void everyErrorIsListed();
    void brokenQuizLeavesOthersLoaded();
    void brokenTranslationFallsBackEntirely();
    void oversizedFileIsRefused();
    void repeatedRunLabelsAreOneError();
    void stalePackFoldersAreSwept();
    void runsAndSweepValuesAreBounded_data();
    void runsAndSweepValuesAreBounded();
    void demoWorkIsBounded_data();
    void demoWorkIsBounded();
    void invalidUtf8IsRefused_data();
    void invalidUtf8IsRefused();
    void controlCharactersAreRefused_data();
    void controlCharactersAreRefused();
    void deepNestingIsRefused_data();
    void deepNestingIsRefused();
    void oneLongLineLoadsInLinearTime();
    void coverageCountsEachLanguage();
    void languagesComeFromFileNames();
    void newLanguageStartsFromAHeader();
    void checkContentExitStatus();
    void checkContentBinary();
    void glossaryVariantIsPlaced();
    void glossaryStemIsFoundBehindAConcord();
    void glossaryVariantIsAPattern();
    void longestKeyIsCountedWhereAsked();
    void glossaryDefinitionIsReadAndChecked();
    void spacedPrefixBeforeAPlaceholderIsReported();
    void glossaryMatchingIsLinearInTheText();
    void interfaceStringsFollowTheGlossary_data();
    void interfaceStringsFollowTheGlossary();
    void englishPluralsAreWritten();
    void linksOutOfThePackAreNotRead();
    void specialFilesAreNotRead();
    void checkContentRefusesABudgetThatNeverPlans();
    void seeAlsoNamesAQuestionOfAnotherQuiz();
    void questionMayHaveNoDemoOrItsOwnView();
    void plannerViewIsRead();
    void liveFiguresParse_data();
    void liveFiguresParse();
    void badLiveFiguresArePlaced_data();
    void badLiveFiguresArePlaced();
    void liveFiguresRenderInTheLanguage();
};

void ContentTest::realQuizzesLoadInEveryLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << "en";
    QTest::newRow("ru") << "ru";
    QTest::newRow("sn") << "sn";
}

void ContentTest::realQuizzesLoadInEveryLanguage()
{
    QFETCH(QString, language);
    QElapsedTimer timer;
    timer.start();
    const Content content = loadContent(realContent(), language.toStdString());
    qInfo("loaded content/ in %s in %lld ms", qPrintable(language), static_cast<long long>(timer.elapsed()));
    QVERIFY2(content.errors.empty(), listed(content.errors).c_str());
    // The two seed quizzes keep their eight questions; the third and fourth go beyond them.
    QCOMPARE(content.quizzes.size(), std::size_t(5));
    const std::pair<std::string, std::size_t> quizzes[]
        = {{"activation-recomputation-tradeoffs", 8}, {"gradient-checkpointing", 8},
            {"recomputation-misconceptions", 11}, {"recomputation-at-scale", 14}, {"the-2026-block", 6}};
    for (const auto& [id, questions] : quizzes) {
        const Quiz* quiz = content.quiz(id);
        QVERIFY2(quiz, id.c_str());
        QCOMPARE(quiz->questions.size(), questions);
        QVERIFY(content.guide(quiz->guide));
        int numbers = 0; // questions answered with a figure read off the run: two implicit options
        for (const Question& q : quiz->questions) {
            if (q.number) {
                ++numbers;
                QCOMPARE(q.options.size(), std::size_t(2));
                QCOMPARE(q.answer, 0);
                QVERIFY2(content.preset(q.demo), q.id.c_str());
                QVERIFY(q.number->tolerance > 0 && !q.number->figure.than.empty());
                continue;
            }
            QCOMPARE(q.options.size(), std::size_t(4));
            QVERIFY(q.answer >= 0 && q.answer < 4);
            QVERIFY2(q.demo.empty() || content.preset(q.demo), q.demo.c_str()); // a demo is optional
        }
        // The seed quizzes keep their questions; each quiz the project wrote asks for two figures.
        const bool seed = id == "activation-recomputation-tradeoffs" || id == "gradient-checkpointing";
        QVERIFY2(seed ? numbers == 0 : numbers >= 2, id.c_str());
    }
    const std::vector<std::string> fallbacks = fallbackFields(content);
    std::string shown;
    for (std::size_t i = 0; i < fallbacks.size() && i < 20; ++i)
        shown += "\n  " + fallbacks[i];
    QVERIFY2(fallbacks.empty(),
        (std::to_string(fallbacks.size()) + " fields fall back to English:" + shown).c_str());
    for (const LanguageCoverage& row : content.coverage)
        QVERIFY2(row.translated == row.fields, row.language.c_str());
}

void ContentTest::fixtureLoadsCleanly()
{
    const Content content = loadContent(fixtureTree(), "en");
    QVERIFY2(content.errors.empty(), listed(content.errors).c_str());
    QCOMPARE(content.language, std::string("en"));
    QCOMPARE(content.quizzes.size(), std::size_t(2));
    QCOMPARE(content.quizzes[0].id, std::string("alpha")); // folders in name order
    QCOMPARE(content.quizzes[0].level, std::string("beginner"));
    const Question* q = question(content, "alpha", "what-is-traded");
    QVERIFY(q);
    QCOMPARE(q->answer, 1); // the YAML's 2, counted from 0
    QCOMPARE(q->options[1].text.value, std::string("Compute"));
    QVERIFY(q->options[1].whyWrong.value.empty());
    QCOMPARE(q->options[0].whyWrong.value, std::string("The activations are rebuilt exactly."));
    QCOMPARE(q->demo, std::string("small-demo"));
    QCOMPARE(q->guideSection, std::string("the-trade"));
    QVERIFY(fallbackFields(content).empty());

    const Guide* guide = content.guide("basics");
    QVERIFY(guide);
    QCOMPARE(guide->sections.size(), std::size_t(2));
    QCOMPARE(
        guide->sections[0].body.value, std::string("Recomputation trades compute for memory [Chen 2016]."));
    QCOMPARE(guide->references.at(0).url, std::string("https://arxiv.org/abs/1604.06174"));

    const DemoPreset* small = content.preset("small-demo");
    QVERIFY(small);
    QCOMPARE(small->shape.width, 16);
    QCOMPARE(small->maxShape.layers, 8);
    QCOMPARE(small->steps, 3);
    QCOMPARE(small->runs.size(), std::size_t(3));
    QVERIFY(small->runs[1].offload);
    QCOMPARE(small->runs[1].label, std::string("full + offload"));
    // Op kinds are the engine's words, underscores and all.
    QCOMPARE(small->runs[2].keep, (std::vector<std::string> {"qkv", "attn_dropout"}));
    QVERIFY(!small->sweep);
    const DemoPreset* sweep = content.preset("sweep-demo");
    QVERIFY(sweep && sweep->sweep);
    QCOMPARE(sweep->sweep->parameter, std::string("layers"));
    QCOMPARE(sweep->sweep->values, (std::vector<int> {2, 4}));
    QCOMPARE(sweep->maxShape.layers, sweep->shape.layers); // no max_shape: the shape itself
    QCOMPARE(sweep->runs[1].policy, std::string("budget:64K"));
}

void ContentTest::translationIsApplied()
{
    const Content content = loadContent(fixtureTree(), "ru");
    QVERIFY2(content.errors.empty(), listed(content.errors).c_str());
    QCOMPARE(content.quiz("alpha")->title.value, std::string("Тест альфа"));
    const Question* q = question(content, "alpha", "what-is-traded");
    QCOMPARE(q->options[2].whyWrong.value, std::string("Сеть здесь не участвует."));
    QCOMPARE(q->answer, 1); // structure comes from the source
    QCOMPARE(content.guide("basics")->sections[1].title.value, std::string("Квадратный корень"));
    QCOMPARE(content.preset("sweep-demo")->lookFor.value, std::string("Память растёт со слоями."));
    QVERIFY(fallbackFields(content).empty());
}

void ContentTest::runLabelsSayWhatDiffers()
{
    const fs::path root = editableTree();
    QVERIFY(replaceOnce(root / "demos/presets.yaml", "{policy: full, offload: true}",
        "{policy: full, rng_replay: false, save_precision: bf16, optimizer: sgd}"));
    QVERIFY(replaceOnce(root / "demos/presets.yaml", "      - policy: none\n      - policy: budget:64K",
        "      - {policy: none, label: baseline}\n      - policy: budget:64K"));
    const Content content = loadContent(root, "en");
    QVERIFY2(content.errors.empty(), listed(content.errors).c_str());
    const DemoRun& run = content.preset("small-demo")->runs[1];
    QVERIFY(!run.rngReplay);
    QCOMPARE(run.savePrecision, std::string("bf16"));
    QCOMPARE(run.optimizer, std::string("sgd"));
    QCOMPARE(run.label, std::string("full, no RNG replay, bf16, sgd"));
    QCOMPARE(content.preset("small-demo")->runs[0].label, std::string("none"));
    QCOMPARE(content.preset("sweep-demo")->runs[0].label, std::string("baseline"));
}

// A preset's arch, kv_heads, ffn and attention, and a run's own, read into the preset's shape and
// the run; the run's label names what it sets.
void ContentTest::archAndAttentionAreRead()
{
    const fs::path root = editableTree();
    QVERIFY(replaceOnce(root / "demos/presets.yaml", "    steps: 3\n    dropout: 0.1\n",
        "    steps: 3\n    dropout: 0.1\n    arch: llama\n    kv_heads: 1\n    attention: fused\n"));
    QVERIFY(replaceOnce(root / "demos/presets.yaml", "{policy: full, offload: true}",
        "{policy: full, kv_heads: 2, ffn: 64, attention: plain}"));
    QVERIFY(replaceOnce(root / "demos/presets.yaml", "{policy: selective, keep: [qkv, attn_dropout]}",
        "{policy: selective, arch: gpt2}"));
    const Content content = loadContent(root, "en");
    QVERIFY2(content.errors.empty(), listed(content.errors).c_str());
    const rlab::content::DemoPreset& preset = *content.preset("small-demo");
    QCOMPARE(preset.shape.arch, rlab::Arch::Llama);
    QCOMPARE(preset.shape.kvHeads, 1);
    QCOMPARE(preset.maxShape.arch, rlab::Arch::Llama);
    QVERIFY(preset.fusedAttention);
    QVERIFY(!content.preset("sweep-demo")->fusedAttention);
    QCOMPARE(content.preset("sweep-demo")->shape.arch, rlab::Arch::Gpt2);

    const DemoRun& none = preset.runs[0];
    QCOMPARE(none.label, std::string("none"));
    QCOMPARE(rlab::content::runShape(none, preset.shape).kvHeads, 1);
    const DemoRun& grouped = preset.runs[1];
    QCOMPARE(grouped.label, std::string("full, kv_heads 2, ffn 64, plain attention"));
    QCOMPARE(grouped.fusedAttention, std::optional<bool>(false));
    const rlab::ModelShape groupedShape = rlab::content::runShape(grouped, preset.shape);
    QCOMPARE(groupedShape.arch, rlab::Arch::Llama);
    QCOMPARE(groupedShape.kvHeads, 2);
    QCOMPARE(groupedShape.ffn, 64);
    // A run of another arch starts from its defaults: GPT-2 has no kv_heads of its own.
    const DemoRun& gpt2 = preset.runs[2];
    QCOMPARE(gpt2.label, std::string("selective, gpt2"));
    const rlab::ModelShape gpt2Shape = rlab::content::runShape(gpt2, preset.shape);
    QCOMPARE(gpt2Shape.arch, rlab::Arch::Gpt2);
    QCOMPARE(gpt2Shape.kvHeads, 0);
    QVERIFY(!rlab::shapeProblem(gpt2Shape));
}

void ContentTest::aliasesReadAsTheirAnchors()
{
    const fs::path root = editableTree();
    QVERIFY(replaceOnce(root / "demos/presets.yaml",
        "    shape: {layers: 2, width: 16, heads: 2, seq: 8, batch: 2, vocab: 32}\n    max_shape",
        "    shape: &small {layers: 2, width: 16, heads: 2, seq: 8, batch: 2, vocab: 32}\n    max_shape"));
    QVERIFY(replaceOnce(root / "demos/presets.yaml",
        "    shape: {layers: 2, width: 16, heads: 2, seq: 8, batch: 2, vocab: 32}\n    steps",
        "    shape: *small\n    steps"));
    Content content = loadContent(root, "en");
    QVERIFY2(content.errors.empty(), listed(content.errors).c_str());
    QCOMPARE(content.preset("sweep-demo")->shape.width, 16);

    // An alias inside the node it names would make a cycle: refused, with its place.
    QVERIFY(replaceOnce(root / "quizzes/beta/quiz.yaml", "title: Beta quiz", "title: &loop [*loop]"));
    content = loadContent(root, "en");
    const Diagnostic* found = findDiagnostic(content, "alias");
    QVERIFY2(found, listed(content.errors).c_str());
    QCOMPARE(found->line, 5);
    QVERIFY(content.quiz("alpha"));
}

void ContentTest::missingFieldFallsBackAlone()
{
    const fs::path root = editableTree();
    QVERIFY(replaceOnce(
        root / "quizzes/alpha/quiz.ru.yaml", "    explanation: Память растёт как sqrt(N).\n", ""));
    const Content content = loadContent(root, "ru");
    QVERIFY2(content.errors.empty(), listed(content.errors).c_str());
    const Question* q = question(content, "alpha", "sqrt-memory");
    QVERIFY(q->explanation.fallback);
    QCOMPARE(q->explanation.value, std::string("Memory grows as sqrt(N)."));
    QCOMPARE(
        fallbackFields(content), (std::vector<std::string> {"quiz/alpha/questions/sqrt-memory/explanation"}));
    QVERIFY(!q->text.fallback);
    QCOMPARE(q->text.value, std::string("Как масштабируется sqrt-чекпоинтинг?"));
    const LanguageCoverage& ru = content.coverage.at(1);
    QCOMPARE(ru.language, std::string("ru"));
    QCOMPARE(ru.translated, ru.fields - 1);
    QCOMPARE(ru.missing, (std::vector<std::string> {"quiz/alpha/questions/sqrt-memory/explanation"}));
}

void ContentTest::errorIsPlaced_data()
{
    // An edit of one fixture file, and where the loader must point. `find` empty: write a new file.
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("find");
    QTest::addColumn<QString>("replacement");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("message");

    const QString quiz = "quizzes/alpha/quiz.yaml";
    const QString ru = "quizzes/alpha/quiz.ru.yaml";
    const QString presets = "demos/presets.yaml";
    QTest::newRow("malformed YAML") << quiz << "title: Alpha quiz"
                                    << "title: Alpha: quiz" << 5 << 13 << "malformed YAML: illegal map value";
    QTest::newRow("unquoted Note: text")
        << quiz << "    explanation: It reruns"
        << "    explanation: Note: it reruns" << 13 << 22
        << "malformed YAML: illegal map value; a text holding \": \" (as in \"Note: ...\") must be quoted: "
           "put the whole text in double quotes, or write >- after the key and the text on the lines below";
    QTest::newRow("tab indentation") << quiz << "    demo: sweep-demo"
                                     << "\tdemo: sweep-demo" << 24 << 1 << "malformed YAML: illegal tab";
    QTest::newRow("unknown key") << quiz << "    explanation: It reruns"
                                 << "    explantion: It reruns" << 13 << 5
                                 << "unknown key 'explantion' in question 'what-is-traded'";
    QTest::newRow("missing key") << quiz << "    guide_section: the-trade\n"
                                 << "" << 8 << 5
                                 << "question 'what-is-traded' is missing the required key 'guide_section'";
    QTest::newRow("unknown demo view")
        << quiz << "    demo: small-demo\n"
        << "    demo: small-demo\n    demo_view: pie\n"
        << 10 << 16
        << "unknown demo_view 'pie' (known: table, memory, step-time, timeline, "
           "sweep, loss, ledger, frontier)";
    QTest::newRow("demo view without a demo")
        << quiz << "    demo: small-demo\n"
        << "    demo_view: step-time\n"
        << 9 << 16 << "question 'what-is-traded' has a demo_view but no demo; name the demo preset too";
    // A run's name that says the correct option's word ("full + offload" beside "Offloading") is an
    // error at the question's demo until hidden_runs lists it; hidden_runs names runs of the demo.
    QTest::newRow("run name gives the answer away")
        << quiz << "        text: Compute\n"
        << "        text: Offloading the checkpoints\n"
        << 9 << 11
        << "the run 'full + offload' of demo 'small-demo' gives away the answer of question 'what-is-traded' "
           "(its name says 'offload', as the correct option does); list it in hidden_runs, and the lesson "
           "calls it 'run A' until the learner answers";
    QTest::newRow("hidden run not in the demo")
        << quiz << "    demo: small-demo\n"
        << "    demo: small-demo\n    hidden_runs: [sqrt]\n"
        << 10 << 19
        << "hidden_runs of question 'what-is-traded' names 'sqrt', which is not a run of demo 'small-demo'; "
           "write a run's label as the preset writes it";
    // A `number:` question's tolerance: wide enough to accept a guess is refused at its place.
    QTest::newRow("number: tolerance too wide")
        << quiz << "  - id: sqrt-memory\n"
        << "  - id: share-read\n    demo: small-demo\n    guide_section: the-trade\n"
           "    text: What share of none's activations does full + offload keep?\n"
           "    explanation: Read it off the run.\n"
           "    number: {quantity: peak_activation_bytes, run: full + offload, than: none, tolerance: 80}\n"
           "  - id: sqrt-memory\n"
        << 28 << 91
        << "the tolerance is in percentage points, above 0 and at most 50 (a wider one accepts guesses)";
    // A question's planner view: each bad value at its place, in one sentence.
    QTest::newRow("planner: unknown model")
        << quiz << "    demo: small-demo\n"
        << "    planner: {model: gpt-3}\n"
        << 9 << 22
        << "unknown planner model 'gpt-3' (known: gpt2-124m, gpt2-355m, gpt2-774m, gpt2-1.5b, llama-3-8b, "
           "llama-3-70b, mistral-7b, qwen2.5-7b or custom)";
    QTest::newRow("planner: tp out of range") << quiz << "    demo: small-demo\n"
                                              << "    planner: {model: llama-3-8b, tp: 0}\n"
                                              << 9 << 38 << "'tp' must be a whole number from 1 to 64, not 0";
    QTest::newRow("planner: tp must divide the key/value heads")
        << quiz << "    demo: small-demo\n"
        << "    planner: {model: llama-3-8b, tp: 16}\n"
        << 9 << 14
        << "the planner view of question 'what-is-traded' cannot be planned: Tensor parallelism gives each "
           "of the 16 ranks whole key/value heads too, so the 8 key/value heads must be a multiple of --tp "
           "16 "
           "(--tp 1, 2, 4 or 8 divide them).";
    QTest::newRow("planner: kv heads by tp")
        << quiz << "    demo: small-demo\n"
        << "    planner: {model: custom, arch: llama, layers: 4, width: 256, heads: 8, kv_heads: 2, tp: 4}\n"
        << 9 << 14
        << "the planner view of question 'what-is-traded' cannot be planned: Tensor parallelism gives each "
           "of the 4 ranks whole key/value heads too, so the 2 key/value heads must be a multiple of --tp 4 "
           "(--tp 1 or 2 divide them).";
    QTest::newRow("planner: a preset's own size")
        << quiz << "    demo: small-demo\n"
        << "    planner: {model: llama-3-8b, layers: 4}\n"
        << 9 << 42
        << "'layers' sets a custom model's size; Llama 3 8B has its own, so write model: custom to give it";
    QTest::newRow("planner: kv heads without llama")
        << quiz << "    demo: small-demo\n"
        << "    planner: {model: custom, kv_heads: 2}\n"
        << 9 << 40 << "'kv_heads' and 'ffn' are the llama block's sizes; write arch: llama to use them";
    QTest::newRow("planner: unknown policy")
        << quiz << "    demo: small-demo\n"
        << "    planner: {model: gpt2-124m, policy: fastest}\n"
        << 9 << 41
        << "unknown planner policy 'fastest' (the Planner's cluster rows: none, selective, full, sqrt, "
           "segment:best, budget, megatron-selective, megatron-uniform:1, megatron-block:1)";
    QTest::newRow("planner: bad budget")
        << quiz << "    demo: small-demo\n"
        << "    planner: {model: gpt2-124m, budget: lots}\n"
        << 9 << 41 << "'budget' is the device's memory as a byte size such as 80GB or 24GiB, not 'lots'";
    QTest::newRow("planner: zero stage")
        << quiz << "    demo: small-demo\n"
        << "    planner: {model: gpt2-124m, zero: 4}\n"
        << 9 << 39 << "'zero' is ZeRO's stage, 0 to 3 (3 is FSDP's full sharding), not 4";
    QTest::newRow("planner: sp without tp") << quiz << "    demo: small-demo\n"
                                            << "    planner: {model: gpt2-124m, sp: yes}\n"
                                            << 9 << 37 << "'sp' must be true or false, not 'yes'";
    QTest::newRow("planner: unknown key")
        << quiz << "    demo: small-demo\n"
        << "    planner: {model: gpt2-124m, gpus: 8}\n"
        << 9 << 33 << "unknown key 'gpus' in the planner view of question 'what-is-traded'";
    QTest::newRow("planner: nodes cannot hold tp")
        << quiz << "    demo: small-demo\n"
        << "    planner: {model: gpt2-124m, tp: 4, dp: 3, gpus_per_node: 2}\n"
        << 9 << 62
        << "dp x tp x pp is 12 GPUs, which nodes of 2 GPUs must fill exactly, each holding the 4 "
           "tensor-parallel ranks";
    QTest::newRow("planner beside a demo") << quiz << "    demo: small-demo\n"
                                           << "    demo: small-demo\n    planner: {model: gpt2-124m}\n"
                                           << 10 << 14
                                           << "question 'what-is-traded' has a demo and a planner view; a "
                                              "question opens one of them, so drop one";
    QTest::newRow("duplicate key") << quiz << "    answer: 2\n"
                                   << "    answer: 2\n    answer: 3\n"
                                   << 12 << 5 << "duplicate key 'answer' (first at line 11)";
    QTest::newRow("duplicate question id")
        << quiz << "id: sqrt-memory"
        << "id: what-is-traded" << 23 << 9 << "duplicate question id 'what-is-traded' (first at line 8)";
    QTest::newRow("duplicate option id") << quiz << "      - id: c\n"
                                         << "      - id: a\n"
                                         << 20 << 13 << "duplicate option id 'a'";
    QTest::newRow("answer out of range") << quiz << "answer: 2"
                                         << "answer: 5" << 11 << 13 << "answer 5 is out of range";
    QTest::newRow("answer not a number") << quiz << "answer: 2"
                                         << "answer: two" << 11 << 13 << "'answer' must be a whole number";
    QTest::newRow("text where a list is wanted")
        << quiz
        << "    options:\n      - id: a\n        text: O(sqrt N)\n      - id: b\n        text: O(N^2)\n"
           "        why_wrong: That is worse than storing everything.\n"
        << "    options: O(sqrt N)\n"
        << 29 << 14 << "'options' must be a list, not 'O(sqrt N)'";
    QTest::newRow("list where text is wanted")
        << quiz << "title: Alpha quiz"
        << "title: [Alpha, quiz]" << 5 << 8 << "'title' must be text, not a list";
    QTest::newRow("empty text") << quiz << "    text: What does recomputation trade away?"
                                << "    text: \"  \"" << 12 << 11 << "'text' is empty";
    QTest::newRow("too few options")
        << quiz
        << "      - id: b\n        text: O(N^2)\n        why_wrong: That is worse than storing everything.\n"
        << "" << 30 << 7 << "has 1 options; a question has 2 to 6";
    QTest::newRow("unknown demo preset")
        << quiz << "demo: small-demo"
        << "demo: no-such-demo" << 9 << 11 << "demo preset 'no-such-demo' does not exist";
    QTest::newRow("unknown guide section")
        << quiz << "guide_section: the-trade"
        << "guide_section: no-such" << 10 << 20 << "guide section 'no-such' does not exist in guide 'basics'";
    QTest::newRow("unknown guide") << quiz << "guide: basics"
                                   << "guide: nowhere" << 4 << 8 << "guide 'nowhere' does not exist";
    QTest::newRow("see_also of a missing question")
        << quiz << "    guide_section: the-trade\n    answer: 2"
        << "    guide_section: the-trade\n    see_also: [beta/nothing]\n    answer: 2" << 11 << 16
        << "see_also 'beta/nothing' of question 'what-is-traded' names no question of a quiz in this folder";
    QTest::newRow("see_also not quiz/question")
        << quiz << "    guide_section: the-trade\n    answer: 2"
        << "    guide_section: the-trade\n    see_also: [only]\n    answer: 2" << 11 << 16
        << "see_also entry 'only' of question 'what-is-traded' must be quiz-id/question-id";
    QTest::newRow("quiz id differs from folder")
        << quiz << "id: alpha"
        << "id: alfa" << 2 << 5 << "must equal its folder name 'alpha'";
    QTest::newRow("unsupported schema") << quiz << "schema: 1"
                                        << "schema: 2" << 1 << 9 << "schema 2 is not supported";
    QTest::newRow("unknown level") << quiz << "level: beginner"
                                   << "level: expert" << 3 << 8
                                   << "level must be beginner, intermediate or advanced";
    QTest::newRow("why_wrong on the correct option") << quiz << "        text: Compute\n"
                                                     << "        text: Compute\n        why_wrong: It is.\n"
                                                     << 20 << 9 << "is the correct answer";
    QTest::newRow("wrong option without why_wrong") << quiz << "        why_wrong: No network is involved.\n"
                                                    << "" << 20 << 9 << "needs a 'why_wrong' note";
    QTest::newRow("translation of a missing question")
        << ru << "  sqrt-memory:"
        << "  sqrt-memry:" << 14 << 3 << "question 'sqrt-memry' does not exist";
    QTest::newRow("translation of a missing option")
        << ru << "      c: {text: Пропускной"
        << "      z: {text: Пропускной" << 13 << 7 << "option 'z' does not exist";
    QTest::newRow("translation changes structure") << ru << "    explanation: Он"
                                                   << "    answer: 3\n    explanation: Он" << 9 << 5
                                                   << "unknown key 'answer' in question 'what-is-traded'";
    // Columns count characters, not UTF-8 bytes: 'whyy' follows twelve Cyrillic letters.
    QTest::newRow("column after Cyrillic text")
        << ru << "      b: {text: Вычислениями}"
        << "      b: {text: Вычислениями, whyy: x}" << 12 << 31 << "unknown key 'whyy'";
    QTest::newRow("translation language differs")
        << ru << "language: ru"
        << "language: sn" << 2 << 11 << "does not match the file name";
    QTest::newRow("translation of another quiz")
        << ru << "quiz: alpha"
        << "quiz: beta" << 3 << 7 << "this file translates quiz 'alpha'";
    QTest::newRow("translation of a missing section")
        << "guides/basics/guide.ru.yaml"
        << "  sqrt: {title:"
        << "  sqr: {title:" << 10 << 3 << "section 'sqr' does not exist";
    QTest::newRow("translation of a missing preset")
        << "demos/presets.ru.yaml"
        << "  sweep-demo:"
        << "  sweep-dem:" << 5 << 3 << "preset 'sweep-dem' does not exist";
    QTest::newRow("unknown policy") << presets << "policy: budget:64K"
                                    << "policy: budget:lots" << 21 << 17 << "needs a positive byte count";
    QTest::newRow("steps out of range")
        << presets << "    steps: 3\n    dropout"
        << "    steps: 500\n    dropout" << 8 << 12 << "steps must be 1 to 200";
    QTest::newRow("threads out of range")
        << presets << "    steps: 3\n    dropout"
        << "    steps: 3\n    threads: 0\n    dropout" << 9 << 14 << "threads must be 1 to 64, not 0";
    QTest::newRow("keep without selective")
        << presets << "{policy: full, offload: true}"
        << "{policy: full, keep: [qkv]}" << 12 << 30 << "keep applies only to the selective policy";
    QTest::newRow("unknown op kind") << presets << "keep: [qkv, attn_dropout]"
                                     << "keep: [qkv, fc9]" << 13 << 41 << "unknown op kind 'fc9'";
    QTest::newRow("width not a multiple of heads")
        << presets << "width: 32, heads: 4"
        << "width: 30, heads: 4" << 7 << 16 << "width 30 is not a multiple of heads 4";
    QTest::newRow("unknown arch") << presets << "{policy: full, offload: true}"
                                  << "{policy: full, arch: llama2}" << 12 << 30
                                  << "arch must be gpt2 or llama, not 'llama2'";
    QTest::newRow("unknown attention")
        << presets << "{policy: full, offload: true}"
        << "{policy: full, attention: flash}" << 12 << 35 << "attention must be plain or fused, not 'flash'";
    QTest::newRow("kv_heads without llama")
        << presets << "{policy: full, offload: true}"
        << "{policy: full, kv_heads: 1}" << 12 << 34 << "kv_heads is llama's (grouped-query attention)";
    QTest::newRow("ffn without llama")
        << presets << "{policy: full, offload: true}"
        << "{policy: full, ffn: 64}" << 12 << 29 << "ffn is llama's (the SwiGLU hidden size)";
    QTest::newRow("kv_heads that do not divide heads")
        << presets << "{policy: full, offload: true}"
        << "{policy: full, arch: llama, kv_heads: 3}" << 12 << 47
        << "kv_heads 3 must divide the number of heads, 2";
    QTest::newRow("no kv_heads") << presets << "{policy: full, offload: true}"
                                 << "{policy: full, arch: llama, kv_heads: 0}" << 12 << 47
                                 << "kv_heads must be 1 to the number of heads, not 0";
    QTest::newRow("ffn out of range")
        << presets << "{policy: full, offload: true}"
        << "{policy: full, arch: llama, ffn: 0}" << 12 << 42 << "ffn must be 1 to 1048576, not 0";
    QTest::newRow("unknown arch of a preset") << presets << "    steps: 3\n    dropout: 0.1\n"
                                              << "    steps: 3\n    arch: llama3\n    dropout: 0.1\n"
                                              << 9 << 11 << "arch must be gpt2 or llama, not 'llama3'";
    QTest::newRow("odd head size for llama")
        << presets << "width: 16, heads: 2, seq: 8, batch: 2, vocab: 32}\n    max_shape"
        << "width: 6, heads: 2, seq: 8, batch: 2, vocab: 32}\n    arch: llama\n    max_shape" << 7 << 11
        << "width / heads must be even, not 3";
    QTest::newRow("odd head size in a sweep for llama")
        << presets << "      - policy: budget:64K\n    sweep: {parameter: layers, values: [2, 4]}"
        << "      - {policy: budget:64K, arch: llama}\n    sweep: {parameter: width, values: [16, 6]}" << 22
        << 44 << "sweep width 6 gives the llama runs an odd head size, 3";
    QTest::newRow("boolean expected") << presets << "offload: true"
                                      << "offload: yes" << 12 << 33 << "'offload' must be true or false";
    QTest::newRow("duplicate preset id") << presets << "id: sweep-demo"
                                         << "id: small-demo" << 14 << 9 << "duplicate preset id 'small-demo'";
    QTest::newRow("claim of an unknown quantity")
        << presets << "quantity: peak_activation_bytes, run: budget:64K"
        << "quantity: peak_bites, run: budget:64K" << 24 << 36 << "unknown quantity 'peak_bites'";
    QTest::newRow("claim about a missing run")
        << presets << "run: budget:64K, is: grows"
        << "run: nobody, is: grows" << 24 << 64 << "no run of preset 'sweep-demo' is labelled 'nobody'";
    QTest::newRow("claim without what its relation needs")
        << presets << "is: grows, exponent: 1, tolerance"
        << "is: grows, tolerance" << 24 << 80 << "a claim that is 'grows' needs 'exponent'";
    QTest::newRow("claim on time against a number")
        << presets
        << "quantity: peak_activation_bytes, run: budget:64K, is: grows, exponent: 1, tolerance: 0.5"
        << "quantity: step_ms, run: budget:64K, is: at_most, value: 5" << 24 << 66
        << "step_ms is measured with noise";
    QTest::newRow("falls_with_budget needs two budget runs")
        << presets
        << "quantity: peak_activation_bytes, run: budget:64K, is: grows, exponent: 1, tolerance: 0.5"
        << "quantity: recompute_flops, is: falls_with_budget" << 24 << 57
        << "a claim that is 'falls_with_budget' needs two or more budget:<bytes> runs in the preset";
    QTest::newRow("claim without run where its relation needs one")
        << presets
        << "quantity: peak_activation_bytes, run: budget:64K, is: grows, exponent: 1, tolerance: 0.5"
        << "quantity: peak_activation_bytes, is: below, than: none" << 24 << 9
        << "is missing the required key 'run'";
    QTest::newRow("frontier claim about the frontier's own axis")
        << presets
        << "quantity: peak_activation_bytes, run: budget:64K, is: grows, exponent: 1, tolerance: 0.5"
        << "quantity: peak_activation_bytes, is: on_frontier" << 24 << 36
        << "the frontier is drawn over peak_activation_bytes";
    QTest::newRow("prediction of an unknown kind")
        << presets << "    dropout: 0.1\n"
        << "    dropout: 0.1\n    predict: {kind: guess, quantity: peak_activation_bytes}\n"
        << 10 << 21 << "unknown prediction kind 'guess'";
    QTest::newRow("prediction naming a missing run")
        << presets << "    dropout: 0.1\n"
        << "    dropout: 0.1\n    predict: {kind: ratio, quantity: peak_activation_bytes, run: none, than: "
           "nobody}\n"
        << 10 << 78 << "no run of preset 'small-demo' is labelled 'nobody'";
    QTest::newRow("choose-run prediction given a run")
        << presets << "    dropout: 0.1\n"
        << "    dropout: 0.1\n    predict: {kind: choose-run, quantity: step_ms, run: none}\n"
        << 10 << 57 << "'run' does not apply to a choose-run prediction";
    QTest::newRow("prediction of an unknown quantity")
        << presets << "    dropout: 0.1\n"
        << "    dropout: 0.1\n    predict: {kind: choose-run, quantity: peak_bites}\n"
        << 10 << 43 << "unknown quantity 'peak_bites'";
    QTest::newRow("stray file name") << "quizzes/alpha/quiz.russian.yaml"
                                     << ""
                                     << "schema: 1\n"
                                     << 0 << 0 << "unexpected file name";
    const QString guide = "guides/basics/guide.yaml";
    QTest::newRow("file link in a guide body")
        << guide << "memory [Chen 2016].\n"
        << "memory [Chen 2016].\n      See [the file](file:///etc/passwd).\n"
        << 9 << 22 << "'body': the link 'file:///etc/passwd' is neither an http(s) address nor a #section";
    QTest::newRow("raw HTML in a guide body")
        << guide << "body: Keep every sqrt(N)-th block input."
        << "body: Keep every <img src=x> block input." << 11 << 22 << "raw HTML ('<img')";
    QTest::newRow("image in a guide body")
        << guide << "body: Keep every sqrt(N)-th block input."
        << "body: Keep ![x](https://example.org/x.png) input." << 11 << 16 << "a guide shows no images";
    QTest::newRow("table of 51 rows")
        << guide << "      Recomputation trades compute for memory [Chen 2016].\n"
        << "      | x |\n      |---|\n" + QString("      | x |\n").repeated(50) << 59 << 7
        << "a table has more than 50 rows";
    QTest::newRow("text field of 70,000 bytes")
        << guide << "body: Keep every sqrt(N)-th block input."
        << "body: " + QString(70000, 'x') << 11 << 11
        << "'body' is 70000 bytes long; a text field holds at most 16384";
    QTest::newRow("two documents") << ru << "schema: 1\n"
                                   << "schema: 1\n---\nschema: 1\n---\n"
                                   << 2 << 1 << "a second YAML document";
}

void ContentTest::errorIsPlaced()
{
    QFETCH(QString, file);
    QFETCH(QString, find);
    QFETCH(QString, replacement);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, message);

    const fs::path root = editableTree();
    if (find.isEmpty())
        writeFile(root / file.toStdString(), replacement.toStdString());
    else
        QVERIFY2(replaceOnce(root / file.toStdString(), find.toStdString(), replacement.toStdString()),
            "the edit must match the fixture exactly once");

    const Content content = loadContent(root, "en");
    const Diagnostic* found = findDiagnostic(content, message.toStdString());
    QVERIFY2(found, ("no error says '" + message.toStdString() + "'; got:" + listed(content.errors)).c_str());
    QCOMPARE(found->file.generic_string(), "content/" + file.toStdString());
    QCOMPARE(found->line, line);
    QCOMPARE(found->column, column);
    QVERIFY(found->toString().starts_with("content/" + file.toStdString()));
}

// Guide Markdown is checked as the app renders it (md4c, the renderer's flags): the three bodies a
// line-by-line scan misread, and the forms around them it read right.
void ContentTest::markdownIsCheckedAsRendered_data()
{
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("problem"); // empty: the body renders as intended
    QTest::addColumn<int>("offset");
    QTest::newRow("reference definition, its target on the next line")
        << "See [x].\n\n[x]:\nfile:///etc/passwd\n"
        << "the link 'file:///etc/passwd'" << 15;
    QTest::newRow("HTML in an indented code block") << "Type this:\n\n    <b>code</b>\n"
                                                    << "" << 0;
    QTest::newRow("a 3-backtick line inside a 4-backtick fence") << "````\n```\n````\nSee <img src=x>.\n"
                                                                 << "raw HTML ('<img')" << 18;
    QTest::newRow("HTML in a paragraph") << "Keep <b>this</b>.\n"
                                         << "raw HTML ('<b')" << 5;
    QTest::newRow("HTML inside a real fence") << "```\n<b>x</b>\n```\n"
                                              << "" << 0;
    QTest::newRow("HTML in a code span") << "Write `<b>` here.\n"
                                         << "" << 0;
    QTest::newRow("reference definition on one line") << "See [x].\n\n[x]: file:///etc/passwd\n"
                                                      << "the link 'file:///etc/passwd'" << 15;
    QTest::newRow("allowed reference link") << "See [x].\n\n[x]:\nhttps://example.org\n"
                                            << "" << 0;
    QTest::newRow("unused definition is not rendered") << "[x]: file:///etc/passwd\n"
                                                       << "" << 0;
    QTest::newRow("a bracket and a colon ending a sentence") << "As in [Chen 2016]:\nthe rest.\n"
                                                             << "" << 0;
    QTest::newRow("autolink to a file") << "Open <file:///etc/passwd>.\n"
                                        << "the link 'file:///etc/passwd'" << 6;
    QTest::newRow("image") << "A ![x](https://example.org/x.png).\n"
                           << "a guide shows no images" << 2;
    QTest::newRow("anchor link") << "See [above](#sqrt-policy).\n"
                                 << "" << 0;
}

void ContentTest::markdownIsCheckedAsRendered()
{
    QFETCH(QString, body);
    QFETCH(QString, problem);
    QFETCH(int, offset);
    const std::optional<MarkdownProblem> found = markdownProblem(body.toStdString());
    if (problem.isEmpty()) {
        QVERIFY2(!found, found ? found->message.c_str() : "");
        return;
    }
    QVERIFY2(found, "no problem found");
    QVERIFY2(found->message.find(problem.toStdString()) != std::string::npos, found->message.c_str());
    QCOMPARE(found->offset, std::size_t(offset));
}

void ContentTest::everyErrorIsListed()
{
    const fs::path root = editableTree();
    QVERIFY(replaceOnce(root / "quizzes/alpha/quiz.yaml", "answer: 2", "answer: 9"));
    QVERIFY(replaceOnce(root / "quizzes/alpha/quiz.yaml", "demo: sweep-demo", "demo: nothing"));
    QVERIFY(replaceOnce(root / "quizzes/beta/quiz.yaml", "level: advanced", "level: hard"));
    QVERIFY(replaceOnce(root / "demos/presets.yaml", "steps: 3\n    runs", "steps: 0\n    runs"));
    const Content content = loadContent(root, "en");
    QVERIFY2(content.errors.size() == 4, listed(content.errors).c_str());
    QVERIFY(findDiagnostic(content, "answer 9 is out of range"));
    QVERIFY(findDiagnostic(content, "demo preset 'nothing' does not exist"));
    QVERIFY(findDiagnostic(content, "level must be"));
    QVERIFY(findDiagnostic(content, "steps must be 1 to 200, not 0"));
    QVERIFY(content.quizzes.empty());
    QVERIFY(content.preset("small-demo")); // a broken preset leaves the others
    QVERIFY(!content.preset("sweep-demo"));
}

void ContentTest::brokenQuizLeavesOthersLoaded()
{
    const fs::path root = editableTree();
    QVERIFY(
        replaceOnce(root / "quizzes/alpha/quiz.yaml", "    options:\n      - id: a\n        text: Accuracy",
            "    options:\n      - id: a\n       text: Accuracy"));
    const Content content = loadContent(root, "ru");
    QCOMPARE(content.errors.size(), std::size_t(1));
    QCOMPARE(content.errors[0].file.generic_string(), std::string("content/quizzes/alpha/quiz.yaml"));
    QVERIFY(!content.quiz("alpha"));
    QVERIFY(content.quiz("beta"));
    QCOMPARE(content.quiz("beta")->title.value, std::string("Тест бета"));
}

void ContentTest::brokenTranslationFallsBackEntirely()
{
    const fs::path root = editableTree();
    QVERIFY(replaceOnce(root / "quizzes/alpha/quiz.ru.yaml", "  sqrt-memory:", "  sqrt-memry:"));
    const Content content = loadContent(root, "ru");
    QCOMPARE(content.errors.size(), std::size_t(1));
    const Quiz* alpha = content.quiz("alpha");
    QVERIFY(alpha);
    QVERIFY(alpha->title.fallback);
    QCOMPARE(alpha->title.value, std::string("Alpha quiz"));
    QVERIFY(alpha->questions[0].text.fallback);
    QVERIFY(!content.quiz("beta")->title.fallback);
}

void ContentTest::oversizedFileIsRefused()
{
    const fs::path root = editableTree();
    writeFile(root / "quizzes/alpha/quiz.yaml", std::string(2 * 1024 * 1024, '#'));
    QElapsedTimer timer;
    timer.start();
    const Content content = loadContent(root, "en");
    QVERIFY(timer.elapsed() < 2000 * rlab::test::kSlowness);
    const Diagnostic* found = findDiagnostic(content, "over the limit");
    QVERIFY2(found, listed(content.errors).c_str());
    QCOMPARE(found->file.generic_string(), std::string("content/quizzes/alpha/quiz.yaml"));
    QCOMPARE(found->line, 0);
    QVERIFY(content.quiz("beta"));
}

// Every killed run (SIGKILL, SIGTERM, a crash) left an rlab-pack-* folder in the temporary
// folder; the next unpacking removes those of processes that are gone, and only those.
void ContentTest::stalePackFoldersAreSwept()
{
    QTemporaryDir temporary;
    QVERIFY(temporary.isValid());
    const QByteArray before = qgetenv("TMPDIR");
    qputenv("TMPDIR", QFile::encodeName(temporary.path()));
    const auto restore = qScopeGuard([&] {
        if (before.isEmpty())
            qunsetenv("TMPDIR");
        else
            qputenv("TMPDIR", before);
    });
    const pid_t gone = ::fork();
    if (gone == 0)
        ::_exit(0);
    QVERIFY(gone > 0);
    QCOMPARE(::waitpid(gone, nullptr, 0), gone);
    const fs::path root = temporary.path().toStdString();
    const fs::path stale = root / ("rlab-pack-" + std::to_string(gone) + "-a1b2c3");
    const fs::path live = root / ("rlab-pack-" + std::to_string(::getpid()) + "-d4e5f6");
    const fs::path other = root / "rlab-pack-notapid";
    for (const fs::path& folder : {stale, live, other})
        writeFile(folder / "quizzes" / "x.yaml", "schema: 1\n");
    {
        const UnpackedPack pack(root / "missing.zip");
        QVERIFY(!pack.ok());
    }
    QVERIFY(!fs::exists(stale));
    QVERIFY(fs::exists(live));
    QVERIFY(fs::exists(other));
    // And the pack's own folder goes with it.
    std::vector<std::string> left;
    for (const fs::directory_entry& entry : fs::directory_iterator(root))
        left.push_back(entry.path().filename().string());
    std::sort(left.begin(), left.end());
    QCOMPARE(left.size(), std::size_t {2});
}

// A label used by several runs is one error, however many runs share it: the loader compared
// every pair and wrote one error for each (11 runs: 55 errors; 10,000: bad_alloc at 7 GB).
void ContentTest::repeatedRunLabelsAreOneError()
{
    const fs::path root = editableTree();
    std::string runs = "    runs:\n";
    for (int i = 0; i < 11; ++i)
        runs += "      - policy: none\n";
    runs += "      - policy: budget:64K\n";
    QVERIFY(replaceOnce(
        root / "demos/presets.yaml", "    runs:\n      - policy: none\n      - policy: budget:64K\n", runs));
    const Content content = loadContent(root, "en");
    QVERIFY2(content.errors.size() == 1, listed(content.errors).c_str());
    const Diagnostic* found
        = findDiagnostic(content, "11 runs of preset 'sweep-demo' are labelled 'none'; give each a label");
    QVERIFY2(found, listed(content.errors).c_str());
    QCOMPARE(found->line, 21); // the second run
}

// A preset's runs and its sweep values are bounded: one error, read in linear time, before any
// run is read (10,000 runs took the loader minutes and the demo hours).
void ContentTest::runsAndSweepValuesAreBounded_data()
{
    QTest::addColumn<QString>("find");
    QTest::addColumn<QString>("item");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("message");
    const QString runs = "      - policy: none\n      - policy: budget:64K\n";
    QTest::newRow("17 runs") << runs << "      - policy: none\n"
                             << 17 << "preset 'sweep-demo' has 17 runs; a preset has at most 16";
    QTest::newRow("10000 runs") << runs << "      - policy: none\n"
                                << 10000 << "preset 'sweep-demo' has 10000 runs; a preset has at most 16";
    QTest::newRow("13 sweep values")
        << "values: [2, 4]"
        << "2, " << 13 << "the sweep of preset 'sweep-demo' has 13 values; a sweep has at most 12";
    QTest::newRow("5000 sweep values")
        << "values: [2, 4]"
        << "2, " << 5000 << "the sweep of preset 'sweep-demo' has 5000 values; a sweep has at most 12";
}

void ContentTest::runsAndSweepValuesAreBounded()
{
    QFETCH(QString, find);
    QFETCH(QString, item);
    QFETCH(int, count);
    QFETCH(QString, message);
    const fs::path root = editableTree();
    std::string many;
    for (int i = 0; i < count; ++i)
        many += item.toStdString();
    const std::string replacement
        = find.startsWith("values") ? "values: [" + many.substr(0, many.size() - 2) + "]" : many;
    QVERIFY(replaceOnce(root / "demos/presets.yaml", find.toStdString(), replacement));
    QElapsedTimer timer;
    timer.start();
    const Content content = loadContent(root, "en");
    QVERIFY(timer.elapsed() < 2000 * rlab::test::kSlowness);
    QVERIFY2(content.errors.size() == 1, listed(content.errors).c_str());
    QVERIFY2(findDiagnostic(content, message.toStdString()), listed(content.errors).c_str());
    QVERIFY(content.preset("small-demo"));
    QVERIFY(!content.preset("sweep-demo"));
}

// A preset with 16 runs, 12 sweep values, `steps: 200` and `min_time: 10` passed check-content,
// then ran some 45 minutes in check-claims and the app: a demo's total work is bounded (its
// measuring time, runs x sweep values x min_time, and its run-steps, runs x values x steps), at
// the field's line and column.
void ContentTest::demoWorkIsBounded_data()
{
    QTest::addColumn<QString>("steps");
    QTest::addColumn<int>("runs");
    QTest::addColumn<int>("values");
    QTest::addColumn<QStringList>("messages");
    QTest::addColumn<int>("line");
    QTest::newRow("measuring time")
        << "    steps: 3\n    min_time: 10\n"
        << 2 << 2
        << QStringList {"preset 'sweep-demo' measures 2 runs x 2 sweep values x "
                        "10 s (min_time) = 40 s; a demo measures for at most 30 s"}
        << 19;
    QTest::newRow("run-steps") << "    steps: 200\n"
                               << 2 << 2
                               << QStringList {"preset 'sweep-demo' trains 2 runs x 2 sweep values x 200 "
                                               "steps = 800 steps; a demo trains at most 600"}
                               << 18;
    QTest::newRow("the probe's preset")
        << "    steps: 200\n    min_time: 10\n"
        << 16 << 12 << QStringList {"x 10 s (min_time) = 1920 s", "x 200 steps = 38400 steps"} << 18;
}

void ContentTest::demoWorkIsBounded()
{
    QFETCH(QString, steps);
    QFETCH(int, runs);
    QFETCH(int, values);
    QFETCH(QStringList, messages);
    QFETCH(int, line);
    const fs::path root = editableTree();
    const fs::path presets = root / "demos/presets.yaml";
    QVERIFY(replaceOnce(presets,
        "    title: A sweep\n    look_for: Memory grows with layers.\n"
        "    shape: {layers: 2, width: 16, heads: 2, seq: 8, batch: 2, vocab: 32}\n"
        "    steps: 3\n",
        "    title: A sweep\n    look_for: Memory grows with layers.\n"
        "    shape: {layers: 2, width: 16, heads: 2, seq: 8, batch: 2, vocab: 32}\n"
            + steps.toStdString()));
    std::string more;
    for (int i = 2; i < runs; ++i)
        more += "      - {policy: full, label: run-" + std::to_string(i) + "}\n";
    QVERIFY(replaceOnce(presets, "      - policy: budget:64K\n", "      - policy: budget:64K\n" + more));
    std::string list;
    for (int i = 1; i <= values; ++i)
        list += (i > 1 ? ", " : "") + std::to_string(i);
    QVERIFY(replaceOnce(presets, "values: [2, 4]", "values: [" + list + "]"));
    const Content content = loadContent(root, "en");
    QVERIFY2(!content.preset("sweep-demo"), listed(content.errors).c_str());
    QVERIFY2(
        content.errors.size() == static_cast<std::size_t>(messages.size()), listed(content.errors).c_str());
    for (const QString& message : messages)
        QVERIFY2(findDiagnostic(content, message.toStdString()), listed(content.errors).c_str());
    QCOMPARE(content.errors.front().line, line);
    QVERIFY(content.preset("small-demo"));
}

void ContentTest::invalidUtf8IsRefused_data()
{
    QTest::addColumn<QByteArray>("title");
    // "Тест" in Windows-1251, as an editor might save it.
    QTest::newRow("Windows-1251") << QByteArray("\xD2\xE5\xF1\xF2");
    // '/' as two bytes and U+D800 as three: well-formed in shape, refused by RFC 3629 (a lax
    // reader lets the overlong '/' through path checks, and a surrogate is no character).
    QTest::newRow("overlong") << QByteArray("\xC0\xAF Test");
    QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80 Test");
}

void ContentTest::invalidUtf8IsRefused()
{
    QFETCH(QByteArray, title);
    const fs::path root = editableTree();
    QVERIFY(
        replaceOnce(root / "quizzes/beta/quiz.ru.yaml", "title: Тест бета", "title: " + title.toStdString()));
    const Content content = loadContent(root, "ru");
    const Diagnostic* found = findDiagnostic(content, "not valid UTF-8");
    QVERIFY2(found, listed(content.errors).c_str());
    QCOMPARE(found->line, 4);
    QCOMPARE(found->column, 8);
    QVERIFY(content.quiz("beta")->title.fallback); // the translation is not used
}

// A run label or title holding ESC, NUL or a C1 control (U+009B is a one-character CSI) reached the
// terminal through check-claims and rlab export. Raw or written as a YAML escape, it is refused
// where it stands; tabs and line breaks stay text.
void ContentTest::controlCharactersAreRefused_data()
{
    QTest::addColumn<QByteArray>("title");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("said");
    QTest::addColumn<QString>("used"); // the title shown: the fallback, or the text without controls
    // Raw, the file is refused as a whole, like text that is not UTF-8.
    QTest::newRow("ESC") << QByteArray("Te\x1b[2Jst") << 10 << QStringLiteral("U+001B")
                         << QStringLiteral("Beta quiz");
    QTest::newRow("NUL") << QByteArray("Te\0st", 5) << 10 << QStringLiteral("U+0000")
                         << QStringLiteral("Beta quiz");
    QTest::newRow("DEL") << QByteArray("Te\x7fst") << 10 << QStringLiteral("U+007F")
                         << QStringLiteral("Beta quiz");
    QTest::newRow("C1 CSI") << QByteArray("Te\xc2\x9b"
                                          "2Jst")
                            << 10 << QStringLiteral("U+009B") << QStringLiteral("Beta quiz");
    // As an escape, the text is placed at its start and kept without the controls.
    QTest::newRow("escaped ESC") << QByteArray(R"("Te\e]0;x\ast")") << 8 << QStringLiteral("U+001B")
                                 << QStringLiteral("Te]0;xst");
    QTest::newRow("escaped C1") << QByteArray(R"("Te\x9b2Jst")") << 8 << QStringLiteral("U+009B")
                                << QStringLiteral("Te2Jst");
}

void ContentTest::controlCharactersAreRefused()
{
    QFETCH(QByteArray, title);
    QFETCH(int, column);
    QFETCH(QString, said);
    QFETCH(QString, used);
    const fs::path root = editableTree();
    QVERIFY(
        replaceOnce(root / "quizzes/beta/quiz.ru.yaml", "title: Тест бета", "title: " + title.toStdString()));
    const Content content = loadContent(root, "ru");
    const Diagnostic* found = findDiagnostic(content, "control character " + said.toStdString());
    QVERIFY2(found, listed(content.errors).c_str());
    QCOMPARE(found->line, 4);
    QCOMPARE(found->column, column);
    QCOMPARE(QString::fromStdString(content.quiz("beta")->title.value), used);
    for (const auto& quiz : content.quizzes)
        QVERIFY(!rlab::utf8::firstControl(quiz.title.value));
}

void ContentTest::deepNestingIsRefused_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::newRow("flow lists") << QString(1000 * 1000, '[') << 1 << 33;
    QString block;
    for (int depth = 0; depth < 40; ++depth)
        block += QString(2 * depth, ' ') + "a:\n";
    block += QString(80, ' ') + "end\n";
    QTest::newRow("block mappings") << block << 33 << 65;
}

void ContentTest::deepNestingIsRefused()
{
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(int, column);
    const fs::path root = editableTree();
    writeFile(root / "quizzes/alpha/quiz.yaml", text.toStdString());
    QElapsedTimer timer;
    timer.start();
    const Content content = loadContent(root, "en");
    QVERIFY(timer.elapsed() < 2000 * rlab::test::kSlowness);
    const Diagnostic* found = findDiagnostic(content, "nesting is deeper than 32 levels");
    QVERIFY2(found, listed(content.errors).c_str());
    QCOMPARE(found->line, line);
    QCOMPARE(found->column, column);
    QVERIFY(content.quiz("beta"));
}

// A 710 KB line (one flow list of 90,000 items) took 17 s: every node's column was counted from the
// line's start. Columns are now counted on from the previous node's, and still in characters.
void ContentTest::oneLongLineLoadsInLinearTime()
{
    const fs::path root = editableTree();
    std::string list = "extra: [";
    for (int i = 0; i < 90000; ++i)
        list += (i ? ", " : "") + std::string("\xc3\xbc") + std::to_string(i);
    list += ", {a: b}, [c, ]x]\n";
    QVERIFY(replaceOnce(root / "quizzes/alpha/quiz.yaml", "level: beginner\n", "level: beginner\n" + list));
    QElapsedTimer timer;
    timer.start();
    const Content content = loadContent(root, "en");
    QVERIFY(timer.elapsed() < 2000 * rlab::test::kSlowness);
    const Diagnostic* found = findDiagnostic(content, "malformed YAML");
    QVERIFY2(found, listed(content.errors).c_str());
    QCOMPARE(found->line, 4);
    // Every item before the stray 'x' is "ü<number>, ": the column counts the ü as one character.
    int column = 9;
    for (int i = 0; i < 90000; ++i)
        column += 3 + static_cast<int>(std::to_string(i).size());
    column += static_cast<int>(std::string("{a: b}, [c, ]").size());
    QCOMPARE(found->column, column);
    QVERIFY(content.quiz("beta"));
}

void ContentTest::coverageCountsEachLanguage()
{
    const Content content = loadContent(fixtureTree(), "sn");
    QVERIFY2(content.errors.empty(), listed(content.errors).c_str());
    QCOMPARE(content.coverage.size(), std::size_t(3));
    // 14 fields in alpha, 7 in beta, 5 in the guide, 4 in the presets.
    for (const LanguageCoverage& row : content.coverage)
        QCOMPARE(row.fields, 30);
    QCOMPARE(content.coverage[0].language, std::string("en"));
    QCOMPARE(content.coverage[0].translated, 30);
    QCOMPARE(content.coverage[1].translated, 30);
    const LanguageCoverage& sn = content.coverage[2];
    QCOMPARE(sn.language, std::string("sn"));
    QCOMPARE(sn.translated, 1);
    QCOMPARE(sn.missing.size(), std::size_t(29));
    QCOMPARE(sn.missing.front(), std::string("quiz/alpha/title"));
    QCOMPARE(content.preset("small-demo")->title.value, std::string("Kuratidza kudiki"));
    QVERIFY(!content.preset("small-demo")->title.fallback);
    QVERIFY(content.preset("small-demo")->lookFor.fallback);
    QCOMPARE(fallbackFields(content).size(), std::size_t(29));
}

void ContentTest::languagesComeFromFileNames()
{
    QCOMPARE(availableLanguages(fixtureTree()), (std::vector<std::string> {"en", "ru", "sn"}));
    QCOMPARE(availableLanguages(realContent()), (std::vector<std::string> {"en", "ru", "sn"}));
    QTemporaryDir empty;
    QCOMPARE(availableLanguages(empty.path().toStdString()), (std::vector<std::string> {"en"}));
}

// content/README.md's "Adding a language": a header-only file is valid and the rest falls back.
void ContentTest::newLanguageStartsFromAHeader()
{
    const fs::path root = editableTree();
    writeFile(root / "quizzes/beta/quiz.de.yaml", "schema: 1\nlanguage: de\nquiz: beta\ntitle: Beta-Quiz\n");
    QCOMPARE(availableLanguages(root), (std::vector<std::string> {"en", "de", "ru", "sn"}));
    const Content content = loadContent(root, "de");
    QVERIFY2(content.errors.empty(), listed(content.errors).c_str());
    QCOMPARE(content.quiz("beta")->title.value, std::string("Beta-Quiz"));
    QVERIFY(!content.quiz("beta")->title.fallback);
    QVERIFY(content.quiz("beta")->description.fallback);
    QCOMPARE(content.coverage.at(1).language, std::string("de"));
    QCOMPARE(content.coverage.at(1).translated, 1);
    QCOMPARE(fallbackFields(content).size(), std::size_t(29));
}

void ContentTest::checkContentExitStatus()
{
    const CommandOutput good = runCheckContent({fixtureTree().string()});
    QCOMPARE(good.status, 0);
    QVERIFY2(good.err.empty(), good.err.c_str());
    QVERIFY(good.out.find("sn        1/30          3.3%") != std::string::npos);
    QVERIFY(good.out.find("  missing: quiz/alpha/title") != std::string::npos);
    QVERIFY(good.out.find("... and 19 more missing") != std::string::npos);
    QVERIFY(good.out.find("No errors.") != std::string::npos);

    const fs::path root = editableTree();
    QVERIFY(replaceOnce(root / "quizzes/alpha/quiz.yaml", "answer: 2", "answer: 5"));
    QVERIFY(replaceOnce(root / "quizzes/beta/quiz.yaml", "demo: small-demo", "demo: gone"));
    const CommandOutput bad = runCheckContent({root.string(), "--missing", "0"});
    QCOMPARE(bad.status, 1);
    QVERIFY2(bad.err.find("content/quizzes/alpha/quiz.yaml:11:13: error: answer 5 is out of range")
            != std::string::npos,
        bad.err.c_str());
    QVERIFY2(
        bad.err.find("content/quizzes/beta/quiz.yaml:9:11: error: demo preset 'gone'") != std::string::npos,
        bad.err.c_str());
    QVERIFY2(bad.out.find("2 errors") != std::string::npos, (bad.out + bad.err).c_str());
    QVERIFY(bad.out.find("missing:") == std::string::npos);

    // Without DIR: the built-in content, found beside the program (the build tree mirrors an install).
    const CommandOutput builtIn = runCheckContent({});
    QCOMPARE(builtIn.status, 0);
    QVERIFY2(builtIn.out.find("share/recompute-lab/content:") != std::string::npos, builtIn.out.c_str());
    QCOMPARE(runCheckContent({(root / "no-such-folder").string()}).status, 2);
    QCOMPARE(runCheckContent({(root / "demos/presets.yaml").string()}).status, 2);
    QCOMPARE(runCheckContent({root.string(), root.string()}).status, 2);
    QCOMPARE(runCheckContent({root.string(), "--missing", "many"}).status, 2);
    QCOMPARE(runCheckContent({"--help"}).status, 0);
}

void ContentTest::checkContentBinary()
{
    const QString rlab = qEnvironmentVariable("RLAB_BIN_DIR") + "/rlab";
    if (qEnvironmentVariableIsEmpty("RLAB_BIN_DIR") || !QFileInfo(rlab).isExecutable())
        QSKIP("the rlab binary is not built here (RLAB_BIN_DIR/rlab); checkContentExitStatus ran the command "
              "in-process");
    const auto status = [&](const QStringList& args) {
        QProcess process;
        process.start(rlab, QStringList {"check-content"} + args);
        process.waitForFinished(30000);
        return process.exitCode();
    };
    const fs::path root = editableTree();
    QCOMPARE(status({QString::fromStdString(root.string())}), 0);
    QCOMPARE(status({QString::fromStdString(realContent().string())}), 0);
    QVERIFY(replaceOnce(root / "quizzes/alpha/quiz.yaml", "answer: 2", "answer: 5"));
    QCOMPARE(status({QString::fromStdString(root.string())}), 1);
    QCOMPARE(status({}), 0); // the built-in content beside the program
}

void ContentTest::glossaryVariantIsPlaced()
{
    const fs::path root = editableTree();
    // A stem in another case catches the inflected word; a stem inside a word ("счёт" in "пересчёт")
    // is not a match, nor is a key ("what-is-traded:"); a variant inside the chosen rendering is itself
    // an error in the glossary.
    writeFile(root / "glossary.ru.yaml",
        "schema: 1\n"
        "language: ru\n"
        "terms:\n"
        "  - term: recomputation\n"
        "    use: повторное вычисление\n"
        "    forbidden: [ПЕРЕСЧ, счёт, what-is]\n"
        "    note: a test term\n"
        "  - term: step\n"
        "    use: шаг обучения\n"
        "    forbidden: [шаг]\n");
    const Content content = loadContent(root, "en");
    const Diagnostic* found = findDiagnostic(content, "'пересчёт' is a forbidden variant ('ПЕРЕСЧ')");
    QVERIFY2(found, listed(content.errors).c_str());
    QCOMPARE(found->file.generic_string(), std::string("content/quizzes/alpha/quiz.ru.yaml"));
    QCOMPARE(found->line, 8);
    QCOMPARE(found->column, 24); // characters, not bytes: "    text: Чем жертвует " is 23
    QVERIFY(found->message.find("write 'повторное вычисление'") != std::string::npos);
    QVERIFY2(!findDiagnostic(content, "('счёт')"), listed(content.errors).c_str());
    QVERIFY2(!findDiagnostic(content, "('what-is')"), listed(content.errors).c_str()); // a key, not text
    const Diagnostic* circular = findDiagnostic(content, "is part of the chosen rendering");
    QVERIFY2(circular, listed(content.errors).c_str());
    QCOMPARE(circular->file.generic_string(), std::string("content/glossary.ru.yaml"));
    QCOMPARE(circular->line, 10);
    QCOMPARE(circular->column, 17);
    QVERIFY2(findDiagnostic(content, "'Пересчёт' is a forbidden variant"), listed(content.errors).c_str());
    QVERIFY2(content.errors.size() == 3, listed(content.errors).c_str()); // the guide's line as well

    const CommandOutput checked = runCheckContent({root.string()});
    QCOMPARE(checked.status, 1);
    QVERIFY2(
        checked.err.find("content/quizzes/alpha/quiz.ru.yaml:8:24: error: 'пересчёт' is a forbidden variant")
            != std::string::npos,
        checked.err.c_str());

    writeFile(root / "glossary.ru.yaml", "schema: 1\nlanguage: sn\nterms: []\n");
    const Content mislabelled = loadContent(root, "en");
    QVERIFY2(findDiagnostic(mislabelled, "language 'sn' must match the file name's 'ru'"),
        listed(mislabelled.errors).c_str());
}

namespace {

// A glossary read from `yaml` as glossary.<language>.yaml; its problems go to `errors`.
std::optional<Glossary> glossaryFrom(
    const std::string& yaml, const std::string& language, std::vector<Diagnostic>& errors)
{
    QTemporaryDir dir;
    const fs::path file = fs::path(dir.path().toStdString()) / ("glossary." + language + ".yaml");
    writeFile(file, yaml);
    FileReport report(file, errors);
    const YamlNodePtr tree = readYamlFile(file, report);
    return tree ? readGlossary(*tree, report, language) : std::nullopt;
}

} // namespace

// A variant written as a stem ("-fanotaur") is found behind any concord or prefix
// ("seyakafanotaurwa"), where a word-start variant would miss it; a plain variant still matches
// only at a word's start.
void ContentTest::glossaryStemIsFoundBehindAConcord()
{
    std::vector<Diagnostic> errors;
    const std::optional<Glossary> glossary = glossaryFrom("schema: 1\nlanguage: sn\nterms:\n"
                                                          "  - term: predicted\n"
                                                          "    use: zvakafungidzirwa\n"
                                                          "    forbidden: [zvakafanotaurwa, -fanotaur]\n"
                                                          "  - term: paired\n"
                                                          "    use: zvakaviriswa\n" // not the point here
                                                          "    forbidden: [fanana]\n",
        "sn", errors);
    QVERIFY2(glossary && errors.empty(), listed(errors).c_str());
    FileReport report("quiz.sn.yaml", errors);
    checkTerms(*glossary,
        "    text: Ndangariro yakanyorwa seyakafanotaurwa.\n"
        "    why_wrong: Zvakafanotaurwa zvinosiyana nezvakafanana.\n"
        "    body: Forodha yakafanotaurwa/ ine zita iri.\n", // a folder's name, not prose
        report);
    const auto at = [&](int line, int column) {
        return std::count_if(errors.begin(), errors.end(),
            [&](const Diagnostic& d) { return d.line == line && d.column == column; });
    };
    // The stem behind "seyaka-", reported at its word's start with the whole word.
    QVERIFY2(at(1, 33) == 1, listed(errors).c_str());
    QVERIFY2(
        listed(errors).find("'seyakafanotaurwa' is a forbidden variant ('-fanotaur')") != std::string::npos,
        listed(errors).c_str());
    // At a word's start both the word and the stem match.
    QVERIFY2(at(2, 16) == 2, listed(errors).c_str());
    // "fanana" is not a stem, so it is not found inside "nezvakafanana".
    QVERIFY2(errors.size() == 3, listed(errors).c_str());

    // A stem that is part of the rendering would report every correct use.
    std::vector<Diagnostic> circular;
    (void)glossaryFrom("schema: 1\nlanguage: sn\nterms:\n  - term: predicted\n    use: zvakafungidzirwa\n"
                       "    forbidden: [-fungidzir]\n",
        "sn", circular);
    QVERIFY2(listed(circular).find("is part of the chosen rendering") != std::string::npos,
        listed(circular).c_str());
}

// A forbidden variant catches the other forms of the same calque (issue 44): written as a stem
// ("-sina kurongwa", "ma-master") it catches every concord and ending, and a space in it also
// matches a line break inside a text, so a phrase wrapped across two lines of a folded block is
// found ("dzisina\n kurongwa"), reported at its start. A line that starts a new key is not the
// text's continuation, and a space stays a space ("ku CPU" does not catch the right "ku-CPU").
void ContentTest::glossaryVariantIsAPattern()
{
    std::vector<Diagnostic> errors;
    const std::optional<Glossary> glossary = glossaryFrom("schema: 1\nlanguage: sn\nterms:\n"
                                                          "  - term: random numbers\n"
                                                          "    use: nhamba dzekungosarudzwa\n"
                                                          "    forbidden: [-sina kurongwa]\n"
                                                          "  - term: master weights\n"
                                                          "    use: master weights dze-fp32\n"
                                                          "    forbidden: [ma-master]\n"
                                                          "  - term: CPU\n"
                                                          "    use: ku-CPU\n"
                                                          "    forbidden: [ku CPU]\n",
        "sn", errors);
    QVERIFY2(glossary && errors.empty(), listed(errors).c_str());
    FileReport report("guide.sn.yaml", errors);
    checkTerms(*glossary,
        "    body: |\n"
        "      Mask isina kurongwa, nhamba dzisina\n" // 2: two forms, the second wrapped
        "      kurongwa, uye ma-master weight ari ku-CPU.\n" // 3: the plural prefix; ku-CPU is right
        "      Ma-master-weights, zvisina\n" // 4: another spelling; "zvisina" ends the text
        "    why_wrong: kurongwa ku CPU.\n", // 5: a new key, not a continuation; "ku CPU" is wrong
        report);
    const auto at = [&](int line, int column) {
        return std::count_if(errors.begin(), errors.end(),
            [&](const Diagnostic& d) { return d.line == line && d.column == column; });
    };
    QVERIFY2(at(2, 12) == 1, listed(errors).c_str()); // "isina kurongwa"
    QVERIFY2(at(2, 35) == 1, listed(errors).c_str()); // "dzisina" + "kurongwa" on the next line
    QVERIFY2(listed(errors).find("'dzisina kurongwa' is a forbidden variant ('-sina kurongwa')")
            != std::string::npos,
        listed(errors).c_str());
    QVERIFY2(at(3, 21) == 1, listed(errors).c_str()); // "ma-master weight"
    QVERIFY2(at(4, 7) == 1, listed(errors).c_str()); // "Ma-master-weights"
    QVERIFY2(at(5, 25) == 1, listed(errors).c_str()); // "ku CPU"
    QVERIFY2(errors.size() == 5, listed(errors).c_str());
}

// A quiz that says `fair_distractors: true` is counted: how often its correct option is the
// longest, in characters of the English text; check-content prints the share and warns above 40%
// (a warning, so the tree is still valid). Quizzes without the key (the seed quizzes) are not
// counted, and the key takes true or false only (issue 44).
void ContentTest::longestKeyIsCountedWhereAsked()
{
    const fs::path root = editableTree();
    QVERIFY(replaceOnce(root / "quizzes/alpha/quiz.yaml", "description: A small quiz.",
        "description: A small quiz.\nfair_distractors: true"));
    const Content content = loadContent(root, "en");
    QVERIFY2(content.errors.empty(), listed(content.errors).c_str());
    QVERIFY(content.quiz("alpha")->fairDistractors);
    QVERIFY(!content.quiz("beta")->fairDistractors);
    // alpha: "Compute" is shorter than "Bandwidth"; "O(sqrt N)" is longer than "O(N^2)".
    const std::vector<LongestKeyShare> shares = longestKeyShares(content);
    QCOMPARE(shares.size(), std::size_t(1));
    QCOMPARE(shares[0].quiz, std::string("alpha"));
    QCOMPARE(shares[0].questions, 2);
    QCOMPARE(shares[0].keyLongest, 1);

    const CommandOutput checked = runCheckContent({root.string()});
    QCOMPARE(checked.status, 0);
    QVERIFY2(checked.out.find("  alpha                           1/2     50.0%") != std::string::npos,
        checked.out.c_str());
    QVERIFY2(checked.err.find("content/quizzes/alpha/quiz.yaml: warning: the correct option is the longest "
                              "in 1 of 2 questions (50.0%), above 40%")
            != std::string::npos,
        checked.err.c_str());
    QVERIFY2(checked.out.find("No errors.") != std::string::npos, checked.out.c_str());

    // Under the limit: listed, not warned.
    QVERIFY(replaceOnce(root / "quizzes/alpha/quiz.yaml", "text: O(sqrt N)", "text: O(√N)"));
    const CommandOutput fair = runCheckContent({root.string()});
    QVERIFY2(fair.out.find("  alpha                           0/2      0.0%") != std::string::npos,
        fair.out.c_str());
    QVERIFY2(fair.err.empty(), fair.err.c_str());

    QVERIFY(
        replaceOnce(root / "quizzes/alpha/quiz.yaml", "fair_distractors: true", "fair_distractors: maybe"));
    const Content bad = loadContent(root, "en");
    const Diagnostic* found = findDiagnostic(bad, "fair_distractors");
    QVERIFY2(found, listed(bad.errors).c_str());
    QCOMPARE(found->line, 7);
}

// Shona joins a prefix to a loanword, number or placeholder with a hyphen ("ye-%2"); the glossary
// lists the prefixes, and one standing alone before a placeholder, a number or a code span is
// reported, in content (check-content) and in the .ts test alike.
void ContentTest::spacedPrefixBeforeAPlaceholderIsReported()
{
    std::vector<Diagnostic> errors;
    const std::optional<Glossary> glossary
        = glossaryFrom("schema: 1\nlanguage: sn\njoined_prefixes: [ye, pa, ne]\nterms: []\n", "sn", errors);
    QVERIFY2(glossary && errors.empty(), listed(errors).c_str());
    QCOMPARE(glossary->joinedPrefixes.size(), std::size_t(3));
    FileReport report("recompute-lab_sn.ts", errors);
    checkTerms(*glossary,
        "Nhongonya ye %2 pa 4 kusvika pa-32 ne `full`.\n" // three errors
        "Nhongonya ye-%2, uye %1, pa-GPU, ye mhando.\n", // none: joined, a word, not before a placeholder
        report);
    QVERIFY2(errors.size() == 3, listed(errors).c_str());
    QCOMPARE(errors[0].line, 1);
    QCOMPARE(errors[0].column, 11);
    QVERIFY2(errors[0].message.find("write 'ye-%2'") != std::string::npos, errors[0].message.c_str());
    QVERIFY2(errors[1].message.find("write 'pa-4'") != std::string::npos, errors[1].message.c_str());
    QVERIFY2(errors[2].message.find("write 'ne-`full`.'") != std::string::npos, errors[2].message.c_str());

    std::vector<Diagnostic> bad;
    (void)glossaryFrom("schema: 1\nlanguage: sn\njoined_prefixes: [ye-]\nterms: []\n", "sn", bad);
    QVERIFY2(
        listed(bad).find("a joined prefix is one word of letters") != std::string::npos, listed(bad).c_str());
}

// The matcher walks a trie from each character, so its work is bounded by the text's length times
// the longest variant, whatever the number of variants (issue 31: 1 MiB of glossary against 1 MiB
// of text took 71 s, each variant searched through the whole text). The old search, counted the
// same way, takes variants x characters steps: 40,000 x 60,000 here, against a bound of 65 x 60,000.
void ContentTest::glossaryMatchingIsLinearInTheText()
{
    Glossary glossary;
    glossary.file = "glossary.sn.yaml";
    glossary.joinedPrefixes = {"ye", "pa"};
    GlossaryTerm term {"many", "zvakawanda", {}, {}, {}, {}};
    // Variants sharing long prefixes with the text, the worst case for a walk: "aaaa…ab", "-ba…".
    for (int i = 0; i < 40000; ++i) {
        std::string variant(static_cast<std::size_t>(1 + i % 60), 'a');
        variant += std::to_string(i);
        term.forbidden.push_back(i % 2 ? variant : "-" + variant);
    }
    glossary.terms.push_back(term);
    std::string text;
    while (text.size() < 60000)
        text += std::string(199, 'a') + " ye 1\n";
    std::vector<Diagnostic> errors;
    FileReport report("quiz.sn.yaml", errors);
    const std::size_t steps = checkTerms(glossary, text, report);
    QVERIFY2(steps > 0, "the matcher counts its steps");
    QVERIFY2(steps <= (maxVariantCharacters + 1) * text.size(),
        qPrintable(QStringLiteral("%1 steps for %2 characters").arg(steps).arg(text.size())));
    // The prefixes are still found, and the listing stops at its limit with one line for the rest.
    QCOMPARE(static_cast<int>(errors.size()), maxVariantErrorsPerFile + 1);
    QVERIFY2(errors.back().message.find("more uses of forbidden variants") != std::string::npos,
        errors.back().message.c_str());
}

// A term's learner definition (Help > Glossary) is read in English and in the glossary's language;
// a definition missing either, in another language, not a mapping, or using one of the glossary's
// own forbidden variants is reported at its place, and the app's reader hands both texts on.
void ContentTest::glossaryDefinitionIsReadAndChecked()
{
    std::vector<Diagnostic> errors;
    const std::optional<Glossary> glossary = glossaryFrom("schema: 1\nlanguage: sn\nterms:\n"
                                                          "  - term: memory\n"
                                                          "    use: ndangariro\n"
                                                          "    forbidden: [memori]\n"
                                                          "    definition:\n"
                                                          "      en: Where the activations are kept.\n"
                                                          "      sn: >-\n"
                                                          "        Panochengetwa ma-activation.\n"
                                                          "  - term: every\n"
                                                          "    use: -ega -ega\n",
        "sn", errors);
    QVERIFY2(glossary && errors.empty(), listed(errors).c_str());
    QCOMPARE(glossary->terms.size(), std::size_t(2));
    QCOMPARE(glossary->terms[0].definitionEn, std::string("Where the activations are kept."));
    QCOMPARE(glossary->terms[0].definition, std::string("Panochengetwa ma-activation."));
    QVERIFY(glossary->terms[1].definition.empty()); // optional: a grammar note has none

    std::vector<Diagnostic> bad;
    (void)glossaryFrom("schema: 1\nlanguage: sn\nterms:\n"
                       "  - term: memory\n"
                       "    use: ndangariro\n"
                       "    forbidden: [memori]\n"
                       "    definition:\n"
                       "      en: Where the activations are kept.\n"
                       "      ru: Где хранятся активации.\n" // line 9: not this glossary's language
                       "  - term: peak\n"
                       "    use: nhongonya\n"
                       "    definition: the most memory\n" // line 12: not a mapping
                       "  - term: step\n"
                       "    use: danho\n"
                       "    definition:\n"
                       "      en: One update.\n"
                       "      sn: Danho rinoshandisa memori yakawanda.\n", // line 17: a forbidden variant
        "sn", bad);
    const auto at = [&](const std::string& part, int line, int column) {
        return std::any_of(bad.begin(), bad.end(), [&](const Diagnostic& d) {
            return d.line == line && d.column == column && d.message.find(part) != std::string::npos;
        });
    };
    QVERIFY2(at("unknown key 'ru' in the definition of 'memory'", 9, 7), listed(bad).c_str());
    QVERIFY2(at("the definition of 'memory' is missing the required key 'sn'", 8, 7), listed(bad).c_str());
    QVERIFY2(at("'definition' must be a mapping", 12, 17), listed(bad).c_str());
    QVERIFY2(at("the definition of 'step': 'memori' is a forbidden variant ('memori') of 'memory'", 17, 11),
        listed(bad).c_str());
    QVERIFY2(bad.size() == 4, listed(bad).c_str());

    // What the app's glossary reads from the real content: each Shona definition beside its English.
    const std::vector<GlossaryEntry> entries = glossaryEntries(realContent(), "sn");
    const auto checkpoint = std::find_if(entries.begin(), entries.end(),
        [](const GlossaryEntry& entry) { return entry.term.rfind("checkpoint (", 0) == 0; });
    QVERIFY(checkpoint != entries.end());
    QVERIFY(checkpoint->definitionEn.find("forward pass") != std::string::npos);
    QVERIFY(checkpoint->definition.find("ma-activation") != std::string::npos);
}

// An interface string with a count (tr("%n new quiz(zes)", nullptr, n)) reads in English through
// the English .qm's plural forms: each is filled in ("1 new quiz", "2 new quizzes"), or English
// shows the source's "(zes)".
void ContentTest::englishPluralsAreWritten()
{
    const fs::path ts = fs::path(RLAB_TEST_SOURCE_DIR) / "translations" / "recompute-lab_en.ts";
    QFile file(QString::fromStdString(ts.string()));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    static const QRegularExpression optionalEnding(QStringLiteral("\\((s|es|zes)\\)"));
    int plurals = 0;
    QString source;
    bool numerus = false;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("message")) {
            numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (numerus && xml.name() == QLatin1String("translation")) {
            QVERIFY2(xml.attributes().value(QLatin1String("type")).isEmpty(), qPrintable(source));
        } else if (numerus && xml.name() == QLatin1String("numerusform")) {
            const QString form = xml.readElementText();
            const int line = int(xml.lineNumber());
            QVERIFY2(!form.trimmed().isEmpty() && !optionalEnding.match(form).hasMatch(),
                qPrintable(
                    QStringLiteral("recompute-lab_en.ts:%1: '%2' for '%3'").arg(line).arg(form, source)));
            ++plurals;
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(plurals >= 34); // two forms each
}

void ContentTest::interfaceStringsFollowTheGlossary_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("ru") << QStringLiteral("ru");
    QTest::newRow("sn") << QStringLiteral("sn");
}

// check-content searches the content; the app's own strings must use the same terms, so the same
// glossary is run over every <translation> of translations/recompute-lab_<lang>.ts here.
void ContentTest::interfaceStringsFollowTheGlossary()
{
    QFETCH(QString, language);
    const std::string code = language.toStdString();
    std::vector<Diagnostic> errors;
    FileReport glossaryReport(realContent() / ("glossary." + code + ".yaml"), errors);
    const YamlNodePtr tree = readYamlFile(glossaryReport.shown(), glossaryReport);
    QVERIFY2(tree, listed(errors).c_str());
    const std::optional<Glossary> glossary = readGlossary(*tree, glossaryReport, code);
    QVERIFY2(glossary && errors.empty(), listed(errors).c_str());

    const fs::path ts = fs::path(RLAB_TEST_SOURCE_DIR) / "translations" / ("recompute-lab_" + code + ".ts");
    QFile file(QString::fromStdString(ts.string()));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    std::string translations; // each translation on its .ts line, so errors point into the .ts
    int lines = 1;
    int count = 0;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement
            && (xml.name() == QLatin1String("translation") || xml.name() == QLatin1String("numerusform"))) {
            for (const auto line = xml.lineNumber(); lines < line; ++lines)
                translations += '\n';
            translations
                += xml.readElementText(QXmlStreamReader::IncludeChildElements).simplified().toStdString();
            ++count;
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(count > 200);
    FileReport report(ts, errors);
    checkTerms(*glossary, translations, report);
    QVERIFY2(errors.empty(), listed(errors).c_str());
}

void ContentTest::linksOutOfThePackAreNotRead()
{
    const fs::path root = editableTree();
    QTemporaryDir outside;
    const fs::path secret = fs::path(outside.path().toStdString()) / "secret.yaml";
    writeFile(secret, "SECRET-WORDS: [unclosed\n");
    fs::remove(root / "quizzes/alpha/quiz.yaml");
    fs::create_symlink(secret, root / "quizzes/alpha/quiz.yaml");
    const Content content = loadContent(root, "en");
    const Diagnostic* found = findDiagnostic(content, "link to a file outside the content folder");
    QVERIFY2(found, listed(content.errors).c_str());
    QCOMPARE(found->file.generic_string(), std::string("content/quizzes/alpha/quiz.yaml"));
    // Its text was followed and echoed in a "malformed YAML" error; now it is not read at all.
    QVERIFY(listed(content.errors).find("SECRET") == std::string::npos);
    // A link that stays inside the pack is fine.
    fs::rename(root / "quizzes/beta/quiz.yaml", root / "quizzes/beta/real.yml.txt");
    fs::create_symlink("real.yml.txt", root / "quizzes/beta/quiz.yaml");
    QVERIFY(loadContent(root, "en").quiz("beta"));
}

void ContentTest::specialFilesAreNotRead()
{
    const fs::path root = editableTree();
    fs::remove(root / "quizzes/alpha/quiz.ru.yaml");
    QCOMPARE(::mkfifo((root / "quizzes/alpha/quiz.ru.yaml").c_str(), 0600), 0); // used to block for ever
    const Content content = loadContent(root, "ru");
    const Diagnostic* found = findDiagnostic(content, "not a regular file");
    QVERIFY2(found, listed(content.errors).c_str());
    QCOMPARE(found->file.generic_string(), std::string("content/quizzes/alpha/quiz.ru.yaml"));
    QVERIFY(content.quiz("alpha"));
}

void ContentTest::checkContentRefusesABudgetThatNeverPlans()
{
    const fs::path root = editableTree();
    QVERIFY(replaceOnce(root / "demos/presets.yaml", "policy: budget:64K", "policy: budget:1"));
    QVERIFY(replaceOnce(root / "demos/presets.yaml", "run: budget:64K", "run: budget:1")); // its claim
    const CommandOutput result = runCheckContent({root.string()});
    QCOMPARE(result.status, 1);
    QVERIFY2(result.err.find("content/demos/presets.yaml:21:17: error: preset 'sweep-demo': No recomputation "
                             "plan fits the activations in 1 bytes")
            != std::string::npos,
        result.err.c_str());
}

void ContentTest::seeAlsoNamesAQuestionOfAnotherQuiz()
{
    const fs::path root = editableTree();
    QVERIFY(replaceOnce(root / "quizzes/alpha/quiz.yaml", "    guide_section: the-trade\n    answer: 2",
        "    guide_section: the-trade\n    see_also: [beta/only]\n    answer: 2"));
    const Content content = loadContent(root, "ru");
    QVERIFY2(content.errors.empty(), listed(content.errors).c_str());
    const Quiz* alpha = content.quiz("alpha");
    QVERIFY(alpha);
    QCOMPARE(alpha->questions.front().seeAlso.size(), std::size_t(1));
    QCOMPARE(alpha->questions.front().seeAlso.front().quiz, std::string("beta"));
    QCOMPARE(alpha->questions.front().seeAlso.front().question, std::string("only"));
    // The real seed quizzes point to each other where they teach the same point, both ways.
    const Content real = loadContent(realContent(), "en");
    QVERIFY2(real.errors.empty(), listed(real.errors).c_str());
    int links = 0;
    for (const Quiz& quiz : real.quizzes)
        for (const Question& question : quiz.questions)
            for (const Question::SeeAlso& target : question.seeAlso) {
                ++links;
                const Quiz* other = real.quiz(target.quiz);
                QVERIFY(other);
                const auto back = std::find_if(other->questions.begin(), other->questions.end(),
                    [&](const Question& q) { return q.id == target.question; });
                QVERIFY(back != other->questions.end());
                QVERIFY2(std::any_of(back->seeAlso.begin(), back->seeAlso.end(),
                             [&](const Question::SeeAlso& s) {
                                 return s.quiz == quiz.id && s.question == question.id;
                             }),
                    (quiz.id + "/" + question.id + " is not pointed back to").c_str());
            }
    QCOMPARE(links, 12);
}

QTEST_GUILESS_MAIN(ContentTest)
#include "tst_content.moc"

// Proves: a question may name no demo (it loads without error, its demo empty), and `demo_view`
// names the results view its lesson is read in, kept apart from the preset's own `view`.
void ContentTest::questionMayHaveNoDemoOrItsOwnView()
{
    const fs::path root = editableTree();
    QVERIFY(replaceOnce(root / "quizzes/alpha/quiz.yaml", "    demo: small-demo\n", ""));
    QVERIFY(replaceOnce(root / "quizzes/alpha/quiz.yaml", "    demo: sweep-demo\n",
        "    demo: sweep-demo\n    demo_view: step-time\n"));
    const Content content = loadContent(root, "en");
    QVERIFY2(content.errors.empty(), listed(content.errors).c_str());
    const Quiz* alpha = content.quiz("alpha");
    QVERIFY(alpha);
    QCOMPARE(alpha->questions[0].demo, std::string());
    QCOMPARE(alpha->questions[0].demoView, std::string());
    QCOMPARE(alpha->questions[1].demo, std::string("sweep-demo"));
    QCOMPARE(alpha->questions[1].demoView, std::string("step-time"));
}

// Proves: a question's `planner:` reads back as written, with the defaults filled in (seq: the
// preset's context; the node size: the largest of 8 or fewer that the ranks fill), and a custom
// llama's block and sizes.
void ContentTest::plannerViewIsRead()
{
    const fs::path root = editableTree();
    QVERIFY(replaceOnce(root / "quizzes/alpha/quiz.yaml", "    demo: small-demo\n",
        "    planner: {model: llama-3-70b, tp: 8, sp: true, pp: 4, virtual_stages: 2, microbatches: 8, dp: "
        "2,\n"
        "      zero: 1, budget: 141GB, weights: bf16, seq: 4096, policy: megatron-selective}\n"));
    QVERIFY(replaceOnce(root / "quizzes/alpha/quiz.yaml", "    demo: sweep-demo\n",
        "    planner:\n      model: custom\n      arch: llama\n      layers: 8\n      width: 512\n"
        "      heads: 8\n      kv_heads: 4\n      ffn: 1408\n      vocab: 1000\n      batch: 2\n"
        "      tp: 4\n      dp: 3\n"));
    const Content content = loadContent(root, "en");
    QVERIFY2(content.errors.empty(), listed(content.errors).c_str());
    const Quiz* alpha = content.quiz("alpha");
    QVERIFY(alpha);
    QVERIFY(alpha->questions[0].demo.empty());
    QVERIFY(alpha->questions[0].planner.has_value());
    const PlannerView& a = *alpha->questions[0].planner;
    QCOMPARE(a.model, std::string("llama-3-70b"));
    QCOMPARE(a.parallel.tp, 8);
    QVERIFY(a.parallel.sequenceParallel);
    QCOMPARE(a.parallel.pp, 4);
    QCOMPARE(a.parallel.virtualStages, 2);
    QCOMPARE(a.parallel.microbatches, 8);
    QCOMPARE(a.parallel.dp, 2);
    QCOMPARE(a.parallel.zero, 1);
    QCOMPARE(a.budgetBytes, std::uint64_t {141'000'000'000});
    QVERIFY(a.bf16Weights);
    QCOMPARE(a.seq, 4096);
    QCOMPARE(a.batch, 1);
    QCOMPARE(a.policy, std::string("megatron-selective"));
    QCOMPARE(a.gpusPerNode, 8); // 64 ranks in nodes of 8
    QCOMPARE(a.nodes(), 8);
    const PlannerView& b = *alpha->questions[1].planner;
    QCOMPARE(b.model, std::string("custom"));
    QCOMPARE(b.arch, rlab::Arch::Llama);
    QCOMPARE(b.layers, 8);
    QCOMPARE(b.width, 512);
    QCOMPARE(b.heads, 8);
    QCOMPARE(b.kvHeads, 4);
    QCOMPARE(b.ffn, 1408);
    QCOMPARE(b.vocab, 1000);
    QCOMPARE(b.seq, 1024); // a custom model's default
    QCOMPARE(b.batch, 2);
    QCOMPARE(b.budgetBytes, std::uint64_t {80'000'000'000});
    QCOMPARE(b.gpusPerNode, 6); // 12 ranks: the largest node of 8 or fewer they fill, holding tp 4
    QCOMPARE(b.nodes(), 2);
    QVERIFY(b.policy.empty());
}

// Proves: each form of the live-figure grammar reads back as the reference it writes (canonical
// text), with the written figure, its decimals, unit and tolerance.
void ContentTest::liveFiguresParse_data()
{
    QTest::addColumn<QString>("written");
    QTest::addColumn<QString>("canonical");
    QTest::addColumn<double>("quoted");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<bool>("measuredOnly");
    QTest::newRow("bytes") << "{{memory-vs-time full peak_activation_bytes = 3.6 MiB ±5%}}"
                           << "memory-vs-time full peak_activation_bytes = 3.6 MiB ±5%" << 3.6 << 1 << false;
    QTest::newRow("quoted label, ratio, unit attached")
        << "{{offload 'full + offload' host_offloaded of full = 50% +-3}}"
        << "offload 'full + offload' host_offloaded of full = 50% ±3" << 50.0 << 0 << false;
    QTest::newRow("sweep value, under")
        << "{{selective-versus-full selective peak_activation_bytes under none at 512 = 66% ±3}}"
        << "selective-versus-full selective peak_activation_bytes under none at 512 = 66% ±3" << 66.0 << 0
        << false;
    QTest::newRow("sum, across lines")
        << "{{whole-step-memory none\n      parameters+gradients+optimizer_state = 19.0 MiB ±0.5}}"
        << "whole-step-memory none parameters+gradients+optimizer_state = 19.0 MiB ±0.5" << 19.0 << 1
        << false;
    QTest::newRow("forward flops") << "{{sqrt-pays-compute sqrt forward_flops = 0.50 GFLOP ±5%}}"
                                   << "sqrt-pays-compute sqrt forward_flops = 0.50 GFLOP ±5%" << 0.5 << 2
                                   << false;
    QTest::newRow("time, over") << "{{memory-vs-time sqrt step_ms over none = 19% ±10}}"
                                << "memory-vs-time sqrt step_ms over none = 19% ±10" << 19.0 << 0 << true;
    QTest::newRow("no unit") << "{{dropout-replay 'full, no RNG replay' grad_error = 0.10 ±0.05}}"
                             << "dropout-replay 'full, no RNG replay' grad_error = 0.10 ±0.05" << 0.1 << 2
                             << true;
}

void ContentTest::liveFiguresParse()
{
    QFETCH(QString, written);
    QFETCH(QString, canonical);
    QFETCH(double, quoted);
    QFETCH(int, decimals);
    QFETCH(bool, measuredOnly);
    const std::string text = "before " + written.toStdString() + " after";
    const std::vector<FigureSpan> spans = findFigures(text);
    QCOMPARE(spans.size(), std::size_t(1));
    QVERIFY2(spans[0].ref, spans[0].problem.c_str());
    QCOMPARE(spans[0].begin, std::size_t(7));
    QCOMPARE(text.substr(spans[0].end), std::string(" after"));
    QCOMPARE(QString::fromStdString(spans[0].ref->toString()), canonical);
    QCOMPARE(spans[0].ref->quoted, quoted);
    QCOMPARE(spans[0].ref->decimals, decimals);
    QCOMPARE(spans[0].ref->measuredOnly(), measuredOnly);
    // Reading the canonical form gives the same reference.
    const std::vector<FigureSpan> again = findFigures("{{" + spans[0].ref->toString() + "}}");
    QVERIFY(again.size() == 1 && again[0].ref);
    QCOMPARE(again[0].ref->toString(), spans[0].ref->toString());
}

// Proves: every kind of bad reference is a check-content error at its file:line:column, the column
// of the part at fault (a missing preset, run, compared run, sweep value, quantity, unit, tolerance).
void ContentTest::badLiveFiguresArePlaced_data()
{
    QTest::addColumn<QString>("reference");
    QTest::addColumn<QString>("fault"); // the text at the reported column
    QTest::addColumn<QString>("message");
    QTest::newRow("no preset") << "{{no-such-demo none peak_activation_bytes = 1.0 MiB ±5%}}"
                               << "no-such-demo"
                               << "no demo preset 'no-such-demo'";
    QTest::newRow("no run") << "{{small-demo nonee peak_activation_bytes = 1.0 MiB ±5%}}"
                            << "nonee"
                            << "has no run 'nonee'";
    QTest::newRow("no compared run") << "{{small-demo none peak_activation_bytes of fulll = 50% ±5}}"
                                     << "fulll"
                                     << "has no run 'fulll'";
    QTest::newRow("no quantity") << "{{small-demo none peak_activation = 1.0 MiB ±5%}}"
                                 << "peak_activation"
                                 << "is not a quantity";
    QTest::newRow("sweep needs at") << "{{sweep-demo none peak_activation_bytes = 1.0 MiB ±5%}}"
                                    << "peak_activation_bytes"
                                    << "say which value with 'at'";
    QTest::newRow("no such sweep value") << "{{sweep-demo none peak_activation_bytes at 3 = 1.0 MiB ±5%}}"
                                         << "3"
                                         << "does not sweep layers to 3";
    QTest::newRow("unit does not fit") << "{{small-demo none recompute_flops = 1.0 MiB ±5%}}"
                                       << "MiB"
                                       << "FLOP, MFLOP or GFLOP";
    QTest::newRow("ratio wants a share") << "{{small-demo none peak_activation_bytes of none = 1.0 MiB ±5%}}"
                                         << "MiB"
                                         << "% or x";
    QTest::newRow("unknown unit") << "{{small-demo none peak_activation_bytes = 1.0 MB ±5%}}"
                                  << "MB"
                                  << "'MB' is not a unit";
    QTest::newRow("no tolerance") << "{{small-demo none peak_activation_bytes = 1.0 MiB}}"
                                  << "}}"
                                  << "the tolerance is missing";
    QTest::newRow("comma figure") << "{{small-demo none peak_activation_bytes = 1,0 MiB ±5%}}"
                                  << "1,0"
                                  << "is not a figure";
    QTest::newRow("not closed") << "{{small-demo none peak_activation_bytes = 1.0 MiB ±5%"
                                << "{{"
                                << "not closed";
    QTest::newRow("unclosed label") << "{{small-demo 'full + offload peak_activation_bytes = 1.0 MiB ±5%}}"
                                    << "'full"
                                    << "is not closed";
}

void ContentTest::badLiveFiguresArePlaced()
{
    QFETCH(QString, reference);
    QFETCH(QString, fault);
    QFETCH(QString, message);
    const fs::path root = editableTree();
    const std::string before = "    explanation: It reruns forward work to rebuild activations.";
    // Cyrillic before the reference: columns count characters, as editors do.
    const std::string prefix = "    explanation: >-\n      Пересчёт: ";
    QVERIFY(replaceOnce(root / "quizzes/alpha/quiz.yaml", before, prefix + reference.toStdString()));
    const Content content = loadContent(root, "en");
    const Diagnostic* found = findDiagnostic(content, message.toStdString());
    QVERIFY2(found, listed(content.errors).c_str());
    QCOMPARE(found->file.filename().string(), std::string("quiz.yaml"));
    std::ifstream in(root / "quizzes/alpha/quiz.yaml");
    std::string line;
    for (int i = 0; i < found->line; ++i)
        std::getline(in, line);
    const QString shown = QString::fromStdString(line);
    QVERIFY2(shown.mid(found->column - 1).startsWith(fault),
        qPrintable(shown + " at " + QString::number(found->column)));
    QVERIFY2(found->message.starts_with("live figure: "), found->message.c_str());
}

// Proves: a figure shows in the text's language, with its decimal separator and unit names
// (3.6 MiB in English, 3,6 МиБ in Russian), as many decimals as written, a no-break space before a
// unit and none before %; an export shows the written figure; text outside references is untouched;
// a broken reference stays as written; the glossary check does not read inside references.
void ContentTest::liveFiguresRenderInTheLanguage()
{
    const std::string text = "about {{memory-vs-time full peak_activation_bytes = 3.6 MiB ±5%}} and "
                             "{{memory-vs-time full peak_activation_bytes of none = 20% ±3}}, {{broken";
    const auto shown = [](const FigureRef& ref) -> std::optional<std::string> {
        return ref.unit == FigureUnit::MiB ? std::optional<std::string>(figureText(3.629, ref, "ru", ","))
                                           : std::nullopt;
    };
    QCOMPARE(renderFigures(text, shown, "ru", ","), std::string("about 3,6\u00A0МиБ and 20%, {{broken"));
    QCOMPARE(renderQuotedFigures(text, "en"), std::string("about 3.6\u00A0MiB and 20%, {{broken"));
    const std::vector<FigureSpan> spans = findFigures(text);
    QCOMPARE(spans.size(), std::size_t(3));
    QCOMPARE(figureText(12.345, *spans[0].ref, "en", "."), std::string("12.3\u00A0MiB"));
    QCOMPARE(figureText(0.04, *spans[1].ref, "sn", "."), std::string("0%"));
    QCOMPARE(figureNumber(-0.01, 1, ","), std::string("0,0"));
    QCOMPARE(figureUnitText(FigureUnit::MFlop, "ru"), std::string_view("МФЛОП"));
    QCOMPARE(figureUnitText(FigureUnit::MFlop, "de"), std::string_view("MFLOP"));
    QCOMPARE(figureUnitText(FigureUnit::Times, "en"), std::string_view());
    // Blanked for prose checks: as many characters, so the columns after it stay.
    const std::string blank = withoutFigures("a {{x ±5%}} b");
    QCOMPARE(blank, std::string("a" + std::string(11, ' ') + "b"));
    // Tolerances: relative to the written figure, or absolute in its unit.
    QVERIFY(spans[0].ref->within(3.78) && !spans[0].ref->within(3.79));
    QVERIFY(spans[1].ref->within(23) && !spans[1].ref->within(23.01));
}
