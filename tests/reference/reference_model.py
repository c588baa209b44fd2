"""The reference model (docs/architecture.md "The engine") in PyTorch 1.13.

Parameter names are the state_dict names the engine's --dump / --init-from folders use.
`recompute` picks how the blocks of either model (Gpt, Llama) are checkpointed, for the benchmark
(tests/bench):
  none       plain autograd
  full       every block checkpointed (its input kept, the block recomputed in backward)
  sqrt       checkpoint_sequential with ceil(sqrt(N)) blocks per segment
  selective  only the attention core (q k^T, mask, softmax, dropout, P v) checkpointed:
             Megatron-LM's selective recomputation; PyTorch 1.13 has no selective-checkpoint
             API, so LayerNorm and GELU outputs stay saved here (the engine recomputes those too);
             for Llama the core after rotary (q k^T to P v, key/value heads repeated inside it).
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils.checkpoint as checkpoint


class Block(nn.Module):
    def __init__(self, d, heads, dropout):
        super().__init__()
        self.heads = heads
        self.dropout = dropout
        self.ln1 = nn.LayerNorm(d, eps=1e-5)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d, eps=1e-5)
        self.fc1 = nn.Linear(d, 4 * d)
        self.fc2 = nn.Linear(4 * d, d)
        self.checkpoint_attention = False

    def attention_core(self, qkv):
        B, T, C3 = qkv.shape
        d = C3 // 3
        dh = d // self.heads
        q, k, v = qkv.split(d, dim=2)
        q = q.view(B, T, self.heads, dh).transpose(1, 2)
        k = k.view(B, T, self.heads, dh).transpose(1, 2)
        v = v.view(B, T, self.heads, dh).transpose(1, 2)
        scores = (q @ k.transpose(-2, -1)) / math.sqrt(dh)
        mask = torch.ones(T, T, dtype=torch.bool, device=qkv.device).tril()
        scores = scores.masked_fill(~mask, float("-inf"))
        probs = F.dropout(F.softmax(scores, dim=-1), self.dropout, self.training)
        return (probs @ v).transpose(1, 2).reshape(B, T, d)

    def forward(self, x):
        qkv = self.qkv(self.ln1(x))
        if self.checkpoint_attention and self.training:
            y = checkpoint.checkpoint(self.attention_core, qkv)
        else:
            y = self.attention_core(qkv)
        x = x + F.dropout(self.proj(y), self.dropout, self.training)
        h = F.gelu(self.fc1(self.ln2(x)), approximate="tanh")
        return x + F.dropout(self.fc2(h), self.dropout, self.training)


def run_blocks(model, x):
    """The blocks under model.recompute (none, full, sqrt; selective is inside each block)."""
    n = len(model.blocks)
    if model.recompute == "full" and model.training:
        for block in model.blocks:
            x = checkpoint.checkpoint(block, x)
    elif model.recompute == "sqrt" and model.training:
        k = math.ceil(math.sqrt(n))
        x = checkpoint.checkpoint_sequential(nn.Sequential(*model.blocks), math.ceil(n / k), x)
    else:
        for block in model.blocks:
            x = block(x)
    return x


class Gpt(nn.Module):
    def __init__(self, layers, width, heads, seq, vocab, dropout=0.0):
        super().__init__()
        self.wte = nn.Embedding(vocab, width)
        self.wpe = nn.Embedding(seq, width)
        self.blocks = nn.ModuleList([Block(width, heads, dropout) for _ in range(layers)])
        self.lnf = nn.LayerNorm(width, eps=1e-5)
        self.head = nn.Linear(width, vocab, bias=False)
        self.recompute = "none"

    def set_recompute(self, policy):
        if policy not in ("none", "full", "sqrt", "selective"):
            raise ValueError("unknown policy " + policy)
        self.recompute = policy
        for block in self.blocks:
            block.checkpoint_attention = policy == "selective"

    def forward(self, tokens, targets):
        B, T = tokens.shape
        x = self.wte(tokens) + self.wpe(torch.arange(T, device=tokens.device))
        x = run_blocks(self, x)
        logits = self.head(self.lnf(x))
        return F.cross_entropy(logits.view(B * T, -1), targets.reshape(B * T).long())


# ---- llama (docs/llama.md "The contract"), written out as the contract's PyTorch code ----

def rms(x, w):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5) * w


def rope(x):
    """x (B, heads, T, dh): half-split pairs, theta 10000."""
    T, dh = x.shape[-2], x.shape[-1]
    half = dh // 2
    t = torch.arange(T).float()
    inv = 10000.0 ** (-torch.arange(half).float() / half)
    ang = t[:, None] * inv[None, :]
    c, s = ang.cos(), ang.sin()
    x1, x2 = x[..., :half], x[..., half:]
    return torch.cat([x1 * c - x2 * s, x1 * s + x2 * c], dim=-1)


class RmsNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return rms(x, self.weight)


class LlamaBlock(nn.Module):
    def __init__(self, d, heads, kv_heads, ffn, dropout, qkv_bias=False):
        super().__init__()
        self.heads, self.kv_heads, self.dropout = heads, kv_heads, dropout
        dh = d // heads
        self.attn_norm = RmsNorm(d)
        # qkv_bias: Qwen2's block, biases on q, k and v only (rlab --qkv-bias)
        self.wq = nn.Linear(d, d, bias=qkv_bias)
        self.wk = nn.Linear(d, kv_heads * dh, bias=qkv_bias)
        self.wv = nn.Linear(d, kv_heads * dh, bias=qkv_bias)
        self.wo = nn.Linear(d, d, bias=False)
        self.mlp_norm = RmsNorm(d)
        self.w1 = nn.Linear(d, ffn, bias=False)
        self.w2 = nn.Linear(ffn, d, bias=False)
        self.w3 = nn.Linear(d, ffn, bias=False)

        self.checkpoint_attention = False

    def attention_core(self, q, k, v):
        B, H, T, dh = q.shape
        G = k.shape[1]
        k, v = k.repeat_interleave(H // G, 1), v.repeat_interleave(H // G, 1)
        scores = (q @ k.transpose(-2, -1)) / math.sqrt(dh)
        mask = torch.ones(T, T, dtype=torch.bool, device=q.device).tril()
        scores = scores.masked_fill(~mask, float("-inf"))
        probs = F.dropout(F.softmax(scores, dim=-1), self.dropout, self.training)
        return (probs @ v).transpose(1, 2).reshape(B, T, H * dh)

    def forward(self, x):
        B, T, d = x.shape
        H, G = self.heads, self.kv_heads
        dh = d // H
        a = self.attn_norm(x)
        q = rope(self.wq(a).view(B, T, H, dh).transpose(1, 2))
        k = rope(self.wk(a).view(B, T, G, dh).transpose(1, 2))
        v = self.wv(a).view(B, T, G, dh).transpose(1, 2)
        if self.checkpoint_attention and self.training:
            y = checkpoint.checkpoint(self.attention_core, q, k, v)
        else:
            y = self.attention_core(q, k, v)
        x = x + F.dropout(self.wo(y), self.dropout, self.training)
        a = self.mlp_norm(x)
        return x + F.dropout(self.w2(F.silu(self.w1(a)) * self.w3(a)), self.dropout, self.training)


def default_ffn(width):
    """8d/3 rounded up to a multiple of 64, as the engine's --ffn default."""
    return (-(-8 * width // 3) + 63) // 64 * 64


class Llama(nn.Module):
    def __init__(self, layers, width, heads, vocab, kv_heads=0, ffn=0, dropout=0.0, qkv_bias=False):
        super().__init__()
        kv_heads = kv_heads or heads
        ffn = ffn or default_ffn(width)
        self.wte = nn.Embedding(vocab, width)
        self.blocks = nn.ModuleList([LlamaBlock(width, heads, kv_heads, ffn, dropout, qkv_bias)
                                     for _ in range(layers)])
        self.norm = RmsNorm(width)
        self.head = nn.Linear(width, vocab, bias=False)
        self.recompute = "none"

    set_recompute = Gpt.set_recompute

    def forward(self, tokens, targets):
        B, T = tokens.shape
        x = self.wte(tokens)
        x = run_blocks(self, x)
        logits = self.head(self.norm(x))
        return F.cross_entropy(logits.view(B * T, -1), targets.reshape(B * T).long())
