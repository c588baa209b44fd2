#pragma once
// One self-rewriting status line on stderr while a run trains; silent when stderr is not a
// terminal, so pipes and logs get only the result.

#include <chrono>
#include <string>

#include "rlab/engine.h"

class ProgressLine {
public:
    explicit ProgressLine(std::string label);
    ~ProgressLine();

    void show(const rlab::Progress& progress);
    rlab::ProgressCallback callback(); // show(), for rlab::run

private:
    void clear();

    std::string m_label;
    bool m_enabled = false;
    bool m_shown = false;
    std::chrono::steady_clock::time_point m_lastDraw;
};
