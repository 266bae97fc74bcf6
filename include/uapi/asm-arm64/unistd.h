/* SPDX-License-Identifier: MIT */
/*
 * The arm64 system calls Umbra implements, with Linux's numbers (the
 * generic table, include/uapi/asm-generic/unistd.h): the one list both the
 * kernel's table (arch/arm64/syscall_table.c) and libc (<sys/syscall.h>)
 * use. There is no open, fork or vfork: libc uses openat and clone.
 *
 * Each entry is a number, __NR_name, and __SYSCALL(__NR_name, name), which
 * expands to nothing unless the includer defines __SYSCALL first: the
 * kernel's table defines it as "[nr] = sys_name," and includes this file
 * again (Linux's asm-generic/unistd.h works the same way). A number missing
 * here returns -ENOSYS.
 */
#if !defined(UAPI_ASM_ARM64_UNISTD_H) || defined(__SYSCALL)
#define UAPI_ASM_ARM64_UNISTD_H

#ifndef __SYSCALL
#define __SYSCALL(nr, name)
#define __SYSCALL_EMPTY
#endif

/* clang-format off */
#define __NR_getcwd 17
__SYSCALL(__NR_getcwd, getcwd)
#define __NR_dup 23
__SYSCALL(__NR_dup, dup)
#define __NR_dup3 24
__SYSCALL(__NR_dup3, dup3)
#define __NR_fcntl 25
__SYSCALL(__NR_fcntl, fcntl)
#define __NR_ioctl 29
__SYSCALL(__NR_ioctl, ioctl)
#define __NR_mknodat 33
__SYSCALL(__NR_mknodat, mknodat)
#define __NR_mkdirat 34
__SYSCALL(__NR_mkdirat, mkdirat)
#define __NR_unlinkat 35
__SYSCALL(__NR_unlinkat, unlinkat)
#define __NR_symlinkat 36
__SYSCALL(__NR_symlinkat, symlinkat)
#define __NR_linkat 37
__SYSCALL(__NR_linkat, linkat)
#define __NR_renameat 38
__SYSCALL(__NR_renameat, renameat)
#define __NR_umount2 39
__SYSCALL(__NR_umount2, umount2)
#define __NR_mount 40
__SYSCALL(__NR_mount, mount)
#define __NR_statfs 43
__SYSCALL(__NR_statfs, statfs)
#define __NR_fstatfs 44
__SYSCALL(__NR_fstatfs, fstatfs)
#define __NR_truncate 45
__SYSCALL(__NR_truncate, truncate)
#define __NR_ftruncate 46
__SYSCALL(__NR_ftruncate, ftruncate)
#define __NR_faccessat 48
__SYSCALL(__NR_faccessat, faccessat)
#define __NR_chdir 49
__SYSCALL(__NR_chdir, chdir)
#define __NR_fchdir 50
__SYSCALL(__NR_fchdir, fchdir)
#define __NR_chroot 51
__SYSCALL(__NR_chroot, chroot)
#define __NR_fchmod 52
__SYSCALL(__NR_fchmod, fchmod)
#define __NR_fchmodat 53
__SYSCALL(__NR_fchmodat, fchmodat)
#define __NR_fchownat 54
__SYSCALL(__NR_fchownat, fchownat)
#define __NR_fchown 55
__SYSCALL(__NR_fchown, fchown)
#define __NR_openat 56
__SYSCALL(__NR_openat, openat)
#define __NR_close 57
__SYSCALL(__NR_close, close)
#define __NR_pipe2 59
__SYSCALL(__NR_pipe2, pipe2)
#define __NR_getdents64 61
__SYSCALL(__NR_getdents64, getdents64)
#define __NR_lseek 62
__SYSCALL(__NR_lseek, lseek)
#define __NR_read 63
__SYSCALL(__NR_read, read)
#define __NR_write 64
__SYSCALL(__NR_write, write)
#define __NR_writev 66
__SYSCALL(__NR_writev, writev)
#define __NR_pread64 67
__SYSCALL(__NR_pread64, pread64)
#define __NR_pwrite64 68
__SYSCALL(__NR_pwrite64, pwrite64)
#define __NR_ppoll 73
__SYSCALL(__NR_ppoll, ppoll)
#define __NR_readlinkat 78
__SYSCALL(__NR_readlinkat, readlinkat)
#define __NR_newfstatat 79
__SYSCALL(__NR_newfstatat, newfstatat)
#define __NR_fstat 80
__SYSCALL(__NR_fstat, fstat)
#define __NR_sync 81
__SYSCALL(__NR_sync, sync)
#define __NR_fsync 82
__SYSCALL(__NR_fsync, fsync)
#define __NR_fdatasync 83
__SYSCALL(__NR_fdatasync, fdatasync)
#define __NR_timerfd_create 85
__SYSCALL(__NR_timerfd_create, timerfd_create)
#define __NR_timerfd_settime 86
__SYSCALL(__NR_timerfd_settime, timerfd_settime)
#define __NR_timerfd_gettime 87
__SYSCALL(__NR_timerfd_gettime, timerfd_gettime)
#define __NR_utimensat 88
__SYSCALL(__NR_utimensat, utimensat)
#define __NR_exit 93
__SYSCALL(__NR_exit, exit)
#define __NR_exit_group 94
__SYSCALL(__NR_exit_group, exit_group)
#define __NR_waitid 95
__SYSCALL(__NR_waitid, waitid)
#define __NR_set_tid_address 96
__SYSCALL(__NR_set_tid_address, set_tid_address)
#define __NR_unshare 97
__SYSCALL(__NR_unshare, unshare)
#define __NR_futex 98
__SYSCALL(__NR_futex, futex)
#define __NR_nanosleep 101
__SYSCALL(__NR_nanosleep, nanosleep)
#define __NR_getitimer 102
__SYSCALL(__NR_getitimer, getitimer)
#define __NR_setitimer 103
__SYSCALL(__NR_setitimer, setitimer)
#define __NR_timer_create 107
__SYSCALL(__NR_timer_create, timer_create)
#define __NR_timer_gettime 108
__SYSCALL(__NR_timer_gettime, timer_gettime)
#define __NR_timer_getoverrun 109
__SYSCALL(__NR_timer_getoverrun, timer_getoverrun)
#define __NR_timer_settime 110
__SYSCALL(__NR_timer_settime, timer_settime)
#define __NR_timer_delete 111
__SYSCALL(__NR_timer_delete, timer_delete)
#define __NR_clock_settime 112
__SYSCALL(__NR_clock_settime, clock_settime)
#define __NR_clock_gettime 113
__SYSCALL(__NR_clock_gettime, clock_gettime)
#define __NR_clock_getres 114
__SYSCALL(__NR_clock_getres, clock_getres)
#define __NR_clock_nanosleep 115
__SYSCALL(__NR_clock_nanosleep, clock_nanosleep)
#define __NR_ptrace 117
__SYSCALL(__NR_ptrace, ptrace)
#define __NR_sched_setaffinity 122
__SYSCALL(__NR_sched_setaffinity, sched_setaffinity)
#define __NR_sched_getaffinity 123
__SYSCALL(__NR_sched_getaffinity, sched_getaffinity)
#define __NR_sched_yield 124
__SYSCALL(__NR_sched_yield, sched_yield)
#define __NR_kill 129
__SYSCALL(__NR_kill, kill)
#define __NR_tkill 130
__SYSCALL(__NR_tkill, tkill)
#define __NR_tgkill 131
__SYSCALL(__NR_tgkill, tgkill)
#define __NR_sigaltstack 132
__SYSCALL(__NR_sigaltstack, sigaltstack)
#define __NR_rt_sigsuspend 133
__SYSCALL(__NR_rt_sigsuspend, rt_sigsuspend)
#define __NR_rt_sigaction 134
__SYSCALL(__NR_rt_sigaction, rt_sigaction)
#define __NR_rt_sigprocmask 135
__SYSCALL(__NR_rt_sigprocmask, rt_sigprocmask)
#define __NR_rt_sigpending 136
__SYSCALL(__NR_rt_sigpending, rt_sigpending)
#define __NR_rt_sigreturn 139
__SYSCALL(__NR_rt_sigreturn, rt_sigreturn)
#define __NR_reboot 142
__SYSCALL(__NR_reboot, reboot)
#define __NR_times 153
__SYSCALL(__NR_times, times)
#define __NR_setpgid 154
__SYSCALL(__NR_setpgid, setpgid)
#define __NR_getpgid 155
__SYSCALL(__NR_getpgid, getpgid)
#define __NR_getsid 156
__SYSCALL(__NR_getsid, getsid)
#define __NR_setsid 157
__SYSCALL(__NR_setsid, setsid)
#define __NR_uname 160
__SYSCALL(__NR_uname, uname)
#define __NR_getrlimit 163
__SYSCALL(__NR_getrlimit, getrlimit)
#define __NR_setrlimit 164
__SYSCALL(__NR_setrlimit, setrlimit)
#define __NR_getrusage 165
__SYSCALL(__NR_getrusage, getrusage)
#define __NR_umask 166
__SYSCALL(__NR_umask, umask)
#define __NR_prctl 167
__SYSCALL(__NR_prctl, prctl)
#define __NR_getcpu 168
__SYSCALL(__NR_getcpu, getcpu)
#define __NR_gettimeofday 169
__SYSCALL(__NR_gettimeofday, gettimeofday)
#define __NR_settimeofday 170
__SYSCALL(__NR_settimeofday, settimeofday)
#define __NR_getpid 172
__SYSCALL(__NR_getpid, getpid)
#define __NR_getppid 173
__SYSCALL(__NR_getppid, getppid)
#define __NR_getuid 174
__SYSCALL(__NR_getuid, getuid)
#define __NR_geteuid 175
__SYSCALL(__NR_geteuid, geteuid)
#define __NR_getgid 176
__SYSCALL(__NR_getgid, getgid)
#define __NR_getegid 177
__SYSCALL(__NR_getegid, getegid)
#define __NR_gettid 178
__SYSCALL(__NR_gettid, gettid)
#define __NR_sysinfo 179
__SYSCALL(__NR_sysinfo, sysinfo)
#define __NR_brk 214
__SYSCALL(__NR_brk, brk)
#define __NR_munmap 215
__SYSCALL(__NR_munmap, munmap)
#define __NR_mremap 216
__SYSCALL(__NR_mremap, mremap)
#define __NR_clone 220
__SYSCALL(__NR_clone, clone)
#define __NR_execve 221
__SYSCALL(__NR_execve, execve)
#define __NR_mmap 222
__SYSCALL(__NR_mmap, mmap)
#define __NR_mprotect 226
__SYSCALL(__NR_mprotect, mprotect)
#define __NR_madvise 233
__SYSCALL(__NR_madvise, madvise)
#define __NR_wait4 260
__SYSCALL(__NR_wait4, wait4)
#define __NR_prlimit64 261
__SYSCALL(__NR_prlimit64, prlimit64)
#define __NR_process_vm_readv 270
__SYSCALL(__NR_process_vm_readv, process_vm_readv)
#define __NR_process_vm_writev 271
__SYSCALL(__NR_process_vm_writev, process_vm_writev)
#define __NR_renameat2 276
__SYSCALL(__NR_renameat2, renameat2)
#define __NR_getrandom 278
__SYSCALL(__NR_getrandom, getrandom)
#define __NR_statx 291
__SYSCALL(__NR_statx, statx)
#include <uapi/linux/unistd_shared.h>
/* clang-format on */

#ifdef __SYSCALL_EMPTY
#undef __SYSCALL
#undef __SYSCALL_EMPTY
#endif

#endif
