#include "plannerform.h"

#include <QTimer>

namespace rlab::planner {

namespace {
constexpr int kTypingPauseMs = 250; // replan once the learner stops typing for this long
} // namespace

PlannerForm::PlannerForm(QObject* parent)
    : QObject(parent)
    , m_pause(new QTimer(this))
{
    m_pause->setSingleShot(true);
    m_pause->setInterval(kTypingPauseMs);
    connect(m_pause, &QTimer::timeout, this, &PlannerForm::replan);
}

void PlannerForm::setScenario(const Scenario& scenario)
{
    m_scenario = scenario;
    m_pause->start();
}

void PlannerForm::replan()
{
    m_pause->stop();
    std::string error;
    m_report = plan(scenarioRequest(m_scenario), &error);
    m_problem = m_report ? QString() : QString::fromStdString(error);
    emit planned();
}

} // namespace rlab::planner
