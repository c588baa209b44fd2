// RunResult::toJson: the `rlab run --json` object (the contract in docs/cli.md).
#include <cmath>
#include <string>
#include <string_view>

#include "rlab/result.h"
#include "rlab/text.h"

namespace rlab {
namespace {

// Appends JSON text; tracks commas so callers only name keys and values.
class JsonWriter {
public:
    void beginObject(std::string_view key = {}) { open(key, '{'); }
    void endObject() { close('}'); }
    void beginArray(std::string_view key = {}) { open(key, '['); }
    void endArray() { close(']'); }

    void string(std::string_view key, std::string_view value)
    {
        prefix(key);
        quote(value);
    }
    void boolean(std::string_view key, bool value)
    {
        prefix(key);
        m_text += value ? "true" : "false";
    }
    void integer(std::string_view key, std::uint64_t value)
    {
        prefix(key);
        m_text += std::to_string(value);
    }
    void integer(std::string_view key, std::int64_t value)
    {
        prefix(key);
        m_text += std::to_string(value);
    }
    // The shortest text that reads back as the same float or double, whatever the C locale;
    // NaN and infinities are not JSON, so null.
    void number(std::string_view key, float value)
    {
        if (finite(key, value))
            m_text += text::shortest(value);
    }
    void number(std::string_view key, double value)
    {
        if (finite(key, value))
            m_text += text::shortest(value);
    }
    void null(std::string_view key)
    {
        prefix(key);
        m_text += "null";
    }

    std::string take() { return std::move(m_text); }

private:
    // Writes the key (or null for a value JSON cannot hold) and says whether the value follows.
    bool finite(std::string_view key, double value)
    {
        if (!std::isfinite(value)) {
            null(key);
            return false;
        }
        prefix(key);
        return true;
    }
    void open(std::string_view key, char bracket)
    {
        prefix(key);
        m_text += bracket;
        m_first = true;
    }
    void close(char bracket)
    {
        m_text += bracket;
        m_first = false;
    }
    // Keys are given inside objects and empty inside arrays.
    void prefix(std::string_view key)
    {
        if (!m_first)
            m_text += ',';
        m_first = false;
        if (!key.empty()) {
            quote(key);
            m_text += ':';
        }
    }
    void quote(std::string_view text)
    {
        m_text += '"';
        for (const char c : text) {
            switch (c) {
            case '"':
                m_text += "\\\"";
                break;
            case '\\':
                m_text += "\\\\";
                break;
            case '\b':
                m_text += "\\b";
                break;
            case '\f':
                m_text += "\\f";
                break;
            case '\n':
                m_text += "\\n";
                break;
            case '\r':
                m_text += "\\r";
                break;
            case '\t':
                m_text += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    constexpr std::string_view hex = "0123456789abcdef";
                    m_text += "\\u00";
                    m_text += hex[static_cast<unsigned char>(c) >> 4];
                    m_text += hex[static_cast<unsigned char>(c) & 15];
                } else {
                    m_text += c; // UTF-8 bytes pass through unchanged
                }
            }
        }
        m_text += '"';
    }

    std::string m_text;
    bool m_first = true;
};

} // namespace

std::string RunResult::toJson() const
{
    const ModelShape& shape = config.shape;
    JsonWriter json;
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
    json.integer("steps", std::int64_t {config.steps});
    json.integer("warmup_steps", std::int64_t {config.warmupSteps});
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
    for (const char* key : {"loss", "step_ms", "step_ms_min", "step_ms_max", "step_ms_all", "peak_bytes",
             "peak_activation_bytes", "bytes_by_category", "reserved_bytes", "device_free_bytes",
             "device_total_bytes", "offload_bytes", "offload_ms", "grad_checksum", "timeline"})
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
