/* SPDX-License-Identifier: MIT */
/*
 * What the parts of /bin/ptrace share (main.c: stops, requests, errnos and
 * registers; mem.c: process_vm_readv/writev and /proc/PID/mem; shstk.c:
 * the shadow stack through ptrace). The arch's register sets are in
 * "ptrace_arch.h" (user/arch/ARCH/).
 */
#ifndef USER_PTRACE_TEST_H
#define USER_PTRACE_TEST_H

#include <machine/syscall.h>
#include <stdbool.h>
#include <sys/syscall.h>
#include <uapi/linux/elf.h>
#include <uapi/linux/ptrace.h>
#include <uapi/linux/uio.h>

#include "test.h"

/* ptrace(2) as the kernel answers it: 0, a value, or -errno (raw, no errno). */
static inline long pt(long req, long pid, unsigned long addr, unsigned long data)
{
	return syscall4(__NR_ptrace, req, pid, (long)addr, (long)data);
}

/* The wait status of a stop with signal or event code `code` (Linux's (code << 8) | 0x7f). */
#define STOPPED_WITH(code) (((code) << 8) | 0x7f)

/* A page of MAP_SHARED memory parent and children both see (main.c maps it). */
extern volatile unsigned long *shared;

/* Forks a child that calls PTRACE_TRACEME, then body(); its exit status is body's result. */
int fork_traced(int (*body)(void));

/* wait4(pid) and the status, or -1 (a note says why). */
int wait_status(int pid);

/* The child stops itself: kill(getpid(), SIGSTOP), a signal-delivery stop when traced. */
void stop_self(void);

/* Kills and reaps pid (a case's clean-up). */
void kill_child(int pid);

/* The case groups of mem.c and shstk.c; each reports its cases. */
void mem_cases(void);
void shstk_cases(void);
#define MEM_CASES 6
#define SHSTK_CASES 2

#endif
