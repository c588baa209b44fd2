// GIFT and Moodle XML, both ways. Moodle XML is read with expat (a maintained XML parser; no DTD,
// so no entity expansion). GIFT has no parser library in Debian: its grammar is a handful of
// escaped delimiters, read here by one small scanner that knows the lines it is on.
#include "rlab/content/lms.h"

#include <algorithm>
#include <cstdlib>
#include <expat.h>
#include <map>
#include <sstream>

#include <yaml-cpp/yaml.h>

#include "fields.h"
#include "rlab/safe_write.h"
#include "rlab/text.h"

namespace fs = std::filesystem;

namespace rlab::content {

namespace {

constexpr std::string_view kGiftSpecial = "~=#{}:\\";
// Bounds on what an import reads (docs/limits.md), checked as it reads: Moodle writes questions 4
// elements deep and some 30 elements each, a quiz has a few dozen questions of 2 to 8 options.
constexpr std::size_t kMostXmlDepth = 32;
constexpr std::size_t kMostXmlElements = 100000;
constexpr std::size_t kMostImportQuestions = 10000;
constexpr std::size_t kMostImportAnswers = 64;

std::string trimmed(std::string_view text)
{
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return {};
    const std::size_t last = text.find_last_not_of(" \t\r\n");
    return std::string(text.substr(first, last - first + 1));
}

std::vector<std::string> split(std::string_view text, char separator)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find(separator, start), text.size());
        if (end > start)
            parts.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
    return parts;
}

std::string join(const std::vector<std::string>& parts, char separator)
{
    std::string joined;
    for (const std::string& part : parts)
        joined += (joined.empty() ? "" : std::string(1, separator)) + part;
    return joined;
}

void countSkippedType(ImportedQuiz& quiz, const std::string& type)
{
    for (auto& [known, count] : quiz.skippedTypes)
        if (known == type) {
            ++count;
            return;
        }
    quiz.skippedTypes.emplace_back(type, 1);
}

// The last part of a Moodle category path ("$course$/top/Basics": "Basics"; "//" is one '/').
std::string lastCategoryPart(const std::string& path)
{
    std::string last;
    for (std::size_t i = 0; i < path.size(); ++i) {
        if (path[i] == '/' && i + 1 < path.size() && path[i + 1] == '/') {
            last += '/';
            ++i;
        } else if (path[i] == '/') {
            last.clear();
        } else {
            last += path[i];
        }
    }
    return trimmed(last);
}

// The Recompute Lab structure a question carries beside its texts ("key=value" words).
struct QuestionTags {
    std::string demo, demoView, guideSection;
    std::optional<PlannerView> planner; // "planner=model:llama-3-8b,tp:2,..." (the loader checks it)
    std::optional<DemoAnswer> demoAnswer; // "demo_answer=recompute_flops|full|none" (labels percent-encoded)
    std::vector<std::string> hiddenRuns; // "hidden_runs=full + offload|sqrt + offload" (percent-encoded)
    std::vector<std::string> options, seeAlso;
    std::vector<std::string> untranslated; // "text", "explanation", "<option>.text", "<option>.why_wrong"
};

// The fields of `question` shown in English because the language has no translation of them: an
// import leaves them out of the translation file, so the app still marks them.
std::vector<std::string> untranslatedFields(const Question& question)
{
    std::vector<std::string> fields;
    if (question.text.fallback)
        fields.emplace_back("text");
    if (question.explanation.fallback)
        fields.emplace_back("explanation");
    for (const Option& option : question.options) {
        if (option.text.fallback)
            fields.push_back(option.id + ".text");
        if (option.whyWrong.fallback && !option.whyWrong.value.empty())
            fields.push_back(option.id + ".why_wrong");
    }
    return fields;
}

// A run label inside a tag word: tags are split at spaces, and the answer's parts at '|', so those
// (and '%' itself) travel percent-encoded ("full, no RNG replay" -> "full,%20no%20RNG%20replay").
std::string encodeTagPart(const std::string& text)
{
    std::string out;
    for (const char c : text) {
        if (c == ' ')
            out += "%20";
        else if (c == '|')
            out += "%7C";
        else if (c == '%')
            out += "%25";
        else
            out += c;
    }
    return out;
}

std::string decodeTagPart(const std::string& text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const std::string_view code = std::string_view(text).substr(i, 3);
        if (code == "%20" || code == "%7C" || code == "%25") {
            out += code == "%20" ? ' ' : code == "%7C" ? '|' : '%';
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

std::vector<std::string> questionTagWords(const Question& question)
{
    std::vector<std::string> words {"demo=" + question.demo, "guide_section=" + question.guideSection};
    if (!question.demoView.empty())
        words.push_back("demo_view=" + question.demoView);
    if (question.planner)
        words.push_back("planner=" + rlab::planner::scenarioWord(*question.planner));
    if (question.demoAnswer)
        words.push_back("demo_answer=" + std::string(claimQuantityName(question.demoAnswer->quantity)) + "|"
            + encodeTagPart(question.demoAnswer->run) + "|" + encodeTagPart(question.demoAnswer->than));
    if (!question.hiddenRuns.empty()) {
        std::vector<std::string> hidden;
        for (const std::string& label : question.hiddenRuns)
            hidden.push_back(encodeTagPart(label));
        words.push_back("hidden_runs=" + join(hidden, '|'));
    }
    std::vector<std::string> ids;
    for (const Option& option : question.options)
        ids.push_back(option.id);
    words.push_back("options=" + join(ids, ','));
    std::vector<std::string> seeAlso;
    for (const Question::SeeAlso& other : question.seeAlso)
        seeAlso.push_back(other.quiz + "/" + other.question);
    if (!seeAlso.empty())
        words.push_back("see_also=" + join(seeAlso, ','));
    if (const std::vector<std::string> untranslated = untranslatedFields(question); !untranslated.empty())
        words.push_back("untranslated=" + join(untranslated, ','));
    return words;
}

void readTagWord(const std::string& word, QuestionTags& tags)
{
    const std::size_t equals = word.find('=');
    if (equals == std::string::npos)
        return;
    const std::string key = word.substr(0, equals), value = word.substr(equals + 1);
    if (key == "demo")
        tags.demo = value;
    else if (key == "demo_view")
        tags.demoView = value;
    else if (key == "planner")
        tags.planner = rlab::planner::scenarioOfWord(value);
    else if (key == "demo_answer") {
        const std::vector<std::string> parts = split(value, '|');
        if (parts.size() >= 2 && parseClaimQuantity(parts[0]))
            tags.demoAnswer = DemoAnswer {*parseClaimQuantity(parts[0]), decodeTagPart(parts[1]),
                parts.size() > 2 ? decodeTagPart(parts[2]) : ""};
    } else if (key == "hidden_runs") {
        for (const std::string& part : split(value, '|'))
            tags.hiddenRuns.push_back(decodeTagPart(part));
    } else if (key == "guide_section")
        tags.guideSection = value;
    else if (key == "options")
        tags.options = split(value, ',');
    else if (key == "see_also")
        tags.seeAlso = split(value, ',');
    else if (key == "untranslated")
        tags.untranslated = split(value, ',');
}

bool untranslated(const QuestionTags& tags, const std::string& field)
{
    return std::find(tags.untranslated.begin(), tags.untranslated.end(), field) != tags.untranslated.end();
}

// Marks the fields the export said were English stand-ins, so the translation file leaves them out.
void markUntranslated(Question& question, const QuestionTags& tags)
{
    question.text.fallback = untranslated(tags, "text");
    question.explanation.fallback = untranslated(tags, "explanation");
    for (Option& option : question.options) {
        option.text.fallback = untranslated(tags, option.id + ".text");
        option.whyWrong.fallback = untranslated(tags, option.id + ".why_wrong");
    }
}

// The demo, its view and answer, the Planner view, guide section and see-also links the tags give
// a question.
void applyTags(Question& question, const QuestionTags& tags)
{
    question.demo = tags.demo;
    question.demoView = tags.demoView;
    question.demoAnswer = tags.demoAnswer;
    question.hiddenRuns = tags.hiddenRuns;
    question.planner = tags.planner;
    question.guideSection = tags.guideSection;
    for (const std::string& entry : tags.seeAlso)
        if (const std::size_t slash = entry.find('/'); slash != std::string::npos)
            question.seeAlso.push_back({entry.substr(0, slash), entry.substr(slash + 1), 0, 0});
}

// ---- GIFT ---------------------------------------------------------------------------------------

std::string giftEscaped(std::string_view text)
{
    std::string out;
    for (const char c : text) {
        if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            continue;
        else if (kGiftSpecial.find(c) != std::string_view::npos)
            out += std::string("\\") + c;
        else
            out += c;
    }
    return out;
}

// A comment's text on one line: newlines and backslashes escaped (read back by commentText).
std::string commentEscaped(std::string_view text)
{
    std::string out;
    for (const char c : text)
        out += c == '\n' ? std::string("\\n") : c == '\\' ? std::string("\\\\") : std::string(1, c);
    return out;
}

std::string commentText(std::string_view text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 1 < text.size()) {
            out += text[i + 1] == 'n' ? '\n' : text[i + 1];
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

// " untranslated=title,description" for the quiz's own fields shown in English ("" when none).
std::string quizUntranslated(const Quiz& quiz, const char* before)
{
    std::vector<std::string> fields;
    if (quiz.title.fallback)
        fields.emplace_back("title");
    if (quiz.description.fallback)
        fields.emplace_back("description");
    return fields.empty() ? std::string() : before + std::string("untranslated=") + join(fields, ',');
}

std::string exportGift(const Quiz& quiz, const std::string& language)
{
    std::ostringstream out;
    out << "// Recompute Lab quiz '" << quiz.id << "' in GIFT (" << language
        << "), written by rlab export: single-answer multiple choice, each wrong option's feedback says\n"
           "// why it is wrong, the general feedback explains. The rlab- lines carry the quiz's structure\n"
           "// for rlab import; a platform reads them as comments.\n";
    out << "// rlab-quiz: id=" << quiz.id << " level=" << quiz.level << " guide=" << quiz.guide
        << " language=" << language << quizUntranslated(quiz, " ") << "\n";
    out << "// rlab-title: " << commentEscaped(quiz.title.value) << "\n";
    out << "// rlab-description: " << commentEscaped(quiz.description.value) << "\n";
    // Moodle reads a category path; a '/' inside a name is written '//'.
    std::string category = quiz.title.value;
    for (std::size_t at = 0; (at = category.find('/', at)) != std::string::npos; at += 2)
        category.insert(at, "/");
    out << "$CATEGORY: $course$/top/" << commentEscaped(category) << "\n\n";
    for (const Question& question : quiz.questions) {
        if (question.number)
            continue; // answered from the learner's own run: no fixed answer for an LMS to check
        out << "// rlab-question: " << join(questionTagWords(question), ' ') << "\n";
        out << "::" << giftEscaped(question.id) << "::" << giftEscaped(question.text.value) << " {\n";
        for (std::size_t i = 0; i < question.options.size(); ++i) {
            const Option& option = question.options[i];
            const bool correct = static_cast<int>(i) == question.answer;
            out << "\t" << (correct ? "=" : "~") << giftEscaped(option.text.value);
            if (!correct && !option.whyWrong.value.empty())
                out << "#" << giftEscaped(option.whyWrong.value);
            out << "\n";
        }
        if (!question.explanation.value.empty())
            out << "\t####" << giftEscaped(question.explanation.value) << "\n";
        out << "}\n\n";
    }
    return out.str();
}

void markQuizUntranslated(Quiz& quiz, const std::string& fields)
{
    for (const std::string& field : split(fields, ',')) {
        if (field == "title")
            quiz.title.fallback = true;
        else if (field == "description")
            quiz.description.fallback = true;
    }
}

// What a GIFT question that is no single-answer multiple choice is: its type (counted) and the
// phrase that says so.
std::pair<std::string, std::string> giftOtherType(
    std::size_t answers, std::size_t corrects, bool weighted, bool matching)
{
    if (answers == 0)
        return {"essay", "an essay question (no answers)"};
    if (corrects == answers && !matching)
        return {"short answer", "a short-answer question"};
    if (weighted)
        return {"weighted", "weighted (partial credit)"};
    return {matching ? "matching" : "multiple answer", "not single-answer multiple choice"};
}

// Reads GIFT: comments (rlab- lines kept), $CATEGORY, and questions, each up to its closing '}'.
class GiftReader {
public:
    GiftReader(const std::string& text, std::string name)
        : m_text(text)
        , m_name(std::move(name))
    {
    }

    std::optional<ImportedQuiz> read(std::string* error)
    {
        try {
            scan();
        } catch (const std::string& sentence) {
            *error = sentence;
            return std::nullopt;
        }
        if (m_quiz.quiz.title.value.empty())
            m_quiz.quiz.title.value = m_category;
        return std::move(m_quiz);
    }

private:
    [[noreturn]] void fail(int line, const std::string& what) const
    {
        throw m_name + ":" + std::to_string(line) + ": " + what;
    }

    void scan()
    {
        std::size_t at = 0;
        int line = 1;
        QuestionTags pending;
        while (at < m_text.size()) {
            const std::size_t end = std::min(m_text.find('\n', at), m_text.size());
            const std::string current = trimmed(std::string_view(m_text).substr(at, end - at));
            if (current.empty()) {
            } else if (current.starts_with("$CATEGORY:")) {
                m_category = lastCategoryPart(trimmed(std::string_view(current).substr(10)));
            } else if (current.starts_with("//")) {
                comment(trimmed(std::string_view(current).substr(2)), pending);
            } else {
                if (++m_questions > kMostImportQuestions)
                    fail(line,
                        "holds more than " + std::to_string(kMostImportQuestions)
                            + " questions, more than any quiz export; refused");
                at = question(at, line, std::exchange(pending, {}));
                continue;
            }
            at = end + 1;
            ++line;
        }
    }

    void comment(const std::string& text, QuestionTags& pending)
    {
        const auto value = [&](std::string_view key) -> std::optional<std::string> {
            if (!text.starts_with(key))
                return std::nullopt;
            return trimmed(std::string_view(text).substr(key.size()));
        };
        if (auto quiz = value("rlab-quiz:")) {
            for (const std::string& word : split(*quiz, ' ')) {
                const std::size_t equals = word.find('=');
                const std::string key = word.substr(0, equals == std::string::npos ? 0 : equals);
                const std::string got = equals == std::string::npos ? "" : word.substr(equals + 1);
                if (key == "id")
                    m_quiz.quiz.id = got;
                else if (key == "level")
                    m_quiz.quiz.level = got;
                else if (key == "guide")
                    m_quiz.quiz.guide = got;
                else if (key == "language")
                    m_quiz.language = got;
                else if (key == "untranslated")
                    markQuizUntranslated(m_quiz.quiz, got);
            }
        } else if (auto title = value("rlab-title:")) {
            m_quiz.quiz.title.value = commentText(*title);
        } else if (auto description = value("rlab-description:")) {
            m_quiz.quiz.description.value = commentText(*description);
        } else if (auto tags = value("rlab-question:")) {
            for (const std::string& word : split(*tags, ' '))
                readTagWord(word, pending);
        }
    }

    // The question starting at `at` (line `line`); returns where the text after it starts.
    std::size_t question(std::size_t at, int& line, const QuestionTags& tags)
    {
        const int first = line;
        std::string name, text, general;
        struct Answer {
            bool correct = false;
            std::string text, feedback;
            bool weighted = false;
        };
        std::vector<Answer> answers;
        enum class Part { Text, Answer, Feedback, General } part = Part::Text;
        bool inBlock = false, closed = false;
        std::string* into = &text;
        std::size_t i = at;
        if (m_text.compare(i, 2, "::") == 0) {
            const std::size_t close = unescapedFind(i + 2, "::", line);
            name = unescaped(m_text.substr(i + 2, close - i - 2));
            i = close + 2;
        }
        for (; i < m_text.size() && !closed; ++i) {
            const char c = m_text[i];
            if (c == '\n')
                ++line;
            if (c == '\\' && i + 1 < m_text.size()) {
                if (into) // an escape between answers, before the first one, is nothing
                    *into += m_text[i + 1] == 'n' ? '\n' : m_text[i + 1];
                ++i;
                continue;
            }
            if (!inBlock) {
                if (c == '{') {
                    inBlock = true;
                    into = nullptr;
                } else if (c == '}') {
                    fail(line, "a '}' closes no answers (write \\} for the character)");
                } else {
                    text += c == '\n' ? ' ' : c;
                }
                continue;
            }
            if (c == '}') {
                closed = true;
            } else if (c == '=' || c == '~') {
                if (answers.size() >= kMostImportAnswers)
                    fail(first,
                        "question '" + name + "' has more than " + std::to_string(kMostImportAnswers)
                            + " answers; refused");
                answers.push_back({c == '=', {}, {}, i + 1 < m_text.size() && m_text[i + 1] == '%'});
                part = Part::Answer;
                into = &answers.back().text;
            } else if (c == '#' && m_text.compare(i, 4, "####") == 0) {
                part = Part::General;
                into = &general;
                i += 3;
            } else if (c == '#' && part == Part::Answer) {
                part = Part::Feedback;
                into = &answers.back().feedback;
            } else if (into) {
                *into += c == '\n' ? ' ' : c;
            } else if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                const std::string type = c == 'T' || c == 'F' ? "true/false"
                    : c == '#'                                ? "numerical"
                                                              : "other";
                countSkippedType(m_quiz, type);
                m_quiz.skipped.push_back(m_name + ":" + std::to_string(line) + ": question '" + name
                    + "' is not multiple choice (" + type + "), skipped");
                return skipBlock(i, line);
            }
        }
        if (!inBlock || !closed)
            fail(first, "question '" + name + "' has no answers in braces, or its '}' is missing");
        std::size_t next = i;
        const std::size_t lineEnd = std::min(m_text.find('\n', next), m_text.size());
        if (!trimmed(std::string_view(m_text).substr(next, lineEnd - next)).empty()) {
            countSkippedType(m_quiz, "missing word");
            m_quiz.skipped.push_back(m_name + ":" + std::to_string(first) + ": question '" + name
                + "' is a missing-word question (text after its answers), skipped");
            return lineEnd;
        }
        const auto corrects
            = std::count_if(answers.begin(), answers.end(), [](const Answer& a) { return a.correct; });
        const bool weighted
            = std::any_of(answers.begin(), answers.end(), [](const Answer& a) { return a.weighted; });
        if (corrects != 1 || weighted || answers.size() < 2 || text.find("->") != std::string::npos) {
            const auto [type, what] = giftOtherType(answers.size(), static_cast<std::size_t>(corrects),
                weighted, text.find("->") != std::string::npos);
            countSkippedType(m_quiz, type);
            m_quiz.skipped.push_back(
                m_name + ":" + std::to_string(first) + ": question '" + name + "' is " + what + ", skipped");
            return next;
        }
        Question question;
        question.id = name;
        question.text.value = trimmed(text);
        question.explanation.value = trimmed(general);
        applyTags(question, tags);
        for (std::size_t k = 0; k < answers.size(); ++k) {
            Option option;
            option.id
                = k < tags.options.size() ? tags.options[k] : std::string(1, static_cast<char>('a' + k % 26));
            option.text.value = trimmed(answers[k].text);
            if (!answers[k].correct)
                option.whyWrong.value = trimmed(answers[k].feedback);
            else if (!trimmed(answers[k].feedback).empty())
                m_quiz.skipped.push_back(m_name + ":" + std::to_string(first)
                    + ": the correct answer's feedback of '" + name
                    + "' (a quiz explains in its explanation), skipped");
            if (answers[k].correct)
                question.answer = static_cast<int>(k);
            question.options.push_back(std::move(option));
        }
        markUntranslated(question, tags);
        m_quiz.quiz.questions.push_back(std::move(question));
        return next;
    }

    std::size_t skipBlock(std::size_t i, int& line) const
    {
        for (; i < m_text.size() && m_text[i] != '}'; ++i) {
            if (m_text[i] == '\\')
                ++i;
            else if (m_text[i] == '\n')
                ++line;
        }
        return std::min(i + 1, m_text.size());
    }

    std::size_t unescapedFind(std::size_t from, std::string_view what, int line) const
    {
        for (std::size_t i = from; i < m_text.size(); ++i) {
            if (m_text[i] == '\\')
                ++i;
            else if (m_text.compare(i, what.size(), what) == 0)
                return i;
            else if (m_text[i] == '\n')
                break;
        }
        fail(line, "a question name opened with '::' is not closed on its line");
    }

    static std::string unescaped(std::string_view text)
    {
        std::string out;
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] == '\\' && i + 1 < text.size())
                ++i;
            out += text[i];
        }
        return out;
    }

    const std::string& m_text;
    std::string m_name;
    ImportedQuiz m_quiz;
    std::size_t m_questions = 0;
    std::string m_category; // the last $CATEGORY's name: the title when no rlab-title says one
};

// ---- Moodle XML ---------------------------------------------------------------------------------

std::string xmlEscaped(std::string_view text)
{
    std::string out;
    for (const char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string textElement(const std::string& name, const std::string& text)
{
    return "<" + name + " format=\"plain_text\"><text>" + xmlEscaped(text) + "</text></" + name + ">";
}

std::string exportMoodleXml(const Quiz& quiz, const std::string& language)
{
    std::ostringstream out;
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<!-- Recompute Lab quiz '"
        << xmlEscaped(quiz.id) << "' (" << xmlEscaped(language)
        << "), written by rlab export: single-answer multiple choice, each wrong option's feedback says\n"
           "     why it is wrong, the general feedback explains. The rlab- tags carry the quiz's structure\n"
           "     for rlab import. -->\n<quiz>\n";
    std::string category = quiz.title.value;
    for (std::size_t at = 0; (at = category.find('/', at)) != std::string::npos; at += 2)
        category.insert(at, "/");
    out << "  <question type=\"category\">\n    <category><text>$course$/top/" << xmlEscaped(category)
        << "</text></category>\n    " << textElement("info", quiz.description.value) << "\n    <idnumber>"
        << xmlEscaped(quiz.id) << "</idnumber>\n  </question>\n";
    std::vector<std::string> quizTags {"rlab-quiz=" + quiz.id, "rlab-level=" + quiz.level,
        "rlab-guide=" + quiz.guide, "rlab-language=" + language};
    if (const std::string fields = quizUntranslated(quiz, ""); !fields.empty())
        quizTags.push_back("rlab-quiz-" + fields);
    for (const Question& question : quiz.questions) {
        if (question.number)
            continue; // answered from the learner's own run: no fixed answer for an LMS to check
        out << "  <question type=\"multichoice\">\n    <name><text>" << xmlEscaped(question.id)
            << "</text></name>\n    " << textElement("questiontext", question.text.value) << "\n    "
            << textElement("generalfeedback", question.explanation.value)
            << "\n    <defaultgrade>1</defaultgrade>\n    <penalty>0.3333333</penalty>\n    "
               "<hidden>0</hidden>\n"
               "    <idnumber>"
            << xmlEscaped(question.id)
            << "</idnumber>\n    <single>true</single>\n    <shuffleanswers>true</shuffleanswers>\n"
               "    <answernumbering>abc</answernumbering>\n";
        for (std::size_t i = 0; i < question.options.size(); ++i) {
            const Option& option = question.options[i];
            const bool correct = static_cast<int>(i) == question.answer;
            out << "    <answer fraction=\"" << (correct ? "100" : "0") << "\" format=\"plain_text\"><text>"
                << xmlEscaped(option.text.value) << "</text>"
                << textElement("feedback", option.whyWrong.value) << "</answer>\n";
        }
        out << "    <tags>";
        std::vector<std::string> tags = quizTags;
        for (const std::string& word : questionTagWords(question))
            tags.push_back("rlab-" + word);
        for (const std::string& tag : tags)
            out << "<tag><text>" << xmlEscaped(tag) << "</text></tag>";
        out << "</tags>\n  </question>\n";
    }
    out << "</quiz>\n";
    return out.str();
}

// Collects <question> elements: their type, and the text of each element path inside them.
class MoodleReader {
public:
    MoodleReader(const std::string& text, std::string name)
        : m_text(text)
        , m_name(std::move(name))
    {
    }

    std::optional<ImportedQuiz> read(std::string* error)
    {
        // No encoding forced: the declaration's is used (expat reads UTF-8, UTF-16, ISO-8859-1 and
        // US-ASCII) and the handlers get UTF-8 whatever the file's is.
        XML_Parser parser = XML_ParserCreate(nullptr);
        XML_SetUserData(parser, this);
        XML_SetElementHandler(
            parser,
            [](void* self, const XML_Char* element, const XML_Char** attributes) {
                static_cast<MoodleReader*>(self)->start(element, attributes);
            },
            [](void* self, const XML_Char*) { static_cast<MoodleReader*>(self)->end(); });
        XML_SetCharacterDataHandler(parser, [](void* self, const XML_Char* text, int length) {
            static_cast<MoodleReader*>(self)->characters(
                std::string_view(text, static_cast<std::size_t>(length)));
        });
        // No document type: Moodle writes none, and refusing it refuses every entity trick with it.
        XML_SetStartDoctypeDeclHandler(
            parser, [](void* self, const XML_Char*, const XML_Char*, const XML_Char*, int) {
                static_cast<MoodleReader*>(self)->m_doctype = true;
            });
        m_parser = parser;
        const bool parsed
            = XML_Parse(parser, m_text.data(), static_cast<int>(m_text.size()), 1) == XML_STATUS_OK;
        const int line = static_cast<int>(XML_GetCurrentLineNumber(parser));
        const std::string said = parsed ? ""
            : XML_GetErrorCode(parser) == XML_ERROR_UNKNOWN_ENCODING
            ? "its declared encoding is none expat reads: UTF-8, UTF-16, ISO-8859-1 or US-ASCII; save it as "
              "UTF-8"
            : XML_ErrorString(XML_GetErrorCode(parser));
        XML_ParserFree(parser);
        if (!m_refused.empty()) {
            *error = m_refused;
            return std::nullopt;
        }
        if (m_doctype) {
            *error
                = m_name + ": holds a document type (<!DOCTYPE>), which a Moodle XML file never has; refused";
            return std::nullopt;
        }
        if (!parsed) {
            *error = m_name + ":" + std::to_string(line) + ": not well-formed XML (" + said + ")";
            return std::nullopt;
        }
        if (!m_sawQuiz) {
            *error = m_name + ": not a Moodle XML file (no <quiz> element)";
            return std::nullopt;
        }
        return std::move(m_quiz);
    }

private:
    void start(const XML_Char* element, const XML_Char** attributes)
    {
        // Refused before it costs: each element below is read in time linear in the file.
        if (m_path.size() >= kMostXmlDepth || ++m_elements > kMostXmlElements) {
            m_refused = m_name + ":" + std::to_string(XML_GetCurrentLineNumber(m_parser)) + ": "
                + (m_path.size() >= kMostXmlDepth
                        ? "elements nest deeper than " + std::to_string(kMostXmlDepth)
                            + " levels, which no Moodle XML question does; refused"
                        : "holds more than " + std::to_string(kMostXmlElements)
                            + " elements, more than any quiz export; refused");
            XML_StopParser(m_parser, XML_FALSE);
            return;
        }
        const std::string name = element;
        std::map<std::string, std::string> attrs;
        for (int i = 0; attributes[i]; i += 2)
            attrs[attributes[i]] = attributes[i + 1];
        if (m_path.empty() && name == "quiz")
            m_sawQuiz = true;
        m_path.push_back(name);
        m_textOf.clear();
        if (m_path.size() == 2 && name == "question") {
            m_question = {};
            m_question.type = attrs["type"];
            m_question.line = static_cast<int>(XML_GetCurrentLineNumber(m_parser));
        } else if (m_path.size() == 3 && name == "answer" && !m_path.empty()) {
            m_question.answers.push_back({attrs["fraction"], {}, {}});
        }
        if (m_path.size() >= 3 && attrs.count("format") && attrs["format"] == "html")
            m_question.html = true;
    }

    void characters(std::string_view text) { m_textOf += text; }

    void end()
    {
        if (m_path.empty())
            return;
        const std::string joined = pathInQuestion();
        if (m_path.size() >= 3 && m_path.back() == "text") {
            if (joined == "name/text")
                m_question.name = m_textOf;
            else if (joined == "questiontext/text")
                m_question.text = m_textOf;
            else if (joined == "generalfeedback/text")
                m_question.general = m_textOf;
            else if (joined == "answer/text" && !m_question.answers.empty())
                m_question.answers.back().text = m_textOf;
            else if (joined == "answer/feedback/text" && !m_question.answers.empty())
                m_question.answers.back().feedback = m_textOf;
            else if (joined == "tags/tag/text")
                m_question.tags.push_back(m_textOf);
            else if (joined == "category/text")
                m_question.category = m_textOf;
            else if (joined == "info/text")
                m_question.info = m_textOf;
        } else if (joined == "single") {
            m_question.single = trimmed(m_textOf) != "false" && trimmed(m_textOf) != "0";
        } else if (joined == "idnumber") {
            m_question.idnumber = trimmed(m_textOf);
        }
        if (m_path.size() == 2 && m_path.back() == "question")
            finishQuestion();
        m_path.pop_back();
        m_textOf.clear();
    }

    std::string pathInQuestion() const
    {
        std::string joined;
        for (std::size_t i = 2; i < m_path.size(); ++i)
            joined += (joined.empty() ? "" : "/") + m_path[i];
        return joined;
    }

    void finishQuestion()
    {
        const std::string where = m_name + ":" + std::to_string(m_question.line) + ": ";
        if (m_question.type == "category") {
            m_quiz.quiz.title.value = lastCategoryPart(m_question.category);
            m_quiz.quiz.description.value = m_question.info;
            if (!m_question.idnumber.empty())
                m_quiz.quiz.id = m_question.idnumber;
            return;
        }
        const std::string name = trimmed(m_question.name);
        if (m_question.type != "multichoice") {
            countSkippedType(m_quiz, m_question.type);
            m_quiz.skipped.push_back(where + "question '" + name + "' is of type '" + m_question.type
                + "', not multiple choice, skipped");
            return;
        }
        const auto corrects = std::count_if(m_question.answers.begin(), m_question.answers.end(),
            [](const Answer& answer) { return fraction(answer) >= 99.99; });
        const bool partial = std::any_of(m_question.answers.begin(), m_question.answers.end(),
            [](const Answer& a) { return fraction(a) > 0 && fraction(a) < 99.99; });
        if (!m_question.single || corrects != 1 || partial) {
            countSkippedType(m_quiz, "multiple-answer multichoice");
            m_quiz.skipped.push_back(where + "question '" + name
                + "' is not single-answer multiple choice (one answer at 100%), skipped");
            return;
        }
        if (m_question.html)
            m_quiz.skipped.push_back(where + "question '" + name
                + "' is written in HTML; its text is kept as written, tags included (a quiz text is plain)");
        QuestionTags tags;
        for (const std::string& tag : m_question.tags) {
            const std::string word = trimmed(tag);
            if (!word.starts_with("rlab-"))
                continue;
            const std::string inner = word.substr(5);
            const std::size_t equals = inner.find('=');
            const std::string key = inner.substr(0, equals == std::string::npos ? 0 : equals);
            const std::string value = equals == std::string::npos ? "" : inner.substr(equals + 1);
            if (key == "quiz" && m_quiz.quiz.id.empty())
                m_quiz.quiz.id = value;
            else if (key == "level")
                m_quiz.quiz.level = value;
            else if (key == "guide")
                m_quiz.quiz.guide = value;
            else if (key == "language")
                m_quiz.language = value;
            else if (key == "quiz-untranslated")
                markQuizUntranslated(m_quiz.quiz, value);
            else
                readTagWord(inner, tags);
        }
        Question question;
        question.id = name.empty() ? m_question.idnumber : name;
        question.text.value = trimmed(m_question.text);
        question.explanation.value = trimmed(m_question.general);
        applyTags(question, tags);
        for (std::size_t k = 0; k < m_question.answers.size(); ++k) {
            const Answer& answer = m_question.answers[k];
            Option option;
            option.id
                = k < tags.options.size() ? tags.options[k] : std::string(1, static_cast<char>('a' + k % 26));
            option.text.value = trimmed(answer.text);
            const bool correct = fraction(answer) >= 99.99;
            if (correct) {
                question.answer = static_cast<int>(k);
                if (!trimmed(answer.feedback).empty())
                    m_quiz.skipped.push_back(where + "the correct answer's feedback of '" + name
                        + "' (a quiz explains in its explanation), skipped");
            } else {
                option.whyWrong.value = trimmed(answer.feedback);
            }
            question.options.push_back(std::move(option));
        }
        markUntranslated(question, tags);
        m_quiz.quiz.questions.push_back(std::move(question));
    }

    struct Answer {
        std::string fraction, text, feedback;
    };
    // The answer's grade in percent; anything but a plain number counts as 0.
    static double fraction(const Answer& answer)
    {
        const std::optional<double> value = text::parseNumber(trimmed(answer.fraction));
        return value.value_or(0);
    }
    struct Pending {
        std::string type, name, text, general, category, info, idnumber;
        std::vector<Answer> answers;
        std::vector<std::string> tags;
        bool single = true, html = false;
        int line = 0;
    };

    const std::string& m_text;
    std::string m_name;
    XML_Parser m_parser = nullptr;
    std::vector<std::string> m_path;
    std::string m_textOf;
    Pending m_question;
    ImportedQuiz m_quiz;
    bool m_sawQuiz = false, m_doctype = false;
    std::size_t m_elements = 0;
    std::string m_refused; // why the parser was stopped
};

// ---- the pack's YAML ----------------------------------------------------------------------------

std::string sourceYaml(const Quiz& quiz)
{
    YAML::Emitter out;
    out << YAML::BeginMap << YAML::Key << "schema" << YAML::Value << 1;
    // A platform's own file carries no level, guide or guide sections: left out, so that rlab
    // check-content asks for each where it belongs.
    out << YAML::Key << "id" << YAML::Value << quiz.id;
    if (!quiz.level.empty())
        out << YAML::Key << "level" << YAML::Value << quiz.level;
    if (!quiz.guide.empty())
        out << YAML::Key << "guide" << YAML::Value << quiz.guide;
    out << YAML::Key << "title" << YAML::Value << quiz.title.value;
    out << YAML::Key << "description" << YAML::Value << quiz.description.value;
    out << YAML::Key << "questions" << YAML::Value << YAML::BeginSeq;
    for (const Question& question : quiz.questions) {
        out << YAML::BeginMap << YAML::Key << "id" << YAML::Value << question.id;
        if (!question.demo.empty()) // a question may have no demo
            out << YAML::Key << "demo" << YAML::Value << question.demo;
        if (!question.demoView.empty())
            out << YAML::Key << "demo_view" << YAML::Value << question.demoView;
        if (question.demoAnswer) {
            out << YAML::Key << "demo_answer" << YAML::Value << YAML::Flow << YAML::BeginMap;
            out << YAML::Key << "quantity" << YAML::Value
                << std::string(claimQuantityName(question.demoAnswer->quantity));
            out << YAML::Key << "run" << YAML::Value << question.demoAnswer->run;
            if (!question.demoAnswer->than.empty())
                out << YAML::Key << "than" << YAML::Value << question.demoAnswer->than;
            out << YAML::EndMap;
        }
        if (!question.hiddenRuns.empty())
            out << YAML::Key << "hidden_runs" << YAML::Value << YAML::Flow << question.hiddenRuns;
        if (question.planner) {
            // Every field as the loader read it (the scenario's word, a pair a key); the budget in bytes.
            out << YAML::Key << "planner" << YAML::Value << YAML::Flow << YAML::BeginMap;
            for (const auto& [key, value] : rlab::planner::scenarioPairs(*question.planner))
                out << YAML::Key << key << YAML::Value << value;
            out << YAML::EndMap;
        }
        if (!question.guideSection.empty())
            out << YAML::Key << "guide_section" << YAML::Value << question.guideSection;
        if (!question.seeAlso.empty()) {
            out << YAML::Key << "see_also" << YAML::Value << YAML::Flow << YAML::BeginSeq;
            for (const Question::SeeAlso& other : question.seeAlso)
                out << other.quiz + "/" + other.question;
            out << YAML::EndSeq;
        }
        out << YAML::Key << "answer" << YAML::Value << question.answer + 1;
        out << YAML::Key << "text" << YAML::Value << question.text.value;
        out << YAML::Key << "explanation" << YAML::Value << question.explanation.value;
        out << YAML::Key << "options" << YAML::Value << YAML::BeginSeq;
        for (const Option& option : question.options) {
            out << YAML::BeginMap << YAML::Key << "id" << YAML::Value << option.id;
            out << YAML::Key << "text" << YAML::Value << option.text.value;
            if (!option.whyWrong.value.empty())
                out << YAML::Key << "why_wrong" << YAML::Value << option.whyWrong.value;
            out << YAML::EndMap;
        }
        out << YAML::EndSeq << YAML::EndMap;
    }
    out << YAML::EndSeq << YAML::EndMap;
    return std::string(
               "# Made by rlab import from an LMS export; the structure (ids, answers, demos) lives here.\n")
        + out.c_str() + "\n";
}

std::string translationYaml(const Quiz& source, const ImportedQuiz& translated)
{
    std::map<std::string, const Question*> byId;
    for (const Question& question : translated.quiz.questions)
        byId[question.id] = &question;
    YAML::Emitter out;
    out << YAML::BeginMap << YAML::Key << "schema" << YAML::Value << 1;
    out << YAML::Key << "language" << YAML::Value << translated.language;
    out << YAML::Key << "quiz" << YAML::Value << source.id;
    if (!translated.quiz.title.value.empty() && !translated.quiz.title.fallback)
        out << YAML::Key << "title" << YAML::Value << translated.quiz.title.value;
    if (!translated.quiz.description.value.empty() && !translated.quiz.description.fallback)
        out << YAML::Key << "description" << YAML::Value << translated.quiz.description.value;
    out << YAML::Key << "questions" << YAML::Value << YAML::BeginMap;
    for (const Question& question : source.questions) {
        const auto found = byId.find(question.id);
        if (found == byId.end())
            continue; // falls back to English, which the app marks
        const Question& other = *found->second;
        out << YAML::Key << question.id << YAML::Value << YAML::BeginMap;
        if (!other.text.fallback)
            out << YAML::Key << "text" << YAML::Value << other.text.value;
        if (!other.explanation.value.empty() && !other.explanation.fallback)
            out << YAML::Key << "explanation" << YAML::Value << other.explanation.value;
        out << YAML::Key << "options" << YAML::Value << YAML::BeginMap;
        for (std::size_t k = 0; k < question.options.size() && k < other.options.size(); ++k) {
            const Option& option = other.options[k];
            if (option.text.fallback && (option.whyWrong.fallback || option.whyWrong.value.empty()))
                continue;
            out << YAML::Key << question.options[k].id << YAML::Value << YAML::BeginMap;
            if (!option.text.fallback)
                out << YAML::Key << "text" << YAML::Value << option.text.value;
            if (!option.whyWrong.value.empty() && !option.whyWrong.fallback)
                out << YAML::Key << "why_wrong" << YAML::Value << option.whyWrong.value;
            out << YAML::EndMap;
        }
        out << YAML::EndMap << YAML::EndMap;
    }
    out << YAML::EndMap << YAML::EndMap;
    return std::string("# Made by rlab import: translations by id; the structure is quiz.yaml's.\n")
        + out.c_str() + "\n";
}

// GIFT's text with a UTF-8 byte order mark dropped and CR LF or CR line endings made LF (Moodle
// writes GIFT from Windows editors as often as from others).
std::string giftLines(std::string_view text)
{
    if (text.starts_with("\xEF\xBB\xBF"))
        text.remove_prefix(3);
    std::string lines;
    lines.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\r')
            lines += text[i];
        else if (i + 1 >= text.size() || text[i + 1] != '\n')
            lines += '\n';
    }
    return lines;
}

// A name as an id the loader accepts: lowercase letters, digits and '-' (Latin-1 letters without
// their accents; anything else a '-'), at most 48 characters; empty when nothing is left.
std::string slugId(std::string_view name)
{
    // U+00C0..U+00FF without accents ('-': no letter), for "Café" as "cafe".
    static constexpr std::string_view kLatin1 = "aaaaaaaceeeeiiiidnooooo-ouuuuyts"
                                                "aaaaaaaceeeeiiiidnooooo-ouuuuyty";
    std::string id;
    for (std::size_t i = 0; i < name.size() && id.size() < 48; ++i) {
        const auto c = static_cast<unsigned char>(name[i]);
        char out = '-';
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            out = static_cast<char>(c);
        else if (c >= 'A' && c <= 'Z')
            out = static_cast<char>(c - 'A' + 'a');
        else if ((c == 0xC3) && i + 1 < name.size()) {
            const auto next = static_cast<unsigned char>(name[i + 1]);
            if (next >= 0x80 && next <= 0xBF)
                out = kLatin1[next - 0x80];
            ++i;
        } else if (c >= 0x80) {
            while (i + 1 < name.size() && (static_cast<unsigned char>(name[i + 1]) & 0xC0) == 0x80)
                ++i; // another script's letter: a separator here
        }
        if (out != '-' || (!id.empty() && id.back() != '-'))
            id += out;
    }
    while (!id.empty() && id.back() == '-')
        id.pop_back();
    return id;
}

// Ids for a platform's own file: the quiz's from the file name, each question's from its name or
// its text's first words, unique. An rlab export's ids are ids already and stay as they are.
void giveIds(ImportedQuiz& imported, const std::string& fileName)
{
    Quiz& quiz = imported.quiz;
    const std::string stem = fs::path(fileName).stem().string();
    if (quiz.id.empty())
        quiz.id = slugId(stem).empty() ? "imported-quiz" : slugId(stem);
    if (quiz.title.value.empty())
        quiz.title.value = stem;
    std::map<std::string, int> seen;
    for (Question& question : quiz.questions) {
        if (!isId(question.id)) {
            std::string words = trimmed(question.id).empty() ? question.text.value : question.id;
            std::string id = slugId(words);
            if (trimmed(question.id).empty() && id.size() > 32) // the text's first words
                id = id.substr(0, id.rfind('-', 32) == std::string::npos ? 32 : id.rfind('-', 32));
            question.id = id.empty() ? "question" : id;
        }
        if (const int times = ++seen[question.id]; times > 1)
            question.id += "-" + std::to_string(times);
    }
}

} // namespace

std::optional<LmsFormat> parseLmsFormat(std::string_view name)
{
    if (name == "gift")
        return LmsFormat::Gift;
    if (name == "moodle-xml")
        return LmsFormat::MoodleXml;
    return std::nullopt;
}

std::string exportQuiz(const Quiz& quiz, LmsFormat format, const std::string& language)
{
    return format == LmsFormat::Gift ? exportGift(quiz, language) : exportMoodleXml(quiz, language);
}

std::optional<ImportedQuiz> importQuiz(
    const std::string& text, LmsFormat format, const std::string& name, std::string* error)
{
    std::optional<ImportedQuiz> quiz = format == LmsFormat::Gift
        ? GiftReader(giftLines(text), name).read(error)
        : MoodleReader(text, name).read(error);
    if (!quiz)
        return quiz;
    if (quiz->quiz.questions.empty()) {
        std::string types;
        for (const auto& [type, count] : quiz->skippedTypes)
            types += (types.empty() ? "" : ", ") + std::to_string(count) + " " + type;
        *error = name + ": holds no single-answer multiple-choice question to import"
            + (types.empty() ? std::string()
                             : ", only " + types + " (rlab imports single-answer multiple choice)");
        return std::nullopt;
    }
    giveIds(*quiz, name);
    return quiz;
}

std::string writeQuizPack(
    const ImportedQuiz& source, const std::vector<ImportedQuiz>& translations, const fs::path& dir)
{
    const Quiz& quiz = source.quiz;
    // The quiz id names a folder: only an id the loader accepts, never a path.
    if (!isId(quiz.id))
        return "The quiz id '" + quiz.id
            + "' is missing or not lowercase letters, digits and '-' (an rlab export names it in its "
              "rlab-quiz line or "
              "rlab-quiz tag)";
    for (const Question& question : quiz.questions) {
        if (!isId(question.id))
            return "Question '" + question.id
                + "' has no id rlab can use (lowercase letters, digits and '-')";
    }
    for (const ImportedQuiz& translated : translations)
        if (!isId(translated.language) || translated.language == "en")
            return "A translation's language '" + translated.language
                + "' is not a language code like ru or sn";
    // All or none, never through a link: the quiz and its translations are written whole beside
    // their names and renamed together (rlab/safe_write.h); DIR is the teacher's, quizzes/<id> ours.
    std::error_code made;
    fs::create_directories(dir, made);
    FileBatch batch(dir.string());
    const std::string folder = "quizzes/" + quiz.id + "/";
    const auto add = [&](const std::string& name, const std::string& text) {
        const std::optional<std::string> problem = batch.add(folder + name, text);
        return problem ? "Cannot write " + (dir / (folder + name)).string() + ": " + *problem : std::string();
    };
    if (std::string problem = add("quiz.yaml", sourceYaml(quiz)); !problem.empty())
        return problem;
    for (const ImportedQuiz& translated : translations)
        if (std::string problem
            = add("quiz." + translated.language + ".yaml", translationYaml(quiz, translated));
            !problem.empty())
            return problem;
    if (const std::optional<std::string> problem = batch.commit())
        return "Cannot write " + (dir / folder).string() + ": " + *problem;
    return {};
}

} // namespace rlab::content
