<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AnswerChart</name>
    <message>
        <source>%1 (predicted)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnswerView</name>
    <message>
        <source>GFLOP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFLOP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 kept %2 of activations at the step&apos;s peak.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 of %3 at the step&apos;s peak.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 kept %2 of activations at the step&apos;s peak, %3 of %4&apos;s %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 of %3 at the step&apos;s peak, %4 of %5&apos;s %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 recomputed nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 recomputed %2 a step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 recomputed %2 a step, %3 of a forward pass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 recomputed %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s step took %2 ms (median, 95% interval %3 to %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> What is certain is the work: %1 recomputes %2 more a step, counted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s step and %2&apos;s are the same within noise at these sizes (%3 times, 95% interval %4 to %5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s step took %2 times %3&apos;s (95% interval %4 to %5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s gradients differ from none&apos;s by %2 of the largest gradient.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s loss differs from none&apos;s by %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s by %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms (%2 to %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 recomputed %2 of a forward pass a step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 spent %2 a step copying to and from host memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the demo: the %1 of each run appears here, measured.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ClusterPanel</name>
    <message>
        <source>Many GPUs: memory per rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model above trained on a cluster: data, tensor, sequence and pipeline parallelism (1F1B) with ZeRO sharding. Every figure is predicted, per GPU; communication buffers and one op&apos;s temporaries are left out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0: nothing sharded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1: optimizer state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2: + gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3: + parameters (FSDP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data parallel × tensor parallel × pipeline stages is %1 GPUs, but nodes × GPUs per node is %2: make them equal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallel %1 is more than the %2 GPUs of one node: its all-reduces would cross nodes, so keep it within one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted with %1: pipeline rank %2 peaks at %3 GiB a GPU, which %4 the %5 GiB budget.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>With one pipeline stage every rank holds the same: %n micro-batch(es) of activations at a time.</source>
        <translation>
            <numerusform>With one pipeline stage every rank holds the same: %n micro-batch of activations at a time.</numerusform>
            <numerusform>With one pipeline stage every rank holds the same: %n micro-batches of activations at a time.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The last stage peaks: the output layer and the loss keep their tensors for a micro-batch, more than the first stage&apos;s %n micro-batch(es) in flight.</source>
        <translation>
            <numerusform>The last stage peaks: the output layer and the loss keep their tensors for a micro-batch, more than the first stage&apos;s %n micro-batch in flight.</numerusform>
            <numerusform>The last stage peaks: the output layer and the loss keep their tensors for a micro-batch, more than the first stage&apos;s %n micro-batches in flight.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The first stage peaks: under 1F1B it holds %n micro-batch(es) of its layers in flight, the most of any stage.</source>
        <translation>
            <numerusform>The first stage peaks: under 1F1B it holds %n micro-batch of its layers in flight, the most of any stage.</numerusform>
            <numerusform>The first stage peaks: under 1F1B it holds %n micro-batches of its layers in flight, the most of any stage.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>This stage holds %n micro-batch(es) of its layers in flight.</source>
        <translation>
            <numerusform>This stage holds %n micro-batch of its layers in flight.</numerusform>
            <numerusform>This stage holds %n micro-batches of its layers in flight.</numerusform>
        </translation>
    </message>
    <message>
        <source>cheapest that fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (does not fit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No policy could be planned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configs: no plan while the fields above cannot be planned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No policy fits this budget on this cluster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted memory a GPU, GiB, by pipeline rank (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1 (peak)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GiB, predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configs for %1 on this cluster (the plan above, predicted). Each says what it needs in its first lines.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch (FSDP2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>budget a GPU</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ContentLibrary</name>
    <message>
        <source>%1 has no quizzes folder; a quiz pack is a folder holding quizzes/, guides/ and demos/.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is neither a folder nor a pack archive; a quiz pack is a folder holding quizzes/, guides/ and demos/, or a .zip, .tar, .tar.gz or .tgz file of one.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ContentText</name>
    <message>
        <source>Not translated yet: shown in English.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, question %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>See also: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoClaims</name>
    <message>
        <source>peak activation memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak total memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recompute FLOPs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recompute FLOPs as a share of the forward pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient error relative to the largest gradient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss difference from none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copy time to and from the host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MFLOP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms [%2, %3]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 below %3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 above %3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 equal to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 at most %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 at least %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 grows as %3^%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 within its budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 as the predictor said</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (at %1 = %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: time %2%, counted FLOPs %3%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fitted exponent %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Holds in this run:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does not hold at these sizes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same within noise:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1× [%2, %3] (paired steps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 MiB a step, copied in %3 ms (measured); over PCIe 4.0 x16 at about 25 GB/s, %4 ms (predicted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: time the same within noise, counted FLOPs %2%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 hold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same within noise: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>do not hold at these sizes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What this run shows: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>budget %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of every budget run within its budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 falls as the budget grows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no named policy below the budget frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 not below the budget frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 + offload</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoEstimate</name>
    <message>
        <source>About %1 s (an estimate: the predicted FLOPs at the speed this machine measured in earlier runs).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run takes about %1 s at these sizes. Press Run again to start it, or choose smaller sizes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This machine is busy: the run had %1% of its processor time, so its times are longer and noisier.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoExport</name>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a file name ending in .csv, .json, .trace.json or .pickle.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoLedger</name>
    <message>
        <source>LayerNorm 1 input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QKV matmul input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Q and K for QK^T (4sbh), V for attention over values (2sbh)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>softmax output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>softmax dropout mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>softmax dropout output (attention over values input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>linear projection input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention dropout mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LayerNorm 2 input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fc1 input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GeLU input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fc2 input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLP dropout mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block input: the residual stream (LayerNorm 1 input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block input: the embedding&apos;s output (LayerNorm 1 input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LayerNorm 1 output (QKV input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queries, keys and values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention probabilities (softmax output)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention probabilities after dropout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention output, heads merged (projection input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>residual stream after attention (LayerNorm 2 input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LayerNorm 2 output (fc1 input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fc1 output (GELU input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GELU output (fc2 input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention output dropout mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLP output dropout mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LayerNorm 1 mean and rstd per row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LayerNorm 2 mean and rstd per row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last block&apos;s output (final LayerNorm input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final LayerNorm output (head input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final LayerNorm mean and rstd per row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>softmax probabilities over the vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LayerNorm statistics (mean, rstd; not in the paper)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rebuilt for backward (recompute workspace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head and loss (outside the per-layer formula)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, widened to fp32 for backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recomputed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offloaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>widened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The paper per layer (predicted, 16-bit values, 1-byte masks): %1 = %2 = %3 bytes; × %4 layers = %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The paper counts this plan&apos;s kept tensors as %1 over %2 layers (predicted, 16-bit values, 1-byte masks).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured here: the blocks keep %1 (fp32 values, masks regenerated, LayerNorm statistics kept).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the peak (predicted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2, op %3 (measured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offload what this policy keeps to host memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keep only the matmul outputs: recompute attention probabilities, LayerNorm and GELU in backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recompute segments of blocks of the length that keeps least</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keep only each block&apos;s input and recompute the block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention RMSNorm input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wq, wk and wv input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Q and K for QK^T, V for attention over values (k = G*dh, the key/value width)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wo input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLP RMSNorm input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>w1 and w3 input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SwiGLU inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>w2 input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block input: the embedding&apos;s output (attention RMSNorm input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block input: the previous block&apos;s output (attention RMSNorm input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention RMSNorm output (wq, wk and wv input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention RMSNorm rstd per row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queries, keys and values, q and k rotated (rotary positions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention output, heads merged (wo input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>residual stream after attention (MLP RMSNorm input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLP RMSNorm output (w1 and w3 input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLP RMSNorm rstd per row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>w1 and w3 outputs (SwiGLU inputs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SwiGLU output, silu(w1 x) * w3 x (w2 input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last block&apos;s output (final RMSNorm input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final RMSNorm output (head input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final RMSNorm rstd per row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>softmax logsumexp per row (fused attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block input: the previous block&apos;s output (LayerNorm 1 input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block input: the residual stream (attention RMSNorm input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RMSNorm statistics (rstd; not in the paper)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured here: the blocks keep %1 (fp32 values, masks regenerated, RMSNorm statistics kept).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoPanel</name>
    <message>
        <source>Choose sizes and press Run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train the model with each policy and measure memory and time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the results table to the clipboard as tab-separated text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No demo for this question.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look for: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no demo to run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Results copied to the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export demo results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Results saved to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the results as CSV or JSON, or each run&apos;s memory as a trace or a PyTorch memory snapshot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory trace for ui.perfetto.dev (*.trace.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch memory snapshot for memory_viz (*.pickle)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan this for a real model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the Planner: which policy fits a GPT-2-size model in your GPU&apos;s memory, and the code that does it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your earlier run of this demo; press Run to measure again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the demo, then answer: what will the numbers show?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to look for appears once you have answered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fold the claims to one line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show each claim with its figures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This question has no demo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%p% · about %1 s left (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%p% · finishing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>① Predict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>② Run the demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>① Run the demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>③ What it measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>② What it measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running: the figures appear here when it finishes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xplore this run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every table and chart of this run, the sizes and what it shows (E).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀ Back to the question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the question, where you left it (Esc).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer&apos;s figures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run names that would give the answer away are hidden until you answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer first: the explore page names every run, and a name here gives the answer away.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Measured again: your run of this demo from last time, at its sizes (figures are not kept between sessions).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoResultsModel</name>
    <message>
        <source>Policy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB in %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not comparable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured: the highest number of bytes of this kind the engine&apos;s allocator held at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run&apos;s recomputation policy and settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured: the highest number of bytes the engine held on the device at once, all kinds together.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak total
MiB, measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
MiB, measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured: checkpoints held in host memory instead of on the device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured: the peak of saved activations plus recompute workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak activations
MiB, measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted: the analytic model&apos;s peak of saved activations plus recompute workspace, computed before running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak activations
MiB, predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured: median wall-clock time of a training step, warm-up step excluded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step ms, median
measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured: floating-point operations of one forward pass, counted by the engine for every op it ran.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward
GFLOP, measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured: floating-point operations spent recomputing activations in one step, counted by the engine for every op it reran.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute
GFLOP, measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured: bytes copied to and from host memory per step and the time the copies took.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offload per step
measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured: training loss after the last step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final loss
measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the run was measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step ms, 95% interval
measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured: the largest difference between this run&apos;s first-step gradients and those of the `none` run, element by element, relative to the largest gradient. Zero means recomputation reproduced the exact gradients.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient error
relative, measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted, not measured: the time the same bytes would take over PCIe 4.0 x16 between a typical GPU and pinned host memory, at about 25 GB/s per direction (32 GB/s raw less protocol overhead; NVIDIA&apos;s bandwidthTest reports 24-26 GB/s on such hosts). On the CPU the copies stay within RAM.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same bytes over PCIe
predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1% of none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1% vs none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+%1% of none&apos;s forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
In brackets: compared with the plain `none` run at the same sizes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same as none within noise</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1
This run&apos;s rounds alone: %2 to %3 ms. This machine&apos;s speed wandered by %4% (standard deviation) over its last %n timed run(s).</source>
        <translation>
            <numerusform>%1
This run&apos;s rounds alone: %2 to %3 ms. This machine&apos;s speed wandered by %4% (standard deviation) over its last timed run.</numerusform>
            <numerusform>%1
This run&apos;s rounds alone: %2 to %3 ms. This machine&apos;s speed wandered by %4% (standard deviation) over its last %n timed runs.</numerusform>
        </translation>
    </message>
    <message>
        <source>Measured: the 95% confidence interval of the median step time, from this run&apos;s timing rounds, widened by how much this machine&apos;s speed has wandered between its recent runs (a small fixed training timed in every run), so that running the demo again lands inside it. The comparison with none beside the median pairs each step with none&apos;s step of the same number, taken one after the other, which the wander does not move; it tells smaller differences apart than these intervals do, and where it finds none, it says the same within noise.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Not widened yet: this machine has no other timed run in the last ten minutes, so how much its speed wanders between runs is not measured yet; the next run&apos;s interval will include it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoResultsView</name>
    <message>
        <source>Demo results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run shown in the timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also show the parameters, gradients and temporaries, the step time&apos;s interval, the PCIe estimate and the device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How to read it: one group of bars per run, one bar per kind of memory, each at the step&apos;s peak; a lower bar kept less.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How to read it: one group per run; a taller bar took longer a step. Bars whose intervals overlap none&apos;s are the same within noise.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How to read it: one training step from left to right, forward, then recompute and backward; up is the memory alive after each op. Dashed: the other runs, lined up phase by phase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How to read it: one line per policy as the size grows; on log-log axes a steeper line grows faster, and its slope is the exponent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How to read it: each run&apos;s loss step by step; lines on top of each other trained the same model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How to read it…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frontier</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoRunner</name>
    <message>
        <source>Every size must be at least 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The number of heads (%1) must divide the width (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tick at least one kind of activation for selective recomputation to keep.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>CPU (Eigen, %n threads)</source>
        <translation>
            <numerusform>CPU (Eigen, %n thread)</numerusform>
            <numerusform>CPU (Eigen, %n threads)</numerusform>
        </translation>
    </message>
    <message>
        <source>CPU (Eigen, %1 to %2 threads)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A llama run&apos;s %1 key/value heads must divide the number of heads (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rotary positions pair a head&apos;s dimensions, so the head size (width / heads = %1) must be even.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoSizesForm</name>
    <message>
        <source>Model sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go back to the sizes this demo suggests.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations selective recomputation keeps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ticked kinds are stored in the forward pass; the rest are recomputed in the backward pass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This demo sweeps this size; the charts show every value.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoTexts</name>
    <message>
        <source>setup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temporaries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host offloaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The residual stream entering the block.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LayerNorm outputs: cheap to recompute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The query, key and value matmul output: costly to recompute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention probabilities, batch x heads x seq x seq: large at long sequences, cheap to recompute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention probabilities after dropout (when dropout is on).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention applied to the values: a matmul output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The residual stream after the attention half of the block.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first MLP matmul output, four times the width: costly to recompute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GELU output, four times the width: cheap to recompute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 of %2 (%3): %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 of %2 (%3): step %4 of %5, %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Finished %n run(s) in %1 s.</source>
        <translation>
            <numerusform>Finished %n run in %1 s.</numerusform>
            <numerusform>Finished %n runs in %1 s.</numerusform>
        </translation>
    </message>
    <message>
        <source>The demo was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 of %2 (%3): step %4, %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FrontierChart</name>
    <message>
        <source>Peak activation memory against step time (both measured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak activation memory (measured) against recompute FLOPs (counted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak activation memory, MiB (measured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step time, ms (measured, 95% interval)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recompute, MFLOP a step (counted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frontier through the budget runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>budget:&lt;bytes&gt; runs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FrontierView</name>
    <message>
        <source>How to read it: each point is one measured run, memory to the right, cost up; the line joins the budget runs that no run keeping less beats. A named policy above the line costs more than a budget plan that keeps as little; below it by more than its interval would beat the planner.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step time (measured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recompute FLOPs (counted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost shown against memory</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GlossaryDialog</name>
    <message>
        <source>Glossary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>English</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What it means</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How it is used (for translators, in English)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find a term in any language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This content has no glossary.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GuideView</name>
    <message>
        <source>Open in the browser?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This link leads out of Recompute Lab to:

%1

Open it in your web browser?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LedgerChart</name>
    <message>
        <source>Activations at each run&apos;s peak, by the paper&apos;s term, MiB (measured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MiB</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LedgerView</name>
    <message>
        <source>How to read it: one bar per run, one colour per term of the paper&apos;s formula (Korthikanti et al.: 34sbh + 5as²b per layer); a colour missing from a bar is a tensor that policy recomputes instead of keeping. Below: one run&apos;s tensors, block by block.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run shown in the ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Term / tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the policy does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MiB (measured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paper&apos;s MiB (predicted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; keeps only block inputs (%2) and rebuilds every other tensor for backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; does not keep (recomputes or rebuilds): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How to read it: one bar per run, one colour per term, each of llama&apos;s tensors counted as Korthikanti et al. count GPT&apos;s (2 bytes a value, 1 a dropout mask; k is the key/value width, f the SwiGLU width); a colour missing from a bar is a tensor that policy recomputes instead of keeping. Below: one run&apos;s tensors, block by block.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LiveFigures</name>
    <message>
        <source>Figures from your last run of the demo, measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figures not yet run here are predicted by the engine for the demo&apos;s own sizes; a run measures the same bytes and FLOPs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Times and errors are shown as measured when the text was checked, until you run the demo.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LossChart</name>
    <message>
        <source>Loss per step (solid, left), distance from none&apos;s (dotted, right)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>training step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>|loss − none&apos;s loss|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 − none</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>%1 — Recompute Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quiz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to &amp;quizzes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View &amp;all questions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Previous question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run the demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry the &amp;wrong ones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Recompute Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Some content could not be loaded; everything else works. %n problem(s):</source>
        <translation>
            <numerusform>Some content could not be loaded; everything else works. %n problem:</numerusform>
            <numerusform>Some content could not be loaded; everything else works. %n problems:</numerusform>
        </translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Recompute Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute Lab teaches activation recomputation (gradient checkpointing) with quizzes and live demos that train a small GPT-style model and measure its memory and time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open pack…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free software under the MIT licence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source code: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report a problem: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planner — Recompute Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear every answer of this quiz and start again? Your earlier attempts stay in its history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan your own mo&amp;del…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1–%1: choose the option with that number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>↑ ↓: move between the options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tab, Shift+Tab: move between the controls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Space: press the focused button</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alt+underlined letter: open that menu or go to that field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the Language menu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter: confirm the option you moved to, or go to the next question once answered, wherever the focus is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter in a demo size field or the prediction: run the demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your packs folder is %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content reloaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened the pack %1; it adds no quiz that is not already here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Opened the pack %1: %n new quiz(zes), %2.</source>
        <translation>
            <numerusform>Opened the pack %1: %n new quiz, %2.</numerusform>
            <numerusform>Opened the pack %1: %n new quizzes, %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Open the packs &amp;folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder where packs you drop in are loaded from at every start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;load content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed the pack %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which pack do you want to remove?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the pack %1 from the app? Its files stay where they are, and your answers to its quizzes are kept for when you open it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove pack…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take a pack you opened out of the app again; its files and your answers stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Search questions and guides…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Glossary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E: explore the demo&apos;s run: every table and chart, its sizes and claims</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>G: the question&apos;s guide section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Esc: back to the question from the guide or the run&apos;s page</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryChart</name>
    <message>
        <source>Peak memory by category, MiB (measured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory by category at %1 %2, MiB (measured)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NoticeBanner</name>
    <message>
        <source>Dismiss the notice</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>and %n more (hover to see all)</source>
        <translation>
            <numerusform>and %n more (hover to see all)</numerusform>
            <numerusform>and %n more (hover to see all)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OptionButton</name>
    <message>
        <source>Option %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correct answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your answer, wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press %1 to choose</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PackDialog</name>
    <message>
        <source>Open a quiz pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quiz packs (*.zip *.tar *.tar.gz *.tgz *.tar.xz *.txz *.tar.zst *.tzst)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pack:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PeakCard</name>
    <message>
        <source>%1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At the peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of activations, reached in %2; the marker on the timeline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live then (measured), largest first:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No other policy lowers this peak.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What would lower it (predicted); each button runs that policy at these sizes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: peak %2 (predicted, %3 MiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured %1, exactly as predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured %1, not the predicted figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running %1…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlannerPage</name>
    <message>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bf16 with fp32 master weights (predicted only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bf16 (saved copies)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This GPU: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which recomputation policy fits your model in your GPU&apos;s memory, and what it costs. Every figure on this page is predicted by the engine&apos;s memory predictor (the one that equals its measured peak in the demos); nothing is allocated or trained.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fused attention (keeps no T×T probabilities)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>segment:best (%n block(s))</source>
        <translation>
            <numerusform>segment:best (%n block)</numerusform>
            <numerusform>segment:best (%n blocks)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 + offload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Cannot plan this:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted for %1: %2 million parameters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Cheapest policy that fits: %1&lt;/b&gt;, peak %2 GiB of %3 GiB, recomputing %4% of the step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No policy fits this budget&lt;/b&gt;: try a smaller micro-batch or sequence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted only: the engine cannot train bf16 weights, so no measurement backs these figures.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted
peak, GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temporaries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute
FLOPs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max
micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max
sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All memory figures in GiB, predicted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted peak, GiB, by micro-batch (T = %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted peak, GiB, by sequence (B = %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>your budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code: pick a policy in the table to see the code that does it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code for %1. Each snippet says the version it needs in its first line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch, per block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch, checkpoint_sequential</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch, selective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JAX</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom (llama block)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key/value heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLP hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grouped-query attention&apos;s key/value heads: they must divide the heads, and tensor parallelism must divide them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The MLP&apos;s hidden width: 4 × width in GPT-2&apos;s block, SwiGLU&apos;s size in llama&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prepared for %1: predicted, not measured. The engine trains on one device, so what this question asks about many GPUs is shown here from the planner&apos;s formulas, which its tests check against the papers. Change any field to explore; Back returns to the question.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Biases on q, k and v (Qwen2&apos;s block)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlannerViewPanel</name>
    <message>
        <source>Planner view: predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This question is about many GPUs, and the engine trains on one device, so it has no live demo. The Planner shows it instead, with the settings below, from its formulas (checked against the papers in its tests): nothing here is measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open in the Planner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a custom llama block: %1 layers, width %2, %3 heads, %4 key/value heads, MLP %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a custom GPT-2 block: %1 layers, width %2, %3 heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequence %1, micro-batch %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GB a GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bf16 weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data parallel %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor parallel %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequence parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline stages %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n virtual stage(s)</source>
        <translation>
            <numerusform>%n virtual stage</numerusform>
            <numerusform>%n virtual stages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n micro-batch(es) a step</source>
        <translation>
            <numerusform>%n micro-batch a step</numerusform>
            <numerusform>%n micro-batches a step</numerusform>
        </translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) of %1</source>
        <translation>
            <numerusform>%n node of %1</numerusform>
            <numerusform>%n nodes of %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Policy shown: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Predicted with %1: pipeline rank %2 peaks at %3 GiB a GPU (%4 GiB budget), holding %n micro-batch(es) of its layers in flight.</source>
        <translation>
            <numerusform>Predicted with %1: pipeline rank %2 peaks at %3 GiB a GPU (%4 GiB budget), holding %n micro-batch of its layers in flight.</numerusform>
            <numerusform>Predicted with %1: pipeline rank %2 peaks at %3 GiB a GPU (%4 GiB budget), holding %n micro-batches of its layers in flight.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PredictionBox</name>
    <message>
        <source>Choose a run</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PredictionTexts</name>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predict before you run: %1 of %2 as a percentage of %3&apos;s?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predict before you run: which run will have the most %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predict before you run: which run will have the least %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off by %1 points.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not this time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured: &lt;b&gt;%1&lt;/b&gt; (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You made no prediction.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You predicted &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProgressStore</name>
    <message>
        <source>it is larger than any progress file could be</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its version is not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its language is not text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its quizzes are not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the answers of %1 are not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an answer in %1 is not text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is a symbolic link, not a regular file; progress is never written through a link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it was written by a newer Recompute Lab in format %1, and this one reads formats 1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your progress file %1 is damaged (%2); it is left as it is and progress starts empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another Recompute Lab window held it for over %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its lock file cannot be made in that folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it would be larger than any progress file may be</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save your progress to %1 (%2); the file keeps the progress saved before.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your progress file was damaged (%1); it was moved to %2 and progress starts empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your progress file %1 is damaged (%2) and could not be moved aside; progress starts empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read your progress from %1 (%2); the file is kept as it is and this session&apos;s answers will not be saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the progress of %1 is malformed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its lock file %1 is not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its language is not a language code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Part of your progress file %1 could not be read (%2), and it could not be moved aside; it is kept as it is and this session&apos;s answers will not be saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Part of your progress file could not be read (%1); the file was moved to %2, and what could be read is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds %2 attempts, more than the %3 kept of a quiz</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QuestionListPage</name>
    <message>
        <source>◀ Back to the question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All questions of the quiz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 answered, %3 correct. Double-click or press Enter on a question to open it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ Correct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✘ Wrong</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QuestionPage</name>
    <message>
        <source>Question %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>· retrying the wrong ones: %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>See results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ Correct.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✘ Not quite: the right answer is %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why “%1” is wrong:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This question has no guide section.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>References</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guide: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀ Quizzes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the list of quizzes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View all questions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guide section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read more in the guide: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This question&apos;s guide section holds its answer. Answer first, then read it; or open it now, and your attempt notes that you did.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open the guide now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys: 1–%1 choose · Enter next · ← → move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to this question&apos;s section: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>question %1 of “%2”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys: 1–%1 choose · Enter next · ← → move · R opens the Planner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planner view, predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys: 1–%1 choose · Enter next · ← → move · R runs the demo · E explores the run · G guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ Right, on the second try.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not quite. Here is a hint; choose once more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why “%1” is not it:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This question&apos;s guide section, on a page of its own (G).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀ Back to the question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the question, where you left it (Esc).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>④ Your answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This question has no demo: its guide section explains it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys: Enter checks your figure, then goes on · ← → move · R runs the demo · E explores the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✘ Not quite.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ Right: your run measured %1%; you said %2%.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✘ Not quite: your run measured %1%; you said %2%.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your figure:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your figure, read off your run, in percent (right within %1 points):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the demo first (R): the figure is read off your own run.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QuizRecord</name>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ResultsPage</name>
    <message>
        <source>◀ Quizzes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the list of quizzes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear every answer and start again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry the wrong ones (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n correct</source>
        <translation>
            <numerusform>%1 of %n correct</numerusform>
            <numerusform>%1 of %n correct</numerusform>
        </translation>
    </message>
    <message>
        <source>Every answer is right. Well done!</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review of your mistakes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your answer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right answer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not answered yet:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first try</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retry of the wrong ones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>started over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first try %1 of %2 · best %3 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First try</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>due for review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to review next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before history was kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt %1 (%2), %3: %4 of %5 right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opened the guide before answering question %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export results…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save these results as a spreadsheet (CSV) or as a page to print or keep (HTML).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported from Recompute Lab on %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page to print or keep (*.html);;Spreadsheet (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a figure within %1 points of the run&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a figure off the run&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewSchedule</name>
    <message numerus="yes">
        <source>Review (%n due)</source>
        <translation>
            <numerusform>Review (%n due)</numerusform>
            <numerusform>Review (%n due)</numerusform>
        </translation>
    </message>
    <message>
        <source>Questions you answered wrongly come back after 1, 2, 4, 8 and 16 days until you get them right.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SearchDialog</name>
    <message>
        <source>Search questions and guides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Words to find, such as: offload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guide: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a word to search every quiz and guide.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No matches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SizeSliders</name>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SizeWords</name>
    <message>
        <source>layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>La&amp;yers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>H&amp;eads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of attention heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vocabulary size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most %1 layers are allowed for this demo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The width may be at most %1 for this demo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most %1 heads are allowed for this demo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sequence length may be at most %1 for this demo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The batch may be at most %1 for this demo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vocabulary may be at most %1 for this demo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-ba&amp;tch</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <source>Beginner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intermediate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learn activation recomputation (gradient checkpointing) by answering questions. Each question opens a live demo that trains a small GPT-style model and measures memory and time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No quizzes could be loaded. See the notice above for what went wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n question(s)</source>
        <translation>
            <numerusform>%n question</numerusform>
            <numerusform>%n questions</numerusform>
        </translation>
    </message>
    <message>
        <source>Not started</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n answered</source>
        <translation>
            <numerusform>%n answered</numerusform>
            <numerusform>%n answered</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n correct</source>
        <translation>
            <numerusform>%n correct</numerusform>
            <numerusform>%n correct</numerusform>
        </translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open quiz %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the answers of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan your own model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which recomputation policy fits your model in your GPU&apos;s memory, what it costs, and the code that does it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first try %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>best %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>See results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review the questions of %1 due today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 mastered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This quiz came with the pack you just opened.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StepTimeChart</name>
    <message>
        <source>Step time, ms (measured, warm-up excluded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fastest step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>median step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowest step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median step time, ms (measured, warm-up excluded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same as none within noise: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SweepChart</name>
    <message>
        <source>peak activation MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak activation memory, MiB, log-log: measured (solid), predicted (dashed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ∝ %2^%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · dotted: extrapolated, sqrt keeps less than full from ≈%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineChart</name>
    <message>
        <source>MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One step of %1: activations, MiB (measured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One step: activations, MiB (measured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ops of the step: forward, then recompute and backward, each run lined up phase by phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak (measured)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
