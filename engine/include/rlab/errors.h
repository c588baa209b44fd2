#pragma once
// The engine's failures, one sentence each for the user. Kept apart from the run API so the
// backend interface and the CUDA backend can throw them without seeing run() and its results.

#include <stdexcept>

namespace rlab {

// A failure the user should read: one sentence.
class RunError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};
// A device or the host had no memory left for an allocation (not any other device failure).
class OutOfMemory : public RunError {
public:
    using RunError::RunError;
};
class Cancelled : public RunError {
public:
    Cancelled()
        : RunError("The run was cancelled.")
    {
    }
};

} // namespace rlab
