/* SPDX-License-Identifier: MIT */
/*
 * clone()/clone3() flags and struct clone_args, Linux's values
 * (include/uapi/linux/sched.h), with the shadow-stack fields of the clone3
 * shadow-stack series in the three shapes the kernel can boot with
 * (clone3_shstk=rfc1|size|token, docs/ABI.md §2.5):
 *   rfc1  (the default, seed RFC v1): struct clone_args,
 *         shadow_stack at 88, shadow_stack_size at 96, VER3 = 104;
 *   size  (v4): struct clone_args_size, shadow_stack_size at 88, VER3 = 96;
 *   token (v21-v23): struct clone_args_token, shstk_token at 88, VER3 = 96.
 * The first 88 bytes (VER2) are the same in all three.
 */
#ifndef UAPI_LINUX_SCHED_H
#define UAPI_LINUX_SCHED_H

#define CSIGNAL 0x000000ffull
#define CLONE_NEWTIME 0x00000080ull /* inside CSIGNAL: clone3 only */
#define CLONE_VM 0x00000100ull
#define CLONE_FS 0x00000200ull
#define CLONE_FILES 0x00000400ull
#define CLONE_SIGHAND 0x00000800ull
#define CLONE_PIDFD 0x00001000ull
#define CLONE_PTRACE 0x00002000ull
#define CLONE_VFORK 0x00004000ull
#define CLONE_PARENT 0x00008000ull
#define CLONE_THREAD 0x00010000ull
#define CLONE_NEWNS 0x00020000ull
#define CLONE_SYSVSEM 0x00040000ull
#define CLONE_SETTLS 0x00080000ull
#define CLONE_PARENT_SETTID 0x00100000ull
#define CLONE_CHILD_CLEARTID 0x00200000ull
#define CLONE_DETACHED 0x00400000ull
#define CLONE_UNTRACED 0x00800000ull
#define CLONE_CHILD_SETTID 0x01000000ull
#define CLONE_NEWCGROUP 0x02000000ull
#define CLONE_NEWUTS 0x04000000ull
#define CLONE_NEWIPC 0x08000000ull
#define CLONE_NEWUSER 0x10000000ull
#define CLONE_NEWPID 0x20000000ull
#define CLONE_NEWNET 0x40000000ull
#define CLONE_IO 0x80000000ull
#define CLONE_CLEAR_SIGHAND (1ull << 32) /* clone3 only */
#define CLONE_INTO_CGROUP (1ull << 33)	 /* clone3 only */

#define CLONE_LEGACY_FLAGS 0xffffffffull

/* The fields every shape shares: mainline's VER2, 88 bytes. */
#define CLONE_ARGS_VER2_FIELDS                                                    \
	unsigned long long flags;                                                 \
	unsigned long long pidfd;      /* int *, CLONE_PIDFD */                   \
	unsigned long long child_tid;  /* pid_t *, CLONE_CHILD_SETTID/CLEARTID */ \
	unsigned long long parent_tid; /* pid_t *, CLONE_PARENT_SETTID */         \
	unsigned long long exit_signal;                                           \
	unsigned long long stack; /* lowest address of the stack */               \
	unsigned long long stack_size;                                            \
	unsigned long long tls;                                                   \
	unsigned long long set_tid; /* pid_t *, one per PID namespace level */    \
	unsigned long long set_tid_size;                                          \
	unsigned long long cgroup

/* clone3_shstk=rfc1 (the default): the caller's shadow stack, base and size. */
struct clone_args {
	CLONE_ARGS_VER2_FIELDS;
	unsigned long long shadow_stack;      /* lowest address (seed RFC v1) */
	unsigned long long shadow_stack_size; /* bytes (seed RFC v1) */
};

/* clone3_shstk=size (series v4): only a size; the kernel allocates the stack. */
struct clone_args_size {
	CLONE_ARGS_VER2_FIELDS;
	unsigned long long shadow_stack_size; /* bytes, 0: the default stack */
};

/* clone3_shstk=token (series v21-v23): the address of a token the kernel consumes. */
struct clone_args_token {
	CLONE_ARGS_VER2_FIELDS;
	unsigned long long shstk_token; /* address of the token, 0: the default stack */
};

#define CLONE_ARGS_SIZE_VER0 64
#define CLONE_ARGS_SIZE_VER1 80
#define CLONE_ARGS_SIZE_VER2 88
#define CLONE_ARGS_SIZE_VER3 104 /* the default shape, rfc1 */
#define CLONE_ARGS_SIZE_VER3_RFC1 104
#define CLONE_ARGS_SIZE_VER3_SIZE 96
#define CLONE_ARGS_SIZE_VER3_TOKEN 96

/* The shapes, by the values of the kernel parameter clone3_shstk= that picks one. */
enum clone3_shstk_abi {
	CLONE3_SHSTK_RFC1,  /* "rfc1", the default */
	CLONE3_SHSTK_SIZE,  /* "size" */
	CLONE3_SHSTK_TOKEN, /* "token" */
};
#define CLONE3_SHSTK_NAMES              \
	{                               \
		"rfc1", "size", "token" \
	}

/* The smallest shadow stack the size shape accepts: one entry (series v4). */
#define SHADOW_STACK_SIZE_MIN 8

_Static_assert(sizeof(struct clone_args) == CLONE_ARGS_SIZE_VER3_RFC1, "rfc1 is VER3 = 104");
_Static_assert(sizeof(struct clone_args_size) == CLONE_ARGS_SIZE_VER3_SIZE, "size is VER3 = 96");
_Static_assert(sizeof(struct clone_args_token) == CLONE_ARGS_SIZE_VER3_TOKEN, "token is VER3 = 96");
_Static_assert(__builtin_offsetof(struct clone_args, cgroup) + 8 == CLONE_ARGS_SIZE_VER2, "VER2");
_Static_assert(__builtin_offsetof(struct clone_args, shadow_stack) == 88, "seed layout");
_Static_assert(__builtin_offsetof(struct clone_args, shadow_stack_size) == 96, "seed layout");
_Static_assert(__builtin_offsetof(struct clone_args_size, shadow_stack_size) == 88, "v4 layout");
_Static_assert(__builtin_offsetof(struct clone_args_token, shstk_token) == 88, "token layout");

#define SCHED_OTHER 0

#endif
