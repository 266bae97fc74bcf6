/* SPDX-License-Identifier: MIT */
/*
 * The arm64 pieces of the generic test programs (proc, threads, efault):
 * what uname calls the machine, and the thread pointer -- TPIDR_EL0, which
 * EL0 reads and writes itself (Arm ARM D19.2); the kernel's part is to
 * keep it per thread across system calls and context switches and to set
 * it from CLONE_SETTLS.
 */
#ifndef USER_ARCH_TEST_H
#define USER_ARCH_TEST_H

#include <machine/syscall.h>
#include <errno.h>
#include <stdbool.h>
#include <sys/syscall.h>
#include <time.h>

#define ARCH_UNAME_MACHINE "aarch64"

/* The KTAP name of threads' "each thread's thread pointer is its own" case. */
#define ARCH_TLS_CASE_NAME "tls_tpidr_el0_per_thread"

static inline unsigned long arch_test_thread_pointer(void)
{
	unsigned long tp;

	__asm__ volatile("mrs %0, tpidr_el0" : "=r"(tp));
	return tp;
}

static inline void arch_test_set_thread_pointer(unsigned long tp)
{
	__asm__ volatile("msr tpidr_el0, %0" : : "r"(tp) : "memory");
}

#define ARCH_TP_ROUNDTRIP_NAME "tpidr_el0_kept_across_syscall_and_sleep"

/*
 * Points TPIDR_EL0 at block, enters the kernel (getpid) and sleeps 2 ms
 * (a context switch), reads it back, restores it. True when the value read
 * was the one set each time; *before gets the original. Raw calls only:
 * errno lives behind the thread pointer.
 */
static inline bool arch_test_tp_roundtrip(void *block, unsigned long *before)
{
	struct timespec ts = { 0, 2000000 };
	unsigned long after_syscall, after_sleep, after;

	*before = arch_test_thread_pointer();
	arch_test_set_thread_pointer((unsigned long)block);
	syscall0(__NR_getpid);
	after_syscall = arch_test_thread_pointer();
	syscall2(__NR_nanosleep, (long)&ts, 0);
	after_sleep = arch_test_thread_pointer();
	arch_test_set_thread_pointer(*before);
	after = arch_test_thread_pointer();
	return after_syscall == (unsigned long)block && after_sleep == (unsigned long)block &&
	       after == *before;
}

/*
 * efault: the architecture's own system call that writes through a user
 * pointer, and its case name (NULL: none). arm64 has no such call here
 * (TPIDR_EL0 needs none), so the case is left out.
 */
#define ARCH_EFAULT_CASE_NAME NULL

static inline long arch_efault_call(void *p)
{
	(void)p;
	return -ENOSYS;
}

/*
 * efault: more pointers every call must refuse with EFAULT, {name, address,
 * tag}: the kernel half where it is mapped for EL1 (the direct map's first
 * byte and QEMU virt's RAM through it, the kernel image), the first address
 * past the 48-bit user range, and a valid user object with a non-zero top
 * byte -- Linux without the tagged address ABI (PR_SET_TAGGED_ADDR_CTRL,
 * which Umbra does not offer) refuses those in access_ok(). A tag entry is
 * ORed into the address of the object that fits below the edge.
 */
#define ARCH_EFAULT_BAD_ADDRS                                         \
	{ "direct_map_base", 0xffff000000000000ul, false },           \
		{ "direct_map_ram", 0xffff000040000000ul, false },    \
		{ "kernel_image", 0xffffffff80000000ul, false },      \
		{ "beyond_user_range", 0x0001000000000000ul, false }, \
		{ "top_byte_0x0f", 0x0f00000000000000ul, true },      \
		{ "top_byte_0xff", 0xff00000000000000ul, true },

#endif
