#pragma once
// Which instruction set this copy of the CPU backend is compiled for. A portable build compiles
// the cpu_*.cpp kernels once per set (engine/CMakeLists.txt) and cpu_dispatch.cpp picks one at
// start; each copy's names live in an inline namespace of that name, so the copies never clash.
// A build for its own machine has one copy, "native".
#ifndef RLAB_CPU_ISA
#define RLAB_CPU_ISA native
#endif
#define RLAB_CPU_ISA_STRING(isa) #isa
#define RLAB_CPU_ISA_NAME_OF(isa) RLAB_CPU_ISA_STRING(isa)
#define RLAB_CPU_ISA_NAME RLAB_CPU_ISA_NAME_OF(RLAB_CPU_ISA)
#ifndef RLAB_CPU_DISPATCH
#define RLAB_CPU_DISPATCH 0
#endif
