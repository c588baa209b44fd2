// The yardstick, the machine's speed history and the step-time interval widened by its wander
// (rlab/wander.h says why).
#include "rlab/wander.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <mutex>
#include <optional>
#include <string>
#include <sys/stat.h>
#include <system_error>
#include <thread>
#include <unistd.h>

#include "rlab/layout.h"
#include "rlab/words.h"

namespace rlab {

namespace {

constexpr int kYardstickTimedSteps = 3;
// The log is cut back to its newest lines when it grows past this.
constexpr std::uintmax_t kSpeedLogBytes = 64 * 1024;
constexpr int kSpeedLogKeptLines = 256;
constexpr std::streamoff kSpeedLogReadBytes = 128 * 1024;

RunConfig yardstickConfig(Device device, int threads)
{
    RunConfig c;
    c.shape = ModelShape {2, 32, 2, 16, 2, 64};
    c.policy = RecomputePolicy {};
    c.steps = 2; // it is only ever stepped (Training::step takes steps beyond these)
    c.maxSteps = 2;
    c.device = device;
    c.threads = threads;
    c.recordTimeline = false;
    c.keepGradients = false;
    return c;
}

std::string_view deviceWord(Device device)
{
    return device == Device::Cuda ? "cuda" : "cpu";
}

// Written and read with std::to_chars and std::from_chars: the app runs under the learner's
// locale, where printf would write 0,16 (and a stream could read it so).
std::string logLine(std::int64_t now, Device device, int threads, double ms)
{
    char number[64];
    std::string line = "rlab-speed 1 ";
    line.append(number, std::to_chars(number, number + sizeof number, now).ptr);
    line.append(" ").append(deviceWord(device)).append(" ");
    line.append(number, std::to_chars(number, number + sizeof number, threads).ptr);
    line.append(" ");
    line.append(number, std::to_chars(number, number + sizeof number, ms).ptr);
    return line + "\n";
}

// The fields of one line, split at spaces.
std::vector<std::string_view> fieldsOf(std::string_view line)
{
    std::vector<std::string_view> fields;
    std::size_t at = 0;
    while (at < line.size()) {
        const std::size_t end = std::min(line.find(' ', at), line.size());
        if (end > at)
            fields.push_back(line.substr(at, end - at));
        at = end + 1;
    }
    return fields;
}

template<typename T> bool whole(std::string_view text, T* value)
{
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), *value);
    return error == std::errc {} && end == text.data() + text.size();
}

std::int64_t unixNow()
{
    return std::chrono::duration_cast<std::chrono::seconds>(
        std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::mutex& historyMutex()
{
    static std::mutex m;
    return m;
}

std::string& processHistory() // the lines of this process's runs, for when there is no log
{
    static std::string lines;
    return lines;
}

// The log's last kSpeedLogReadBytes at most (from a line's start): the newest lines are all that count.
std::string readTail(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    const std::streamoff size = in.tellg();
    if (!in || size <= 0)
        return {};
    const std::streamoff from = std::max<std::streamoff>(0, size - kSpeedLogReadBytes);
    in.seekg(from);
    std::string text(static_cast<std::size_t>(size - from), '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(std::max<std::streamsize>(0, in.gcount())));
    if (from > 0) // drop the cut line
        text.erase(0, std::min(text.size(), text.find('\n') + 1));
    return text;
}

// Keeps the newest `lines` lines of `text`.
void keepNewestLines(std::string& text, int lines)
{
    std::size_t cut = text.size();
    for (int kept = 0; kept <= lines && cut > 0 && cut != std::string::npos; ++kept)
        cut = text.rfind('\n', cut - 1);
    if (cut != std::string::npos && cut < text.size())
        text.erase(0, cut + 1);
}

// The log's recent lines, then `line` appended to it (creating its folder; past kSpeedLogBytes the
// log is rewritten with its newest lines, in one rename). Nothing when the log cannot be written.
std::optional<std::string> historyThenLog(const std::filesystem::path& path, const std::string& line)
{
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    // Only a regular file (or none yet) is a log: a link, a pipe or a device is neither read nor
    // written (an ofstream appended to a link's target).
    const std::filesystem::file_status status = std::filesystem::symlink_status(path, ec);
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
        return std::nullopt;
    std::string history = readTail(path);
    {
        // O_NOFOLLOW: a link made since the check is refused too; O_NONBLOCK: so is a pipe.
        const int fd
            = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
        if (fd < 0)
            return std::nullopt;
        struct stat info { };
        bool written = ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode);
        for (std::size_t done = 0; written && done < line.size();) {
            const ssize_t n = ::write(fd, line.data() + done, line.size() - done);
            written = n > 0;
            done += written ? static_cast<std::size_t>(n) : 0;
        }
        if (::close(fd) != 0 || !written)
            return std::nullopt;
    }
    if (history.size() + line.size() > kSpeedLogBytes) {
        // Rewritten whole through a temporary of its own (no fixed ".new" name someone could link).
        std::string kept = history + line;
        keepNewestLines(kept, kSpeedLogKeptLines);
        (void)replaceFileWhole(path.string(), kept); // a log that cannot be cut keeps growing
    }
    return history;
}

} // namespace

Yardstick::Yardstick(Device device, int threads)
    : m_training(std::make_unique<Training>(yardstickConfig(device, threads)))
    , m_device(device)
    , m_threads(threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency())))
{
}

Yardstick::~Yardstick() = default;

void Yardstick::sample()
{
    m_training->step();
    for (int i = 0; i < kYardstickTimedSteps; ++i) {
        const double before = m_training->measuredMs();
        m_training->step();
        m_ms.push_back(m_training->measuredMs() - before);
    }
}

double Yardstick::medianMs() const
{
    return m_ms.empty() ? 0.0 : medianInterval95(m_ms).median;
}

Wander wanderFrom(std::string_view logLines, std::int64_t now, Device device, int threads, double ms)
{
    std::vector<double> logs;
    std::size_t at = 0;
    while (at < logLines.size()) {
        const std::size_t end = std::min(logLines.find('\n', at), logLines.size());
        const std::vector<std::string_view> f = fieldsOf(logLines.substr(at, end - at));
        at = end + 1;
        int version = 0, thr = 0;
        long long when = 0;
        double value = 0;
        if (f.size() != 6 || f[0] != "rlab-speed" || !whole(f[1], &version) || version != 1
            || !whole(f[2], &when) || f[3] != deviceWord(device) || !whole(f[4], &thr) || thr != threads
            || !whole(f[5], &value) || !(value > 0) || !std::isfinite(value))
            continue;
        if (when > now || now - when > kWanderSeconds)
            continue;
        logs.push_back(std::log(value));
    }
    if (logs.size() > static_cast<std::size_t>(kWanderRuns - 1))
        logs.erase(logs.begin(), logs.end() - (kWanderRuns - 1));
    if (ms > 0 && std::isfinite(ms))
        logs.push_back(std::log(ms));
    Wander w;
    w.runs = static_cast<int>(logs.size());
    if (logs.size() < 2)
        return w;
    double mean = 0;
    for (const double x : logs)
        mean += x;
    mean /= static_cast<double>(logs.size());
    double squares = 0;
    for (const double x : logs)
        squares += (x - mean) * (x - mean);
    w.sd = std::sqrt(squares / static_cast<double>(logs.size() - 1));
    return w;
}

std::filesystem::path speedLogPath()
{
    if (const char* named = std::getenv("RLAB_SPEED_LOG"))
        return named;
    // State, not cache: the widening it feeds is lost when a cache is cleared (XDG Base Directory).
    const std::filesystem::path folder = stateFolder();
    return folder.empty() ? folder : folder / "speed.log";
}

Wander recordYardstick(const Yardstick& yardstick)
{
    const double ms = yardstick.medianMs();
    if (!(ms > 0))
        return {};
    const std::int64_t now = unixNow();
    // The history without this run's line: wanderFrom adds this run's median itself.
    const std::string line = logLine(now, yardstick.device(), yardstick.threads(), ms);
    const std::lock_guard lock(historyMutex());
    const std::filesystem::path path = speedLogPath();
    const std::optional<std::string> logged = path.empty() ? std::nullopt : historyThenLog(path, line);
    const std::string history = logged ? *logged : processHistory();
    processHistory() += line;
    keepNewestLines(processHistory(), kSpeedLogKeptLines);
    return wanderFrom(history, now, yardstick.device(), yardstick.threads(), ms);
}

MedianInterval withWander(const MedianInterval& rounds, double sd)
{
    if (!(sd > 0) || !(rounds.median > 0) || !(rounds.low > 0) || !(rounds.high > 0))
        return rounds;
    const double wide = 1.96 * sd;
    const double below = std::log(rounds.median / rounds.low);
    const double above = std::log(rounds.high / rounds.median);
    MedianInterval out = rounds;
    out.low = rounds.median * std::exp(-std::sqrt(below * below + wide * wide));
    out.high = rounds.median * std::exp(std::sqrt(above * above + wide * wide));
    return out;
}

void applyWander(RunResult& result, const Wander& wander)
{
    if (result.stepMsRounds.empty())
        return;
    result.stepMsWanderSd = wander.sd;
    result.stepMsWanderRuns = wander.runs;
    const MedianInterval wide = withWander({.median = result.stepMsMedian,
                                               .low = result.stepMsRoundsCi95Low,
                                               .high = result.stepMsRoundsCi95High},
        wander.sd);
    result.stepMsCi95Low = wide.low;
    result.stepMsCi95High = wide.high;
}

} // namespace rlab
