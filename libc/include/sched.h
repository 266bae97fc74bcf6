/* SPDX-License-Identifier: MIT */
/*
 * clone flags and struct clone_args (Linux include/uapi/linux/sched.h
 * values), with the two shadow-stack fields of the seed series "fork:
 * Support shadow stacks in clone3()" (RFC v1): shadow_stack at offset 88 and
 * shadow_stack_size at 96, CLONE_ARGS_SIZE_VER3 = 104. See ABI.md §1.1.
 */
#ifndef SCHED_H
#define SCHED_H

#include <stdint.h>
#include <sys/types.h>

#define CSIGNAL 0x000000ffULL
#define CLONE_NEWTIME 0x00000080ULL
#define CLONE_VM 0x00000100ULL
#define CLONE_FS 0x00000200ULL
#define CLONE_FILES 0x00000400ULL
#define CLONE_SIGHAND 0x00000800ULL
#define CLONE_PIDFD 0x00001000ULL
#define CLONE_PTRACE 0x00002000ULL
#define CLONE_VFORK 0x00004000ULL
#define CLONE_PARENT 0x00008000ULL
#define CLONE_THREAD 0x00010000ULL
#define CLONE_NEWNS 0x00020000ULL
#define CLONE_SYSVSEM 0x00040000ULL
#define CLONE_SETTLS 0x00080000ULL
#define CLONE_PARENT_SETTID 0x00100000ULL
#define CLONE_CHILD_CLEARTID 0x00200000ULL
#define CLONE_DETACHED 0x00400000ULL
#define CLONE_UNTRACED 0x00800000ULL
#define CLONE_CHILD_SETTID 0x01000000ULL
#define CLONE_NEWCGROUP 0x02000000ULL
#define CLONE_NEWUTS 0x04000000ULL
#define CLONE_NEWIPC 0x08000000ULL
#define CLONE_NEWUSER 0x10000000ULL
#define CLONE_NEWPID 0x20000000ULL
#define CLONE_NEWNET 0x40000000ULL
#define CLONE_IO 0x80000000ULL
#define CLONE_CLEAR_SIGHAND (1ULL << 32)
#define CLONE_INTO_CGROUP (1ULL << 33)

#define CLONE_ARGS_SIZE_VER0 64
#define CLONE_ARGS_SIZE_VER1 80
#define CLONE_ARGS_SIZE_VER2 88
#define CLONE_ARGS_SIZE_VER3 104

/* Every field is a naturally aligned u64; pointers are passed as integers. */
struct clone_args {
	uint64_t flags;		    /* 0 */
	uint64_t pidfd;		    /* 8: int * receiving the pidfd (CLONE_PIDFD) */
	uint64_t child_tid;	    /* 16: int * for CLONE_CHILD_SETTID / _CLEARTID */
	uint64_t parent_tid;	    /* 24: int * for CLONE_PARENT_SETTID */
	uint64_t exit_signal;	    /* 32 */
	uint64_t stack;		    /* 40: LOWEST address of the child stack */
	uint64_t stack_size;	    /* 48 */
	uint64_t tls;		    /* 56 */
	uint64_t set_tid;	    /* 64 */
	uint64_t set_tid_size;	    /* 72 */
	uint64_t cgroup;	    /* 80 */
	uint64_t shadow_stack;	    /* 88: lowest address of the shadow stack */
	uint64_t shadow_stack_size; /* 96 */
};

_Static_assert(sizeof(struct clone_args) == CLONE_ARGS_SIZE_VER3, "clone_args is VER3");
_Static_assert(__builtin_offsetof(struct clone_args, shadow_stack) == 88, "seed layout");
_Static_assert(__builtin_offsetof(struct clone_args, shadow_stack_size) == 96, "seed layout");

/* The raw call: returns 0 in the child, the child's id in the parent, -1/errno. */
long clone3(struct clone_args *args, size_t size);
int sched_yield(void);

#endif
