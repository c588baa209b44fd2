// The CPU attention kernels (register-blocked, lower triangle only, vector tails) against a plain
// double-precision reference, at shapes that reach every tile and tail: T from 1 to 100 (not
// multiples of the vector width), head sizes from 8 to 80 (padded and direct row paths).
#include <cmath>
#include <vector>

#include "random_values.h"
#include "rlab/backend.h"
#include "rlab_test.h"

using namespace rlab;

namespace {

struct Shape {
    int B, T, C, H;
};

// Largest |got - want| relative to max(1, |want|).
double worst(const std::vector<double>& want, const std::vector<float>& got)
{
    double w = 0;
    for (std::size_t i = 0; i < want.size(); ++i)
        w = std::max(w, std::fabs(static_cast<double>(got[i]) - want[i]) / std::max(1.0, std::fabs(want[i])));
    return w;
}

constexpr double kTolerance = 1e-4; // fp32 sums of at most 100 terms of size ~1; an indexing slip is O(1)

std::vector<rlab::test::Case<Shape>> attentionShapes()
{
    return {
        {"T=1 dh=8", {1, 1, 8, 1}},
        {"T=9 dh=8", {1, 9, 24, 3}},
        {"T=13 dh=12", {2, 13, 48, 4}},
        {"T=17 dh=40", {1, 17, 80, 2}},
        {"T=64 dh=32 (demo)", {2, 64, 128, 4}},
        {"T=37 dh=64", {1, 37, 192, 3}},
        {"T=100 dh=80", {1, 100, 160, 2}},
    };
}

} // namespace

// Each attention op, forward and backward, at one shape: within kTolerance of the reference, and
// writing only what it owns.
RLAB_TEST_CASES(attentionMatchesReference, attentionShapes(), const Shape& shape)
{
    const int B = shape.B, T = shape.T, C = shape.C, H = shape.H;
    const int dh = C / H;
    const double scale = 1.0 / std::sqrt(static_cast<double>(dh));
    const std::size_t tt = static_cast<std::size_t>(T) * T, bhtt = static_cast<std::size_t>(B) * H * tt;
    const std::size_t ld = 3 * static_cast<std::size_t>(C);
    const std::vector<float> qkv = randomFloats(static_cast<std::size_t>(B) * T * ld, 1);
    const std::vector<float> dout = randomFloats(static_cast<std::size_t>(B) * T * C, 2);
    const std::unique_ptr<Backend> cpu = makeCpuBackend(0);

    std::vector<float> att(bhtt, 5.0f), out(static_cast<std::size_t>(B) * T * C), datt(bhtt);
    std::vector<float> dqkv(qkv.size(), 7.0f);
    cpu->attentionSoftmaxForward(att.data(), qkv.data(), B, T, C, H);
    cpu->attentionValuesForward(out.data(), att.data(), qkv.data(), B, T, C, H);
    cpu->attentionValuesBackward(datt.data(), dqkv.data(), dout.data(), att.data(), qkv.data(), B, T, C, H);
    // The values backward writes only v's part of dqkv.
    for (std::size_t r = 0; r < static_cast<std::size_t>(B) * T; ++r)
        for (std::size_t c = 0; c < 2 * static_cast<std::size_t>(C); ++c)
            RLAB_CHECK_EQ(dqkv[r * ld + c], 7.0f);
    const std::vector<float> dvOnly = dqkv;
    cpu->attentionSoftmaxBackward(dqkv.data(), datt.data(), att.data(), qkv.data(), B, T, C, H);

    // Each op against the reference, fed the backend's own inputs so errors do not compound.
    std::vector<double> refAtt(bhtt, 0.0), refOut(out.size(), 0.0), refDqkv(dqkv.size(), 0.0);
    std::vector<double> refDatt(bhtt, 0.0);
    std::vector<float> attLower(bhtt, 0.0f), dattLower(bhtt, 0.0f);
    for (int b = 0; b < B; ++b) {
        for (int h = 0; h < H; ++h) {
            const std::size_t head = (static_cast<std::size_t>(b) * H + h) * tt;
            const auto q
                = [&](int t, int d) { return double(qkv[(std::size_t(b) * T + t) * ld + h * dh + d]); };
            const auto k
                = [&](int t, int d) { return double(qkv[(std::size_t(b) * T + t) * ld + C + h * dh + d]); };
            const auto v = [&](int t, int d) {
                return double(qkv[(std::size_t(b) * T + t) * ld + 2 * C + h * dh + d]);
            };
            const auto dO
                = [&](int t, int d) { return double(dout[(std::size_t(b) * T + t) * C + h * dh + d]); };
            const auto P = [&](int t, int s) { return double(att[head + std::size_t(t) * T + s]); };
            const auto dP = [&](int t, int s) { return double(datt[head + std::size_t(t) * T + s]); };
            for (int t = 0; t < T; ++t) {
                double top = -1e300;
                std::vector<double> row(static_cast<std::size_t>(t) + 1);
                for (int s = 0; s <= t; ++s) {
                    double dot = 0;
                    for (int d = 0; d < dh; ++d)
                        dot += q(t, d) * k(s, d);
                    row[s] = dot * scale;
                    top = std::max(top, row[s]);
                }
                double sum = 0;
                for (double& x : row)
                    sum += (x = std::exp(x - top));
                for (int s = 0; s <= t; ++s) {
                    refAtt[head + std::size_t(t) * T + s] = row[s] / sum;
                    attLower[head + std::size_t(t) * T + s] = att[head + std::size_t(t) * T + s];
                    double dp = 0;
                    for (int d = 0; d < dh; ++d)
                        dp += dO(t, d) * v(s, d);
                    refDatt[head + std::size_t(t) * T + s] = dp;
                    dattLower[head + std::size_t(t) * T + s] = datt[head + std::size_t(t) * T + s];
                }
                for (int s = t + 1; s < T; ++s) // causal: no key after the query
                    RLAB_CHECK_EQ(att[head + std::size_t(t) * T + s], 0.0f);
                for (int d = 0; d < dh; ++d) {
                    double o = 0;
                    for (int s = 0; s <= t; ++s)
                        o += P(t, s) * v(s, d);
                    refOut[(std::size_t(b) * T + t) * C + h * dh + d] = o;
                }
            }
            // dv = P^T dO, dq = dS k, dk = dS^T q with dS = P (dP - rowsum(P dP)) scale
            std::vector<double> dS(tt, 0.0);
            for (int t = 0; t < T; ++t) {
                double dot = 0;
                for (int s = 0; s <= t; ++s)
                    dot += P(t, s) * dP(t, s);
                for (int s = 0; s <= t; ++s)
                    dS[std::size_t(t) * T + s] = P(t, s) * (dP(t, s) - dot) * scale;
            }
            for (int s = 0; s < T; ++s) {
                for (int d = 0; d < dh; ++d) {
                    double dv = 0, dq = 0, dk = 0;
                    for (int t = s; t < T; ++t) {
                        dv += P(t, s) * dO(t, d);
                        dk += dS[std::size_t(t) * T + s] * q(t, d);
                    }
                    for (int j = 0; j <= s; ++j)
                        dq += dS[std::size_t(s) * T + j] * k(j, d);
                    const std::size_t row = (std::size_t(b) * T + s) * ld + h * dh + d;
                    refDqkv[row] = dq;
                    refDqkv[row + C] = dk;
                    refDqkv[row + 2 * C] = dv;
                }
            }
        }
    }
    const double attError = worst(refAtt, attLower), outError = worst(refOut, out);
    const double dattError = worst(refDatt, dattLower), dqkvError = worst(refDqkv, dqkv);
    rlab::test::info("worst relative error: att %.2e, out %.2e, datt %.2e, dqkv %.2e", attError, outError,
        dattError, dqkvError);
    RLAB_CHECK(attError < kTolerance);
    RLAB_CHECK(outError < kTolerance);
    RLAB_CHECK(dattError < kTolerance);
    RLAB_CHECK(dqkvError < kTolerance);
    // The softmax backward leaves v's part as the values backward wrote it.
    for (std::size_t r = 0; r < static_cast<std::size_t>(B) * T; ++r)
        for (std::size_t c = 2 * static_cast<std::size_t>(C); c < ld; ++c)
            RLAB_CHECK_EQ(dqkv[r * ld + c], dvOnly[r * ld + c]);
}

RLAB_TEST_MAIN(std::string())
