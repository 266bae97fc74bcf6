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
#define MAP_SYNC 0x080000
#define MAP_FIXED_NOREPLACE 0x100000
#define MAP_UNINITIALIZED 0x4000000
#define MAP_HUGE_2MB (21u << 26)
#define MAP_HUGE_1GB (30u << 26)

#define MAP_FAILED ((void *)-1)

/* madvise() advice (asm-generic/mman-common.h values). */
#define MADV_NORMAL 0
#define MADV_RANDOM 1
#define MADV_SEQUENTIAL 2
#define MADV_WILLNEED 3
#define MADV_DONTNEED 4

/* mremap() flags (include/uapi/linux/mman.h). */
#define MREMAP_MAYMOVE 1
#define MREMAP_FIXED 2
#define MREMAP_DONTUNMAP 4

/* map_shadow_stack() flags (Linux 6.6, x86 and arm64). */
#define SHADOW_STACK_SET_TOKEN (1ul << 0)
#define SHADOW_STACK_SET_MARKER (1ul << 1)

#endif
