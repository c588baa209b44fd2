#pragma once
// The CUDA code's one scoped allocation: bytes from a TrackingAllocator (so every byte is
// counted by category), given back on every path, exceptions included.

#include <cstddef>
#include <utility>

#include "rlab/memory.h"

namespace rlab::cuda {

class DeviceBuffer {
public:
    DeviceBuffer() = default;
    DeviceBuffer(TrackingAllocator& allocator, std::size_t bytes, MemoryCategory category)
        : m_allocator(&allocator)
        , m_bytes(bytes)
        , m_category(category)
        , m_ptr(allocator.allocate(bytes, category))
    {
    }
    DeviceBuffer(DeviceBuffer&& other) noexcept
        : m_allocator(std::exchange(other.m_allocator, nullptr))
        , m_bytes(std::exchange(other.m_bytes, 0))
        , m_category(other.m_category)
        , m_ptr(std::exchange(other.m_ptr, nullptr))
    {
    }
    DeviceBuffer& operator=(DeviceBuffer&& other) noexcept
    {
        if (this != &other) {
            reset();
            m_allocator = std::exchange(other.m_allocator, nullptr);
            m_bytes = std::exchange(other.m_bytes, 0);
            m_category = other.m_category;
            m_ptr = std::exchange(other.m_ptr, nullptr);
        }
        return *this;
    }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    ~DeviceBuffer() { reset(); }

    void reset() noexcept
    {
        if (m_allocator && m_ptr)
            m_allocator->release(m_ptr, m_bytes, m_category);
        m_allocator = nullptr;
        m_ptr = nullptr;
        m_bytes = 0;
    }
    std::size_t bytes() const { return m_bytes; }
    void* data() const { return m_ptr; }
    template<typename T> T* as() const { return static_cast<T*>(m_ptr); }

private:
    TrackingAllocator* m_allocator = nullptr;
    std::size_t m_bytes = 0;
    MemoryCategory m_category = MemoryCategory::Temporaries;
    void* m_ptr = nullptr;
};

} // namespace rlab::cuda
