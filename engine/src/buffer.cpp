// RAII ownership of tracked allocations.
#include "rlab/buffer.h"

#include <utility>

namespace rlab {

Buffer::Buffer(TrackingAllocator& allocator, std::size_t bytes, MemoryCategory category)
    : m_allocator(&allocator)
    , m_ptr(allocator.allocate(bytes, category))
    , m_bytes(bytes)
    , m_category(category)
{
}

Buffer::Buffer(Buffer&& other) noexcept
    : m_allocator(std::exchange(other.m_allocator, nullptr))
    , m_ptr(std::exchange(other.m_ptr, nullptr))
    , m_bytes(std::exchange(other.m_bytes, 0))
    , m_category(other.m_category)
{
}

Buffer& Buffer::operator=(Buffer&& other) noexcept
{
    if (this != &other) {
        reset();
        m_allocator = std::exchange(other.m_allocator, nullptr);
        m_ptr = std::exchange(other.m_ptr, nullptr);
        m_bytes = std::exchange(other.m_bytes, 0);
        m_category = other.m_category;
    }
    return *this;
}

Buffer::~Buffer()
{
    reset();
}

void Buffer::reset()
{
    if (m_ptr)
        m_allocator->release(m_ptr, m_bytes, m_category);
    m_ptr = nullptr;
    m_bytes = 0;
}

} // namespace rlab
