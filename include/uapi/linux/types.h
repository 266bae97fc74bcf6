/* SPDX-License-Identifier: MIT */
/*
 * Every structure and constant the generic system calls exchange with user
 * space, for the kernel files that want them all; each has its own header,
 * named as Linux's include/uapi/linux/ names it.
 */
#ifndef UAPI_LINUX_TYPES_H
#define UAPI_LINUX_TYPES_H

#include <uapi/linux/auxvec.h>
#include <uapi/linux/fcntl.h>
#include <uapi/linux/futex.h>
#include <uapi/linux/reboot.h>
#include <uapi/linux/resource.h>
#include <uapi/linux/signal.h>
#include <uapi/linux/sysinfo.h>
#include <uapi/linux/time.h>
#include <uapi/linux/uio.h>
#include <uapi/linux/utsname.h>
#include <uapi/linux/wait.h>

#endif
