/* SPDX-License-Identifier: MIT */
/*
 * x86_64 system call numbers: the Linux table (arch/x86/entry/syscalls/
 * syscall_64.tbl), only the calls this libc or its tests use.
 */
#ifndef ARCH_SYSCALL_NR_H
#define ARCH_SYSCALL_NR_H

#define SYS_read 0
#define SYS_write 1
#define SYS_open 2
#define SYS_close 3
#define SYS_mmap 9
#define SYS_mprotect 10
#define SYS_munmap 11
#define SYS_brk 12
#define SYS_rt_sigaction 13
#define SYS_rt_sigprocmask 14
#define SYS_rt_sigreturn 15
#define SYS_ioctl 16
#define SYS_writev 20
#define SYS_sched_yield 24
#define SYS_nanosleep 35
#define SYS_getpid 39
#define SYS_clone 56
#define SYS_fork 57
#define SYS_vfork 58
#define SYS_execve 59
#define SYS_exit 60
#define SYS_wait4 61
#define SYS_kill 62
#define SYS_uname 63
#define SYS_getrlimit 97
#define SYS_sysinfo 99
#define SYS_getuid 102
#define SYS_getgid 104
#define SYS_geteuid 107
#define SYS_getegid 108
#define SYS_getppid 110
#define SYS_rt_sigpending 127
#define SYS_sigaltstack 131
#define SYS_prctl 157
#define SYS_arch_prctl 158
#define SYS_setrlimit 160
#define SYS_reboot 169
#define SYS_gettid 186
#define SYS_tkill 200
#define SYS_futex 202
#define SYS_set_tid_address 218
#define SYS_clock_gettime 228
#define SYS_clock_nanosleep 230
#define SYS_exit_group 231
#define SYS_tgkill 234
#define SYS_waitid 247
#define SYS_openat 257
#define SYS_prlimit64 302
#define SYS_clone3 435
#define SYS_map_shadow_stack 453

#endif
