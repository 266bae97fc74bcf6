/* SPDX-License-Identifier: MIT */
/* mmap and friends (Linux include/uapi/asm-generic/mman*.h values; x86_64 and arm64 agree). */
#ifndef SYS_MMAN_H
#define SYS_MMAN_H

#include <sys/types.h>

#define PROT_NONE 0x0
#define PROT_READ 0x1
#define PROT_WRITE 0x2
#define PROT_EXEC 0x4

#define MAP_SHARED 0x01
#define MAP_PRIVATE 0x02
#define MAP_SHARED_VALIDATE 0x03
#define MAP_FIXED 0x10
#define MAP_ANONYMOUS 0x20
#define MAP_ANON MAP_ANONYMOUS
#define MAP_GROWSDOWN 0x0100
#define MAP_NORESERVE 0x4000
#define MAP_POPULATE 0x8000
#define MAP_STACK 0x20000
#define MAP_FIXED_NOREPLACE 0x100000

#define MAP_FAILED ((void *)-1)

/* map_shadow_stack(2) flags */
#define SHADOW_STACK_SET_TOKEN (1ULL << 0)
#define SHADOW_STACK_SET_MARKER (1ULL << 1)

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
int munmap(void *addr, size_t len);
int mprotect(void *addr, size_t len, int prot);
/* Returns the shadow stack's address, or MAP_FAILED with errno. */
void *map_shadow_stack(void *addr, size_t size, unsigned int flags);

#endif
