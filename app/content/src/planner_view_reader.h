#pragma once
// A question's `planner:` (content/README.md "Planner views"): the Planner page's model, budget and
// cluster, each value checked as `rlab plan` checks it, so that a view that loads can be planned.

#include <optional>

#include "rlab/content/content.h"
#include "yaml_tree.h"

namespace rlab::content {

class FileReport;

// The view, or nullopt when anything in it is wrong (each problem reported at its place).
std::optional<PlannerView> readPlannerView(
    const YamlNode& node, FileReport& report, const std::string& questionId);

} // namespace rlab::content
