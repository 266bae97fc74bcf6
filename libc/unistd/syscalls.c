// SPDX-License-Identifier: MIT
/*
 * Thin system call wrappers: one raw call each, the result passed through
 * __syscall_ret() so failures come back as -1 with errno set.
 */
#include "../internal.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_ERRNO 4095

int *__errno_location(void)
{
	return &((struct tcb *)arch_thread_pointer())->err;
}

long __syscall_ret(long r)
{
	if ((unsigned long)r > (unsigned long)-MAX_ERRNO - 1) {
		errno = (int)-r;
		return -1;
	}
	return r;
}

#define RET(x) __syscall_ret(x)

long syscall(long n, ...)
{
	va_list ap;
	long a[6];

	va_start(ap, n);
	for (int i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	return RET(syscall6(n, a[0], a[1], a[2], a[3], a[4], a[5]));
}

ssize_t read(int fd, void *buf, size_t n)
{
	return RET(syscall3(__NR_read, fd, (long)buf, (long)n));
}

ssize_t write(int fd, const void *buf, size_t n)
{
	return RET(syscall3(__NR_write, fd, (long)buf, (long)n));
}

ssize_t writev(int fd, const struct iovec *iov, int iovcnt)
{
	return RET(syscall3(__NR_writev, fd, (long)iov, iovcnt));
}

int openat(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode = 0;

	if (flags & O_CREAT) {
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	return (int)RET(syscall4(__NR_openat, dirfd, (long)path, flags, mode));
}

int open(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode = 0;

	if (flags & O_CREAT) {
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	return openat(AT_FDCWD, path, flags, mode);
}

int close(int fd)
{
	return (int)RET(syscall1(__NR_close, fd));
}

pid_t getpid(void)
{
	return (pid_t)syscall0(__NR_getpid);
}

pid_t getppid(void)
{
	return (pid_t)syscall0(__NR_getppid);
}

pid_t gettid(void)
{
	return (pid_t)syscall0(__NR_gettid);
}

uid_t getuid(void)
{
	return (uid_t)syscall0(__NR_getuid);
}

uid_t geteuid(void)
{
	return (uid_t)syscall0(__NR_geteuid);
}

gid_t getgid(void)
{
	return (gid_t)syscall0(__NR_getgid);
}

gid_t getegid(void)
{
	return (gid_t)syscall0(__NR_getegid);
}

int uname(struct utsname *u)
{
	return (int)RET(syscall1(__NR_uname, (long)u));
}

long clone3(struct clone_args *args, size_t size)
{
	return RET(syscall2(__NR_clone3, (long)args, (long)size));
}

int kill(pid_t pid, int sig)
{
	return (int)RET(syscall2(__NR_kill, pid, sig));
}

int tgkill(pid_t tgid, pid_t tid, int sig)
{
	return (int)RET(syscall3(__NR_tgkill, tgid, tid, sig));
}

int sched_yield(void)
{
	return (int)RET(syscall0(__NR_sched_yield));
}

int nanosleep(const struct timespec *req, struct timespec *rem)
{
	return (int)RET(syscall2(__NR_nanosleep, (long)req, (long)rem));
}

/* Through the vDSO where there is one: its result is the system call's (0 or -errno). */
int clock_gettime(clockid_t clk, struct timespec *ts)
{
	if (__vdso_clock_gettime)
		return (int)RET(__vdso_clock_gettime(clk, ts));
	return (int)RET(syscall2(__NR_clock_gettime, clk, (long)ts));
}

long long monotonic_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) < 0)
		return -1;
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

long futex(volatile uint32_t *uaddr, int op, uint32_t val, const struct timespec *timeout)
{
	return RET(syscall6(__NR_futex, (long)uaddr, op, val, (long)timeout, 0, 0));
}

int set_tid_address(int *tidptr)
{
	return (int)syscall1(__NR_set_tid_address, (long)tidptr);
}

int prlimit64(pid_t pid, int resource, const struct rlimit *new_rl, struct rlimit *old_rl)
{
	return (int)RET(syscall4(__NR_prlimit64, pid, resource, (long)new_rl, (long)old_rl));
}

int getrlimit(int resource, struct rlimit *rl)
{
	return (int)RET(syscall2(__NR_getrlimit, resource, (long)rl));
}

int setrlimit(int resource, const struct rlimit *rl)
{
	return (int)RET(syscall2(__NR_setrlimit, resource, (long)rl));
}

int prctl(int option, unsigned long arg2, unsigned long arg3, unsigned long arg4,
	  unsigned long arg5)
{
	return (int)RET(
		syscall5(__NR_prctl, option, (long)arg2, (long)arg3, (long)arg4, (long)arg5));
}

int reboot(int magic1, int magic2, unsigned int cmd, void *arg)
{
	return (int)RET(syscall4(__NR_reboot, magic1, magic2, cmd, (long)arg));
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return (void *)RET(syscall6(__NR_mmap, (long)addr, (long)len, prot, flags, fd, off));
}

int munmap(void *addr, size_t len)
{
	return (int)RET(syscall2(__NR_munmap, (long)addr, (long)len));
}

int mprotect(void *addr, size_t len, int prot)
{
	return (int)RET(syscall3(__NR_mprotect, (long)addr, (long)len, prot));
}

int madvise(void *addr, size_t len, int advice)
{
	return (int)RET(syscall3(__NR_madvise, (long)addr, (long)len, advice));
}

void *map_shadow_stack(void *addr, size_t size, unsigned int flags)
{
	return (void *)RET(syscall3(__NR_map_shadow_stack, (long)addr, (long)size, flags));
}

void *sys_brk(void *addr)
{
	return (void *)syscall1(__NR_brk, (long)addr);
}

int brk(void *addr)
{
	if (sys_brk(addr) != addr) {
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

void *sbrk(intptr_t delta)
{
	char *old = sys_brk(0);

	if (delta == 0)
		return old;
	if (sys_brk(old + delta) != old + delta) {
		errno = ENOMEM;
		return (void *)-1;
	}
	return old;
}

int sysinfo(struct sysinfo *info)
{
	return (int)RET(syscall1(__NR_sysinfo, (long)info));
}

pid_t wait4(pid_t pid, int *status, int options, struct rusage *ru)
{
	return (pid_t)RET(syscall4(__NR_wait4, pid, (long)status, options, (long)ru));
}

pid_t waitpid(pid_t pid, int *status, int options)
{
	return wait4(pid, status, options, NULL);
}

int waitid(int idtype, pid_t id, siginfo_t *info, int options)
{
	return (int)RET(syscall5(__NR_waitid, idtype, id, (long)info, options, 0));
}

int execve(const char *path, char *const argv[], char *const envp[])
{
	return (int)RET(syscall3(__NR_execve, (long)path, (long)argv, (long)envp));
}
