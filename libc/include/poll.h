/* SPDX-License-Identifier: MIT */
/* poll()/ppoll(); struct pollfd and POLL* are <uapi/linux/poll.h>'s. */
#ifndef POLL_H
#define POLL_H

#include <time.h>
#include <uapi/linux/poll.h>

int poll(struct pollfd *fds, unsigned long nfds, int timeout_ms);
int ppoll(struct pollfd *fds, unsigned long nfds, const struct timespec *ts,
	  const unsigned long *mask); /* mask: a 64-bit signal set, or NULL */

#endif
