// The memory exports: a run's recorded step replayed allocation by allocation, so every counter
// and block in the files is one the allocator really saw (no resampling, no modelled figures).
#include "rlab/memory_export.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string_view>
#include <unistd.h>
#include <vector>

#include "json_writer.h"
#include "rlab/words.h"

namespace rlab {

namespace {

constexpr std::size_t kHost = static_cast<std::size_t>(MemoryCategory::HostOffloaded);

std::string opName(const RunResult& run, int op)
{
    if (op < 0 || op >= static_cast<int>(run.timeline.size()))
        return "between ops";
    const TimelineEvent& event = run.timeline[static_cast<std::size_t>(op)];
    std::string name(phaseName(event.phase));
    name.append(" ").append(event.op);
    if (event.block >= 0)
        name.append(" (block ").append(std::to_string(event.block)).append(")");
    return name;
}

// Live bytes by category, replayed from the recording's start.
struct LiveBytes {
    std::array<std::uint64_t, kMemoryCategoryCount> byCategory {};
    std::uint64_t device = 0;
    std::uint64_t activations = 0;

    void add(const MemoryBlock& block, bool allocated)
    {
        const auto index = static_cast<std::size_t>(block.category);
        const auto change
            = [&](std::uint64_t& value) { value = allocated ? value + block.bytes : value - block.bytes; };
        change(byCategory[index]);
        if (isDeviceCategory(block.category))
            change(device);
        if (isActivationCategory(block.category))
            change(activations);
    }
};

void counters(detail::JsonWriter& json, int pid, double timeUs, const LiveBytes& live)
{
    json.beginObject();
    json.string("ph", "C");
    json.string("name", "bytes by category");
    json.integer("pid", static_cast<std::int64_t>(pid));
    json.number("ts", timeUs);
    json.beginObject("args");
    for (std::size_t c = 0; c < kMemoryCategoryCount; ++c)
        if (c != kHost)
            json.integer(memoryCategoryName(static_cast<MemoryCategory>(c)), live.byCategory[c]);
    json.endObject();
    json.endObject();
    for (const auto& [name, value] :
        {std::pair {"device bytes", live.device}, std::pair {"activation bytes", live.activations}}) {
        json.beginObject();
        json.string("ph", "C");
        json.string("name", name);
        json.integer("pid", static_cast<std::int64_t>(pid));
        json.number("ts", timeUs);
        json.beginObject("args");
        json.integer("bytes", value);
        json.endObject();
        json.endObject();
    }
}

void traceRun(detail::JsonWriter& json, int pid, const ExportedRun& exported)
{
    const RunResult& run = *exported.result;
    json.beginObject();
    json.string("ph", "M");
    json.string("name", "process_name");
    json.integer("pid", static_cast<std::int64_t>(pid));
    json.beginObject("args");
    json.string("name", exported.label + " (" + run.deviceName + ")");
    json.endObject();
    json.endObject();
    for (const TimelineEvent& event : run.timeline) {
        json.beginObject();
        json.string("ph", "X");
        json.string("name", event.op);
        json.string("cat", phaseName(event.phase));
        json.integer("pid", static_cast<std::int64_t>(pid));
        json.integer("tid", std::int64_t {1});
        json.number("ts", event.startMs * 1000.0);
        json.number("dur", (event.endMs - event.startMs) * 1000.0);
        json.beginObject("args");
        json.string("phase", phaseName(event.phase));
        json.integer("block", static_cast<std::int64_t>(event.block));
        json.integer("live_bytes", event.liveBytes);
        json.integer("activation_bytes", event.activationBytes);
        json.endObject();
        json.endObject();
        // The host pool is a second allocator: its bytes come from the op's own figures.
        json.beginObject();
        json.string("ph", "C");
        json.string("name", "host_offloaded bytes");
        json.integer("pid", static_cast<std::int64_t>(pid));
        json.number("ts", event.endMs * 1000.0);
        json.beginObject("args");
        json.integer("bytes", event.bytesByCategory[kHost]);
        json.endObject();
        json.endObject();
    }
    LiveBytes live;
    for (const MemoryBlock& block : run.memory.liveAtStart)
        live.add(block, true);
    counters(json, pid, 0.0, live);
    for (const AllocationEvent& event : run.memory.events) {
        live.add(event.block, event.allocated);
        counters(json, pid, event.timeUs, live);
    }
}

// Python's pickle, protocol 2, for the few types a memory snapshot holds.
class Pickler {
public:
    Pickler() { m_bytes += "\x80\x02"; }
    void beginDict() { m_bytes += "("; }
    void endDict() { m_bytes += "d"; }
    void beginList() { m_bytes += "("; }
    void endList() { m_bytes += "l"; }
    void string(std::string_view text)
    {
        m_bytes += 'X';
        littleEndian(static_cast<std::uint64_t>(text.size()), 4);
        m_bytes.append(text);
    }
    void integer(std::int64_t value)
    {
        if (value >= INT32_MIN && value <= INT32_MAX) {
            m_bytes += 'J';
            littleEndian(static_cast<std::uint64_t>(value), 4);
            return;
        }
        // LONG1: two's complement, little-endian, in as many bytes as the sign needs (8 here).
        m_bytes += '\x8a';
        m_bytes += '\x08';
        littleEndian(static_cast<std::uint64_t>(value), 8);
    }
    void unsignedInteger(std::uint64_t value)
    {
        if (value <= static_cast<std::uint64_t>(INT64_MAX)) {
            integer(static_cast<std::int64_t>(value));
            return;
        }
        m_bytes += '\x8a';
        m_bytes += '\x09'; // a ninth, zero byte keeps the top bit from reading as a sign
        littleEndian(value, 8);
        m_bytes += '\0';
    }
    void key(std::string_view name) { string(name); }
    std::string take()
    {
        m_bytes += '.';
        return std::move(m_bytes);
    }

private:
    void littleEndian(std::uint64_t value, int bytes)
    {
        for (int i = 0; i < bytes; ++i)
            m_bytes += static_cast<char>((value >> (8 * i)) & 0xff);
    }
    std::string m_bytes;
};

// The category memory_viz colours an event by: the names of PyTorch's memory profiler
// (torch.profiler._memory_profiler.Category), and "unknown" where none applies (a segment). The
// viewer adds "unknown" itself only through a misspelt line (snapshot.categores), so a snapshot
// with categories must hold it already.
std::string_view vizCategory(std::optional<MemoryCategory> category)
{
    if (!category)
        return "unknown";
    switch (*category) {
    case MemoryCategory::Parameters:
        return "parameter";
    case MemoryCategory::Gradients:
        return "gradient";
    case MemoryCategory::OptimizerState:
        return "optimizer_state";
    case MemoryCategory::SavedActivations:
    case MemoryCategory::RecomputeWorkspace:
        return "activation";
    case MemoryCategory::Temporaries:
        return "temporary";
    case MemoryCategory::HostOffloaded:
    case MemoryCategory::Count:
        break;
    }
    return "unknown";
}

// One frame naming the op (the closest a recording comes to a stack) and rlab's own category.
void frames(Pickler& pickle, const std::string& op, std::optional<MemoryCategory> category)
{
    pickle.key("frames");
    pickle.beginList();
    pickle.beginDict();
    pickle.key("name");
    pickle.string(category ? op + " [" + std::string(memoryCategoryName(*category)) + "]" : op);
    pickle.key("filename");
    pickle.string("rlab");
    pickle.key("line");
    pickle.integer(0);
    pickle.endDict();
    pickle.endList();
}

// The blocks live at the end of the step, each with the op that made it (or "before this step").
std::map<std::uint64_t, std::pair<MemoryBlock, std::string>> liveAtEnd(const RunResult& run)
{
    std::map<std::uint64_t, std::pair<MemoryBlock, std::string>> live;
    for (const MemoryBlock& block : run.memory.liveAtStart)
        live[block.address] = {block, "before this step"};
    for (const AllocationEvent& event : run.memory.events) {
        if (event.allocated)
            live[event.block.address] = {event.block, opName(run, event.op)};
        else
            live.erase(event.block.address);
    }
    return live;
}

// The pool's segments held at the end of the step: those at its start, grown and given back since.
std::map<std::uint64_t, std::uint64_t> segmentsAtEnd(const MemoryRecording& memory)
{
    std::map<std::uint64_t, std::uint64_t> held;
    for (const MemorySegment& segment : memory.segmentsAtStart)
        held[segment.address] = segment.bytes;
    for (const SegmentEvent& event : memory.segmentEvents) {
        if (event.taken)
            held[event.segment.address] = event.segment.bytes;
        else
            held.erase(event.segment.address);
    }
    return held;
}

void block(Pickler& pickle, std::uint64_t address, std::uint64_t bytes, const char* state)
{
    pickle.key("address");
    pickle.unsignedInteger(address);
    pickle.key("size");
    pickle.unsignedInteger(bytes);
    pickle.key("requested_size");
    pickle.unsignedInteger(bytes);
    pickle.key("state");
    pickle.string(state);
}

// Each segment with its blocks in address order, tiling it: the live blocks, and the space between
// and after them as inactive (cached, free) blocks, as the viewer lays blocks end to end.
void segments(Pickler& pickle, int device, const RunResult& run)
{
    const auto live = liveAtEnd(run);
    for (const auto& [address, bytes] : segmentsAtEnd(run.memory)) {
        std::uint64_t allocated = 0;
        std::vector<std::pair<MemoryBlock, std::string>> inside;
        for (auto it = live.lower_bound(address); it != live.end() && it->first < address + bytes; ++it) {
            inside.push_back(it->second);
            allocated += it->second.first.bytes;
        }
        pickle.beginDict();
        pickle.key("device");
        pickle.integer(device);
        pickle.key("address");
        pickle.unsignedInteger(address);
        pickle.key("total_size");
        pickle.unsignedInteger(bytes);
        for (const char* size : {"allocated_size", "active_size", "requested_size"}) {
            pickle.key(size);
            pickle.unsignedInteger(allocated);
        }
        pickle.key("stream");
        pickle.integer(0);
        pickle.key("segment_type");
        pickle.string("large");
        pickle.key("blocks");
        pickle.beginList();
        std::uint64_t at = address;
        for (const auto& [held, op] : inside) {
            if (held.address > at) {
                pickle.beginDict();
                block(pickle, at, held.address - at, "inactive");
                pickle.endDict();
            }
            pickle.beginDict();
            block(pickle, held.address, held.bytes, "active_allocated");
            frames(pickle, op, held.category);
            // PyTorch 1.x's form of the same frames (torch.cuda._memory_viz before 2.0 reads only
            // this); 2.x readers take "frames" and "requested_size" when present.
            pickle.key("history");
            pickle.beginList();
            pickle.beginDict();
            pickle.key("addr");
            pickle.unsignedInteger(held.address);
            pickle.key("real_size");
            pickle.unsignedInteger(held.bytes);
            frames(pickle, op, held.category);
            pickle.endDict();
            pickle.endList();
            pickle.endDict();
            at = held.address + held.bytes;
        }
        if (at < address + bytes) {
            pickle.beginDict();
            block(pickle, at, address + bytes - at, "inactive");
            pickle.endDict();
        }
        pickle.endList();
        pickle.endDict();
    }
}

void traceEvent(Pickler& pickle, std::string_view action, std::uint64_t address, std::uint64_t bytes,
    double timeUs, const std::string& op, std::optional<MemoryCategory> category)
{
    pickle.beginDict();
    pickle.key("action");
    pickle.string(action);
    pickle.key("addr");
    pickle.unsignedInteger(address);
    pickle.key("size");
    pickle.unsignedInteger(bytes);
    pickle.key("stream");
    pickle.integer(0);
    pickle.key("time_us");
    pickle.integer(static_cast<std::int64_t>(timeUs));
    pickle.key("category");
    pickle.string(vizCategory(category));
    frames(pickle, op, category);
    pickle.endDict();
}

// Block events in the order they happened, each segment event before the block event it preceded.
void deviceTrace(Pickler& pickle, const RunResult& run)
{
    const MemoryRecording& memory = run.memory;
    pickle.beginList();
    std::size_t nextSegment = 0;
    const auto segmentsBefore = [&](std::size_t event) {
        for (; nextSegment < memory.segmentEvents.size()
             && memory.segmentEvents[nextSegment].beforeEvent <= event;
             ++nextSegment) {
            const SegmentEvent& segment = memory.segmentEvents[nextSegment];
            traceEvent(pickle, segment.taken ? "segment_alloc" : "segment_free", segment.segment.address,
                segment.segment.bytes, segment.timeUs, segment.taken ? "pool grows" : "pool gives back",
                std::nullopt);
        }
    };
    for (std::size_t i = 0; i < memory.events.size(); ++i) {
        segmentsBefore(i);
        const AllocationEvent& event = memory.events[i];
        traceEvent(pickle, event.allocated ? "alloc" : "free_completed", event.block.address,
            event.block.bytes, event.timeUs, opName(run, event.op), event.block.category);
    }
    segmentsBefore(memory.events.size());
    // The moment `segments` describes, as PyTorch marks a snapshot taken while recording; it is
    // also the one event of category "unknown" a step that never grew its pool still has.
    const double endUs = memory.events.empty() ? 0 : memory.events.back().timeUs;
    traceEvent(pickle, "snapshot", 0, 0, endUs, "end of the recorded step", std::nullopt);
    pickle.endList();
}

} // namespace

std::string chromeTraceJson(const std::vector<ExportedRun>& runs)
{
    detail::JsonWriter json;
    json.beginObject();
    json.string("displayTimeUnit", "ms");
    json.beginArray("traceEvents");
    for (std::size_t i = 0; i < runs.size(); ++i)
        traceRun(json, static_cast<int>(i) + 1, runs[i]);
    json.endArray();
    // The measured peaks over the whole run, for readers that check the trace against them.
    json.beginArray("runs");
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const RunResult& run = *runs[i].result;
        json.beginObject();
        json.integer("pid", static_cast<std::int64_t>(i) + 1);
        json.string("label", runs[i].label);
        json.string("policy", run.policyName);
        json.string("device", run.deviceName);
        json.integer("peak_bytes", run.peakBytes);
        json.integer("peak_activation_bytes", run.peakActivationBytes);
        json.beginObject("bytes_by_category");
        for (const auto& [name, bytes] : run.bytesByCategory)
            json.integer(name, bytes);
        json.endObject();
        json.endObject();
    }
    json.endArray();
    json.endObject();
    return json.take();
}

std::string torchMemorySnapshotPickle(const std::vector<ExportedRun>& runs)
{
    Pickler pickle;
    pickle.beginDict();
    pickle.key("segments");
    pickle.beginList();
    for (std::size_t i = 0; i < runs.size(); ++i)
        segments(pickle, static_cast<int>(i), *runs[i].result);
    pickle.endList();
    pickle.key("device_traces");
    pickle.beginList();
    for (const ExportedRun& run : runs)
        deviceTrace(pickle, *run.result);
    pickle.endList();
    pickle.endDict();
    return pickle.take();
}

std::string exportPathProblem(const std::string& flag, const std::string& path)
{
    std::error_code error;
    const std::filesystem::path file = std::filesystem::absolute(path, error);
    if (std::filesystem::is_directory(file, error))
        return "The " + flag + " file " + path + " is a folder; give a file name.";
    if (const std::optional<std::string> kind = unwritableKind(path))
        return "The " + flag + " file " + path + " cannot be written: " + *kind + ".";
    const std::filesystem::path folder = file.parent_path();
    if (!std::filesystem::is_directory(folder, error))
        return "The " + flag + " file " + path + " cannot be written: its folder " + folder.string()
            + " does not exist.";
    if (::access(folder.c_str(), W_OK | X_OK) != 0)
        return "The " + flag + " file " + path + " cannot be written: its folder " + folder.string()
            + " is not writable.";
    return {};
}

std::string writeExportFile(const std::string& path, const std::string& bytes)
{
    // Whole or not at all: a failed write leaves an old file whole and no partial one.
    if (const std::optional<std::string> why = replaceFileWhole(path, bytes))
        return "Cannot write " + path + ": " + *why + ".";
    return {};
}

} // namespace rlab
