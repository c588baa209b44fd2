// Configs for a per-rank plan. A row's recomputation becomes one of five framework shapes (nothing,
// groups of k blocks each recomputed from its input, the first k blocks of each chunk recomputed,
// the engine's selective set, the attention core), then each framework's words for it.
#include "rlab/planner/cluster_configs.h"

#include <cstdio>

namespace rlab::planner {

namespace {

enum class Recompute { Nothing, Groups, FirstBlocks, EngineSelective, AttentionCore };
struct RowRecompute {
    Recompute what = Recompute::Nothing;
    int k = 1; // Groups: blocks a group; FirstBlocks: blocks of each chunk
};

RowRecompute recomputeOf(const ParallelRow& row)
{
    const RankPolicy& p = row.policy;
    if (p.blockLayers >= 0)
        return {p.blockLayers > 0 ? Recompute::FirstBlocks : Recompute::Nothing, p.blockLayers};
    switch (p.engine.kind) {
    case PolicyKind::None:
        return {};
    case PolicyKind::Selective:
        return {p.megatron ? Recompute::AttentionCore : Recompute::EngineSelective, 1};
    case PolicyKind::Budget: // the planner's mix, as near as the block method comes
        if (row.segmentBlocks > 1)
            return {Recompute::Groups, row.segmentBlocks};
        if (row.inputOnlyBlocks > 0)
            return {Recompute::FirstBlocks, row.inputOnlyBlocks};
        return {row.matmulOutputBlocks > 0 ? Recompute::EngineSelective : Recompute::Nothing, 1};
    default:
        return {Recompute::Groups, row.segmentBlocks};
    }
}

std::string n(long long value)
{
    return std::to_string(value);
}

// The budget planner's mix of full and selective blocks has no one framework word.
std::string mixNote(const ParallelReport& report, const ParallelRow& row)
{
    const int a = row.inputOnlyBlocks, b = row.matmulOutputBlocks;
    if (row.policy.engine.kind != PolicyKind::Budget || b == 0 || (a == 0 && b == report.layersPerChunk))
        return {};
    std::string text = "# The budget planner's mix in each chunk: ";
    if (a > 0)
        text += "the first " + n(a) + " blocks keep only their input, ";
    text += (a > 0 ? "the next " + n(b) : "the first " + n(b) + " blocks keep")
        + " the matmul outputs, the rest everything;\n# ";
    text += a > 0
        ? "this recomputes the first " + n(a) + " whole and keeps the rest, so it keeps more than the plan.\n"
        : "this recomputes selectively in every block, so it recomputes more than the plan.\n";
    return text;
}

std::string dropoutText(float p)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", static_cast<double>(p));
    return text;
}

long long globalBatch(const ParallelReport& r)
{
    return static_cast<long long>(r.parallel.dp) * r.parallel.microbatches * r.request.config.shape.batch;
}

ClusterConfig megatron(const ParallelReport& r, const ParallelRow& row)
{
    const Parallelism& p = r.parallel;
    const RunConfig& c = r.request.config;
    const ModelShape& s = c.shape;
    ClusterConfig out {
        ClusterConfigKind::Megatron, "Megatron-LM core 0.8 or later (pretrain_gpt.py)", {}, {}};
    std::string& t = out.text;
    t = "--num-layers " + n(s.layers) + "\n--hidden-size " + n(s.width) + "\n--num-attention-heads "
        + n(s.heads) + "\n--seq-length " + n(s.seq) + "\n--max-position-embeddings " + n(s.seq)
        + "\n--micro-batch-size " + n(s.batch) + "\n--global-batch-size " + n(globalBatch(r))
        + "\n--tensor-model-parallel-size " + n(p.tp) + "\n--pipeline-model-parallel-size " + n(p.pp) + "\n";
    if (s.arch == Arch::Llama) // the llama block: docs/llama.md
        t += "--group-query-attention\n--num-query-groups " + n(kvHeadsOf(s)) + "\n--ffn-hidden-size "
            + n(ffnOf(s)) + "\n--swiglu\n--normalization RMSNorm\n--position-embedding-type rope\n"
            + "--disable-bias-linear\n" + (s.qkvBias ? "--add-qkv-bias\n" : "");
    if (p.virtualStages > 1)
        t += "--num-layers-per-virtual-pipeline-stage " + n(r.layersPerChunk) + "\n";
    if (p.sequenceParallel)
        t += "--sequence-parallel\n";
    if (p.zero >= 1)
        t += "--use-distributed-optimizer\n";
    t += "--untie-embeddings-and-output-weights\n--attention-dropout " + dropoutText(c.dropout)
        + "\n--hidden-dropout " + dropoutText(c.dropout) + "\n";
    if (c.weightPrecision == SavePrecision::Bf16)
        t += "--bf16\n";
    if (c.fusedAttention)
        t += "--use-flash-attn\n";
    const RowRecompute re = recomputeOf(row);
    switch (re.what) {
    case Recompute::Nothing:
        out.notes += "# Nothing recomputed: no --recompute-* argument.\n";
        break;
    case Recompute::AttentionCore:
        t += "--recompute-granularity selective\n--recompute-modules core_attn\n";
        out.notes += "# Selective: the attention core (QK^T, softmax, its dropout, attention over V) is "
                     "recomputed, the paper's 34sbh kept.\n# --recompute-modules needs a recent Megatron-LM; "
                     "older ones take --recompute-granularity selective alone, which means core_attn.\n";
        break;
    case Recompute::EngineSelective:
        t += "--recompute-granularity selective\n--recompute-modules core_attn layernorm\n";
        out.notes += "# The engine's selective also recomputes the GELU output, which Megatron-LM keeps "
                     "(its mlp module would recompute\n# the whole MLP), so this keeps 8sbh a layer more "
                     "than the plan.\n";
        break;
    case Recompute::Groups:
        t += "--recompute-granularity full\n--recompute-method uniform\n--recompute-num-layers " + n(re.k)
            + "\n";
        out.notes += "# Uniform: each model chunk's layers in groups of " + n(re.k)
            + ", each group's input kept and the group recomputed in backward.\n";
        break;
    case Recompute::FirstBlocks:
        t += "--recompute-granularity full\n--recompute-method block\n--recompute-num-layers " + n(re.k)
            + "\n";
        out.notes += "# Block: the first " + n(re.k)
            + " layers of each model chunk (pipeline stage or virtual stage) recomputed one by one, the rest "
              "kept.\n";
        break;
    }
    if (row.policy.engine.offload)
        out.notes += "# +offload: no recompute argument keeps checkpoints in host memory; this is the base "
                     "policy.\n";
    if (p.zero == 1)
        out.notes
            += "# ZeRO-1: --use-distributed-optimizer shards the optimizer state (fp32 masters and moments) "
               "over the data-parallel ranks.\n";
    if (p.zero >= 2)
        out.notes += "# ZeRO-" + n(p.zero)
            + ": --use-distributed-optimizer shards only the optimizer state; Megatron-LM shards gradients"
            + std::string(p.zero == 3 ? " and parameters" : "")
            + " with its FSDP\n# (--use-torch-fsdp2, or Megatron FSDP's --data-parallel-sharding-strategy "
            + (p.zero == 3 ? "optim_grads_params" : "optim_grads") + " in recent versions).\n";
    out.notes += "# Data parallelism is what is left of the GPUs: launch on "
        + n(static_cast<long long>(p.ranks())) + " (dp " + n(p.dp) + " x tp " + n(p.tp) + " x pp " + n(p.pp)
        + ").\n";
    return out;
}

std::string boolText(bool value)
{
    return value ? "true" : "false";
}

ClusterConfig deepspeed(const ParallelReport& r, const ParallelRow& row)
{
    const Parallelism& p = r.parallel;
    const RunConfig& c = r.request.config;
    ClusterConfig out {ClusterConfigKind::DeepSpeed, "DeepSpeed 0.10 or later (a ds_config.json)", {}, {}};
    const RowRecompute re = recomputeOf(row);
    const bool checkpoints = re.what != Recompute::Nothing;
    // Kept layer inputs split over the tensor-parallel ranks: what Megatron-LM does with --sp.
    const bool partition = checkpoints && p.tp > 1;
    const bool host = checkpoints && row.policy.engine.offload; // the checkpoints to CPU memory
    char lr[32];
    std::snprintf(lr, sizeof lr, "%g", static_cast<double>(c.learningRate));
    out.text = "{\n  \"train_batch_size\": " + n(globalBatch(r)) + ",\n  \"train_micro_batch_size_per_gpu\": "
        + n(c.shape.batch) + ",\n  \"gradient_accumulation_steps\": " + n(p.microbatches)
        + ",\n  \"optimizer\": {\"type\": \"AdamW\", \"params\": {\"lr\": " + lr
        + "}},\n  \"bf16\": {\"enabled\": " + boolText(c.weightPrecision == SavePrecision::Bf16)
        + "},\n  \"zero_optimization\": {\"stage\": " + n(p.zero)
        + "},\n  \"activation_checkpointing\": {\n    \"partition_activations\": " + boolText(partition)
        + ",\n    \"cpu_checkpointing\": " + boolText(host)
        + ",\n    \"contiguous_memory_optimization\": false,\n"
          "    \"synchronize_checkpoint_boundary\": false,\n    \"profile\": false\n  }\n}\n";
    std::string& notes = out.notes;
    if (c.optimizer != Optimizer::AdamW)
        notes += "# The plan trains with SGD: set \"optimizer\" to {\"type\": \"SGD\", ...}.\n";
    notes += "# train_batch_size = micro-batch x gradient_accumulation_steps x " + n(p.dp)
        + " data-parallel ranks (the GPUs over tp x pp).\n";
    if (checkpoints)
        notes += "# The config says how to checkpoint, the model code says where: each block "
                 "(Megatron-DeepSpeed: "
                 "--checkpoint-activations)\n# calls deepspeed.checkpointing.checkpoint"
            + std::string(re.what == Recompute::Groups && re.k > 1 ? " around groups of " + n(re.k)
                        + " blocks (PipelineModule's activation_checkpoint_interval=" + n(re.k) + ")"
                    : re.what == Recompute::FirstBlocks
                    ? " for the first " + n(re.k) + " blocks of each stage"
                    : " around each block")
            + ".\n";
    if (re.what == Recompute::EngineSelective || re.what == Recompute::AttentionCore)
        notes += "# DeepSpeed's checkpointing has no selective granularity: checkpoint the attention core "
                 "(softmax, dropout, P v) as its own function.\n";
    if (partition)
        notes += "# partition_activations: each kept layer input is split over the " + n(p.tp)
            + " tensor-parallel ranks (2sbh/t), as the plan counts it with --sp.\n";
    notes += host
        ? "# cpu_checkpointing true: the kept checkpoints wait in host memory, as the plan's +offload.\n"
        : "# cpu_checkpointing false: the plan keeps the checkpoints on the device.\n";
    if (p.pp > 1)
        notes += "# Pipeline: deepspeed.pipe.PipelineModule(layers, num_stages=" + n(p.pp)
            + ") runs 1F1B; it has no interleaved schedule"
            + std::string(
                p.virtualStages > 1 ? " (the plan's --virtual-stages " + n(p.virtualStages) + ")" : "")
            + (p.zero >= 2 ? ", and it takes ZeRO stage 0 or 1 only" : "") + ".\n";
    if (p.tp > 1)
        notes += "# Tensor parallelism comes from the model code (Megatron-DeepSpeed: "
                 "--tensor-model-parallel-size "
            + n(p.tp) + ").\n";
    return out;
}

// The script's head: how to launch it and its imports (DDP, or FSDP2 from ZeRO stage 2 on).
std::string pytorchImports(const Parallelism& p)
{
    std::string c = "# PyTorch 2.6 or later (FSDP2's fully_shard; 2.4 and 2.5 have it as "
                    "torch.distributed._composable.fsdp).\n"
                    "# Launch with torchrun on "
        + n(p.dp)
        + " processes; model.blocks is the list of transformer blocks.\n"
          "import torch\nfrom torch.distributed.algorithms._checkpoint.checkpoint_wrapper import (\n"
          "    CheckpointImpl, checkpoint_wrapper)\n";
    if (p.zero >= 2)
        c += "from torch.distributed.device_mesh import init_device_mesh\nfrom torch.distributed.fsdp import "
             "fully_shard\n";
    else
        c += "from torch.nn.parallel import DistributedDataParallel\n";
    if (p.zero == 1)
        c += "from torch.distributed.optim import ZeroRedundancyOptimizer\n";
    return c;
}

// The selective checkpoint policy's Python (the engine's set, or the paper's attention core) and the
// checkpoint_wrapper arguments that apply it; nothing for a row that recomputes whole blocks.
std::string pytorchSelectivePolicy(const ParallelReport& r, const RowRecompute& re, std::string* wrapArgs)
{
    if (re.what != Recompute::EngineSelective && re.what != Recompute::AttentionCore)
        return {};
    std::string c = "from functools import partial\nfrom torch.utils.checkpoint import CheckpointPolicy, "
                    "create_selective_checkpoint_contexts\n\n";
    if (re.what == Recompute::AttentionCore)
        c += "# Recompute the attention core (softmax and its dropout), keep everything else: the "
             "paper's 34sbh.\n"
             "RECOMPUTE = {torch.ops.aten._softmax.default, torch.ops.aten.native_dropout.default}\n\n"
             "def policy(ctx, op, *args, **kwargs):\n"
             "    return CheckpointPolicy.PREFER_RECOMPUTE if op in RECOMPUTE else "
             "CheckpointPolicy.MUST_SAVE\n";
    else {
        c += r.request.config.shape.arch == Arch::Llama
            ? "# Keep the matmul outputs (wqkv, attention values, wo, w1 and w3); recompute RMSNorm, "
              "softmax, SwiGLU, dropout.\n"
            : "# Keep the matmul outputs (qkv, attention values, fc1); recompute LayerNorm, softmax, "
              "GELU, dropout.\n";
        c += "KEEP = {torch.ops.aten.mm.default, torch.ops.aten.addmm.default, "
             "torch.ops.aten.bmm.default}\n\n"
             "def policy(ctx, op, *args, **kwargs):\n"
             "    return CheckpointPolicy.MUST_SAVE if op in KEEP else "
             "CheckpointPolicy.PREFER_RECOMPUTE\n";
    }
    *wrapArgs += ", context_fn=partial(create_selective_checkpoint_contexts, policy)";
    return c;
}

// units() and recompute(i): the modules checkpointed, one block each or groups of k blocks recomputed
// from one input, and which of them recompute.
std::string pytorchUnits(const RowRecompute& re)
{
    const int k = re.what == Recompute::Groups ? re.k : 1;
    std::string c = "def units(model):\n";
    if (k > 1)
        c += "    # Groups of " + n(k)
            + " blocks, each recomputed from its first block's input.\n"
              "    return [torch.nn.Sequential(*model.blocks[i:i + "
            + n(k) + "]) for i in range(0, len(model.blocks), " + n(k) + ")]\n\n";
    else
        c += "    return list(model.blocks)\n\n";
    c += "def recompute(i):\n";
    switch (re.what) {
    case Recompute::Nothing:
        c += "    return False  # nothing recomputed\n\n";
        break;
    case Recompute::FirstBlocks:
        c += "    return i < " + n(re.k) + "  # the first " + n(re.k)
            + " blocks (of this pipeline stage's chunk)\n\n";
        break;
    default:
        c += "    return True\n\n";
    }
    return c;
}

// parallelize(model): each unit wrapped in checkpoint_wrapper, then sharded (FSDP2) or replicated (DDP).
std::string pytorchParallelize(const Parallelism& p, const std::string& wrapArgs)
{
    std::string c
        = "def parallelize(model):\n"
          "    # 1. checkpoint_wrapper around each unit, 2. then the sharding around the wrapped unit: the\n"
          "    # checkpoint sits inside the unit's FSDP hooks, so in backward the pre-backward hook\n"
          "    # all-gathers the unit's parameters once and the replayed forward uses them. Wrapped the\n"
          "    # other way round, the replay reruns FSDP's forward hooks: a second all-gather of the\n"
          "    # unit and a reshard just before its backward needs the parameters again.\n"
          "    wrapped = []\n"
          "    for i, unit in enumerate(units(model)):\n"
          "        if recompute(i):\n"
          "            unit = checkpoint_wrapper(unit, "
        + wrapArgs
        + ")\n"
          "        wrapped.append(unit)\n"
          "    model.blocks = torch.nn.ModuleList(wrapped)\n";
    if (p.zero >= 2) {
        const std::string reshard = p.zero == 3 ? "True" : "False";
        c += "    mesh = init_device_mesh(\"cuda\", (" + n(p.dp)
            + ",), mesh_dim_names=(\"dp\",))\n"
              "    # reshard_after_forward="
            + reshard
            + (p.zero == 3
                    ? ": parameters, gradients and optimizer state sharded (ZeRO-3).\n"
                    : ": parameters stay gathered from forward to backward, gradients and optimizer state "
                      "sharded (ZeRO-2).\n")
            + "    for unit in model.blocks:\n        fully_shard(unit, mesh=mesh, reshard_after_forward="
            + reshard + ")\n    fully_shard(model, mesh=mesh, reshard_after_forward=" + reshard + ")\n"
            + "    return model, torch.optim.AdamW(model.parameters())\n";
    } else {
        c += "    ddp = DistributedDataParallel(model)\n";
        if (p.zero == 1)
            c += "    # ZeRO-1: FSDP2 has no optimizer-only sharding; ZeroRedundancyOptimizer shards AdamW's "
                 "state.\n"
                 "    return ddp, ZeroRedundancyOptimizer(ddp.parameters(), "
                 "optimizer_class=torch.optim.AdamW)\n";
        else
            c += "    return ddp, torch.optim.AdamW(ddp.parameters())\n";
    }
    return c;
}

// What the script leaves to the user: +offload, tensor parallelism, the pipeline.
std::string pytorchNotes(const ParallelReport& r, const ParallelRow& row)
{
    const Parallelism& p = r.parallel;
    std::string notes;
    if (row.policy.engine.offload)
        notes += "# +offload: run the forward inside torch.autograd.graph.save_on_cpu(pin_memory=True), "
                 "which keeps what autograd saves\n# in host memory and copies it back for backward.\n";
    if (p.tp > 1) {
        // The block's own layer names (docs/llama.md): GPT-2's qkv, proj, fc1, fc2 and LayerNorms;
        // llama's wqkv, wo, the SwiGLU's w1, w3 and w2 and RMSNorms, with grouped key/value heads.
        const bool llama = r.request.config.shape.arch == Arch::Llama;
        notes += "# Tensor parallelism (--tp " + n(p.tp)
            + "): a 2-D mesh (\"dp\", \"tp\") and torch.distributed.tensor.parallel.parallelize_module with "
              "ColwiseParallel\n# for "
            + (llama ? "wqkv, w1 and w3, RowwiseParallel for wo and w2"
                     : "qkv and fc1, RowwiseParallel for proj and fc2")
            + std::string(p.sequenceParallel ? (llama ? ", SequenceParallel for the RMSNorms"
                                                      : ", SequenceParallel for the LayerNorms")
                                             : "")
            + (llama ? "; the attention must then split q per local head and k, v per local key/value head ("
                        + n(kvHeadsOf(r.request.config.shape) / p.tp) + " a rank). Not shown.\n"
                     : "; the attention must then split q, k, v per local head. Not shown.\n");
    }
    if (p.pp > 1)
        notes += "# Pipeline (--pp " + n(p.pp) + "): torch.distributed.pipelining's PipelineStage with "
            + (p.virtualStages > 1 ? "ScheduleInterleaved1F1B" : "Schedule1F1B") + " and " + n(p.microbatches)
            + " micro-batches; each stage's model.blocks is its chunk. Not shown.\n";
    return notes;
}

ClusterConfig pytorch(const ParallelReport& r, const ParallelRow& row)
{
    ClusterConfig out {ClusterConfigKind::PyTorch,
        "PyTorch 2.6 or later (FSDP2: torch.distributed.fsdp.fully_shard)", {}, {}};
    const RowRecompute re = recomputeOf(row);
    std::string wrapArgs = "checkpoint_impl=CheckpointImpl.NO_REENTRANT";
    out.text = pytorchImports(r.parallel);
    out.text += pytorchSelectivePolicy(r, re, &wrapArgs);
    out.text += "\n";
    out.text += pytorchUnits(re);
    out.text += pytorchParallelize(r.parallel, wrapArgs);
    out.notes = pytorchNotes(r, row);
    return out;
}

} // namespace

std::string_view clusterConfigKindName(ClusterConfigKind kind)
{
    switch (kind) {
    case ClusterConfigKind::Megatron:
        return "megatron";
    case ClusterConfigKind::DeepSpeed:
        return "deepspeed";
    case ClusterConfigKind::PyTorch:
        break;
    }
    return "pytorch";
}

std::optional<ClusterConfigKind> parseClusterConfigKind(std::string_view name)
{
    for (const ClusterConfigKind kind :
        {ClusterConfigKind::Megatron, ClusterConfigKind::DeepSpeed, ClusterConfigKind::PyTorch})
        if (clusterConfigKindName(kind) == name)
            return kind;
    return std::nullopt;
}

ClusterConfig clusterConfig(ClusterConfigKind kind, const ParallelReport& report, const ParallelRow& row)
{
    ClusterConfig out = kind == ClusterConfigKind::Megatron ? megatron(report, row)
        : kind == ClusterConfigKind::DeepSpeed              ? deepspeed(report, row)
                                                            : pytorch(report, row);
    out.notes = mixNote(report, row) + out.notes;
    return out;
}

} // namespace rlab::planner
