/* SPDX-License-Identifier: MIT */
/*
 * System call handlers. Each takes the six argument registers as the arch
 * saved them (a[0] is the first argument) and returns a value or -errno,
 * exactly as Linux's. The arch's table maps its numbers to these
 * (arch/<arch>/syscall_table.c); unknown numbers give -ENOSYS.
 */
#ifndef KERNEL_SYSCALLS_H
#define KERNEL_SYSCALLS_H

#include <kernel/types.h>

typedef long (*syscall_fn_t)(const unsigned long a[6]);

#define SYSCALL(name) long sys_##name(const unsigned long a[6])

/* Runs syscall nr; called by the arch entry code. */
long syscall_dispatch(unsigned long nr, const unsigned long a[6]);

/*
 * True when call nr runs without big_lock (<kernel/syscall_unlocked.h>):
 * the arch's entry then neither takes it nor runs the return-to-user loop.
 */
bool syscall_runs_unlocked(unsigned long nr);

extern const syscall_fn_t arch_syscall_table[];
extern const unsigned long arch_nr_syscalls;

SYSCALL(read);
SYSCALL(write);
SYSCALL(writev);
SYSCALL(openat);
SYSCALL(open);
SYSCALL(close);
/* the file tree (kernel/fs/open.c, stat.c, namei_calls.c, cwd.c, attr.c, dir.c) */
SYSCALL(creat);
SYSCALL(newfstatat);
SYSCALL(stat);
SYSCALL(lstat);
SYSCALL(fstat);
SYSCALL(statx);
SYSCALL(statfs);
SYSCALL(fstatfs);
SYSCALL(mkdirat);
SYSCALL(mkdir);
SYSCALL(mknodat);
SYSCALL(mknod);
SYSCALL(rmdir);
SYSCALL(unlink);
SYSCALL(unlinkat);
SYSCALL(symlinkat);
SYSCALL(symlink);
SYSCALL(linkat);
SYSCALL(link);
SYSCALL(renameat2);
SYSCALL(renameat);
SYSCALL(rename);
SYSCALL(readlinkat);
SYSCALL(readlink);
SYSCALL(chdir);
SYSCALL(chroot);
SYSCALL(fchdir);
SYSCALL(getcwd);
SYSCALL(umask);
SYSCALL(fchmodat);
SYSCALL(fchmodat2);
SYSCALL(chmod);
SYSCALL(fchmod);
SYSCALL(fchownat);
SYSCALL(chown);
SYSCALL(lchown);
SYSCALL(fchown);
SYSCALL(truncate);
SYSCALL(ftruncate);
SYSCALL(utimensat);
SYSCALL(faccessat2);
SYSCALL(faccessat);
SYSCALL(access);
SYSCALL(fsync);
SYSCALL(fdatasync);
SYSCALL(sync);
SYSCALL(getdents64);
SYSCALL(ioctl);
SYSCALL(mmap);
SYSCALL(munmap);
SYSCALL(mprotect);
SYSCALL(madvise);
SYSCALL(brk);
SYSCALL(exit);
SYSCALL(exit_group);
SYSCALL(getpid);
SYSCALL(getppid);
SYSCALL(gettid);
SYSCALL(getuid);
SYSCALL(geteuid);
SYSCALL(getgid);
SYSCALL(getegid);
SYSCALL(uname);
SYSCALL(sysinfo);
SYSCALL(clone3);
SYSCALL(fork);
SYSCALL(vfork);
SYSCALL(execve);
SYSCALL(wait4);
SYSCALL(waitid);
SYSCALL(kill);
/* process groups and sessions (kernel/proc/pgrp.c) */
SYSCALL(setpgid);
SYSCALL(getpgid);
SYSCALL(getpgrp);
SYSCALL(setsid);
SYSCALL(getsid);
SYSCALL(tgkill);
SYSCALL(tkill);
SYSCALL(rt_sigprocmask);
SYSCALL(rt_sigaction);
SYSCALL(rt_sigpending);
SYSCALL(rt_sigsuspend);
SYSCALL(pause);
SYSCALL(rt_sigreturn);
SYSCALL(sigaltstack);
SYSCALL(sched_yield);
SYSCALL(nanosleep);
SYSCALL(clock_gettime);
SYSCALL(clock_settime);
SYSCALL(clock_getres);
SYSCALL(gettimeofday);
SYSCALL(settimeofday);
SYSCALL(time);
SYSCALL(times);
SYSCALL(getrusage);
SYSCALL(getitimer);
SYSCALL(setitimer);
SYSCALL(alarm);
/* POSIX timers and timerfds (kernel/time/posix_timers.c, timerfd.c) */
SYSCALL(timer_create);
SYSCALL(timer_settime);
SYSCALL(timer_gettime);
SYSCALL(timer_getoverrun);
SYSCALL(timer_delete);
SYSCALL(timerfd_create);
SYSCALL(timerfd_settime);
SYSCALL(timerfd_gettime);
SYSCALL(clock_nanosleep);
SYSCALL(futex);
SYSCALL(set_tid_address);
SYSCALL(unshare);
SYSCALL(prlimit64);
SYSCALL(getrlimit);
SYSCALL(setrlimit);
SYSCALL(reboot);
SYSCALL(map_shadow_stack);
SYSCALL(prctl);
SYSCALL(pipe);
SYSCALL(pipe2);
SYSCALL(dup);
SYSCALL(dup2);
SYSCALL(dup3);
SYSCALL(fcntl);
SYSCALL(poll);
SYSCALL(ppoll);
SYSCALL(pidfd_open);
SYSCALL(pidfd_send_signal);
SYSCALL(mount);
SYSCALL(umount2);
SYSCALL(mremap);
SYSCALL(getrandom);
SYSCALL(sched_getaffinity);
SYSCALL(sched_setaffinity);
SYSCALL(getcpu);
SYSCALL(ptrace);
SYSCALL(process_vm_readv);
SYSCALL(process_vm_writev);
SYSCALL(lseek);
SYSCALL(pread64);
SYSCALL(pwrite64);

#endif
