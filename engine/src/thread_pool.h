#pragma once
// The CPU backend's threads: one process-wide team of persistent workers that run a region's parts
// beside the calling thread. Between regions a worker spins briefly, then sleeps on a condition
// variable, so on a busy machine waiting threads give their cores away instead of burning the
// slices the working ones need (OpenMP's spin-wait made steps 30x slower there, and libgomp reads
// its wait policy only when it loads). Compiled once, outside the per-instruction-set copies.

namespace rlab {

using RegionPart = void (*)(void* context, int part, int parts);

// Runs part(context, p, parts) for every p in [0, parts), part 0 on the calling thread, and returns
// when all are done. A region started inside another, or while another thread's region runs, runs
// as one part on the calling thread: every caller splits work so that results never depend on it.
void runParts(int parts, RegionPart part, void* context);

} // namespace rlab
