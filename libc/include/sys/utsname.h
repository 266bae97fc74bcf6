/* SPDX-License-Identifier: MIT */
/* uname(2): six NUL-terminated fields of 65 bytes (Linux struct new_utsname). */
#ifndef SYS_UTSNAME_H
#define SYS_UTSNAME_H

#define UTSNAME_LEN 65

struct utsname {
	char sysname[UTSNAME_LEN];
	char nodename[UTSNAME_LEN];
	char release[UTSNAME_LEN];
	char version[UTSNAME_LEN];
	char machine[UTSNAME_LEN];
	char domainname[UTSNAME_LEN];
};

int uname(struct utsname *u);

#endif
