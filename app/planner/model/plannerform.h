#pragma once
// The Planner page's form as a model (Subsurface's planner model between its core and its widgets):
// it holds the scenario the learner is editing, plans it once the typing pauses, and says when a new
// plan is there. The page only gathers the fields into a scenario and renders the plan.

#include <optional>

#include <QObject>
#include <QString>

#include "rlab/planner/planner.h"
#include "rlab/planner/scenario.h"

class QTimer;

namespace rlab::planner {

class PlannerForm : public QObject {
    Q_OBJECT

public:
    explicit PlannerForm(QObject* parent = nullptr);

    const Scenario& scenario() const { return m_scenario; }
    // Takes the scenario and plans it once the learner stops typing (replan() plans now).
    void setScenario(const Scenario& scenario);
    void replan();
    // The last plan; nullopt while the scenario cannot be planned (problem() says why).
    const std::optional<Report>& report() const { return m_report; }
    QString problem() const { return m_problem; }

signals:
    void planned(); // report() and problem() are new

private:
    Scenario m_scenario;
    std::optional<Report> m_report;
    QString m_problem;
    QTimer* m_pause;
};

} // namespace rlab::planner
