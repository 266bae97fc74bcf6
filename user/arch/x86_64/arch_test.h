/* SPDX-License-Identifier: MIT */
/*
 * The x86_64 pieces of the generic test programs (proc, threads, efault):
 * what uname calls the machine, and the thread pointer as the kernel holds
 * it -- the FS base, reached through arch_prctl(ARCH_GET_FS / ARCH_SET_FS).
 * All raw system calls: errno lives behind the thread pointer under test.
 */
#ifndef USER_ARCH_TEST_H
#define USER_ARCH_TEST_H

#include <machine/prctl.h>
#include <machine/syscall.h>
#include <stdbool.h>
#include <sys/syscall.h>

#define ARCH_UNAME_MACHINE "x86_64"

/* The KTAP name of threads' "each thread's thread pointer is its own" case. */
#define ARCH_TLS_CASE_NAME "tls_fs_base_per_thread"

/* The calling thread's FS base, as the kernel reports it. */
static inline unsigned long arch_test_thread_pointer(void)
{
	unsigned long fs = 0;

	syscall2(__NR_arch_prctl, ARCH_GET_FS, (long)&fs);
	return fs;
}

#define ARCH_TP_ROUNDTRIP_NAME "arch_prctl_set_get_fs_roundtrip"

/*
 * Points FS at block, reads it back, restores it. True when every step
 * worked and the value read was the one set; *before gets the original.
 */
static inline bool arch_test_tp_roundtrip(void *block, unsigned long *before)
{
	unsigned long during = 0, after = 0;
	long set, restore;

	*before = 0;
	syscall2(__NR_arch_prctl, ARCH_GET_FS, (long)before);
	set = syscall2(__NR_arch_prctl, ARCH_SET_FS, (long)block);
	syscall2(__NR_arch_prctl, ARCH_GET_FS, (long)&during);
	restore = syscall2(__NR_arch_prctl, ARCH_SET_FS, (long)*before);
	syscall2(__NR_arch_prctl, ARCH_GET_FS, (long)&after);
	return set == 0 && during == (unsigned long)block && restore == 0 && after == *before;
}

/*
 * efault: the architecture's own system call that writes through a user
 * pointer, and its case name (NULL: none).
 */
#define ARCH_EFAULT_CASE_NAME "arch_prctl_get_fs"

static inline long arch_efault_call(void *p)
{
	return syscall2(__NR_arch_prctl, ARCH_GET_FS, (long)p);
}

#endif
