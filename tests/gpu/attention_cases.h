#pragma once
// The attention shapes the llama and fused-attention twins are checked at, shared by gpu_llama
// (tests/gpu/test_cuda_llama.cpp, on a GPU) and gpu_emulated (tests/gpu/emulated, on the host):
// T not a multiple of the kernels' 32-row tiles, G = 1, G = H and groups of two, head sizes of 5
// (odd) to 160 (every per-lane share of cuda_flash.cu), and fused attention with dropout.

#include <cstddef>
#include <vector>

#include "rlab_test.h"

namespace rlab::test {

struct AttentionShape {
    int B, T, dh, H, G;
    int C() const { return dh * H; }
    int ld() const { return C() + 2 * G * dh; }
    std::size_t qkv() const { return static_cast<std::size_t>(B) * T * ld(); }
    std::size_t btc() const { return static_cast<std::size_t>(B) * T * C(); }
    std::size_t att() const { return static_cast<std::size_t>(B) * H * T * T; }
    std::size_t rows() const { return static_cast<std::size_t>(B) * H * T; }
};

inline std::vector<Case<AttentionShape>> attentionShapes()
{
    return {{"B2 T1, 4 heads of 8, 2 kv heads", {2, 1, 8, 4, 2}},
        {"B2 T31, 4 heads of 8, G = H", {2, 31, 8, 4, 4}}, {"B2 T33, 4 heads of 8, G = 1", {2, 33, 8, 4, 1}},
        {"B2 T37, 3 heads of 5 (odd), G = H", {2, 37, 5, 3, 3}},
        {"B1 T65, 2 heads of 16, G = 1", {1, 65, 16, 2, 1}},
        {"B1 T70, 2 heads of 72, G = H", {1, 70, 72, 2, 2}},
        {"B1 T40, 2 heads of 160, G = 1", {1, 40, 160, 2, 1}}};
}

struct FusedCase {
    AttentionShape shape;
    float p; // attention dropout
};

// Every shape above without dropout, and two with it.
inline std::vector<Case<FusedCase>> fusedCases()
{
    std::vector<Case<FusedCase>> rows;
    for (const Case<AttentionShape>& c : attentionShapes())
        rows.push_back({c.name, {c.data, 0.0f}});
    rows.push_back({"B2 T45, 4 heads of 8, 2 kv heads, dropout 0.2", {{2, 45, 8, 4, 2}, 0.2f}});
    rows.push_back({"B1 T70, 2 heads of 72, G = H, dropout 0.5", {{1, 70, 72, 2, 2}, 0.5f}});
    return rows;
}

} // namespace rlab::test
