#pragma once
// Reproducible test inputs: n floats drawn from a normal distribution (mean 0, spread `scale`).

#include <cstddef>
#include <random>
#include <vector>

inline std::vector<float> randomFloats(std::size_t n, unsigned seed, float scale = 1.0f)
{
    std::mt19937 rng(seed);
    std::normal_distribution<float> dist(0.0f, scale);
    std::vector<float> v(n);
    for (float& x : v)
        x = dist(rng);
    return v;
}
