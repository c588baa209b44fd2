#include "npy.h"

#include <bit>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <string_view>

#include "rlab/engine.h"

// The on-disk data is little-endian; the engine only targets little-endian hosts (x86-64, aarch64).
static_assert(std::endian::native == std::endian::little, "npy I/O assumes a little-endian host");

namespace rlab::detail {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::size_t kMagicSize = 6;

[[noreturn]] void fail(const std::string& path, const std::string& what)
{
    throw RunError("The file " + path + " " + what + ".");
}

void skipSpaces(std::string_view text, std::size_t* pos)
{
    while (*pos < text.size() && (text[*pos] == ' ' || text[*pos] == '\t'))
        ++*pos;
}

// The value text after 'key': in the header dict, or nullopt when the key is absent.
std::optional<std::size_t> findValue(std::string_view header, std::string_view key)
{
    std::string quoted(1, '\'');
    quoted.append(key).push_back('\'');
    const std::size_t at = header.find(quoted);
    if (at == std::string_view::npos)
        return std::nullopt;
    std::size_t pos = at + quoted.size();
    skipSpaces(header, &pos);
    if (pos >= header.size() || header[pos] != ':')
        return std::nullopt;
    ++pos;
    skipSpaces(header, &pos);
    return pos;
}

struct Header {
    std::string descr;
    bool fortranOrder = false;
    std::vector<std::size_t> shape;
};

Header parseHeader(const std::string& path, std::string_view header)
{
    Header parsed;
    const auto descrAt = findValue(header, "descr");
    if (!descrAt || *descrAt >= header.size() || header[*descrAt] != '\'')
        fail(path, "has a .npy header without a readable 'descr'");
    const std::size_t descrEnd = header.find('\'', *descrAt + 1);
    if (descrEnd == std::string_view::npos)
        fail(path, "has a .npy header without a readable 'descr'");
    parsed.descr = std::string(header.substr(*descrAt + 1, descrEnd - *descrAt - 1));

    const auto orderAt = findValue(header, "fortran_order");
    if (!orderAt)
        fail(path, "has a .npy header without 'fortran_order'");
    if (header.substr(*orderAt, 4) == "True")
        parsed.fortranOrder = true;
    else if (header.substr(*orderAt, 5) != "False")
        fail(path, "has a .npy header whose 'fortran_order' is neither True nor False");

    const auto shapeAt = findValue(header, "shape");
    if (!shapeAt || *shapeAt >= header.size() || header[*shapeAt] != '(')
        fail(path, "has a .npy header without a readable 'shape'");
    std::size_t pos = *shapeAt + 1;
    while (true) {
        skipSpaces(header, &pos);
        if (pos >= header.size())
            fail(path, "has a .npy header whose 'shape' is not closed");
        if (header[pos] == ')')
            break;
        std::size_t dim = 0;
        const std::size_t digitsStart = pos;
        while (pos < header.size() && header[pos] >= '0' && header[pos] <= '9') {
            const std::size_t digit = static_cast<std::size_t>(header[pos] - '0');
            if (dim > (std::numeric_limits<std::size_t>::max() - digit) / 10)
                fail(path, "has a .npy shape too large to hold");
            dim = dim * 10 + digit;
            ++pos;
        }
        if (pos == digitsStart)
            fail(path, "has a .npy header whose 'shape' holds something other than sizes");
        parsed.shape.push_back(dim);
        skipSpaces(header, &pos);
        if (pos < header.size() && header[pos] == ',')
            ++pos;
    }
    return parsed;
}

template<typename T>
std::string arrayBytes(
    const std::string& path, const std::vector<std::size_t>& shape, NpyType type, const std::vector<T>& data)
{
    std::size_t count = 1;
    for (std::size_t dim : shape)
        count *= dim;
    if (count != data.size())
        throw RunError("Cannot write " + path + ": " + std::to_string(data.size())
            + " values do not fill the shape " + shapeText(shape) + ".");

    std::string header = "{'descr': '";
    header += type == NpyType::Float32 ? "<f4" : "<i4";
    header += "', 'fortran_order': False, 'shape': " + shapeText(shape) + ", }";
    // Pad with spaces so the data starts on a 64-byte boundary, as NumPy does; the header ends in '\n'.
    const std::size_t unpadded = kMagicSize + 2 + 2 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    header += '\n';

    const char version[2] = {1, 0};
    const std::uint16_t headerLength = static_cast<std::uint16_t>(header.size());
    std::string bytes(kMagic, kMagicSize);
    bytes.append(version, 2);
    bytes.append(reinterpret_cast<const char*>(&headerLength), 2);
    bytes += header;
    bytes.append(reinterpret_cast<const char*>(data.data()), data.size() * sizeof(T));
    return bytes;
}

template<typename T>
void writeArray(
    const std::string& path, const std::vector<std::size_t>& shape, NpyType type, const std::vector<T>& data)
{
    const std::string bytes = arrayBytes(path, shape, type, data);
    // Written whole beside the target and renamed over it: never through a link (an ofstream wrote
    // the link's target), never half a file on a full disk.
    if (const std::optional<std::string> problem = replaceFileWhole(path, bytes))
        throw RunError("Cannot write " + path + ": " + *problem + ".");
}

} // namespace

std::size_t NpyArray::count() const
{
    std::size_t n = 1;
    for (std::size_t dim : shape)
        n *= dim;
    return n;
}

std::string shapeText(const std::vector<std::size_t>& shape)
{
    std::string text = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i > 0)
            text += ", ";
        text += std::to_string(shape[i]);
    }
    if (shape.size() == 1)
        text += ",";
    return text + ")";
}

NpyArray readNpy(const std::string& path, const std::function<void(const NpyArray&)>& checkHeader)
{
    // A FIFO would block the open below and a device would never end.
    if (const std::optional<std::string> problem = notRegularFile(path))
        throw RunError("The file " + *problem);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        fail(path, "cannot be opened (" + std::string(std::strerror(errno)) + ")");
    in.seekg(0, std::ios::end);
    const auto fileSize = static_cast<std::uint64_t>(in.tellg());
    in.seekg(0, std::ios::beg);

    char prefix[kMagicSize + 2] = {};
    if (!in.read(prefix, sizeof prefix) || std::memcmp(prefix, kMagic, kMagicSize) != 0)
        fail(path, "is not a NumPy .npy file");
    const int major = static_cast<unsigned char>(prefix[kMagicSize]);
    std::uint64_t headerLength = 0;
    if (major == 1) {
        std::uint16_t length = 0;
        if (!in.read(reinterpret_cast<char*>(&length), 2))
            fail(path, "ends inside its .npy header");
        headerLength = length;
    } else if (major == 2 || major == 3) {
        std::uint32_t length = 0;
        if (!in.read(reinterpret_cast<char*>(&length), 4))
            fail(path, "ends inside its .npy header");
        headerLength = length;
    } else {
        fail(path, "has .npy format version " + std::to_string(major) + ", which is not supported");
    }
    const std::uint64_t dataStart = static_cast<std::uint64_t>(in.tellg()) + headerLength;
    if (dataStart > fileSize)
        fail(path, "ends inside its .npy header");
    std::string headerText(headerLength, '\0');
    in.read(headerText.data(), static_cast<std::streamsize>(headerLength));
    const Header header = parseHeader(path, headerText);

    NpyArray array;
    if (header.descr == "<f4")
        array.type = NpyType::Float32;
    else if (header.descr == "<i4")
        array.type = NpyType::Int32;
    else
        fail(path,
            "holds dtype '" + header.descr
                + "', but only little-endian float32 ('<f4') and int32 ('<i4') are read");
    if (header.fortranOrder)
        fail(path, "is stored in Fortran order; save it in C order (numpy.ascontiguousarray)");
    array.shape = header.shape;
    if (checkHeader)
        checkHeader(array);

    std::uint64_t count = 1;
    for (std::size_t dim : array.shape) {
        if (dim != 0 && count > std::numeric_limits<std::uint64_t>::max() / 4 / dim)
            fail(path, "has a shape too large to hold");
        count *= dim;
    }
    const std::uint64_t dataBytes = fileSize - dataStart;
    if (dataBytes != count * 4)
        fail(path,
            "holds " + std::to_string(dataBytes) + " data bytes, but its shape " + shapeText(array.shape)
                + " needs " + std::to_string(count * 4));

    char* target = nullptr;
    if (array.type == NpyType::Float32) {
        array.floats.resize(count);
        target = reinterpret_cast<char*>(array.floats.data());
    } else {
        array.ints.resize(count);
        target = reinterpret_cast<char*>(array.ints.data());
    }
    if (!in.read(target, static_cast<std::streamsize>(dataBytes)))
        fail(path, "could not be read to the end");
    return array;
}

void writeNpy(const std::string& path, const std::vector<std::size_t>& shape, const std::vector<float>& data)
{
    writeArray(path, shape, NpyType::Float32, data);
}

void writeNpy(
    const std::string& path, const std::vector<std::size_t>& shape, const std::vector<std::int32_t>& data)
{
    writeArray(path, shape, NpyType::Int32, data);
}

std::string npyBytes(
    const std::string& path, const std::vector<std::size_t>& shape, const std::vector<float>& data)
{
    return arrayBytes(path, shape, NpyType::Float32, data);
}

std::string npyBytes(
    const std::string& path, const std::vector<std::size_t>& shape, const std::vector<std::int32_t>& data)
{
    return arrayBytes(path, shape, NpyType::Int32, data);
}

} // namespace rlab::detail
