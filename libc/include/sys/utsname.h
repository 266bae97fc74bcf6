/* SPDX-License-Identifier: MIT */
/*
 * uname(2). struct utsname is POSIX's name for the kernel's struct
 * new_utsname (<uapi/linux/utsname.h>): the same six fields.
 */
#ifndef SYS_UTSNAME_H
#define SYS_UTSNAME_H

#include <uapi/linux/utsname.h>

#define UTSNAME_LEN (__NEW_UTS_LEN + 1)

struct utsname {
	char sysname[UTSNAME_LEN];
	char nodename[UTSNAME_LEN];
	char release[UTSNAME_LEN];
	char version[UTSNAME_LEN];
	char machine[UTSNAME_LEN];
	char domainname[UTSNAME_LEN];
};

_Static_assert(sizeof(struct utsname) == sizeof(struct new_utsname), "the kernel's layout");

int uname(struct utsname *u);

#endif
