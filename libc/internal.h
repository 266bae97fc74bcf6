/* SPDX-License-Identifier: MIT */
/* libc-internal declarations; not installed for programs. */
#ifndef LIBC_INTERNAL_H
#define LIBC_INTERNAL_H

#include <machine/syscall.h>
#include <machine/syscall_nr.h>
#include <machine/tls.h>
#include <thread.h>

/*
 * Turns a raw kernel result into the C convention: values in [-4095, -1]
 * set errno and become -1, everything else is returned unchanged.
 */
long __syscall_ret(long r);

/*
 * Points the thread pointer of the calling thread at tcb (x86_64: FS base,
 * arm64: TPIDR_EL0). 0, or a negative errno.
 */
int arch_set_thread_pointer(struct tcb *tcb);

/* The value clone3's tls field needs so the new thread's pointer is tcb. */
unsigned long arch_tls_value(struct tcb *tcb);

/* Called by exit() before the process ends. */
void __stdio_exit(void);

extern unsigned long *__auxv;

/*
 * The vDSO (unistd/vdso.c): __vdso_setup() finds its functions at start-up;
 * a pointer stays NULL without a vDSO or the symbol, and the caller makes
 * the system call. __vdso_lookup() gives any exported function of a version.
 */
struct timespec;
struct timeval;
struct timezone;
void __vdso_setup(void);
void *__vdso_lookup(const char *name, const char *version);
extern int (*__vdso_clock_gettime)(int clock, struct timespec *ts);
extern int (*__vdso_gettimeofday)(struct timeval *tv, struct timezone *tz);

/*
 * Assembly half (arch/<arch>/thread_start.S): issues clone3; in the child,
 * calls fn(arg) on the new stack and ends the thread with exit(2) and fn's
 * result. Returns clone3's raw result (the tid, or a negative errno) in the
 * parent.
 */
struct clone_args;
long __thread_clone3(struct clone_args *args, size_t size, int (*fn)(void *), void *arg);

/*
 * The same with the legacy clone(2): flags | exit_signal, stack + stack_size,
 * parent_tid, child_tid and tls are taken from args; the rest is ignored.
 */
long __thread_clone(const struct clone_args *args, int (*fn)(void *), void *arg);

#endif
