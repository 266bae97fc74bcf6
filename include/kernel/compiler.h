/* SPDX-License-Identifier: MIT */
/* Compiler attributes and small helpers used everywhere in the kernel. */
#ifndef KERNEL_COMPILER_H
#define KERNEL_COMPILER_H

#define __noreturn __attribute__((noreturn))
#define __packed __attribute__((packed))
#define __aligned(x) __attribute__((aligned(x)))
#define __section(s) __attribute__((section(s)))
#define __used __attribute__((used))
#define __printf(a, b) __attribute__((format(printf, a, b)))
/*
 * A step of a hot path written as a function of its own for reading, but
 * compiled into its caller: with frame pointers, ENDBR64/BTI and the
 * register shuffle of a call, a call costs as much as a small step does.
 */
#ifndef __always_inline /* the host C library's headers of the unit tests have it */
#define __always_inline inline __attribute__((always_inline))
#endif

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The struct of type whose member ptr points at. */
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - __builtin_offsetof(type, member)))

/* Round x up / down to a multiple of a, which must be a power of two. */
#define ALIGN_UP(x, a) (((x) + ((a)-1)) & ~((__typeof__(x))(a)-1))
#define ALIGN_DOWN(x, a) ((x) & ~((__typeof__(x))(a)-1))
#define IS_ALIGNED(x, a) (((x) & ((__typeof__(x))(a)-1)) == 0)

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* Forces a single, untorn access the compiler cannot merge or elide. */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

#define barrier() __asm__ __volatile__("" ::: "memory")

#endif
