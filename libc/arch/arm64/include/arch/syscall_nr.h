/* SPDX-License-Identifier: MIT */
/*
 * arm64 system call numbers: Linux's generic table (include/uapi/
 * asm-generic/unistd.h), only the calls this libc or its tests use. There
 * is no open, fork or vfork here: libc makes them from openat and clone3 /
 * clone.
 */
#ifndef ARCH_SYSCALL_NR_H
#define ARCH_SYSCALL_NR_H

#define SYS_ioctl 29
#define SYS_openat 56
#define SYS_close 57
#define SYS_read 63
#define SYS_write 64
#define SYS_writev 66
#define SYS_exit 93
#define SYS_exit_group 94
#define SYS_waitid 95
#define SYS_set_tid_address 96
#define SYS_futex 98
#define SYS_nanosleep 101
#define SYS_clock_gettime 113
#define SYS_clock_nanosleep 115
#define SYS_sched_yield 124
#define SYS_kill 129
#define SYS_tkill 130
#define SYS_tgkill 131
#define SYS_sigaltstack 132
#define SYS_rt_sigaction 134
#define SYS_rt_sigprocmask 135
#define SYS_rt_sigpending 136
#define SYS_rt_sigreturn 139
#define SYS_reboot 142
#define SYS_uname 160
#define SYS_getrlimit 163
#define SYS_setrlimit 164
#define SYS_prctl 167
#define SYS_getpid 172
#define SYS_getppid 173
#define SYS_getuid 174
#define SYS_geteuid 175
#define SYS_getgid 176
#define SYS_getegid 177
#define SYS_gettid 178
#define SYS_sysinfo 179
#define SYS_brk 214
#define SYS_munmap 215
#define SYS_clone 220
#define SYS_execve 221
#define SYS_mmap 222
#define SYS_mprotect 226
#define SYS_wait4 260
#define SYS_prlimit64 261
#define SYS_clone3 435
#define SYS_map_shadow_stack 453

#endif
