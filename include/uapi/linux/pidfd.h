/* SPDX-License-Identifier: MIT */
/* pidfd_open() flags (include/uapi/linux/pidfd.h). */
#ifndef UAPI_LINUX_PIDFD_H
#define UAPI_LINUX_PIDFD_H

#include <uapi/linux/fcntl.h>

#define PIDFD_NONBLOCK O_NONBLOCK
#define PIDFD_THREAD O_EXCL /* Linux 6.9; Umbra answers EINVAL, as older kernels */

#endif
