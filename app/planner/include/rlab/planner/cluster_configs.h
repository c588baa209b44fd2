#pragma once
// Configs that do a per-rank plan (rlab/planner/parallel.h) on the engines people train with:
// Megatron-LM's arguments, a DeepSpeed config and PyTorch code (FSDP2's fully_shard with
// checkpoint_wrapper per block, inside the sharding). Plain text from the plan alone, shared by
// `rlab plan --config` and its JSON; what a framework cannot do as planned is said in `notes`.

#include <optional>
#include <string>
#include <string_view>

#include "rlab/planner/parallel.h"

namespace rlab::planner {

enum class ClusterConfigKind { Megatron, DeepSpeed, PyTorch };
std::string_view clusterConfigKindName(ClusterConfigKind kind); // "megatron", "deepspeed", "pytorch"
std::optional<ClusterConfigKind> parseClusterConfigKind(std::string_view name);

struct ClusterConfig {
    ClusterConfigKind kind = ClusterConfigKind::Megatron;
    std::string needs; // "Megatron-LM core 0.8 or later"
    std::string notes; // "# ..." lines: what differs from the plan, what the config leaves to code
    std::string text; // arguments one a line; DeepSpeed: a JSON object; PyTorch: Python
};

ClusterConfig clusterConfig(ClusterConfigKind kind, const ParallelReport& report, const ParallelRow& row);

} // namespace rlab::planner
