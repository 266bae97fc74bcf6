/* SPDX-License-Identifier: MIT */
#ifndef SYS_UIO_H
#define SYS_UIO_H

#include <sys/types.h>

struct iovec {
	void *iov_base;
	size_t iov_len;
};

ssize_t writev(int fd, const struct iovec *iov, int iovcnt);

#endif
