/* SPDX-License-Identifier: MIT */
/* mmap()/mprotect() constants (asm-generic/mman-common.h values). */
#ifndef UAPI_LINUX_MMAN_H
#define UAPI_LINUX_MMAN_H

#define PROT_NONE 0x0
#define PROT_READ 0x1
#define PROT_WRITE 0x2
#define PROT_EXEC 0x4
#define PROT_GROWSDOWN 0x01000000
#define PROT_GROWSUP 0x02000000

#define MAP_SHARED 0x01
#define MAP_PRIVATE 0x02
#define MAP_SHARED_VALIDATE 0x03
#define MAP_TYPE 0x0f
#define MAP_FIXED 0x10
#define MAP_ANONYMOUS 0x20
#define MAP_GROWSDOWN 0x0100
#define MAP_DENYWRITE 0x0800
#define MAP_EXECUTABLE 0x1000
#define MAP_LOCKED 0x2000
#define MAP_NORESERVE 0x4000
#define MAP_POPULATE 0x8000
#define MAP_NONBLOCK 0x10000
#define MAP_STACK 0x20000
#define MAP_HUGETLB 0x40000
#define MAP_FIXED_NOREPLACE 0x100000

#define MAP_FAILED ((void *)-1)

/* map_shadow_stack() flags (Linux 6.6, x86 and arm64). */
#define SHADOW_STACK_SET_TOKEN (1ul << 0)
#define SHADOW_STACK_SET_MARKER (1ul << 1)

#endif
