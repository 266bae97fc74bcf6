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
#include <uapi/linux/sysinfo.h>
#include <uapi/linux/time.h>
#include <uapi/linux/uio.h>
#include <uapi/linux/utsname.h>
#include <uapi/linux/wait.h>

/*
 * waitid()'s siginfo, only the fields SIGCHLD uses (128 bytes in all): the
 * kernel's view; libc's siginfo_t (<signal.h>) is the same bytes.
 */
struct siginfo_chld {
	int si_signo;
	int si_errno;
	int si_code;
	int pad0;
	int si_pid;
	unsigned int si_uid;
	int si_status;
	int pad1;
	long si_utime;
	long si_stime;
	char pad2[128 - 48];
};

#endif
