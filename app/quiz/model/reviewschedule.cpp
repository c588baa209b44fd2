#include "reviewschedule.h"

#include <algorithm>

namespace rlab::quiz {

namespace ReviewSchedule {

int intervalDays(int box)
{
    return 1 << (std::clamp(box, 1, Boxes) - 1);
}

void record(QHash<QString, ReviewCard>& cards, const QString& questionId, bool correct, const QDate& today)
{
    if (!correct) {
        cards.insert(questionId, ReviewCard {1, today.addDays(intervalDays(1))});
        return;
    }
    const auto card = cards.find(questionId);
    if (card == cards.end() || !isDue(card.value(), today))
        return;
    if (card->box >= Boxes) {
        cards.erase(card);
        return;
    }
    card->box += 1;
    card->due = today.addDays(intervalDays(card->box));
}

bool isDue(const ReviewCard& card, const QDate& today)
{
    return card.due <= today;
}

bool isMastered(
    const QHash<QString, ReviewCard>& cards, const QString& questionId, bool correct, const QDate& today)
{
    if (!correct)
        return false;
    const auto card = cards.constFind(questionId);
    return card == cards.cend() || (!isDue(card.value(), today) && card->box > 1);
}

QStringList due(const QHash<QString, ReviewCard>& cards, const QDate& today)
{
    QStringList ids;
    for (auto card = cards.cbegin(); card != cards.cend(); ++card) {
        if (isDue(card.value(), today))
            ids.append(card.key());
    }
    ids.sort();
    return ids;
}

namespace {
struct ReviewTexts {
    Q_DECLARE_TR_FUNCTIONS(ReviewSchedule)
};
} // namespace

QString reviewButtonText(int due)
{
    return ReviewTexts::tr("Review (%n due)", nullptr, due);
}

QString scheduleExplanation()
{
    return ReviewTexts::tr(
        "Questions you answered wrongly come back after 1, 2, 4, 8 and 16 days until you get them right.");
}

} // namespace ReviewSchedule

} // namespace rlab::quiz
