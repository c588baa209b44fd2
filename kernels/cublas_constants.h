#pragma once
// The alpha and beta every cuBLAS product here passes by address: overwrite (beta 0) or accumulate (beta 1).

namespace rlab::cuda {

constexpr float kOne = 1.0f;
constexpr float kZero = 0.0f;

} // namespace rlab::cuda
