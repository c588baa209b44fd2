#pragma once
// Search over the content a learner reads, in the content's language: every question (its text,
// options and explanation) and every guide section (title and body). Case and accents of the
// query's letters are matched as written in lower case; every word of the query must occur.

#include <QList>
#include <QString>

#include "rlab/content/content.h"

namespace rlab::quiz {

struct SearchHit {
    enum class Kind { Question, GuideSection };
    Kind kind = Kind::Question;
    QString quizId; // the quiz of a question; for a section, a quiz whose question teaches it
    int question = -1; // 0-based; for a section, the first question that teaches it
    QString sectionId; // a section hit's section
    QString title; // what the hit is called: the question's text, the section's title
    QString excerpt; // the words around the first match
};

// The hits for `query` (blank: none), questions first, in content order, at most `limit`.
QList<SearchHit> searchContent(const rlab::content::Content& content, const QString& query, int limit = 50);

} // namespace rlab::quiz
