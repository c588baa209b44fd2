#include "progress_line.h"

#include <cmath>
#include <cstdio>
#include <unistd.h>

#include "rlab/text.h"

ProgressLine::ProgressLine(std::string label)
    : m_label(std::move(label))
    , m_enabled(isatty(STDERR_FILENO) != 0)
{
}

ProgressLine::~ProgressLine()
{
    clear();
}

void ProgressLine::show(const rlab::Progress& progress)
{
    if (!m_enabled)
        return;
    // Redrawing on every op would cost more than small ops; ten times a second is enough to read.
    const auto now = std::chrono::steady_clock::now();
    if (m_shown && now - m_lastDraw < std::chrono::milliseconds(100))
        return;
    m_lastDraw = now;
    const std::string loss
        = std::isnan(progress.lastLoss) ? "" : "  loss " + rlab::text::fixed(progress.lastLoss, 4);
    const std::string block = progress.block >= 0 ? " block " + std::to_string(progress.block) : "";
    std::fprintf(stderr, "\r\033[K%s step %d/%d %s%s %3s%%%s", m_label.c_str(), progress.step + 1,
        progress.steps, std::string(rlab::phaseName(progress.phase)).c_str(), block.c_str(),
        rlab::text::fixed(100.0 * progress.fraction, 0).c_str(), loss.c_str());
    std::fflush(stderr);
    m_shown = true;
}

rlab::ProgressCallback ProgressLine::callback()
{
    return [this](const rlab::Progress& progress) { show(progress); };
}

void ProgressLine::clear()
{
    if (!m_shown)
        return;
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
    m_shown = false;
}
