#pragma once
// The calling thread's CPU time: a benchmark's own op timings do not count time it was descheduled.
#include <ctime>

inline double threadCpuMs()
{
    timespec t {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}
