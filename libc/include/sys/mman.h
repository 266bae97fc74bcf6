/* SPDX-License-Identifier: MIT */
/* mmap and friends; PROT_*, MAP_* and the map_shadow_stack flags are <uapi/linux/mman.h>'s. */
#ifndef SYS_MMAN_H
#define SYS_MMAN_H

#include <sys/types.h>

#include <uapi/linux/mman.h>

#define MAP_ANON MAP_ANONYMOUS

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
int munmap(void *addr, size_t len);
int mprotect(void *addr, size_t len, int prot);
int madvise(void *addr, size_t len, int advice);
/* The new address, or MAP_FAILED with errno; new_addr follows with MREMAP_FIXED/DONTUNMAP. */
void *mremap(void *old, size_t old_len, size_t new_len, int flags, ...);
/* Returns the shadow stack's address, or MAP_FAILED with errno. */
void *map_shadow_stack(void *addr, size_t size, unsigned int flags);

#endif
