"""The reference model (docs/architecture.md "The engine") in PyTorch 1.13.

Parameter names are the state_dict names the engine's --dump / --init-from folders use.
`recompute` picks how the blocks are checkpointed, for the benchmark (tests/bench):
  none       plain autograd
  full       every block checkpointed (its input kept, the block recomputed in backward)
  sqrt       checkpoint_sequential with ceil(sqrt(N)) blocks per segment
  selective  only the attention core (q k^T, mask, softmax, dropout, P v) checkpointed:
             Megatron-LM's selective recomputation; PyTorch 1.13 has no selective-checkpoint
             API, so LayerNorm and GELU outputs stay saved here (the engine recomputes those too).
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
        n = len(self.blocks)
        if self.recompute == "full" and self.training:
            for block in self.blocks:
                x = checkpoint.checkpoint(block, x)
        elif self.recompute == "sqrt" and self.training:
            k = math.ceil(math.sqrt(n))
            x = checkpoint.checkpoint_sequential(nn.Sequential(*self.blocks), math.ceil(n / k), x)
        else:
            for block in self.blocks:
                x = block(x)
        logits = self.head(self.lnf(x))
        return F.cross_entropy(logits.view(B * T, -1), targets.reshape(B * T).long())
