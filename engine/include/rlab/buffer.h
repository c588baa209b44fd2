#pragma once
// One allocation from a TrackingAllocator, released when it goes out of scope, so a failed or
// cancelled run gives every byte back: the one scoped allocation type of the engine and of the
// CUDA backend.

#include <cstddef>
#include <cstdint>

#include "rlab/memory.h"

namespace rlab {

class Buffer {
public:
    Buffer() = default;
    Buffer(TrackingAllocator& allocator, std::size_t bytes, MemoryCategory category);
    Buffer(Buffer&& other) noexcept;
    Buffer& operator=(Buffer&& other) noexcept;
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    ~Buffer();

    void reset();
    bool empty() const { return m_ptr == nullptr; }
    std::size_t bytes() const { return m_bytes; }
    MemoryCategory category() const { return m_category; }
    void* data() const { return m_ptr; }
    float* floats() const { return static_cast<float*>(m_ptr); }
    std::uint16_t* halves() const { return static_cast<std::uint16_t*>(m_ptr); }
    std::int32_t* ints() const { return static_cast<std::int32_t*>(m_ptr); }

private:
    TrackingAllocator* m_allocator = nullptr;
    void* m_ptr = nullptr;
    std::size_t m_bytes = 0;
    MemoryCategory m_category = MemoryCategory::Temporaries;
};

} // namespace rlab
