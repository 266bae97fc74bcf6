// SPDX-License-Identifier: MIT
/*
 * Wrappers for pipes, descriptors, poll and getrandom. Where an
 * architecture lacks a call (arm64 has no pipe, dup2 or poll), the wrapper
 * uses the newer one, as musl does.
 */
#include "../internal.h"
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <sys/random.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define RET(x) __syscall_ret(x)

int pipe2(int fds[2], int flags)
{
	return (int)RET(syscall6(__NR_pipe2, (long)fds, flags, 0, 0, 0, 0));
}

int pipe(int fds[2])
{
	return pipe2(fds, 0);
}

int dup(int fd)
{
	return (int)RET(syscall6(__NR_dup, fd, 0, 0, 0, 0, 0));
}

int dup3(int oldfd, int newfd, int flags)
{
	return (int)RET(syscall6(__NR_dup3, oldfd, newfd, flags, 0, 0, 0));
}

int dup2(int oldfd, int newfd)
{
#ifdef __NR_dup2
	return (int)RET(syscall6(__NR_dup2, oldfd, newfd, 0, 0, 0, 0));
#else
	if (oldfd == newfd)
		return fcntl(oldfd, F_GETFD) < 0 ? -1 : newfd;
	return dup3(oldfd, newfd, 0);
#endif
}

int fcntl(int fd, int cmd, ...)
{
	va_list ap;
	long arg;

	va_start(ap, cmd);
	arg = va_arg(ap, long);
	va_end(ap);
	return (int)RET(syscall6(__NR_fcntl, fd, cmd, arg, 0, 0, 0));
}

int ppoll(struct pollfd *fds, unsigned long nfds, const struct timespec *ts,
	  const unsigned long *mask)
{
	return (int)RET(
		syscall6(__NR_ppoll, (long)fds, (long)nfds, (long)ts, (long)mask, mask ? 8 : 0, 0));
}

int poll(struct pollfd *fds, unsigned long nfds, int timeout_ms)
{
#ifdef __NR_poll
	return (int)RET(syscall6(__NR_poll, (long)fds, (long)nfds, timeout_ms, 0, 0, 0));
#else
	struct timespec ts = { timeout_ms / 1000, (timeout_ms % 1000) * 1000000L };

	return ppoll(fds, nfds, timeout_ms >= 0 ? &ts : NULL, NULL);
#endif
}

ssize_t getrandom(void *buf, size_t len, unsigned int flags)
{
	return RET(syscall6(__NR_getrandom, (long)buf, (long)len, flags, 0, 0, 0));
}

void *mremap(void *old, size_t old_len, size_t new_len, int flags, ...)
{
	va_list ap;
	void *new_addr;

	va_start(ap, flags);
	new_addr = va_arg(ap, void *);
	va_end(ap);
	return (void *)RET(syscall6(__NR_mremap, (long)old, (long)old_len, (long)new_len, flags,
				    (long)new_addr, 0));
}
