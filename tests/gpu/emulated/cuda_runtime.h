#pragma once
// Stands in for the CUDA runtime's header in gpu_emulated only (tests/gpu/emulated/README.md): the
// CUDA execution model emulated on the host, so kernels/*.cu run unchanged on a machine without a
// GPU. Blocks run one after another. Each thread of a block is a std::thread, __syncthreads is a
// barrier of the block, and a warp's collectives (shuffles, and so warpSum and warpMax) pass their
// values through a per-warp array between barriers of the warp. `__shared__` is `static`, which is
// one array per block because blocks run one at a time.
#include <algorithm>
#include <barrier>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __shared__ static
using std::max;
using std::min;

struct dim3 {
    unsigned x = 1, y = 1, z = 1;
    dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1)
        : x(a)
        , y(b)
        , z(c)
    {
    }
};
using uint3 = dim3;
typedef struct CUstream_st* cudaStream_t;
typedef struct CUevent_st* cudaEvent_t;
enum cudaError_t { cudaSuccess = 0 };
enum cudaMemcpyKind { cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice };

namespace emu {
struct Block {
    std::barrier<>* block;
    std::vector<std::unique_ptr<std::barrier<>>>* warps;
    std::vector<double>* slots; // per thread
};
inline thread_local Block g_block;
inline thread_local dim3 t_threadIdx, t_blockIdx, t_blockDim, t_gridDim;

inline unsigned linearThread()
{
    return t_threadIdx.x + t_threadIdx.y * t_blockDim.x;
}
inline void warpBarrier()
{
    (*g_block.warps)[linearThread() / 32]->arrive_and_wait();
}

template<typename T> T exchange(T v, unsigned fromLane)
{
    const unsigned me = linearThread(), base = me / 32 * 32;
    warpBarrier();
    (*g_block.slots)[me] = static_cast<double>(v);
    warpBarrier();
    const T got = static_cast<T>((*g_block.slots)[base + fromLane]);
    warpBarrier();
    return got;
}

// What a launch `kernel<<<grid, block, 0, stream>>>(...)` becomes (host_launches.py): every
// block in turn, all of its threads at once.
inline void launch(dim3 grid, dim3 block, const std::function<void()>& kernel)
{
    const unsigned threads = block.x * block.y * block.z;
    for (unsigned bz = 0; bz < grid.z; ++bz)
        for (unsigned by = 0; by < grid.y; ++by)
            for (unsigned bx = 0; bx < grid.x; ++bx) {
                std::barrier<> blockBarrier(threads);
                std::vector<std::unique_ptr<std::barrier<>>> warps;
                for (unsigned w = 0; w < (threads + 31) / 32; ++w)
                    warps.push_back(std::make_unique<std::barrier<>>(std::min(32u, threads - w * 32)));
                std::vector<double> slots(threads);
                std::vector<std::thread> pool;
                for (unsigned t = 0; t < threads; ++t)
                    pool.emplace_back([&, t] {
                        g_block = {&blockBarrier, &warps, &slots};
                        t_threadIdx = dim3(t % block.x, t / block.x % block.y, t / (block.x * block.y));
                        t_blockIdx = dim3(bx, by, bz);
                        t_blockDim = block;
                        t_gridDim = grid;
                        kernel();
                    });
                for (auto& th : pool)
                    th.join();
            }
}
} // namespace emu

#define threadIdx emu::t_threadIdx
#define blockIdx emu::t_blockIdx
#define blockDim emu::t_blockDim
#define gridDim emu::t_gridDim
inline void __syncthreads()
{
    emu::g_block.block->arrive_and_wait();
}
inline void __syncwarp(unsigned = 0xffffffffu)
{
    emu::warpBarrier();
}
template<typename T> T __shfl_sync(unsigned, T v, int lane)
{
    return emu::exchange(v, static_cast<unsigned>(lane));
}
template<typename T> T __shfl_xor_sync(unsigned, T v, int offset)
{
    return emu::exchange(v, (emu::linearThread() % 32) ^ static_cast<unsigned>(offset));
}
inline float rsqrtf(float x)
{
    return 1.0f / std::sqrt(x);
}
#include <math.h>
