/* SPDX-License-Identifier: MIT */
/*
 * ptrace(2)'s requests, options and events, Linux's values
 * (include/uapi/linux/ptrace.h). What Umbra implements of them, and how
 * the rest answer: docs/ABI.md §7.5.
 */
#ifndef UAPI_LINUX_PTRACE_H
#define UAPI_LINUX_PTRACE_H

#define PTRACE_TRACEME 0
#define PTRACE_PEEKTEXT 1
#define PTRACE_PEEKDATA 2
#define PTRACE_PEEKUSR 3
#define PTRACE_POKETEXT 4
#define PTRACE_POKEDATA 5
#define PTRACE_POKEUSR 6
#define PTRACE_CONT 7
#define PTRACE_KILL 8
#define PTRACE_SINGLESTEP 9
#define PTRACE_ATTACH 16
#define PTRACE_DETACH 17
#define PTRACE_SYSCALL 24
#define PTRACE_SETOPTIONS 0x4200
#define PTRACE_GETEVENTMSG 0x4201
#define PTRACE_GETSIGINFO 0x4202
#define PTRACE_SETSIGINFO 0x4203
#define PTRACE_GETREGSET 0x4204
#define PTRACE_SETREGSET 0x4205
#define PTRACE_SEIZE 0x4206
#define PTRACE_INTERRUPT 0x4207
#define PTRACE_LISTEN 0x4208

/* PTRACE_SETOPTIONS / PTRACE_SEIZE options. */
#define PTRACE_O_TRACESYSGOOD 0x1
#define PTRACE_O_TRACEFORK 0x2
#define PTRACE_O_TRACEVFORK 0x4
#define PTRACE_O_TRACECLONE 0x8
#define PTRACE_O_TRACEEXEC 0x10
#define PTRACE_O_TRACEVFORKDONE 0x20
#define PTRACE_O_TRACEEXIT 0x40
#define PTRACE_O_TRACESECCOMP 0x80
#define PTRACE_O_EXITKILL 0x100000
#define PTRACE_O_SUSPEND_SECCOMP 0x200000
#define PTRACE_O_MASK 0x3000ff

/* Events: a stop's status is (SIGTRAP | event << 8) << 8 | 0x7f. */
#define PTRACE_EVENT_EXEC 4
#define PTRACE_EVENT_STOP 128

#endif
