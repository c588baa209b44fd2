#include "plain_reference.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rlab::reference {

namespace {

template<typename Expected>
std::string firstMismatch(
    const std::vector<float>& actual, const Expected& expected, double atol, double rtol)
{
    if (actual.size() != expected.size())
        return "sizes differ: " + std::to_string(actual.size()) + " against "
            + std::to_string(expected.size());
    std::size_t bad = 0, first = 0;
    for (std::size_t i = 0; i < actual.size(); ++i) {
        const double want = static_cast<double>(expected[i]);
        if (!(std::fabs(static_cast<double>(actual[i]) - want) <= atol + rtol * std::fabs(want))
            && bad++ == 0)
            first = i;
    }
    if (bad == 0)
        return {};
    const double want = static_cast<double>(expected[first]);
    return std::to_string(bad) + " of " + std::to_string(actual.size())
        + " elements out of tolerance; first [" + std::to_string(first)
        + "]: " + std::to_string(actual[first]) + " against " + std::to_string(want) + " (allowed "
        + std::to_string(atol + rtol * std::fabs(want)) + ")";
}

std::size_t at(int row, int C, int c)
{
    return static_cast<std::size_t>(row) * C + c;
}

} // namespace

std::string mismatch(const std::vector<float>& actual, const Doubles& expected, double atol, double rtol)
{
    return firstMismatch(actual, expected, atol, rtol);
}

std::string mismatch(
    const std::vector<float>& actual, const std::vector<float>& expected, double atol, double rtol)
{
    return firstMismatch(actual, expected, atol, rtol);
}

Doubles widen(const std::vector<float>& values)
{
    return Doubles(values.begin(), values.end());
}

Encoder encoder(const std::vector<std::int32_t>& tokens, const std::vector<float>& wte,
    const std::vector<float>& wpe, const std::vector<float>& dout, const std::vector<float>& dwte0,
    const std::vector<float>& dwpe0, int B, int T, int C)
{
    Encoder r {Doubles(static_cast<std::size_t>(B) * T * C), widen(dwte0), widen(dwpe0)};
    for (int row = 0; row < B * T; ++row) {
        const int t = row % T;
        for (int c = 0; c < C; ++c) {
            r.out[at(row, C, c)] = static_cast<double>(wte[at(tokens[row], C, c)]) + wpe[at(t, C, c)];
            r.dwte[at(tokens[row], C, c)] += dout[at(row, C, c)];
            r.dwpe[at(t, C, c)] += dout[at(row, C, c)];
        }
    }
    return r;
}

LayerNorm layernorm(const std::vector<float>& inp, const std::vector<float>& weight,
    const std::vector<float>& bias, const std::vector<float>& dout, const std::vector<float>& dinp0,
    const std::vector<float>& dweight0, const std::vector<float>& dbias0, int N, int C)
{
    LayerNorm r {Doubles(inp.size()), Doubles(N), Doubles(N), widen(dinp0), widen(dweight0), widen(dbias0)};
    for (int row = 0; row < N; ++row) {
        double mean = 0, var = 0;
        for (int c = 0; c < C; ++c)
            mean += inp[at(row, C, c)];
        mean /= C;
        for (int c = 0; c < C; ++c)
            var += (inp[at(row, C, c)] - mean) * (inp[at(row, C, c)] - mean);
        const double rstd = 1.0 / std::sqrt(var / C + 1e-5);
        r.mean[row] = mean;
        r.rstd[row] = rstd;
        double meanDnorm = 0, meanDnormNorm = 0;
        for (int c = 0; c < C; ++c) {
            const double norm = (inp[at(row, C, c)] - mean) * rstd;
            const double dnorm = static_cast<double>(dout[at(row, C, c)]) * weight[c];
            r.out[at(row, C, c)] = norm * weight[c] + bias[c];
            meanDnorm += dnorm / C;
            meanDnormNorm += dnorm * norm / C;
            r.dweight[c] += dout[at(row, C, c)] * norm;
            r.dbias[c] += dout[at(row, C, c)];
        }
        for (int c = 0; c < C; ++c) {
            const double norm = (inp[at(row, C, c)] - mean) * rstd;
            const double dnorm = static_cast<double>(dout[at(row, C, c)]) * weight[c];
            r.dinp[at(row, C, c)] += rstd * (dnorm - meanDnorm - norm * meanDnormNorm);
        }
    }
    return r;
}

Matmul matmul(const std::vector<float>& inp, const std::vector<float>& weight, const std::vector<float>& bias,
    const std::vector<float>& dout, const std::vector<float>& dweight0, const std::vector<float>& dbias0,
    int N, int C, int OC)
{
    Matmul r {Doubles(static_cast<std::size_t>(N) * OC), Doubles(static_cast<std::size_t>(N) * C),
        widen(dweight0), widen(dbias0)};
    for (int n = 0; n < N; ++n)
        for (int o = 0; o < OC; ++o) {
            double sum = bias.empty() ? 0.0 : bias[o];
            for (int c = 0; c < C; ++c)
                sum += static_cast<double>(inp[at(n, C, c)]) * weight[at(o, C, c)];
            r.out[at(n, OC, o)] = sum;
            const double d = dout[at(n, OC, o)];
            for (int c = 0; c < C; ++c) {
                r.dinp[at(n, C, c)] += d * weight[at(o, C, c)];
                r.dweight[at(o, C, c)] += d * inp[at(n, C, c)];
            }
            if (!bias.empty())
                r.dbias[o] += d;
        }
    return r;
}

Attention attention(const std::vector<float>& qkv, const std::vector<float>& dout, int B, int T, int C, int H)
{
    const int dh = C / H;
    const double scale = 1.0 / std::sqrt(static_cast<double>(dh));
    const std::size_t tt = static_cast<std::size_t>(T) * T;
    Attention r {Doubles(tt * B * H), Doubles(static_cast<std::size_t>(B) * T * C), Doubles(tt * B * H),
        Doubles(qkv.size())};
    for (int b = 0; b < B; ++b)
        for (int h = 0; h < H; ++h) {
            // Element d of q, k or v (part 0, 1, 2) at position t, and of dout.
            const auto x = [&](int part, int t, int d) {
                return static_cast<double>(qkv[at(b * T + t, 3 * C, part * C + h * dh + d)]);
            };
            const auto dx = [&](int part, int t, int d) -> double& {
                return r.dqkv[at(b * T + t, 3 * C, part * C + h * dh + d)];
            };
            const auto dO
                = [&](int t, int d) { return static_cast<double>(dout[at(b * T + t, C, h * dh + d)]); };
            double* p = r.att.data() + (static_cast<std::size_t>(b) * H + h) * tt;
            double* dp = r.datt.data() + (static_cast<std::size_t>(b) * H + h) * tt;
            for (int t = 0; t < T; ++t) {
                double top = -INFINITY, sum = 0;
                for (int j = 0; j <= t; ++j) {
                    double s = 0;
                    for (int d = 0; d < dh; ++d)
                        s += x(0, t, d) * x(1, j, d);
                    p[t * T + j] = s * scale;
                    top = std::max(top, s * scale);
                }
                for (int j = 0; j <= t; ++j) {
                    p[t * T + j] = std::exp(p[t * T + j] - top);
                    sum += p[t * T + j];
                }
                for (int j = 0; j <= t; ++j)
                    p[t * T + j] /= sum;
                for (int d = 0; d < dh; ++d) {
                    double o = 0;
                    for (int j = 0; j <= t; ++j)
                        o += p[t * T + j] * x(2, j, d);
                    r.out[at(b * T + t, C, h * dh + d)] = o;
                }
            }
            for (int t = 0; t < T; ++t) {
                double dot = 0;
                for (int j = 0; j <= t; ++j) {
                    double g = 0;
                    for (int d = 0; d < dh; ++d) {
                        g += dO(t, d) * x(2, j, d);
                        dx(2, j, d) += p[t * T + j] * dO(t, d);
                    }
                    dp[t * T + j] = g;
                    dot += p[t * T + j] * g;
                }
                for (int j = 0; j <= t; ++j) {
                    const double ds = p[t * T + j] * (dp[t * T + j] - dot) * scale;
                    for (int d = 0; d < dh; ++d) {
                        dx(0, t, d) += ds * x(1, j, d);
                        dx(1, j, d) += ds * x(0, t, d);
                    }
                }
            }
        }
    return r;
}

Doubles geluForward(const std::vector<float>& x)
{
    Doubles out(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double v = x[i];
        out[i] = 0.5 * v * (1.0 + std::tanh(std::sqrt(2.0 / std::numbers::pi) * (v + 0.044715 * v * v * v)));
    }
    return out;
}

Doubles geluBackward(const std::vector<float>& x, const std::vector<float>& dout)
{
    Doubles out(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double v = x[i];
        const double k = std::sqrt(2.0 / std::numbers::pi);
        const double th = std::tanh(k * (v + 0.044715 * v * v * v));
        out[i]
            = (0.5 * (1.0 + th) + 0.5 * v * (1.0 - th * th) * k * (1.0 + 3.0 * 0.044715 * v * v)) * dout[i];
    }
    return out;
}

std::vector<float> dropoutResidual(
    const std::vector<float>& residual, const std::vector<float>& x, const DropoutSite& site)
{
    const std::vector<float> dropped = dropout(x, site);
    std::vector<float> out(x.size());
    for (std::size_t i = 0; i < x.size(); ++i)
        out[i] = residual[i] + dropped[i];
    return out;
}

std::vector<float> dropout(const std::vector<float>& x, const DropoutSite& site)
{
    if (site.p <= 0.0f)
        return x;
    const float scale = 1.0f / (1.0f - site.p);
    std::vector<float> out(x.size());
    for (std::size_t i = 0; i < x.size(); ++i)
        out[i] = dropoutKeeps(site, i) ? x[i] * scale : 0.0f;
    return out;
}

CrossEntropy crossEntropy(
    const std::vector<float>& logits, const std::vector<std::int32_t>& targets, float dloss, int N, int V)
{
    CrossEntropy r {Doubles(N), Doubles(logits.size()), Doubles(logits.size())};
    for (int n = 0; n < N; ++n) {
        double top = -INFINITY, sum = 0;
        for (int v = 0; v < V; ++v)
            top = std::max(top, static_cast<double>(logits[at(n, V, v)]));
        for (int v = 0; v < V; ++v)
            sum += std::exp(logits[at(n, V, v)] - top);
        for (int v = 0; v < V; ++v) {
            r.probs[at(n, V, v)] = std::exp(logits[at(n, V, v)] - top) / sum;
            r.dlogits[at(n, V, v)] = (r.probs[at(n, V, v)] - (v == targets[n] ? 1.0 : 0.0)) * dloss;
        }
        r.losses[n] = std::log(sum) + top - logits[at(n, V, targets[n])];
    }
    return r;
}

Update sgd(const std::vector<float>& params, const std::vector<float>& grads,
    const std::vector<float>& momentum, float lr, float mu, float weightDecay)
{
    Update r {widen(params), widen(momentum), {}};
    for (std::size_t i = 0; i < params.size(); ++i) {
        r.m[i] = mu * r.m[i] + grads[i] + static_cast<double>(weightDecay) * params[i];
        r.params[i] -= lr * r.m[i];
    }
    return r;
}

Update adamw(const std::vector<float>& params, const std::vector<float>& grads, const std::vector<float>& m,
    const std::vector<float>& v, float lr, float beta1, float beta2, float eps, float weightDecay, int t)
{
    Update r {widen(params), widen(m), widen(v)};
    const double c1 = 1.0 - std::pow(static_cast<double>(beta1), t);
    const double c2 = 1.0 - std::pow(static_cast<double>(beta2), t);
    for (std::size_t i = 0; i < params.size(); ++i) {
        const double g = grads[i];
        r.m[i] = beta1 * r.m[i] + (1.0 - beta1) * g;
        r.v[i] = beta2 * r.v[i] + (1.0 - beta2) * g * g;
        r.params[i] = r.params[i] * (1.0 - static_cast<double>(lr) * weightDecay)
            - lr * (r.m[i] / c1) / (std::sqrt(r.v[i] / c2) + eps);
    }
    return r;
}

double absSum(const std::vector<float>& x)
{
    double sum = 0;
    for (float v : x)
        sum += std::fabs(static_cast<double>(v));
    return sum;
}

const std::vector<Bf16Case>& bf16Cases()
{
    static const std::vector<Bf16Case> cases = {
        {0x7fc00000u, 0x7fc0, "quiet NaN"},
        {0xffc00000u, 0x7fc0, "negative quiet NaN"},
        {0x7f800001u, 0x7fc0, "signalling NaN, smallest payload"},
        {0x7fbfffffu, 0x7fc0, "signalling NaN, largest payload"},
        {0xffffffffu, 0x7fc0, "negative NaN, every payload bit"},
        {0x7fc12345u, 0x7fc0, "quiet NaN with a payload"},
        {0x7f800000u, 0x7f80, "infinity"},
        {0xff800000u, 0xff80, "minus infinity"},
        {0x7f7fffffu, 0x7f80, "largest finite float rounds to infinity"},
        {0xff7fffffu, 0xff80, "most negative finite float rounds to minus infinity"},
        {0x7f7f8000u, 0x7f80, "tie above the largest bf16 (odd last bit) rounds to infinity"},
        {0x7f7f7fffu, 0x7f7f, "just below that tie stays the largest finite bf16"},
        {0x3f808000u, 0x3f80, "tie, even last bit: rounds down"},
        {0x3f818000u, 0x3f82, "tie, odd last bit: rounds up"},
        {0x3f808001u, 0x3f81, "just above a tie rounds up"},
        {0xbf818000u, 0xbf82, "negative tie, odd last bit"},
        {0x00000000u, 0x0000, "zero"},
        {0x80000000u, 0x8000, "minus zero"},
        {0x00000001u, 0x0000, "smallest subnormal rounds to zero"},
        {0x00008000u, 0x0000, "subnormal tie, even last bit"},
        {0x00018000u, 0x0002, "subnormal tie, odd last bit"},
        {0x0000c000u, 0x0001, "subnormal above a tie"},
        {0x007fffffu, 0x0080, "largest subnormal rounds to the smallest normal"},
        {0x807fffffu, 0x8080, "negative largest subnormal"},
    };
    return cases;
}

} // namespace rlab::reference
