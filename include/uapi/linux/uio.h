/* SPDX-License-Identifier: MIT */
/* writev()'s vector (include/uapi/linux/uio.h). */
#ifndef UAPI_LINUX_UIO_H
#define UAPI_LINUX_UIO_H

struct iovec {
	void *iov_base;
	unsigned long iov_len;
};

#endif
