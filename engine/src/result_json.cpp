// RunResult::toJson: the `rlab run --json` object (the contract in docs/cli.md).
#include <cmath>
#include <string>
#include <string_view>

#include "json_writer.h"
#include "rlab/result.h"
#include "rlab/text.h"

namespace rlab {

std::string RunResult::toJson() const
{
    const ModelShape& shape = config.shape;
    detail::JsonWriter json;
    json.beginObject();
    json.string("policy", policyName);
    json.string("device", rlab::deviceName(device));
    json.string("device_name", deviceName);
    json.integer("layers", std::int64_t {shape.layers});
    json.integer("width", std::int64_t {shape.width});
    json.integer("heads", std::int64_t {shape.heads});
    json.integer("seq", std::int64_t {shape.seq});
    json.integer("batch", std::int64_t {shape.batch});
    json.integer("vocab", std::int64_t {shape.vocab});
    json.string("arch", archName(shape.arch));
    json.integer("kv_heads", std::int64_t {kvHeadsOf(shape)});
    json.integer("ffn", std::int64_t {shape.arch == Arch::Llama ? ffnOf(shape) : 4 * shape.width});
    json.boolean("qkv_bias", shape.qkvBias);
    json.integer("steps", std::int64_t {config.steps});
    json.integer("warmup_steps", std::int64_t {config.warmupSteps});
    json.number("min_time_s", config.minTimeSeconds);
    json.integer(
        "steps_run", static_cast<std::int64_t>(stepMs.size())); // steps plus those the time budget added
    json.integer("segment_blocks", std::int64_t {segmentBlocks});
    json.integer("seed", std::uint64_t {config.seed});
    json.number("dropout", config.dropout);
    json.number("learning_rate", config.learningRate);
    json.string("optimizer", optimizerName(config.optimizer));
    json.string("save_precision", savePrecisionName(config.savePrecision));
    json.boolean("rng_replay", config.rngReplay);
    json.boolean("offload", config.policy.offload);
    json.integer("threads", std::int64_t {config.threads});

    // Which fields were measured on the device, counted per op, or modeled before running.
    json.boolean("measured", true);
    json.beginObject("provenance");
    for (const char* key : {"loss", "step_ms", "step_ms_min", "step_ms_max", "step_ms_all", "step_ms_ci95",
             "step_ms_rounds", "step_ms_rounds_ci95", "step_ms_wander", "peak_bytes", "peak_activation_bytes",
             "bytes_by_category", "reserved_bytes", "device_free_bytes", "device_total_bytes",
             "offload_bytes", "offload_ms", "grad_checksum", "timeline"})
        json.string(key, "measured");
    for (const char* key : {"forward_flops", "backward_flops", "recompute_flops"})
        json.string(key, "counted");
    json.string("predicted_peak_activation_bytes", "predicted");
    json.endObject();

    json.beginArray("loss");
    for (const float value : loss)
        json.number({}, value);
    json.endArray();

    json.number("step_ms", stepMsMedian);
    json.number("step_ms_min", stepMsMin);
    json.number("step_ms_max", stepMsMax);
    // The median's 95% interval: over the rounds, widened by the machine's wander (rlab/wander.h).
    json.beginArray("step_ms_ci95");
    json.number({}, stepMsCi95Low);
    json.number({}, stepMsCi95High);
    json.endArray();
    json.beginArray("step_ms_rounds_ci95"); // the distribution-free interval over the rounds alone
    json.number({}, stepMsRoundsCi95Low);
    json.number({}, stepMsRoundsCi95High);
    json.endArray();
    json.beginObject("step_ms_wander");
    json.number("sd", stepMsWanderSd);
    json.integer("runs", static_cast<std::int64_t>(stepMsWanderRuns));
    json.endObject();
    json.beginArray("step_ms_rounds");
    for (const double value : stepMsRounds)
        json.number({}, value);
    json.endArray();
    json.beginArray("step_ms_all");
    for (const double value : stepMs)
        json.number({}, value);
    json.endArray();

    json.integer("peak_bytes", peakBytes);
    json.integer("peak_activation_bytes", peakActivationBytes);
    json.integer("predicted_peak_activation_bytes", predictedPeakActivationBytes);
    json.beginObject("bytes_by_category");
    for (const auto& [category, bytes] : bytesByCategory)
        json.integer(category, bytes);
    json.endObject();
    json.integer("reserved_bytes", reservedBytes);
    json.integer("device_free_bytes", deviceFreeBytes);
    json.integer("device_total_bytes", deviceTotalBytes);

    json.number("forward_flops", forwardFlops);
    json.number("backward_flops", backwardFlops);
    json.number("recompute_flops", recomputeFlops);
    json.integer("offload_bytes", offloadBytes);
    json.number("offload_ms", offloadMs);

    json.number("grad_checksum", gradChecksum);
    if (gradMaxAbsDiffVsNone >= 0)
        json.number("grad_max_abs_diff_vs_none", gradMaxAbsDiffVsNone);
    else
        json.null("grad_max_abs_diff_vs_none");

    json.beginArray("timeline");
    for (const TimelineEvent& event : timeline) {
        json.beginObject();
        json.number("start_ms", event.startMs);
        json.number("end_ms", event.endMs);
        json.string("phase", phaseName(event.phase));
        json.integer("block", std::int64_t {event.block});
        json.string("op", event.op);
        json.integer("live_bytes", event.liveBytes);
        json.integer("activation_bytes", event.activationBytes);
        json.integer("host_bytes", event.hostBytes);
        json.endObject();
    }
    json.endArray();
    json.endObject();
    return json.take();
}

} // namespace rlab
