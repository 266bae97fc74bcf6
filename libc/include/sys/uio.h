/* SPDX-License-Identifier: MIT */
/* writev(2); struct iovec is <uapi/linux/uio.h>'s. */
#ifndef SYS_UIO_H
#define SYS_UIO_H

#include <sys/types.h>
#include <uapi/linux/uio.h>

ssize_t writev(int fd, const struct iovec *iov, int iovcnt);

#endif
