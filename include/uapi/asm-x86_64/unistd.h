/* SPDX-License-Identifier: MIT */
/*
 * The x86_64 system calls Umbra implements, with Linux's numbers
 * (arch/x86/entry/syscalls/syscall_64.tbl): the one list both the kernel's
 * table (arch/x86_64/syscall_table.c) and libc (<sys/syscall.h>) use.
 *
 * Each entry is a number, __NR_name, and __SYSCALL(__NR_name, name), which
 * expands to nothing unless the includer defines __SYSCALL first: the
 * kernel's table defines it as "[nr] = sys_name," and includes this file
 * again (Linux's asm-generic/unistd.h works the same way). A number missing
 * here returns -ENOSYS.
 */
#if !defined(UAPI_ASM_X86_64_UNISTD_H) || defined(__SYSCALL)
#define UAPI_ASM_X86_64_UNISTD_H

#ifndef __SYSCALL
#define __SYSCALL(nr, name)
#define __SYSCALL_EMPTY
#endif

/* clang-format off */
#define __NR_read 0
__SYSCALL(__NR_read, read)
#define __NR_write 1
__SYSCALL(__NR_write, write)
#define __NR_open 2
__SYSCALL(__NR_open, open)
#define __NR_close 3
__SYSCALL(__NR_close, close)
#define __NR_stat 4
__SYSCALL(__NR_stat, stat)
#define __NR_fstat 5
__SYSCALL(__NR_fstat, fstat)
#define __NR_lstat 6
__SYSCALL(__NR_lstat, lstat)
#define __NR_poll 7
__SYSCALL(__NR_poll, poll)
#define __NR_lseek 8
__SYSCALL(__NR_lseek, lseek)
#define __NR_mmap 9
__SYSCALL(__NR_mmap, mmap)
#define __NR_mprotect 10
__SYSCALL(__NR_mprotect, mprotect)
#define __NR_munmap 11
__SYSCALL(__NR_munmap, munmap)
#define __NR_brk 12
__SYSCALL(__NR_brk, brk)
#define __NR_rt_sigaction 13
__SYSCALL(__NR_rt_sigaction, rt_sigaction)
#define __NR_rt_sigprocmask 14
__SYSCALL(__NR_rt_sigprocmask, rt_sigprocmask)
#define __NR_rt_sigreturn 15
__SYSCALL(__NR_rt_sigreturn, rt_sigreturn)
#define __NR_ioctl 16
__SYSCALL(__NR_ioctl, ioctl)
#define __NR_pread64 17
__SYSCALL(__NR_pread64, pread64)
#define __NR_pwrite64 18
__SYSCALL(__NR_pwrite64, pwrite64)
#define __NR_writev 20
__SYSCALL(__NR_writev, writev)
#define __NR_access 21
__SYSCALL(__NR_access, access)
#define __NR_pipe 22
__SYSCALL(__NR_pipe, pipe)
#define __NR_sched_yield 24
__SYSCALL(__NR_sched_yield, sched_yield)
#define __NR_mremap 25
__SYSCALL(__NR_mremap, mremap)
#define __NR_madvise 28
__SYSCALL(__NR_madvise, madvise)
#define __NR_dup 32
__SYSCALL(__NR_dup, dup)
#define __NR_dup2 33
__SYSCALL(__NR_dup2, dup2)
#define __NR_pause 34
__SYSCALL(__NR_pause, pause)
#define __NR_nanosleep 35
__SYSCALL(__NR_nanosleep, nanosleep)
#define __NR_getitimer 36
__SYSCALL(__NR_getitimer, getitimer)
#define __NR_alarm 37
__SYSCALL(__NR_alarm, alarm)
#define __NR_setitimer 38
__SYSCALL(__NR_setitimer, setitimer)
#define __NR_getpid 39
__SYSCALL(__NR_getpid, getpid)
#define __NR_clone 56
__SYSCALL(__NR_clone, clone)
#define __NR_fork 57
__SYSCALL(__NR_fork, fork)
#define __NR_vfork 58
__SYSCALL(__NR_vfork, vfork)
#define __NR_execve 59
__SYSCALL(__NR_execve, execve)
#define __NR_exit 60
__SYSCALL(__NR_exit, exit)
#define __NR_wait4 61
__SYSCALL(__NR_wait4, wait4)
#define __NR_kill 62
__SYSCALL(__NR_kill, kill)
#define __NR_uname 63
__SYSCALL(__NR_uname, uname)
#define __NR_fcntl 72
__SYSCALL(__NR_fcntl, fcntl)
#define __NR_fsync 74
__SYSCALL(__NR_fsync, fsync)
#define __NR_fdatasync 75
__SYSCALL(__NR_fdatasync, fdatasync)
#define __NR_truncate 76
__SYSCALL(__NR_truncate, truncate)
#define __NR_ftruncate 77
__SYSCALL(__NR_ftruncate, ftruncate)
#define __NR_getcwd 79
__SYSCALL(__NR_getcwd, getcwd)
#define __NR_chdir 80
__SYSCALL(__NR_chdir, chdir)
#define __NR_fchdir 81
__SYSCALL(__NR_fchdir, fchdir)
#define __NR_rename 82
__SYSCALL(__NR_rename, rename)
#define __NR_mkdir 83
__SYSCALL(__NR_mkdir, mkdir)
#define __NR_rmdir 84
__SYSCALL(__NR_rmdir, rmdir)
#define __NR_creat 85
__SYSCALL(__NR_creat, creat)
#define __NR_link 86
__SYSCALL(__NR_link, link)
#define __NR_unlink 87
__SYSCALL(__NR_unlink, unlink)
#define __NR_symlink 88
__SYSCALL(__NR_symlink, symlink)
#define __NR_readlink 89
__SYSCALL(__NR_readlink, readlink)
#define __NR_chmod 90
__SYSCALL(__NR_chmod, chmod)
#define __NR_fchmod 91
__SYSCALL(__NR_fchmod, fchmod)
#define __NR_chown 92
__SYSCALL(__NR_chown, chown)
#define __NR_fchown 93
__SYSCALL(__NR_fchown, fchown)
#define __NR_lchown 94
__SYSCALL(__NR_lchown, lchown)
#define __NR_umask 95
__SYSCALL(__NR_umask, umask)
#define __NR_gettimeofday 96
__SYSCALL(__NR_gettimeofday, gettimeofday)
#define __NR_getrlimit 97
__SYSCALL(__NR_getrlimit, getrlimit)
#define __NR_getrusage 98
__SYSCALL(__NR_getrusage, getrusage)
#define __NR_sysinfo 99
__SYSCALL(__NR_sysinfo, sysinfo)
#define __NR_times 100
__SYSCALL(__NR_times, times)
#define __NR_ptrace 101
__SYSCALL(__NR_ptrace, ptrace)
#define __NR_getuid 102
__SYSCALL(__NR_getuid, getuid)
#define __NR_getgid 104
__SYSCALL(__NR_getgid, getgid)
#define __NR_geteuid 107
__SYSCALL(__NR_geteuid, geteuid)
#define __NR_getegid 108
__SYSCALL(__NR_getegid, getegid)
#define __NR_setpgid 109
__SYSCALL(__NR_setpgid, setpgid)
#define __NR_getppid 110
__SYSCALL(__NR_getppid, getppid)
#define __NR_getpgrp 111
__SYSCALL(__NR_getpgrp, getpgrp)
#define __NR_setsid 112
__SYSCALL(__NR_setsid, setsid)
#define __NR_getpgid 121
__SYSCALL(__NR_getpgid, getpgid)
#define __NR_getsid 124
__SYSCALL(__NR_getsid, getsid)
#define __NR_rt_sigpending 127
__SYSCALL(__NR_rt_sigpending, rt_sigpending)
#define __NR_rt_sigsuspend 130
__SYSCALL(__NR_rt_sigsuspend, rt_sigsuspend)
#define __NR_sigaltstack 131
__SYSCALL(__NR_sigaltstack, sigaltstack)
#define __NR_mknod 133
__SYSCALL(__NR_mknod, mknod)
#define __NR_statfs 137
__SYSCALL(__NR_statfs, statfs)
#define __NR_fstatfs 138
__SYSCALL(__NR_fstatfs, fstatfs)
#define __NR_prctl 157
__SYSCALL(__NR_prctl, prctl)
#define __NR_arch_prctl 158
__SYSCALL(__NR_arch_prctl, arch_prctl)
#define __NR_setrlimit 160
__SYSCALL(__NR_setrlimit, setrlimit)
#define __NR_chroot 161
__SYSCALL(__NR_chroot, chroot)
#define __NR_sync 162
__SYSCALL(__NR_sync, sync)
#define __NR_settimeofday 164
__SYSCALL(__NR_settimeofday, settimeofday)
#define __NR_mount 165
__SYSCALL(__NR_mount, mount)
#define __NR_umount2 166
__SYSCALL(__NR_umount2, umount2)
#define __NR_reboot 169
__SYSCALL(__NR_reboot, reboot)
#define __NR_iopl 172
__SYSCALL(__NR_iopl, iopl)
#define __NR_ioperm 173
__SYSCALL(__NR_ioperm, ioperm)
#define __NR_gettid 186
__SYSCALL(__NR_gettid, gettid)
#define __NR_tkill 200
__SYSCALL(__NR_tkill, tkill)
#define __NR_time 201
__SYSCALL(__NR_time, time)
#define __NR_futex 202
__SYSCALL(__NR_futex, futex)
#define __NR_sched_setaffinity 203
__SYSCALL(__NR_sched_setaffinity, sched_setaffinity)
#define __NR_sched_getaffinity 204
__SYSCALL(__NR_sched_getaffinity, sched_getaffinity)
#define __NR_getdents64 217
__SYSCALL(__NR_getdents64, getdents64)
#define __NR_set_tid_address 218
__SYSCALL(__NR_set_tid_address, set_tid_address)
#define __NR_timer_create 222
__SYSCALL(__NR_timer_create, timer_create)
#define __NR_timer_settime 223
__SYSCALL(__NR_timer_settime, timer_settime)
#define __NR_timer_gettime 224
__SYSCALL(__NR_timer_gettime, timer_gettime)
#define __NR_timer_getoverrun 225
__SYSCALL(__NR_timer_getoverrun, timer_getoverrun)
#define __NR_timer_delete 226
__SYSCALL(__NR_timer_delete, timer_delete)
#define __NR_clock_settime 227
__SYSCALL(__NR_clock_settime, clock_settime)
#define __NR_clock_gettime 228
__SYSCALL(__NR_clock_gettime, clock_gettime)
#define __NR_clock_getres 229
__SYSCALL(__NR_clock_getres, clock_getres)
#define __NR_clock_nanosleep 230
__SYSCALL(__NR_clock_nanosleep, clock_nanosleep)
#define __NR_exit_group 231
__SYSCALL(__NR_exit_group, exit_group)
#define __NR_tgkill 234
__SYSCALL(__NR_tgkill, tgkill)
#define __NR_waitid 247
__SYSCALL(__NR_waitid, waitid)
#define __NR_openat 257
__SYSCALL(__NR_openat, openat)
#define __NR_mkdirat 258
__SYSCALL(__NR_mkdirat, mkdirat)
#define __NR_mknodat 259
__SYSCALL(__NR_mknodat, mknodat)
#define __NR_fchownat 260
__SYSCALL(__NR_fchownat, fchownat)
#define __NR_newfstatat 262
__SYSCALL(__NR_newfstatat, newfstatat)
#define __NR_unlinkat 263
__SYSCALL(__NR_unlinkat, unlinkat)
#define __NR_renameat 264
__SYSCALL(__NR_renameat, renameat)
#define __NR_linkat 265
__SYSCALL(__NR_linkat, linkat)
#define __NR_symlinkat 266
__SYSCALL(__NR_symlinkat, symlinkat)
#define __NR_readlinkat 267
__SYSCALL(__NR_readlinkat, readlinkat)
#define __NR_fchmodat 268
__SYSCALL(__NR_fchmodat, fchmodat)
#define __NR_faccessat 269
__SYSCALL(__NR_faccessat, faccessat)
#define __NR_ppoll 271
__SYSCALL(__NR_ppoll, ppoll)
#define __NR_unshare 272
__SYSCALL(__NR_unshare, unshare)
#define __NR_utimensat 280
__SYSCALL(__NR_utimensat, utimensat)
#define __NR_timerfd_create 283
__SYSCALL(__NR_timerfd_create, timerfd_create)
#define __NR_timerfd_settime 286
__SYSCALL(__NR_timerfd_settime, timerfd_settime)
#define __NR_timerfd_gettime 287
__SYSCALL(__NR_timerfd_gettime, timerfd_gettime)
#define __NR_dup3 292
__SYSCALL(__NR_dup3, dup3)
#define __NR_pipe2 293
__SYSCALL(__NR_pipe2, pipe2)
#define __NR_prlimit64 302
__SYSCALL(__NR_prlimit64, prlimit64)
#define __NR_getcpu 309
__SYSCALL(__NR_getcpu, getcpu)
#define __NR_process_vm_readv 310
__SYSCALL(__NR_process_vm_readv, process_vm_readv)
#define __NR_process_vm_writev 311
__SYSCALL(__NR_process_vm_writev, process_vm_writev)
#define __NR_renameat2 316
__SYSCALL(__NR_renameat2, renameat2)
#define __NR_getrandom 318
__SYSCALL(__NR_getrandom, getrandom)
#define __NR_statx 332
__SYSCALL(__NR_statx, statx)
#include <uapi/linux/unistd_shared.h>
/* clang-format on */

#ifdef __SYSCALL_EMPTY
#undef __SYSCALL
#undef __SYSCALL_EMPTY
#endif

#endif
