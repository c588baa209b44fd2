#include "contentsearch.h"

#include <algorithm>

#include <QRegularExpression>
#include <QStringList>

namespace rlab::quiz {

namespace {

QString text(const std::string& utf8)
{
    return QString::fromUtf8(utf8.data(), static_cast<qsizetype>(utf8.size()));
}

// Markdown's marks and runs of white space out, so an excerpt reads as prose.
QString readable(const QString& markdown)
{
    static const QRegularExpression marks(QStringLiteral("[`*_#>\\[\\]]"));
    static const QRegularExpression space(QStringLiteral("\\s+"));
    return QString(markdown).remove(marks).replace(space, QStringLiteral(" ")).trimmed();
}

// Every word of `words` in `haystack` (both lower case); the first one's place in *at.
bool matches(const QString& haystack, const QStringList& words, qsizetype* at)
{
    *at = -1;
    for (const QString& word : words) {
        const qsizetype found = haystack.indexOf(word);
        if (found < 0)
            return false;
        if (*at < 0)
            *at = found;
    }
    return true;
}

QString excerptAround(const QString& whole, qsizetype at)
{
    constexpr qsizetype kBefore = 40;
    constexpr qsizetype kLength = 140;
    qsizetype start = std::max<qsizetype>(0, at - kBefore);
    if (start > 0) { // from the start of a word
        const qsizetype space = whole.indexOf(QLatin1Char(' '), start);
        start = space >= 0 && space < at ? space + 1 : start;
    }
    QString excerpt = whole.mid(start, kLength);
    if (start > 0)
        excerpt.prepend(QStringLiteral("…"));
    if (start + kLength < whole.size())
        excerpt.append(QStringLiteral("…"));
    return excerpt;
}

} // namespace

QList<SearchHit> searchContent(const rlab::content::Content& content, const QString& query, int limit)
{
    const QStringList words
        = query.toLower().split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
    QList<SearchHit> hits;
    if (words.isEmpty())
        return hits;
    for (const auto& quiz : content.quizzes) {
        for (std::size_t index = 0; index < quiz.questions.size() && hits.size() < limit; ++index) {
            const auto& question = quiz.questions[index];
            QString whole = readable(text(question.text.value));
            for (const auto& option : question.options)
                whole += QStringLiteral(" · ") + readable(text(option.text.value));
            whole += QStringLiteral(" · ") + readable(text(question.explanation.value));
            qsizetype at = -1;
            if (!matches(whole.toLower(), words, &at))
                continue;
            hits << SearchHit {SearchHit::Kind::Question, text(quiz.id), static_cast<int>(index), {},
                readable(text(question.text.value)), excerptAround(whole, at)};
        }
    }
    for (const auto& [guideId, guide] : content.guides) {
        for (const auto& section : guide.sections) {
            if (hits.size() >= limit)
                return hits;
            const QString whole = readable(text(section.title.value)) + QStringLiteral(" · ")
                + readable(text(section.body.value));
            qsizetype at = -1;
            if (!matches(whole.toLower(), words, &at))
                continue;
            // A section opens beside the first question that teaches it.
            SearchHit hit {SearchHit::Kind::GuideSection, {}, -1, text(section.id),
                readable(text(section.title.value)), excerptAround(whole, at)};
            for (const auto& quiz : content.quizzes) {
                for (std::size_t index = 0; hit.question < 0 && index < quiz.questions.size(); ++index) {
                    if (quiz.guide == guideId && quiz.questions[index].guideSection == section.id) {
                        hit.quizId = text(quiz.id);
                        hit.question = static_cast<int>(index);
                    }
                }
            }
            if (hit.question >= 0)
                hits << hit;
        }
    }
    return hits;
}

} // namespace rlab::quiz
