/* SPDX-License-Identifier: MIT */
/* getrandom(); the GRND_* flags are <uapi/linux/random.h>'s. */
#ifndef SYS_RANDOM_H
#define SYS_RANDOM_H

#include <sys/types.h>
#include <uapi/linux/random.h>

ssize_t getrandom(void *buf, size_t len, unsigned int flags);

#endif
