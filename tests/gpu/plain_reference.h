#pragma once
// Plain references for the kernel twins: the textbook loops in double precision, one per Backend
// op, written for reading rather than speed. The CPU twin is checked against these (here, on
// any machine), and the CUDA kernel against the CPU twin (where a GPU is present).

#include <cstdint>
#include <string>
#include <vector>

#include "rlab/philox.h"

namespace rlab::reference {

using Doubles = std::vector<double>;

// Empty when |actual - expected| <= atol + rtol * |expected| for every element, else the first
// element that is not, and how many are not.
std::string mismatch(const std::vector<float>& actual, const Doubles& expected, double atol, double rtol);
std::string mismatch(
    const std::vector<float>& actual, const std::vector<float>& expected, double atol, double rtol);
Doubles widen(const std::vector<float>& values);

struct Encoder {
    Doubles out, dwte, dwpe; // dwte, dwpe: the given starting values plus the gradients
};
Encoder encoder(const std::vector<std::int32_t>& tokens, const std::vector<float>& wte,
    const std::vector<float>& wpe, const std::vector<float>& dout, const std::vector<float>& dwte0,
    const std::vector<float>& dwpe0, int B, int T, int C);

struct LayerNorm {
    Doubles out, mean, rstd, dinp, dweight, dbias; // gradients added to the given starting values
};
LayerNorm layernorm(const std::vector<float>& inp, const std::vector<float>& weight,
    const std::vector<float>& bias, const std::vector<float>& dout, const std::vector<float>& dinp0,
    const std::vector<float>& dweight0, const std::vector<float>& dbias0, int N, int C);

struct Matmul {
    Doubles out, dinp, dweight, dbias; // dweight, dbias added to the given starting values
};
// bias may be empty (no bias, and no dbias).
Matmul matmul(const std::vector<float>& inp, const std::vector<float>& weight, const std::vector<float>& bias,
    const std::vector<float>& dout, const std::vector<float>& dweight0, const std::vector<float>& dbias0,
    int N, int C, int OC);

struct Attention {
    Doubles att, out, datt, dqkv; // datt zero above the diagonal
};
Attention attention(
    const std::vector<float>& qkv, const std::vector<float>& dout, int B, int T, int C, int H);

Doubles geluForward(const std::vector<float>& x);
Doubles geluBackward(const std::vector<float>& x, const std::vector<float>& dout);

// residual + dropout(x) in float, in the twins' order of operations: these compare bit for bit.
std::vector<float> dropoutResidual(
    const std::vector<float>& residual, const std::vector<float>& x, const DropoutSite& site);
std::vector<float> dropout(const std::vector<float>& x, const DropoutSite& site);

struct CrossEntropy {
    Doubles losses, probs, dlogits;
};
CrossEntropy crossEntropy(
    const std::vector<float>& logits, const std::vector<std::int32_t>& targets, float dloss, int N, int V);

struct Update {
    Doubles params, m, v;
};
Update sgd(const std::vector<float>& params, const std::vector<float>& grads,
    const std::vector<float>& momentum, float lr, float mu, float weightDecay);
Update adamw(const std::vector<float>& params, const std::vector<float>& grads, const std::vector<float>& m,
    const std::vector<float>& v, float lr, float beta1, float beta2, float eps, float weightDecay, int t);

double absSum(const std::vector<float>& x);

// fp32 bit patterns with the bf16 bits they must give: NaNs of every sign and payload, the
// largest finite values (which round to infinity), ties with odd and even last bits, subnormals.
struct Bf16Case {
    std::uint32_t floatBits;
    std::uint16_t bf16Bits;
    const char* what;
};
const std::vector<Bf16Case>& bf16Cases();

} // namespace rlab::reference
