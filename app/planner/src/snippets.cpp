// Snippets for a planned policy. The plan's shape (rlab::Prediction: blocks per segment, blocks
// that keep only their input or the matmul outputs) decides which code does the same.
#include "rlab/planner/snippets.h"

namespace rlab::planner {

namespace {

// What the plan keeps, in the words the frameworks' APIs have.
struct Shape {
    int layers = 0;
    int segment = 1; // blocks per segment (> 1: segments recomputed from one saved input)
    int inputOnly = 0; // blocks 0..inputOnly-1 keep only their input (full recomputation)
    int matmuls = 0; // the next blocks keep the matmul outputs (selective)
    bool offload = false;
};

const char* const kPyTorchOffload
    = "# +offload: wrap the forward in torch.autograd.graph.save_on_cpu(pin_memory=True) (PyTorch 1.10 or\n"
      "# later), which keeps what autograd saves in host memory and copies it back for backward.\n";

// The matmul outputs kept, as the ops that make them (aten names; PyTorch 2.5 or later).
const char* const kSelectivePolicy
    = "import torch\n"
      "from functools import partial\n"
      "from torch.utils.checkpoint import checkpoint, create_selective_checkpoint_contexts, "
      "CheckpointPolicy\n"
      "\n"
      "# Keep the matmul outputs (qkv, attention values, fc1); recompute LayerNorm, softmax, GELU, dropout.\n"
      "KEEP = {torch.ops.aten.mm.default, torch.ops.aten.addmm.default, torch.ops.aten.bmm.default}\n"
      "\n"
      "def keep_matmuls(ctx, op, *args, **kwargs):\n"
      "    return CheckpointPolicy.MUST_SAVE if op in KEEP else CheckpointPolicy.PREFER_RECOMPUTE\n"
      "\n"
      "selective = partial(create_selective_checkpoint_contexts, keep_matmuls)\n";

Snippet perBlock(const Shape& s)
{
    Snippet out {SnippetKind::PyTorchPerBlock, "PyTorch 1.11 or later", {}};
    std::string& c = out.code;
    if (s.segment > 1) {
        const std::string k = std::to_string(s.segment);
        c = "# PyTorch 1.11 or later (use_reentrant=False). Segments of " + k
            + " blocks: each keeps only its first\n# block's input and is recomputed once in backward.\n"
              "from torch.utils.checkpoint import checkpoint\n\n"
              "def run_segment(segment, x):\n"
              "    for block in segment:\n"
              "        x = block(x)\n"
              "    return x\n\n"
              "def run_blocks(blocks, x):\n"
              "    k = "
            + k
            + "  # blocks per segment\n"
              "    for first in range(0, len(blocks), k):\n"
              "        x = checkpoint(run_segment, blocks[first:first + k], x, use_reentrant=False)\n"
              "    return x\n";
    } else if (s.inputOnly == s.layers) {
        c = "# PyTorch 1.11 or later (use_reentrant=False). Each block keeps only its input and is\n"
            "# recomputed once in backward.\n"
            "from torch.utils.checkpoint import checkpoint\n\n"
            "def run_blocks(blocks, x):\n"
            "    for block in blocks:\n"
            "        x = checkpoint(block, x, use_reentrant=False)\n"
            "    return x\n";
    } else if (s.inputOnly == 0 && s.matmuls == 0) {
        c = "# Any PyTorch. Nothing is recomputed: every block keeps what its backward needs.\n"
            "def run_blocks(blocks, x):\n"
            "    for block in blocks:\n"
            "        x = block(x)\n"
            "    return x\n";
        out.needs = "any PyTorch";
    } else {
        const std::string a = std::to_string(s.inputOnly), b = std::to_string(s.inputOnly + s.matmuls);
        out.needs = s.matmuls > 0 ? "PyTorch 2.5 or later" : "PyTorch 1.11 or later";
        c = s.matmuls > 0 ? "# PyTorch 2.5 or later (selective checkpointing, a prototype API).\n"
                + std::string(kSelectivePolicy)
                          : "# PyTorch 1.11 or later (use_reentrant=False).\n"
                            "from torch.utils.checkpoint import checkpoint\n";
        c += "\n# The budget planner's mix: the first " + a + " blocks keep only their input, the next "
            + std::to_string(s.matmuls)
            + " the matmul outputs,\n# the rest everything (they are backpropagated first).\n"
              "def run_blocks(blocks, x):\n"
              "    for i, block in enumerate(blocks):\n"
              "        if i < "
            + a
            + ":\n"
              "            x = checkpoint(block, x, use_reentrant=False)\n";
        if (s.matmuls > 0)
            c += "        elif i < " + b
                + ":\n"
                  "            x = checkpoint(block, x, use_reentrant=False, context_fn=selective)\n";
        c += "        else:\n"
             "            x = block(x)\n"
             "    return x\n";
    }
    if (s.offload)
        c += kPyTorchOffload;
    return out;
}

// checkpoint_sequential runs its last segment without checkpointing, so it keeps more than the plan.
Snippet sequential(const Shape& s)
{
    const int segments = (s.layers + s.segment - 1) / s.segment;
    const std::string n = std::to_string(segments);
    Snippet out {SnippetKind::PyTorchSequential, "PyTorch 1.0 or later", {}};
    out.code = "# PyTorch 1.0 or later; on 2.1 or later pass use_reentrant=False as well. " + n
        + " segments of about\n# " + std::to_string(s.layers / segments)
        + " blocks (len(blocks) // segments each, the last takes the rest). Unlike the plan,\n"
          "# checkpoint_sequential does not checkpoint its last segment: it runs normally and keeps\n"
          "# all of that segment's activations.\n"
          "import torch.nn as nn\n"
          "from torch.utils.checkpoint import checkpoint_sequential\n\n"
          "def run_blocks(blocks, x):\n"
          "    return checkpoint_sequential(nn.Sequential(*blocks), "
        + n + ", x)\n";
    if (s.offload)
        out.code += kPyTorchOffload;
    return out;
}

Snippet selective(const Shape& s)
{
    Snippet out {SnippetKind::PyTorchSelective, "PyTorch 2.5 or later", {}};
    out.code = "# PyTorch 2.5 or later (selective checkpointing, a prototype API).\n"
        + std::string(kSelectivePolicy)
        + "\n"
          "def run_blocks(blocks, x):\n"
          "    for block in blocks:\n"
          "        x = checkpoint(block, x, use_reentrant=False, context_fn=selective)\n"
          "    return x\n";
    if (s.offload)
        out.code += kPyTorchOffload;
    return out;
}

Snippet megatron(const Shape& s)
{
    Snippet out {SnippetKind::Megatron, "Megatron-LM 3.0 or later", {}};
    std::string& c = out.code;
    c = "# Megatron-LM 3.0 or later (pretrain_gpt.py arguments).\n";
    if (s.segment > 1)
        c += "# Uniform: the layers in groups of " + std::to_string(s.segment)
            + ", each group's input kept and the group recomputed.\n"
              "--recompute-granularity full --recompute-method uniform --recompute-num-layers "
            + std::to_string(s.segment) + "\n";
    else if (s.inputOnly == s.layers)
        c += "# Every layer's input kept, each layer recomputed.\n"
             "--recompute-granularity full --recompute-method uniform --recompute-num-layers 1\n";
    else if (s.inputOnly == 0 && s.matmuls == 0)
        c += "# Nothing recomputed: leave out every --recompute-* flag.\n";
    else if (s.inputOnly == 0)
        c += "# Selective recomputes the attention core (softmax, dropout, P v) only; it keeps the "
             "LayerNorm\n"
             "# and GELU outputs that this plan recomputes, so it saves somewhat more.\n"
             "--recompute-granularity selective\n";
    else
        c += "# Block: the first " + std::to_string(s.inputOnly)
            + " layers (of each pipeline stage) recomputed, the rest kept whole;\n"
              "# Megatron cannot mix in selective layers as this plan does, so this keeps more.\n"
              "--recompute-granularity full --recompute-method block --recompute-num-layers "
            + std::to_string(s.inputOnly) + "\n";
    if (s.offload)
        c += "# +offload: no recompute flag moves checkpoints to host memory; this is the base policy.\n";
    return out;
}

Snippet jax(const Shape& s)
{
    Snippet out {SnippetKind::Jax, "JAX 0.4.1 or later", {}};
    std::string& c = out.code;
    c = "# JAX 0.4.1 or later (jax.checkpoint, jax.checkpoint_policies); block(params, x) -> x.\n"
        "import jax\n\n";
    if (s.segment > 1) {
        c += "def run_segment(segment_params, x):\n"
             "    for p in segment_params:\n"
             "        x = block(p, x)\n"
             "    return x\n\n"
             "run_segment_remat = jax.checkpoint(run_segment, "
             "policy=jax.checkpoint_policies.nothing_saveable)\n\n"
             "def run_blocks(block_params, x):\n"
             "    k = "
            + std::to_string(s.segment)
            + "  # blocks per segment\n"
              "    for first in range(0, len(block_params), k):\n"
              "        x = run_segment_remat(block_params[first:first + k], x)\n"
              "    return x\n";
    } else if (s.inputOnly == 0 && s.matmuls == 0) {
        c += "# Nothing recomputed: no jax.checkpoint.\n"
             "def run_blocks(block_params, x):\n"
             "    for p in block_params:\n"
             "        x = block(p, x)\n"
             "    return x\n";
    } else {
        c += "full = jax.checkpoint(block, policy=jax.checkpoint_policies.nothing_saveable)\n"
             "# Matmul outputs without batch dimensions kept (qkv, projections, fc1, fc2): near this plan's "
             "set.\n"
             "selective = jax.checkpoint(block, "
             "policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)\n\n"
             "def run_blocks(block_params, x):\n"
             "    for i, p in enumerate(block_params):\n";
        if (s.inputOnly == s.layers)
            c += "        x = full(p, x)\n";
        else if (s.inputOnly == 0 && s.matmuls == s.layers)
            c += "        x = selective(p, x)\n";
        else
            c += "        x = full(p, x) if i < " + std::to_string(s.inputOnly)
                + " else selective(p, x) if i < " + std::to_string(s.inputOnly + s.matmuls)
                + " else block(p, x)\n";
        c += "    return x\n";
    }
    if (s.offload)
        c += "# +offload: jax.checkpoint_policies.save_and_offload_only_these_names (newer JAX) moves named\n"
             "# residuals to host memory; not shown here.\n";
    return out;
}

} // namespace

std::string_view snippetKindName(SnippetKind kind)
{
    switch (kind) {
    case SnippetKind::PyTorchPerBlock:
        return "pytorch-per-block";
    case SnippetKind::PyTorchSequential:
        return "pytorch-sequential";
    case SnippetKind::PyTorchSelective:
        return "pytorch-selective";
    case SnippetKind::Megatron:
        return "megatron";
    case SnippetKind::Jax:
        break;
    }
    return "jax";
}

std::vector<Snippet> snippets(const PolicyRow& row, int layers)
{
    Shape shape;
    shape.layers = layers;
    shape.segment = row.prediction.segmentBlocks;
    shape.inputOnly = row.prediction.inputOnlyBlocks;
    shape.matmuls = row.prediction.matmulOutputBlocks;
    shape.offload = row.policy.offload;
    std::vector<Snippet> out;
    if (shape.inputOnly == 0 && shape.matmuls == layers && shape.segment == 1)
        out.push_back(selective(shape));
    else
        out.push_back(perBlock(shape));
    if (shape.segment > 1 || shape.inputOnly == layers)
        out.push_back(sequential(shape));
    out.push_back(megatron(shape));
    out.push_back(jax(shape));
    return out;
}

} // namespace rlab::planner
