/* SPDX-License-Identifier: MIT */
/* getrandom() flags (include/uapi/linux/random.h). */
#ifndef UAPI_LINUX_RANDOM_H
#define UAPI_LINUX_RANDOM_H

#define GRND_NONBLOCK 0x0001
#define GRND_RANDOM 0x0002
#define GRND_INSECURE 0x0004

#endif
