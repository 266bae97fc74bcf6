/* SPDX-License-Identifier: MIT */
/*
 * The kernel's random numbers (kernel/random.c): a ChaCha20 generator with
 * fast key erasure (each request first replaces the key, so a later leak
 * of the state reveals nothing already handed out), seeded once at boot
 * from the arch's hardware generator when it has one, else from the jitter
 * of a cycle counter (docs/DESIGN.md §5).
 */
#ifndef KERNEL_RANDOM_H
#define KERNEL_RANDOM_H

#include <kernel/types.h>

/* Seeds the generator; called once at boot, before user space. */
void random_init(void);

/* n random bytes into buf (kernel memory). */
void get_random_bytes(void *buf, size_t n);

/* ---- arch hooks (arch/<arch>/random.c) ---- */

/*
 * Fills seed with 256 bits from the CPU's own random-number generator and
 * returns its name ("RDSEED", "RDRAND", "RNDR"), or returns NULL when the
 * CPU has none (or it keeps failing): the caller falls back to jitter.
 */
const char *arch_random_seed(u64 seed[4]);

/* A fast-running cycle counter (TSC, CNTVCT_EL0): the jitter source. */
u64 arch_cycle_counter(void);

#endif
