#pragma once
// The model layer's one shape for "a value, or why there is none": the value beside one sentence
// for the learner, returned together (docs/architecture.md "Error conventions, layer by layer").
// Where there is no value to give, a function returns the sentence alone, empty when all is well.

#include <QString>

namespace rlab::app {

template<typename T> struct OrProblem {
    T value {}; // empty (or default) when `problem` says why there is none
    QString problem; // one sentence; empty when all is well
    bool ok() const { return problem.isEmpty(); }
};

} // namespace rlab::app
