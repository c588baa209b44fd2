#pragma once
// The code that does a planned policy in the frameworks people train with: PyTorch
// (torch.utils.checkpoint per block, checkpoint_sequential, selective-checkpoint policies),
// Megatron-LM's recompute flags and JAX's jax.checkpoint with a policy. Each snippet says the
// version it needs in its first comment line. Plain text from the plan alone, shared by `rlab plan
// --code` and the app's Planner page; tests/planner runs the PyTorch ones against the reference model.

#include <string>
#include <string_view>
#include <vector>

#include "rlab/planner/planner.h"

namespace rlab::planner {

enum class SnippetKind {
    PyTorchPerBlock, // torch.utils.checkpoint.checkpoint around each block or segment
    PyTorchSequential, // torch.utils.checkpoint.checkpoint_sequential
    PyTorchSelective, // create_selective_checkpoint_contexts (PyTorch 2.4 or later)
    Megatron, // Megatron-LM's --recompute-* flags
    Jax, // jax.checkpoint with a policy
};
std::string_view snippetKindName(SnippetKind kind); // "pytorch-per-block", ...

struct Snippet {
    SnippetKind kind = SnippetKind::PyTorchPerBlock;
    std::string needs; // "PyTorch 1.11 or later"
    std::string code; // Python defines run_blocks(blocks, x); Megatron: command-line flags
};

// The snippets that do this row's plan for a model of `layers` blocks: PyTorch's define
// run_blocks(blocks, x), to call where the model loops over its blocks.
std::vector<Snippet> snippets(const PolicyRow& row, int layers);

} // namespace rlab::planner
