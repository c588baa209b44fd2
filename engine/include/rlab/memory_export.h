#pragma once
// A run's recorded step in formats other tools open: a Chrome/Perfetto trace (ui.perfetto.dev,
// chrome://tracing) and PyTorch's CUDA memory snapshot, which torch.cuda._memory_viz and
// pytorch.org/memory_viz read. Plain C++: `rlab run` and the desktop app write the same bytes.

#include <string>
#include <vector>

#include "rlab/result.h"

namespace rlab {

// One run to export, with the name its track or device carries ("full + offload").
struct ExportedRun {
    std::string label;
    const RunResult* result = nullptr;
};

// Trace Event Format JSON: per run a process with one slice per op (its phase as the category),
// a "bytes by category" counter after every allocation and release, and counters of the device
// total and the activations. Times in microseconds from the start of the recorded step.
std::string chromeTraceJson(const std::vector<ExportedRun>& runs);

// A pickle (protocol 2) of {"segments": [...], "device_traces": [[...], ...]} as
// torch.cuda.memory._snapshot() returns it: each run is one "device", its trace the recorded
// step's alloc and free_completed events with the op as the frame; segments hold the blocks still
// live at the step's end, so blocks from before the step show as allocated before the trace.
// Each block also carries PyTorch 1.x's "history" (addr, real_size, frames), so torch 1.13's
// _memory_viz functions read snapshot["segments"] with the op and category of every block.
std::string torchMemorySnapshotPickle(const std::vector<ExportedRun>& runs);

// Why `path` cannot take an export (its folder is missing or not writable, or it is a folder),
// named after `flag` ("--trace"); checked before a run so a long run is not wasted. Empty if fine.
std::string exportPathProblem(const std::string& flag, const std::string& path);

// Writes `bytes` to `path` in one piece; empty on success, else one sentence.
std::string writeExportFile(const std::string& path, const std::string& bytes);

} // namespace rlab
